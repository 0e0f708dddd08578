"""Random deals from a seed.

>>> import random
>>> pos = random_deal(random.Random(7))
>>> [len(h) for h in pos.hands], len(pos.bottom)
([39, 39, 39, 39], 6)
>>> before = deal_hand(random.Random(7), dealer=0)
>>> len(before.hands[0]), len(before.kitty), before.is_before_bury
(39, 6, True)
"""

from __future__ import annotations

import random

from collections.abc import Iterable, Mapping

from .cards import Card, Hand, all_cards
from .order import LEVELS
from .position import FULL_HAND, Position
from .rules import Rules
from .dealing import ANY, DealSpace
from .seats import Seat


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
    hands: list[Hand | None] = [Hand.from_cards(cards[FULL_HAND * i : FULL_HAND * (i + 1)]) for i in range(4)]
    return _position(rng, rules or Rules(), level, trump, dealer, hands, bottom=Hand.from_cards(cards[4 * FULL_HAND :]))


def deal_hand(
    rng: random.Random,
    rules: Rules | None = None,
    *,
    level: str | None = None,
    trump: int | None = None,
    dealer: int | None = None,
    fixed: Mapping[Seat, Hand] | None = None,
    elsewhere: Mapping[Seat, Iterable[Card]] | None = None,
) -> Position:
    """A deal before the bury: 39 cards a seat and the 6-card kitty, from ``rng``.

    ``fixed`` gives some seats' hands; ``elsewhere[seat]`` lists cards known
    not to be in that seat's hand (every copy goes to another seat or the kitty).
    """
    rules = rules or Rules()
    fixed = dict(fixed or {})
    barred = {seat: set(cards) for seat, cards in (elsewhere or {}).items()}
    free = [s for s in range(4) if s not in fixed]
    pool = Hand.from_cards(all_cards())
    for hand in fixed.values():
        pool = pool - hand
    holders = free + [None]  # the seats to deal, then the kitty

    def allowed(holder: int, card: Card) -> frozenset[int]:
        seat = holders[holder]
        return frozenset({0}) if seat is not None and card in barred.get(seat, ()) else ANY

    dealt = DealSpace(pool, [FULL_HAND] * len(free) + [rules.shape.bottom_size], allowed).sample(rng)
    hands: list[Hand | None] = [fixed.get(s) for s in range(4)]
    for seat, hand in zip(free, dealt[:-1], strict=True):
        hands[seat] = hand
    return _position(rng, rules, level, trump, dealer, hands, kitty=dealt[-1])


def _position(rng: random.Random, rules: Rules, level: str | None, trump: int | None, dealer: int | None,
              hands: list[Hand | None], bottom: Hand | None = None, kitty: Hand | None = None) -> Position:
    """The dealt hands as a position, the dealer, level and trump drawn from ``rng`` when not given."""
    dealer = rng.randrange(4) if dealer is None else dealer
    level = level or rng.choice(LEVELS)
    trump = rng.randrange(4) if trump is None else trump
    return Position(level=level, trump=trump, dealer=dealer, hands=hands, bottom=bottom, kitty=kitty, leader=dealer,
                    rules=rules)


def play_randomly(pos: Position, rng: random.Random, stop_at_cards: int = 0) -> Position:
    """Make random legal plays until a trick starts with at most ``stop_at_cards`` cards a hand."""
    while not pos.is_over():
        hand = pos.hands[pos.leader]
        if not pos.trick and hand is not None and len(hand) <= stop_at_cards:
            break
        pos.play(rng.choice(pos.legal_plays()))
    return pos
