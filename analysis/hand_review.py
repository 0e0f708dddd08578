"""The review of a whole hand: every decision — the dealer's bury and each play of every trick —
judged on what its player could see, with the double-dummy verdict beside it where the exact
search finishes, and a summary per seat and per side.

Each play is judged by :func:`~.judge.judge` (sampling and playouts; see
there for the scale and the classes); the bury by the bury advisor
(:func:`~.burial.rank_burials`) on the dealer's own knowledge, with the
bury made among the candidates. Where every hand holds ``dd_cards`` cards
or fewer, the exact search values the position too (as :func:`.review.review`
does): a double-dummy loss on a play that was best or good on the player's
information is *unlucky*; a double-dummy best play that was an inaccuracy or
worse on it, *lucky*.

Decisions are independent tasks (each seeded by the review's seed and its
number), so the review is the same on one process, several, or a Dask
cluster; they are handed out in order and reported trick by trick as the
tricks complete.

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
>>> reviewed = review_hand(record)
>>> [p.judgement.grade for p in reviewed.plays][:8], reviewed.bury, reviewed.bury_note
(['blunder', 'blunder', 'blunder', 'inaccuracy', 'best', 'best', 'best', None], None, 'not-from-the-start')
>>> reviewed.plays[0].dd_verdict   # the big joker lost nothing with every hand known: lucky
'lucky'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from huolong.engine import Hand, Outcome, Play, Position, seat_name
from huolong.engine.jokers import TAG as JOKER_BURY_TAG, undo_swaps
from huolong.engine.seats import Seat

from huolong.solver.errors import SearchAborted
from huolong.solver.jobs import Workers
from huolong.solver.session import StopToken
from .burial import BURY_SAMPLES, Candidate, evaluate, rank_burials
from .judge import (FLAGGED, FRESH, GOOD_LEVELS, GRADES, LEVEL_THRESHOLDS, POINT_THRESHOLDS, POINTS_INACCURACY,
                    SIGNIFICANCE, Judgement, JudgeSettings, Loss, classify, judge)
from .race import mean, rounded, standard_error, swing
from .reasons import Reason, bury_reasons
from .review import PlayReview, _judge, recorded_plays

BURY_CONFIRM, BURY_CONFIRM_ROUND = 2048, 256  # at most, fresh deals behind a bury's loss
LEVEL_SCALE = 0.5  # levels: a decision's accuracy falls as exp(−loss / this) (a blunder of a level: 14)
POINT_SCALE = 40.0  # points, for a loss judged in points alone


@dataclass(frozen=True)
class ReviewSettings:
    """What the whole-hand review does (the defaults are ``huolong-solve review``'s)."""

    seed: int = 1
    judge: JudgeSettings = JudgeSettings()
    # the double-dummy verdict where every hand holds this many cards or fewer: exact, or proven by
    # bounds beyond dd_max_nodes (10 cards: bench/RESULTS.md, session 36)
    dd_cards: int = 10
    dd_max_nodes: int = 2_000_000  # per position; beyond it only what the plays' proven intervals settle
    bury_samples: int = BURY_SAMPLES  # at most, per candidate burial: the bury advisor's own default


@dataclass(frozen=True)
class JudgedPlay:
    """A play judged on its player's information, and double-dummy where that finished."""

    judgement: Judgement
    dd: PlayReview | None = None

    @property
    def dd_verdict(self) -> str | None:
        """``lucky``, ``unlucky`` or ``None`` (the two verdicts agree, or there is no double-dummy one)."""
        j, dd = self.judgement, self.dd
        if dd is None or not dd.decided or j.grade is None:
            return None
        if dd.dd_mistake and j.grade in ("best", "good"):
            return "unlucky"
        if not dd.dd_mistake and j.grade not in ("best", "good"):
            return "lucky"
        return None

    def to_dict(self) -> dict:
        out = self.judgement.to_dict()
        if self.dd is not None and self.dd.decided:
            dd = self.dd
            out["dd"] = {"value": dd.value.to_dict() if dd.value else None, "best": dd.best.to_dict() if dd.best else None,
                         "best_plays": [str(p) for p in dd.best_plays], "loss": dd.loss,
                         "worse_result": dd.worse_result, "verdict": self.dd_verdict,
                         "proof": "exact" if dd.solved else "bounds"}
            if not dd.solved:  # proven by bounds: the loss is the least the play gave away
                out["dd"]["bounds"] = dd.to_dict()["bounds"]
        else:
            out["dd"] = None
        return out


@dataclass(frozen=True)
class BuryJudgement:
    """The dealer's bury against the bury advisor's first choice — the ranking ``huolong-solve bury`` gives
    for the same deal and seed — on the dealer's own knowledge. Its measure is the level change alone: the
    advisor's playouts play for the result of the hand, so their points are only a score that reaches it."""

    dealer: Seat
    made: Hand
    best: Hand
    grade: str
    loss: Loss
    confirmed: bool
    candidates: tuple[Candidate, ...]
    why: tuple[Reason, ...] = ()
    could_be: str | None = None  # the worse class the loss's interval still reaches, where it spans two

    @property
    def ranked_first(self) -> bool:
        """The bury made is the one the advisor ranked first (else it may still be judged best: no
        better beyond the noise on fresh samples)."""
        return sorted(self.made) == sorted(self.best)

    @property
    def flagged(self) -> bool:
        return self.grade in FLAGGED

    def to_dict(self) -> dict:
        return {"seat": seat_name(self.dealer), "bury": str(Play(tuple(sorted(self.made)))),
                "best_bury": str(Play(tuple(sorted(self.best)))), "ranked_first": self.ranked_first,
                "class": self.grade, "scale": "levels", "loss": rounded(max(0.0, self.loss.levels)),
                "loss_se": rounded(self.loss.levels_se), "loss_levels": rounded(max(0.0, self.loss.levels)),
                "loss_levels_se": rounded(self.loss.levels_se), "samples": self.loss.samples,
                "confirmed": self.confirmed, "could_be": self.could_be, "why": [r.text() for r in self.why],
                "reasons": [r.to_dict() for r in self.why], "candidates": [c.to_dict() for c in self.candidates]}


@dataclass
class SeatSummary:
    """What one seat (or one side: both its seats) did over the hand. The losses are those of its plays
    marked inaccuracy or worse, added up: ``levels_lost`` where levels decided the class, ``points_lost``
    where the points did — never more than the side could lose in the hand (``stake``)."""

    decisions: int = 0  # judged: forced plays left out
    forced: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GRADES, 0))
    levels_lost: float = 0.0
    points_added: float = 0.0
    accuracy_sum: float = 0.0
    stake: float = math.inf  # the most points the side could have given away (or failed to take)

    @property
    def accuracy(self) -> float:
        return self.accuracy_sum / self.decisions if self.decisions else math.nan

    @property
    def points_lost(self) -> float:
        return min(self.points_added, self.stake)

    def add(self, grade_: str | None, loss: Loss, scale: str) -> None:
        """One decision: its class, its loss and the measure that decided it."""
        if grade_ is None:
            self.forced += 1
            return
        self.decisions += 1
        self.counts[grade_] += 1
        self.accuracy_sum += accuracy(grade_, loss, scale)
        if grade_ in FLAGGED:
            if scale == "levels":
                self.levels_lost += max(0.0, loss.levels)
            else:
                self.points_added += max(0.0, loss.points)

    def to_dict(self) -> dict:
        return {"decisions": self.decisions, "forced": self.forced, **self.counts,
                "levels_lost": round(self.levels_lost, 2), "points_lost": round(self.points_lost, 1),
                "accuracy": rounded(self.accuracy)}


