"""``fair``: the bot's heuristic, played on what the seat knows instead of on every hand.

The all-seeing bot asks "can an opponent beat this?" of the opponents' real
hands. This policy asks it of what it may know, and assumes the rest:

- a unit (single, pair, triple) of a suit can be beaten when the cards
  still out (the other hands and, unless it is the dealer, the bottom)
  hold as many copies of a stronger card of that suit — it cannot tell
  whether they sit with an opponent, its partner, or the bottom, so it
  assumes the worst: with an opponent, together;
- an opponent can ruff a plain suit only when it has shown it is void in
  that suit, or when no card of the suit is out at all;
- it cannot see its partner's hand, so it never leads towards it; it feeds
  points to its partner only when the partner is winning the trick and the
  opponents still to play cannot beat that play;
- it keeps its trumps late in the hand when the bottom is worth fighting
  for: the dealer knows what it buried, the others count the points out
  and assume the bottom holds its share of them.

Ties are broken at random, so that the same seed gives the same play and
different seeds different ones.
"""

from __future__ import annotations

import random

from huolong.engine import Hand, Play
from huolong.engine.bury import heuristic_bury
from huolong.engine.order import TRUMP
from huolong.engine.sampling import Knowledge
from huolong.engine.tricks import play_power, trick_winner

from .allseeing import dealer_cards

__all__ = ["FairPolicy"]

KEEP_TRUMPS_CARDS = 12  # from this many cards a hand on, trumps are kept when the bottom matters
BOTTOM_WORTH_FIGHTING = 20  # points a dig would add


class FairPolicy:
    """The heuristic on the seat's knowledge; its bury is the bot's (it needs only the dealer's own cards)."""

    name = "fair"
    sees_all = False

    def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand:
        pos = knowledge.position
        return heuristic_bury(dealer_cards(knowledge), pos.order, pos.rules)

    def play(self, knowledge: Knowledge, rng: random.Random) -> Play:
        pos = knowledge.position
        legal = pos.legal_plays()
        if len(legal) == 1:
            return legal[0]
        sight = Sight(knowledge)
        score = sight.lead_score if not pos.trick else sight.follow_score
        return max(legal, key=lambda play: (score(play), rng.random()))


class Sight:
    """What one seat can tell about who can beat what, from its knowledge alone."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.k = knowledge
        self.pos = pos = knowledge.position
        self.order = pos.order
        self.seat = knowledge.seat
        self.out = knowledge.out()
        self.out_counts = {card: self.out.count(card) for card in set(self.out)}
        self.keep_trumps = pos.cards_left <= KEEP_TRUMPS_CARDS and self.dig_estimate() >= BOTTOM_WORTH_FIGHTING

    def dig_estimate(self) -> float:
        """What a dig would add: known to the dealer, estimated by the others from the points still out."""
        pos = self.pos
        if self.seat == pos.dealer and pos.bottom is not None:
            return pos.dig_value
        if not len(self.out):
            return 0.0
        share = pos.shape.bottom_size / len(self.out)
        return pos.rules.multiplier * self.out.points * share

    def opponents(self, seats: list[int]) -> list[int]:
        return [s for s in seats if self.pos.is_attacker(s) != self.pos.is_attacker(self.seat)]

    def can_beat(self, n: int, suit: int, power: int, seats: list[int], lead_suit: int) -> bool:
        """Could one of ``seats`` play ``n`` identical cards stronger than ``power`` (a play of ``suit``, in
        a trick of ``lead_suit``)? Stronger cards of the same suit, or trumps over a plain suit it may lack."""
        if not seats:
            return False
        for card, count in self.out_counts.items():
            if count < n:
                continue
            card_suit = self.order.effective_suit(card)
            if card_suit == suit and self.order.power(card) > power:
                if any(suit not in self.k.voids[s] for s in seats):
                    return True
            elif suit != TRUMP and card_suit == TRUMP and self.may_ruff(seats, lead_suit):
                return True
        return False

    def may_ruff(self, seats: list[int], lead_suit: int) -> bool:
        """May one of ``seats`` lack the plain suit led? Shown void, or no card of it is out at all."""
        if lead_suit == TRUMP:
            return False
        if not any(self.order.effective_suit(c) == lead_suit for c in self.out_counts):
            return True
        return any(lead_suit in self.k.voids[s] for s in seats)

    def lead_score(self, play: Play) -> float:
        n, card = len(play), play.cards[0]
        suit, power, points = self.order.effective_suit(card), self.order.power(card), play.points
        others = self.opponents([self.pos.seat_after(self.seat, i) for i in (1, 3)])
        if not self.can_beat(n, suit, power, others, suit):  # a winner: cash it, big units and points first
            return 4_000_000 + n * 100_000 + points * 1000 + (suit != TRUMP) * 50_000 - power
        return 1_000_000 - points * 1000 - 4 * power - (suit == TRUMP) * (500 + self.keep_trumps * 5000)

    def follow_score(self, play: Play) -> float:
        pos, order = self.pos, self.order
        trick = pos.trick
        lead = trick[0]
        lead_suit = order.effective_suit(lead.cards[0])
        winner = trick_winner(list(trick), order)
        winning = trick[winner]
        best = play_power(winning, lead, order)
        trick_points = sum(p.points for p in trick)
        later = [pos.seat_after(pos.leader, i) for i in range(len(trick) + 1, 4)]
        enemies = self.opponents(later)
        winner_seat = pos.seat_after(pos.leader, winner)
        partner_winning = winner_seat != self.seat and not self.opponents([winner_seat])
        winning_suit = order.effective_suit(winning.cards[0])
        partner_safe = partner_winning and not self.can_beat(len(lead), winning_suit, order.power(winning.cards[0]),
                                                              enemies, lead_suit)
        power = play_power(play, lead, order)
        trumps = sum(order.effective_suit(c) == TRUMP for c in play.cards)
        spent = sum(order.power(c) for c in play.cards)
        keep = self.keep_trumps * trumps * 3000
        if partner_safe:  # feed the partner's trick
            return 1_000_000 + play.points * 1000 - spent - keep
        mine_suit = order.effective_suit(play.cards[0])
        if power > best and not self.can_beat(len(lead), mine_suit, order.power(play.cards[0]), enemies, lead_suit):
            gain = trick_points + play.points
            if gain > 0 or mine_suit != TRUMP:  # take the trick, as cheaply as is safe
                return 3_000_000 + gain * 1000 - 4 * power - keep
            return 1_000_000 - spent - 1000 - keep
        return 1_000_000 - play.points * 1000 - spent - keep  # throw the least valuable cards
