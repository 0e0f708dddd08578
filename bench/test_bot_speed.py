"""The computer players' speed (issue 48): the time of every decision through whole hands, per policy.

Each policy plays every seat of the same seeded deals (``huolong-solve play``'s deals 1–N of seed 2026)
from the bury to the last trick; the times are per decision, the bury apart. Measured, not asserted:
bench/RESULTS.md ("Session 33").

    .venv/bin/python -m pytest bench/test_bot_speed.py --benchmark-enable -s
"""

from __future__ import annotations

import statistics

import pytest

from huolong.bots import policies_of
from huolong.bots.table import play_table
from huolong.engine.deal import deal_hand
from huolong.solver.playout import deal_seed

DEALS = {"fair": 20, "bot": 10, "advise": 3}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@pytest.mark.parametrize("spec", sorted(DEALS))
def test_decisions_through_whole_hands(benchmark, spec):
    plays: list[float] = []
    buries: list[float] = []

    def hands() -> None:
        plays.clear()
        buries.clear()
        for i in range(DEALS[spec]):
            table = play_table(deal_hand(deal_seed(2026, i)), policies_of(spec), f"bench:{i}")
            for d in table.decisions:
                (buries if d.bury else plays).append(d.seconds)

    benchmark.pedantic(hands, rounds=1, iterations=1)
    print(f"\n{spec}: {len(plays)} plays over {DEALS[spec]} hands: median {statistics.median(plays) * 1000:.2f} ms, "
          f"p90 {quantile(plays, 0.9) * 1000:.2f} ms, max {max(plays) * 1000:.1f} ms; "
          f"bury median {statistics.median(buries) * 1000:.1f} ms")
    benchmark.extra_info.update(median_ms=statistics.median(plays) * 1000, p90_ms=quantile(plays, 0.9) * 1000,
                                plays=len(plays), bury_median_ms=statistics.median(buries) * 1000)
