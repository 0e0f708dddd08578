"""Our solver against DDS on the same seeded bridge positions, one thread each, in one run.

Every card of the side to play is scored by both (DDS through endplay's
solve_board). The ratio (ours / DDS) per position goes to extra_info:
median, p90 and the worst, with our nodes. The full-deal set is the 200 deals of the
agreement test (tests/test_bridge.py).
"""

import random
import statistics

import pytest

pytest.importorskip("endplay", reason="the dds extra (endplay) is not installed")

from bridge_deals import compare, random_bridge_endgame, seeded_full_deal  # noqa: E402
from test_bridge import FULL_DEALS, FULL_SEED  # noqa: E402


def _ratios(benchmark, positions, **info):
    compare(random_bridge_endgame(random.Random(0), 2))  # the kernel compiled or loaded before any timing
    results = []

    def both():
        results.clear()
        results.extend(compare(pos) for pos in positions)

    benchmark.pedantic(both, rounds=1, iterations=1)
    assert all(r.agrees for r in results), [r.differences() for r in results if not r.agrees]
    ratios = sorted(r.our_seconds / r.dds_seconds for r in results)
    ours = sorted(r.our_seconds for r in results)
    dds = sorted(r.dds_seconds for r in results)
    nodes = sorted(r.nodes for r in results)
    p90 = int(0.9 * len(results))
    benchmark.extra_info.update(
        info, positions=len(results), ratio_median=statistics.median(ratios), ratio_p90=ratios[p90],
        ours_median_s=statistics.median(ours), ours_p90_s=ours[p90], dds_median_s=statistics.median(dds),
        dds_p90_s=dds[p90], nodes_median=statistics.median(nodes), nodes_p90=nodes[p90],
        ours_total_s=sum(ours), dds_total_s=sum(dds),
        ratio_max=ratios[-1], ours_max_s=ours[-1], nodes_max=nodes[-1],
        worst=max(range(len(results)), key=lambda i: results[i].our_seconds),
    )


@pytest.mark.parametrize("cards", [6, 8])
def test_ratio_to_dds_on_bridge_endgames(benchmark, cards):
    rng = random.Random(100 + cards)
    _ratios(benchmark, [random_bridge_endgame(rng, cards) for _ in range(50)], cards=cards)


def test_ratio_to_dds_on_full_deals(benchmark):
    _ratios(benchmark, [seeded_full_deal(FULL_SEED, i) for i in range(FULL_DEALS)], cards=13)
