"""Cards, hands and plays.

A card is an ``int`` from 0 to 53: ``suit * 13 + rank`` for the 52 suited
cards (suits ♠ ♥ ♦ ♣ = 0..3, ranks 2..A = 0..12), then ``LJ`` = 52 and
``BJ`` = 53. Three packs hold three copies of each, so a :class:`Hand` is a
multiset: a count from 0 to 3 for each of the 54 kinds.

>>> card_token(parse_card("♥10"))
'HT'
>>> str(Hand.parse("AAKQ.T98.-.5432.BL"))
'AAKQ.T98.-.5432.BL'
>>> str(Play.parse("sa sa"))
'SA SA'

A user may type a card the way Chinese players name it — ``黑桃A``, ``红桃10``,
``大王``, ``小王`` — wherever a token is read; it is the same card, and
everything huolong-solve writes uses the portable tokens.

>>> card_token(parse_card("红桃10")), str(Play.parse("大王 大王"))
('HT', 'BJ BJ')

So is what a Chinese keyboard types: full-width letters and digits (``黑桃Ａ``,
``红桃１０``), ``十`` for the ten, and plays' cards separated by ``，`` or ``、``.

>>> str(Play.parse("红桃十，红桃１０、♥10"))
'HT HT HT'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from operator import mul
from typing import Iterable, Iterator

from huolong.i18n import _, pgettext

from .errors import CardError, excerpt

Card = int

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = "23456789TJQKA"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
LITTLE_JOKER = 52
BIG_JOKER = 53
NUM_KINDS = 54
COPIES = 3
POINT_VALUES = {"5": 5, "T": 10, "K": 10}

_SUIT_ALIASES = {
    "S": 0, "H": 1, "D": 2, "C": 3,
    "♠": 0, "♥": 1, "♦": 2, "♣": 3,
    "♤": 0, "♡": 1, "♢": 2, "♧": 3,
}
#: The suits by their Chinese names (and the other names players use), as typed before the rank.
CHINESE_SUITS = {"黑桃": 0, "红桃": 1, "方块": 2, "梅花": 3, "红心": 1, "方片": 2, "草花": 3}
_JOKER_ALIASES = {"BJ": BIG_JOKER, "LJ": LITTLE_JOKER, "大王": BIG_JOKER, "小王": LITTLE_JOKER,
                  "大鬼": BIG_JOKER, "小鬼": LITTLE_JOKER}


def typed(text: str) -> str:
    """What a user typed, in the tokens' own characters: full-width letters, digits and commas (a Chinese input
    method's) as ASCII, ``十`` as ``10``, the enumeration comma ``、`` as a comma."""
    if text.isascii():  # a file's tokens, and most of what is typed: nothing to do
        return text
    return unicodedata.normalize("NFKC", text).replace("十", "10").replace("、", ",")


def make_card(suit: int, rank: str) -> Card:
    """The card of a suit index (0..3) and a rank character ``2``..``A``."""
    return suit * 13 + RANKS.index(rank)


def suit_of(card: Card) -> int | None:
    """Printed suit index of a card, ``None`` for a joker."""
    return None if card >= LITTLE_JOKER else card // 13


def rank_of(card: Card) -> str | None:
    """Rank character of a card, ``None`` for a joker."""
    return None if card >= LITTLE_JOKER else RANKS[card % 13]


def is_joker(card: Card) -> bool:
    return card >= LITTLE_JOKER


def card_points(card: Card) -> int:
    """Points of one card: 5 for a five, 10 for a ten or a king.

    >>> card_points(parse_card("SK")), card_points(parse_card("D5")), card_points(parse_card("BJ"))
    (10, 5, 0)
    """
    rank = rank_of(card)
    return POINT_VALUES.get(rank, 0) if rank else 0


_KIND_POINTS = tuple(card_points(card) for card in range(NUM_KINDS))  # a hand's points are summed per playout


