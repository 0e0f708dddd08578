"""Judge one decision of a hand on what its player could see: the play made against the best play of the
position's ranking, its loss in what the player plays for, a class, and the reason in words.

**The ranking** is the one the hint and ``advise`` give for the same position
and seed (:func:`.ranking.rank`, on the same deals: they are keyed on what
the seat knows): the play it ranks first is the best play here, so a play
the hint puts first is always *best* in the review.

**The class.** The ranking's first play is *best*. Another play's loss is
read on the race's deals first; where even the upper end of its 95 %
interval is under an inaccuracy, that settles it (*best* or *good*). Where it
could be marked, it is measured against the best on *fresh* deals (the race's
deals flatter the best, the largest of many noisy means; fresh ones do not),
in rounds until its class is clear or :attr:`JudgeSettings.confirm` deals.
A loss is classed by the *lower end* of its 95 % interval, so that a class is
only given where the numbers support it:

- its loss in **levels** (the mover's side's expected level change) makes it
  an *inaccuracy*, a *mistake* or a *blunder* (:data:`LEVEL_THRESHOLDS`);
- where the result is not at stake — the loss in levels is under an
  inaccuracy — the **points** decide, and at most an *inaccuracy*
  (:data:`POINTS_INACCURACY` points or more): a play that changes the result
  on no deal is never a mistake, whatever its points;
- else *good* where it is surely worse and surely by less than an inaccuracy
  (its whole interval between :data:`GOOD_LEVELS` and an inaccuracy), *best*
  when not: a loss the noise cannot place is not told apart from the best.

With ``measure="points"`` (a points-only study) the points alone decide, by
:data:`POINT_THRESHOLDS`. A decision with one legal play is *forced* and gets
no class. Every inaccuracy, mistake and blunder carries its reasons
(:mod:`.reasons`), drawn from the fresh deals.

Like all sampling it assumes that from the next play on everyone sees every
hand (*strategy fusion*), and the playouts are only as good as the bot: both
limits are set out in docs/review.md.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> verdict = judge(pos, pos.legal_plays()[0], seed=1)
>>> verdict.grade in GRADES, len(verdict.plays) == len(pos.legal_plays())
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from huolong.engine import Play, Position, seat_name
from huolong.engine.seats import Seat

from huolong.solver.session import StopToken
from .deals import Deals
from .race import mean, rounded, standard_error
from .ranking import PlayTally, Ranking, Settings, add_rows, rank, tallies
from .reasons import Reason, reasons
from .valuation import value_on

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
FLAGGED = ("inaccuracy", "mistake", "blunder")
#: The least loss in levels, at the lower end of its 95 % interval, of each class beyond "good", worst first.
LEVEL_THRESHOLDS = (("blunder", 0.5), ("mistake", 0.25), ("inaccuracy", 0.1))
#: Where the result is not at stake: the least loss in points (lower end) of an inaccuracy.
POINTS_INACCURACY = 6.0
#: A gift (a 10 or a K thrown into the opponents' trick) is an inaccuracy from this many points lost (lower end).
GIFT_POINTS, GIFT_CARD_POINTS, GIFT_SURE = 0.0, 10, 0.9
#: The points-only study's classes (``measure="points"``), on the lower end of the loss in points.
POINT_THRESHOLDS = (("blunder", 40.0), ("mistake", 15.0), ("inaccuracy", 5.0))
#: A loss beyond the noise but under these is "good" rather than "best" (levels, points).
GOOD_LEVELS, GOOD_POINTS = 0.05, 3.0
SIGNIFICANCE = 2.0  # standard errors: the ends of a loss's interval (≈ 95 %)
FRESH = 1_000_000  # the confirming deals' numbers start here: never the race's
# the review's old scale, kept for its JSON: a level counted as this many points
POINTS_PER_LEVEL = 40


@dataclass(frozen=True)
class JudgeSettings(Settings):
    """The ranking's settings (the hint's, by default) and how far a loss is confirmed."""

    confirm: int = 512  # at most, fresh deals behind a loss that may be marked
    confirm_round: int = 128


@dataclass(frozen=True)
class Loss:
    """The best play against the play made on paired deals, from the mover's side (positive = lost):
    in levels and in points, each with its standard error; ``score`` is the class's measure."""

    score: float
    score_se: float
    points: float
    points_se: float
    levels: float
    levels_se: float
    samples: int

    @classmethod
    def between(cls, best: PlayTally, made: PlayTally, measure: str = "levels") -> Loss:
        n = min(best.samples, made.samples)  # a dropped play stopped early: the deals both had
        points = [a - b for a, b in zip(best.side_points[:n], made.side_points[:n])]
        levels = [a - b for a, b in zip(best.side_swings[:n], made.side_swings[:n])]
        if measure == "points":
            return cls(mean(points), _se(points), mean(points), _se(points), mean(levels), _se(levels), n)
        return cls(mean(levels), _se(levels), mean(points), _se(points), mean(levels), _se(levels), n)

    def low(self, what: str) -> float:
        """The lower end of the 95 % interval of the loss in ``levels`` or ``points``."""
        return (self.levels - SIGNIFICANCE * self.levels_se if what == "levels"
                else self.points - SIGNIFICANCE * self.points_se)

    def high(self, what: str) -> float:
        return (self.levels + SIGNIFICANCE * self.levels_se if what == "levels"
                else self.points + SIGNIFICANCE * self.points_se)

    def to_dict(self, scale: str | None = None) -> dict:
        """Losses as shown: never below zero (a play judged on fresh deals may do better than the best);
        ``loss`` in the unit of ``scale`` (``levels`` or ``points``: what decided the class)."""
        main, main_se = ((self.points, self.points_se) if scale == "points" else
                         (self.levels, self.levels_se) if scale == "levels" else (self.score, self.score_se))
        return {"loss": rounded(max(0.0, main)), "loss_se": rounded(main_se),
                "loss_points": rounded(max(0.0, self.points)), "loss_points_se": rounded(self.points_se),
                "loss_levels": rounded(max(0.0, self.levels)), "loss_levels_se": rounded(self.levels_se),
                "samples": self.samples}


