"""The package build's step: compile the search for this machine and keep Numba's cache to ship.

Only the search, which every first answer needs (a solve, a hint, the board's values): the playouts
add a few seconds on their first use (``play``'s computer seats, ``bury``, the board's workers), less
than compiling them here would add to every install (bench/RESULTS.md, "First-call cost").

``setup.py`` runs :func:`main` in a process of its own whose
``NUMBA_CACHE_DIR`` is an empty folder, then the build packs the folder it
names as ``huolong/solver/kernel/prebuilt/``; the installed kernel adopts
it at its first import (:mod:`huolong.solver.kernel.prebuilt`).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from .jobs import prepare
from .kernel import prebuilt


def main(argv: list[str]) -> int:
    """``main([TARGET])``: compile the search, then copy the cache to TARGET."""
    if len(argv) != 1:
        print("usage: main([TARGET])", file=sys.stderr)
        return 2
    started = time.perf_counter()
    prepare("search")
    copied = prebuilt.save(Path(argv[0]))
    print(f"huolong-solve: compiled the solver's kernel for this machine in {time.perf_counter() - started:.1f} s "
          f"({copied} cache files)")
    return 0
