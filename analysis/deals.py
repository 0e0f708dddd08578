"""The deals a seat could face: numbered samples of the hidden hands, keyed on what the seat knows.

Every analysis that samples — the hint, ``advise``, the review, the board —
draws sample ``i`` of a position from its seed and from
:meth:`~huolong.engine.sampling.Knowledge.key`, the digest of what the seat
to move knows, and never from which command asked. So one seed gives one set
of deals for one piece of knowledge, and the hint and the review of the same
position see the same deals and give the same ranking. Each sample also
carries the seed of its playouts, the same for every play valued on it
(common random numbers: plays differ on a deal only by what they change).

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> a, b = Deals(pos, seed=1), Deals(pos.copy(), seed=1)
>>> a.key == b.key, a.deal(3).hands == b.deal(3).hands, a.playout_seed(3) == b.playout_seed(3)
(True, True, True)
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from huolong.engine import Position
from huolong.engine.sampling import Knowledge
from huolong.engine.seats import Seat
from .inference import FollowModel


@lru_cache(maxsize=8)
def knowledge_of(position: Position, seat: Seat) -> Knowledge:
    """What ``seat`` knows in ``position``, once per process: counting its deal space is the costly part of
    sampling, and a position is asked about many times (every round of a race, every fresh sample)."""
    return Knowledge.of(position.copy(), seat)


class Deals:
    """Numbered samples of the hidden hands of ``position`` as ``seat`` (default: the seat to move) knows
    them, for ``seed``. With ``known`` the position's own hands are the only deal (double-dummy)."""

    def __init__(self, position: Position, seed: int = 1, seat: Seat | None = None, known: bool = False,
                 soft: int = 0) -> None:
        self.position = position
        self.seat = position.to_play if seat is None else seat
        self.seed = seed
        self.known = known
        self.soft = soft
        self.knowledge = None if known else knowledge_of(position, self.seat)
        self.key = "known" if self.knowledge is None else self.knowledge.key()
        # soft inference (measured, off by default: analysis/inference.py): its deals are other deals
        self.model = FollowModel.of(position, self.seat) if soft and self.knowledge is not None else None
        if self.model is not None:
            self.key = f"{self.key}:soft{soft}"

    def deal(self, index: int) -> Position:
        """Sample ``index``: a copy of the position with the hidden hands (and bottom) dealt."""
        if self.knowledge is None:
            return self.position
        rng = random.Random(f"deal:{self.seed}:{self.key}:{index}")
        if self.model is None:
            return self.knowledge.sample(rng)
        # sampling-importance-resampling: ``soft`` candidates, one drawn in proportion to its likelihood
        candidates = [self.knowledge.sample(rng) for _ in range(self.soft)]
        logs = [self.model.log_likelihood(c) for c in candidates]
        top = max(logs)
        return rng.choices(candidates, weights=[math.exp(v - top) for v in logs])[0]

    def playout_seed(self, index: int) -> int:
        """The seed of the playouts on sample ``index``: the same for every play valued on it."""
        return random.Random(f"playout:{self.seed}:{self.key}:{index}").getrandbits(63)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        """Pickled as what it is made from (a worker counts the deal space itself, once)."""
        return (Deals, (self.position, self.seed, self.seat, self.known, self.soft))
