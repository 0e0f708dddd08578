"""The bury advisor (扣底): rank the dealer's candidate burials by simulation.

For a deal before the bury, a shortlist of sensible burials is scored by
Monte Carlo: the hands the dealer cannot see are sampled (or, ``known``, the
file's hands are used), each sample is played out by the bot with the last
tricks solved exactly, and candidates race — every round gives each live
candidate the same new samples (common random numbers), and a candidate is
dropped once the leader beats it at 95% on the paired differences.

``swing`` is the dealer team's level change (see :data:`SWING`).

>>> import random
>>> from huolong.engine.deal import deal_hand
>>> deal = deal_hand(random.Random(3), dealer=0)
>>> report = rank_burials(deal, samples=8, batch=8, workers=1, seed=1, extra=())
>>> report.considered == len(report.candidates) > 1, report.candidates[0].samples
(True, 8)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from huolong.engine import BIG_JOKER, TRUMP, Hand, Outcome, Play, Position, seat_name
from huolong.engine.bury import BURY_SIZE, bury_cost, heuristic_bury
from huolong.engine.cards import card_points
from huolong.engine.errors import PositionError
from huolong.engine.jokers import every_joker_buried
from huolong.engine.sampling import Knowledge
from huolong.i18n import _

from huolong.solver.jobs import Workers
from huolong.solver.session import StopToken
from huolong.solver.playout import Player
from .race import MIN_SAMPLES, Tally, race, ranked, rounded, standard_error, swing

TOLERANCE = 0.05  # levels: burials closer than this in expected swing count as equally good
BURY_SAMPLES = 400  # at most, per candidate: every command's default, so that their rankings agree
EXACT_CARDS = 4


# -- candidates ---------------------------------------------------------------------


def shortlist(held: Hand, deal: Position, stars: bool = False, limit: int = 24, fast: bool = False) -> list[Hand]:
    """Sensible burials of 6 from the dealer's 45 cards, ``bury_limit`` honoured, no repeats.

    Voids of one or two short plain suits topped up with the cheapest cards,
    the cheapest plain cards, the cheapest pointless ones, one-card swaps
    around the heuristic choice, and with ``stars`` burials of big jokers (摘星).
    With ``fast`` (快龙) every burial holds every big joker of the dealer.
    """
    order, rules = deal.order, deal.rules
    cheap = sorted(held, key=lambda c: (bury_cost(c, held, order), c))
    plain = [c for c in cheap if not order.is_trump(c)]
    found: list[Hand] = []

    def add(cards: Iterable[int]) -> None:
        cards = list(cards)
        if len(cards) != BURY_SIZE:
            return
        hand = Hand.from_cards(cards)
        if fast:
            hand = every_joker_buried(hand, held, order)
        if rules.bury_limit is not None and hand.points > rules.bury_limit:
            return
        if hand not in found and len(found) < limit:
            found.append(hand)

    def topped_up(chosen: list[int], pool: list[int]) -> list[int]:
        rest = list(chosen)
        for card in pool:
            if len(rest) == BURY_SIZE:
                break
            if rest.count(card) < held.count(card):
                rest.append(card)
        return rest

    add(heuristic_bury(held, order, rules))
    suits = [s for s in order.suits if s != TRUMP]
    by_suit = {s: [c for c in plain if order.effective_suit(c) == s] for s in suits}
    for r in (1, 2):
        for group in combinations(suits, r):
            cards = [c for s in group for c in by_suit[s]]
            if 0 < len(cards) <= BURY_SIZE:
                add(topped_up(cards, plain))
    add(plain[:BURY_SIZE])
    add(topped_up([], [c for c in plain if card_points(c) == 0]))
    if stars and held.count(BIG_JOKER):
        for n in range(1, held.count(BIG_JOKER) + 1):
            add(topped_up([BIG_JOKER] * n, plain))
    base = list(heuristic_bury(held, order, rules))
    for out_card in sorted(set(base), key=lambda c: -bury_cost(c, held, order))[:3]:
        for in_card in plain[BURY_SIZE:BURY_SIZE + 4]:
            swapped = list(base)
            swapped.remove(out_card)
            if swapped.count(in_card) < held.count(in_card):
                add(swapped + [in_card])
    return found


# -- evaluation -----------------------------------------------------------------------


@dataclass
class Candidate(Tally):
    """One burial and what its samples gave; its score is the dealer team's swing."""

    bury: Hand = field(default_factory=Hand)
    given: bool = False  # named by the user

    @property
    def swing(self) -> float:
        return self.score

    @property
    def swing_se(self) -> float:
        return standard_error(self.swings)

    @property
    def p_120(self) -> float:
        return self.p_reaching(120)

    def to_dict(self) -> dict:
        return {"bury": str(Play(tuple(self.bury))), "samples": self.samples, "mean_points": rounded(self.mean_points),
                "points_se": rounded(self.points_se), "p_dug": rounded(self.p_dug), "p_120": rounded(self.p_120),
                "swing": rounded(self.swing), "swing_se": rounded(self.swing_se), "outcomes": self.outcome_counts(),
                "given": self.given, "dropped_after": self.dropped_after}


