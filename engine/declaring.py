"""The declaration while dealing (亮主, 反主): every way the rule texts give it (docs/rules.md §12).

The cards are dealt one at a time in play order. When a card reaches a seat
and makes a showing possible, that seat is asked whether to show (a
:class:`Showing`); a showing declares, or overrides the declaration so far:

- ``big`` (002): a big joker declares; two override one (二张大王可以反一张大王);
- ``jokers`` (000, 001, 003): a little joker declares, a big joker overrides
  it, two big jokers override one (小王定主，大王可反；大王定主，两个大王可反);
- ``level`` (004 after the first hand): level cards — two alike override one,
  three alike override two or one, and three little or three big jokers
  name any suit (大王的叫牌权优于小王); a seat may add to its own showing
  (自己可以加固自己的亮牌);
- ``level-last`` (000, 001, 003: 最后翻出的级牌花色即为主花色): any seat may show
  a level card; the last one shown sets the trump.

A joker's declaration takes the suit of the next plain card its seat
receives (the bottom's first plain card if none comes); a level card's
showing takes its own suit at once. With ``fixed`` (004's first hand: 一张即
可，别人反不了) a big joker declares and nothing overrides it. When nobody
declares: ``redeal`` (002, 003), the bottom's first plain card sets the trump
(``bottom``: 000, 001; the first hand dealt by the seat dealt first), or a
card drawn from the bottom does (``draw``: 004; on the first hand each seat
turns a bottom card and the highest deals — 翻出最大牌的一家为庄家).

>>> from .cards import parse_card as c
>>> deck = [c("S4"), c("BJ"), c("S5"), c("S6"), c("S7"), c("H2")] + [c("C3")] * 156
>>> found = declare(deck, first=0)  # E gets the big joker, then ♥2
>>> found.seat, found.trump, found.jokers, found.how
(1, 1, 1, 'big')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from .cards import BIG_JOKER, LITTLE_JOKER, Card, Hand, Play, is_joker, rank_of, suit_of
from .seats import Seat

__all__ = ["DECLARE_CHOICES", "FIRST_CHOICES", "NOBODY_CHOICES", "Decide", "Declaration", "Showing", "always",
           "declare"]

DECLARE_CHOICES = ("big", "jokers", "level", "level-last")
FIRST_CHOICES = ("same", "big-fixed")
NOBODY_CHOICES = ("redeal", "bottom", "draw")
DEALT = 156  # the cards dealt to the seats; the rest is the bottom
TURN_ORDER = "3456789TJQKA2"  # a turned card's rank, lowest first (the level above them all; 004 names no order)


@dataclass(frozen=True)
class Showing:
    """What a seat may show now: ``cards``; ``kind`` ``big`` / ``little`` (a joker: the next plain card sets
    the trump), ``level`` (the cards' suit is trump) or ``any`` (three jokers: the seat names the suit);
    ``over``: the seat whose declaration it overrides (None for a first declaration or one's own)."""

    cards: Play
    kind: str
    over: Seat | None = None
    again: bool = False  # under level-last: a showing after another one (the last shown wins)

    @property
    def jokers(self) -> int:
        """The big jokers shown (the number the 002 questions speak of)."""
        return self.cards.cards.count(BIG_JOKER)


@dataclass(frozen=True)
class Declaration:
    """Who declared while dealing and the trump suit it set: for a first hand, the declarer deals.

    ``jokers``: the big jokers shown (1 declares, 2 override a single one; 0 for other showings);
    ``from_bottom``: no plain card reached the declarer after it declared, or nobody declared, and the bottom
    set the suit; ``overrode``: the seat whose declaration was overridden (反主); ``cards``: what was shown,
    when not big jokers alone; ``how``: the showing's kind (``big``, ``little``, ``level``, ``any``) or, when
    nobody declared, how the trump was found (``bottom``, ``draw``, ``turn``).
    """

    seat: Seat
    trump: int
    jokers: int
    from_bottom: bool = False
    overrode: Seat | None = None
    cards: Play | None = None
    how: str = "big"
    added: bool = False  # the seat added to its own showing (自己可以加固自己的亮牌)

    def shown(self) -> Play | None:
        """The cards the declarer showed (None when nobody declared)."""
        if self.how in ("bottom", "draw", "turn"):
            return None
        return self.cards if self.cards is not None else Play((BIG_JOKER,) * self.jokers)

    def tag(self) -> str:
        """The ``Declaration`` tag of a game file: ``E 1`` (big jokers), ``E H3 H3``, ``S bottom``, ``S turned HK``."""
        from .seats import seat_name

        if self.how == "big" and self.cards is None:
            return f"{seat_name(self.seat)} {self.jokers}"
        if self.how in ("bottom", "draw"):
            return f"{seat_name(self.seat)} {self.how}"
        if self.how == "turn":
            return f"{seat_name(self.seat)} turned {self.cards}"
        return f"{seat_name(self.seat)} {self.cards}"


#: A seat's choice while dealing: (seat, its cards so far, the showing it may make) → show it? For a showing
#: of kind ``any`` the answer may be the suit named (0–3); True names the seat's longest plain suit.
Decide = Callable[[Seat, Hand, Showing], "bool | int"]


def always(seat: Seat, received: Hand, showing: Showing) -> bool:
    """The computer players' rule: declare or override at the first chance (with level cards under
    ``level-last``, only while nobody has shown one)."""
    return not showing.again


def longest_suit(received: Hand, level: str) -> int:
    """The plain suit the seat holds most of (level cards and 2s aside), the first of equals."""
    counts = [0, 0, 0, 0]
    for card in received:
        if not is_joker(card) and rank_of(card) not in (level, "2"):
            counts[suit_of(card)] += 1  # type: ignore[index]
    return counts.index(max(counts))


def _offer(way: str, fixed: bool, seat: Seat, held: Hand, card: Card, current: Declaration | None,
           strength: tuple[int, int], level: str) -> tuple[Showing, tuple[int, int]] | None:
    """The showing the card just received makes possible for ``seat``, with its strength; None if none."""
    mine = current is not None and current.seat == seat
    over = None if current is None or mine else current.seat
    if way == "big" or fixed:
        if card != BIG_JOKER:
            return None
        if current is None:
            return Showing(Play((BIG_JOKER,)), "big"), (1, 0)
        if not fixed and current.jokers == 1 and not mine and held.count(BIG_JOKER) >= 2:
            return Showing(Play((BIG_JOKER,) * 2), "big", over), (2, 0)
        return None
    if way == "jokers":
        if card == LITTLE_JOKER and current is None:
            return Showing(Play((LITTLE_JOKER,)), "little"), (1, 0)
        if card == BIG_JOKER and not mine:
            if strength < (2, 0):
                return Showing(Play((BIG_JOKER,)), "big", over), (2, 0)
            if strength < (3, 0) and held.count(BIG_JOKER) >= 2:
                return Showing(Play((BIG_JOKER,) * 2), "big", over), (3, 0)
        return None
    if way == "level-last":
        if is_joker(card) or rank_of(card) != level:
            return None
        return Showing(Play((card,)), "level", over, again=current is not None), (1, 0)
    # level (004): level cards two over one, three over two or one; three little or big jokers name any suit
    n = held.count(card)
    if is_joker(card):
        if n < 3:
            return None
        power = (3, 1 if card == LITTLE_JOKER else 2)
        return (Showing(Play((card,) * 3), "any", over), power) if power > strength or mine else None
    if rank_of(card) != level:
        return None
    if mine and current.cards is not None and card in current.cards.cards and n > len(current.cards):  # type: ignore[union-attr]
        return Showing(Play((card,) * n), "level"), (n, 0)  # adding to one's own showing
    return (Showing(Play((card,) * n), "level", over), (n, 0)) if (n, 0) > strength else None


def declare(deck: list[Card], first: Seat, decide: Callable[[Seat], Decide] | None = None,
            shown: Callable[[Declaration | None], None] | None = None, way: str = "big", level: str = "3",
            fixed: bool = False, nobody: str = "redeal", first_hand: bool = True,
            rng: random.Random | None = None) -> Declaration | None:
    """The declaration while dealing ``deck`` from ``first`` (see the module), or None for a redeal.

    ``decide(seat)`` gives each seat's choices (:func:`always` by default); ``shown`` hears of each showing
    as it is made (a joker's trump not yet known: −1), and of none (None) when the cards are dealt again.
    ``rng`` draws the bottom's card (``nobody="draw"``)."""
    chooser = decide or (lambda seat: always)
    received: list[list[Card]] = [[] for _ in range(4)]
    current: Declaration | None = None
    strength = (0, 0)
    waiting = False  # a joker's declarer has not yet received a plain card
    for j, card in enumerate(deck[:DEALT]):
        seat = (first + j) % 4
        received[seat].append(card)
        held = Hand.from_cards(received[seat])
        offer = _offer(way, fixed, seat, held, card, current, strength, level)
        if offer is not None:
            showing, power = offer
            answer = chooser(seat)(seat, held, showing)
            if answer is not False and answer is not None:
                overrode = showing.over if showing.over is not None else (current.overrode if current is not None
                                                                          and current.seat == seat else None)
                if showing.kind == "level":
                    trump, waiting = suit_of(showing.cards.cards[0]), False
                elif showing.kind == "any":
                    trump = answer if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < 4 \
                        else longest_suit(held, level)
                    waiting = False
                else:
                    trump, waiting = -1, True
                legacy = showing.kind == "big" and way == "big" and not fixed
                added = current is not None and current.seat == seat
                current = Declaration(seat, trump, showing.jokers, overrode=overrode,
                                      cards=None if legacy else showing.cards, how=showing.kind, added=added)
                strength = power
                if shown is not None:
                    shown(current)
                continue
        if waiting and current is not None and seat == current.seat and not is_joker(card):
            current, waiting = replace(current, trump=suit_of(card)), False  # type: ignore[arg-type]
    bottom = deck[DEALT:]
    if current is not None:
        if waiting:
            plain = [suit_of(c) for c in bottom if not is_joker(c)]
            if not plain:
                return None
            current = replace(current, trump=plain[0], from_bottom=True)
        return current
    if nobody == "bottom":
        plain = [c for c in bottom if not is_joker(c)]
        if plain:
            return Declaration(first, suit_of(plain[0]), 0, from_bottom=True, how="bottom")  # type: ignore[arg-type]
    elif nobody == "draw" and rng is not None:
        if first_hand:
            return _turned(bottom, first, level, rng)
        plain = [c for c in bottom if not is_joker(c)]
        if plain:
            drawn = plain[rng.randrange(len(plain))]
            return Declaration(first, suit_of(drawn), 0, from_bottom=True, cards=Play((drawn,)),  # type: ignore[arg-type]
                               how="draw")
    if shown is not None:
        shown(None)
    return None


def _turned(bottom: list[Card], first: Seat, level: str, rng: random.Random) -> Declaration | None:
    """004's first hand without a declaration: each seat in turn from ``first`` turns a card of the bottom
    (a joker is put back and another turned); the highest deals, its suit trump; the first turned of equals."""
    plain = [c for c in bottom if not is_joker(c)]
    if len(plain) < 4:
        return None
    rng.shuffle(plain)
    turned = [((first + i) % 4, plain[i]) for i in range(4)]
    best = max(range(4), key=lambda i: (TURN_ORDER.index(rank_of(turned[i][1])) if rank_of(turned[i][1]) != level  # type: ignore[arg-type]
                                        else len(TURN_ORDER), -i))
    seat, card = turned[best]
    return Declaration(seat, suit_of(card), 0, from_bottom=True, cards=Play((card,)), how="turn")  # type: ignore[arg-type]
