"""The dealer's bury (扣底): a quick heuristic choice of the 6 cards to put down.

The dealer picks up the kitty (45 cards) and buries 6. The heuristic follows
what players do: bury plain cards, void the shortest plain suit when that is
cheap, keep trumps, aces and kings, pairs and triples, and put few points in
the bottom (the attackers multiply them if they dig). ``bury_limit`` is
honoured.

>>> from .order import trump_order
>>> from .rules import Rules
>>> hand = Hand.parse("AAKQJT98765432.AAKKQJT9876543.AKQJT98765432.96.BL")
>>> str(heuristic_bury(hand, trump_order("3", 0), Rules()))  # voids clubs
'-.64.64.96'
"""

from __future__ import annotations

from huolong.i18n import _

from .cards import Hand, card_points
from .errors import PositionError
from .order import TRUMP, TrumpOrder
from .rules import Rules

BURY_SIZE = 6


def bury_cost(card: int, hand: Hand, order: TrumpOrder) -> int:
    """How much the dealer's hand loses by burying one copy of ``card`` (lower is cheaper).

    Trumps are never cheap; among plain cards high ranks, cards of a pair or
    triple and point cards cost more (points buried are points at risk).
    """
    if order.is_trump(card):
        return 1000 + order.power(card)
    cost = order.power(card) * 3 + card_points(card) * 4
    if hand.count(card) >= 2:
        cost += 40 * (hand.count(card) - 1)
    return cost


def heuristic_bury(hand: Hand, order: TrumpOrder, rules: Rules, size: int = BURY_SIZE) -> Hand:
    """Six cards to bury from the dealer's 45: void a short plain suit if cheap, else the cheapest cards."""
    if len(hand) < size:
        raise PositionError(_("the dealer holds {n} cards: cannot bury {size}").format(n=len(hand), size=size))
    limit = rules.bury_limit
    cards = sorted(hand, key=lambda c: (bury_cost(c, hand, order), c))
    best: list[int] | None = None
    best_cost = None
    # try voiding each plain suit that fits in the bottom, topped up with the cheapest other cards
    for suit in order.suits:
        if suit == TRUMP:
            continue
        in_suit = [c for c in cards if order.effective_suit(c) == suit]
        if not in_suit or len(in_suit) > size:
            continue
        rest = [c for c in cards if order.effective_suit(c) != suit][: size - len(in_suit)]
        choice = in_suit + rest
        cost = sum(bury_cost(c, hand, order) for c in choice) - 25 * len(in_suit)  # a void is worth having
        if _within(choice, limit) and (best_cost is None or cost < best_cost):
            best, best_cost = choice, cost
    plain = cards[:size]
    if _within(plain, limit) and (best_cost is None or sum(bury_cost(c, hand, order) for c in plain) < best_cost):
        best = plain
    if best is None:
        best = _cheapest_within(cards, limit, size)
    return Hand.from_cards(best)


def _within(cards: list[int], limit: int | None) -> bool:
    return limit is None or sum(card_points(c) for c in cards) <= limit


def _cheapest_within(cards: list[int], limit: int | None, size: int) -> list[int]:
    """The cheapest cards, skipping point cards that would break ``bury_limit``."""
    chosen: list[int] = []
    points = 0
    for card in cards:
        if limit is not None and points + card_points(card) > limit:
            continue
        chosen.append(card)
        points += card_points(card)
        if len(chosen) == size:
            return chosen
    raise PositionError(_("no bury of {size} cards keeps to bury_limit={limit}").format(size=size, limit=limit))
