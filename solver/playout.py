"""Whole hands played out: the bot plays until the last tricks, the solver finishes exactly.

Exact search cannot reach back 39 tricks, so each seat plays by a fast
heuristic (the kernel's ``bot_move``) while the hands hold more than
``exact_cards`` cards — at most that many tricks are left — and from there
both sides play perfectly for the result of the hand (outcome objective).

>>> import random
>>> from huolong.engine.deal import deal_hand
>>> hand = play_hand(deal_hand(random.Random(1)), seed=1)
>>> hand.record.is_over(), len(hand.record.bottom), hand.value.outcome is not None
(True, 6, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from huolong.engine import Play, Position, Rules, hand_result
from huolong.engine.bury import heuristic_bury
from huolong.engine.deal import deal_hand
from huolong.engine.dealfile import result_text

from huolong.i18n import _

from .encode import Encoding, encode
from .errors import SolverError
from .kernel.layout import (
    CTRL_NODES, INFO_POINTS, INFO_SIZE, INFO_WINNER, MAX_TRICKS, POLICY_BOT, POLICY_RANDOM, clear_table,
)
from .kernel.playout import playout
from .session import Session
from .values import Value

EXACT_CARDS = 6
POLICIES = {"bot": POLICY_BOT, "random": POLICY_RANDOM}
_MOVE_STACK = 1 << 16


@dataclass(frozen=True)
class PlayoutValue:
    """A play valued by a playout: the hand's value, and the seat that won the trick under way (the
    trick the play was made to) with the card points in it."""

    value: Value
    trick_winner: int
    trick_points: int


@dataclass(frozen=True)
class PlayedHand:
    """A hand played to the end: the record (every trick, ``Result`` tag) and its value."""

    record: Position
    value: Value


def kernel_seed(seed: int) -> np.ndarray:
    """The bot's random state from a seed (splitmix64, never zero)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E5F5) & (2**64 - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
    z ^= z >> 31
    return np.array([z or 1], np.uint64)


