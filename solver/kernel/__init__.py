"""The jitted double-dummy search: flat functions over arrays, one concern a module.

Modules, after DDS's source layout:

=============  ===================================================================
``layout``     every index into the arrays shared with Python, named; their builders
``bits``       popcount / lowest / highest bit (LLVM intrinsics); hand and move-code primitives
``twins``      kinds the mover may swap in every line of play
``moves``      move generation, equivalent plays merged, move ordering
``dominance``  plays a twin play dominates in points
``smallcards`` small cards a searched play's result did not tell apart: one searched, the rest skipped
``tricks``     plays onto the table and back, trick winners, leaf values
``table``      keys, classes of positions (partition search), store, probe
``quasi``      quasi-classes: a class's bounds moved to positions whose loose cards are worth other points
``endings``    the last one, two or three tricks played out
``fourcards``  four cards a hand: the ways to answer a unit led
``bounds``     sure tricks
``settle``     a trick start settled without a search: bounds, table, the last tricks played out
``search``     the alpha-beta and MTD(f)
``bot``        the playout bot
``root``       the driver of a solve: the root plays, each one's value, the best line
``playout``    the driver of whole hands: the bot, then the search
``jit``        how each function is compiled (a driver, a helper, or inlined)
=============  ===================================================================

State of a search
-----------------
Hands are uint64 bitboards over 54 card *kinds* renumbered per hand so
that every effective suit is a run of bits, weakest first (``h[seat,
plane]``, plane p set when the seat holds more than p copies); tricks are
rows of kinds (``tr``). The constants of one hand (``K``) come from
:mod:`huolong.solver.encode`: each kind's effective suit, trick power and
points, the kinds of equal power, each suit's kinds, the leaf values of a
finished hand, and Zobrist keys made from a fixed seed.

Values are whatever the leaf table says; the attackers maximise them. The
leaf is monotone in points and in the dig, which the trick-start bounds
rely on. The transposition table stores, at trick starts only, bounds on
``value − leaf[0, points // 5]`` for classes of positions (partition search,
DDS's "winning ranks"): per suit the top live kinds, in relative ranks, down
to the weakest whose rank decided a trick below (and every kind with points,
copies or ties), and for the smaller cards only how many each seat holds.

The cache
---------
Numba caches each function on disk and invalidates it only when the
function's *own* file changes, while a caller's cached code has its
callees' code (and every module constant it read) compiled in. So the
kernel keys its cache on all of its sources: at import, a hash of this
package's modules and the Numba version is compared with the stamp kept in
the cache directory, and on a difference every kernel function's cache
index is emptied before anything compiles. ``NUMBA_CACHE_DIR`` moves the
cache as usual.

Processes started together (the board's workers, a pool's) compile once: a
driver's first call in a process compiles it or loads it from the cache
under a lock on a file in the cache directory (:func:`load`), so the first
process compiles and saves while the others wait, then load what it saved.
Emptying a stale cache takes the same lock, so it never deletes what
another process is saving.

Compile time: ``inline="always"`` only for bodies of a few lines (Numba's IR
inlining copies the callee into each call site; see :mod:`.jit` for which
functions are drivers, helpers or inlined), and no integer literal passed
to a jitted helper (each literal value would compile a copy of its own):
every function has exactly one signature.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import numba
from numba.core.registry import CPUDispatcher

from . import (
    bits, bot, bounds, dominance, endings, fourcards, jit, layout, moves, playout, quasi, root, search, settle,
    smallcards, table, tricks, twins,
)

MODULES = (
    layout, jit, bits, twins, moves, dominance, smallcards, tricks, quasi, table, endings, fourcards, bounds, settle,
    search, bot, root, playout,
)
STAMP_FILE = "huolong-kernel.stamp"
LOCK_FILE = "huolong-kernel.lock"


def dispatchers() -> list[CPUDispatcher]:
    """Every jitted function of the kernel."""
    return [value for module in MODULES for value in vars(module).values()
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == module.__name__]


def source_stamp() -> str:
    """A hash of the kernel's sources and the Numba version: what its cache was compiled from."""
    digest = hashlib.sha256(numba.__version__.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cache_paths() -> list[Path]:
    """Where Numba keeps this package's cache (one directory for the package's folder, in practice)."""
    return sorted({Path(d._cache.cache_path) for d in dispatchers() if getattr(d, "_cache", None) is not None})


def _lock_file(handle: IO[bytes]) -> None:
    """Wait for the exclusive lock on an open file (any process, any thread: ``flock`` locks belong
    to the open file, not to the process)."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt
        import time

        handle.seek(0)  # every process locks the same first byte
        while True:
            try:
                msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)  # tries for 10 s, then raises
                return
            except OSError:
                time.sleep(0.1)
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)


_holding = threading.local()  # how deep this thread is in cache_lock (it may be taken again inside)


@contextmanager
def cache_lock() -> Iterator[None]:
    """This machine's lock on the kernel's cache, held while a process compiles or loads a driver or
    empties a stale cache; a thread holding it may take it again. Without a writable cache directory
    there is nothing to share: no lock."""
    depth = getattr(_holding, "depth", 0)
    handle = _open_lock_file() if depth == 0 else None
    _holding.depth = depth + 1
    try:
        if handle is None:
            yield
            return
        with handle:  # closing the file releases the lock
            _lock_file(handle)
            yield
    finally:
        _holding.depth = depth


def _open_lock_file() -> IO[bytes] | None:
    paths = cache_paths()
    if not paths:
        return None
    try:
        paths[0].mkdir(parents=True, exist_ok=True)
        return open(paths[0] / LOCK_FILE, "a+b")  # the caller closes it
    except OSError:
        return None


def load(driver: Any, args: tuple) -> None:
    """Compile ``driver`` for ``args``, or load it from the cache, before its first call in this
    process, under :func:`cache_lock`: of processes started together with an empty cache one
    compiles, and the others wait for it and load what it saved instead of compiling again."""
    overloads = getattr(driver, "overloads", None)  # None: not jitted (NUMBA_DISABLE_JIT)
    if overloads is None or overloads:  # each kernel function has one signature: this is it
        return
    with cache_lock():
        driver.compile(tuple(driver.typeof_pyval(a) for a in args))


def _is_stale(stamp: str) -> bool:
    stale = False
    for path in cache_paths():
        try:
            stale |= (path / STAMP_FILE).read_text() != stamp
        except OSError:
            stale = True
    return stale


def refresh_cache() -> bool:
    """Empty the kernel's cache when it was compiled from other sources; True if it did.

    Every cached function of the package's folder goes, not only those
    listed in :data:`MODULES`: Numba names a folder's cache after the folder.
    The check is made again under :func:`cache_lock`: another process may have
    refreshed the cache, and be compiling into it, meanwhile.
    """
    stamp = source_stamp()
    if not _is_stale(stamp):
        return False
    with cache_lock():
        if not _is_stale(stamp):
            return False
        _empty_cache(stamp)
    return True


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file of the cache so that another process reads all of it or none (the kernel imports
    nothing of the engine, whose writer this would otherwise be)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _empty_cache(stamp: str) -> None:
    for path in cache_paths():
        try:
            for cached in [*path.glob("*.nbi"), *path.glob("*.nbc")]:
                cached.unlink(missing_ok=True)
            path.mkdir(parents=True, exist_ok=True)
            write_atomically(path / STAMP_FILE, stamp.encode())
        except OSError:
            pass  # an unwritable cache directory: Numba will not save there either


refresh_cache()

from . import prebuilt  # noqa: E402 — it uses the functions above

prebuilt.adopt()
