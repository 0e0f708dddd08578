"""The ranking of a position's plays on what the seat to move knows — the one answer behind the hint,
``advise``, the board's advice and the review.

Every legal play is valued on the same deals of the hidden hands
(:mod:`.deals`, :mod:`.valuation`) and the plays *race*: after each round a
play the leader beats at 95 % on the paired differences is dropped, and the
race is *settled* once every play left is behind the leader, or within
``tolerance`` of it, at 95 % (:func:`.race.race`). Rounds grow with the
samples so far (16, 16, 16, 24, 36, …), so a clear position stops early and a
close one gets more deals, up to ``samples`` deals or ``valuations`` plays
valued in all (many plays no deal tells apart stop there, unsettled).

**What a play is ranked by** is what the player plays for. ``levels`` (the
default): the mover's side's expected level change over the deals (the 120
line, the dig and its multiplier, outright ends), with the side's points
breaking ties (:data:`POINT_WEIGHT` levels a point: twenty points, a 10 and a
K given away, weigh a tenth of a level). ``points``: the side's expected points alone, for players
who want to study them.

The ranking depends only on the position, what the seat knows, the seed and
the settings: not on the command, the threads or the machine.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> ranking = rank(pos, seed=1)
>>> sorted(str(p.play) for p in ranking.plays), ranking.samples >= 16
(['C5', 'C5 C5', 'D8'], True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from huolong.engine import Outcome, Play, Position
from huolong.engine.seats import Seat
from huolong.i18n import _

from huolong.solver.errors import SearchAborted, SolverError
from huolong.solver.jobs import Workers
from huolong.solver.session import StopToken
from huolong.solver.values import Value
from .deals import Deals
from .race import MIN_SAMPLES, Tally, mean, race, ranked, rounded, standard_error
from .valuation import Result, Valuing, value_on

POINT_WEIGHT = 5e-3  # levels a point: points break ties, and weigh a little where levels barely differ
MEASURES = ("levels", "points")
FIRST_VALUATIONS = 1024  # plays × deals in the first round, at most (a first ranking within a blink)
#: Plays closer than this are equally good: half the least inaccuracy (0.1 levels), so that the play ranked first
#: is never an inaccuracy worse than another — the review measures every loss against it (bench/RESULTS.md,
#: session 43: two seeds agree on more plays than at 0.1, where the first play moved by up to an inaccuracy).
#: The bury advisor's is the same (analysis/burial.py).
TOLERANCE = {"levels": 0.05, "points": 2.0}
#: What a difference between two plays on one deal is about worth, in each measure: a level, a 10 or a K.
DIFFERENCE_UNIT = {"levels": 1.0, "points": 10.0}


@dataclass(frozen=True)
class Settings(Valuing):
    """How hard a position is looked at. The defaults are what every command uses, so that their
    answers agree; ``samples`` is the most any play gets."""

    samples: int = 320
    valuations: int = 6000  # plays × deals, at most: many plays that cannot be told apart stop the race early
    first_round: int = 16
    measure: str = "levels"
    tolerance: float | None = None  # default: TOLERANCE[measure]
    racing: bool = True
    soft: int = 0  # soft inference's candidates a deal (analysis/inference.py; measured, not kept: 0)
    # two plays that never differed on n deals may still differ on rare / n of the others (3: the rule of
    # three, 95 %), so that no race settles on a few deals that happen to agree. Measured, not kept (0): two
    # seeds agreed on 2 more plays of 2,473, one more planted ten was missed (bench/RESULTS.md, session 42)
    rare: float = 0.0

    def __post_init__(self) -> None:
        if self.measure not in MEASURES:
            raise SolverError(_("invalid measure {measure!r}: use levels or points").format(measure=self.measure))

    @property
    def margin(self) -> float:
        return TOLERANCE[self.measure] if self.tolerance is None else self.tolerance


@dataclass
class PlayTally(Tally):
    """One legal play over the deals it was valued on, in sample order. ``side_swings`` and
    ``side_points``: the mover's side's level change and points (the attackers' points, negated for the
    dealer team); ``trick_won``: the mover's side won the trick the play was made to (``None``: unknown);
    ``scores``: what the race compares (:data:`MEASURES`)."""

    play: Play = field(default_factory=lambda: Play(()))
    side_swings: list[int] = field(default_factory=list)
    side_points: list[int] = field(default_factory=list)
    trick_won: list[bool | None] = field(default_factory=list)
    trick_points: list[int] = field(default_factory=list)
    exact: list[bool] = field(default_factory=list)
    mover: Seat = 0
    dd: Value | None = None  # the play's double-dummy value on the true deal, where it was asked for and known

    def add_result(self, r: Result, attacker: bool, measure: str) -> None:
        sign = 1 if attacker else -1
        self.add(r.points, r.dug, Outcome(r.outcome, r.levels), 0.0)
        side_swing = -sign * r.swing
        self.side_swings.append(side_swing)
        self.side_points.append(sign * r.points)
        self.trick_won.append(None if r.trick_winner < 0 else r.trick_winner % 2 == self.mover % 2)
        self.trick_points.append(r.trick_points)
        self.exact.append(r.exact)
        self.scores[-1] = float(sign * r.points) if measure == "points" else side_swing + POINT_WEIGHT * sign * r.points

    @property
    def levels(self) -> float:
        """The mover's side's expected level change."""
        return mean(self.side_swings)

    @property
    def levels_se(self) -> float:
        return standard_error(self.side_swings)

    # the bury advisor's and earlier callers' name for it
    swing = levels
    swing_se = levels_se

    def p_trick(self) -> float:
        known = [w for w in self.trick_won if w is not None]
        return mean([float(w) for w in known]) if known else math.nan

    def to_dict(self, threshold: int = 120) -> dict:
        return {"play": str(self.play), "samples": self.samples, "mean_points": rounded(self.mean_points),
                "points_se": rounded(self.points_se), "p_threshold": rounded(self.p_reaching(threshold)),
                "p_dug": rounded(self.p_dug), "swing": rounded(self.levels), "swing_se": rounded(self.levels_se),
                "side_points": rounded(mean(self.side_points)), "score": rounded(self.score),
                "p_trick": rounded(self.p_trick()), "outcomes": self.outcome_counts(),
                "dropped_after": self.dropped_after, "dd": self.dd.to_dict() if self.dd else None}


def tallies(position: Position, plays: list[Play]) -> list[PlayTally]:
    """Empty tallies for ``plays`` of the seat to move."""
    return [PlayTally(play=p, mover=position.to_play) for p in plays]


def add_rows(live: list[PlayTally], rows: list[list[Result]], attacker: bool, measure: str) -> int:
    """Add a round's rows (one per sample, a result per live play) to the tallies; the exact samples."""
    exact = 0
    for row in rows:
        exact += row[0].exact if row else 0
        for t, r in zip(live, row, strict=True):
            t.add_result(r, attacker, measure)
    return exact


