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
'S: SA SA, SK C3, SQ HA, S5 S5 -> S, 20 points'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from huolong.engine import Play, Position, hand_result, seat_name
from huolong.i18n import _
from huolong.engine.seats import Seat

from .encode import Encoding, canonical_play, encode
from .errors import SearchAborted, SolverError
from .intervals import Intervals
from .kernel.layout import (CTRL_CEILING, CTRL_FLOOR, CTRL_LIMIT, INF, K_BOUNDS, MAX_TRICKS, TASK_LINE, TASK_ORDER,
                            TASK_SCORE, TASK_TEST, TASK_VALUE)
from .kernel.root import root
from .session import Session, StopToken, needs_watching, run_side_by_side, table_bits
from .values import LineTrick, MoveValue, Value

__all__ = ["PLAYS", "Analysis", "LineTrick", "MoveValue", "SearchAborted", "StopToken", "Value", "solve", "stopped_dict",
           "value_plays"]

#: What :func:`solve` answers about the plays (DDS's ``solutions`` 3, 2, 1): every play's value,
#: which plays are optimal, or one best play.
PLAYS = ("all", "optimal", "best")


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
    plays: str = "all"
    to_play: Seat = field(init=False)

    def __post_init__(self) -> None:
        self.to_play = self.position.to_play

    def to_dict(self) -> dict:
        """The JSON form (the schema of ``huolong-solve --json``)."""
        return {
            "event": self.position.tags.get("Event"),
            "to_play": seat_name(self.to_play),
            "objective": "tricks" if self.value.outcome is None else self.objective,
            "plays": self.plays,
            "value": self.value.to_dict(),
            "moves": [m.to_dict() for m in self.moves],
            "line": [t.to_dict() for t in self.line],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


class Search:
    """One position in the kernel's terms: its arrays, and the session that searches it."""

    def __init__(self, pos: Position, objective: str, max_nodes: int | None = None,
                 max_seconds: float | None = None, threads: int = 1,
                 on_progress: Callable[[int], None] | None = None, stop: StopToken | None = None) -> None:
        if pos.is_before_bury or pos.bottom is None or any(h is None for h in pos.hands):
            raise SolverError(_("a deal before the bury has nothing to solve yet: "
                                "rank the burials with huolong-solve bury"))
        if threads < 1:
            raise SolverError(_("invalid threads {threads}: at least 1").format(threads=threads))
        self.pos = pos
        self.enc: Encoding = encode(pos, objective)
        self.session = Session(self.enc, table_bits(pos), max_nodes=max_nodes, max_seconds=max_seconds, stop=stop)
        if on_progress is not None:
            self.session.on_progress = lambda: on_progress(self.nodes)  # every thread's nodes
        self.watched = needs_watching(pos)
        # small positions solve in milliseconds: a second table would cost more than it saves
        self.threads = threads if self.watched else 1
        self.helpers: list[Session] = []  # the other threads' sessions, made when first needed
        self.strict = int(pos.rules.follow == "strict")

    @property
    def nodes(self) -> int:
        return self.session.nodes + sum(s.nodes for s in self.helpers)

    def close(self) -> None:
        """Give the tables back for later searches (the search is over)."""
        for session in (self.session, *self.helpers):
            session.close()

    def __enter__(self) -> Search:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _args(self, task: int, session: Session, moves: np.ndarray, count: int, values: np.ndarray) -> tuple:
        enc, pos = self.enc, self.pos
        return (task, enc.hands(pos), enc.trick(pos), len(pos.trick), enc.seat(pos.leader), enc.points(pos), moves,
                count, values, self.strict, enc.K, *session.search_args())

    def _root(self, task: int, moves: np.ndarray, count: int, values: np.ndarray, watched: bool) -> int:
        """Run a task of the kernel's root driver on the position."""
        return int(self.session.run(root, *self._args(task, self.session, moves, count, values), watched=watched))

    def root_plays(self) -> tuple[np.ndarray, np.ndarray]:
        """The canonical plays of the seat to move, best-ordered, and the equivalence links."""
        moves = np.empty(self.session.ms.shape[0], np.int64)  # the driver writes the first n (zeroing cost ~1 ms)
        n = self._root(TASK_ORDER, moves, 0, np.zeros(1, np.int64), watched=False)
        return moves[:n].copy(), self.session.prev.copy()

    def score(self, codes: np.ndarray) -> np.ndarray:
        """The exact value of each play (move codes). When stopped, the plays
        finished before the stop travel in the exception's ``partial``, and
        what they prove of the position's value in its ``bounds``: the side
        to play reaches at least the best of them, and the play each thread
        was searching when it stopped as much as that search had proved."""
        values = np.full(len(codes), -1, np.int64)  # values are never negative
        threads = min(self.threads, len(codes))
        try:
            if threads == 1:
                self._root(TASK_SCORE, codes, len(codes), values, self.watched)
            else:
                self._score_side_by_side(codes, values, threads)
        except SearchAborted as stop:
            stop.partial = [MoveValue(self.enc.play(int(c)), self.to_value(int(v)))
                            for c, v in zip(codes, values) if v >= 0]
            reached = [int(v) for v in values if v >= 0]
            for session in (self.session, *self.helpers[: threads - 1]):  # the play each thread was on
                reached.append(int(session.ctrl[CTRL_FLOOR if self.maximize else CTRL_CEILING]))
            reached = [v for v in reached if -INF < v < INF]
            if reached:  # the side to play reaches at least its best; the other side of it stays open
                floor, ceiling = (max(reached), INF) if self.maximize else (-INF, min(reached))
                stop.bounds = self.bounds(floor, ceiling)
            raise
        return values

    def _score_side_by_side(self, codes: np.ndarray, values: np.ndarray, threads: int) -> None:
        """Each thread scores every ``threads``-th play (they come best first, so the work is shared
        fairly), on a table of its own."""
        first = self.session
        while len(self.helpers) < threads - 1:
            limit = int(first.ctrl[CTRL_LIMIT]) or None
            self.helpers.append(Session(self.enc, table_bits(self.pos), max_nodes=limit, stop=first.stop))
            self.helpers[-1].deadline = first.deadline
        groups = [np.ascontiguousarray(codes[i::threads]) for i in range(threads)]
        parts = [np.full(len(g), -1, np.int64) for g in groups]
        sessions = [first, *self.helpers[: threads - 1]]
        try:
            run_side_by_side([(s, root, self._args(TASK_SCORE, s, g, len(g), p))
                              for s, g, p in zip(sessions, groups, parts, strict=True)])
        finally:
            for i, part in enumerate(parts):
                values[i::threads] = part

    def values(self, plays: list[Play]) -> dict[Play, int]:
        """The kernel value of each of ``plays`` (legal plays of the seat to move): each group of
        equivalent plays is searched once, in the best order."""
        chosen, wanted, _ = self.canonical(plays)
        scored = dict(zip((int(c) for c in chosen), (int(v) for v in self.score(chosen)), strict=True))
        return {p: scored[code] for p, code in wanted.items()}

    def canonical(self, plays: list[Play]) -> tuple[np.ndarray, dict[Play, int], np.ndarray]:
        """The codes to search for ``plays`` (one a group of equivalent plays, best-ordered), each
        play's code among them, and the equivalence links."""
        codes, links = self.root_plays()
        wanted = {p: self.enc.code(canonical_play(p, self.enc, links)) for p in plays}
        needed = set(wanted.values())
        return np.array([c for c in codes if int(c) in needed], np.int64), wanted, links

    def value(self) -> int:
        """The exact value of the position. When stopped, what MTD(f) had proved of it travels in
        the exception's ``bounds``."""
        values = np.zeros(1, np.int64)
        try:
            self._root(TASK_VALUE, np.zeros(1, np.int64), 0, values, self.watched)
        except SearchAborted as stop:
            stop.bounds = self.bounds(int(self.session.ctrl[CTRL_FLOOR]), int(self.session.ctrl[CTRL_CEILING]))
            raise
        return int(values[0])

    @property
    def maximize(self) -> bool:
        """Whether the side to play maximises the kernel's values (the attackers do)."""
        return self.pos.is_attacker(self.pos.to_play)

    def bounds(self, floor: int, ceiling: int) -> tuple[Value | None, Value | None]:
        """Kernel values proved of the position, ``floor`` ≤ value ≤ ``ceiling`` (±INF: nothing),
        as ``(at least, at most)`` in :class:`Value`'s terms."""
        low = self.to_value(floor) if floor > -INF else None
        high = self.to_value(ceiling) if ceiling < INF else None
        if not self.pos.shape.card_scores and not self.maximize:
            low, high = high, low  # bridge: the tricks of the side to play, who is the kernel's minimiser
        return low, high

    def kept(self, value: int) -> tuple[int, int]:
        """What keeping ``value`` means: ``(the attackers' floor, the dealer team's ceiling)``. The
        value itself, or under the result objective — where a value is only one that reaches its
        result — every value of that result."""
        if self.enc.objective != "result":
            return value, value
        bounds = [int(b) for b in self.enc.K[K_BOUNDS]]
        return (max((b for b in bounds if b <= value), default=-INF),
                min((b for b in bounds if b > value), default=INF + 1) - 1)

    def keeping(self, codes: np.ndarray, value: int, first: bool = False) -> list[bool] | int:
        """Which plays keep ``value`` (one zero-window search each; see :meth:`kept`); with
        ``first``, the index of the first one that does (−1: none)."""
        low, high = self.kept(value)
        values = np.zeros(len(codes) + 1, np.int64)
        values[0] = low if self.maximize else high
        found = self._root(TASK_TEST, codes, -len(codes) if first else len(codes), values, self.watched)
        return found if first else [bool(v) for v in values[1:]]

    def line(self, value: int) -> list[LineTrick]:
        """Play the hand out along moves that keep ``value`` (see :meth:`kept`), as tricks."""
        codes = np.zeros(4 * MAX_TRICKS, np.int64)
        count = self._root(TASK_LINE, codes, 0, np.array(self.kept(value), np.int64), self.watched)
        return line_tricks(self.pos, [self.enc.play(int(c)) for c in codes[:count]])

    def to_value(self, v: int) -> Value:
        points, dug = self.enc.decode(v)
        if not self.pos.shape.card_scores:
            # bridge: tricks the side to play takes from here (DDS's convention)
            future = points - self.pos.points
            if not self.maximize:
                future = self.pos.cards_left - future
            return Value(future, False, None)
        return Value(points, dug, hand_result(points, dug, self.enc.jokers, self.pos.rules, self.enc.little))


def line_tricks(pos: Position, plays: list[Play]) -> list[LineTrick]:
    """The plays from ``pos`` on, grouped into tricks (the engine checks each play)."""
    replay = pos.copy()
    tricks: list[LineTrick] = []
    leader, current = replay.leader, list(replay.trick)
    for play in plays:
        current.append(play)
        replay.play(play)
        if not replay.trick:
            done = replay.history[-1]
            tricks.append(LineTrick(leader, tuple(current), done.winner, done.points))
            leader, current = replay.leader, []
    if current:
        tricks.append(LineTrick(leader, tuple(current), None, 0))
    return tricks


def value_plays(position: Position, objective: str = "outcome", plays: list[Play] | None = None, *,
                max_nodes: int | None = None, max_seconds: float | None = None,
                stop: StopToken | None = None) -> dict[Play, Value]:
    """The exact value of each of ``plays`` (default: every legal play) of the seat to move — what
    :func:`solve` gives, without the best line and for the plays asked only.

    >>> from huolong.engine import Position, Play
    >>> pos = Position.from_hands(["A.-.-.-", "K.-.-.-", "Q.-.-.-", "5.-.-.-"], level="9", trump="H",
    ...                           dealer="N", leader="S", bottom="-.-.-.KK5543")
    >>> str(value_plays(pos, "points")[Play.parse("SA")])
    '0 dealer-win-game'
    """
    pos = position.copy()
    with Search(pos, objective, max_nodes, max_seconds, stop=stop) as search:
        if pos.is_over():
            raise SolverError(_("the hand is over: there is no play to value"))
        raw = search.values(plays if plays is not None else pos.legal_plays())
        return {p: search.to_value(v) for p, v in raw.items()}


def solve(
    position: Position,
    objective: str = "points",
    *,
    plays: str = "all",
    threads: int = 1,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    line: bool = True,
    on_progress: Callable[[int], None] | None = None,
    stop: StopToken | None = None,
    intervals: bool = False,
) -> Analysis:
    """Solve a position double-dummy: its value, the plays' values, the best line.

    ``objective`` is ``"points"`` (the attackers maximise their final score,
    the dealer team minimises it), ``"outcome"`` (both play for the result
    of the hand, docs/rules.md §11, then for points) or ``"result"`` (the
    result only, faster: its points are then only a value that reaches it,
    and a play is best or optimal when it keeps the result). ``plays`` (:data:`PLAYS`)
    says how much to answer about the plays: ``"all"`` every legal play's
    exact value; ``"optimal"`` the value, and every play marked optimal or
    not by one zero-window search (only optimal plays get a value);
    ``"best"`` the value and one best play. ``threads``: with every play,
    score them on this many threads at once, each with a table of its own
    (positions of more than 7 cards a hand only). ``max_nodes`` (per thread)
    and ``max_seconds`` bound the work: past them :class:`SearchAborted` is raised.
    ``on_progress`` is called with the nodes searched so far, from another
    thread, at once and then about twice a second while a search runs that
    is long enough to be watched (more than 28 cards in play). ``stop``: a
    :class:`~huolong.solver.session.StopToken` that cancels the search from
    another thread or process (``SearchAborted``, reason ``cancelled``).
    ``intervals``: with every play and a budget, share the budget among the
    plays in rounds (:mod:`.intervals`, one thread), so that a stopped search
    leaves every play a proven interval in the exception's ``intervals``
    (:class:`~huolong.solver.intervals.PlayInterval`, with which plays are
    proven worse than another).
    """
    if plays not in PLAYS:
        raise SolverError(_("invalid plays {plays!r}: use {choices}").format(plays=plays, choices=", ".join(PLAYS)))
    started = time.perf_counter()
    pos = position.copy()
    with Search(pos, objective, max_nodes, max_seconds, threads, on_progress, stop) as search:
        if pos.is_over():
            value = Value(pos.points, pos.dug, pos.result()) if pos.shape.card_scores else Value(0, False, None)
            return Analysis(pos, objective, value, [], [], 0, time.perf_counter() - started, plays)
        if plays == "all" and intervals and (max_nodes or max_seconds or stop is not None):
            best, move_values = _all_plays_within(search, pos)
        elif plays == "all":
            best, move_values = _all_plays(search, pos)
        else:
            best = search.value()
        try:
            if plays != "all":
                move_values = _optimal_plays(search, pos, best, first=plays == "best")
            best_line = search.line(best) if line else []
        except SearchAborted as stop:
            stop.bounds = search.bounds(best, best)  # stopped after the value was known
            raise
        return Analysis(pos, objective, search.to_value(best), move_values, best_line, search.nodes,
                        time.perf_counter() - started, plays)


def stopped_dict(position: Position, objective: str, plays: str, stop: SearchAborted) -> dict:
    """The JSON of a position the search did not finish (``solve --json``): the head of
    :meth:`Analysis.to_dict`, and ``stopped``: why, after how many nodes, the plays finished
    before the stop and what was proved of the value (``at_least``, ``at_most``: value objects or
    ``null``)."""
    low, high = stop.bounds
    return {
        "event": position.tags.get("Event"),
        "to_play": seat_name(position.to_play),
        "objective": "tricks" if not position.shape.card_scores else objective,
        "plays": plays,
        "stopped": {
            "reason": stop.reason,
            "nodes": stop.nodes,
            "finished": [m.to_dict() for m in stop.partial],
            "at_least": low.to_dict() if low is not None else None,
            "at_most": high.to_dict() if high is not None else None,
            **({"moves": [i.to_dict() for i in stop.intervals]} if stop.intervals else {}),
        },
    }


def _all_plays_within(search: Search, pos: Position) -> tuple[int, list[MoveValue]]:
    """As :func:`_all_plays`, the budget shared among the plays: when stopped, every play's
    proven interval travels in the exception's ``intervals``."""
    legal = pos.legal_plays()
    chosen, wanted, links = search.canonical(legal)
    rounds = Intervals(search, chosen)
    try:
        rounds.run()
    except SearchAborted as stop:
        stop.intervals = rounds.play_intervals(legal, links)
        stop.partial = [MoveValue(i.play, i.at_least) for i in stop.intervals if i.exact and i.at_least is not None]
        stop.bounds = search.bounds(*rounds.best_bounds())
        raise
    at = {int(c): i for i, c in enumerate(chosen)}
    return _all_plays(search, pos, {p: rounds.low[at[code]] for p, code in wanted.items()})


def _all_plays(search: Search, pos: Position, raw: dict[Play, int] | None = None) -> tuple[int, list[MoveValue]]:
    """Every legal play's exact value (``raw``, kernel values, when already known), best first, and
    the best value."""
    raw = raw if raw is not None else search.values(pos.legal_plays())
    maximize = search.maximize
    best = max(raw.values()) if maximize else min(raw.values())
    moves = sorted(((v, p) for p, v in raw.items()), key=lambda item: -item[0] if maximize else item[0])
    sign = 1 if maximize else -1
    best_points = search.enc.decode(best)[0]
    return best, [MoveValue(p, search.to_value(v), sign * (best_points - search.enc.decode(v)[0])) for v, p in moves]


def _optimal_plays(search: Search, pos: Position, best: int, first: bool) -> list[MoveValue]:
    """The legal plays marked optimal or not (optimal first), or only the first optimal one."""
    codes, links = search.root_plays()
    value = search.to_value(best)
    if first:
        index = search.keeping(codes, best, first=True)
        assert isinstance(index, int) and index >= 0, "a best play keeps the value"
        return [MoveValue(search.enc.play(int(codes[index])), value, 0, optimal=True)]
    keeps = dict(zip((int(c) for c in codes), search.keeping(codes, best), strict=True))
    marked = [(keeps[search.enc.code(canonical_play(p, search.enc, links))], p) for p in pos.legal_plays()]
    marked.sort(key=lambda item: not item[0])
    return [MoveValue(p, value if ok else None, 0 if ok else None, optimal=ok) for ok, p in marked]