def accuracy(grade_: str, loss: Loss, scale: str = "levels") -> float:
    """A decision's accuracy, 0–100: 100 for a best play (its loss is within the noise), else
    ``100·exp(−loss / scale)`` in the measure that decided its class — levels (0.5 a step: a mistake of
    a quarter level 61, a blunder of a level 14) or points (40 a step: an inaccuracy of 10 points 78).
    A seat's accuracy is the mean over its decisions.

    >>> round(accuracy("best", Loss(1, 0, 30, 0, 1, 0, 9))), round(accuracy("mistake", Loss(.25, 0, 9, 0, .25, 0, 9)))
    (100, 61)
    >>> round(accuracy("inaccuracy", Loss(0, 0, 10, 0, 0, 0, 9), "points"))
    78
    """
    if grade_ == "best":
        return 100.0
    lost = max(0.0, loss.points) / POINT_SCALE if scale == "points" else max(0.0, loss.levels) / LEVEL_SCALE
    return 100.0 * math.exp(-lost)


@dataclass
class HandVerdict:
    """A whole hand reviewed: the judged bury (``None`` with a ``bury_note`` saying why), every play
    in order, and the summary per seat and per side."""

    record: Position
    settings: ReviewSettings
    plays: list[JudgedPlay]
    bury: BuryJudgement | None
    bury_note: str | None = None
    complete: bool = True  # False: stopped before every decision was judged
    interrupted: bool = False  # by Ctrl-C

    def summary(self) -> dict[str, SeatSummary]:
        """Per seat (``S`` ``E`` ``N`` ``W``) and per side (``S–N``, ``E–W``)."""
        return summarise(self.plays, self.bury, self.record)

    def to_dict(self) -> dict:
        """The JSON form (``huolong-solve review --json``)."""
        origin = self.record.origin
        s = self.settings
        return {"file": origin[0] if origin else None, "line": origin[1] if origin else None,
                "event": self.record.tags.get("Event"), "result": self.record.tags.get("Result"),
                "dealer": seat_name(self.record.dealer), "attackers": [seat_name(x) for x in self.record.attackers],
                "complete": self.complete,
                "method": method(s),
                "bury": self.bury.to_dict() if self.bury else None, "bury_note": self.bury_note,
                "plays": [p.to_dict() for p in self.plays],
                "summary": {name: v.to_dict() for name, v in self.summary().items()}}


