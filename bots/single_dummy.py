"""``advise``: a fair player that thinks, single-dummy (PIMC): it deals the hidden hands many ways and
plays what does best over them.

Each decision is :func:`~huolong.analysis.advise` on what the seat knows:
``samples`` deals of the hidden cards consistent with it, every legal play
valued on each — by playouts of the bot (which sees the sample's hands) while
the hands hold more than ``search_cards`` cards, by the exact search from
there — and the plays race on the same samples, so that clear losers stop
early. While the hands hold more than ``points_cards`` cards (12) a play is chosen for the side's
expected points, from there for its expected level change: far from the end the level change of a
sample is a coarse, noisy aim, the points a smooth one (measured: bench/RESULTS.md, session 33).
Its playouts solve their last ``exact_cards`` cards (6) exactly, but only the last ``points_exact`` (5)
while it plays for points: that exact end was most of a hand's time, and one card less makes a whole
game of four ``advise`` seats minutes instead of half an hour (session 38).
Its bury is the bury advisor's best on the dealer's own knowledge
(the other hands sampled). Assumes, as all sampling does, that from the
next play on everybody sees everything (strategy fusion).
"""

from __future__ import annotations

import random

from huolong.analysis.advice import advise
from huolong.analysis.burial import rank_burials
from huolong.analysis.ranking import Settings
from huolong.engine import Hand, Play
from huolong.engine.sampling import Knowledge

__all__ = ["AdvisePolicy"]


class AdvisePolicy:
    """Single-dummy advice for each play; the bury advisor for the bury."""

    name = "advise"
    sees_all = False

    def __init__(self, samples: int = 24, search_cards: int = 8, exact_cards: int = 6, max_nodes: int = 400_000,
                 bury_samples: int = 200, points_cards: int = 12, points_exact: int = 5, soft: int = 0) -> None:
        self.samples = samples
        self.points_cards = points_cards
        self.points_exact = points_exact
        self.search_cards = search_cards
        self.exact_cards = exact_cards
        self.max_nodes = max_nodes
        self.bury_samples = bury_samples
        self.soft = soft  # soft inference (analysis/inference.py), measured and not kept: off

    def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand:
        ranking = rank_burials(knowledge.position, samples=self.bury_samples, seed=rng.getrandbits(32))
        return ranking.candidates[0].bury

    def play(self, knowledge: Knowledge, rng: random.Random) -> Play:
        pos = knowledge.position
        legal = pos.legal_plays()
        if len(legal) == 1:
            return legal[0]
        objective = "points" if pos.cards_left > self.points_cards else "outcome"
        settings = Settings(samples=self.samples, first_round=min(16, self.samples), search_cards=self.search_cards,
                            exact_cards=self.exact_cards, exact_cards_early=self.points_exact,
                            points_cards=self.points_cards, max_nodes=self.max_nodes, soft=self.soft)
        advice = advise(pos, seat=knowledge.seat, seed=rng.getrandbits(32), objective=objective, settings=settings,
                        true_values=False)
        if advice.interrupted:  # Ctrl-C while it thought: the game or match stops (advise keeps it for its hint)
            raise KeyboardInterrupt
        return advice.best.play
