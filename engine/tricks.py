"""What may be led, what may follow, and who wins a trick (docs/rules.md §5–§8).

>>> from .cards import Hand, Play
>>> hand = Hand.parse("-.-.-.KK43")                   # docs/rules.md §7, the 002 example
>>> [str(p) for p in legal_follows(hand, Play.parse("CA CA"), TrumpOrder("9", 1), "free")]
['CK CK', 'CK C4', 'CK C3', 'C4 C3']
>>> order = TrumpOrder("3", 1)                       # level 3, trump ♥: ♣3 and ♦3 tie
>>> trick_winner([Play.parse("SA"), Play.parse("C3"), Play.parse("D3"), Play.parse("S4")], order)
1
"""

from __future__ import annotations

from typing import Iterable, Iterator, Sequence

from huolong.i18n import _, ngettext

from .cards import NUM_KINDS, SUIT_SYMBOLS, Card, Hand, Play, card_unicode, sort_key, suit_of
from .order import TRUMP, TrumpOrder

CANNOT_WIN = -1
TRUMP_BONUS = 100  # any trump play outranks any plain play


def legal_leads(hand: Hand, max_unit: int = 3) -> list[Play]:
    """Every unit in the hand: each single, each pair, each triple (up to ``max_unit`` cards)."""
    plays = []
    for card in range(NUM_KINDS):
        for n in range(1, min(hand.count(card), max_unit) + 1):
            plays.append(Play((card,) * n))
    return sorted(plays, key=_play_order)


def legal_follows(hand: Hand, lead: Play, order: TrumpOrder, follow: str = "free") -> list[Play]:
    """Every distinct play a follower may make to ``lead`` (§7)."""
    n = len(lead)
    suit = order.effective_suit(lead.cards[0])
    in_suit = {c: hand.count(c) for c in range(NUM_KINDS) if hand.count(c) and order.effective_suit(c) == suit}
    others = {c: hand.count(c) for c in range(NUM_KINDS) if hand.count(c) and c not in in_suit}
    h = sum(in_suit.values())
    plays: set[Play] = set()
    if follow == "strict":
        exact_pairs = [c for c, k in in_suit.items() if k == 2]
        triples = [c for c, k in in_suit.items() if k == 3]
        if n == 2 and exact_pairs:
            plays = {Play((c, c)) for c in exact_pairs}
        elif n == 3 and triples:
            plays = {Play((c, c, c)) for c in triples}
        elif n == 3 and exact_pairs:
            for c in exact_pairs:
                rest = {j: k for j, k in in_suit.items() if j != c} if h >= 3 else others
                plays |= {Play((c, c, j)) for j in rest}
    if not plays:
        if h >= n:
            plays = {Play(cards) for cards in multisets(in_suit, n)}
        else:
            forced = tuple(c for c, k in in_suit.items() for _ in range(k))
            plays = {Play(forced + cards) for cards in multisets(others, n - h)}
    return sorted(plays, key=_play_order)


def not_held(hand: Hand, play: Play) -> str:
    """Why ``play`` is not in ``hand``, by its first card the hand holds too few of: none (``♣A is not in the
    hand``), or fewer than the play needs (``♣A ♣A: the hand holds one ♣A``)."""
    for card in dict.fromkeys(play.cards):
        need, held = play.cards.count(card), hand.count(card)
        if held < need:
            if held == 0:
                return _("{play} is not in the hand").format(play=card_unicode(card))
            return ngettext("{play}: the hand holds {held} {card}, not {need}",
                            "{play}: the hand holds {held} {card}, not {need}", held).format(
                play=play.unicode(), held=held, card=card_unicode(card), need=need)
    return _("{play} is not in the hand").format(play=play.unicode())


def follow_error(hand: Hand, lead: Play, play: Play, order: TrumpOrder, follow: str = "free") -> str | None:
    """Why ``play`` may not follow ``lead`` from ``hand``, or ``None`` if it may.

    This checks the rules directly (it does not generate plays), so it serves
    as an independent check of :func:`legal_follows`.
    """
    n = len(lead)
    if len(play) != n:
        return ngettext("must play {n} card, not {played}", "must play {n} cards, not {played}", n).format(
            n=n, played=len(play))
    if not hand.contains_all(play):
        return not_held(hand, play)
    suit = order.effective_suit(lead.cards[0])
    held = [c for c in hand if order.effective_suit(c) == suit]
    played = [c for c in play.cards if order.effective_suit(c) == suit]
    if len(played) != min(n, len(held)):
        return _follow_suit_error(play, suit, min(n, len(held)), order)
    if follow == "strict":
        counts = {c: held.count(c) for c in set(held)}
        same = len(set(play.cards)) == 1
        if n == 2 and 2 in counts.values():
            if not (same and counts.get(play.cards[0]) == 2):
                return _("strict follow: a pair was led and you hold a pair of that suit")
        if n == 3 and 3 in counts.values():
            if not (same and order.effective_suit(play.cards[0]) == suit):
                return _("strict follow: a triple was led and you hold a triple of that suit")
        elif n == 3 and 2 in counts.values():
            pair = [c for c in set(play.cards) if play.cards.count(c) == 2 and counts.get(c) == 2]
            if not pair:
                return _("strict follow: a triple was led and you hold a pair of that suit")
    return None