def decisions(record: Position) -> int:
    """How many decisions :func:`review_hand` judges in a record: its plays, and the bury if it can."""
    return len(recorded_plays(record)) + (before_bury(record) is not None)


def stakes(record: Position) -> dict[str, float]:
    """The most points each side could give away in the hand: the dealer team no more than the attackers
    ended with, the attackers no more than they failed to take (every point, and the bottom dug)."""
    end = record.copy()
    start = record.start()
    if not end.is_over():
        return {"S–N": math.inf, "E–W": math.inf}
    possible = 300 + start.rules.multiplier * (start.bottom.points if start.bottom is not None else 0)
    taken = end.points
    dealer_side = _side(start.dealer)
    attackers_side = "E–W" if dealer_side == "S–N" else "S–N"
    return {dealer_side: float(taken), attackers_side: float(max(0, possible - taken))}


def summarise(plays: list[JudgedPlay], bury: BuryJudgement | None,
              record: Position | None = None) -> dict[str, SeatSummary]:
    """The summary of judged decisions per seat (``S`` ``E`` ``N`` ``W``) and side (``S–N``, ``E–W``);
    with the ``record``, no side's points lost exceed what it had at stake (:func:`stakes`)."""
    out = {name: SeatSummary() for name in ("S", "E", "N", "W", "S–N", "E–W")}
    if record is not None:
        for side, stake in stakes(record).items():
            for name in (side, *((side[0], side[-1]))):
                out[name].stake = stake
    if bury is not None:
        for name in (seat_name(bury.dealer), _side(bury.dealer)):
            out[name].add(bury.grade, bury.loss, "levels")
    for p in plays:
        j = p.judgement
        for name in (seat_name(j.seat), _side(j.seat)):
            out[name].add(j.grade, j.loss, j.scale)
    return out


def method(s: ReviewSettings) -> dict:
    """How a review judged (its JSON ``method``): the settings, the measures and the classes' thresholds."""
    j = s.judge
    return {"seed": s.seed, "samples": j.samples, "confirm": j.confirm, "measure": j.measure,
            "search_cards": j.search_cards, "exact_cards": j.exact_cards, "exact_cards_early": j.exact_cards_early,
            "points_cards": j.points_cards, "dd_cards": s.dd_cards, "significance_se": SIGNIFICANCE,
            "level_thresholds": {name: least for name, least in LEVEL_THRESHOLDS},
            "points_inaccuracy": POINTS_INACCURACY, "good_levels": GOOD_LEVELS,
            "point_thresholds": {name: least for name, least in POINT_THRESHOLDS},
            "accuracy_scale": {"levels": LEVEL_SCALE, "points": POINT_SCALE}, "bury_samples": s.bury_samples,
            "playouts": "bot"}


