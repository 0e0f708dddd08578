"""Whole-hand playouts: speed (playouts per second, one core) and the bot's strength.

Each playout is a seeded deal after the bot's bury, played by the bot until
the hands hold ``exact`` cards, then solved exactly (outcome objective).
Run:  python -m pytest bench/test_playout_speed.py --benchmark-enable --benchmark-json bench/last.json
"""

import platform
import random
import time
from collections import Counter

import pytest

from huolong.engine.bury import heuristic_bury
from huolong.engine.deal import deal_hand
from huolong.solver.playout import Player

DEALS = 200


def deals(count, seed=2026):
    out = []
    for i in range(count):
        d = deal_hand(random.Random(seed * 100_000 + i))
        out.append(d.bury(heuristic_bury(d.hands[d.dealer] + d.kitty, d.order, d.rules)))
    return out


@pytest.mark.parametrize(("exact", "objective"), [(0, "outcome"), (4, "outcome"), (6, "outcome"), (6, "result")])
def test_playouts_per_second(benchmark, exact, objective):
    """The exact end plays for the outcome (the default), or for the result alone, as the bury advisor asks."""
    positions = deals(DEALS)
    player = Player(exact, objective=objective)
    player.value(positions[0], 0)  # compile or load the kernel first
    it = iter(range(DEALS))
    nodes = []

    def one():
        i = next(it)
        player.value(positions[i], i)
        nodes.append(player.nodes)

    started = time.perf_counter()
    benchmark.pedantic(one, rounds=DEALS, iterations=1)
    elapsed = time.perf_counter() - started
    nodes.sort()
    benchmark.extra_info.update(
        exact_cards=exact, objective=objective, deals=DEALS, playouts_per_s=round(DEALS / elapsed, 1),
        median_nodes=nodes[len(nodes) // 2], p90_nodes=nodes[int(0.9 * len(nodes))],
        machine=f"{platform.machine()} {platform.processor() or ''} {platform.python_version()}".strip(),
    )


def test_bot_strength_against_random_play(benchmark):
    """1,000 deals: bot attackers against random dealers, then random attackers against bot dealers."""
    positions = deals(1000, seed=7)
    report = {}

    def run():
        for name, bot_attacks in (("bot_attacks", True), ("bot_defends", False)):
            outcomes, points = Counter(), 0
            for i, pos in enumerate(positions):
                policy = ["bot" if pos.is_attacker(s) == bot_attacks else "random" for s in range(4)]
                v = Player(6, policy).value(pos, i)
                outcomes[v.outcome.name] += 1
                points += v.points
            report[name] = {"mean_points": points / len(positions), **dict(outcomes)}

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(report)
    assert report["bot_attacks"]["mean_points"] > report["bot_defends"]["mean_points"]