def _follow_suit_error(play: Play, suit: int, n: int, order: TrumpOrder) -> str:
    """Why a play that does not follow suit is illegal, in a player's words: when trumps were led,
    what counts as trump (a ♥A at level A is one); when a plain suit was led, which of the cards
    played of its printed suit are trumps instead."""
    if suit == TRUMP and order.level is not None:
        return ngettext("trumps were led ({trumps}): you must follow with {n} trump",
                        "trumps were led ({trumps}): you must follow with {n} trumps", n).format(
            trumps=trumps_text(order), n=n)
    if suit == TRUMP:  # bridge: the trump suit is a suit like the others
        suit = order.trump  # type: ignore[assignment]
    symbol = SUIT_SYMBOLS[suit]
    looks_plain = [c for c in play.cards if order.level is not None and suit_of(c) == suit and order.is_trump(c)]
    if looks_plain:
        return ngettext("{suit} was led: you must follow with {n} {suit} card (the level cards and the 2s are "
                        "trumps, not {suit}: {cards})",
                        "{suit} was led: you must follow with {n} {suit} cards (the level cards and the 2s are "
                        "trumps, not {suit}: {cards})", n).format(suit=symbol, n=n,
                                                                 cards=Play(tuple(looks_plain)).unicode())
    return ngettext("{suit} was led: you must follow with {n} {suit} card",
                    "{suit} was led: you must follow with {n} {suit} cards", n).format(suit=symbol, n=n)


def trumps_text(order: TrumpOrder) -> str:
    """What counts as trump in a Huolong hand, as a player lists it.

    >>> trumps_text(TrumpOrder("A", 1)), trumps_text(TrumpOrder("T", None))
    ('the jokers, every A, every 2 and ♥', 'the jokers, every 10 and every 2')
    """
    level = "10" if order.level == "T" else order.level
    if order.trump is None:
        return _("the jokers, every {level} and every 2").format(level=level)
    return _("the jokers, every {level}, every 2 and {suit}").format(level=level, suit=SUIT_SYMBOLS[order.trump])


def lead_error(hand: Hand, play: Play, max_unit: int = 3) -> str | None:
    """Why ``play`` may not be led from ``hand``, or ``None``."""
    if not play.is_unit:
        return _("{play} is not a single, a pair or a triple").format(play=play.unicode())
    if len(play) > max_unit:
        return _("{play}: only single cards may be led in this game").format(play=play.unicode())
    if not hand.contains_all(play):
        return not_held(hand, play)
    return None


def play_power(play: Play, lead: Play, order: TrumpOrder) -> int:
    """Strength of a play in a trick led by ``lead``; :data:`CANNOT_WIN` if it cannot win (§8)."""
    if not play.is_unit or len(play) != len(lead):
        return CANNOT_WIN
    card = play.cards[0]
    suit = order.effective_suit(card)
    if suit == TRUMP:
        return TRUMP_BONUS + order.power(card)
    if suit == order.effective_suit(lead.cards[0]):
        return order.power(card)
    return CANNOT_WIN


def trick_winner(plays: Sequence[Play], order: TrumpOrder) -> int:
    """Index (from the leader) of the play that wins; ties go to the earlier play."""
    best, best_power = 0, play_power(plays[0], plays[0], order)
    for i, play in enumerate(plays[1:], start=1):
        power = play_power(play, plays[0], order)
        if power > best_power:
            best, best_power = i, power
    return best


def multisets(counts: dict[Card, int], size: int) -> Iterator[tuple[Card, ...]]:
    """Every multiset of ``size`` cards drawn from ``counts`` (card → copies)."""
    kinds = sorted(counts)

    def extend(start: int, left: int) -> Iterable[tuple[Card, ...]]:
        if left == 0:
            yield ()
            return
        for i in range(start, len(kinds)):
            card = kinds[i]
            for take in range(min(counts[card], left), 0, -1):
                for rest in extend(i + 1, left - take):
                    yield (card,) * take + rest

    return iter(extend(0, size))


def _play_order(play: Play) -> tuple:
    return (len(play), [sort_key(c) for c in play.cards])