def _side(seat: Seat) -> str:
    return "S–N" if seat % 2 == 0 else "E–W"


# -- the tasks -------------------------------------------------------------------------------------


def judge_task(pos: Position, play: Play, ply: int, trick: int, settings: ReviewSettings,
               stop: StopToken | None = None) -> JudgedPlay:
    """One play of the record (a picklable task): judged on information; double-dummy if small enough."""
    judged = judge(pos, play, seed=settings.seed, ply=ply, trick=trick, settings=settings.judge, stop=stop)
    dd = None
    if all(h is not None and len(h) <= settings.dd_cards for h in pos.hands):
        dd = _judge(pos, trick, play, "outcome", settings.dd_max_nodes, "all")
    return JudgedPlay(judged, dd)


def bury_task(record: Position, settings: ReviewSettings, stop: StopToken | None = None) -> BuryJudgement | None:
    """The dealer's bury of a record that starts at the first trick (a picklable task): against the
    advisor's ranking for the deal — the same as ``huolong-solve bury`` with the review's seed."""
    deal = before_bury(record)
    if deal is None:
        return None
    made = undo_swaps(record.start()).bottom  # the dealer's own bury: the jokers buried after it are not its
    assert made is not None
    ranking = rank_burials(deal, samples=settings.bury_samples, seed=settings.seed, stop=stop)
    candidates = tuple(ranking.candidates)
    best = candidates[0]
    mine = next((c for c in candidates if c.bury == made), None)
    raced = mine is not None
    if mine is None:  # not on the shortlist: valued on the ranking's own deals, for the table
        mine = Candidate(bury=made, given=True)
        _add(mine, deal, settings.seed, range(ranking.samples_run))
        candidates = (*candidates, mine)
    if mine is best or (raced and mine.dropped_after is None):  # as good, or within the noise of it
        loss = _levels_loss(best, mine) if mine is not best else Loss(0, 0, 0, 0, 0, 0, mine.samples)
        return BuryJudgement(deal.dealer, made, best.bury, "best", loss, False, candidates)
    fresh_best, fresh_made = Candidate(bury=best.bury), Candidate(bury=mine.bury)
    done, most = 0, BURY_CONFIRM  # one decision a hand, and a noisy one (a level is a deal's whole bottom)
    while done < most:
        size = min(BURY_CONFIRM_ROUND, most - done)
        for cand in (fresh_best, fresh_made):
            _add(cand, deal, settings.seed, range(FRESH + done, FRESH + done + size))
        done += size
        loss = _levels_loss(fresh_best, fresh_made)
        if classify(loss, "levels", "low") == classify(loss, "levels", "high"):
            break
    grade_ = classify(loss, "levels")[0]
    upper = classify(loss, "levels", "high")[0]
    why = tuple(bury_reasons(deal, fresh_made, fresh_best)) if grade_ in FLAGGED or upper in FLAGGED else ()
    return BuryJudgement(deal.dealer, made, best.bury, grade_, loss, True, candidates, why,
                         upper if upper != grade_ and upper in FLAGGED else None)


def _add(candidate: Candidate, deal: Position, seed: int, indices: range) -> None:
    for points, dug, name, levels in evaluate(deal, candidate.bury, seed, tuple(indices), False):
        outcome = Outcome(name, levels)
        candidate.add(points, dug, outcome, swing(outcome))


def _levels_loss(best: Candidate, made: Candidate) -> Loss:
    """The dealer team's level change, best against made, over the deals both had."""
    n = min(best.samples, made.samples)
    levels = [a - b for a, b in zip(best.swings[:n], made.swings[:n])]
    se = standard_error(levels)
    se = 0.0 if math.isnan(se) else se
    return Loss(mean(levels), se, 0.0, 0.0, mean(levels), se, n)


