"""Dealing cards under constraints, and sampling the hands one seat cannot see.

Both are the same problem: put a pool of cards into holders of given sizes
(seats, the kitty or the bottom) when some holders may not take some cards —
a seat known to lack them, or void in their suit after failing to follow.

>>> import random
>>> from .cards import parse_card
>>> pool = [parse_card(t) for t in ("SA", "SK", "H5", "HT")]
>>> spade = lambda c: c in (parse_card("SA"), parse_card("SK"))
>>> hands = deal_cards(pool, [2, 2], [lambda c: False, spade], random.Random(1))
>>> sorted(hands[1]) == [parse_card("H5"), parse_card("HT")]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .cards import Card, Hand
from .errors import PositionError
from .position import Position
from .seats import Seat, seat_name

ATTEMPTS = 200


def deal_cards(
    pool: Sequence[Card], sizes: Sequence[int], excluded: Sequence[Callable[[Card], bool]], rng: random.Random
) -> list[list[Card]]:
    """Shuffle ``pool`` into holders of ``sizes``; ``excluded[i](card)`` bars holder i from a card.

    The most constrained cards are placed first, each to a random holder
    that may take it, weighted by the room it has left (uniform when nothing
    is barred). Raises :class:`PositionError` when no deal fits.
    """
    if len(pool) != sum(sizes):
        raise PositionError(f"cannot deal {len(pool)} cards into holders of {sum(sizes)}")
    allowed = {card: [i for i in range(len(sizes)) if not excluded[i](card)] for card in set(pool)}
    for _attempt in range(ATTEMPTS):
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(allowed[c]))
        room = list(sizes)
        out: list[list[Card]] = [[] for _ in sizes]
        for card in cards:
            choices = [i for i in allowed[card] if room[i]]
            if not choices:
                break
            i = rng.choices(choices, weights=[room[j] for j in choices])[0]
            out[i].append(card)
            room[i] -= 1
        else:
            return out
    raise PositionError(f"no deal satisfies the constraints (tried {ATTEMPTS} times)")


def unseen_pool(*known: Hand | None) -> list[Card]:
    """The cards of the three packs not in any of the ``known`` hands."""
    counts = [3] * 54
    for hand in known:
        if hand is not None:
            for card, n in enumerate(hand.counts):
                counts[card] -= n
    if min(counts) < 0:
        raise PositionError("the known cards hold some card more than three times")
    return [card for card in range(54) for _ in range(counts[card])]


@dataclass
class Knowledge:
    """What one seat knows during the play: its hand, the played cards, shown voids.

    ``voids[s]`` holds the effective suits (0–3 plain, 4 trumps) seat ``s``
    has shown it lacks by not following. The dealer also knows the bottom.
    """

    seat: Seat
    position: Position
    voids: list[set[int]] = field(default_factory=lambda: [set() for _ in range(4)])

    @classmethod
    def of(cls, position: Position, seat: Seat) -> Knowledge:
        """What ``seat`` knows in ``position`` (the other hands there are ignored)."""
        knowledge = cls(seat, position)
        order = position.order
        tricks = [(t.leader, t.plays) for t in position.history]
        if position.trick:
            tricks.append((position.leader, tuple(position.trick)))
        for leader, plays in tricks:
            suit = order.effective_suit(plays[0].cards[0])
            for i, play in enumerate(plays[1:], start=1):
                if any(order.effective_suit(c) != suit for c in play.cards):
                    knowledge.voids[position.seat_after(leader, i)].add(suit)
        return knowledge

    def hidden_holders(self) -> list[int]:
        """Seats whose hands are hidden, then 4 for the bottom when it is hidden."""
        pos = self.position
        holders: list[int] = [s for s in range(4) if s != self.seat]
        if self.seat != pos.dealer and not pos.is_before_bury:
            holders.append(4)
        return holders

    def sample(self, rng: random.Random) -> Position:
        """A copy of the position with the hidden hands (and bottom) dealt at random, consistent with what is known.

        Before the bury the dealer knows the kitty too, and the other hands hold 39 cards each.
        """
        pos = self.position
        holders = self.hidden_holders()
        played = [c for t in pos.history for p in t.plays for c in p.cards] + [c for p in pos.trick for c in p.cards]
        known = [pos.hands[self.seat], Hand.from_cards(played)]
        if self.seat == pos.dealer:
            known.append(pos.kitty if pos.is_before_bury else pos.bottom)
        if known[0] is None:
            raise PositionError(f"{seat_name(self.seat)}'s own hand is not given")
        sizes = [self._size(s) for s in holders]
        excluded = [self._excluder(s) for s in holders]
        dealt = deal_cards(unseen_pool(*known), sizes, excluded, rng)
        out = pos.copy()
        for s, cards in zip(holders, dealt, strict=True):
            if s == 4:
                out.bottom = Hand.from_cards(cards)
            else:
                out.hands[s] = Hand.from_cards(cards)
        return out

    def _size(self, holder: int) -> int:
        pos = self.position
        if holder == 4:
            return pos.shape.bottom_size
        hand = pos.hands[holder]
        if hand is not None:
            return len(hand)
        if pos.is_before_bury:
            return pos.shape.hand_size
        raise PositionError(f"{seat_name(holder)}'s hand size is unknown")

    def _excluder(self, holder: int) -> Callable[[Card], bool]:
        voids = self.voids[holder] if holder < 4 else set()
        order = self.position.order
        return lambda card: order.effective_suit(card) in voids
