"""The solver's Python API: exact values of a position, of every play, and the best line.

>>> from huolong.engine import read_positions
>>> [pos] = read_positions('''
... [Level "3"]
... [Trump "H"]
... [Dealer "N"]
... [Leader "S"]
... [Points "95"]
... [Bottom "K5.-.T4.43"]
... [Deal "S:AA.2.-.-.B K.T5.-.3 Q.A.-.-.LL 55.K.3.-"]''')
>>> analysis = solve(pos, objective="points")
>>> analysis.value.points, analysis.value.dug, str(analysis.value.outcome)
(95, False, 'dealer-up 1')
>>> [(str(m.play), m.value.points) for m in analysis.moves]
[('SA', 95), ('H2', 95), ('BJ', 95), ('SA SA', 95)]
>>> str(analysis.line[0])
'S: BJ, C3, HA, D3 -> S, 0 points'
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numpy as np

from huolong.engine import Outcome, Play, Position, hand_result, seat_name
from huolong.engine.cards import NUM_KINDS
from huolong.engine.seats import Seat

from . import kernel
from .encode import Encoding, canonical_play, encode

STACK_SIZE = 1 << 21
_DIRECT_CARDS = 28  # below this many cards in play, searches are too short to need a watcher thread


class SearchAborted(RuntimeError):
    """The search stopped before it finished: node limit, time limit or Ctrl-C.

    ``partial`` holds the plays whose values were finished before the stop.
    """

    def __init__(self, reason: str, nodes: int, partial: list[MoveValue] | None = None) -> None:
        self.reason = reason
        self.nodes = nodes
        self.partial = partial or []
        super().__init__(f"search stopped ({reason}) after {nodes:,} nodes")


@dataclass(frozen=True)
class Value:
    """The end of a hand under best play: attackers' final points, the dig, the result.

    In bridge, ``points`` is the number of tricks the side to play takes from
    the analysed position on (DDS's convention), and ``outcome`` is ``None``.
    """

    points: int
    dug: bool
    outcome: Outcome | None

    def __str__(self) -> str:
        if self.outcome is None:
            return f"{self.points} tricks"
        return f"{self.points}{' dug' if self.dug else ''} {self.outcome}"


@dataclass(frozen=True)
class MoveValue:
    """One legal play of the seat to move and the value it leads to."""

    play: Play
    value: Value
    loss: int = 0  # points this play gives up against the best, from the mover's side


@dataclass(frozen=True)
class LineTrick:
    """One trick of the best line."""

    leader: Seat
    plays: tuple[Play, ...]
    winner: Seat | None
    points: int

    def __str__(self) -> str:
        text = f"{seat_name(self.leader)}: " + ", ".join(str(p) for p in self.plays)
        if self.winner is None:
            return text
        return text + f" -> {seat_name(self.winner)}, {self.points} points"


@dataclass
class Analysis:
    """What :func:`solve` found."""

    position: Position
    objective: str
    value: Value
    moves: list[MoveValue]
    line: list[LineTrick]
    nodes: int
    seconds: float
    to_play: Seat = field(init=False)

    def __post_init__(self) -> None:
        self.to_play = self.position.to_play


def new_table(size: int) -> tuple[np.ndarray, ...]:
    """An empty transposition table of ``size`` entries (a power of two, at least
    ``kernel.WAYS``): shapes, class keys, class cuts, lower bounds, upper bounds,
    best moves, stamps."""
    return (np.zeros(size, np.uint64), np.zeros(size, np.uint64), np.zeros(size, np.int64),
            np.full(size, -kernel.INF, np.int64), np.full(size, kernel.INF, np.int64), np.full(size, -1, np.int64),
            np.zeros(size, np.int64))


def clear_table(T: tuple[np.ndarray, ...]) -> None:
    """Empty a table in place (cheaper than a new one): no entry matches a zero shape."""
    T[0].fill(0)
    T[5].fill(-1)
    T[6].fill(0)


def search_buffers(stack: int) -> tuple[np.ndarray, ...]:
    """The kernel's working arrays: move stack, move scores, equivalence links, control words, frames."""
    return (np.zeros(stack, np.int64), np.zeros(stack, np.int64), np.full(NUM_KINDS, -1, np.int64),
            np.zeros(8, np.int64), np.zeros((kernel.MAX_PLIES, kernel.F_FIELDS), np.int64),
            np.zeros((kernel.MAX_PLIES, kernel.FK_FIELDS), np.uint64))


class _Searcher:
    """Kernel buffers for one hand and one objective; the table is kept between calls."""

    def __init__(self, pos: Position, objective: str, max_nodes: int | None, deadline: float | None, table_bits: int):
        self.pos = pos
        self.enc: Encoding = encode(pos, objective)
        size = 1 << table_bits
        self.T = new_table(size)
        self.ms, self.sc, self.prev, self.ctrl, self.F, self.FK = search_buffers(STACK_SIZE)
        self.ctrl[kernel.CTRL_LIMIT] = max_nodes or 0
        self.deadline = deadline
        self.strict = 1 if pos.rules.follow == "strict" else 0

    @property
    def nodes(self) -> int:
        return int(self.ctrl[kernel.CTRL_NODES])

    def _call(self, pos: Position, move: Play | None, alpha: int, beta: int) -> int:
        if move is not None:
            pos = pos.copy()
            pos.play(move)
        points, leader = self.enc.points(pos), self.enc.seat(pos.leader)
        if pos.is_over():
            return int(self.enc.K[5][int(pos.dug), points // 5])
        h = self.enc.hands(pos)
        key = kernel.hand_key(h, leader, self.enc.K[6], self.enc.K[9])
        args = (
            h, self.enc.trick(pos), len(pos.trick), leader, points, key,
            alpha, beta, self.strict, self.enc.K, self.T, self.ms, self.sc, self.prev, self.ctrl, self.F, self.FK,
        )
        self.ctrl[kernel.CTRL_ABORTED] = 0
        in_play = sum(len(h) for h in pos.hands if h is not None)
        if in_play <= _DIRECT_CARDS and self.deadline is None:
            value = kernel.search(*args)
        else:
            value = self._watched(args)
        if self.ctrl[kernel.CTRL_ABORTED]:
            reason = "move stack overflow" if self.ctrl[kernel.CTRL_OVERFLOW] else self._reason()
            raise SearchAborted(reason, self.nodes)
        return int(value)

    def _reason(self) -> str:
        if self.ctrl[kernel.CTRL_STOP] == 2:
            return "time limit"
        if self.ctrl[kernel.CTRL_STOP] == 1:
            return "interrupted"
        return "node limit"

    def _watched(self, args: tuple) -> int:
        """Run the kernel (which releases the GIL) in a thread, so Ctrl-C and the clock can stop it."""
        result: list[int] = []
        worker = threading.Thread(target=lambda: result.append(kernel.search(*args)), daemon=True)
        worker.start()
        try:
            while worker.is_alive():
                worker.join(0.05)
                if self.deadline is not None and time.monotonic() > self.deadline:
                    self.ctrl[kernel.CTRL_STOP] = 2
        except KeyboardInterrupt:
            self.ctrl[kernel.CTRL_STOP] = 1
            worker.join()
        return result[0] if result else 0

    def value(self, pos: Position, move: Play | None = None, guess: int | None = None) -> int:
        """Exact value of ``pos`` (after ``move``) by MTD(f): zero-window tests until the bounds meet."""
        lo, hi = -kernel.INF, kernel.INF
        g = guess if guess is not None else int(self.enc.K[5][0, self.enc.points(pos) // 5])
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._call(pos, move, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def estimate(self, pos: Position, move: Play) -> int | None:
        """The value the playout bots reach after ``move``: a first guess for :meth:`value`."""
        pos = pos.copy()
        pos.play(move)
        if pos.is_over():
            return None
        rng = np.array([0x9E3779B97F4A7C15], np.uint64)  # the bots only use it to break ties
        return int(kernel.bot_value(
            self.enc.hands(pos), self.enc.trick(pos), len(pos.trick), self.enc.seat(pos.leader), self.enc.points(pos),
            self.strict, self.enc.K, np.full(NUM_KINDS, -1, np.int64), self.ms, self.ctrl, rng,
        ))

    def at_least(self, pos: Position, move: Play, v: int) -> bool:
        return self._call(pos, move, v - 1, v) >= v

    def at_most(self, pos: Position, move: Play, v: int) -> bool:
        return self._call(pos, move, v, v + 1) <= v

    def canonical_moves(self, pos: Position) -> tuple[list[Play], np.ndarray]:
        """One play of each group of equivalent plays, and the equivalence links."""
        self.prev.fill(-1)
        codes = kernel.root_plays(
            self.enc.hands(pos), self.enc.trick(pos), len(pos.trick), self.enc.seat(pos.to_play), self.strict,
            self.enc.K, self.ms, self.sc, self.prev, self.ctrl,
        )
        return [self.enc.play(int(c)) for c in codes], self.prev.copy()

    def to_value(self, v: int) -> Value:
        points, dug = self.enc.decode(v)
        if not self.pos.shape.card_scores:
            # bridge: tricks the side to play takes from here (DDS's convention)
            future = points - self.pos.points
            if not self.pos.is_attacker(self.pos.to_play):
                future = self.pos.cards_left - future
            return Value(future, False, None)
        return Value(points, dug, hand_result(points, dug, self.enc.jokers, self.pos.rules))


def solve(
    position: Position,
    objective: str = "points",
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    line: bool = True,
) -> Analysis:
    """Solve a position double-dummy: its value, every legal play's value, the best line.

    ``objective`` is ``"points"`` (the attackers maximise their final score,
    the dealer team minimises it) or ``"outcome"`` (both play for the result
    of the hand, RULES.md §11, then for points). ``max_nodes`` and
    ``max_seconds`` bound the work: past them :class:`SearchAborted` is raised.
    """
    started = time.perf_counter()
    if position.bottom is None or any(h is None for h in position.hands):
        raise ValueError("cannot solve a deal before the bury: the bottom and all four hands must be known")
    pos = position.copy()
    deadline = time.monotonic() + max_seconds if max_seconds else None
    in_play = sum(len(h) for h in pos.hands if h is not None)
    # table size grows with the position: small endgames should not pay for a big table
    searcher = _Searcher(pos, objective, max_nodes, deadline, table_bits=min(21, max(12, in_play // 2 + 2)))
    if pos.is_over():
        value = Value(pos.points, pos.dug, pos.result()) if pos.shape.card_scores else Value(0, False, None)
        return Analysis(pos, objective, value, [], [], 0, time.perf_counter() - started)
    maximize = pos.is_attacker(pos.to_play)
    plays, prev = searcher.canonical_moves(pos)
    scored: dict[Play, int] = {}
    partial: list[MoveValue] = []
    guess = searcher.estimate(pos, plays[0])
    try:
        for play in plays:
            # the best so far is the likeliest value: most plays either reach it or fall short
            v = searcher.value(pos, play, guess)
            guess = v if play is plays[0] else (max(guess, v) if maximize else min(guess, v))
            scored[play] = v
            partial.append(MoveValue(play, searcher.to_value(v)))
    except SearchAborted as stop:
        stop.partial = partial
        raise
    best = max(scored.values()) if maximize else min(scored.values())
    moves = []
    for play in pos.legal_plays():
        v = scored[canonical_play(play, searcher.enc, prev)]
        moves.append((v, play))
    moves.sort(key=lambda item: (-item[0] if maximize else item[0]))
    sign = 1 if maximize else -1
    best_points = searcher.enc.decode(best)[0]
    move_values = [
        MoveValue(play, searcher.to_value(v), sign * (best_points - searcher.enc.decode(v)[0])) for v, play in moves
    ]
    best_line = _best_line(searcher, pos, best) if line else []
    return Analysis(
        pos, objective, searcher.to_value(best), move_values, best_line, searcher.nodes,
        time.perf_counter() - started,
    )


def _best_line(searcher: _Searcher, pos: Position, value: int) -> list[LineTrick]:
    """Play the hand out along moves that keep the value, trick by trick."""
    line_pos = pos.copy()
    tricks: list[LineTrick] = []
    leader, plays = line_pos.leader, list(line_pos.trick)
    while not line_pos.is_over():
        maximize = line_pos.is_attacker(line_pos.to_play)
        candidates, _ = searcher.canonical_moves(line_pos)
        play = candidates[0]
        for candidate in candidates:
            if (searcher.at_least if maximize else searcher.at_most)(line_pos, candidate, value):
                play = candidate
                break
        plays.append(play)
        history = len(line_pos.history)
        line_pos.play(play)
        if len(line_pos.history) > history:
            done = line_pos.history[-1]
            tricks.append(LineTrick(leader, tuple(plays), done.winner, done.points))
            leader, plays = line_pos.leader, []
    return tricks


def analysis_dict(analysis: Analysis) -> dict:
    """The JSON form of an analysis (the schema of ``huolong-solve --json``)."""

    def value(v) -> dict:  # type: ignore[no-untyped-def]
        if v.outcome is None:  # bridge
            return {"tricks": v.points}
        return {"points": v.points, "dug": v.dug, "outcome": v.outcome.name, "levels": v.outcome.levels}

    return {
        "event": analysis.position.tags.get("Event"),
        "to_play": seat_name(analysis.to_play),
        "objective": "tricks" if analysis.value.outcome is None else analysis.objective,
        "value": value(analysis.value),
        "moves": [{"play": str(m.play), **value(m.value)} for m in analysis.moves],
        "line": [
            {"leader": seat_name(t.leader), "plays": [str(p) for p in t.plays],
             "winner": seat_name(t.winner) if t.winner is not None else None, "points": t.points}
            for t in analysis.line
        ],
        "nodes": analysis.nodes,
        "seconds": round(analysis.seconds, 6),
    }
