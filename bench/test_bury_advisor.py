"""The bury advisor against the bot's heuristic bury, on 30 seeded deals, 2 workers.

For each deal the advisor races its shortlist (30 s at most, the default
tolerance); then its choice and the heuristic bury are evaluated afresh on
the same new samples (an independent seed), 4× as many as the advisor gave
its choice, capped at 20,000.
Run:  python -m pytest bench/test_bury_advisor.py --benchmark-enable --benchmark-json bench/last.json -s
"""

import random
import time

from huolong.engine import Outcome
from huolong.engine.bury import heuristic_bury
from huolong.engine.deal import deal_hand
from huolong.analysis.burial import rank_burials, evaluate, swing
from huolong.solver.jobs import Workers

DEALS = 30
FRESH_CAP = 20_000


def mean_swing(pool, deal, bury, seed, n):
    chunks = [tuple(range(i, min(n, i + 50))) for i in range(0, n, 50)]
    swings = []
    for _, rows in pool.run(evaluate, [(deal, bury, seed, chunk, False, 4) for chunk in chunks]):
        swings += [swing(Outcome(outcome, levels)) for _, _, outcome, levels in rows]
    return sum(swings) / len(swings)


def test_advisor_against_heuristic_bury(benchmark):
    rows = []

    def run():
        with Workers(2) as pool:
            for i in range(DEALS):
                deal = deal_hand(random.Random(9000 + i))
                held = deal.hands[deal.dealer] + deal.kitty
                started = time.perf_counter()
                advice = rank_burials(deal, samples=100_000, seconds=30, seed=i, pool=pool)
                seconds = time.perf_counter() - started
                choice = advice.candidates[0].bury
                heuristic = heuristic_bury(held, deal.order, deal.rules)
                n = min(FRESH_CAP, 4 * advice.candidates[0].samples)
                gain = 0.0
                if choice != heuristic:
                    gain = (mean_swing(pool, deal, choice, 10_000 + i, n)
                            - mean_swing(pool, deal, heuristic, 10_000 + i, n))
                rows.append((seconds, advice.separated, choice == heuristic, gain))

    benchmark.pedantic(run, rounds=1, iterations=1)
    seconds = sorted(r[0] for r in rows)
    benchmark.extra_info.update(
        deals=DEALS,
        at_least_as_good=sum(r[3] >= 0 for r in rows),
        same_as_heuristic=sum(r[2] for r in rows),
        mean_gain=round(sum(r[3] for r in rows) / DEALS, 4),
        settled=sum(r[1] for r in rows),
        median_s=round(seconds[DEALS // 2], 2),
        p90_s=round(seconds[int(0.9 * DEALS)], 2),
    )
    print(benchmark.extra_info)
