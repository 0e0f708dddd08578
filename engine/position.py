"""A position in the play of a hand: who holds what, the trick, the score.

>>> pos = Position.from_hands(["AA.-.-.-", "K5.-.-.-", "Q3.-.-.-", "T4.-.-.-"],
...                           level="9", trump="H", dealer="N", leader="S",
...                           bottom="-.-.-.KK5543")
>>> [str(p) for p in pos.legal_plays()]
['SA', 'SA SA']
>>> pos.play(Play.parse("SA SA")); seat_name(pos.to_play)
'E'
>>> pos.play(Play.parse("SK S5")); pos.play(Play.parse("SQ S3")); pos.play(Play.parse("ST S4"))
>>> pos.is_over(), pos.points, pos.dug
(True, 0, False)
>>> str(pos.result())
'dealer-win-game'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from huolong.i18n import _, ngettext

from .cards import BIG_JOKER, LITTLE_JOKER, NUM_KINDS, Hand, Play, card_unicode
from .errors import HuolongError, IllegalPlayError, PositionError
from .order import TrumpOrder, parse_level, parse_suit, trump_order
from .outcome import Outcome, hand_result
from .rules import GameShape, Rules
from .jokers import GANGUO_TAG, TAG as JOKER_BURY_TAG, joker_bury_problem
from .shown import shown_problem
from .tribute import TAG as TRIBUTE_TAG, tribute_of
from .seats import Seat, parse_seat, seat_label, seat_name
from .tricks import follow_error, lead_error, legal_follows, legal_leads, trick_winner

FULL_HAND = 39


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the four plays in order, who won, the points in it."""

    leader: Seat
    plays: tuple[Play, ...]
    winner: Seat
    points: int

    def __str__(self) -> str:
        return f"{seat_name(self.leader)}: " + ", ".join(str(p) for p in self.plays)


@dataclass
class _Snapshot:
    hands: list[Hand | None]
    leader: Seat
    trick: list[Play]
    points: int
    dug: bool
    tricks: int


