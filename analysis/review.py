"""Review a recorded hand: what each play of the last tricks cost, double-dummy — and, with
``advise``, whether it was right on what the player could see.

The question players ask after a hand — where did we lose the bottom? — is
answered by solving the position before every play of the last ``tricks``
tricks and comparing the play made with the best one. A double-dummy
mistake can still be the right play for someone who could not see the other
hands: single-dummy advice (:mod:`.advice`) on the same position tells.

>>> from huolong.engine import read_positions
>>> [record] = read_positions('''
... [Level "3"]
... [Trump "H"]
... [Dealer "N"]
... [Bottom "K5.-.T4.43"]
... [Deal "S:AA.2.-.-.B K.T5.-.3 Q.A.-.-.LL 55.K.3.-"]
... [Play "S"]
... S: BJ, C3, LJ, D3
... S: SA SA, SK H5, SQ HA, S5 S5
... S: H2, HT, LJ, HK''')
>>> judged = list(review(record, tricks=2))
>>> len(judged), [str(r.play) for r in judged if r.trick == 3], sum(r.is_mistake for r in judged)
(8, ['H2', 'HT', 'LJ', 'HK'], 0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from huolong.engine import Play, Position, seat_name
from huolong.engine.seats import Seat

from huolong.solver.errors import SearchAborted
from huolong.solver.search import solve
from huolong.solver.values import Value

REVIEW_TRICKS = 8


@dataclass(frozen=True)
class PlayReview:
    """One play of a recorded hand against the best play there.

    ``value`` is what the hand is worth after the play made, ``best`` what
    it was worth before it (with best play); both ``None`` when the position
    was beyond the node budget. ``loss`` is in points from the player's side
    (0 for a best play); ``worse_result`` says the play changed the outcome.
    """

    trick: int  # 1-based trick number in the hand
    seat: Seat
    play: Play
    value: Value | None
    best: Value | None
    best_plays: tuple[Play, ...]
    loss: int | None  # None when only optimality was asked for and the play is not optimal
    worse_result: bool | None
    advised: tuple[Play, ...] | None = None  # the best plays on the player's information (with advice)
    #: where the search did not finish: what it proved of the play made and of the best play,
    #: ``(at least, at most)`` each; with ``proof`` "bounds" when that settles the verdict (``loss``
    #: is then the least the play gave away)
    bounds: tuple[Value | None, Value | None] | None = None
    best_bounds: tuple[Value | None, Value | None] | None = None
    proof: str | None = None
    attacks: bool | None = None  # with bounds: the player is an attacker (whose best case is the higher end)

    @property
    def solved(self) -> bool:
        """The values are exact."""
        return self.best is not None

    @property
    def decided(self) -> bool:
        """Whether the play was best double-dummy is known: exactly, or proven by bounds."""
        return self.solved or self.proof == "bounds"

    @property
    def dd_mistake(self) -> bool:
        """Worse than the best play with every hand known (exactly, or proven by bounds)."""
        return self.decided and (self.loss is None or self.loss > 0 or bool(self.worse_result))

    @property
    def right_on_information(self) -> bool | None:
        """Among the best plays on what the player could see (``None`` without advice)."""
        return None if self.advised is None else self.play in self.advised

    @property
    def is_mistake(self) -> bool:
        """A mistake on what the player could see when advice was asked for; double-dummy otherwise."""
        if self.advised is not None:
            return not self.right_on_information
        return self.dd_mistake

    @property
    def verdict(self) -> str | None:
        """The two views together, as the review marks the play (``None`` without advice):
        ``right``; ``unlucky`` (a double-dummy loss, right on information); ``lucky`` (best
        double-dummy, wrong on information); ``mistake`` (wrong on information, and a double-dummy
        loss or beyond the node budget: lucky or unlucky only where the play's value is known)."""
        if self.advised is None:
            return None
        if self.right_on_information:
            return "unlucky" if self.dd_mistake else "right"
        return "lucky" if self.decided and not self.dd_mistake else "mistake"

    def to_dict(self) -> dict:
        def value(v: Value | None) -> dict | None:
            return None if v is None else v.to_dict()

        out = {"trick": self.trick, "seat": seat_name(self.seat), "play": str(self.play), "value": value(self.value),
               "best": value(self.best), "best_plays": [str(p) for p in self.best_plays], "loss": self.loss,
               "worse_result": self.worse_result, "solved": self.solved,
               "proof": "exact" if self.solved else self.proof}
        if self.bounds is not None and self.best_bounds is not None:
            out["bounds"] = {"at_least": value(self.bounds[0]), "at_most": value(self.bounds[1]),
                             "best_at_least": value(self.best_bounds[0]), "best_at_most": value(self.best_bounds[1])}
        if self.advised is not None:
            out.update(advised_plays=[str(p) for p in self.advised], right_on_information=self.right_on_information,
                       mistake=self.is_mistake, verdict=self.verdict)
        return out


@dataclass(frozen=True)
class PlayEstimate:
    """The value of the position before a play, estimated where the exact search would take too long:
    the mean of ``samples`` seeded playouts (the bot plays every seat, the last tricks are solved
    exactly) and its standard error. An estimate, not a value: the playouts' bot is not perfect."""

    ply: int  # 0-based index of the play in the record
    trick: int
    seat: Seat
    play: Play
    mean_points: float
    points_se: float
    samples: int

    def to_dict(self) -> dict:
        return {"ply": self.ply, "trick": self.trick, "seat": seat_name(self.seat), "play": str(self.play),
                "mean_points": round(self.mean_points, 2), "points_se": round(self.points_se, 2),
                "samples": self.samples}


@dataclass(frozen=True)
class HandReview:
    """A reviewed hand record: the record and its judged plays, in order; with ``estimates``, the
    estimated value before every earlier play."""

    record: Position
    plays: tuple[PlayReview, ...]
    estimates: tuple[PlayEstimate, ...] | None = None

    def to_dict(self) -> dict:
        """The JSON form (``huolong-solve review --json``)."""
        origin = self.record.origin
        out = {"file": origin[0] if origin else None, "line": origin[1] if origin else None,
               "event": self.record.tags.get("Event"), "result": self.record.tags.get("Result"),
               "plays": [p.to_dict() for p in self.plays]}
        if self.estimates is not None:
            out["estimates"] = [e.to_dict() for e in self.estimates]
        return out


def recorded_plays(record: Position) -> list[tuple[int, Play]]:
    """(trick number, play) for every play of a hand record, in order."""
    plays = [(n, p) for n, trick in enumerate(record.history, start=1) for p in trick.plays]
    plays += [(len(record.history) + 1, p) for p in record.trick]
    return plays


def review(
    record: Position,
    tricks: int = REVIEW_TRICKS,
    *,
    objective: str = "outcome",
    max_nodes: int | None = 5_000_000,
    max_seconds: float | None = None,
    on_play: Callable[[], None] | None = None,
    advice: dict | None = None,
    plays: str = "all",
) -> Iterator[PlayReview]:
    """Review every play of the last ``tricks`` tricks of a hand record, in order.

    Positions the search cannot finish within ``max_nodes`` (or
    ``max_seconds``) keep what the plays' proven intervals settle: a play
    proven worse than the best, or proven best (``proof`` "bounds"); the rest
    are reported unsolved rather than holding up the review. ``plays="optimal"`` only
    tells whether each play was optimal (faster; no loss). ``advice``: options for
    :func:`~huolong.analysis.advice.advise` (``samples``, ``seed``, ``pool``…),
    to judge each play on what its player could see as well.
    """
    recorded = recorded_plays(record)
    total = recorded[-1][0] if recorded else 0
    first = max(1, total - tricks + 1)
    pos = record.start()
    for number, play in recorded:
        if number >= first:
            judged = _judge(pos, number, play, objective, max_nodes, plays, max_seconds)
            if advice is not None:
                judged = replace(judged, advised=_advised(pos, objective, advice))
            yield judged
            if on_play:
                on_play()
        pos.play(play)


def _advised(pos: Position, objective: str, options: dict) -> tuple[Play, ...]:
    """The plays not beaten at 95 % on what the player to move could see."""
    from .advice import advise  # the advisor runs playouts: only loaded when asked for

    if len(pos.legal_plays()) == 1:
        return tuple(pos.legal_plays())
    return tuple(p.play for p in advise(pos, objective=objective, **options).equally_good)


def _judge(pos: Position, number: int, play: Play, objective: str, max_nodes: int | None,
           plays: str, max_seconds: float | None = None) -> PlayReview:
    seat = pos.to_play
    try:
        analysis = solve(pos, objective, plays=plays, max_nodes=max_nodes, max_seconds=max_seconds, line=False,
                         intervals=True)
    except SearchAborted as stop:
        return _judged_by_bounds(number, seat, play, stop, pos.is_attacker(seat))
    made = next(m for m in analysis.moves if m.play == play)
    best = tuple(m.play for m in analysis.moves if m.value == analysis.value)
    if made.value is None:  # only optimality was asked for: a play that is not optimal has no value
        return PlayReview(number, seat, play, None, analysis.value, best, None, None)
    worse = made.value.outcome != analysis.value.outcome
    return PlayReview(number, seat, play, made.value, analysis.value, best, made.loss, worse)


def _judged_by_bounds(number: int, seat: Seat, play: Play, stop: SearchAborted, attacks: bool) -> PlayReview:
    """A position the search did not finish: the verdict where the plays' proven intervals settle it
    (solver/intervals.py) — the play made proven worse than the best, or proven best — else unsolved."""
    made = next((i for i in stop.intervals if i.play == play), None)
    if made is None:  # only every play's search shares its budget; the others prove no intervals
        return PlayReview(number, seat, play, None, None, (), 0, False)
    bounds, best_bounds = (made.at_least, made.at_most), stop.bounds
    if made.proven_worse:  # the least it gave away, and the play it is proven worse than
        better = tuple(i.play for i in stop.intervals if i.leads)[:1]
        return PlayReview(number, seat, play, None, None, better, made.loss_at_least or 0, bool(made.worse_result),
                          bounds=bounds, best_bounds=best_bounds, proof="bounds", attacks=attacks)
    if made.proven_best:
        return PlayReview(number, seat, play, None, None, (), 0, False, bounds=bounds, best_bounds=best_bounds,
                          proof="bounds", attacks=attacks)
    return PlayReview(number, seat, play, None, None, (), 0, False, bounds=bounds, best_bounds=best_bounds,
                      attacks=attacks)


ESTIMATE_EXACT_CARDS = 6  # the estimates' playouts solve the hand exactly from this many cards a hand


def estimate(pos: Position, samples: int, seed: int, ply: int = 0) -> tuple[float, float]:
    """(mean, standard error) of the attackers' final points over ``samples`` seeded playouts from
    ``pos``; the same seeds give the same estimate on any machine."""
    player = _estimate_player()
    points = [player.value(pos, random.Random(f"estimate:{seed}:{ply}:{i}").getrandbits(63)).points
              for i in range(samples)]
    mean = sum(points) / len(points)
    var = sum((p - mean) ** 2 for p in points) / (len(points) - 1) if len(points) > 1 else 0.0
    return mean, math.sqrt(var / len(points))


@lru_cache(maxsize=1)
def _estimate_player():  # type: ignore[no-untyped-def]
    """One set of playout buffers per process; the playout kernel is only loaded when asked for."""
    from huolong.solver.playout import Player

    return Player(ESTIMATE_EXACT_CARDS)


def estimates(record: Position, before_ply: int, samples: int, seed: int = 1,
              on_play: Callable[[], None] | None = None) -> Iterator[PlayEstimate]:
    """The estimated value before each of the record's first ``before_ply`` plays, in order."""
    pos = record.start()
    for ply, (number, play) in enumerate(recorded_plays(record)[:before_ply]):
        mean, se = estimate(pos, samples, seed, ply)
        yield PlayEstimate(ply, number, pos.to_play, play, mean, se, samples)
        if on_play:
            on_play()
        pos.play(play)


def first_reviewed_ply(record: Position, tricks: int = REVIEW_TRICKS) -> int:
    """The index of the first play :func:`review` judges (the plays before it get estimates)."""
    return len(recorded_plays(record)) - plays_to_review(record, tricks)


def plays_to_review(record: Position, tricks: int = REVIEW_TRICKS) -> int:
    """How many plays :func:`review` will judge."""
    plays = recorded_plays(record)
    total = plays[-1][0] if plays else 0
    return sum(1 for n, _ in plays if n >= total - tricks + 1)