NO_LOSS = Loss(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)


def _se(values: list[float]) -> float:
    se = standard_error(values)
    return 0.0 if math.isnan(se) else se


def classify(loss: Loss, measure: str = "levels", end: str = "low", gift: bool = False) -> tuple[str, str]:
    """``(class, scale)`` of a play that loses ``loss``, read at the lower end of its interval (or the
    ``high`` end: what the class could still be); the scale says which measure decided it. A ``gift`` —
    a 10 or a K (or more) thrown into a trick the opponents win, where a play with fewer points was legal —
    is an inaccuracy once it costs points at all beyond the noise (the lower end above
    :data:`GIFT_POINTS`), though the card might have been lost later anyway: players count it a mistake,
    and it is the planted error the review is checked against (bench/review_quality.py).

    >>> classify(Loss(0.3, 0.02, 12, 1, 0.3, 0.02, 200))
    ('mistake', 'levels')
    >>> classify(Loss(0.0, 0.0, 10.0, 0.5, 0.0, 0.0, 200))   # the result unchanged: points, an inaccuracy at most
    ('inaccuracy', 'points')
    >>> classify(Loss(0.2, 0.2, 4, 3, 0.2, 0.2, 16))         # within the noise of the best
    ('best', 'levels')
    """
    at = loss.low if end == "low" else loss.high
    if measure == "points":
        for name, least in POINT_THRESHOLDS:
            if at("points") >= least:
                return name, "points"
        return ("good" if _surely_between(loss, "points", GOOD_POINTS, POINT_THRESHOLDS[-1][1], end) else "best"), \
            "points"
    for name, least in LEVEL_THRESHOLDS:
        if at("levels") >= least:
            return name, "levels"
    if at("points") >= POINTS_INACCURACY or (gift and at("points") > GIFT_POINTS):
        return "inaccuracy", "points"
    inaccuracy = LEVEL_THRESHOLDS[-1][1]
    if _surely_between(loss, "levels", GOOD_LEVELS, inaccuracy, end):
        return "good", "levels"
    if loss.high("levels") < inaccuracy and _surely_between(loss, "points", GOOD_POINTS, POINTS_INACCURACY, end):
        return "good", "points"
    return "best", "levels"


def _surely_between(loss: Loss, what: str, least: float, below: float, end: str) -> bool:
    """The loss is surely at least ``least`` and surely under ``below`` (its whole interval between them): a
    play is "good" only where the numbers say it is worse and by less than an inaccuracy — a loss the noise
    cannot place either way is not told apart from the best (read at the ``high`` end: it may be good)."""
    if end == "high":
        return loss.high(what) >= least
    return loss.low(what) >= least and loss.high(what) < below


def grade(loss: Loss, measure: str = "levels") -> str:
    """The class of a play that loses ``loss`` (see :func:`classify`)."""
    return classify(loss, measure)[0]


@dataclass(frozen=True)
class Judgement:
    """One decision judged. ``value``: the best play's tally — what the position was worth to the mover
    before the play (``None`` for a forced play, which is not sampled). ``scale``: ``levels`` or
    ``points`` (what decided the class), ``forced``. ``noise``: the play is best only within the noise
    of the ranking's first (the race could not tell them apart)."""

    ply: int  # 0-based, in the record
    trick: int  # 1-based
    seat: Seat
    play: Play
    scale: str
    grade: str | None  # one of GRADES; None when forced
    best: Play
    loss: Loss
    confirmed: bool  # the loss is from fresh deals
    plays: tuple[PlayTally, ...]  # every legal play, as ranked
    exact_samples: int = 0  # deals solved by the search rather than played out
    why: tuple[Reason, ...] = ()
    noise: bool = False
    measure: str = "levels"
    samples: int = 0  # the ranking's deals
    could_be: str | None = None  # the mark the loss's interval still reaches, where it spans a worse class

    @property
    def forced(self) -> bool:
        return self.scale == "forced"

    @property
    def flagged(self) -> bool:
        return self.grade in FLAGGED

    @property
    def value(self) -> PlayTally | None:
        return self.plays[0] if self.plays and not self.forced else None

    def to_dict(self) -> dict:
        value = self.value
        return {"ply": self.ply, "trick": self.trick, "seat": seat_name(self.seat), "play": str(self.play),
                "class": self.grade, "scale": self.scale, "measure": self.measure, "best_play": str(self.best),
                **self.loss.to_dict(self.scale), "confirmed": self.confirmed, "within_noise": self.noise,
                "could_be": self.could_be,
                "exact_samples": self.exact_samples, "ranking_samples": self.samples,
                "why": [r.text() for r in self.why], "reasons": [r.to_dict() for r in self.why],
                "value": None if value is None else {"mean_points": rounded(value.mean_points),
                                                     "points_se": rounded(value.points_se),
                                                     "swing": rounded(value.levels), "swing_se": rounded(value.levels_se)},
                "plays": [p.to_dict() for p in self.plays] if not self.forced else []}


