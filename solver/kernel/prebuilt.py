"""The kernel compiled while the package is built: the first solve after ``pip install .`` loads it.

Compiling the kernel takes most of a minute, which a new user would meet
as the first answer's wait. So the package's build (``setup.py``'s
``build_py``) runs :mod:`huolong.solver.prebuild` in a process of its own, on the machine it
installs on, and ships what Numba cached as package data in ``prebuilt/``
with a manifest of what it was compiled from.

Numba cannot load those files as they are: each cache index is stamped
with its source file's modification time and size, and installing a wheel
gives every file a new modification time. So at import (:func:`adopt`) the
kernel copies the prebuilt files into its own cache directory, once, and
writes each index again with the installed source's stamp — but only when
they were compiled from these very sources, by this Numba and llvmlite, for
this Python and this NumPy major version. Anything else (another machine's
build, another CPU) costs nothing but the compile it would have cost
anyway: Numba keys every entry on the CPU it was compiled for and compiles
on first use what does not fit. ``HUOLONG_SOLVE_PREBUILT=0`` ignores the
prebuilt files (the tests of compiling from an empty cache set it), and
the same at build time skips the compile.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import sys
from pathlib import Path
from typing import Any

import llvmlite
import numba
import numpy as np

from . import cache_lock, cache_paths, dispatchers, source_stamp, write_atomically

PREBUILT = Path(__file__).parent / "prebuilt"
MANIFEST = "manifest.json"
ADOPTED_FILE = "huolong-kernel.adopted"
SWITCH = "HUOLONG_SOLVE_PREBUILT"  # "0": neither build nor adopt


def enabled() -> bool:
    return os.environ.get(SWITCH, "1") != "0"


def compiled_from() -> dict[str, Any]:
    """What a cache depends on besides the CPU (which Numba checks entry by entry)."""
    return {"stamp": source_stamp(), "numba": numba.__version__, "llvmlite": llvmlite.__version__,
            "numpy": np.__version__.split(".")[0], "python": list(sys.version_info[:2])}


def save(target: Path) -> int:
    """Copy what this process's Numba cache holds of the kernel to ``target``, with a manifest; how
    many files (:mod:`huolong.solver.prebuild` compiles first, into an empty cache)."""
    target.mkdir(parents=True, exist_ok=True)
    copied = 0
    for path in cache_paths():
        for cached in sorted([*path.glob("*.nbi"), *path.glob("*.nbc")]):
            shutil.copy2(cached, target / cached.name)
            copied += 1
    (target / MANIFEST).write_text(json.dumps(compiled_from(), indent=1) + "\n")
    return copied


def fits(manifest: dict[str, Any]) -> bool:
    """Whether a cache compiled from ``manifest`` can be loaded here: the same kernel sources, Numba,
    llvmlite, Python and NumPy major version (the CPU is Numba's to check)."""
    return manifest == compiled_from()


def _manifest() -> dict[str, Any] | None:
    try:
        return json.loads((PREBUILT / MANIFEST).read_text())
    except (OSError, ValueError):
        return None


def _adopted(path: Path, stamp: str) -> bool:
    try:
        return (path / ADOPTED_FILE).read_text() == stamp
    except OSError:
        return False


def adopt() -> int:
    """Copy the prebuilt kernel into this machine's cache if it was compiled from what runs here and
    the cache does not hold it yet; how many functions it adopted (0: nothing to do, or it does not fit)."""
    manifest = _manifest()
    if manifest is None or not enabled():
        return 0
    here = compiled_from()
    if manifest != here:  # as fits(), with the stamp hashed once
        return 0
    paths = cache_paths()
    if not paths or all(_adopted(path, here["stamp"]) for path in paths):
        return 0
    adopted = 0
    with cache_lock():
        for dispatcher in dispatchers():
            adopted += _adopt_one(dispatcher)
        for path in paths:
            try:
                write_atomically(path / ADOPTED_FILE, here["stamp"].encode())
            except OSError:
                pass  # an unwritable cache: Numba compiles in memory every time, as without the prebuilt files
    return adopted


def _adopt_one(dispatcher: Any) -> int:
    cache = getattr(dispatcher, "_cache", None)
    index_file = getattr(cache, "_cache_file", None)
    if index_file is None:
        return 0
    prebuilt_index = PREBUILT / index_file._index_name
    if not prebuilt_index.exists() or os.path.exists(index_file._index_path):
        return 0  # nothing prebuilt for it, or this machine's cache already has its own entries
    try:
        with open(prebuilt_index, "rb") as f:
            version = pickle.load(f)
            _stamp, overloads = pickle.loads(f.read())
        if version != numba.__version__:
            return 0
        cache_path = Path(index_file._cache_path)
        cache_path.mkdir(parents=True, exist_ok=True)
        for data_name in overloads.values():
            write_atomically(cache_path / data_name, (PREBUILT / data_name).read_bytes())
        index_file._save_index(overloads)  # Numba's own writer, with the installed source's stamp
    except Exception:  # noqa: BLE001 — a prebuilt file that cannot be read is a compile, never an error
        return 0
    return 1

