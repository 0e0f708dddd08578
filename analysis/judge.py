"""Judge one decision of a hand on what its player could see: every legal play's expected result,
the play made against the best, and a class — best, good, inaccuracy, mistake, blunder.

The seat to move knows its hand, the play so far and, if it is the dealer,
the bottom (:class:`~huolong.engine.sampling.Knowledge`). The hidden hands
are dealt at random consistently with that, and every legal play is valued
on each sample: by the exact search once the hands hold ``search_cards``
cards or fewer, else by a *playout* — the kernel's bot plays every seat of
the sample (it sees the sample's hands) until ``exact_cards`` cards a hand
are left (``exact_cards_early`` while the mover holds more than
``points_cards``: a playout then costs a tenth as much and its mean moves by
a point or two), and the exact search finishes (outcome objective). Every play is
valued on the *same* samples with the same playout seeds, so plays are
compared by paired differences (common random numbers).

**The scale** is points from the mover's side. While the mover holds more
than ``points_cards`` cards (12) a play is judged by the attackers' points
alone: that far from the end a sample's level change is too coarse and
noisy to judge by (bench/RESULTS.md, session 34). From there on, a level of
the side's level change (the bury advisor's scale, ``race.SWING``) counts
:data:`POINTS_PER_LEVEL` points on top of the points: the dig and the 120
line decide the hand's result there.

**The class.** Plays race on rounds of samples: a play the leader beats at
95 % is dropped (never the play made). The play made is then set against
its *rivals*, the best other plays left (:data:`RIVALS`). When the race
cannot rule out that one is better by an inaccuracy, they are measured
again on fresh samples, the rivals against the play made alone, and the
best of them on those is *the* rival: the samples that chose the rivals
flatter them (the largest of many noisy means), fresh ones do not, and
the play made gets the same hearing whether or not it led the race by
chance. The play made is *best* when the rival does not beat it by
:data:`SIGNIFICANCE` standard errors, or by :data:`TOLERANCE` point; *good*
when it is beaten, but by less than an inaccuracy (:data:`THRESHOLDS`); else *inaccuracy*, *mistake* or
*blunder* by the size of the loss. A decision with one legal play is
*forced* and gets no class.

Like all sampling it assumes that from the next play on everyone sees
every hand (*strategy fusion*), and the playouts are only as good as the
bot: both limits are set out in docs/review.md.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> verdict = judge(pos, pos.legal_plays()[0], seed=1, settings=JudgeSettings(samples=16))
>>> verdict.grade in GRADES, len(verdict.plays) == len(pos.legal_plays())
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from huolong.engine import Outcome, Play, Position, seat_name
from huolong.engine.seats import Seat

from huolong.solver.session import StopToken
from .advice import score_samples
from .race import Tally, mean, rounded, standard_error

POINTS_PER_LEVEL = 40
#: The least loss (points on the decision's scale) of each class beyond "good", worst first.
THRESHOLDS = (("blunder", 40.0), ("mistake", 15.0), ("inaccuracy", 2.5))
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
SIGNIFICANCE = 2.0  # standard errors: a smaller loss is within the noise of the samples
SETTLED = 3.0  # standard errors: fresh samples stop once the loss is this far inside one class's bounds
TOLERANCE = 1.5  # points: a smaller loss is as good as the best play, however sure
Z95 = 1.96  # the race drops a play the leader beats at 95 %
FRESH = 1_000_000  # the confirming samples' indices start here: never the race's
RIVALS = 3  # the best other plays left in the race that the play made is set against on fresh samples


@dataclass(frozen=True)
class JudgeSettings:
    """How hard each decision is looked at (the defaults are the review's)."""

    samples: int = 128  # at most, per play, in the race
    first_round: int = 32  # every legal play gets these
    confirm: int = 1024  # at most, fresh samples behind a loss that may reach an inaccuracy
    confirm_round: int = 256
    search_cards: int = 6  # from this many cards a hand on, each sample is solved exactly
    exact_cards: int = 6  # the playouts' exact end, from points_cards cards a hand on
    exact_cards_early: int = 4  # the same above points_cards: a tenth of the time, the same means (measured)
    max_nodes: int = 400_000  # per sample; beyond it the sample is played out
    points_cards: int = 12  # above: judged on points; from here on: points and levels


@dataclass
class PlayValue(Tally):
    """One legal play over the samples it was given: the attackers' points, the dealer team's level
    change (``swings``) and the score on the decision's scale, from the mover's side."""

    play: Play = field(default_factory=lambda: Play(()))
    side_points: list[int] = field(default_factory=list)  # the mover's side's view of the points
    side_swings: list[int] = field(default_factory=list)

    @property
    def swing(self) -> float:
        return mean(self.swings)

    @property
    def swing_se(self) -> float:
        return standard_error(self.swings)

    def to_dict(self) -> dict:
        return {"play": str(self.play), "samples": self.samples, "mean_points": rounded(self.mean_points),
                "points_se": rounded(self.points_se), "swing": rounded(self.swing), "swing_se": rounded(self.swing_se),
                "p_dug": rounded(self.p_dug), "score": rounded(self.score)}


@dataclass(frozen=True)
class Loss:
    """The best play against the play made, on paired samples: mean and standard error on the
    decision's scale, in points, and in levels (all from the mover's side; positive = lost)."""

    score: float
    score_se: float
    points: float
    points_se: float
    levels: float
    levels_se: float
    samples: int

    @classmethod
    def between(cls, best: PlayValue, made: PlayValue) -> Loss:
        n = min(best.samples, made.samples)  # a dropped play stopped early: compare the samples both had
        score = [a - b for a, b in zip(best.scores[:n], made.scores[:n])]
        points = [a - b for a, b in zip(best.side_points[:n], made.side_points[:n])]
        levels = [a - b for a, b in zip(best.side_swings[:n], made.side_swings[:n])]
        return cls(mean(score), _se(score), mean(points), _se(points), mean(levels), _se(levels), n)

    def to_dict(self) -> dict:
        return {"loss": rounded(self.score), "loss_se": rounded(self.score_se), "loss_points": rounded(self.points),
                "loss_points_se": rounded(self.points_se), "loss_levels": rounded(self.levels),
                "loss_levels_se": rounded(self.levels_se), "samples": self.samples}


NO_LOSS = Loss(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)


def _se(values: list[float]) -> float:
    se = standard_error(values)
    return 0.0 if math.isnan(se) else se


def grade(loss: float, se: float) -> str:
    """The class of a play that loses ``loss`` ± ``se`` against the best (points on its scale).

    >>> grade(16.0, 2.0), grade(12.0, 7.0), grade(2.0, 0.5), grade(1.2, 0.1), grade(5.0, 1.0), grade(60.0, 5.0)
    ('mistake', 'best', 'good', 'best', 'inaccuracy', 'blunder')
    """
    if loss < TOLERANCE or loss < SIGNIFICANCE * se:
        return "best"
    for name, least in THRESHOLDS:
        if loss >= least:
            return name
    return "good"


@dataclass(frozen=True)
class Judgement:
    """One decision judged. ``value``: the best play's expected result — what the position was worth
    to the mover before the play (``None`` for a forced play, which is not sampled)."""

    ply: int  # 0-based, in the record
    trick: int  # 1-based
    seat: Seat
    play: Play
    scale: str  # "points", "levels" or "forced"
    grade: str | None  # one of GRADES; None when forced
    best: Play
    loss: Loss
    confirmed: bool  # the loss is from fresh samples
    plays: tuple[PlayValue, ...]  # every legal play, best first
    exact_samples: int = 0  # samples solved by the search rather than played out

    @property
    def forced(self) -> bool:
        return self.scale == "forced"

    @property
    def value(self) -> PlayValue | None:
        return self.plays[0] if self.plays and not self.forced else None

    def to_dict(self) -> dict:
        value = self.value
        return {"ply": self.ply, "trick": self.trick, "seat": seat_name(self.seat), "play": str(self.play),
                "class": self.grade, "scale": self.scale, "best_play": str(self.best), **self.loss.to_dict(),
                "confirmed": self.confirmed, "exact_samples": self.exact_samples,
                "value": None if value is None else {"mean_points": rounded(value.mean_points),
                                                     "points_se": rounded(value.points_se),
                                                     "swing": rounded(value.swing), "swing_se": rounded(value.swing_se)},
                "plays": [p.to_dict() for p in self.plays] if not self.forced else []}


def decision_seed(seed: int, ply: int) -> int:
    """The samples of decision ``ply`` of a review seeded ``seed``: the same wherever it runs."""
    return random.Random(f"review:{seed}:{ply}").getrandbits(32)


def scale_of(pos: Position, settings: JudgeSettings) -> str:
    return "points" if pos.cards_left > settings.points_cards else "levels"


def judge(pos: Position, play: Play, *, seed: int = 1, ply: int = 0, trick: int = 1,
          settings: JudgeSettings = JudgeSettings(), stop: StopToken | None = None) -> Judgement:
    """Judge ``play`` in ``pos`` on what the seat to move could see (see the module docstring)."""
    legal = pos.legal_plays()
    if play not in legal:
        raise ValueError(f"{play} is not a legal play here")
    seat = pos.to_play
    if len(legal) == 1:
        return Judgement(ply, trick, seat, play, "forced", None, play, NO_LOSS, False, (PlayValue(play=play),))
    scale = scale_of(pos, settings)
    sampler = _Sampler(pos, decision_seed(seed, ply), scale, settings, stop)
    values = {p: PlayValue(play=p) for p in legal}
    made = values[play]
    live = list(values.values())
    done = 0
    while done < settings.samples:
        size = settings.first_round if done == 0 else min(max(16, done // 2), settings.samples - done)
        sampler.add(live, range(done, done + size))
        done += size
        live = _dropped(live, made)
        if _decided(live, made):
            break
    rivals = sorted((v for v in live if v is not made), key=lambda v: -v.score)[:RIVALS]
    rival = rivals[0] if rivals else None
    loss, confirmed = NO_LOSS, False
    if rival is not None:
        loss = Loss.between(rival, made)
        confirmed = any(_may_reach(Loss.between(r, made)) for r in rivals)
    if confirmed:  # it may be an inaccuracy or worse: fresh samples, the rivals against the play made alone
        fresh = [PlayValue(play=r.play) for r in rivals]
        fresh_made = PlayValue(play=made.play)
        done = 0
        while done < settings.confirm:
            size = min(settings.confirm_round, settings.confirm - done)
            sampler.add([*fresh, fresh_made], range(FRESH + done, FRESH + done + size))
            done += size
            top = max(range(len(fresh)), key=lambda i: fresh[i].score)
            rival, loss = rivals[top], Loss.between(fresh[top], fresh_made)
            if _band(loss.score - SETTLED * loss.score_se) == _band(loss.score + SETTLED * loss.score_se):
                break
    best = rival if rival is not None and loss.score > 0 else made
    ranked = sorted(values.values(), key=lambda v: (v is not best, -(v.dropped_after or math.inf), -v.score))
    return Judgement(ply, trick, seat, play, scale, grade(loss.score, loss.score_se), best.play, loss, confirmed,
                     tuple(ranked), sampler.exact)


def _may_reach(loss: Loss) -> bool:
    """The race cannot rule out a loss of an inaccuracy or more."""
    return loss.score + SIGNIFICANCE * loss.score_se >= THRESHOLDS[-1][1]


def _band(loss: float) -> int:
    """Which class a loss of this size falls in: 0 below an inaccuracy, 1, 2, 3 up to a blunder."""
    return sum(loss >= least for _name, least in THRESHOLDS)


def _dropped(live: list[PlayValue], made: PlayValue) -> list[PlayValue]:
    """The plays left after dropping those the leader beats at 95 % (never the play made)."""
    if len(live) < 2:
        return live
    leader = max(live, key=lambda v: v.score)
    kept = []
    for other in live:
        if other is leader or other is made:
            kept.append(other)
            continue
        diffs = [a - b for a, b in zip(leader.scores, other.scores, strict=True)]
        if mean(diffs) - Z95 * _se(diffs) > 0:
            other.dropped_after = other.samples
        else:
            kept.append(other)
    return kept


def _decided(live: list[PlayValue], made: PlayValue) -> bool:
    """The race has told what it can: no play left may beat the play made by an inaccuracy, or one
    play alone is left beside it (fresh samples then say by how much it is better)."""
    others = [v for v in live if v is not made]
    if len(others) <= 1:
        return True
    least = THRESHOLDS[-1][1]
    for other in others:
        diffs = [a - b for a, b in zip(other.scores, made.scores, strict=True)]
        if mean(diffs) + SIGNIFICANCE * _se(diffs) >= least:
            return False
    return True


class _Sampler:
    """Values plays on numbered samples of what the mover knows, scored on the decision's scale."""

    def __init__(self, pos: Position, seed: int, scale: str, settings: JudgeSettings, stop: StopToken | None):
        self.pos = pos
        self.seat = pos.to_play
        self.attacker = pos.is_attacker(self.seat)
        self.seed = seed
        self.scale = scale
        self.settings = settings
        self.stop = stop
        self.exact = 0

    def add(self, values: Sequence[PlayValue], indices: range) -> None:
        s = self.settings
        plays = tuple(v.play for v in values)
        results = score_samples(self.pos, self.seat, "outcome", self.seed, tuple(indices), plays, False, s.max_nodes,
                                s.exact_cards if self.scale == "levels" else s.exact_cards_early, self.stop,
                                s.search_cards)
        for solved, per_play in results:
            self.exact += solved
            for v, (points, dug, name, levels) in zip(values, per_play, strict=True):
                outcome = Outcome(name, levels)
                side = 1 if self.attacker else -1
                v.add(points, dug, outcome, 0.0)
                side_swing = -side * v.swings[-1]
                v.side_points.append(side * points)
                v.side_swings.append(side_swing)
                score = side * points + (POINTS_PER_LEVEL * side_swing if self.scale == "levels" else 0)
                v.scores[-1] = float(score)