@dataclass
class BuryAdvice:
    """The advisor's answer for one deal: candidates best first."""

    dealer: int
    considered: int
    candidates: list[Candidate]
    seconds: float
    separated: bool
    samples_run: int
    cancelled: bool = False

    def to_dict(self) -> dict:
        """The JSON form (``huolong-solve bury --json``); ``cancelled`` only when it was."""
        out = {"dealer": seat_name(self.dealer), "considered": self.considered, "seconds": round(self.seconds, 3),
               "separated": self.separated, "candidates": [c.to_dict() for c in self.candidates]}
        if self.cancelled:
            out["cancelled"] = True
        return out


@lru_cache(maxsize=2)
def _knowledge(deal: Position) -> Knowledge:
    """The dealer's knowledge of a deal, one per worker and deal: building its deal space is the costly
    part of sampling (done once, not once a sample)."""
    return Knowledge.of(deal.copy(), deal.dealer)  # a copy: the caller may play on its deal


def _sample(deal: Position, seed: int, index: int, known: bool) -> Position:
    """Sample ``index`` of the hidden hands, as the dealer sees them (the same for every candidate, and for
    every command that asks: keyed on what the dealer knows, :meth:`~huolong.engine.sampling.Knowledge.key`)."""
    if known:
        return deal
    knowledge = _knowledge(deal)
    return knowledge.sample(random.Random(f"bury:{seed}:{knowledge.key()}:{index}"))


@lru_cache(maxsize=2)
def _player(exact_cards: int) -> Player:
    return Player(exact_cards, objective="result")  # the swing needs the result only


def evaluate(deal: Position, bury: Hand, seed: int, indices: tuple[int, ...], known: bool,
             exact_cards: int = EXACT_CARDS) -> list[tuple[int, bool, str, int]]:
    """Play the samples ``indices`` of a deal with one burial: (points, dug, outcome, levels) each."""
    out = []
    for index in indices:
        pos = _sample(deal, seed, index, known).bury(bury)
        value = _player(exact_cards).value(pos, random.Random(f"play:{seed}:{index}").getrandbits(63))
        assert value.outcome is not None
        out.append((value.points, value.dug, value.outcome.name, value.outcome.levels))
    return out


