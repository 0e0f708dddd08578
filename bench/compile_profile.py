"""Where the kernel's first call spends its compile time, function by function.

Numba reports each compilation as a ``numba:compile`` event (with the
dispatcher) and each stretch of LLVM work as ``numba:llvm_lock``; nested
compilations are the callees a caller's type inference reaches. So per
function: *inclusive* seconds (with the callees it compiled), *exclusive*
(without them) and the part of the exclusive seconds spent in LLVM, which
optimises and emits the function's code *and every callee's code linked into
it* again (the cost of each level of calls; see :mod:`huolong.solver.kernel.jit`).
The rest of the exclusive time is Numba's own: bytecode to IR, inlining,
type inference, lowering.

    python bench/compile_profile.py                 # a solve of every play, 8 cards
    python bench/compile_profile.py --playouts      # the playout driver as well

Runs in an empty cache of its own (a temporary ``NUMBA_CACHE_DIR``), so
nothing is loaded from a previous compile.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="huolong-compile-")  # before Numba reads it

from numba.core import event  # noqa: E402
from tabulate import tabulate  # noqa: E402


class CompileTimes(event.Listener):
    """Inclusive, exclusive and LLVM seconds per compiled function, from Numba's events."""

    def __init__(self) -> None:
        super().__init__()
        self.inclusive: Counter[str] = Counter()
        self.exclusive: Counter[str] = Counter()
        self.llvm: Counter[str] = Counter()
        self._open: list[list] = []  # [name, start, seconds in nested compiles]
        self._llvm_started: list[float] = []

    def on_start(self, ev: event.Event) -> None:
        if ev.kind == "numba:compile":
            self._open.append([ev.data["dispatcher"].py_func.__qualname__, time.perf_counter(), 0.0])
        else:
            self._llvm_started.append(time.perf_counter())

    def on_end(self, ev: event.Event) -> None:
        now = time.perf_counter()
        if ev.kind == "numba:compile":
            name, start, nested = self._open.pop()
            self.inclusive[name] += now - start
            self.exclusive[name] += now - start - nested
            if self._open:
                self._open[-1][2] += now - start
        else:
            start = self._llvm_started.pop()
            if not self._llvm_started and self._open:  # the lock is re-entrant: count the outermost only
                self.llvm[self._open[-1][0]] += now - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--playouts", action="store_true", help="also play whole hands (the playout driver)")
    parser.add_argument("--top", type=int, default=25, help="functions to list (default 25)")
    args = parser.parse_args()
    times = CompileTimes()
    event.register("numba:compile", times)
    event.register("numba:llvm_lock", times)

    sys.path.insert(0, str(ROOT / "bench"))
    from positions import endgames

    import huolong.solver

    started = time.perf_counter()
    huolong.solver.solve(endgames(8, count=1)[0])
    if args.playouts:
        from test_playout_speed import deals

        from huolong.solver.playout import Player
        Player(6).value(deals(1)[0], 0)
    total = time.perf_counter() - started

    rows = [(name, times.inclusive[name], seconds, times.llvm[name], seconds - times.llvm[name])
            for name, seconds in times.exclusive.most_common(args.top)]
    print(tabulate(rows, headers=("function", "inclusive s", "exclusive s", "of which LLVM", "Numba"),
                   floatfmt=".2f"))
    exclusive, llvm = sum(times.exclusive.values()), sum(times.llvm.values())
    print(f"\nfirst call {total:.1f} s: compiling {exclusive:.1f} s, of which LLVM {llvm:.1f} s "
          f"and Numba {exclusive - llvm:.1f} s, in {len(times.exclusive)} functions")


if __name__ == "__main__":
    main()
