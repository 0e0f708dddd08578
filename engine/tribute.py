"""喝血 / 进贡 (004): before the bottom is taken, the dealer's predecessor gives the dealer its highest cards.

How many ("blood") follows from the last hand (004: 喝血多少由上一局抓分方的得分、抠底情况和所扣的王的个数决定):

- the attackers' points under 80: one per 10 short, a 5 counted as 10 (每少10分下局出一个血，结算时5分按10分计);
- over 150: one per 10 over, a 5 not counted (每多10分下局即得一个血，结算时5分不计);
- each big joker in the bottom 2, each little one 1 — unless the attackers dug the bottom short of the
  threshold (扣的王作废) or the hand was 干锅 (不算血).

The seat before the next dealer in play order pays: its highest cards by the hand's order, never a point
card — except the level cards when the level is 5 or 10 (血牌不包括分牌，但打5、10的时候，5、10要进贡).
004 does not say how the hands are evened after it; this project's choice: the dealer gives back as many of
its lowest cards (the order of 扣王's "lowest", :func:`~.jokers.lowest_key`), so that every hand keeps 39.
A hand record keeps both in a ``Tribute`` tag::

    [Tribute "W > S: BJ HA; S > W: C4 C3"]

>>> blood(65, dug=False, big=0, little=0, threshold=120)
1
>>> blood(165, dug=True, big=1, little=1, threshold=120)
4
"""

from __future__ import annotations

from dataclasses import dataclass

from huolong.i18n import _

from .cards import Hand, Play, card_points, rank_of
from .errors import HuolongError, PositionError, excerpt
from .jokers import lowest_key
from .order import TrumpOrder
from .seats import Seat, parse_seat, seat_label, seat_name

__all__ = ["TAG", "Tribute", "apply_tribute", "blood", "tribute_of", "tribute_sentence"]

TAG = "Tribute"


def blood(points: int, dug: bool, big: int, little: int, threshold: int, ganguo: bool = False) -> int:
    """The cards owed to the next dealer after a hand with these points, dig and jokers in the bottom."""
    owed = 0
    if points < 80:
        owed = (80 - -(-points // 10) * 10) // 10
    elif points > 150:
        owed = (points // 10 * 10 - 150) // 10
    if not ganguo and not (dug and points < threshold):
        owed += 2 * big + little
    return owed


@dataclass(frozen=True)
class Tribute:
    """The tribute of a hand: who paid whom which cards, and what the dealer gave back."""

    payer: Seat
    dealer: Seat
    given: Play
    returned: Play

    def text(self) -> str:
        return (f"{seat_name(self.payer)} > {seat_name(self.dealer)}: {self.given}; "
                f"{seat_name(self.dealer)} > {seat_name(self.payer)}: {self.returned}")

    @classmethod
    def parse(cls, text: str) -> Tribute:
        try:
            first, second = text.split(";")
            (a, b), given = first.split(":")[0].split(">"), Play.parse(first.split(":", 1)[1])
            (c, d), returned = second.split(":")[0].split(">"), Play.parse(second.split(":", 1)[1])
            payer, dealer = parse_seat(a.strip()), parse_seat(b.strip())
            if (parse_seat(c.strip()), parse_seat(d.strip())) != (dealer, payer) or len(given) != len(returned):
                raise HuolongError(_("the dealer gives back as many cards to the seat that paid"))
        except (HuolongError, ValueError) as e:
            raise HuolongError(_("invalid Tribute {text!r}: {error}").format(
                text=excerpt(text), error=e if isinstance(e, HuolongError) else _("expected 'W > S: cards; S > W: "
                                                                                    "cards'"))) from None
        return cls(payer, dealer, given, returned)


def tribute_of(position) -> Tribute | None:  # type: ignore[no-untyped-def]
    text = position.tags.get(TAG)
    return None if text is None else Tribute.parse(text)


def _highest(hand: Hand, n: int, order: TrumpOrder) -> Play:
    """The ``n`` highest cards a payer gives: never a point card, but a level card at 5 or 10."""
    cards = [c for c in hand if card_points(c) == 0 or rank_of(c) == order.level]
    cards.sort(key=lambda c: lowest_key(c, order), reverse=True)
    return Play(tuple(cards[:n]))


def apply_tribute(deal, owed: int):  # type: ignore[no-untyped-def]
    """The deal (before the bury) after the tribute of ``owed`` cards, with its ``Tribute`` tag; the deal itself
    when nothing is owed."""
    if owed <= 0:
        return deal
    dealer = deal.dealer
    payer = deal.seat_after(dealer, 3)  # the seat before the dealer in play order (庄家的上家)
    given = _highest(deal.hands[payer], owed, deal.order)
    if not given.cards:
        return deal
    returned = Play(tuple(sorted(deal.hands[dealer], key=lambda c: lowest_key(c, deal.order))[:len(given)]))
    out = deal.copy()
    out.hands[payer] = deal.hands[payer] - given + returned
    out.hands[dealer] = deal.hands[dealer] + given - returned
    out.tags = {**deal.tags, TAG: Tribute(payer, dealer, given, returned).text()}
    for message, _tag in out.problems():
        raise PositionError(message)
    return out


def tribute_sentence(tribute: Tribute, viewer: Seat | None, cards) -> str:  # type: ignore[no-untyped-def]
    """The tribute as ``viewer`` was told it: the two seats see the cards (``cards`` writes them)."""
    n = len(tribute.given)
    if viewer is None or viewer in (tribute.payer, tribute.dealer):
        return _("喝血: {payer} gives {dealer} its {n} highest cards, {given}; {dealer} gives back its {n} lowest, "
                 "{returned}.").format(payer=seat_label(tribute.payer), dealer=seat_label(tribute.dealer), n=n,
                                       given=cards(tribute.given), returned=cards(tribute.returned))
    return _("喝血: {payer} gives {dealer} its {n} highest cards, and {dealer} gives back as many.").format(
        payer=seat_label(tribute.payer), dealer=seat_label(tribute.dealer), n=n)
