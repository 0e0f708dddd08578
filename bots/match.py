"""Duplicate matches: every deal played twice, the two policies swapping seats, so that the cards' luck cancels.

Deal ``i`` of a match with seed ``s`` is the deal ``huolong-solve play --seed s``
plays as its deal ``i`` (same cards, level, trump, dealer). At table 1 policy
A sits S and N, B sits E and W; at table 2 they swap. A deal's score for A
is the levels A's side gained at both tables, on the bury advisor's scale
(:data:`~huolong.analysis.race.SWING`: a level up counts 1, losing the deal
1, winning the game outright 12 or 13); B's is its negative.

>>> rec = duplicate_deal(3, 0, "random", "random", "standard")
>>> [r["table"] for r in rec["tables"]], rec["tables"][0]["dealer_side"] in ("A", "B")
([1, 2], True)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from huolong.analysis.race import swing
from huolong.engine import OUTCOME_NAMES, Outcome, Position, Rules, write_position
from huolong.engine.deal import deal_hand
from huolong.solver.playout import deal_seed

from .policy import Policy, policy_of
from .table import play_table

__all__ = ["MatchSummary", "TableScore", "duplicate_deal", "event_of", "score_of", "summarise"]


@lru_cache(maxsize=8)
def _policy(spec: str) -> Policy:
    """One policy object per spec and process (a policy may keep buffers)."""
    return policy_of(spec)


def event_of(seed: int, index: int, table: int) -> str:
    return f"huolong-solve match --seed {seed}, deal {index + 1}, table {table}"


def duplicate_deal(seed: int, index: int, a: str, b: str, rules_text: str) -> dict:
    """Deal ``index`` played at both tables (a picklable task): the records' text, the scores, the decisions."""
    rules = Rules.parse(rules_text)
    deal = deal_hand(deal_seed(seed, index), rules)
    tables = []
    for table, (south_north, east_west) in enumerate(((a, b), (b, a)), start=1):
        policies = [_policy(south_north), _policy(east_west)] * 2  # S E N W
        deal.tags = {"Event": event_of(seed, index, table), "SouthNorth": south_north, "EastWest": east_west}
        played = play_table(deal.copy(), policies, f"match:{seed}:{index}:{table}")
        score = score_of(played.record, a_sits_south_north=table == 1)
        tables.append({"table": table, "record": write_position(played.record), **score.to_dict(),
                       "decisions": [(d.policy, d.seconds, d.bury) for d in played.decisions]})
    return {"deal": index + 1, "tables": tables}


@dataclass(frozen=True)
class TableScore:
    """One table's result, from A's side."""

    dealer_side: str  # "A" or "B": whose side was the dealer team
    points: int  # the attackers' final points
    dug: bool
    outcome: Outcome

    @property
    def a_levels(self) -> int:
        dealer_swing = swing(self.outcome)
        return dealer_swing if self.dealer_side == "A" else -dealer_swing

    def to_dict(self) -> dict:
        return {"dealer_side": self.dealer_side, "points": self.points, "dug": self.dug,
                "outcome": self.outcome.name, "levels": self.outcome.levels, "a_levels": self.a_levels}


def score_of(record: Position, a_sits_south_north: bool) -> TableScore:
    """A finished table's score: who dealt, the attackers' points, the dig, the outcome."""
    dealer_south_north = record.dealer % 2 == 0
    return TableScore("A" if dealer_south_north == a_sits_south_north else "B", record.points, record.dug,
                      record.result())


def _mean_se(values: list[float]) -> tuple[float, float]:
    if not values:
        return math.nan, math.nan
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return statistics.fmean(values), se


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class MatchSummary:
    """A match's totals (the JSON ``match --json`` prints)."""

    a: str
    b: str
    seed: int
    deals: int
    a_levels: tuple[float, float]  # per deal, mean and its standard error
    attack_points: dict[str, tuple[float, float]]  # "A": A's points per hand when it attacks
    dig_rate: dict[str, tuple[float, float]]
    outcomes: dict[str, dict[str, int]]  # outcome name -> {"A": hands A's side dealt, "B": …}
    seconds_per_deal: float | None  # of the deals played now
    decisions: dict[str, dict[str, float]] = field(default_factory=dict)  # policy -> median, p90, count

    def to_dict(self) -> dict:
        pair = lambda x: {"mean": _round(x[0]), "se": _round(x[1])}  # noqa: E731
        return {"a": self.a, "b": self.b, "seed": self.seed, "deals": self.deals,
                "a_levels_per_deal": pair(self.a_levels),
                "attackers_points": {side: pair(v) for side, v in self.attack_points.items()},
                "dig_rate": {side: pair(v) for side, v in self.dig_rate.items()},
                "outcomes": self.outcomes,
                "seconds_per_deal": _round(self.seconds_per_deal) if self.seconds_per_deal is not None else None,
                "decisions": self.decisions}


def _round(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else round(x, 4)


def summarise(a: str, b: str, seed: int, deals: list[list[TableScore]], seconds: float | None,
              decisions: list[tuple[str, float, bool]]) -> MatchSummary:
    """The totals of scored deals (each: its two tables); ``decisions``: (policy, seconds, bury) timed now."""
    tables = [t for deal in deals for t in deal]
    attack = {side: [t for t in tables if t.dealer_side != side] for side in ("A", "B")}
    outcomes: dict[str, dict[str, int]] = {name: {"A": 0, "B": 0} for name in OUTCOME_NAMES}
    for (name, side), count in Counter((t.outcome.name, t.dealer_side) for t in tables).items():
        outcomes[name][side] = count
    timing: dict[str, dict[str, float]] = {}
    for name in sorted({d[0] for d in decisions}):
        times = [s for p, s, bury in decisions if p == name and not bury]
        timing[name] = {"plays": len(times), "median_s": _round(statistics.median(times)) if times else None,
                        "p90_s": _round(_quantile(times, 0.9)), "max_s": _round(max(times)) if times else None}
    return MatchSummary(
        a, b, seed, len(deals), _mean_se([sum(t.a_levels for t in deal) for deal in deals]),
        {side: _mean_se([t.points for t in attack[side]]) for side in ("A", "B")},
        {side: _mean_se([float(t.dug) for t in attack[side]]) for side in ("A", "B")},
        outcomes, seconds, timing)