@dataclass(eq=False)
class Position:
    """The state of a hand: hands, bottom, dealer, leader, current trick, attackers' points.

    Seats are ``int`` 0..3 (S E N W, see :mod:`.seats`); hands are indexed by
    seat. A hand is ``None`` only when it is unknown, before the bury.
    ``tags`` holds the deal file's other tags (``Event``, ``Comment``, puzzle
    tags, unknown tags) in file order, so rewriting a file keeps them.
    """

    level: str | None  # None in bridge
    trump: int | None  # None for no-trump (bridge)
    dealer: Seat  # in bridge: the declarer
    hands: list[Hand | None]
    bottom: Hand | None = None
    kitty: Hand | None = None
    leader: Seat = 0
    trick: list[Play] = field(default_factory=list)
    points: int = 0
    rules: Rules = field(default_factory=Rules)
    tags: dict[str, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    dug: bool = False
    history: list[Trick] = field(default_factory=list)
    record: bool = False
    origin: tuple[str, int] | None = field(default=None, repr=False)  # (file name, first line) when read
    _stack: list[_Snapshot] = field(default_factory=list, repr=False)

    @property
    def shape(self) -> GameShape:
        """The kind of game the ruleset describes (Huolong or bridge)."""
        return self.rules.shape

    @property
    def order(self) -> TrumpOrder:
        """Effective suits and powers for this hand's level and trump suit."""
        return trump_order(self.level if self.shape.level_trumps else None, self.trump)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Hand],
        *,
        level: str,
        trump: str,
        dealer: str,
        leader: str | None = None,
        bottom: str | Hand | None = None,
        trick: Iterable[str | Play] = (),
        points: int = 0,
        rules: Rules | str | None = None,
    ) -> Position:
        """Build and validate a position from hand strings, seats S E N W in that order."""
        pos = cls(
            level=parse_level(level),
            trump=parse_suit(trump),
            dealer=parse_seat(dealer),
            hands=[h if isinstance(h, Hand) else Hand.parse(h) for h in hands],
            bottom=None if bottom is None else bottom if isinstance(bottom, Hand) else Hand.parse(bottom),
            leader=parse_seat(leader if leader is not None else dealer),
            trick=[p if isinstance(p, Play) else Play.parse(p) for p in trick],
            points=points,
            rules=rules if isinstance(rules, Rules) else Rules.parse(rules or "standard"),
        )
        for message, _tag in pos.problems():
            raise PositionError(message)
        return pos

    # -- state -------------------------------------------------------------

    def seat_after(self, seat: Seat, plays: int = 1) -> Seat:
        """The seat that plays ``plays`` turns after ``seat``, in this game's direction."""
        return (seat + self.shape.direction * plays) % 4

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is."""
        return self.seat_after(self.leader, len(self.trick))

    def is_attacker(self, seat: Seat) -> bool:
        return (seat - self.dealer) % 2 == 1

    @property
    def attackers(self) -> tuple[Seat, Seat]:
        return (self.seat_after(self.dealer), self.seat_after(self.dealer, 3))

    @property
    def is_before_bury(self) -> bool:
        """A deal with a ``Kitty`` and no ``Bottom``: the dealer has yet to bury."""
        return self.bottom is None and self.kitty is not None

    @property
    def cards_left(self) -> int:
        """Cards in the hand of the seat to play."""
        hand = self.hands[self.to_play]
        return len(hand) if hand is not None else 0

    @property
    def jokers_in_bottom(self) -> int:
        """The big jokers in the bottom that count in the result (none in a 干锅 hand: 底牌中的王不追加升级)."""
        if self.bottom is None or self.tags.get(GANGUO_TAG):
            return 0
        return self.bottom.count(BIG_JOKER)

    @property
    def little_jokers_in_bottom(self) -> int:
        """The little jokers in the bottom that count (three end a 004 game: 底牌中扣了3小王)."""
        if self.bottom is None or self.tags.get(GANGUO_TAG):
            return 0
        return self.bottom.count(LITTLE_JOKER)

    @property
    def bottom_points(self) -> int:
        return self.bottom.points if self.bottom is not None else 0

    @property
    def dig_value(self) -> int:
        """Points the attackers add if they win the last trick."""
        return self.rules.multiplier * self.bottom_points

    def is_over(self) -> bool:
        """True when every hand is empty (the last trick has been played)."""
        return not self.trick and all(h is not None and len(h) == 0 for h in self.hands)

    def result(self) -> Outcome:
        """The result of the hand; only once it is over."""
        if not self.is_over():
            raise PositionError(_("the hand is not over"))
        if not self.shape.card_scores:
            raise PositionError(_("a {game} hand has no Huolong result: count its tricks").format(game=self.shape.name))
        return hand_result(self.points, self.dug, self.jokers_in_bottom, self.rules, self.little_jokers_in_bottom)

    def bury(self, cards: Hand | str) -> Position:
        """The position after the dealer, holding hand and kitty, puts ``cards`` in the bottom.

        Every hand must be known; the dealer leads to the first trick.
        """
        if not self.is_before_bury:
            raise PositionError(_("this deal is not before the bury (it needs Kitty and no Bottom)"))
        if isinstance(cards, str):
            cards = Hand.parse(cards)
        if any(h is None for h in self.hands):
            raise PositionError(_("every hand must be known to bury"))
        held = self.hands[self.dealer] + self.kitty  # type: ignore[operator]
        if len(cards) != self.shape.bottom_size:
            raise PositionError(_("the bury must be {size} cards, not {n}").format(size=self.shape.bottom_size,
                                                                                  n=len(cards)))
        if not held.contains_all(Play(tuple(cards))):
            missing = Hand.from_cards([c for c in set(cards) for _n in range(cards.count(c) - held.count(c))])
            raise PositionError(_("the dealer's hand and kitty are short of {cards} for this bury").format(
                cards=missing.unicode()))
        out = self.copy()
        out.hands[self.dealer] = held - cards
        out.bottom, out.leader, out.trick, out._stack = cards, self.dealer, [], []
        for message, _tag in out.problems():
            raise PositionError(message)
        return out

    # -- plays -------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """Every distinct legal play of the seat to move."""
        hand = self._playable_hand()
        if not self.trick:
            return legal_leads(hand, self.shape.max_unit)
        return legal_follows(hand, self.trick[0], self.order, self.rules.follow)

    def play_error(self, play: Play) -> str | None:
        """Why ``play`` is illegal for the seat to move, or ``None``."""
        hand = self._playable_hand()
        if not self.trick:
            return lead_error(hand, play, self.shape.max_unit)
        return follow_error(hand, self.trick[0], play, self.order, self.rules.follow)

    def is_legal(self, play: Play) -> bool:
        return self.play_error(play) is None

    def play(self, play: Play | str) -> None:
        """Play for the seat to move; completes the trick after the fourth play."""
        if isinstance(play, str):
            play = Play.parse(play)
        error = self.play_error(play)
        if error:
            raise IllegalPlayError(_("illegal play {play} by {seat}: {error}").format(
                play=play.unicode(), seat=seat_label(self.to_play), error=error))
        self._stack.append(
            _Snapshot(list(self.hands), self.leader, list(self.trick), self.points, self.dug, len(self.history))
        )
        seat = self.to_play
        self.hands[seat] = self._playable_hand() - play
        self.trick.append(play)
        if len(self.trick) == 4:
            self._finish_trick()

    def undo(self) -> Play:
        """Take back the last play and return it."""
        if not self._stack:
            raise IllegalPlayError("nothing to undo")
        snap = self._stack.pop()
        seat = self.seat_after(snap.leader, len(snap.trick))
        played = self.hands[seat]
        self.hands, self.leader, self.trick = snap.hands, snap.leader, snap.trick
        self.points, self.dug = snap.points, snap.dug
        del self.history[snap.tricks :]
        assert played is not None and self.hands[seat] is not None
        return Play(tuple((self.hands[seat] - played)))  # the cards that left the hand

    def _finish_trick(self) -> None:
        winner = self.seat_after(self.leader, trick_winner(self.trick, self.order))
        points = self.shape.trick_score + (sum(p.points for p in self.trick) if self.shape.card_scores else 0)
        self.history.append(Trick(self.leader, tuple(self.trick), winner, points))
        if self.is_attacker(winner):
            self.points += points
        self.leader, self.trick = winner, []
        last = all(h is not None and len(h) == 0 for h in self.hands)
        if last and self.is_attacker(winner) and self.shape.bottom_size:
            self.dug = True
            self.points += self.dig_value

    def _playable_hand(self) -> Hand:
        hand = self.hands[self.to_play]
        if hand is None or self.bottom is None:
            raise PositionError(_("this deal is before the bury: there is no play to make yet"))
        return hand

    # -- validity ----------------------------------------------------------

    def problems(self) -> list[tuple[str, str]]:
        """Every validity rule of docs/format.md this position breaks, as (message, tag)."""
        out: list[tuple[str, str]] = []
        seen = [0] * NUM_KINDS
        for hand in self.hands:
            if hand is not None:
                for card, n in enumerate(hand.counts):
                    seen[card] += n
        for play in self.trick:
            for card in play.cards:
                seen[card] += 1
        extra = self.bottom if self.bottom is not None else self.kitty
        if extra is not None:
            for card, n in enumerate(extra.counts):
                seen[card] += n
        copies = self.shape.copies
        for card, n in enumerate(seen):
            if n > copies:
                out.append((_("card {card} appears {n} times (at most {copies})").format(
                    card=card_unicode(card), n=n, copies=copies), "Deal"))
            if n and card >= LITTLE_JOKER and not self.shape.jokers:
                out.append((_("card {card} is not in the pack of {game}").format(
                    card=card_unicode(card), game=self.shape.name), "Deal"))
        size = self.shape.bottom_size
        if self.bottom is not None and len(self.bottom) != size:
            out.append((_("the bottom holds {n} cards (must be {size})").format(n=len(self.bottom), size=size),
                        "Bottom"))
        if self.kitty is not None and len(self.kitty) != size:
            out.append((_("the kitty holds {n} cards (must be {size})").format(n=len(self.kitty), size=size),
                        "Kitty"))
        if self.bottom is None and self.kitty is None:
            out.append((_("missing tag Bottom (or Kitty for a deal before the bury)"), "Deal"))
        shown = shown_problem(self)
        if shown is not None:
            out.append((shown, "Shown"))
        swapped = joker_bury_problem(self)
        if swapped is not None:
            out.append((swapped, JOKER_BURY_TAG))
        try:
            tribute_of(self)
        except HuolongError as e:
            out.append((str(e), TRIBUTE_TAG))
        if self.is_before_bury:
            full = self.shape.hand_size
            for seat, hand in enumerate(self.hands):
                if hand is not None and len(hand) != full:
                    out.append((_("{seat} holds {n} cards before the bury (must be {full})").format(
                        seat=seat_label(seat), n=len(hand), full=full), "Deal"))
            dealer_hand = self.hands[self.dealer]
            if dealer_hand is None:
                out.append((_("the dealer's hand must be given before the bury"), "Deal"))
            return out
        if any(h is None for h in self.hands):
            out.append((_("a hand is '-' (unknown), which only a deal before the bury (with Kitty) may leave; "
                          "to advise on what a seat can see, give every hand or the hand record ([Play])"), "Deal"))
            return out
        out.extend(self._hand_size_problems())
        if not out:
            out.extend(self._trick_problems())
        if self.shape.card_scores:
            if self.points % 5:
                out.append((_("points {points} is not a multiple of 5").format(points=self.points), "Points"))
            unseen = 300 - sum(h.points for h in self.hands if h) - sum(p.points for p in self.trick)
            unseen -= self.bottom.points if self.bottom is not None else 0
            if self.points > unseen:
                out.append((_("points {points} is more than the {unseen} points not in sight").format(
                    points=self.points, unseen=unseen), "Points"))
        if self.points < 0:
            out.append((_("points {points} is negative").format(points=self.points), "Points"))
        limit = self.rules.bury_limit
        if limit is not None and self.bottom is not None and self.bottom.points > limit:
            out.append((_("the bottom holds {points} points (bury_limit={limit})").format(
                points=self.bottom.points, limit=limit), "Bottom"))
        return out

    def _hand_size_problems(self) -> list[tuple[str, str]]:
        n = len(self.trick[0]) if self.trick else 0
        played = {self.seat_after(self.leader, i) for i in range(len(self.trick))}
        sizes = [len(h) + (n if seat in played else 0) for seat, h in enumerate(self.hands) if h is not None]
        if len(set(sizes)) > 1:
            shown = ", ".join(f"{seat_label(s)} {len(h)}" for s, h in enumerate(self.hands) if h is not None)
            return [(_("the hands do not hold equal numbers of cards ({counts})").format(counts=shown), "Deal")]
        return []

    def _trick_problems(self) -> list[tuple[str, str]]:
        if len(self.trick) >= 4:
            return [(_("a trick in progress has at most three plays"), "Trick")]
        hands = list(self.hands)
        for i, play in enumerate(self.trick):
            seat = self.seat_after(self.leader, i)
            before = hands[seat] + play  # type: ignore[operator]
            if i == 0:
                error = lead_error(before, play, self.shape.max_unit)
            else:
                error = follow_error(before, self.trick[0], play, self.order, self.rules.follow)
            if error:
                return [(_("play {number} of the trick ({play}) by {seat} is illegal: {error}").format(
                    number=i + 1, play=play.unicode(), seat=seat_label(seat), error=error), "Trick")]
        return []

    # -- copying and comparing ----------------------------------------------

    def start(self) -> Position:
        """A copy taken back to before the first play made on it (a hand record's first trick)."""
        out = self.copy()
        while out._stack:
            out.undo()
        return out

    def rewound(self, trick: int | None = None, seat: Seat | None = None) -> Position:
        """A hand record taken back to before trick ``trick`` (1-based, as recorded) or, with ``seat``,
        to before that seat's play in it; with ``seat`` alone, to before its last recorded turn.
        Without either, a copy as it stands. Raises :class:`PositionError` when there is no such point.
        """
        if trick is None and seat is None:
            return self.copy()
        if not self.record and trick is not None:
            raise PositionError(_("only a hand record ([Play]) can be taken back to a trick"))
        pos = self.start()
        points: list[Position] = []  # the position before each recorded play, then the end
        plays = [p for t in self.history for p in t.plays] + list(self.trick)
        for play in plays:
            points.append(pos.copy())
            pos.play(play)
        points.append(pos)
        first = len(pos.history) - len(self.history)  # tricks before the record began, if any
        fits = [p for p in points if not p.is_over()
                and (trick is None or len(p.history) - first + 1 == trick and (seat is not None or not p.trick))
                and (seat is None or p.to_play == seat)]
        if not fits:
            tricks = max((len(p.history) - first + 1 for p in points if not p.is_over()), default=0)
            if trick is not None and not 1 <= trick <= tricks:
                raise PositionError(ngettext("there is no trick {trick}: the record holds {n} trick",
                                             "there is no trick {trick}: the record holds {n} tricks",
                                             tricks).format(trick=trick, n=tricks))
            if trick is not None and seat is not None:
                text = _("there is no point in trick {trick} where {seat} is to play")
            elif trick is not None:
                text = _("there is no point in trick {trick}")
            else:
                text = _("there is no point in the record where {seat} is to play")
            raise PositionError(text.format(trick=trick, seat=seat_label(seat) if seat is not None else ""))
        return fits[-1] if trick is None else fits[0]

    def endgame(self) -> Position:
        """The state of play alone, as a fresh position: no tags, comments, history or record."""
        return Position(
            level=self.level, trump=self.trump, dealer=self.dealer, hands=list(self.hands), bottom=self.bottom,
            leader=self.leader, trick=list(self.trick), points=self.points, rules=self.rules,
        )

    def copy(self, undo: bool = True) -> Position:
        """A copy that shares nothing mutable with this position (undo stack included; without ``undo``,
        a copy that cannot be taken back before where it stands — cheaper, for samples)."""
        other = Position(
            level=self.level, trump=self.trump, dealer=self.dealer, hands=list(self.hands),
            bottom=self.bottom, kitty=self.kitty, leader=self.leader, trick=list(self.trick),
            points=self.points, rules=self.rules, tags=dict(self.tags), comments=list(self.comments), dug=self.dug,
            history=list(self.history), record=self.record, origin=self.origin,
        )
        if undo:
            other._stack = [
                _Snapshot(list(s.hands), s.leader, list(s.trick), s.points, s.dug, s.tricks) for s in self._stack
            ]
        return other

    def _key(self) -> tuple:
        return (
            self.level, self.trump, self.dealer, tuple(self.hands), self.bottom, self.kitty, self.leader,
            tuple(self.trick), self.points, self.rules, tuple(self.tags.items()), tuple(self.comments), self.dug,
            tuple(self.history), self.record,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())