def before_bury(record: Position) -> Position | None:
    """The deal as the dealer held it before the bury (hand and kitty), when the record starts at the
    first trick and keeps its ``Kitty``; else ``None``."""
    start = record.start()
    if (start.kitty is None or start.bottom is None or start.history or start.trick
            or any(h is None or len(h) != start.shape.hand_size for h in start.hands)):
        return None
    start = undo_swaps(start)  # the 扣王 after the bury taken back: the bottom as the dealer buried it
    deal = start.copy()
    held = start.hands[start.dealer] + start.bottom  # type: ignore[operator]
    deal.hands[start.dealer] = held - start.kitty
    deal.bottom = None
    deal.tags = {k: v for k, v in deal.tags.items() if k != JOKER_BURY_TAG}  # the round comes after the bury
    deal.leader = start.dealer
    deal.record = False
    return deal


# -- the review ------------------------------------------------------------------------------------


def review_hand(
    record: Position,
    settings: ReviewSettings = ReviewSettings(),
    *,
    pool: Workers | None = None,
    on_trick: Callable[[int, list[JudgedPlay]], None] | None = None,
    on_bury: Callable[[BuryJudgement | None], None] | None = None,
    stop: StopToken | None = None,
    bury: bool = True,
    on_progress: Callable[[], None] | None = None,
) -> HandVerdict:
    """Judge the bury and every play of a hand record (see the module docstring).

    ``pool`` spreads the decisions over processes or a Dask cluster (default: this process);
    the answer does not depend on it. ``on_trick(number, plays)`` is called for each trick, in
    order, as soon as all its plays are judged; ``on_bury`` once the bury is. ``stop``, cancelled
    from another thread, ends the review after the decisions under way (``complete`` is then False,
    and the tricks finished are kept); so does Ctrl-C (``interrupted`` is then True as well).
    ``on_progress()`` is called as each decision is judged.
    """
    plays = recorded_plays(record)
    pos = record.start()
    tasks: list[tuple] = []
    meta: list[tuple[int, int]] = []  # (ply, trick) of each play task
    for ply, (trick, play) in enumerate(plays):
        tasks.append((pos.copy(), play, ply, trick, settings))
        meta.append((ply, trick))
        pos.play(play)
    deal = before_bury(record) if bury else None
    note = None
    if bury and deal is None:
        start = record.start()
        whole = not start.history and all(h is not None and len(h) == start.shape.hand_size for h in start.hands)
        note = "no-kitty" if whole else "not-from-the-start"
    own = pool is None
    pool = pool or Workers(1)
    here = pool.workers <= 1 and pool.scheduler is None
    token = stop if here else None
    kinds: list[tuple] = [(bury_task, (record, settings, token))] if deal is not None else []
    kinds += [(judge_task, (*args, token)) for args in tasks]
    done: dict[int, JudgedPlay] = {}
    judged_bury: BuryJudgement | None = None
    next_trick, emitted = 1, 0
    by_trick: dict[int, list[int]] = {}
    for ply, trick in meta:
        by_trick.setdefault(trick, []).append(ply)
    complete, interrupted = True, False
    try:
        for index, result in pool.run(_run, kinds, stop):
            if deal is not None and index == 0:
                judged_bury = result
                if on_bury:
                    on_bury(result)
            else:
                done[index - (1 if deal is not None else 0)] = result
            if on_progress:
                on_progress()
            while next_trick in by_trick and all(p in done for p in by_trick[next_trick]):
                if on_trick:
                    on_trick(next_trick, [done[p] for p in by_trick[next_trick]])
                emitted += len(by_trick[next_trick])
                next_trick += 1
            if stop is not None and stop.cancelled:
                break
        if stop is not None and stop.cancelled:  # the run ends at the stop, even while tasks are under way
            complete = False
    except KeyboardInterrupt:  # what was judged is kept; a long search must not hold up the user
        pool.close(wait_for_tasks=False)
        complete, interrupted = False, True
    except SearchAborted:  # a decision under way in this process saw the stop
        if stop is None or not stop.cancelled:
            raise
        complete = False
    finally:
        if own:
            pool.close(wait_for_tasks=complete)
    judged = [done[p] for p in range(emitted)]  # whole tricks, in order
    return HandVerdict(record, settings, judged, judged_bury, note, complete and len(judged) == len(plays),
                       interrupted)


def _run(fn: Callable, args: tuple):  # type: ignore[no-untyped-def,type-arg]
    return fn(*args)
