"""The three ways the kernel's functions are compiled, chosen for compile time.

Numba compiles each jitted function into a library of its own, and every
library that calls it links its code in and optimises and emits the whole
of it again. So:

``driver``  called from Python: with a CPython wrapper, releasing the GIL
            (a watching thread can stop it). Few: each re-optimises all
            the code it reaches.
``helper``  called only from kernel functions: no CPython or C wrapper
            (they unbox every argument; they were a quarter of the
            compile time).
``inline``  a few lines, or glue between drivers and the search: inlined
            into the caller's Numba IR, so it costs no library of its own.
            Only for small bodies — a large one would be copied into every
            call site.

All are cached on disk, keyed on the package's sources (see
:mod:`huolong.solver.kernel`).
"""

from __future__ import annotations

from numba import njit

driver = njit(cache=True, nogil=True, no_cfunc_wrapper=True)
helper = njit(cache=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
inline = njit(cache=True, inline="always", no_cpython_wrapper=True, no_cfunc_wrapper=True)
