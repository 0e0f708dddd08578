"""Single-dummy advice: what to play when you cannot see the other hands.

The seat to play knows its hand, the play so far and — if it is the dealer —
the bottom (:class:`~huolong.engine.sampling.Knowledge`). The advice is the
position's ranking (:func:`.ranking.rank`): the hidden hands dealt at random
consistently with that (exactly uniformly), every legal play valued on each
deal, the plays raced on the same deals until the best is clear — ranked by
the side's expected level change, points breaking ties (``objective="points"``:
by the side's points). It is the same ranking the review judges a play by,
for the same position and seed (:mod:`.deals`).

Sampling assumes that from the next play on everyone sees every hand
(*strategy fusion*): it can favour a play that leaves a guess to later,
since every sample guesses right.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> advice = advise(pos, seed=1)
>>> sorted(str(p.play) for p in advice.plays), advice.samples >= 16
(['C5', 'C5 C5', 'D8'], True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from huolong.engine import Play, Position, seat_name
from huolong.engine.seats import Seat, seat_label
from huolong.i18n import _, join, ngettext

from huolong.solver.encode import OBJECTIVES
from huolong.solver.errors import SearchAborted, SolverError
from huolong.solver.jobs import Workers
from huolong.solver.search import value_plays
from huolong.solver.session import StopToken
from .race import mean
from .ranking import TOLERANCE, PlayTally, RankedPlays, Ranking, Settings, check_position, rank

SAMPLES = Settings.samples
DD_CARDS = 10  # the true deal's double-dummy values are shown from this many cards a hand on
DD_NODES = 2_000_000

#: one play and what it gave on each deal (the ranking's tally)
PlayAdvice = PlayTally


@dataclass
class Advice(RankedPlays):
    """The plays of ``seat`` best first, and how the deals were valued."""

    position: Position
    seat: Seat
    objective: str
    plays: list[PlayTally]
    samples: int
    solved_exact: int
    seconds: float
    settled: bool
    known: bool = False
    interrupted: bool = False
    ranking: Ranking | None = None

    @property
    def tolerance(self) -> float:
        """How close two plays may be and still be equally good, in what the ranking plays for (the race's
        ``tolerance``)."""
        return self.ranking.settings.margin if self.ranking is not None else TOLERANCE[measure_of(self.objective)]

    def margin(self, what: str | None = None) -> float:
        """How far the best play is ahead of the next on the deals both were valued on, in ``levels`` or
        ``points`` (default: what the ranking plays for) — the race's score mixes in the points' tie-break."""
        if len(self.plays) < 2:
            return math.inf
        best, second = self.plays[0], self.plays[1]
        n = min(best.samples, second.samples)
        what = what or measure_of(self.objective)
        ours, theirs = ((best.side_points, second.side_points) if what == "points" else
                        (best.side_swings, second.side_swings))
        return mean(ours[:n]) - mean(theirs[:n])

    def to_dict(self) -> dict:
        """The JSON form (``huolong-solve advise --json``)."""
        threshold = self.position.rules.threshold
        return {"event": self.position.tags.get("Event"), "seat": seat_name(self.seat), "objective": self.objective,
                "measure": measure_of(self.objective), "samples": self.samples, "solved_exact": self.solved_exact,
                "seconds": round(self.seconds, 3), "settled": self.settled, "known": self.known,
                "plays": [p.to_dict(threshold) for p in self.plays]}


def measure_of(objective: str) -> str:
    """What the ranking plays for: ``outcome`` (and ``result``) rank by levels, ``points`` by points."""
    return "points" if objective == "points" else "levels"


def settings_for(objective: str = "outcome", samples: int | None = None, tolerance: float | None = None,
                 max_nodes: int | None = None, racing: bool = True, base: Settings = Settings()) -> Settings:
    """The ranking's settings for ``advise``'s options: the defaults are every command's."""
    if objective not in OBJECTIVES:
        raise SolverError(_("invalid objective {objective!r}: use points or outcome").format(objective=objective))
    changes: dict = {"measure": measure_of(objective), "racing": racing}
    if samples is not None:
        changes["samples"] = samples
    if tolerance is not None:
        changes["tolerance"] = tolerance
    if max_nodes is not None:
        changes["max_nodes"] = max_nodes
    return replace(base, **changes)


