"""The bury advisor against the bot's heuristic bury, on 30 seeded deals, 2 workers.

For each deal the advisor races its shortlist (at most 500 samples a
candidate, 30 s); then its choice and the heuristic bury are evaluated afresh
with an independent seed and 4× the samples (2,000, shared between the two).
Run:  python -m pytest bench/test_bury_advisor.py --benchmark-enable --benchmark-json bench/last.json -s
"""

import random
import time

from huolong.engine.bury import heuristic_bury
from huolong.engine.deal import deal_hand
from huolong.solver.advisor import advise

DEALS = 30
SAMPLES = 500


def test_advisor_against_heuristic_bury(benchmark):
    rows = []

    def run():
        for i in range(DEALS):
            deal = deal_hand(random.Random(9000 + i))
            held = deal.hands[deal.dealer] + deal.kitty
            started = time.perf_counter()
            advice = advise(deal, samples=SAMPLES, seconds=30, seed=i, workers=2)
            seconds = time.perf_counter() - started
            choice = advice.candidates[0].bury
            heuristic = heuristic_bury(held, deal.order, deal.rules)
            fresh = advise(deal, samples=4 * SAMPLES, batch=4 * SAMPLES, seed=10_000 + i, workers=2,
                           extra=[choice, heuristic])
            by_bury = {c.bury: c for c in fresh.candidates}
            rows.append((seconds, advice.separated, choice == heuristic,
                         by_bury[choice].swing - by_bury[heuristic].swing, by_bury[choice].swing_se))

    benchmark.pedantic(run, rounds=1, iterations=1)
    seconds = sorted(r[0] for r in rows)
    benchmark.extra_info.update(
        deals=DEALS,
        at_least_as_good=sum(r[3] >= 0 for r in rows),
        same_as_heuristic=sum(r[2] for r in rows),
        mean_gain=sum(r[3] for r in rows) / DEALS,
        separated=sum(r[1] for r in rows),
        median_s=seconds[DEALS // 2],
        p90_s=seconds[int(0.9 * DEALS)],
    )
    print(benchmark.extra_info)