class RankedPlays:
    """What a ranking's plays tell, for :class:`Ranking` and :class:`~.advice.Advice` alike."""

    plays: list[PlayTally]

    @property
    def best(self) -> PlayTally:
        return self.plays[0]

    @property
    def equally_good(self) -> list[PlayTally]:
        """The plays still in the race at the end, the best first: none was beaten at 95 %."""
        return [p for p in self.plays if p.dropped_after is None]


@dataclass
class Ranking(RankedPlays):
    """The plays of the seat to move, best first (survivors of the race by score, then the dropped by how
    long they lasted), and how they were valued."""

    position: Position
    seat: Seat
    settings: Settings
    deals: Deals
    plays: list[PlayTally]
    samples: int  # the deals every play still in the race was valued on
    exact: int  # of those, solved by the exact search
    seconds: float
    settled: bool
    interrupted: bool = False

    def tally(self, play: Play) -> PlayTally:
        return next(t for t in self.plays if t.play == play)


def check_position(pos: Position) -> None:
    if not pos.shape.card_scores:
        raise SolverError(_("advice is for Huolong hands, not bridge"))
    if pos.is_before_bury or pos.bottom is None:
        raise SolverError(_("a deal before the bury: rank its burials with huolong-solve bury"))
    if pos.is_over():
        raise SolverError(_("the hand is over: there is no play to advise"))


