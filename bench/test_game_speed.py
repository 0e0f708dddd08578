"""Whole games' speed (issue 55): a game between four policies from the first deal to the winner.

Games 1–N of seed 2026 (``match --games``'s games), every seat by one policy; the time of a whole game and
of each decision in it. Targets: four ``fair`` seats ≤ 5 s a game, four ``advise`` seats ≤ 10 min on 2 cores
(one whole game here, measured, not asserted — until session 38 a cap of 2 hands, scaled; bench/RESULTS.md,
"Session 38").

    .venv/bin/python -m pytest bench/test_game_speed.py --benchmark-enable -s
"""

from __future__ import annotations

import statistics
import time

import pytest

from huolong.bots import policies_of
from huolong.bots.game import play_game
from huolong.engine.gamefile import GameHeader

GAMES = {"fair": (5, None), "advise": (1, None)}  # games, and a cap of hands a game (None: to the end)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@pytest.mark.parametrize("spec", sorted(GAMES))
def test_whole_games(benchmark, spec):
    games, cap = GAMES[spec]
    seconds: list[float] = []
    hands: list[int] = []
    plays: list[float] = []

    def run() -> None:
        seconds.clear(), hands.clear(), plays.clear()
        for g in range(games):
            started = time.perf_counter()
            game = play_game(GameHeader(seed=2026, players=(spec,) * 4, game=g), policies_of(spec), max_hands=cap,
                             on_hand=lambda _g, t: plays.extend(d.seconds for d in t.decisions if not d.bury))
            seconds.append(time.perf_counter() - started)
            hands.append(game.state.hands)

    benchmark.pedantic(run, rounds=1, iterations=1)
    per_hand = sum(seconds) / sum(hands)
    print(f"\n{spec}: {games} games, hands {hands}: {statistics.median(seconds):.2f} s a game median "
          f"({per_hand:.2f} s a hand); decisions median {statistics.median(plays) * 1000:.1f} ms, "
          f"p90 {quantile(plays, 0.9) * 1000:.1f} ms")
    benchmark.extra_info.update(game_median_s=statistics.median(seconds), seconds_per_hand=per_hand,
                                hands=hands, decision_median_ms=statistics.median(plays) * 1000,
                                decision_p90_ms=quantile(plays, 0.9) * 1000)
