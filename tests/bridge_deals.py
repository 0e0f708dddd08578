"""Seeded bridge deals and DDS's answers for them, shared by the tests and the bench.

DDS is reached through ``endplay`` (the ``dds`` extra), imported only when
asked for, so that this module loads without it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from importlib.util import find_spec

from huolong.engine import Hand, Position, Rules, card_token
from huolong.engine.deal import play_randomly
from huolong.engine.seats import EAST, NORTH, SOUTH, WEST
from huolong.solver import solve

BRIDGE = Rules.parse("bridge")
HAVE_DDS = find_spec("endplay") is not None
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def random_full_deal(rng: random.Random) -> Position:
    """A random deal of 52 cards, a random strain and declarer; the declarer's left-hand opponent leads."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [Hand.from_cards(deck[13 * i : 13 * i + 13]) for i in range(4)]
    declarer = rng.randrange(4)
    pos = Position(level=None, trump=rng.choice([0, 1, 2, 3, None]), dealer=declarer, hands=hands,
                   bottom=Hand(), leader=0, rules=BRIDGE)
    pos.leader = pos.seat_after(declarer)
    return pos


def seeded_full_deal(seed: int, index: int) -> Position:
    """Deal ``index`` of a seed: the same deal whichever process makes it."""
    return random_full_deal(random.Random(seed * 1_000_003 + index))


def random_bridge_endgame(rng: random.Random, cards: int) -> Position:
    """A full deal played down at random to ``cards`` cards a hand, then 0-3 plays into the next trick."""
    pos = random_full_deal(rng)
    play_randomly(pos, rng, cards)
    for _ in range(rng.randrange(4)):
        pos.play(rng.choice(pos.legal_plays()))
    return pos


def dds_values(pos: Position) -> dict[str, int]:
    """DDS's solve_board with every card scored: tricks for the side to play, by card."""
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Denom, Player

    players = {NORTH: Player.north, EAST: Player.east, SOUTH: Player.south, WEST: Player.west}
    denoms = {0: Denom.spades, 1: Denom.hearts, 2: Denom.diamonds, 3: Denom.clubs, None: Denom.nt}
    hands = list(pos.hands)
    for i, play in enumerate(pos.trick):
        seat = pos.seat_after(pos.leader, i)
        hands[seat] = hands[seat] + play
    deal = Deal.from_pbn("N:" + " ".join(str(hands[s]).replace("-", "") for s in (NORTH, EAST, SOUTH, WEST)))
    deal.trump = denoms[pos.trump]
    deal.first = players[pos.leader]
    for play in pos.trick:
        deal.play(Card(card_token(play.cards[0])))
    out = {}
    for card, tricks in solve_board(deal):
        name = str(card).upper().replace("10", "T")
        suit = next(ch for ch in name if ch in SUIT_LETTERS)
        out[SUIT_LETTERS[suit] + name.replace(suit, "")] = tricks
    return out


@dataclass
class Comparison:
    """Our solver and DDS on one position: every card's tricks, and the time each took."""

    deal: str
    ours: dict[str, int]
    theirs: dict[str, int]
    value: int
    nodes: int
    our_seconds: float
    dds_seconds: float

    @property
    def agrees(self) -> bool:
        return all(self.ours.get(card) == tricks for card, tricks in self.theirs.items()) and \
            self.value == max(self.theirs.values())

    def differences(self) -> str:
        cards = {c: (self.ours.get(c), t) for c, t in self.theirs.items() if self.ours.get(c) != t}
        return f"{self.deal}: value {self.value}, (ours, DDS) by card {cards}"


def compare(pos: Position) -> Comparison:
    started = time.perf_counter()
    theirs = dds_values(pos)
    dds_seconds = time.perf_counter() - started
    analysis = solve(pos, line=False)
    hands = " ".join(str(pos.hands[s]) for s in (NORTH, EAST, SOUTH, WEST))
    trump = "SHDC"[pos.trump] if pos.trump is not None else "N"
    return Comparison(
        f"{trump} lead {'NESW'[[NORTH, EAST, SOUTH, WEST].index(pos.leader)]} N:{hands}",
        {str(m.play): m.value.points for m in analysis.moves}, theirs, analysis.value.points, analysis.nodes,
        analysis.seconds, dds_seconds,
    )


def compare_full_deal(seed: int, index: int) -> Comparison:
    """Deal ``index`` of ``seed`` solved by both (a picklable task for a worker pool)."""
    return compare(seeded_full_deal(seed, index))
