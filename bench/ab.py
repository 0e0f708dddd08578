"""Another revision's solver against this checkout's, timed in one process, position by position.

On a shared machine the absolute times of two runs differ by up to 2×
(bench/RESULTS.md), so a ratio taken from two runs says little. Here both
solvers live in one process and take turns on each position (which goes
first alternates), each keeping its best of ``--rounds`` times; the ratio of
the totals is what to read. The node counts are exact.

    python bench/ab.py REV                      # 8 cards, every play, points
    python bench/ab.py REV --plays best --objective outcome
    python bench/ab.py REV --playouts --objective result
    python bench/ab.py REV --first-call --rounds 3   # compile time, empty caches
    python bench/ab.py REV --bridge 60 --rounds 1    # the first 60 full deals of the DDS agreement test
    python bench/ab.py REV --deals 157 --rounds 3    # chosen deals of it (157: the slowest of the 200)
    python bench/ab.py REV --cards 13 --plays best --max-nodes 2000000 --rounds 1   # each solve stopped there

REV's ``solver/`` is exported with ``git archive`` into a folder of its own
(under the system's temporary folder, kept for the next run) as the package
``huolong_ab_<commit>``; its kernel compiles into its own cache. Both use
this checkout's ``huolong.engine``, so REV must be recent enough to work
with it.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from bridge_deals import seeded_full_deal  # noqa: E402
from positions import endgames  # noqa: E402
from test_bridge import FULL_SEED  # noqa: E402
from test_playout_speed import deals  # noqa: E402

import huolong.solver  # noqa: E402


def base_solver(rev: str) -> ModuleType:
    """REV's ``solver`` package, imported under a name of its own."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    name = f"huolong_ab_{commit[:12]}"
    home = Path(tempfile.gettempdir()) / "huolong-ab" / commit[:12]
    if not (home / name / "__init__.py").exists():
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "solver"], check=True,
                                 capture_output=True).stdout
        staging = home / f"{name}.{time.time_ns()}"
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(staging, filter="data")
        (staging / "solver").rename(home / name)
        staging.rmdir()
    sys.path.insert(0, str(home))
    return importlib.import_module(name)


def first_call(solver: ModuleType) -> None:
    """Solve the README's example in a fresh process with an empty kernel cache."""
    home = str(Path(solver.__file__).parent.parent)
    code = (f"import sys; sys.path.insert(0, {home!r}); import importlib; "
            f"from huolong.engine import read_file; "
            f"importlib.import_module({solver.__name__ + '.search'!r}).solve("
            f"read_file({str(ROOT / 'puzzles' / 'examples' / 'dig-fight.hl')!r})[0])")
    with tempfile.TemporaryDirectory() as cache:
        subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "NUMBA_CACHE_DIR": cache})


