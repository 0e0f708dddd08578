"""扣王 (摘星, 载王): big jokers put into the bottom after the dealer's bury (docs/rules.md §10, "扣王").

After the dealer has buried, each other seat holding big jokers may bury
them too, in the order the game rules say (002: every seat; 003: the
attackers first), taking back as many of the bottom's lowest cards so that
every hand keeps its size. "Lowest" is one order for every text (004 spells
it out: 先看是否是主牌，然后看点数，最后看花色): plain cards before trumps,
then by power, then by suit; 000/001 and 004 never give back a point card
(000/001 nor a card of a triple, 流星). The table is told who buried how
many (002: "XX扣了x个大王"), so every seat knows how many big jokers the
bottom holds; the seat that took cards back knows them, and so does the
dealer, who knows what it buried.

A hand record keeps the round in a ``JokerBury`` tag — the dealer's big
jokers first, then each swap, the jokers and the cards taken back; ``-``
when nobody buried one::

    [JokerBury "S BJ; E BJ BJ > C4 C3"]

>>> take_back(Hand.parse("9.4.3.-"), 1, "lowest", trump_order("5", 0))
Play.parse('D3')
>>> str(JokerSwap(1, Play.parse("BJ BJ"), Play.parse("C3 C4")))
'E BJ BJ > C4 C3'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from huolong.i18n import _, ngettext

from .cards import BIG_JOKER, LITTLE_JOKER, Card, Hand, Play, card_points, is_joker, rank_of
from .errors import HuolongError, PositionError, excerpt
from .order import TrumpOrder, trump_order  # noqa: F401 - trump_order: the doctests use it
from .seats import Seat, parse_seat, seat_label, seat_name

if TYPE_CHECKING:
    from .position import Position

__all__ = ["JokerSwap", "JokerBury", "TAG", "TAKE_CHOICES", "apply_swap", "every_joker_buried", "joker_bury_of", "joker_bury_problem",
           "joker_round", "lowest_key", "is_ganguo", "jokers_buried", "swap_limit", "swap_order", "take_back", "told_sentences", "undo_swaps", "BOTTOM_SHOWN_TAG", "GANGUO_TAG", "KITTY_SHOWN_TAG"]

TAG = "JokerBury"
#: 干锅 (004): the bottom as dealt had no trump-suit card but level cards, or only trumps — the dealer kept
#: it as it was, nobody buried jokers, and its jokers count for nothing (底牌中的王不追加升级也不算血).
GANGUO_TAG = "Ganguo"
#: 004: the bottom turned up for all after a round in which jokers were buried (扣王时底牌必须亮给大家看).
BOTTOM_SHOWN_TAG = "BottomShown"
#: 004: the bottom as dealt shown to all after the declaration (发牌或反主结束后将底牌公开): the dealer holds those
#: cards, in its hand or the bottom.
KITTY_SHOWN_TAG = "KittyShown"
#: Which of the bottom's cards a seat burying big jokers takes back: the lowest (002, 003); the lowest but
#: never a point card (004: 不能捡分牌); nor a card of a triple in the bottom (000, 001: 分值与流星除外).
TAKE_CHOICES = ("lowest", "lowest-no-points", "lowest-no-points-triples")


def lowest_key(card: Card, order: TrumpOrder) -> tuple[int, int, int]:
    """The order of "lowest" (004: trump or not, then power, then suit): the lowest card sorts first."""
    return (1 if order.is_trump(card) else 0, order.power(card), card)


def _eligible(bottom: Hand, take: str) -> list[Card]:
    """The bottom's cards a seat may take back, one entry per copy."""
    cards = list(bottom)
    if take == "lowest":
        return [c for c in cards if not is_joker(c)]
    out = [c for c in cards if not is_joker(c) and card_points(c) == 0]
    if take == "lowest-no-points-triples":
        out = [c for c in out if bottom.count(c) < 3]
    return out


def take_back(bottom: Hand, n: int, take: str, order: TrumpOrder) -> Play:
    """The ``n`` cards a seat burying ``n`` big jokers takes back from ``bottom``; ties in the card order.

    >>> take_back(Hand.parse("K5.-.T4.43"), 2, "lowest-no-points", trump_order("7", 1))
    Play.parse('D4 C3')
    """
    cards = sorted(_eligible(bottom, take), key=lambda c: lowest_key(c, order))
    if n > len(cards):
        raise PositionError(_("the bottom has only {n} cards that may be taken back").format(n=len(cards)))
    return Play(tuple(cards[:n]))


