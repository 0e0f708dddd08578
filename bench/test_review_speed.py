"""The whole-hand review's speed (issues 52, 62): every decision of a hand record judged on what its player
could see, the bury and the double-dummy verdicts included, default settings, on every core.

The records are whole hands of different deals played by ``advise`` at all four seats
(bench/data/teacher-records.hl: ``huolong-solve match advise advise --deals 24 --seed 6201``, table 1 of
each deal; a seed not used to tune anything). Measured, not asserted: bench/RESULTS.md ("Session 40").

    .venv/bin/python -m pytest bench/test_review_speed.py --benchmark-enable -s
"""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from huolong.analysis.hand_review import ReviewSettings, review_hand
from huolong.engine import read_file
from huolong.solver.jobs import Workers, default_workers

RECORDS = [r for r in read_file(Path(__file__).resolve().parent / "data" / "teacher-records.hl")
           if "table 1" in r.tags.get("Event", "table 1")]
TIMES: dict[int, float] = {}


@pytest.fixture(scope="module")
def pool():
    with Workers(default_workers()) as workers:
        review_hand(RECORDS[0], ReviewSettings(), pool=workers)  # the workers load the kernels once, first
        yield workers


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_a_whole_hand_reviewed(benchmark, pool, index):
    record = RECORDS[index]
    result = benchmark.pedantic(lambda: review_hand(record, ReviewSettings(), pool=pool), rounds=1, iterations=1)
    assert result.complete
    TIMES[index] = benchmark.stats.stats.median
    plays = len(result.plays)
    benchmark.extra_info.update(plays=plays, decisions=plays + (result.bury is not None), workers=pool.workers)
    if len(TIMES) == len(RECORDS):
        ordered = sorted(TIMES.values())
        print(f"\nwhole-hand review, {pool.workers} workers: median {statistics.median(ordered):.1f} s, "
              f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:.1f} s, max {ordered[-1]:.1f} s over {len(ordered)} hands; "
              f"by hand: {[round(TIMES[i], 1) for i in sorted(TIMES)]}")