def race(runs: list, items: list, rounds: int) -> list[list[float]]:
    """Each run's best time on each item: the runs take turns, the first alternating."""
    best = [[float("inf")] * len(items) for _ in runs]
    for r in range(rounds):
        for i, item in enumerate(items):
            for j in (range(len(runs)) if (i + r) % 2 == 0 else reversed(range(len(runs)))):
                started = time.perf_counter()
                runs[j](item)
                best[j][i] = min(best[j][i], time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the revision to compare against (a commit, branch or tag)")
    parser.add_argument("--cards", type=int, default=8)
    parser.add_argument("--plays", default="all")
    parser.add_argument("--objective", default=None, help="points (solves) or outcome (playouts) by default")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--max-nodes", type=int, default=None, metavar="N",
                        help="stop each solve after N nodes: a stopped solve is timed up to there")
    parser.add_argument("--playouts", action="store_true", help="whole-hand playouts, the last 6 cards exact")
    parser.add_argument("--bridge", type=int, default=0, metavar="N",
                        help="the first N full deals of the DDS agreement test, every card scored")
    parser.add_argument("--deals", default="", metavar="I,J,...",
                        help="these full deals of the DDS agreement test (by index), every card scored")
    parser.add_argument("--first-call", action="store_true",
                        help="a solve from an empty kernel cache, each in a fresh process (compile time)")
    args = parser.parse_args()
    base = base_solver(args.rev)
    solvers = (base, huolong.solver)
    names = (args.rev, "this checkout")
    if args.first_call:
        times = race([lambda _, s=s: first_call(s) for s in solvers], list(range(args.rounds)), 1)
        for name, t in zip(names, times):
            print(f"{name:>14}: first call {min(t):5.1f} s best, {sorted(t)[len(t) // 2]:5.1f} s median "
                  f"of {len(t)}")
        print(f"time ratio (this checkout / {args.rev}): {min(times[1]) / min(times[0]):.3f} best, "
              f"{sorted(times[1])[len(t) // 2] / sorted(times[0])[len(t) // 2]:.3f} median")
        return
    if args.playouts:
        objective = args.objective or "outcome"
        players = [importlib.import_module(f"{s.__name__}.playout").Player(6, objective=objective) for s in solvers]
        items = list(enumerate(deals(200)))
        runs = [lambda item, p=p: p.value(item[1], item[0]) for p in players]
        for run in runs:
            run(items[0])  # compile or load the kernel
        # one round: a second would find every deal's encoding cached
        times = race(runs, items, 1)
        for name, t in zip(names, times):
            print(f"{name:>14}: {len(items) / sum(t):7.1f} playouts / s")
        print(f"time ratio (this checkout / {args.rev}): {sum(times[1]) / sum(times[0]):.3f}")
        return
    objective = args.objective or "points"
    chosen = [int(i) for i in args.deals.split(",")] if args.deals else list(range(args.bridge))
    positions = [seeded_full_deal(FULL_SEED, i) for i in chosen] if chosen else endgames(args.cards, 50)
    nodes: list[list[int]] = [[], []]

    def runner(j: int):  # type: ignore[no-untyped-def]
        def run(pos) -> None:  # type: ignore[no-untyped-def]
            try:
                found = solvers[j].solve(pos, objective, plays=args.plays, line=False, max_nodes=args.max_nodes).nodes
            except solvers[j].SearchAborted:
                found = -1
            if len(nodes[j]) < len(positions):
                nodes[j].append(found)
        return run

    runs = [runner(0), runner(1)]
    for s in solvers:
        s.solve(endgames(4, 50)[0], line=False)  # compile or load the kernel
    times = race(runs, positions, args.rounds)
    what = f"bridge, full deals {args.deals}" if args.deals else \
        f"bridge, {args.bridge} full deals" if args.bridge else f"{args.cards} cards"
    print(f"{what}, --plays {args.plays}, {objective}: best of {args.rounds} rounds, {len(positions)} positions")
    for name, t, n in zip(names, times, nodes):
        s = sorted(t)
        stopped = f" (of those that finish; {n.count(-1)} stopped)" if -1 in n else ""
        print(f"{name:>14}: total {sum(t):7.3f} s  median {s[len(s) // 2] * 1e3:7.1f} ms  "
              f"p90 {s[int(0.9 * len(s))] * 1e3:7.1f} ms  nodes {sum(x for x in n if x >= 0):,}{stopped}")
    ratios = sorted(b / a for a, b in zip(*times))
    print(f"time ratio (this checkout / {args.rev}): total {sum(times[1]) / sum(times[0]):.3f}, "
          f"median per position {ratios[len(ratios) // 2]:.3f}")
    both = [i for i in range(len(positions)) if nodes[0][i] >= 0 and nodes[1][i] >= 0]
    if len(both) < len(positions) and both:  # a stopped solve's time is the budget's, not the position's
        pairs = [(times[0][i], times[1][i]) for i in both]
        ratios = sorted(b / a for a, b in pairs)
        print(f"where both finish ({len(both)}): nodes {sum(nodes[0][i] for i in both):,} -> "
              f"{sum(nodes[1][i] for i in both):,}, time {sum(a for a, _ in pairs):.3f} s -> "
              f"{sum(b for _, b in pairs):.3f} s, "
              f"ratio total {sum(b for _, b in pairs) / sum(a for a, _ in pairs):.3f}, "
              f"median per position {ratios[len(ratios) // 2]:.3f}")


if __name__ == "__main__":
    main()