def swap_limit(hand: Hand, bottom: Hand, take: str, little: bool = False) -> int:
    """How many jokers a seat holding ``hand`` may bury: its big jokers (and, with ``little``, its little
    ones after them: 004), as far as the bottom has cards to give back (004: a bottom of point cards and
    jokers takes none)."""
    jokers = hand.count(BIG_JOKER) + (hand.count(LITTLE_JOKER) if little else 0)
    return min(jokers, len(_eligible(bottom, take)))


def jokers_buried(hand: Hand, n: int) -> Play:
    """The ``n`` jokers a seat buries: big ones first (004: 有大王必须先扣大王，没有大王的情况下才能扣小王)."""
    big = min(n, hand.count(BIG_JOKER))
    return Play((BIG_JOKER,) * big + (LITTLE_JOKER,) * (n - big))


@dataclass(frozen=True)
class JokerSwap:
    """One seat's 扣王: the big jokers it put into the bottom and the cards it took back (none for the
    dealer, who buried its jokers in its bury)."""

    seat: Seat
    jokers: Play
    taken: Play | None = None

    def __str__(self) -> str:
        text = f"{seat_name(self.seat)} {self.jokers}"
        return f"{text} > {self.taken}" if self.taken is not None else text


@dataclass(frozen=True)
class JokerBury:
    """The round as the table was told it: the dealer's big jokers (if any), then each swap in turn."""

    dealer: JokerSwap | None
    swaps: tuple[JokerSwap, ...] = ()

    @property
    def big_jokers(self) -> int:
        """The big jokers in the bottom after the round: every seat knows it."""
        return sum(s.jokers.cards.count(BIG_JOKER) for s in self.entries)

    @property
    def little_jokers(self) -> int:
        """The little jokers buried in the round (004): the bottom holds at least these."""
        return sum(s.jokers.cards.count(LITTLE_JOKER) for s in self.swaps)

    @property
    def entries(self) -> tuple[JokerSwap, ...]:
        return ((self.dealer,) if self.dealer is not None else ()) + self.swaps

    def text(self) -> str:
        return "; ".join(str(s) for s in self.entries) or "-"

    @classmethod
    def parse(cls, text: str, dealer: Seat) -> JokerBury:
        """The ``JokerBury`` tag's value (``-`` for none)."""
        if text.strip() in ("", "-"):
            return cls(None)
        found: list[JokerSwap] = []
        for part in text.split(";"):
            given, arrow, taken = part.partition(">")
            words = given.split()
            try:
                if len(words) < 2:
                    raise HuolongError(_("expected a seat and its big jokers"))
                seat, jokers = parse_seat(words[0]), Play.parse(" ".join(words[1:]))
                if any(not is_joker(c) for c in jokers.cards):
                    raise HuolongError(_("only jokers are buried this way"))
                back = Play.parse(taken) if arrow else None
            except HuolongError as e:
                raise HuolongError(_("invalid JokerBury {text!r}: {error}").format(text=excerpt(text), error=e)) \
                    from None
            if (seat == dealer) != (back is None) or (back is not None and len(back) != len(jokers)):
                raise HuolongError(_("invalid JokerBury {text!r}: the dealer's jokers come first and take nothing "
                                     "back; every other seat takes back as many cards as it buried").format(
                    text=excerpt(text)))
            found.append(JokerSwap(seat, jokers, back))
        first = found[0] if found and found[0].seat == dealer else None
        rest = tuple(found[1:] if first is not None else found)
        if any(s.seat == dealer for s in rest) or len({s.seat for s in rest}) != len(rest):
            raise HuolongError(_("invalid JokerBury {text!r}: each seat buries once").format(text=excerpt(text)))
        return cls(first, rest)


def joker_bury_of(position) -> JokerBury | None:  # type: ignore[no-untyped-def]
    """The position's ``JokerBury`` tag, read (None without one: the table was told nothing)."""
    text = position.tags.get(TAG)
    return None if text is None else JokerBury.parse(text, position.dealer)