def rank(position: Position, *, seed: int = 1, settings: Settings = Settings(), threads: int = 1,
         pool: Workers | None = None, known: bool = False, stop: StopToken | None = None,
         seconds: float | None = None, on_round: Callable[[Ranking], None] | None = None,
         on_sample: Callable[[], None] | None = None) -> Ranking:
    """Rank the plays of the seat to move (see the module docstring).

    ``threads``: value deals side by side in this process; ``pool``: in its processes or on its Dask
    cluster instead (the answer is the same either way). ``known``: the position's own hands are the
    one deal (double-dummy). ``seconds`` ends the race after the round that passes it; ``stop``
    cancelled, or Ctrl-C, ends it at once with the rounds finished (``interrupted``: every play still
    on the same deals). ``on_round`` hears the ranking as it would be, had it stopped there, after
    every round.
    """
    started = time.monotonic()
    pos = position.copy()
    check_position(pos)
    seat = pos.to_play
    if known and any(h is None for h in pos.hands):
        raise SolverError(_("known hands need every hand in the file"))
    deals = Deals(pos, seed, known=known, soft=settings.soft)
    if deals.knowledge is not None:
        deals.knowledge.out()  # the cards still out must be known (raises otherwise)
    attacker = pos.is_attacker(seat)
    everything = tallies(pos, pos.legal_plays())
    live, done, exact, settled, interrupted = list(everything), 0, 0, False, False
    valued = 0
    most = 1 if known else settings.samples
    rare = settings.rare * DIFFERENCE_UNIT[settings.measure]

    def answer() -> Ranking:
        return Ranking(pos, seat, settings, deals, ranked(everything), done, exact, time.monotonic() - started,
                       settled or known or len(everything) == 1, interrupted)

    try:
        while live and done < most:
            # the first round is small where there are many plays (a follow with 200 ways): a first ranking
            # on screen at once; the race drops nothing before MIN_SAMPLES deals anyway
            first = min(settings.first_round, max(4, FIRST_VALUATIONS // len(live)))
            size = first if done == 0 else max(MIN_SAMPLES, done // 2) if done >= MIN_SAMPLES else MIN_SAMPLES - done
            size = min(size, most - done)
            plays = [t.play for t in live]
            if pool is not None and (pool.workers > 1 or pool.scheduler):
                rows = _value_in_pool(pool, deals, plays, range(done, done + size), settings, stop, on_sample)
            else:
                rows = value_on(deals, plays, range(done, done + size), settings, threads=threads, stop=stop,
                                on_sample=on_sample)
            exact += add_rows(live, rows, attacker, settings.measure)
            done += size
            valued += size * len(live)
            if settings.racing:
                live, settled = race(live, done, settings.margin, rare)
            if on_round is not None:
                on_round(answer())
            if settled or len(live) <= 1 or valued >= settings.valuations or (
                    seconds is not None and time.monotonic() - started > seconds):
                break
        if not settings.racing:  # every play on every deal: the race's verdict once, at the end
            live, settled = race(live, done, settings.margin, rare)
    except (KeyboardInterrupt, SearchAborted) as e:  # the round under way is dropped: equal deals for all
        if isinstance(e, SearchAborted) and not (stop is not None and stop.cancelled):
            raise
        interrupted = True
    return answer()


def _value_in_pool(pool: Workers, deals: Deals, plays: list[Play], indices: range, settings: Settings,
                   stop: StopToken | None, on_sample: Callable[[], None] | None) -> list[list[Result]]:
    """:func:`.valuation.value_on` in a pool's workers, four deals a task; rows in the deals' order."""
    chunks = [tuple(indices[i:i + 4]) for i in range(0, len(indices), 4)]
    valuing = Valuing(settings.search_cards, settings.exact_cards, settings.exact_cards_early, settings.points_cards,
                      settings.max_nodes)
    results: dict[int, list[list[Result]]] = {}
    for i, rows in pool.run(value_on, [(deals, plays, chunk, valuing) for chunk in chunks]):
        results[i] = rows
        for _row in rows:
            if on_sample is not None:
                on_sample()
        if stop is not None and stop.cancelled:
            pool.close(wait_for_tasks=False)
            raise SearchAborted("cancelled", 0)
    return [row for i in range(len(chunks)) for row in results[i]]
