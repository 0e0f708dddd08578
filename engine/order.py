"""The order of cards for one hand: which are trumps, and how strong each is.

Trumps are both jokers, every level card, every 2 and the trump suit. Power
is compared only inside an effective suit. The level cards of the three
other suits (副级) are equal to each other, and so are their 2s (副2).

>>> from .cards import parse_card
>>> order = TrumpOrder("3", parse_card("H2") // 13)
>>> order.effective_suit(parse_card("S3")) == TRUMP
True
>>> order.power(parse_card("S3")) == order.power(parse_card("D3"))
True
>>> order.power(parse_card("H3")) > order.power(parse_card("S3")) > order.power(parse_card("H2"))
True

Bridge has no level (``None``) and may have no trump suit (``None``, no-trump):

>>> TrumpOrder(None, None).effective_suit(parse_card("S2"))
0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from huolong.i18n import _

from .cards import BIG_JOKER, LITTLE_JOKER, NUM_KINDS, RANKS, SUIT_SYMBOLS, SUITS, Card
from .errors import HuolongError, excerpt

TRUMP = 4
LEVELS = "3456789TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs", "trumps")


def parse_level(text: str) -> str:
    level = text.strip().upper()
    if level == "10":
        level = "T"
    if len(level) != 1 or level not in LEVELS:
        raise HuolongError(_("invalid level {text!r}: use 3..9, T, J, Q, K or A").format(text=excerpt(text)))
    return level


def parse_suit(text: str) -> int:
    name = text.strip().upper()
    for i, (letter, symbol) in enumerate(zip(SUITS, SUIT_SYMBOLS, strict=True)):
        if name in (letter, symbol):
            return i
    raise HuolongError(_("invalid trump suit {text!r}: use S, H, D or C").format(text=excerpt(text)))


@lru_cache(maxsize=None)
def trump_order(level: str | None, trump: int | None) -> "TrumpOrder":
    """The (shared, immutable) order for a level and trump suit."""
    return TrumpOrder(level, trump)


@dataclass(frozen=True)
class TrumpOrder:
    """Effective suit and power of every card for a (level, trump suit).

    ``level`` is ``None`` when there are no level trumps (bridge), and then
    2s are plain too; ``trump`` is ``None`` for no-trump.
    """

    level: str | None
    trump: int | None
    _suit: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _power: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        suits, powers = [], []
        plain_ranks = [r for r in RANKS if r not in ("2", self.level)] if self.level else list(RANKS)
        for card in range(NUM_KINDS):
            suit, power = self._classify(card, plain_ranks)
            suits.append(suit)
            powers.append(power)
        object.__setattr__(self, "_suit", tuple(suits))
        object.__setattr__(self, "_power", tuple(powers))

    def _classify(self, card: Card, plain_ranks: list[str]) -> tuple[int, int]:
        top = len(plain_ranks)  # 11: powers 0..10 are the plain ranks 3..A
        if card == BIG_JOKER:
            return TRUMP, top + 5
        if card == LITTLE_JOKER:
            return TRUMP, top + 4
        suit, rank = divmod(card, 13)
        rank_char = RANKS[rank]
        if self.level is None:
            return (TRUMP if suit == self.trump else suit), plain_ranks.index(rank_char)
        if rank_char == self.level:
            return TRUMP, top + (3 if suit == self.trump else 2)
        if rank_char == "2":
            return TRUMP, top + (1 if suit == self.trump else 0)
        power = plain_ranks.index(rank_char)
        return (TRUMP if suit == self.trump else suit), power

    def effective_suit(self, card: Card) -> int:
        """0..3 for a plain card's printed suit, :data:`TRUMP` (4) for a trump."""
        return self._suit[card]

    def is_trump(self, card: Card) -> bool:
        return self._suit[card] == TRUMP

    def power(self, card: Card) -> int:
        """Rank inside the effective suit; equal cards have equal power."""
        return self._power[card]

    def by_suit(self, cards: Iterable[Card]) -> list[tuple[int, list[Card]]]:
        """The cards by effective suit, trumps first (as players hold them), each suit highest first;
        every suit of the game appears, empty or not (no trump suit in no-trump).

        >>> from .cards import card_token, parse_card
        >>> order = trump_order("5", 1)  # level 5, hearts trump
        >>> hand = [parse_card(t) for t in ("SA", "H4", "S5", "H5", "D9")]
        >>> [(SUITS[s] if s < 4 else "trumps", [card_token(c) for c in cs]) for s, cs in order.by_suit(hand)]
        [('trumps', ['H5', 'S5', 'H4']), ('S', ['SA']), ('D', ['D9']), ('C', [])]
        """
        cards = list(cards)
        return [(suit, sorted((c for c in cards if self.effective_suit(c) == suit), key=lambda c: (-self.power(c), c)))
                for suit in self.suits if not (suit == TRUMP and self.trump is None)]

    def kinds_of_suit(self, suit: int) -> list[Card]:
        """The card kinds of an effective suit, weakest first (equal powers in card order)."""
        return sorted((c for c in range(NUM_KINDS) if self._suit[c] == suit), key=lambda c: (self._power[c], c))

    @property
    def suits(self) -> list[int]:
        """The effective suits of this hand: trumps, then the plain suits."""
        return [TRUMP] + [s for s in range(4) if s != self.trump]
