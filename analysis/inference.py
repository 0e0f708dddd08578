"""Soft inference: deals weighted by how likely they make the plays already seen (measured, off by default).

The hard inferences (a void shown, a pair not answered) are in
:mod:`huolong.engine.sampling`; every deal that fits them is equally likely.
Players read more than that: a seat that followed a lost trick with a 10
probably held no small card of the suit. This module weighs a deal by how
likely a simple model of play makes each such follow, as Rebstock et al.
(2019) did for Skat's samplers, and draws the deals an analysis uses in
proportion (sampling-importance-resampling over ``soft`` candidates a deal).

The model looks only at follows that answer a single card with a single card
of the suit led (the seat had a choice of cards in that suit): it expects a
seat to throw points onto its partner's trick, to win a trick it can, and
otherwise to keep its points and its high cards. A deal in which the seat's
play was what the model expects weighs more than one in which it threw a 10
away with small cards in hand. Whether this makes ``advise`` play better is
measured in ``bench/RESULTS.md`` (session 41): +0.05 ± 0.04 levels a hand over
450 duplicate deals, short of the 0.1 at 3 standard errors that would keep it,
so no command uses it unless asked (``advise:soft=8`` as a policy).

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> model = FollowModel.of(pos, pos.to_play)
>>> 0.0 < model.likelihood(pos) <= 1.0
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from huolong.engine import Play, Position
from huolong.engine.cards import Card, card_points
from huolong.engine.seats import Seat
from huolong.engine.tricks import play_power, trick_winner

WIN = 1.5  # the model's value of taking the trick, in tens of points
POINT = 0.2  # a point of the card, given or kept
POWER = 0.1  # a step of rank spent


@dataclass(frozen=True)
class Follow:
    """One follow of a hidden seat: what it played, and what it held of the suit besides then."""

    seat: Seat
    played: Card
    lead: Play
    best_power: int  # the power that was winning the trick before the play
    partner_winning: bool
    last: bool  # the fourth play of the trick
    played_since: tuple[tuple[Card, int], ...]  # the seat's cards of the suit played from that trick on


class FollowModel:
    """The follows of the seats ``seat`` cannot see, and the likelihood of a deal under the model."""

    def __init__(self, position: Position, follows: list[Follow]) -> None:
        self.position = position
        self.follows = follows

    @classmethod
    def of(cls, position: Position, seat: Seat) -> FollowModel:
        order = position.order
        tricks = [(t.leader, t.plays) for t in position.history]
        if position.trick:
            tricks.append((position.leader, tuple(position.trick)))
        follows = []
        for number, (leader, plays) in enumerate(tricks):
            lead = plays[0]
            if len(lead) != 1:
                continue
            suit = order.effective_suit(lead.cards[0])
            for i, play in enumerate(plays[1:], start=1):
                who = position.seat_after(leader, i)
                if who == seat or len(play) != 1 or order.effective_suit(play.cards[0]) != suit:
                    continue
                winner = trick_winner(list(plays[:i]), order)
                since: dict[Card, int] = {}
                for t, (later_leader, later_plays) in enumerate(tricks[number:]):
                    for j, p in enumerate(later_plays):
                        if position.seat_after(later_leader, j) == who and (t > 0 or j >= i):
                            for c in p.cards:
                                if order.effective_suit(c) == suit:
                                    since[c] = since.get(c, 0) + 1
                follows.append(Follow(who, play.cards[0], lead, play_power(plays[winner], lead, order),
                                      position.seat_after(leader, winner) % 2 == who % 2, i == 3,
                                      tuple(sorted(since.items()))))
        return cls(position, follows)

    def utility(self, follow: Follow, card: Card) -> float:
        power = play_power(Play((card,)), follow.lead, self.position.order)
        points = card_points(card)
        rank = self.position.order.power(card)
        if follow.partner_winning:
            return POINT * points - POWER * rank
        if power > follow.best_power:
            return WIN + (POINT * points - POWER * rank if follow.last else 0.0)
        return -POINT * points - POWER * rank

    def log_likelihood(self, deal: Position) -> float:
        """The log of the product, over the follows, of the chance the model gives the card played."""
        total = 0.0
        order = self.position.order
        for f in self.follows:
            hand = deal.hands[f.seat]
            held = dict(f.played_since)
            suit = order.effective_suit(f.played)
            for card in set(hand):
                if order.effective_suit(card) == suit:
                    held[card] = held.get(card, 0) + hand.count(card)
            if len(held) < 2:
                continue
            values = {card: self.utility(f, card) for card in held}
            top = max(values.values())
            total += values[f.played] - top - math.log(sum(math.exp(v - top) for v in values.values()))
        return total

    def likelihood(self, deal: Position) -> float:
        return math.exp(self.log_likelihood(deal))