def is_ganguo(kitty: Hand, order: TrumpOrder) -> bool:
    """干锅 (004): the bottom as dealt holds no card of the trump suit but level cards (底牌没有主花色牌(级牌除外)),
    or only trumps (全是主).

    >>> is_ganguo(Hand.parse("A.-.KQ.J9"), trump_order("5", 1)), is_ganguo(Hand.parse("5.5.-.-.BL"), trump_order("5", 1))
    (True, True)
    >>> is_ganguo(Hand.parse("A.4.KQ.J"), trump_order("5", 1)), is_ganguo(Hand.parse("A.2.KQ.J"), trump_order("5", 1))
    (False, False)
    """
    suit_cards = [c for c in kitty if not is_joker(c) and c // 13 == order.trump and rank_of(c) != order.level]
    return not suit_cards or all(order.is_trump(c) for c in kitty)


def told_sentences(told: JokerBury, viewer: Seat | None, dealer: Seat, cards: Callable[[Play], str]) -> list[str]:
    """What the table is told of the big jokers buried (002: XX扣了x个大王), in the current language, as
    ``viewer`` hears it: the seat that took cards back, and the dealer who buried the bottom, are told which
    (``cards`` writes them); ``viewer=None`` hears everything."""
    out = []
    for entry in told.entries:
        n = len(entry.jokers)
        if LITTLE_JOKER in entry.jokers.cards:  # 004: little jokers after the big ones
            big, little = entry.jokers.cards.count(BIG_JOKER), entry.jokers.cards.count(LITTLE_JOKER)
            if viewer is None or viewer in (entry.seat, dealer):
                out.append(_("{seat} buried jokers (big: {big}, little: {little}) and took back {cards} from the "
                             "bottom.").format(seat=seat_label(entry.seat), big=big, little=little,
                                               cards=cards(entry.taken)))  # type: ignore[arg-type]
            else:
                out.append(_("{seat} buried jokers (big: {big}, little: {little}) and took back as many cards from "
                             "the bottom.").format(seat=seat_label(entry.seat), big=big, little=little))
            continue
        if entry.taken is None:
            out.append(ngettext("{seat} buried {n} big joker.", "{seat} buried {n} big jokers.", n).format(
                seat=seat_label(entry.seat), n=n))
        elif viewer is None or viewer in (entry.seat, dealer):
            out.append(ngettext("{seat} buried {n} big joker and took back {cards} from the bottom.",
                                "{seat} buried {n} big jokers and took back {cards} from the bottom.", n).format(
                seat=seat_label(entry.seat), n=n, cards=cards(entry.taken)))  # type: ignore[arg-type]
        else:
            out.append(ngettext("{seat} buried {n} big joker and took back as many cards from the bottom.",
                                "{seat} buried {n} big jokers and took back as many cards from the bottom.",
                                n).format(seat=seat_label(entry.seat), n=n))
    return out


def joker_bury_problem(position) -> str | None:  # type: ignore[no-untyped-def]
    """Why a position's ``JokerBury`` tag cannot be, or ``None``: it must read, and the bottom must hold the
    big jokers it says were buried; at the first trick, each seat must hold the cards it took back."""
    try:
        bury = joker_bury_of(position)
    except HuolongError as e:
        return str(e)
    if bury is None or position.bottom is None:
        return None
    if position.bottom.count(BIG_JOKER) != bury.big_jokers:
        return _("JokerBury: the bottom holds {n} big jokers, not the {told} the tag says were buried").format(
            n=position.bottom.count(BIG_JOKER), told=bury.big_jokers)
    if not position.history and not position.trick:
        try:
            undo_swaps(position)
        except PositionError as e:
            return str(e)
    return None


def apply_swap(position, swap: JokerSwap):  # type: ignore[no-untyped-def]
    """The position after ``swap``: the seat's jokers into the bottom, the cards it took back into its hand."""
    hand, bottom = position.hands[swap.seat], position.bottom
    if hand is None or bottom is None:
        raise PositionError(_("扣王 needs the seat's hand and the bottom"))
    if not hand.contains_all(swap.jokers) or swap.taken is None or not bottom.contains_all(swap.taken):
        raise PositionError(_("{swap!r}: the seat lacks the jokers or the bottom the cards").format(swap=str(swap)))
    out = position.copy()
    out.hands[swap.seat] = hand - swap.jokers + swap.taken
    out.bottom = bottom - swap.taken + swap.jokers
    return out


def undo_swaps(position):  # type: ignore[no-untyped-def]
    """The position as the dealer's bury left it (the swaps of its ``JokerBury`` tag taken back), or the
    position itself without swaps."""
    bury = joker_bury_of(position)
    if bury is None or not bury.swaps:
        return position
    out = position.copy()
    for swap in reversed(bury.swaps):
        hand, bottom = out.hands[swap.seat], out.bottom
        if hand is None or bottom is None or swap.taken is None:
            raise PositionError(_("JokerBury: the hands or the bottom are not given"))
        if not hand.contains_all(swap.taken) or not bottom.contains_all(swap.jokers):
            raise PositionError(_("JokerBury: {seat} could not have made {swap!r}").format(
                seat=seat_name(swap.seat), swap=str(swap)))
        out.hands[swap.seat] = hand - swap.taken + swap.jokers
        out.bottom = bottom - swap.jokers + swap.taken
    return out


#: A seat's choice in the round: (seat, the most big jokers it may bury, the position) → how many it buries.
DecideSwap = Callable[[Seat, int, "Position"], int]


def swap_order(position, kouwang: str) -> list[Seat]:  # type: ignore[no-untyped-def]
    """The seats asked in turn after the dealer's bury: the others in play order from the dealer (``any``),
    the attackers before the dealer's partner (``attackers-first``, 003), or nobody (``dealer``)."""
    others = [position.seat_after(position.dealer, i) for i in (1, 2, 3)]
    if kouwang == "dealer":
        return []
    if kouwang == "attackers-first":
        return [others[0], others[2], others[1]]
    return others


def joker_round(position, kouwang: str, take: str, third: str = "free", fast: bool = False,  # type: ignore[no-untyped-def]
                decide: DecideSwap | None = None, little: bool = False):
    """The position after the round of 扣王 that follows the dealer's bury, and the round as the table was
    told it (:class:`JokerBury`). ``decide`` gives each seat's choice (none buried without it); under
    ``fast`` (快龙) every big joker must go in; under ``third="must"`` (请大王) a seat holding the third big
    joker buries it once two are in the bottom; with ``little`` (004) little jokers may follow the big ones."""
    bottom = position.bottom
    if bottom is None:
        raise PositionError(_("扣王 comes after the dealer's bury"))
    mine = bottom.count(BIG_JOKER)
    dealer = JokerSwap(position.dealer, Play((BIG_JOKER,) * mine)) if mine else None
    swaps: list[JokerSwap] = []
    pos = position
    for seat in swap_order(position, kouwang):
        limit = swap_limit(pos.hands[seat], pos.bottom, take, little)
        if not limit:
            continue
        forced = min(limit, pos.hands[seat].count(BIG_JOKER)) if fast else 0  # 快龙: the big ones, not the little
        n = forced if fast and not little else (decide(seat, limit, pos) if decide is not None else 0)
        n = max(n, forced)
        if not 0 <= n <= limit:
            raise PositionError(_("{seat} may bury 0 to {limit} big jokers, not {n}").format(
                seat=seat_name(seat), limit=limit, n=n))
        if n:
            swap = JokerSwap(seat, jokers_buried(pos.hands[seat], n), take_back(pos.bottom, n, take, pos.order))
            pos = apply_swap(pos, swap)
            swaps.append(swap)
    if third == "must" and pos.bottom.count(BIG_JOKER) == 2:  # 请大王: the third must follow
        for seat in swap_order(position, kouwang):
            if swap_limit(pos.hands[seat], pos.bottom, take) and all(s.seat != seat for s in swaps):
                swap = JokerSwap(seat, Play((BIG_JOKER,)), take_back(pos.bottom, 1, take, pos.order))
                pos = apply_swap(pos, swap)
                swaps.append(swap)
    pos.tags = {**pos.tags, TAG: JokerBury(dealer, tuple(swaps)).text()}
    return pos, JokerBury(dealer, tuple(swaps))


def every_joker_buried(bury: Hand, held: Hand, order: TrumpOrder) -> Hand:
    """``bury`` with every big joker of ``held`` (the dealer's hand and kitty) in it, each in place of the
    buried card the dealer would most like to keep (快龙: all big jokers must be buried)."""
    from .bury import bury_cost

    missing = held.count(BIG_JOKER) - bury.count(BIG_JOKER)
    if missing <= 0:
        return bury
    rest = sorted((c for c in bury if c != BIG_JOKER), key=lambda c: (-bury_cost(c, held, order), c))
    return bury - Play(tuple(rest[:missing])) + Play((BIG_JOKER,) * missing)
