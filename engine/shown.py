"""Cards shown while dealing (亮主, 反主): what a seat showed, it holds until it plays it.

A seat that declares shows a big joker (two, to override); every seat sees
it. The hand record keeps it in a ``Shown`` tag — the seats in the order they
showed, each with the cards it showed::

    [Shown "E BJ, W BJ BJ"]

The sampler (:mod:`.sampling`) deals the hidden hands so that each such seat
still holds what it showed and has not played since — the dealer in its hand
or in the bottom, which it may have buried them in.

>>> shown = parse_shown("E BJ, W BJ BJ")
>>> [(seat_name(s), str(p)) for s, p in shown], shown_text(shown)
([('E', 'BJ'), ('W', 'BJ BJ')], 'E BJ, W BJ BJ')
"""

from __future__ import annotations

from huolong.i18n import _

from .cards import Hand, Play
from .errors import HuolongError, excerpt
from .jokers import joker_bury_of
from .tribute import tribute_of
from .seats import Seat, parse_seat, seat_label, seat_name

TAG = "Shown"

Shown = list[tuple[Seat, Play]]


def parse_shown(text: str) -> Shown:
    """The ``Shown`` tag's value: ``SEAT CARD…`` parts separated by commas."""
    out: Shown = []
    for part in text.split(","):
        words = part.split()
        if len(words) < 2:
            raise HuolongError(_("invalid Shown {text!r}: write each seat and the cards it showed, e.g. "
                                 "\"E BJ, W BJ BJ\"").format(text=excerpt(text)))
        try:
            out.append((parse_seat(words[0]), Play.parse(" ".join(words[1:]))))
        except HuolongError as e:
            raise HuolongError(_("invalid Shown {text!r}: {error}").format(text=excerpt(text), error=e)) from None
    return out


def shown_text(shown: Shown) -> str:
    return ", ".join(f"{seat_name(seat)} {play}" for seat, play in shown)


def shown_cards(shown: Shown) -> dict[Seat, Hand]:
    """The cards each seat showed: the most it showed at once of each card (an override shows again the
    joker a seat showed to declare)."""
    out: dict[Seat, Hand] = {}
    for seat, play in shown:
        had = out.get(seat, Hand())
        counts = [max(a, play.cards.count(c)) for c, a in enumerate(had.counts)]
        out[seat] = Hand(tuple(counts))
    return out


def still_held(position, seat: Seat) -> Hand:  # type: ignore[no-untyped-def]
    """The cards ``seat`` showed while dealing and has not played since (it holds them, or the dealer has
    buried them), in a position with a ``Shown`` tag; an empty hand without. Big jokers the seat put into
    the bottom in the round of 扣王 (a ``JokerBury`` tag) are no longer held."""
    text = position.tags.get(TAG)
    if not text:
        return Hand()
    cards = shown_cards(parse_shown(text)).get(seat)
    if cards is None:
        return Hand()
    counts = list(cards.counts)
    bury = joker_bury_of(position)
    gone = [swap.jokers for swap in (bury.swaps if bury is not None else ()) if swap.seat == seat]
    paid = tribute_of(position)
    if paid is not None and paid.payer == seat:
        gone.append(paid.given)  # given to the dealer (喝血): every seat can tell its highest cards went
    for cards_gone in gone:
        for c in cards_gone.cards:
            counts[c] = max(0, counts[c] - 1)
    return unplayed(position, seat, Hand(tuple(counts)))


def unplayed(position, seat: Seat, cards: Hand) -> Hand:  # type: ignore[no-untyped-def]
    """Of ``cards``, which ``seat`` held at the first trick, those it has not played since."""
    counts = list(cards.counts)
    plays = [(t.leader, t.plays) for t in position.history] + [(position.leader, tuple(position.trick))]
    for leader, trick in plays:
        for i, play in enumerate(trick):
            if position.seat_after(leader, i) == seat:
                for c in play.cards:
                    counts[c] = max(0, counts[c] - 1)
    return Hand(tuple(counts))


def shown_problem(position) -> str | None:  # type: ignore[no-untyped-def]
    """Why a position's ``Shown`` tag cannot be, or ``None``: a seat must have been dealt what it showed (the
    dealer: in its hand and the bottom together)."""
    text = position.tags.get(TAG)
    if not text:
        return None
    try:
        shown = parse_shown(text)
    except HuolongError as e:
        return str(e)
    start = position
    if start.history or start.trick:  # part-way through a hand the cards may have been played
        return None
    bury = joker_bury_of(start)
    swapped = {s.seat: s for s in bury.swaps} if bury is not None else {}
    paid = tribute_of(start)
    for seat, cards in shown_cards(shown).items():
        held = start.hands[seat]
        if held is None:
            continue
        if seat in swapped:  # dealt the jokers it put into the bottom, not the cards it took back
            held = held + swapped[seat].jokers
        if paid is not None and seat == paid.payer:  # dealt the cards it paid the dealer
            held = held + paid.given
        if seat == start.dealer and start.bottom is not None:
            held = held + start.bottom
        elif seat == start.dealer and start.kitty is not None and start.is_before_bury:
            held = held + start.kitty
        if not held.contains_all(Play(tuple(cards))):
            return _("Shown: {seat} showed {cards} but was not dealt them").format(
                seat=seat_label(seat), cards=Play(tuple(cards)).unicode())
    return None
