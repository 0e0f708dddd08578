"""Node counts, position by position, of one solver on the seeded bench sets (issue 54's research).

    python bench/nodes54.py OUT.json [--rev REV]     # the sets below, this checkout's solver (or REV's)
    python bench/nodes54.py --compare A.json B.json  # the tables of RESEARCH-54.md
    python bench/nodes54.py OUT.json --sets 13best50 --seed 3939   # issue 54's row on a seed not tuned on

Sets: 8 cards every play; 10 cards --plays best; 13 cards --plays best stopped at 10 M nodes
(``13best50``: at 50 M, the issue's target; ``10all``, ``13all50``: every play). ``--seed``: the bench set's seed (2026).
Node counts are deterministic: one process, one thread; each solve's seconds are kept beside them
(``NAME:seconds``), for a median of the solves that finish — not for comparing two runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from positions import endgames  # noqa: E402

SETS = {"8all": (8, "all", None), "10best": (10, "best", None), "13best": (13, "best", 10_000_000),
        "13best50": (13, "best", 50_000_000), "10all": (10, "all", None), "13all50": (13, "all", 50_000_000)}


def run(solver, which: list[str], first: int, seed: int = 2026) -> dict[str, list]:
    out: dict[str, list] = {}
    solver.solve(endgames(4, 50)[0], line=False)
    for name in which:
        cards, plays, budget = SETS[name]
        nodes, values, seconds = [], [], []
        for pos in endgames(cards, 50, seed)[:first]:
            start = time.perf_counter()
            try:
                a = solver.solve(pos, "points", plays=plays, line=False, max_nodes=budget)
                nodes.append(a.nodes)
                values.append(str(a.value) + " | " + "; ".join(f"{m.play} {m.value}" for m in a.moves
                                                                 if plays == "all"))
            except solver.SearchAborted:
                nodes.append(-1)
                values.append(None)
            seconds.append(round(time.perf_counter() - start, 3))
            print(f"  {name} #{len(nodes) - 1}: {nodes[-1]:,} nodes, {seconds[-1]} s", flush=True)
        out[name] = nodes
        out[name + ":values"] = values
        out[name + ":seconds"] = seconds
        print(name, sum(x for x in nodes if x >= 0), nodes.count(-1), "stopped", flush=True)
    return out


def compare(a: dict, b: dict) -> None:
    for name in a:
        if name not in b or ":" in name:
            continue
        va, vb = a.get(name + ":values"), b.get(name + ":values")
        if va and vb:
            diff = [i for i, (p, q) in enumerate(zip(va, vb)) if p is not None and q is not None and p != q]
            print(f"{name}: values compared where both finish: {'identical' if not diff else 'DIFFER at ' + str(diff)}")
        x, y = a[name], b[name]
        both = [(p, q) for p, q in zip(x, y) if p >= 0 and q >= 0]
        sx, sy = sum(p for p, _ in both), sum(q for _, q in both)
        fin = f"finish {sum(p >= 0 for p in x)}/{len(x)} -> {sum(q >= 0 for q in y)}/{len(y)}; "
        better = sum(q < p for p, q in both)
        worse = sum(q > p for p, q in both)
        print(f"{name}: {fin}both finish {len(both)}: {sx:,} -> {sy:,} ({(sy / sx - 1) * 100:+.2f} %); "
              f"fewer nodes at {better}, more at {worse}")
        changed = [(i, p, q) for i, (p, q) in enumerate(zip(x, y)) if p != q and (p < 0 or q < 0)]
        for i, p, q in changed:
            print(f"   #{i}: {p} -> {q}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?")
    ap.add_argument("--rev")
    ap.add_argument("--sets", default="8all,10best,13best")
    ap.add_argument("--first", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026, help="the bench sets' seed")
    ap.add_argument("--compare", nargs=2)
    args = ap.parse_args()
    if args.compare:
        compare(*(json.loads(Path(f).read_text()) for f in args.compare))
        return
    if args.rev:
        from ab import base_solver
        solver = base_solver(args.rev)
    else:
        import huolong.solver as solver
    res = run(solver, args.sets.split(","), args.first, args.seed)
    Path(args.out).write_text(json.dumps(res))


if __name__ == "__main__":
    main()
