"""The three ways the kernel's functions are compiled, chosen for compile time
and for the cost of a call.

Numba compiles each jitted function into a library of its own, and every
library that calls it links its code in and optimises and emits the whole
of it again. So:

``driver``  called from Python: with a CPython wrapper, releasing the GIL
            (a watching thread can stop it). Few: each re-optimises all
            the code it reaches. Drivers, and the ``inline`` glue in them,
            own every array the kernel allocates.
``helper``  called only from kernel functions: no CPython or C wrapper
            (they unbox every argument; they were a quarter of the
            compile time), and no reference counting (Numba's runtime,
            NRT, is off), so a helper never allocates. With it on, each
            call counted every array argument — the 13 arrays of the
            constants tuple ``K`` among them — up on entry and down on
            exit, each count an atomic operation in a call Numba cannot
            inline: half the time of a search (bench/RESULTS.md, session 8).
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
helper = njit(cache=True, no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False)
inline = njit(cache=True, inline="always", no_cpython_wrapper=True, no_cfunc_wrapper=True)
