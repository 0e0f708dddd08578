"""The package build's step: compile every kernel for this machine and keep Numba's cache to ship.

``setup.py`` runs :func:`main` in a process of its own whose
``NUMBA_CACHE_DIR`` is an empty folder, then the build packs the folder it
names as ``huolong/solver/kernel/prebuilt/``; the installed kernel adopts
it at its first import (:mod:`huolong.solver.kernel.prebuilt`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from .jobs import prepare
from .kernel import prebuilt


def main(argv: list[str]) -> int:
    """``main([TARGET])``: compile the search and the playouts, then copy the cache to TARGET."""
    if len(argv) != 1:
        print("usage: main([TARGET])", file=sys.stderr)
        return 2
    prepare("search", "playout")
    copied = prebuilt.save(Path(argv[0]))
    print(f"huolong-solve: compiled the solver's kernel for this machine ({copied} cache files)")
    return 0
