"""The hint's speed (issue 62): the ranking of a position on what its seat can see — ``advise``, the terminal
game's ``hint``, the board's advice — with every command's defaults, on every core of this machine.

The positions are every third decision that is not forced, of whole hands of different deals
(bench/data/teacher-records.hl: ``huolong-solve match advise advise --deals 24 --seed 6201``, table 1 of
each deal; a seed not used to tune anything). Measured for each: the first ranking (the first round of
deals, what the screen shows first) and the settled answer (the end of the race). Measured, not asserted:
bench/RESULTS.md ("Session 40").

    .venv/bin/python -m pytest bench/test_hint_speed.py --benchmark-enable -s
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from huolong.analysis.advice import advise
from huolong.analysis.review import recorded_plays
from huolong.engine import read_file
from huolong.solver.jobs import default_workers, prepare

RECORDS = read_file(Path(__file__).resolve().parent / "data" / "teacher-records.hl")
EVERY = 3  # every third decision that is not forced


def positions(records=RECORDS):  # type: ignore[no-untyped-def]
    """(hand, cards a hand, position) of every ``EVERY``-th unforced decision of table 1's hands."""
    out = []
    for number, record in enumerate(records):
        if "table 1" not in record.tags.get("Event", "table 1"):
            continue
        pos = record.start()
        seen = 0
        for _trick, play in recorded_plays(record):
            if len(pos.legal_plays()) > 1:
                if seen % EVERY == 0:
                    out.append((number, max(len(h) for h in pos.hands), pos.copy()))
                seen += 1
            pos.play(play)
    return out


def quantile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def test_a_hint_on_positions_of_whole_hands(benchmark):
    prepare("search", "playout")
    threads = default_workers()
    found = positions()
    advise(found[0][2], seed=1, workers=threads)  # the threads' kernels and tables, once
    first, settled, unsettled, by_cards = [], [], 0, {}

    def run() -> None:
        for _hand, cards, pos in found:
            started = time.perf_counter()
            seen: list[float] = []
            advice = advise(pos, seed=1, workers=threads, true_values=False,
                            on_round=lambda a: seen.append(time.perf_counter() - started) if not seen else None)
            total = time.perf_counter() - started
            first.append(seen[0] if seen else total)
            settled.append(total)
            by_cards.setdefault(min(39, 10 * ((cards + 9) // 10)), []).append(total)
            nonlocal unsettled
            unsettled += not advice.settled

    benchmark.pedantic(run, rounds=1, iterations=1)
    info = {"positions": len(found), "hands": len({h for h, _c, _p in found}), "threads": threads,
            "first_median_s": round(statistics.median(first), 3), "first_p90_s": round(quantile(first, 0.9), 3),
            "first_max_s": round(max(first), 3),
            "settled_median_s": round(statistics.median(settled), 3), "settled_p90_s": round(quantile(settled, 0.9), 3),
            "settled_max_s": round(max(settled), 3), "unsettled": unsettled,
            "by_cards": {f"≤{k}": {"n": len(v), "median_s": round(statistics.median(v), 3),
                                   "p90_s": round(quantile(v, 0.9), 3)} for k, v in sorted(by_cards.items())}}
    benchmark.extra_info.update(info)
    print("\nhint:", info)