class Player:
    """Kernel buffers for many playouts in one process; reuse one per worker.

    ``policy`` gives each seat's player, S E N W: ``"bot"`` (the heuristic)
    or ``"random"`` (a random legal play, one per group of equivalent plays).
    ``objective`` is what the exact end plays for in :meth:`value`: the
    ``outcome`` (result, then points) or only the ``result`` (faster; the
    points are then a value that reaches it). Recorded hands
    (:meth:`play`) are always played for the outcome.
    """

    def __init__(self, exact_cards: int = EXACT_CARDS, policy: Sequence[str] = ("bot",) * 4, table_bits: int = 16,
                 objective: str = "outcome"):
        if exact_cards < 0:
            raise ValueError(f"invalid exact_cards {exact_cards}: must be ≥ 0")
        unknown = [p for p in policy if p not in POLICIES]
        if len(policy) != 4 or unknown:
            raise ValueError(f"invalid policy {tuple(policy)!r}: four of {', '.join(POLICIES)}")
        if objective not in ("outcome", "result"):
            raise SolverError(_("invalid objective {objective!r} for playouts: use outcome or result").format(
                objective=objective))
        self.exact_cards = exact_cards
        self.objective = objective
        self.policy = np.array([POLICIES[p] for p in policy], np.int64)
        self.table_bits = table_bits
        self.session: Session | None = None
        self.rec = np.zeros(4 * MAX_TRICKS, np.int64)
        self.info = np.zeros(INFO_SIZE, np.int64)

    def _session(self, enc: Encoding) -> Session:
        """The buffers, with a table kept while the encoding is the same (its bounds hold for one set of constants)."""
        if self.session is None:
            self.session = Session(enc, self.table_bits, stack=_MOVE_STACK)
        elif self.session.enc is not enc:
            clear_table(self.session.T)
            self.session.enc = enc
        self.session.ctrl[:] = 0
        return self.session

    @staticmethod
    def _check(pos: Position) -> None:
        if pos.rules.is_bridge:
            raise SolverError(_("playouts are for Huolong hands, not bridge"))
        if pos.is_before_bury or pos.bottom is None or any(h is None for h in pos.hands):
            raise SolverError(_("a playout needs every hand and the bottom (bury first)"))
        if pos.is_over():
            raise SolverError(_("the hand is over: nothing to play out"))

    def _run(self, pos: Position, seed: int, line: bool) -> tuple[Encoding, int, int]:
        self._check(pos)
        enc = encode(pos, "outcome" if line else self.objective)
        session = self._session(enc)
        value, plays = session.run(
            playout, enc.hands(pos), enc.trick(pos), len(pos.trick), enc.seat(pos.leader), enc.points(pos),
            int(pos.rules.follow == "strict"), self.exact_cards, self.policy, enc.K, *session.search_args(),
            kernel_seed(seed), self.rec, line, np.int64(-1), self.info, watched=False,
        )
        return enc, int(value), int(plays)

    def play_values(self, pos: Position, plays: Sequence[Play], seed: int) -> list[PlayoutValue]:
        """One playout from ``pos`` after each of ``plays`` by the seat to move, all with the same seed (so
        that they differ only by the play): its value, and who won the trick under way and its points.

        The deal is encoded once for all the plays: valuing a play costs a playout and no more.
        """
        self._check(pos)
        enc = encode(pos, self.objective)
        session = self._session(enc)
        hands, trick = enc.hands(pos), enc.trick(pos)
        args = (len(pos.trick), enc.seat(pos.leader), enc.points(pos), int(pos.rules.follow == "strict"),
                self.exact_cards, self.policy, enc.K, *session.search_args())
        rng = kernel_seed(seed)
        out = []
        for play in plays:
            value, _count = session.run(playout, hands.copy(), trick.copy(), *args, rng.copy(), self.rec, False,
                                        np.int64(enc.code(play)), self.info, watched=False)
            points, dug = enc.decode(int(value))
            winner = int(self.info[INFO_WINNER])
            out.append(PlayoutValue(Value(points, dug, hand_result(points, dug, enc.jokers, pos.rules, enc.little)),
                                    enc.seat(winner), int(self.info[INFO_POINTS]) // enc.scale))
        return out

    @property
    def nodes(self) -> int:
        """Search nodes of the last playout's exact part."""
        return int(self.session.ctrl[CTRL_NODES]) if self.session else 0

    def value(self, pos: Position, seed: int) -> Value:
        """The result of one playout from ``pos`` (after the bury; a trick may be in progress)."""
        enc, v, _ = self._run(pos, seed, line=False)
        points, dug = enc.decode(v)
        return Value(points, dug, hand_result(points, dug, enc.jokers, pos.rules, enc.little))

    def next_play(self, pos: Position, seed: int) -> Play:
        """The play this player makes for the seat to move: the first of a playout from ``pos`` (the
        heuristic's while the hands hold more than ``exact_cards`` cards and no trick is under way, else a
        best play of the exact end)."""
        enc, _v, plays = self._run(pos, seed, line=pos.cards_left <= self.exact_cards and not pos.trick)
        assert plays > 0, "a position that is not over has a next play"
        return enc.play(int(self.rec[0]))

    def play(self, pos: Position, seed: int) -> PlayedHand:
        """One playout with every play recorded: a hand record that re-reads and re-validates."""
        enc, v, plays = self._run(pos, seed, line=True)
        points, dug = enc.decode(v)
        record = pos.copy()
        record.record = True
        for code in self.rec[:plays]:
            record.play(enc.play(int(code)))  # checked by the engine: a kernel slip cannot pass
        if not record.is_over() or (record.points, record.dug) != (points, dug):
            raise AssertionError(f"playout record ends at {record.points} dug={record.dug}, search said {points} {dug}")
        value = Value(points, dug, record.result())
        record.tags["Result"] = result_text(record)
        return PlayedHand(record, value)


def play_hand(
    deal: Position, seed: int, *, exact_cards: int = EXACT_CARDS, player: Player | None = None
) -> PlayedHand:
    """Play a whole hand: the bot buries if the deal is before the bury, then a recorded playout."""
    pos = deal
    if deal.is_before_bury:
        held = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator]
        pos = deal.bury(heuristic_bury(held, deal.order, deal.rules))
    return (player or Player(exact_cards)).play(pos, seed)


def deal_seed(seed: int, index: int) -> random.Random:
    """The random stream of deal ``index`` of a run: independent of how the run is split up."""
    return random.Random(f"huolong-solve:{seed}:{index}")


def play_deal(seed: int, index: int, rules: Rules, exact_cards: int = EXACT_CARDS) -> PlayedHand:
    """Deal ``index`` of run ``seed``: a random deal, the bot's bury, a recorded playout.

    The same (seed, index) gives the same hand on any machine and in any worker.
    """
    rng = deal_seed(seed, index)
    hand = play_hand(deal_hand(rng, rules), rng.getrandbits(63), player=_player(exact_cards))
    hand.record.tags = {"Event": f"huolong-solve play --seed {seed}, deal {index + 1}", **hand.record.tags}
    return hand


@lru_cache(maxsize=4)
def _player(exact_cards: int) -> Player:
    """One set of kernel buffers per process and setting."""
    return Player(exact_cards)
