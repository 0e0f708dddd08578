"""Random deals from a seed.

>>> import random
>>> pos = random_deal(random.Random(7))
>>> [len(h) for h in pos.hands], len(pos.bottom)
([39, 39, 39, 39], 6)
"""

from __future__ import annotations

import random

from .cards import Hand, all_cards
from .order import LEVELS
from .position import FULL_HAND, Position
from .rules import Rules


def random_deal(
    rng: random.Random,
    rules: Rules | None = None,
    *,
    level: str | None = None,
    trump: int | None = None,
    dealer: int | None = None,
) -> Position:
    """A shuffled deal after a random bury: 39 cards a seat and 6 in the bottom, dealer to lead."""
    cards = all_cards()
    rng.shuffle(cards)
    hands = [Hand.from_cards(cards[FULL_HAND * i : FULL_HAND * (i + 1)]) for i in range(4)]
    dealer = rng.randrange(4) if dealer is None else dealer
    return Position(
        level=level or rng.choice(LEVELS),
        trump=rng.randrange(4) if trump is None else trump,
        dealer=dealer,
        hands=hands,
        bottom=Hand.from_cards(cards[4 * FULL_HAND :]),
        leader=dealer,
        rules=rules or Rules(),
    )


def play_randomly(pos: Position, rng: random.Random, stop_at_cards: int = 0) -> Position:
    """Make random legal plays until a trick starts with at most ``stop_at_cards`` cards a hand."""
    while not pos.is_over():
        hand = pos.hands[pos.leader]
        if not pos.trick and hand is not None and len(hand) <= stop_at_cards:
            break
        pos.play(rng.choice(pos.legal_plays()))
    return pos
