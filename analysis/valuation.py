"""What each play gives on a deal: the hand's end, and what became of the trick it was made to.

A sample is valued the cheapest way that is good enough where it stands
(the limits are :class:`Valuing`'s, measured in bench/RESULTS.md):

- once every hand holds ``search_cards`` cards or fewer, by the exact search
  (each play's double-dummy value on the deal, ``max_nodes`` at most);
- above that, by a *playout* per play: the kernel's bot plays every seat
  (it sees the deal) to the last ``exact_cards`` cards a hand, and the
  search finishes exactly — ``exact_cards_early`` while the hands hold more
  than ``points_cards`` cards, where an exact end costs most and moves a
  play's mean by a point or two.

Every play on a deal is played out with the same seed, so plays differ only
by what they change. The deal is encoded once for all its plays, in the
kernel (a playout of a whole hand takes about 60 µs); several threads value
deals side by side, the kernel releasing the GIL, and the answer does not
depend on how many.

>>> from huolong.engine import read_file
>>> from .deals import Deals
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> deals = Deals(pos, seed=1)
>>> [row] = value_on(deals, pos.legal_plays(), [0], Valuing())
>>> len(row) == len(pos.legal_plays()), all(r.exact for r in row)
(True, True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

from huolong.engine import Play, Position

from huolong.solver.errors import SearchAborted
from huolong.solver.playout import Player
from huolong.solver.search import value_plays
from huolong.solver.session import StopToken
from .deals import Deals
from .race import swing


@dataclass(frozen=True)
class Valuing:
    """How a sample is valued (see the module docstring)."""

    search_cards: int = 5
    exact_cards: int = 5  # a 6-card exact end costs 5–17× a 5-card one in three packs (bench/RESULTS.md, session 40)
    exact_cards_early: int = 4
    points_cards: int = 12
    max_nodes: int = 400_000

    def exact_end(self, pos: Position) -> int:
        return self.exact_cards if pos.cards_left <= self.points_cards else self.exact_cards_early


@dataclass(frozen=True, slots=True)
class Result:
    """One play on one deal: the attackers' final points, the dig, the result (its name and levels, and
    the dealer team's level change ``swing``), the trick under way — its winner (``-1``: unknown) and
    its card points — and whether the value is exact (the search) or a playout's."""

    points: int
    dug: bool
    outcome: str
    levels: int
    swing: int
    trick_winner: int
    trick_points: int
    exact: bool


@lru_cache(maxsize=16)
def _player(exact_cards: int, thread: int) -> Player:
    """Kernel buffers for one thread of this process."""
    return Player(exact_cards)


def _value_deal(deal: Position, plays: Sequence[Play], seed: int, valuing: Valuing,
                stop: StopToken | None) -> list[Result]:
    thread = threading.get_ident()
    if deal.cards_left <= valuing.search_cards:
        try:
            exact = value_plays(deal, "outcome", list(plays), max_nodes=valuing.max_nodes, stop=stop)
        except SearchAborted:
            if stop is not None and stop.cancelled:
                raise
        else:  # the trick's fate as the bot would play it on: the search tells values, not lines
            tricks = _player(0, thread).play_values(deal, plays, seed)
            return [_result(exact[p].points, exact[p].dug, exact[p].outcome, t.trick_winner, t.trick_points, True)
                    for p, t in zip(plays, tricks, strict=True)]
    played = _player(valuing.exact_end(deal), thread).play_values(deal, plays, seed)
    return [_result(v.value.points, v.value.dug, v.value.outcome, v.trick_winner, v.trick_points, False)
            for v in played]


def _result(points, dug, outcome, winner, trick_points, exact) -> Result:  # type: ignore[no-untyped-def]
    return Result(points, dug, outcome.name, outcome.levels, swing(outcome), winner, trick_points, exact)


_pools: dict[int, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(threads: int) -> ThreadPoolExecutor:
    with _pools_lock:
        if threads not in _pools:
            _pools[threads] = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="huolong-value")
        return _pools[threads]


def value_on(deals: Deals, plays: Sequence[Play], indices: Sequence[int], valuing: Valuing, *,
             threads: int = 1, stop: StopToken | None = None,
             on_sample: Callable[[], None] | None = None) -> list[list[Result]]:
    """Value ``plays`` on the samples ``indices`` of ``deals``: a row of results per sample, in order.

    ``stop`` cancelled (or Ctrl-C in this thread) ends it between samples: :class:`SearchAborted`
    (``cancelled``), or the ``KeyboardInterrupt`` once the threads have stopped.
    """
    plays = list(plays)
    if deals.known:
        indices = list(indices)[:1]

    def run(chunk: Sequence[int], halt: threading.Event) -> list[list[Result]]:
        rows = []
        for index in chunk:
            if halt.is_set() or (stop is not None and stop.cancelled):
                raise SearchAborted("cancelled", 0)
            rows.append(_value_deal(deals.deal(index), plays, deals.playout_seed(index), valuing, stop))
            if on_sample is not None:
                on_sample()
        return rows

    halt = threading.Event()
    indices = list(indices)
    if on_sample is not None and threads > 1:
        told, lock = on_sample, threading.Lock()

        def on_sample() -> None:  # the caller's callback, one thread at a time
            with lock:
                told()

    if threads <= 1 or len(indices) <= 1:
        return run(indices, halt)
    size = -(-len(indices) // threads)
    chunks = [indices[i:i + size] for i in range(0, len(indices), size)]
    futures = [_pool(threads).submit(run, chunk, halt) for chunk in chunks]
    try:
        return [row for future in futures for row in future.result()]
    except BaseException:  # Ctrl-C or a stop: the other threads stop at their next sample
        halt.set()
        for future in futures:
            try:
                future.result()
            except BaseException:  # noqa: S110 — they were told to stop; the first error is raised
                pass
        raise
