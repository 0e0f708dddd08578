"""Nodes, time and every value over one bench set, to compare two kernels in one run.

Run it once with each install (say the old commit in a venv of its own,
then this checkout), then compare the two JSON files: the node counts are
exact, and the values must be the same.

    python bench/compare_kernels.py 8 --plays all --objective points --out new.json
    python bench/compare_kernels.py --diff old.json new.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from positions import endgames  # noqa: E402

from huolong.solver import SearchAborted, solve  # noqa: E402


def run(cards: int, count: int, plays: str, objective: str, budget: int | None) -> dict:
    solve(endgames(4, 50)[0], line=False)  # compile or load the kernel first
    rows = []
    for pos in endgames(cards, 50)[:count]:
        started = time.perf_counter()
        try:
            analysis = solve(pos, objective, plays=plays, line=False, max_nodes=budget)
        except SearchAborted:
            rows.append(None)
            continue
        values = sorted(f"{m.play}={m.value}" for m in analysis.moves) if plays != "best" else []
        rows.append({"nodes": analysis.nodes, "seconds": time.perf_counter() - started,
                     "value": str(analysis.value), "moves": values})
    done = [r for r in rows if r]
    nodes = sorted(r["nodes"] for r in done)
    seconds = sorted(r["seconds"] for r in done)
    return {"cards": cards, "plays": plays, "objective": objective, "budget": budget, "rows": rows,
            "total_nodes": sum(nodes), "median_nodes": nodes[len(nodes) // 2] if nodes else None,
            "total_seconds": round(sum(seconds), 3),
            "median_seconds": round(seconds[len(seconds) // 2], 4) if seconds else None,
            "unfinished": len(rows) - len(done)}


def diff(old: dict, new: dict) -> None:
    both = [(a, b) for a, b in zip(old["rows"], new["rows"]) if a and b]
    differ = sum(a["value"] != b["value"] or a["moves"] != b["moves"] for a, b in both)
    for name in ("total_nodes", "median_nodes", "total_seconds", "median_seconds", "unfinished"):
        print(f"{name:15} {old[name]!s:>14} -> {new[name]!s:>14}")
    print(f"finished by both: {len(both)}; values that differ: {differ}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="?", type=int, default=8)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--plays", default="all")
    parser.add_argument("--objective", default="points")
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--diff", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.diff:
        diff(*(json.loads(p.read_text()) for p in args.diff))
        return
    result = run(args.cards, args.count, args.plays, args.objective, args.budget)
    print({k: v for k, v in result.items() if k != "rows"})
    if args.out:
        args.out.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
