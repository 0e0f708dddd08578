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

import random
from functools import lru_cache

from huolong.engine import Position
from huolong.engine.sampling import Knowledge
from huolong.engine.seats import Seat


@lru_cache(maxsize=8)
def knowledge_of(position: Position, seat: Seat) -> Knowledge:
    """What ``seat`` knows in ``position``, once per process: counting its deal space is the costly part of
    sampling, and a position is asked about many times (every round of a race, every fresh sample)."""
    return Knowledge.of(position.copy(), seat)


class Deals:
    """Numbered samples of the hidden hands of ``position`` as ``seat`` (default: the seat to move) knows
    them, for ``seed``. With ``known`` the position's own hands are the only deal (double-dummy)."""

    def __init__(self, position: Position, seed: int = 1, seat: Seat | None = None, known: bool = False) -> None:
        self.position = position
        self.seat = position.to_play if seat is None else seat
        self.seed = seed
        self.known = known
        self.knowledge = None if known else knowledge_of(position, self.seat)
        self.key = "known" if self.knowledge is None else self.knowledge.key()

    def deal(self, index: int) -> Position:
        """Sample ``index``: a copy of the position with the hidden hands (and bottom) dealt."""
        if self.knowledge is None:
            return self.position
        return self.knowledge.sample(random.Random(f"deal:{self.seed}:{self.key}:{index}"))

    def playout_seed(self, index: int) -> int:
        """The seed of the playouts on sample ``index``: the same for every play valued on it."""
        return random.Random(f"playout:{self.seed}:{self.key}:{index}").getrandbits(63)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        """Pickled as what it is made from (a worker counts the deal space itself, once)."""
        return (Deals, (self.position, self.seed, self.seat, self.known))