def forced(pos: Position, play: Play, ply: int = 0, trick: int = 1) -> Judgement:
    return Judgement(ply, trick, pos.to_play, play, "forced", None, play, NO_LOSS, False,
                     (PlayTally(play=play, mover=pos.to_play),))


def judge(pos: Position, play: Play, *, seed: int = 1, ply: int = 0, trick: int = 1,
          settings: JudgeSettings = JudgeSettings(), stop: StopToken | None = None,
          ranking: Ranking | None = None, threads: int = 1) -> Judgement:
    """Judge ``play`` in ``pos`` on what the seat to move could see (see the module docstring).
    ``ranking``: the position's ranking when the caller has it (the hint's), else it is made."""
    legal = pos.legal_plays()
    if play not in legal:
        raise ValueError(f"{play} is not a legal play here")
    if len(legal) == 1:
        return forced(pos, play, ply, trick)
    if ranking is None:
        ranking = rank(pos, seed=seed, settings=settings, stop=stop, threads=threads)
    made, best = ranking.tally(play), ranking.best
    measure = settings.measure
    if made is best:
        return Judgement(ply, trick, pos.to_play, play, measure, "best", best.play, NO_LOSS, False,
                         tuple(ranking.plays), ranking.exact, (), False, measure, ranking.samples)
    raced = Loss.between(best, made, measure)
    gift = is_gift(made, best)
    if classify(raced, measure, "high", gift)[0] not in FLAGGED:  # it cannot be marked: the race's deals tell enough
        name, scale = classify(raced, measure, gift=gift)
        return Judgement(ply, trick, pos.to_play, play, scale, name, best.play, raced, False,
                         tuple(ranking.plays), ranking.exact, (), made.dropped_after is None and not ranking.settled,
                         measure, ranking.samples)
    # it may be marked: fresh deals say by how much (the race's deals flatter the best, the largest of many
    # noisy means; and a play the race kept may still be worse by an inaccuracy)
    fresh_best, fresh_made = confirm(ranking.deals, pos, best.play, play, settings, stop, threads)
    loss = Loss.between(fresh_best, fresh_made, measure)
    gift = is_gift(fresh_made, fresh_best)
    name, scale = classify(loss, measure, gift=gift)
    upper = classify(loss, measure, "high", gift)[0]  # what it may be at the other end of the interval
    why = tuple(reasons(pos, fresh_made, fresh_best, scale)) if name in FLAGGED else ()
    return Judgement(ply, trick, pos.to_play, play, scale, name, best.play, loss, True, tuple(ranking.plays),
                     ranking.exact, why, False, measure, ranking.samples,
                     upper if upper != name and upper in FLAGGED else None)


def is_gift(made: PlayTally, best: PlayTally) -> bool:
    """``made`` puts a 10 or a K (or more points) into the trick under way, more than ``best`` does, and the
    opponents win that trick on nearly every deal after it."""
    if made.play.points < GIFT_CARD_POINTS or made.play.points <= best.play.points:
        return False
    known = [w for w in made.trick_won if w is not None]
    return bool(known) and mean([float(not w) for w in known]) >= GIFT_SURE


def confirm(deals: Deals, pos: Position, best: Play, made: Play, settings: JudgeSettings,
            stop: StopToken | None = None, threads: int = 1) -> tuple[PlayTally, PlayTally]:
    """The best play and the play made on fresh deals, in rounds until the loss's class is the same at both
    ends of its interval, or ``settings.confirm`` deals."""
    fresh_best, fresh_made = tallies(pos, [best, made])
    attacker = pos.is_attacker(pos.to_play)
    done = 0
    while done < settings.confirm:
        size = min(settings.confirm_round, settings.confirm - done)
        rows = value_on(deals, [best, made], range(FRESH + done, FRESH + done + size), settings, threads=threads,
                        stop=stop)
        add_rows([fresh_best, fresh_made], rows, attacker, settings.measure)
        done += size
        loss = Loss.between(fresh_best, fresh_made, settings.measure)
        gift = is_gift(fresh_made, fresh_best)
        low = classify(loss, settings.measure, "low", gift)[0]
        high = classify(loss, settings.measure, "high", gift)[0]
        if low == high or (low == "best" and high not in FLAGGED):  # its class, or that it is not marked, is clear
            break
    return fresh_best, fresh_made
