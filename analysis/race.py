"""Options racing on shared samples: what each option gave, and when one is beaten.

Both advisors work this way — the bury advisor's burials and the
single-dummy advisor's plays. Every option is scored on the *same* samples
(common random numbers), so options are compared by paired differences,
which are far less noisy than two independent means. An option the leader
beats at 95 % is dropped; the race is settled when the leader is ahead of
every option left, or within ``tolerance`` of it, at 95 %.

>>> from huolong.engine import Outcome
>>> swing(Outcome("attackers-up", 1)), swing(Outcome("dealer-up", 3))
(-2, 3)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from huolong.engine import Outcome

#: The dealer team's level change per outcome. Levels gained count +1 each;
#: losing the deal counts as one level (it sits between keeping the deal and
#: the attackers going up 1 in the rules' order); winning the game outright
#: counts as 12 levels (3 up to A) — 13 with the deal for the attackers.
SWING = {
    "dealer-win-game": lambda levels: 12,
    "dealer-up": lambda levels: levels,
    "dealer-keeps": lambda levels: 0,
    "attackers-take-deal": lambda levels: -1,
    "attackers-up": lambda levels: -1 - levels,
    "attackers-win-game": lambda levels: -13,
}
Z95 = 1.96
MIN_SAMPLES = 16  # before any option may be dropped


def swing(outcome: Outcome) -> int:
    """The dealer team's level change for a hand's outcome (see :data:`SWING`)."""
    return SWING[outcome.name](outcome.levels)


def mean(values: list) -> float:  # type: ignore[type-arg]
    return sum(values) / len(values) if values else math.nan


def standard_error(values: list) -> float:  # type: ignore[type-arg]
    n = len(values)
    if n < 2:
        return math.nan
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1) / n)


def rounded(x: float) -> float | None:
    """A statistic for JSON: four decimals, ``None`` when there is none (NaN)."""
    return None if math.isnan(x) else round(x, 4)


@dataclass
class Tally:
    """What one option gave on each sample, in sample order.

    ``scores`` is what the race compares, from the deciding side's point of
    view (higher is better); ``swings`` is the dealer team's level change.
    """

    points: list[int] = field(default_factory=list)
    dug: list[bool] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)
    swings: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    dropped_after: int | None = None

    def add(self, points: int, dug: bool, outcome: Outcome, score: float) -> None:
        self.points.append(points)
        self.dug.append(dug)
        self.outcomes.append(outcome.name if not outcome.levels else f"{outcome.name} {outcome.levels}")
        self.swings.append(swing(outcome))
        self.scores.append(score)

    @property
    def samples(self) -> int:
        return len(self.scores)

    @property
    def score(self) -> float:
        return mean(self.scores)

    @property
    def mean_points(self) -> float:
        return mean(self.points)

    @property
    def points_se(self) -> float:
        return standard_error(self.points)

    @property
    def p_dug(self) -> float:
        return mean([float(d) for d in self.dug])

    def p_reaching(self, threshold: int) -> float:
        return mean([float(p >= threshold) for p in self.points])

    def outcome_counts(self) -> dict[str, int]:
        return dict(Counter(self.outcomes))


def half_width(diffs: list[float], rare: float = 0.0) -> float:
    """Half the 95 % interval of the mean of paired differences, at least ``rare / n``.

    Two plays often differ on few of the samples: on 16 deals where they never
    differ the sample's standard error is zero, yet they may still differ on up to
    3 in 16 of the deals to come (the *rule of three*, 95 %) by a whole level each.
    ``rare`` is that bound's numerator in the score's unit (3 for levels); 0 keeps
    the plain interval.

    >>> half_width([0.0] * 16, rare=3.0), half_width([0.0] * 16)
    (0.1875, 0.0)
    """
    n = len(diffs)
    se = standard_error(diffs)
    plain = Z95 * (0.0 if math.isnan(se) else se)
    return max(plain, rare / n) if n else math.inf


def race(live: list[Tally], done: int, tolerance: float, rare: float = 0.0) -> tuple[list[Tally], bool]:
    """Drop every option the leader beats at 95 % on paired differences over shared samples.

    Returns the options left (the leader first) and whether the race is
    settled: the leader ahead of, or within ``tolerance`` of, every one left.
    ``rare``: see :func:`half_width`.
    """
    if done < MIN_SAMPLES or len(live) < 2:
        return live, len(live) <= 1
    leader = max(live, key=lambda t: t.score)
    kept = [leader]
    settled = True
    for other in live:
        if other is leader:
            continue
        low = lead(leader, other, rare)
        if low > 0:
            other.dropped_after = done
        else:
            kept.append(other)
            settled = settled and low > -tolerance
    return kept, settled


def lead(leader: Tally, other: Tally, rare: float = 0.0) -> float:
    """The lower end of the 95 % interval of ``leader``'s lead over ``other`` on their shared samples."""
    diffs = [a - b for a, b in zip(leader.scores, other.scores, strict=True)]
    return mean(diffs) - half_width(diffs, rare)


def ranked(tallies: list[Tally]) -> list[Tally]:
    """Survivors first, then the others by how long they lasted; by score within each."""
    return sorted(tallies, key=lambda t: (-(t.dropped_after or math.inf), -t.score))