def rank_burials(
    deal: Position,
    *,
    samples: int = BURY_SAMPLES,
    seconds: float | None = None,
    seed: int = 1,
    workers: int = 1,
    known: bool = False,
    extra: Iterable[Hand] = (),
    stars: bool = False,
    fast: bool = False,
    exact_cards: int = EXACT_CARDS,
    batch: int = 16,
    on_progress: Callable[[int], None] | None = None,
    pool: Workers | None = None,
    tolerance: float = TOLERANCE,
    stop: StopToken | None = None,
    on_round: Callable[[BuryAdvice], None] | None = None,
) -> BuryAdvice:
    """Rank burials for a deal before the bury (see the module docstring).

    The race ends when the leader is ahead of every other live burial, or
    within ``tolerance`` levels of it, at 95% (an indifference zone: burials
    that differ by less cannot be told apart and need not be). ``samples``
    caps the samples per candidate, ``seconds`` the time (checked between
    rounds). With the same seed and no time limit the answer does not
    depend on ``workers``. ``pool`` (local processes or a Dask cluster) overrides ``workers``.
    ``stop``, cancelled from another thread, ends the race after the task under way and returns
    the rounds finished (``cancelled``); ``on_round`` is called with the ranking after every round.
    ``fast`` (快龙): only burials that hold every big joker of the dealer.
    """
    started = time.monotonic()
    if not deal.is_before_bury:
        raise PositionError(_("the bury advisor needs a deal before the bury (Kitty, no Bottom)"))
    if known and any(h is None for h in deal.hands):
        raise PositionError(_("--known needs all four hands"))
    held = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator]
    candidates = [Candidate(bury=h) for h in shortlist(held, deal, stars, fast=fast)]
    for hand in extra:
        if len(hand) != BURY_SIZE or not held.contains_all(Play(tuple(hand))):
            raise PositionError(_("candidate {hand} is not {size} cards of the dealer's hand and kitty").format(
                hand=hand.unicode(), size=BURY_SIZE))
        limit = deal.rules.bury_limit
        if limit is not None and hand.points > limit:
            raise PositionError(_("candidate {hand} holds {points} points (bury_limit={limit})").format(
                hand=hand.unicode(), points=hand.points, limit=limit))
        existing = next((c for c in candidates if c.bury == hand), None)
        if existing:
            existing.given = True
        else:
            candidates.append(Candidate(bury=hand, given=True))
    own = pool is None
    pool = pool or Workers(workers)
    state = _Race(deal, candidates, started, on_round)
    try:
        _race_rounds(state, pool, samples, seconds, seed, known, exact_cards, batch, on_progress, tolerance, stop)
    finally:
        if own:
            pool.close(wait_for_tasks=not state.cancelled)
    return state.answer()


@dataclass
class _Race:
    """The state of a bury race: what every round has added so far."""

    deal: Position
    candidates: list[Candidate]
    started: float
    on_round: Callable[[BuryAdvice], None] | None
    done: int = 0
    settled: bool = False
    cancelled: bool = False

    def answer(self) -> BuryAdvice:
        return BuryAdvice(self.deal.dealer, len(self.candidates), ranked(self.candidates),
                          time.monotonic() - self.started, self.settled, self.done, self.cancelled)


def _race_rounds(state: _Race, pool, samples, seconds, seed, known, exact_cards, batch,  # type: ignore[no-untyped-def]
                 on_progress, tolerance, stop) -> None:
    live = list(state.candidates)
    while live and state.done < samples:
        # rounds grow with the samples so far: few rounds, yet an early stop when it is clear
        size = min(max(batch, MIN_SAMPLES, state.done // 2), samples - state.done)
        indices = tuple(range(state.done, state.done + size))
        chunks = [indices[i:i + 4] for i in range(0, size, 4)]
        tasks = [(state.deal, c.bury, seed, chunk, known, exact_cards) for c in live for chunk in chunks]
        results: dict[int, list] = {}
        for i, result in pool.run(evaluate, tasks):
            results[i] = result
            if on_progress:
                on_progress(len(result))
            if stop is not None and stop.cancelled:  # the round under way is dropped: equal samples for all
                state.cancelled = True
                return
        for i, candidate in enumerate(c for c in live for _chunk in chunks):
            for points, dug, outcome, levels in results[i]:
                result = Outcome(outcome, levels)
                candidate.add(points, dug, result, swing(result))
        state.done += size
        live, state.settled = race(live, state.done, tolerance)
        if state.on_round is not None:
            state.on_round(state.answer())
        if state.settled or (seconds is not None and time.monotonic() - state.started > seconds):
            break
