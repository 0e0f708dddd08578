"""What one seat knows during the play, and the hidden hands sampled consistently with it.

A seat sees its own hand, every card played and by whom, each hand's size
and — if it is the dealer — the bottom (before the bury: the kitty). The
cards still out are the other hands together, plus the bottom for a seat
that is not the dealer. From the play it infers only what the rules force
(docs/rules.md, "What a seat knows"):

- a seat that played fewer cards of the led effective suit than were led
  had no more of that suit: it is void in it from then on;
- under ``follow=strict``, a seat that did not answer a led pair with a pair
  held no card of that suit exactly twice then; one that did not answer a
  led triple with a triple held no card of the suit three times then, and
  if its play had no two identical cards of the suit, none twice either;
- the bottom holds at most ``bury_limit`` points;
- after a round of 扣王 (a ``JokerBury`` tag) the bottom holds as many big jokers as the table was told,
  and the dealer knows the cards each seat took back from it.

Samples are exactly uniform over the physical deals that fit (see
:mod:`.dealing`).

>>> import random
>>> from .deal import play_randomly, random_deal
>>> rng = random.Random(4)
>>> pos = play_randomly(random_deal(rng), rng, 20)
>>> sample = Knowledge.of(pos, pos.to_play).sample(rng)
>>> sample.hands[pos.to_play] == pos.hands[pos.to_play], [len(h) for h in sample.hands] == [len(h) for h in pos.hands]
(True, True)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from functools import cached_property

from huolong.i18n import _

from .cards import BIG_JOKER, LITTLE_JOKER, Card, Hand, Play
from .dealing import ANY, DealSpace
from .errors import PositionError
from .order import TRUMP
from .position import Position
from .seats import Seat, seat_label
from .jokers import BOTTOM_SHOWN_TAG, KITTY_SHOWN_TAG, joker_bury_of
from .tribute import tribute_of
from .shown import still_held, unplayed

BOTTOM = 4  # the holder number of the bottom (or the kitty), after the four seats
MAX_REDRAWS = 10_000  # deals drawn again, at most, for what the dealer showed (it fits about 3 in 4)


@dataclass
class Knowledge:
    """What ``seat`` knows in ``position``: the other hands are only used for the cards still out.

    ``voids[s]`` holds the effective suits (0–3 plain, 4 trumps) seat ``s``
    has shown it lacks; ``not_held[s][card]`` the numbers of copies of a
    card seat ``s`` cannot hold now (strict-follow inferences).
    """

    seat: Seat
    position: Position
    voids: list[set[int]] = field(default_factory=lambda: [set() for _ in range(4)])
    not_held: list[dict[Card, set[int]]] = field(default_factory=lambda: [{} for _ in range(4)])
    holds: list[Hand] = field(default_factory=lambda: [Hand() for _ in range(4)])  # shown while dealing, not played
    bottom_jokers: int | None = None  # the big jokers in the bottom, when the table was told (扣王)
    bottom_little: int = 0  # the little jokers buried in the round of 扣王 (004): the bottom holds at least these

    @classmethod
    def of(cls, position: Position, seat: Seat) -> Knowledge:
        """What ``seat`` knows in ``position``: from its history when it is a hand record, else from the trick."""
        knowledge = cls(seat, position)
        knowledge.holds = [Hand() if s == seat else still_held(position, s) for s in range(4)]
        if position.tags.get(KITTY_SHOWN_TAG) and position.kitty is not None and seat != position.dealer:
            knowledge.holds[position.dealer] = knowledge.holds[position.dealer] + unplayed(
                position, position.dealer, position.kitty)  # 004: the bottom as dealt was shown to all
        if position.tags.get(BOTTOM_SHOWN_TAG) and position.bottom is not None:  # what it showed may lie there
            held = knowledge.holds[position.dealer]
            knowledge.holds[position.dealer] = Hand(tuple(max(0, a - b) for a, b in zip(held.counts,
                                                                                          position.bottom.counts)))
        paid = tribute_of(position)
        if paid is not None and seat == paid.payer:  # 喝血: it knows what it gave the dealer
            knowledge.holds[paid.dealer] = knowledge.holds[paid.dealer] + unplayed(
                position, paid.dealer, Hand.from_cards(paid.given.cards))
        if paid is not None and seat == paid.dealer:  # and the dealer what it gave back
            knowledge.holds[paid.payer] = knowledge.holds[paid.payer] + unplayed(
                position, paid.payer, Hand.from_cards(paid.returned.cards))
        bury = joker_bury_of(position)
        if bury is not None:
            knowledge.bottom_jokers = bury.big_jokers  # the table was told who buried how many
            knowledge.bottom_little = bury.little_jokers
            if seat == position.dealer:  # it knows what it buried: what each seat took back is in its hand
                for swap in bury.swaps:
                    if swap.taken is not None:
                        knowledge.holds[swap.seat] = knowledge.holds[swap.seat] + unplayed(
                            position, swap.seat, Hand.from_cards(swap.taken.cards))
        tricks = [(t.leader, t.plays) for t in position.history]
        if position.trick:
            tricks.append((position.leader, tuple(position.trick)))
        for number, (leader, plays) in enumerate(tricks):
            for i, play in enumerate(plays[1:], start=1):
                who = position.seat_after(leader, i)
                knowledge._infer(who, plays[0], play, tricks[number:], i)
        return knowledge

    def _infer(self, who: Seat, lead: Play, play: Play, later: list[tuple[Seat, tuple[Play, ...]]],
               index: int) -> None:
        """What ``who`` showed by answering ``lead`` with ``play`` (``later``: that trick and the rest)."""
        order = self.position.order
        suit = order.effective_suit(lead.cards[0])
        in_suit = [c for c in play.cards if order.effective_suit(c) == suit]
        if len(in_suit) < len(lead):
            self.voids[who].add(suit)
        if self.position.rules.follow != "strict" or len(lead) == 1 or len(in_suit) < len(lead):
            return
        identical = len(set(play.cards)) == 1
        pair_in_play = any(play.cards.count(c) >= 2 for c in in_suit)
        excluded: list[int] = []  # copies the seat cannot have held of any card of the suit
        if len(lead) == 2 and not identical:
            excluded = [2]
        if len(lead) == 3 and not identical:
            excluded = [3] if pair_in_play else [2, 3]
        if not excluded:
            return
        # from the counts then to the counts now: add back what the seat played from that play on
        played_since: dict[Card, int] = {}
        for t, (leader, plays) in enumerate(later):
            for j, p in enumerate(plays):
                if self.position.seat_after(leader, j) == who and (t > 0 or j >= index):
                    for c in p.cards:
                        played_since[c] = played_since.get(c, 0) + 1
        for card in order.kinds_of_suit(suit):
            for n in excluded:
                now = n - played_since.get(card, 0)
                if 0 <= now <= 3:
                    self.not_held[who].setdefault(card, set()).add(now)

    def hidden_holders(self) -> list[int]:
        """Seats whose hands are hidden, then :data:`BOTTOM` when the bottom is hidden."""
        pos = self.position
        holders: list[int] = [s for s in range(4) if s != self.seat]
        if self.seat != pos.dealer and not pos.is_before_bury and not pos.tags.get(BOTTOM_SHOWN_TAG):
            holders.append(BOTTOM)
        return holders

    def allowed(self, holder: int, card: Card) -> frozenset[int]:
        """How many copies of ``card`` a hidden holder may hold."""
        if holder == BOTTOM:
            if card == BIG_JOKER and self.bottom_jokers is not None:
                return frozenset({self.bottom_jokers})
            if card == LITTLE_JOKER and self.bottom_little:
                return frozenset(range(self.bottom_little, 4))
            return ANY
        if self.position.order.effective_suit(card) in self.voids[holder]:
            out = frozenset({0})
        else:
            barred = self.not_held[holder].get(card)
            out = ANY - barred if barred else ANY
        need = self.holds[holder].count(card)
        if need and not self._may_have_buried(holder):
            out = frozenset(n for n in out if n >= need)
        return out

    def _may_have_buried(self, holder: int) -> bool:
        """The dealer, seen by a seat that cannot see the bottom: what it showed may be buried there."""
        pos = self.position
        return holder == pos.dealer and BOTTOM in self.hidden_holders()

    def out(self) -> Hand:
        """The cards still out: the hidden hands together, and the bottom unless this seat is the dealer."""
        pos = self.position
        if pos.hands[self.seat] is None:
            raise PositionError(_("{seat}'s own hand is not given").format(seat=seat_label(self.seat)))
        if pos.is_before_bury:  # the dealer's view of a fresh deal: everything but its hand and the kitty
            pool = Hand(tuple(pos.shape.copies for _ in range(54)))
            return pool - pos.hands[self.seat] - pos.kitty  # type: ignore[operator]
        cards = Hand()
        for holder in self.hidden_holders():
            hand = pos.bottom if holder == BOTTOM else pos.hands[holder]
            if hand is None:
                raise PositionError(_("{seat}'s hand is '-': the cards still out are unknown; "
                                      "give the hand record ([Play]) or every hand").format(seat=seat_label(holder)))
            cards = cards + hand
        return cards

    @cached_property
    def space(self) -> DealSpace:
        """Every physical deal of the cards still out that fits what the seat knows."""
        pos = self.position
        holders = self.hidden_holders()
        sizes = [self._size(h) for h in holders]
        limit = pos.rules.bury_limit
        limited = (holders.index(BOTTOM), limit) if BOTTOM in holders and limit is not None else None
        return DealSpace(self.out(), sizes, lambda i, card: self.allowed(holders[i], card), limited)

    def _size(self, holder: int) -> int:
        pos = self.position
        if holder == BOTTOM:
            return pos.shape.bottom_size
        hand = pos.hands[holder]
        if hand is not None:
            return len(hand)
        if pos.is_before_bury:
            return pos.shape.hand_size
        raise PositionError(_("{seat}'s hand size is unknown").format(seat=seat_label(holder)))

    def key(self) -> str:
        """What this seat knows, as a short digest: two positions a seat sees alike have the same key.

        Analyses seed their samples with it, so that whichever command asks — the hint, ``advise``,
        the review, the board — the same seed deals the same hidden hands for the same knowledge.
        """
        cached = self.__dict__.get("_key")
        if cached is not None:
            return cached
        pos = self.position
        own = pos.hands[self.seat]
        seen_bottom = pos.bottom if self.seat == pos.dealer and not pos.is_before_bury else None
        parts = [
            str(pos.rules), str(pos.level), str(pos.trump), str(pos.dealer), str(self.seat), str(own),
            str(pos.kitty if pos.is_before_bury else None), str(seen_bottom), str(pos.leader), str(pos.points),
            ";".join(str(t) for t in pos.history), ",".join(str(p) for p in pos.trick),
            str(self.out()), repr([len(h) if h is not None else None for h in pos.hands]),
            repr([sorted(v) for v in self.voids]),
            repr([sorted((c, sorted(n)) for c, n in d.items()) for d in self.not_held]),
            repr([str(h) for h in self.holds]),
        ]
        if self.bottom_jokers is not None:  # told after a round of 扣王 (a record without one keeps its key)
            parts.append(f"bottom-jokers:{self.bottom_jokers}:{self.bottom_little}")
        self.__dict__["_key"] = hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]
        return self.__dict__["_key"]

    def sample(self, rng: random.Random) -> Position:
        """A copy of the position with the hidden hands (and the bottom) dealt at random, as this seat sees it.

        What the dealer showed while dealing is in its hand or the bottom: deals that break it are drawn
        again (rejection keeps the samples exactly uniform over the deals that fit)."""
        holders = self.hidden_holders()
        dealer = self.position.dealer
        need = self.holds[dealer] if self._may_have_buried(dealer) else Hand()
        for _attempt in range(MAX_REDRAWS):
            hands = self.space.sample(rng, fast=True)  # samples are new: the faster shuffle
            if need:
                held = hands[holders.index(dealer)] + hands[holders.index(BOTTOM)]
                if not held.contains_all(Play(tuple(need))):
                    continue
            out = self.position.copy(undo=False)
            for holder, hand in zip(holders, hands, strict=True):
                if holder == BOTTOM:
                    out.bottom = hand
                else:
                    out.hands[holder] = hand
            return out
        raise PositionError(_("no deal satisfies what is known: {seat} showed {cards} while dealing").format(
            seat=seat_label(dealer), cards=Play(tuple(need)).unicode()))


def shown_voids(knowledge: Knowledge) -> dict[Seat, list[int]]:
    """The suits each hidden seat has shown it lacks, trumps last."""
    return {s: sorted(v, key=lambda suit: (suit == TRUMP, suit)) for s, v in enumerate(knowledge.voids)
            if v and s != knowledge.seat}