def card_token(card: Card) -> str:
    """The ASCII token of a card: ``SA``, ``HT``, ``BJ``."""
    if card == BIG_JOKER:
        return "BJ"
    if card == LITTLE_JOKER:
        return "LJ"
    return SUITS[card // 13] + RANKS[card % 13]


def card_unicode(card: Card) -> str:
    """The card with a suit symbol: ``♠A``, ``♥10``; the jokers as the reader types them (``BJ``,
    ``LJ`` in English, ``大王``, ``小王`` in Chinese)."""
    if card == BIG_JOKER:
        return pgettext("card", "BJ")
    if card == LITTLE_JOKER:
        return pgettext("card", "LJ")
    rank = RANKS[card % 13]
    return SUIT_SYMBOLS[card // 13] + ("10" if rank == "T" else rank)


def parse_card(token: str) -> Card:
    """Read one card token. Accepts ``SA``, ``sa``, ``S10``, ``♠A``, ``BJ``, ``大王``, ``黑桃A``, ``红桃10``.

    >>> parse_card("BJ") == BIG_JOKER
    True
    >>> parse_card("SX")
    Traceback (most recent call last):
    ...
    huolong.engine.errors.CardError: invalid card token 'SX'
    """
    text = typed(token).strip()
    upper = text.upper()
    if upper in _JOKER_ALIASES:
        return _JOKER_ALIASES[upper]
    for name, suit in CHINESE_SUITS.items():
        if text.startswith(name):
            text = SUITS[suit] + text[len(name):]
            break
    if len(text) >= 2 and text[0].upper() in _SUIT_ALIASES:
        suit = _SUIT_ALIASES[text[0].upper()]
        rank = text[1:].upper()
        if rank == "10":
            rank = "T"
        if len(rank) == 1 and rank in RANKS:
            return make_card(suit, rank)
    raise CardError(_("invalid card token {token!r}").format(token=excerpt(token)))


def sort_key(card: Card) -> tuple[int, int]:
    """Hand-string order: ♠ ♥ ♦ ♣ then jokers; high to low inside a group."""
    if card >= LITTLE_JOKER:
        return (4, -card)
    return (card // 13, -(card % 13))


@dataclass(frozen=True, order=True)
class Hand:
    """An immutable multiset of cards, written as a hand string.

    >>> h = Hand.parse("AAK.-.-.-")
    >>> len(h), h.count(parse_card("SA")), h.points
    (3, 2, 10)
    """

    counts: tuple[int, ...] = (0,) * NUM_KINDS

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Hand:
        counts = [0] * NUM_KINDS
        for card in cards:
            counts[card] += 1
        return cls(tuple(counts))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand string: five ``.``-separated groups ♠.♥.♦.♣.jokers."""
        text = text.strip()
        groups = text.split(".")
        if len(groups) == 4:
            groups.append("")
        if len(groups) != 5:
            raise CardError(_("invalid hand string {text!r}: expected 4 or 5 groups separated by '.'").format(
                text=excerpt(text)))
        cards: list[Card] = []
        for suit, group in enumerate(groups[:4]):
            if group == "-":
                continue
            i = 0
            while i < len(group):
                ch = group[i].upper()
                if group[i : i + 2] == "10":
                    ch, i = "T", i + 1
                if ch not in RANKS:
                    raise CardError(_("invalid rank {rank!r} in hand string {text!r}").format(
                        rank=group[i], text=excerpt(text)))
                cards.append(make_card(suit, ch))
                i += 1
        if groups[4] != "-":
            for ch in groups[4]:
                if ch.upper() == "B":
                    cards.append(BIG_JOKER)
                elif ch.upper() == "L":
                    cards.append(LITTLE_JOKER)
                else:
                    raise CardError(_("invalid joker {joker!r} in hand string {text!r}: use B or L").format(
                        joker=ch, text=excerpt(text)))
        return cls.from_cards(cards)

    def __str__(self) -> str:
        groups = []
        for suit in range(4):
            groups.append("".join(RANKS[r] * self.counts[suit * 13 + r] for r in range(12, -1, -1)) or "-")
        jokers = "B" * self.counts[BIG_JOKER] + "L" * self.counts[LITTLE_JOKER]
        return ".".join(groups) + ("." + jokers if jokers else "")

    def __len__(self) -> int:
        return sum(self.counts)

    def __iter__(self) -> Iterator[Card]:
        """The cards, in hand-string order, one entry per copy."""
        for card in sorted(range(NUM_KINDS), key=sort_key):
            for _copy in range(self.counts[card]):
                yield card

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < NUM_KINDS and self.counts[card] > 0

    def count(self, card: Card) -> int:
        return self.counts[card]

    @property
    def points(self) -> int:
        return sum(map(mul, self.counts, _KIND_POINTS))

    def __add__(self, other: Hand | Play) -> Hand:
        cards = other.cards if isinstance(other, Play) else list(other)
        counts = list(self.counts)
        for card in cards:
            counts[card] += 1
        return Hand(tuple(counts))

    def __sub__(self, other: Hand | Play) -> Hand:
        cards = other.cards if isinstance(other, Play) else list(other)
        counts = list(self.counts)
        for card in cards:
            if counts[card] == 0:
                raise CardError(_("card {card} is not in hand {hand}").format(
                    card=card_unicode(card), hand=self.unicode() or "-"))
            counts[card] -= 1
        return Hand(tuple(counts))

    def contains_all(self, play: Play) -> bool:
        need = Hand.from_cards(play.cards).counts
        return all(have >= n for have, n in zip(self.counts, need, strict=True))

    def unicode(self) -> str:
        return " ".join(card_unicode(c) for c in self)


@dataclass(frozen=True, order=True)
class Play:
    """The cards one seat plays to a trick, in canonical (hand-string) order.

    >>> Play.parse("♠A sa")
    Play.parse('SA SA')
    >>> Play.parse("HT HT HT").is_unit, Play.parse("SA SK").is_unit
    (True, False)
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=sort_key)))

    @classmethod
    def parse(cls, text: str) -> Play:
        tokens = typed(text).replace(",", " ").split()
        if not tokens:
            raise CardError(_("empty play"))
        return cls(tuple(parse_card(t) for t in tokens))

    def __str__(self) -> str:
        return " ".join(card_token(c) for c in self.cards)

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def is_unit(self) -> bool:
        """A single, a pair or a triple: one to three identical cards."""
        return 1 <= len(self.cards) <= 3 and len(set(self.cards)) == 1

    @property
    def points(self) -> int:
        return sum(card_points(c) for c in self.cards)

    def unicode(self) -> str:
        return " ".join(card_unicode(c) for c in self.cards)


def all_cards() -> list[Card]:
    """The 162 cards of three packs, sorted."""
    return [card for card in range(NUM_KINDS) for _ in range(COPIES)]
