"""Seeded random endgames for tests and benchmarks."""

from __future__ import annotations

import random

from huolong.engine import Hand, Position, Rules
from huolong.engine.cards import BIG_JOKER, NUM_KINDS, RANKS, card_points, make_card
from huolong.engine.order import LEVELS

RULESETS = [
    Rules(),
    Rules(follow="strict"),
    Rules(multiplier=3, zero="plus2"),
    Rules(follow="strict", multiplier=1, threshold=60),
    Rules(zero="plus2", threshold=80),
]


def random_endgame(rng: random.Random, cards: int, rules: Rules | None = None, kinds: int | None = None) -> Position:
    """Four hands of ``cards`` cards, a bottom, a leader, points taken, and 0–3 plays of a trick.

    Cards come from a pool of ``kinds`` card kinds (three copies each), so a
    small pool gives many pairs, triples and ties.
    """
    pool_kinds = rng.sample(range(NUM_KINDS), kinds or rng.choice([6, 10, 16, 54]))
    pool = [k for k in pool_kinds for _ in range(3)]
    if len(pool) < 4 * cards:
        pool += [k for k in range(NUM_KINDS) if k not in pool_kinds for _ in range(3)]
    rng.shuffle(pool)
    hands = [Hand.from_cards(pool[i * cards : (i + 1) * cards]) for i in range(4)]
    rest = [k for k in range(NUM_KINDS) for _ in range(3)]
    for h in hands:
        for c in h:
            rest.remove(c)
    rng.shuffle(rest)
    if rng.random() < 0.3 and BIG_JOKER in rest:  # jokers in the bottom raise the stakes
        rest.remove(BIG_JOKER)
        rest.insert(0, BIG_JOKER)
    bottom = Hand.from_cards(rest[:6])
    unseen = 300 - sum(h.points for h in hands) - bottom.points
    pos = Position(
        level=rng.choice(LEVELS), trump=rng.randrange(4), dealer=rng.randrange(4), hands=hands,
        bottom=bottom, leader=rng.randrange(4), points=5 * rng.randint(0, max(0, unseen) // 5),
        rules=rules or rng.choice(RULESETS),
    )
    for _ in range(rng.randrange(4)):
        pos.play(rng.choice(pos.legal_plays()))
    assert not pos.problems(), pos.problems()
    return pos.endgame()


def twin_endgame(rng: random.Random, cards: int) -> Position:
    """A random endgame where the seat to move alone holds a run of neighbouring cards of a plain
    suit that differ in points (a 5, a 10 or a king among them): *twins*, as point dominance
    (kernel.dominance) calls them. ``cards`` ≥ 2 a hand."""
    level, trump = rng.choice(LEVELS), rng.randrange(4)
    suit = rng.choice([s for s in range(4) if s != trump])
    ranks = [r for r in RANKS if r != level]
    while True:
        start = rng.randrange(len(ranks) - 1)
        run = ranks[start : start + rng.choice([2, 3])]
        copies = rng.choice([1, 1, 2])
        if len(run) * copies > cards:
            run, copies = run[:cards], 1
        if len({card_points(make_card(suit, r)) for r in run}) > 1:
            break
    twins = [make_card(suit, r) for r in run for _ in range(copies)]
    deck = [c for c in range(NUM_KINDS) if c not in twins for _ in range(3)]
    rng.shuffle(deck)
    hands = [Hand.from_cards(deck[i * cards : (i + 1) * cards]) for i in range(4)]
    rest = deck[4 * cards :]
    pos = Position(level=level, trump=trump, dealer=rng.randrange(4), hands=hands, bottom=Hand(),
                   leader=rng.randrange(4), rules=rng.choice(RULESETS))
    plays = rng.randrange(4)
    mover = pos.seat_after(pos.leader, plays)
    kept = list(deck[mover * cards : mover * cards + cards - len(twins)])
    rest += deck[mover * cards + cards - len(twins) : (mover + 1) * cards]
    pos.hands[mover] = Hand.from_cards(kept + twins)
    pos.bottom = Hand.from_cards(rest[:6])
    unseen = 300 - sum(h.points for h in pos.hands) - pos.bottom.points
    pos.points = 5 * rng.randint(0, max(0, unseen) // 5)
    for _ in range(plays):
        pos.play(rng.choice(pos.legal_plays()))
    assert not pos.problems(), pos.problems()
    return pos.endgame()


def split_ties_endgame(rng: random.Random, cards: int) -> Position:
    """A random endgame where the seat to move alone holds two kinds equal in power (副2 or 副级,
    one or two copies each) and another hand holds the third: twins with another seat's card of
    their power between them (kernel.twins). ``cards`` ≥ 2 a hand."""
    level, trump = rng.choice(LEVELS), rng.randrange(4)
    rank = rng.choice([level, "2"])
    a, b, c = (make_card(s, rank) for s in range(4) if s != trump)
    deck = [k for k in range(NUM_KINDS) if k not in (a, b, c) for _ in range(3)]
    rng.shuffle(deck)
    leader, plays = rng.randrange(4), rng.randrange(4)
    mover = (leader + plays) % 4
    other = (mover + rng.randrange(1, 4)) % 4
    tied = [a, c] * rng.choice([1, 1, 2])
    hands = []
    for seat in range(4):
        fixed = (tied if seat == mover else [b] if seat == other else [])[:cards]
        hands.append(Hand.from_cards(fixed + [deck.pop() for _ in range(cards - len(fixed))]))
    bottom = Hand.from_cards(deck[:6])
    unseen = 300 - sum(h.points for h in hands) - bottom.points
    pos = Position(level=level, trump=trump, dealer=rng.randrange(4), hands=hands, bottom=bottom, leader=leader,
                   points=5 * rng.randint(0, max(0, unseen) // 5), rules=rng.choice(RULESETS))
    for _ in range(plays):
        pos.play(rng.choice(pos.legal_plays()))
    assert not pos.problems(), pos.problems()
    return pos.endgame()
