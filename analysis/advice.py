"""Single-dummy advice: what to play when you cannot see the other hands.

The seat to play knows its hand, the play so far and — if it is the dealer —
the bottom (:class:`~huolong.engine.sampling.Knowledge`). The advisor deals
the hidden hands at random consistently with that (exactly uniformly),
values every legal play on each sample with the exact search, and ranks the
plays by their average, as bridge's GIB and Skat's PIMC bots do. Plays race
on shared samples (:mod:`.race`): a play the leader beats at 95 % is
dropped, and sampling stops once the leader is ahead of every other play
or within ``tolerance`` of it, or when the samples or the time run out.
A sample the search cannot finish within ``max_nodes`` is scored by
playouts (the bot, then the last cards exact) instead.

Sampling assumes that from the next play on everyone sees every hand
(*strategy fusion*): it can favour a play that leaves a guess to later,
since every sample guesses right.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> advice = advise(pos, samples=16, seed=1)
>>> sorted(str(p.play) for p in advice.plays), advice.samples
(['C5', 'C5 C5', 'D8'], 16)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from huolong.engine import Outcome, Play, Position, seat_name
from huolong.engine.sampling import Knowledge
from huolong.engine.seats import Seat, seat_label
from huolong.i18n import _

from huolong.solver.encode import OBJECTIVES
from huolong.solver.errors import SearchAborted, SolverError
from huolong.solver.jobs import Workers
from huolong.solver.playout import Player
from .race import MIN_SAMPLES, Tally, race, ranked, rounded, standard_error
from huolong.solver.search import value_plays
from huolong.solver.session import StopToken
from huolong.solver.values import Value

SAMPLES = 200
TOLERANCE = {"outcome": 0.02, "result": 0.02, "points": 2.0}  # levels, points: closer plays are equally good
MAX_NODES = 2_000_000  # per sample; beyond it the sample is scored by playouts
EXACT_CARDS = 6  # playouts solve the last tricks exactly from this many cards a hand


@dataclass
class PlayAdvice(Tally):
    """One legal play and what it gave on each sample, from the side to play's point of view.

    ``side_swings``: the side's level change per sample (the bury advisor's
    scale); ``dd``: the play's double-dummy value on the true deal, when the
    file gave every hand.
    """

    play: Play = field(default_factory=lambda: Play(()))
    side_swings: list[int] = field(default_factory=list)
    dd: Value | None = None

    @property
    def swing(self) -> float:
        return sum(self.side_swings) / len(self.side_swings) if self.side_swings else math.nan

    @property
    def swing_se(self) -> float:
        return standard_error(self.side_swings)

    def to_dict(self, threshold: int) -> dict:
        return {"play": str(self.play), "samples": self.samples, "mean_points": rounded(self.mean_points),
                "points_se": rounded(self.points_se), "p_threshold": rounded(self.p_reaching(threshold)),
                "p_dug": rounded(self.p_dug), "swing": rounded(self.swing), "swing_se": rounded(self.swing_se),
                "outcomes": self.outcome_counts(), "dd": self.dd.to_dict() if self.dd else None}


@dataclass
class Advice:
    """The plays of ``seat`` best first, and how the samples were solved."""

    position: Position
    seat: Seat
    objective: str
    plays: list[PlayAdvice]
    samples: int
    solved_exact: int
    seconds: float
    settled: bool
    known: bool = False
    interrupted: bool = False

    @property
    def best(self) -> PlayAdvice:
        return self.plays[0]

    @property
    def equally_good(self) -> list[PlayAdvice]:
        """The plays still in the race at the end (the best first): none was beaten at 95 %."""
        return [p for p in self.plays if p.dropped_after is None]

    def margin(self) -> float:
        """How far the best play is ahead of the next (in the race's units: levels or points)."""
        if len(self.plays) < 2:
            return math.inf
        return self.plays[0].score - self.plays[1].score

    def to_dict(self) -> dict:
        """The JSON form (``huolong-solve advise --json``)."""
        threshold = self.position.rules.threshold
        return {"event": self.position.tags.get("Event"), "seat": seat_name(self.seat), "objective": self.objective,
                "samples": self.samples, "solved_exact": self.solved_exact, "seconds": round(self.seconds, 3),
                "settled": self.settled, "known": self.known, "plays": [p.to_dict(threshold) for p in self.plays]}


@lru_cache(maxsize=4)
def _knowledge(position: Position, seat: Seat) -> Knowledge:
    """One per worker and position: its deal count is the costly part of sampling."""
    return Knowledge.of(position, seat)


@lru_cache(maxsize=2)
def _player(exact_cards: int) -> Player:
    return Player(exact_cards)


def sample_of(position: Position, seat: Seat, seed: int, index: int) -> Position:
    """Sample ``index`` of the hidden hands, as ``seat`` sees them: the same on any worker."""
    return _knowledge(position, seat).sample(random.Random(f"advise:{seed}:{index}"))


def score_samples(position: Position, seat: Seat, objective: str, seed: int, indices: tuple[int, ...],
                  plays: tuple[Play, ...], known: bool, max_nodes: int, exact_cards: int,
                  stop: StopToken | None = None, search_cards: int | None = None,
                  ) -> list[tuple[bool, list[tuple[int, bool, str, int]]]]:
    """Value ``plays`` on each sample (a picklable task): per sample, (solved exactly, (points, dug,
    outcome, levels) for each play). ``stop`` (in this process only) cancels it: SearchAborted.
    With ``search_cards``, a sample whose hands hold more cards is played out without trying the search."""
    out = []
    searched = search_cards is None or position.cards_left <= search_cards
    for index in indices:
        deal = position if known else sample_of(position, seat, seed, index)
        try:
            if not searched:
                raise SearchAborted("node limit", 0)
            values = value_plays(deal, objective, list(plays), max_nodes=max_nodes, stop=stop)
            exact = True
        except SearchAborted:
            if stop is not None and stop.cancelled:
                raise
            values = {play: _played_out(deal, play, seed, index, exact_cards) for play in plays}
            exact = False
        out.append((exact, [_flat(values[p]) for p in plays]))
    return out


def _played_out(deal: Position, play: Play, seed: int, index: int, exact_cards: int) -> Value:
    after = deal.copy()
    after.play(play)
    if after.is_over():
        return Value(after.points, after.dug, after.result())
    return _player(exact_cards).value(after, random.Random(f"advise-play:{seed}:{index}").getrandbits(63))


def _flat(value: Value) -> tuple[int, bool, str, int]:
    assert value.outcome is not None
    return value.points, value.dug, value.outcome.name, value.outcome.levels


def advise(
    position: Position,
    *,
    seat: Seat | None = None,
    samples: int = SAMPLES,
    seconds: float | None = None,
    tolerance: float | None = None,
    objective: str = "outcome",
    seed: int = 1,
    workers: int = 1,
    pool: Workers | None = None,
    known: bool = False,
    max_nodes: int = MAX_NODES,
    exact_cards: int = EXACT_CARDS,
    batch: int = 16,
    racing: bool = True,
    on_progress: Callable[[int], None] | None = None,
    stop: StopToken | None = None,
    on_round: Callable[[Advice], None] | None = None,
    search_cards: int | None = None,
    true_values: bool = True,
) -> Advice:
    """Rank the plays of the seat to move by what they give over samples of the hidden hands.

    ``seat`` only checks that it is that seat's turn. Without ``racing``
    every play is valued on every sample. ``known``: use the
    position's own hands (one sample, double-dummy — the same as
    :func:`~huolong.solver.solve`). With the same seed and no time limit
    the advice does not depend on ``workers`` or ``pool``. Ctrl-C, or
    ``stop`` cancelled from another thread, stops the sampling and returns
    what was done (``interrupted``): the rounds finished, every play on the
    same samples. ``on_round`` is called with the ranking so far after every
    round of samples (the same as the answer would be, had it stopped there).
    ``search_cards``: only from this many cards a hand on is a sample solved by the search; above
    it, it is played out (the search could not finish there anyway). ``true_values=False`` leaves
    out each play's double-dummy value on the true deal (a player does not know it).
    """
    started = time.monotonic()
    pos = position.copy()
    if objective not in OBJECTIVES:
        raise SolverError(_("invalid objective {objective!r}: use points or outcome").format(objective=objective))
    if not pos.shape.card_scores:
        raise SolverError(_("advice is for Huolong hands, not bridge"))
    if pos.is_before_bury or pos.bottom is None:
        raise SolverError(_("a deal before the bury: rank its burials with huolong-solve bury"))
    if pos.is_over():
        raise SolverError(_("the hand is over: there is no play to advise"))
    if seat is not None and seat != pos.to_play:
        raise SolverError(_("it is {to_play}'s turn, not {seat}'s").format(to_play=seat_label(pos.to_play),
                                                                          seat=seat_label(seat)))
    seat = pos.to_play
    full_deal = all(h is not None for h in pos.hands)
    if known and not full_deal:
        raise SolverError(_("known hands need every hand in the file"))
    if not known:
        _knowledge(pos, seat).out()  # the cards still out must be known (raises otherwise)
    tallies = [PlayAdvice(play=p) for p in pos.legal_plays()]
    if full_deal and true_values:
        try:
            dd = value_plays(pos, objective, max_nodes=max_nodes)
        except SearchAborted:
            dd = {}
        for t in tallies:
            t.dd = dd.get(t.play)
    samples = 1 if known else samples
    tolerance = TOLERANCE[objective] if tolerance is None else tolerance
    own = pool is None
    pool = pool or Workers(workers)
    live, done, exact, settled, interrupted = tallies, 0, 0, False, False
    here = pool.workers <= 1 and pool.scheduler is None  # the tasks run in this process: they may see the token
    try:
        while live and done < samples:
            size = min(max(batch, MIN_SAMPLES, done // 2), samples - done)  # rounds grow: few, yet stop early
            indices = tuple(range(done, done + size))
            chunks = [indices[i:i + 4] for i in range(0, size, 4)]
            plays = tuple(t.play for t in live)
            tasks = [(pos, seat, objective, seed, chunk, plays, known, max_nodes, exact_cards, stop if here else None,
                      search_cards) for chunk in chunks]
            results: dict[int, list] = {}
            for i, result in pool.run(score_samples, tasks):
                results[i] = result
                if on_progress:
                    on_progress(len(result))
                if stop is not None and stop.cancelled:
                    raise KeyboardInterrupt
            for i in range(len(chunks)):
                for solved, values in results[i]:
                    exact += solved
                    for t, value in zip(live, values, strict=True):
                        _add(t, pos, seat, objective, value)
            done += size
            if racing:
                live, settled = race(live, done, tolerance)
            if on_round is not None:
                on_round(Advice(pos, seat, objective, ranked(tallies), done, exact, time.monotonic() - started,
                                settled or known, known))
            if settled or (seconds is not None and time.monotonic() - started > seconds):
                break
    except (KeyboardInterrupt, SearchAborted) as e:  # the round under way is dropped: the plays keep equal samples
        if isinstance(e, SearchAborted) and not (stop is not None and stop.cancelled):
            raise
        interrupted = True
        pool.close(wait_for_tasks=False)
    finally:
        if own:
            pool.close(wait_for_tasks=not interrupted)
    return Advice(pos, seat, objective, ranked(tallies), done, exact, time.monotonic() - started, settled or known,
                  known, interrupted)


POINT_WEIGHT = 1e-4  # levels per point: under the outcome objective points only break ties, as in the solver


def _add(tally: PlayAdvice, pos: Position, seat: Seat, objective: str, value: tuple[int, bool, str, int]) -> None:
    """One sample's value of a play, scored from the side to play's point of view."""
    points, dug, name, levels = value
    outcome = Outcome(name, levels)
    side_points = points if pos.is_attacker(seat) else -points
    tally.add(points, dug, outcome, 0.0)
    side_swing = -tally.swings[-1] if pos.is_attacker(seat) else tally.swings[-1]
    tally.side_swings.append(side_swing)
    tally.scores[-1] = side_points if objective == "points" else side_swing + POINT_WEIGHT * side_points
