"""Fixed, seeded sets of realistic endgames: random full deals played down by random legal play."""

from __future__ import annotations

import random
from functools import lru_cache

from huolong.engine import Position
from huolong.engine.deal import play_randomly, random_deal


@lru_cache(maxsize=None)
def endgames(cards_per_hand: int, count: int = 50, seed: int = 2026) -> tuple[Position, ...]:
    """``count`` endgames at a trick start with ``cards_per_hand`` cards or fewer each."""
    rng = random.Random(seed * 1000 + cards_per_hand)
    out = []
    while len(out) < count:
        out.append(play_randomly(random_deal(rng), rng, cards_per_hand).endgame())
    return tuple(out)
