"""The two policies that are not fair players: the bot, which sees every hand, and a random player.

``bot`` is the heuristic that plays every seat in ``huolong-solve play``: it
reads the other hands (who can beat a lead, who will win the trick) and,
from ``exact_cards`` cards a hand on, plays perfectly, double-dummy. It is
the yardstick a fair player is measured against, not an opponent.
"""

from __future__ import annotations

import random
from functools import lru_cache

from huolong.engine import Hand, Play
from huolong.engine.bury import heuristic_bury
from huolong.engine.sampling import Knowledge
from huolong.solver.playout import EXACT_CARDS, Player

__all__ = ["BotPolicy", "RandomPolicy", "dealer_cards"]


def dealer_cards(knowledge: Knowledge) -> Hand:
    """The dealer's 45 cards before the bury: its hand and the kitty."""
    pos = knowledge.position
    return pos.hands[knowledge.seat] + pos.kitty  # type: ignore[operator]


@lru_cache(maxsize=4)
def _player(exact_cards: int) -> Player:
    return Player(exact_cards)


class BotPolicy:
    """The all-seeing heuristic, then the exact end (``exact_cards``): it sees all hands."""

    name = "bot"
    sees_all = True

    def __init__(self, exact_cards: int = EXACT_CARDS) -> None:
        self.exact_cards = exact_cards

    def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand:
        pos = knowledge.position
        return heuristic_bury(dealer_cards(knowledge), pos.order, pos.rules)

    def play(self, knowledge: Knowledge, rng: random.Random) -> Play:
        pos = knowledge.position  # every hand: this policy sees them all
        legal = pos.legal_plays()
        if len(legal) == 1:
            return legal[0]
        return _player(self.exact_cards).next_play(pos, rng.getrandbits(63))


class RandomPolicy:
    """A legal play at random; a random bury within the bury limit. The floor of the scale."""

    name = "random"
    sees_all = False

    def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand:
        pos = knowledge.position
        held = list(dealer_cards(knowledge))
        limit = pos.rules.bury_limit
        while True:
            cards = Hand.from_cards(rng.sample(held, pos.shape.bottom_size))
            if limit is None or cards.points <= limit:
                return cards

    def play(self, knowledge: Knowledge, rng: random.Random) -> Play:
        return rng.choice(knowledge.position.legal_plays())
