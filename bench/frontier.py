"""The exact frontier of reviews, and what proven bounds add beyond it (issue 54).

    .venv/bin/python bench/frontier.py RECORDS.hl --tricks 13 --max-nodes 6000000 -o frontier.json

RECORDS.hl: whole hands, e.g. ``huolong-solve match advise advise --deals 10 --seed 54 -o RECORDS.hl``.
For each record, the position before every play of its last ``--tricks`` tricks is searched twice
under the same node budget (a node budget, not seconds: node counts do not depend on the machine's
load; ``--max-nodes`` 6 M is about 3 s on one core here):

- **exact**: ``solve(plays="all")``, every play scored one after the other; does it finish?
- **bounds**: ``solve(plays="all", intervals=True)``, the budget shared among the plays; does it
  finish, and if not, is the play made proven worse than the best or proven best (the review's
  verdict by bounds)?

Reported per record: the exact frontier (the number of final tricks in which every position
finishes) and the decided frontier (every play of those tricks has a double-dummy verdict, exact or
by bounds), and over the positions searched the plays with a verdict each way. Each record is
searched from its last trick back, and stops after the trick where both frontiers end (the tricks
before it cannot move them). Resumes from ``-o``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from huolong.engine import read_file  # noqa: E402
from huolong.engine.files import write_atomically  # noqa: E402
from huolong.solver import SearchAborted, solve  # noqa: E402

from huolong.analysis.review import recorded_plays  # noqa: E402


def judge_position(pos, play, budget: int) -> dict:  # type: ignore[no-untyped-def]
    out: dict = {"cards": max(len(h) for h in pos.hands)}
    started = time.perf_counter()
    try:
        solve(pos, "outcome", max_nodes=budget, line=False)
        out["exact"] = True
    except SearchAborted:
        out["exact"] = False
    out["exact_s"] = round(time.perf_counter() - started, 3)
    started = time.perf_counter()
    try:
        solve(pos, "outcome", max_nodes=budget, line=False, intervals=True)
        out["bounds"] = "exact"
    except SearchAborted as stop:
        made = next(i for i in stop.intervals if i.play == play)
        out["bounds"] = "worse" if made.proven_worse else "best" if made.proven_best else None
        out["plays_decided"] = sum(i.proven_worse or i.proven_best for i in stop.intervals)
        out["plays"] = len(stop.intervals)
    out["bounds_s"] = round(time.perf_counter() - started, 3)
    return out


def frontier(rows: list[dict], key) -> int:  # type: ignore[no-untyped-def]
    """How many final tricks have every position passing ``key`` (a trick whose plays were all forced
    passes; the tricks before the earliest one searched are not counted)."""
    by_trick: dict[int, bool] = {}
    for r in rows:
        by_trick[r["from_end"]] = by_trick.get(r["from_end"], True) and key(r)
    searched = max(by_trick, default=0)
    n = 0
    while n < searched and by_trick.get(n + 1, True):
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("records")
    ap.add_argument("--tricks", type=int, default=13)
    ap.add_argument("--max-nodes", type=int, default=6_000_000)
    ap.add_argument("--first", type=int, default=None, help="only the first N records")
    ap.add_argument("-o", "--output", default="frontier.json")
    args = ap.parse_args()
    records = read_file(args.records)[: args.first]
    path = Path(args.output)
    done = json.loads(path.read_text()) if path.exists() else {}
    for n, rec in enumerate(records, start=1):
        key = str(n)
        if key in done:
            continue
        plays = recorded_plays(rec)
        total = plays[-1][0]
        positions = []
        pos = rec.start()
        for number, play in plays:
            from_end = total - number + 1
            if from_end <= args.tricks and len(pos.legal_plays()) > 1:
                positions.append((from_end, number, pos.copy(), play))
            pos.play(play)
        rows: list[dict] = []
        broken = set()  # the frontiers already ended: a trick with a position that failed them
        for from_end, number, pos, play in reversed(positions):  # from the last trick back
            if from_end > 1 and {"exact", "decided"} <= broken and rows and rows[-1]["from_end"] != from_end:
                break  # both frontiers have ended: earlier tricks cannot move them
            row = judge_position(pos, play, args.max_nodes)
            row.update(trick=number, from_end=from_end, play=str(play))
            rows.append(row)
            if not row["exact"]:
                broken.add("exact")
            if row["bounds"] is None:
                broken.add("decided")
            print(n, number, row, flush=True)
        done[key] = rows
        write_atomically(path, json.dumps(done, indent=0))
    summary(done, args.tricks)


def summary(done: dict, tricks: int) -> None:
    exact_f = [frontier(rows, lambda r: r["exact"]) for rows in done.values()]
    decided_f = [frontier(rows, lambda r: r["bounds"] is not None) for rows in done.values()]
    rows = [r for rs in done.values() for r in rs]
    exact = sum(r["exact"] for r in rows)
    decided = sum(r["bounds"] is not None for r in rows)
    by_bounds = sum(r["bounds"] in ("worse", "best") for r in rows)
    print(f"records {len(done)}, positions with a choice in the last {tricks} tricks: {len(rows)}")
    print(f"exact frontier (tricks): median {statistics.median(exact_f)}, each {exact_f}")
    print(f"decided frontier (tricks): median {statistics.median(decided_f)}, each {decided_f}")
    print(f"plays exact within the budget: {exact}; with a verdict using bounds: {decided} "
          f"(+{decided - exact}: {by_bounds} by bounds; worse {sum(r['bounds'] == 'worse' for r in rows)}, "
          f"best {sum(r['bounds'] == 'best' for r in rows)})")
    by_cards: dict[int, list[dict]] = {}
    for r in rows:
        by_cards.setdefault(r["cards"], []).append(r)
    for cards in sorted(by_cards):
        rs = by_cards[cards]
        print(f"  {cards:2d} cards: {len(rs):3d} positions, exact {sum(r['exact'] for r in rs):3d}, "
              f"verdict with bounds {sum(r['bounds'] is not None for r in rs):3d}, "
              f"mean plays decided when stopped "
              f"{statistics.mean([r['plays_decided'] / r['plays'] for r in rs if 'plays' in r] or [0]):.2f}")


if __name__ == "__main__":
    main()
