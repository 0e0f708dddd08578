"""Proven intervals: what a search under a budget proves of every play's value, when it cannot finish.

A stopped zero-window search still proves a bound: MTD(f) narrows
``at least ≤ value ≤ at most`` pass by pass. Scoring the plays one after the
other spends the whole budget on the first few and leaves the rest with
nothing; here every play gets its turn, in rounds of growing node budgets
(each round doubles a play's share), and each turn resumes from the bounds
the play's earlier turns proved (``TASK_RANGE``, the table keeps their
subtrees). A play's first test is the one that separates it from the best
play so far (is it at least as good?), so a play that is worse is usually
known to be worse after one cheap pass, and the budget goes on to the plays
still in doubt.

What the intervals prove, without knowing any value exactly: a play whose
best case is below another play's worst case is a double-dummy mistake
(:attr:`PlayInterval.proven_worse`); when every result in its interval is
worse than every result in the best play's, it gives a worse result. With
enough budget every interval closes and the values are the exact ones of
:func:`~huolong.solver.search.solve`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from huolong.engine import Play

from .encode import canonical_play
from .errors import SearchAborted
from .kernel.layout import CTRL_LIMIT, INF, K_LEAF, TASK_RANGE
from .values import Value

FIRST_SHARE = 4_096  # a play's node budget in the first round; each round doubles it


@dataclass(frozen=True)
class PlayInterval:
    """What is proved of one play's value: ``at_least`` ≤ value ≤ ``at_most`` (``None``: nothing that
    way), from the side to play's view (bridge: its tricks). ``proven_worse``: some other play is
    proved better whatever the exact values; ``proven_best``: no other play can be better;
    ``worse_result``: every result this play can reach is worse than every result of the best one
    (``None`` where results do not apply); ``loss_at_least``: for a play proven worse, the least it
    gives away against the best play, in points (bridge: tricks) from the side to play's view;
    ``leads``: the play with the best proved worst case — the one others are proven worse than."""

    play: Play
    at_least: Value | None
    at_most: Value | None
    proven_worse: bool
    proven_best: bool
    worse_result: bool | None = None
    loss_at_least: int | None = None
    leads: bool = False

    @property
    def exact(self) -> bool:
        return self.at_least is not None and self.at_least == self.at_most

    def to_dict(self) -> dict:
        return {"play": str(self.play),
                "at_least": self.at_least.to_dict() if self.at_least is not None else None,
                "at_most": self.at_most.to_dict() if self.at_most is not None else None,
                "exact": self.exact, "proven_worse": self.proven_worse, "proven_best": self.proven_best,
                "worse_result": self.worse_result, "loss_at_least": self.loss_at_least, "leads": self.leads}


class Intervals:
    """The rounds over one position's plays (kernel codes, best-ordered), on a
    :class:`~huolong.solver.search.Search`'s session; the bounds in kernel values."""

    def __init__(self, search, codes: np.ndarray) -> None:  # type: ignore[no-untyped-def]
        self.search = search
        self.codes = codes
        self.low = [-INF] * len(codes)
        self.high = [INF] * len(codes)

    def run(self, on_round: Callable[[], None] | None = None) -> None:
        """Narrow every play's interval until all are exact, or raise the session's stop
        (:class:`SearchAborted`: its own node limit, the clock, a cancel) with the intervals kept."""
        session = self.search.session
        limit = int(session.ctrl[CTRL_LIMIT])  # the caller's budget over the session's life (0: none)
        share = FIRST_SHARE
        try:
            while True:
                todo = self._order()
                if not todo:
                    return
                leader = self._leader()
                for i in todo:
                    if self.low[i] == self.high[i]:
                        continue
                    # the best play so far gets half the round: its worst case is what proves others worse
                    turn = session.nodes + (share * max(1, len(todo) // 2) if i == leader else share)
                    session.ctrl[CTRL_LIMIT] = min(turn, limit) if limit else turn
                    try:
                        self._turn(i)
                    except SearchAborted as stop:
                        if stop.reason != "node limit" or (limit and session.nodes >= limit):
                            raise
                share *= 2
                if on_round is not None:
                    on_round()
        finally:
            session.ctrl[CTRL_LIMIT] = limit

    def _turn(self, i: int) -> None:
        values = np.array([self.low[i], self.high[i], self._guess(i)], np.int64)
        try:
            self.search._root(TASK_RANGE, self.codes[i:i + 1], 1, values, self.search.watched)
        finally:  # stopped or not, what it proved stays
            self.low[i], self.high[i] = max(self.low[i], int(values[0])), min(self.high[i], int(values[1]))

    def _guess(self, i: int) -> int:
        """Where play ``i``'s next pass tests: the best play's proved worst case, which either proves
        ``i`` worse or keeps it in the running (−INF before anything is known: the bots' finish)."""
        if self.search.maximize:
            best = max(self.low)
            return -INF if best == -INF and self.low[i] == -INF else min(max(best, self.low[i]), self.high[i])
        best = min(self.high)
        return -INF if best == INF and self.high[i] == INF else max(min(best, self.high[i]), self.low[i])

    def _order(self) -> list[int]:
        """The plays the next round searches: those still in doubt against the best, or, once every
        play is known better or worse, the open ones (a play proved worse only narrows its own
        interval: it waits until nothing is in doubt)."""
        open_ = [i for i in range(len(self.codes)) if self.low[i] < self.high[i]]
        doubt = [i for i in open_ if self._in_doubt(i)]
        return doubt or open_

    def _leader(self) -> int:
        """The play with the best proved worst case (the first in the best order while none has one)."""
        if self.search.maximize:
            return max(range(len(self.codes)), key=lambda i: (self.low[i], -i))
        return min(range(len(self.codes)), key=lambda i: (self.high[i], i))

    def _in_doubt(self, i: int) -> bool:
        if self.search.maximize:
            return self.high[i] >= max(self.low)
        return self.low[i] <= min(self.high)

    # -- in the solver's terms -----------------------------------------------------------------

    def best_bounds(self) -> tuple[int, int]:
        """What the intervals prove of the position's value (kernel values)."""
        if self.search.maximize:
            return max(self.low), max(self.high)
        return min(self.low), min(self.high)

    def play_intervals(self, plays: list[Play], links: np.ndarray) -> list[PlayInterval]:
        """Each of ``plays`` (legal plays) with its interval, best-looking first."""
        search = self.search
        at = {int(c): i for i, c in enumerate(self.codes)}
        best_low, best_high = self.best_bounds()
        value_low, value_high = search.bounds(best_low, best_high)  # the position's, as Values
        bridge = not search.pos.shape.card_scores
        leader = self._leader()
        out = []
        for play in plays:
            i = at[search.enc.code(canonical_play(play, search.enc, links))]
            low, high = self.low[i], self.high[i]
            others = [j for j in range(len(self.codes)) if j != i]
            if search.maximize:
                worse = high < best_low
                best = all(low >= self.high[j] for j in others)
                result = worse and _worse_result(search, (low, high), self.best_bounds())
                edge = -high
            else:
                worse = low > best_high
                best = all(high <= self.low[j] for j in others)
                result = worse and _worse_result(search, (low, high), self.best_bounds())
                edge = low
            at_least, at_most = search.bounds(low, high)
            loss = None
            if worse:  # its best case against the best play's worst case, from the mover's side
                if bridge or search.maximize:  # bridge's values count the mover's tricks
                    loss = max(0, value_low.points - at_most.points)  # type: ignore[union-attr]
                else:
                    loss = max(0, at_least.points - value_high.points)  # type: ignore[union-attr]
            interval = PlayInterval(play, at_least, at_most, worse, best, None if bridge else result, loss,
                                    i == leader and (low > -INF if search.maximize else high < INF))
            out.append(((not best, worse, edge), interval))
        out.sort(key=lambda item: item[0])  # proven best first, proven worse last, the rest by their best case
        return [interval for _, interval in out]


def _worse_result(search, mine: tuple[int, int], best: tuple[int, int]) -> bool:  # type: ignore[no-untyped-def]
    """Is every result a hand can end in with a value in ``mine`` (this play's interval, kernel
    values) worse for the side to play than every result in ``best`` (the best play's)? The results
    are read off the finished hands' values that lie in each interval."""
    if not search.pos.shape.card_scores:
        return False
    mine_results, best_results = _results_within(search, *mine), _results_within(search, *best)
    if not mine_results or not best_results:
        return False
    if search.maximize:  # the attackers: their best case here is below their worst case there
        return max(mine_results) < min(best_results)
    return min(mine_results) > max(best_results)


def _results_within(search, low: int, high: int) -> set[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """The results (as :func:`attackers_order`) of the finished hands' values in ``[low, high]``."""
    leaf = search.enc.K[K_LEAF]
    values = {int(v) for v in leaf.ravel() if low <= v <= high}
    return {attackers_order(search.to_value(v).outcome) for v in values}


def attackers_order(outcome) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """A result's place from the attackers' view: larger is better for them (more levels up for
    them better, more levels up for the dealer team worse)."""
    attackers = outcome.rank <= 2
    return (-outcome.rank, outcome.levels if attackers else -outcome.levels)