def advise(
    position: Position,
    *,
    seat: Seat | None = None,
    samples: int | None = None,
    seconds: float | None = None,
    tolerance: float | None = None,
    objective: str = "outcome",
    seed: int = 1,
    workers: int = 1,
    pool: Workers | None = None,
    known: bool = False,
    max_nodes: int | None = None,
    racing: bool = True,
    settings: Settings | None = None,
    on_progress: Callable[[int], None] | None = None,
    stop: StopToken | None = None,
    on_round: Callable[[Advice], None] | None = None,
    true_values: bool = True,
) -> Advice:
    """Rank the plays of the seat to move by what they give over deals of the hidden hands.

    ``seat`` only checks that it is that seat's turn. ``settings`` (default: every command's) with
    ``samples``, ``tolerance``, ``max_nodes``, ``racing`` and ``objective`` changed where given.
    Without ``racing`` every play is valued on every deal. ``known``: use the position's own hands
    (one deal, double-dummy — the same as :func:`~huolong.solver.solve`). ``workers``: threads in this
    process; ``pool``: its processes or Dask cluster. The advice does not depend on either. Ctrl-C,
    or ``stop`` cancelled from another thread, stops the sampling and returns what was done
    (``interrupted``): the rounds finished, every play on the same deals. ``on_round`` is called with
    the ranking so far after every round (the same as the answer would be, had it stopped there).
    ``true_values=False`` leaves out each play's double-dummy value on the true deal (a player does
    not know it).
    """
    pos = position.copy()
    chosen = settings_for(objective, samples, tolerance, max_nodes, racing, settings or Settings())
    check_position(pos)
    if seat is not None and seat != pos.to_play:
        raise SolverError(_("it is {to_play}'s turn, not {seat}'s").format(to_play=seat_label(pos.to_play),
                                                                          seat=seat_label(seat)))
    full_deal = all(h is not None for h in pos.hands)
    if known and not full_deal:
        raise SolverError(_("known hands need every hand in the file"))

    def advice_of(ranking: Ranking) -> Advice:
        return Advice(pos, ranking.seat, objective, ranking.plays, ranking.samples, ranking.exact, ranking.seconds,
                      ranking.settled, known, ranking.interrupted, ranking)

    dd: dict = {}
    if full_deal and true_values and max(len(h) for h in pos.hands if h is not None) <= DD_CARDS:
        try:
            dd = value_plays(pos, "points" if objective == "points" else "outcome", max_nodes=DD_NODES, stop=stop)
        except SearchAborted:
            dd = {}

    def with_dd(ranking: Ranking) -> Advice:
        for t in ranking.plays:
            t.dd = dd.get(t.play)
        return advice_of(ranking)

    progress = (lambda: on_progress(1)) if on_progress is not None else None
    ranking = rank(pos, seed=seed, settings=chosen, threads=workers, pool=pool, known=known, stop=stop,
                   seconds=seconds, on_round=(lambda r: on_round(with_dd(r))) if on_round else None,
                   on_sample=progress)
    return with_dd(ranking)


def as_good(advice: Advice, play: str, others: str, n: int) -> str:
    """The settled verdict where ``n`` other plays (``others``, as shown) were not beaten: they may be as good,
    and by how much at most they may be better (the race's tolerance, in what the ranking plays for)."""
    tolerance = f"{advice.tolerance:g}"
    if advice.objective == "points":
        return ngettext("Play {play}; {others} may be as good (not beaten at 95%, and not better by more than "
                        "{tolerance} points).",
                        "Play {play}; {others} may be as good (not beaten at 95%, and none better by more than "
                        "{tolerance} points).", n).format(play=play, others=others, tolerance=tolerance)
    return ngettext("Play {play}; {others} may be as good (not beaten at 95%, and not better by more than "
                    "{tolerance} levels).",
                    "Play {play}; {others} may be as good (not beaten at 95%, and none better by more than "
                    "{tolerance} levels).", n).format(play=play, others=others, tolerance=tolerance)


def verdict(advice: Advice, show: Callable[[Play], str] = Play.unicode) -> str:
    """The hint's one sentence, in the current language: the play to make, and how sure the deals are of it
    (the plays it cannot tell from it named). ``show``: how a play is written (the terminal's colours, the
    board's symbols).

    >>> from huolong.engine import read_file
    >>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
    >>> verdict(advise(pos, seed=1)).startswith("Play ")
    True
    """
    best = show(advice.best.play)
    same = [p for p in advice.equally_good if p is not advice.best]
    if len(advice.plays) == 1:
        return _("Play {play}: it is the only legal play.").format(play=best)
    if advice.interrupted and advice.samples == 0:
        return _("Stopped before any deal was valued: no play leads yet.")
    if advice.interrupted:
        return _("Stopped: {play} leads so far.").format(play=best)
    if not same:
        return _("Play {play}: it is ahead of every other play at 95%.").format(play=best)
    others = join(show(p.play) for p in same[:4])
    if advice.settled:
        return as_good(advice, best, others, len(same))
    return ngettext("Play {play}; {others} is within the noise of it ({n} deals cannot tell them apart).",
                    "Play {play}; {others} are within the noise of it ({n} deals cannot tell them apart).",
                    len(same)).format(play=best, others=others, n=advice.samples)
