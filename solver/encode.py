"""Turn a :class:`~huolong.engine.Position` into the arrays the kernel searches.

Card kinds are renumbered per (level, trump): the plain suits first, then the
trumps, each suit a run of bits weakest first, so that "stronger" is "higher
bit" and a suit is a mask. In Huolong the three plain suits take bits 0–10,
11–21, 22–32 and the trumps 33–53; in bridge each suit has 13.

Seats are renumbered in the order of play (bridge goes clockwise), and in
bridge every trick scores 5 kernel points so that the leaf table is shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from huolong.engine import TRUMP, Play, Position, hand_result
from huolong.engine.cards import NUM_KINDS, card_points

from .kernel.layout import (
    K_BOUNDS, K_LEAF, K_PAR, K_POINTS, K_POWER, K_SUIT, K_SUIT_MASK, K_TIES, K_ZLEAD, K_ZOB, K_ZPOINTS, K_ZLOOSE,
    K_ZREL, LINK_EQUAL, P_DEALER, P_DIG, P_FIELDS, P_MAX_UNIT, P_POINTS_KEYED, P_QUASI_SLOPE, P_RESULT_ONLY,
    P_TRICK_SCORE, PREFIX_STRIDE, SUITS, TR_N, TRUMP_POWER, new_tricks,
)
from .kernel.layout import TRUMP as TRUMP_SLOT

#: What the search plays for: the attackers' final points; the hand's result, then points; or the
#: result alone (its points are then only a value that reaches it — the fastest).
OBJECTIVES = ("points", "outcome", "result")
ZOBRIST_SEED = 0x48756F6C6F6E67  # "Huolong": fixed, so keys are the same in every run
_PLANES = np.arange(3).reshape(1, 3, 1)  # plane k: more than k copies


@dataclass
class Encoding:
    """The constant tables of one hand, shared by every search in it."""

    kind_of: np.ndarray  # card -> kind
    card_of: np.ndarray  # kind -> card
    K: tuple
    width: int  # the class step in outcome values
    objective: str
    jokers: int
    direction: int  # +1 counter-clockwise (Huolong), −1 clockwise (bridge)
    scale: int  # kernel points per point of the position (5 in bridge: a trick)
    little: int = 0  # little jokers in the bottom (three end a 004 game)

    def seat(self, seat: int) -> int:
        """The kernel's number for a seat: seats are numbered in the order of play."""
        return seat if self.direction == 1 else (-seat) % 4

    def hands(self, pos: Position) -> np.ndarray:
        """The hands as bit planes: plane ``k`` holds the kinds a seat has more than ``k`` copies of."""
        # in numpy at once: a playout encodes a whole deal per call, and a loop over the cards in
        # Python took 45 µs of it (the 18 µs left are mostly turning the counts into an array)
        counts = np.array([hand.counts for hand in pos.hands], np.int64)  # type: ignore[union-attr]
        bits = np.left_shift(np.uint64(1), self.kind_of.astype(np.uint64))
        planes = ((counts[:, None, :] > _PLANES) * bits).sum(axis=2, dtype=np.uint64)  # distinct bits: sum = or
        return planes if self.direction == 1 else planes[[self.seat(s) for s in range(4)]]  # the map is its own inverse

    def trick(self, pos: Position) -> np.ndarray:
        """The trick array with the position's trick in progress as ``tr[0]``."""
        tr = new_tricks()
        for i, play in enumerate(pos.trick):
            for j, card in enumerate(play.cards):
                tr[0, i, j] = self.kind_of[card]
            tr[0, i, TR_N] = len(play)
        return tr

    def code(self, play: Play) -> int:
        kinds = sorted(int(self.kind_of[c]) for c in play.cards)
        kinds += [kinds[-1]] * (3 - len(kinds))
        return len(play) | kinds[0] << 2 | kinds[1] << 8 | kinds[2] << 14

    def play(self, code: int) -> Play:
        n = code & 3
        return Play(tuple(int(self.card_of[(code >> s) & 63]) for s in (2, 8, 14)[:n]))

    def points(self, pos: Position) -> int:
        """The position's points (attackers' takings) in kernel units."""
        return pos.points * self.scale

    def leaf(self, points: int, dug: bool) -> int:
        """The kernel value of a finished hand (``points`` in the position's units, dig included)."""
        return int(self.K[K_LEAF][int(dug), points * self.scale // 5])

    def decode(self, value: int) -> tuple[int, bool]:
        """(points, dug) of a kernel value."""
        return ((value >> 1) % self.width) // self.scale, bool(value & 1)


def encode(pos: Position, objective: str) -> Encoding:
    """The kernel's constant tables for a position and an objective (shared, read-only)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"invalid objective {objective!r}: use {', '.join(OBJECTIVES)}")
    top = 300 + pos.dig_value if pos.shape.card_scores else pos.points + pos.shape.hand_size
    return _encode(pos.order, pos.rules, objective, pos.dig_value, pos.jokers_in_bottom, pos.dealer & 1, top,
                   pos.little_jokers_in_bottom)


@lru_cache(maxsize=1)
def _zobrist() -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(ZOBRIST_SEED)
    zob = rng.integers(1, 2**63, size=(4, 3, NUM_KINDS), dtype=np.uint64)
    zlead = rng.integers(1, 2**63, size=4, dtype=np.uint64)
    zrel = rng.integers(1, 2**63, size=(SUITS, PREFIX_STRIDE - 1, 4**4 * 3 * 2), dtype=np.uint64)
    # a kind below a class's exact top counts only as its copies in each seat, with its points:
    # the sum over seats of a key per (seat, copies, points) (no copies, nothing), indexed by
    # the kind's copies in the four seats (base 4) and its points // 5
    per_seat = rng.integers(1, 2**63, size=(SUITS, 4, 4, 3), dtype=np.uint64)
    per_seat[:, :, 0, :] = 0
    zloose = np.zeros((SUITS, 4**4 * 3), np.uint64)
    for signature in range(4**4):
        for seat in range(4):
            copies = signature // 4 ** (3 - seat) % 4
            zloose[:, signature * 3 : signature * 3 + 3] += per_seat[:, seat, copies, :]
    return zob, zlead, zrel, zloose


@lru_cache(maxsize=256)
def _zpoints(leaf_size: int) -> np.ndarray:
    """Keys for the points taken (points // 5), where they go in the table's key."""
    return np.random.default_rng((ZOBRIST_SEED, leaf_size)).integers(1, 2**63, size=leaf_size, dtype=np.uint64)


@lru_cache(maxsize=256)
def _encode(order, rules, objective: str, bonus: int, jokers: int, dealer_parity: int, top: int,  # type: ignore[no-untyped-def]
            little: int = 0) -> Encoding:
    shape = rules.shape
    kind_of, card_of, ksuit, kpow, kpts, smask, gmask = _kinds(order, shape)
    scale = 5 if shape.trick_score else 1
    leaf, width, bounds = _leaf(rules, objective, jokers, top * scale, little)
    zob, zlead, zrel, zloose = _zobrist()
    zpts = _zpoints(leaf.shape[1])
    par = np.zeros(P_FIELDS, np.int64)
    par[P_DEALER] = dealer_parity
    par[P_DIG] = bonus
    par[P_POINTS_KEYED] = objective != "points"
    par[P_RESULT_ONLY] = objective == "result"
    par[P_TRICK_SCORE] = scale * shape.trick_score
    par[P_MAX_UNIT] = shape.max_unit
    par[P_QUASI_SLOPE] = _quasi_slope(leaf, objective, shape.card_scores)
    tables = {K_SUIT: ksuit, K_POWER: kpow, K_POINTS: kpts, K_TIES: gmask, K_SUIT_MASK: smask, K_LEAF: leaf,
              K_ZOB: zob, K_ZPOINTS: zpts, K_PAR: par, K_ZLEAD: zlead, K_ZREL: zrel, K_ZLOOSE: zloose,
              K_BOUNDS: bounds}
    K = tuple(tables[i] for i in range(len(tables)))
    return Encoding(kind_of, card_of, K, width, objective, jokers, shape.direction, scale, little)


def _quasi_slope(leaf: np.ndarray, objective: str, card_scores: bool) -> int:
    """The leaf's rise for 5 points more where the table's quasi-classes apply, else 0: cards
    score, and the leaf is additive in points (a straight line, rising), as in the points objective
    (kernel/quasi.py)."""
    if objective != "points" or not card_scores or leaf.shape[1] < 2:
        return 0
    rise = np.diff(leaf, axis=1)
    slope = int(rise[0, 0])
    return slope if slope > 0 and bool(np.all(rise == slope)) else 0


# The parts of an encoding are cached apart: a deal's (level, trump) and its dig bonus vary
# independently, and playouts of random deals meet few repeats of the whole.
@lru_cache(maxsize=64)
def _kinds(order, shape) -> tuple[np.ndarray, ...]:  # type: ignore[no-untyped-def]
    """The kinds of an order of cards: (card → kind, kind → card, suit, power, points, suit masks, ties)."""
    kind_of = np.zeros(NUM_KINDS, np.int64)
    card_of = np.zeros(NUM_KINDS, np.int64)
    ksuit = np.zeros(NUM_KINDS, np.int64)
    kpow = np.zeros(NUM_KINDS, np.int64)
    kpts = np.zeros(NUM_KINDS, np.int64)
    smask = np.zeros(SUITS, np.uint64)
    kind = 0
    plain = [s for s in range(4) if s != order.trump]
    slots = list(enumerate(plain)) + [(TRUMP_SLOT, TRUMP)]
    for slot, suit in slots:
        for card in order.kinds_of_suit(suit):
            kind_of[card], card_of[kind] = kind, card
            ksuit[kind] = slot
            kpow[kind] = order.power(card) + (TRUMP_POWER if suit == TRUMP else 0)
            kpts[kind] = card_points(card) if shape.card_scores else 0
            smask[slot] |= np.uint64(1) << np.uint64(kind)
            kind += 1
    groups: dict[tuple[int, int], int] = {}
    for k in range(NUM_KINDS):
        groups[ksuit[k], kpow[k]] = groups.get((ksuit[k], kpow[k]), 0) | 1 << k
    gmask = np.array([groups[ksuit[k], kpow[k]] for k in range(NUM_KINDS)], np.uint64)
    return kind_of, card_of, ksuit, kpow, kpts, smask, gmask


@lru_cache(maxsize=256)
def _leaf(rules, objective: str, jokers: int, top: int, little: int = 0) -> tuple[np.ndarray, int, np.ndarray]:  # type: ignore[no-untyped-def]
    """The values of a finished hand by points // 5 and the dig (``top``: the most points, in kernel
    points), the class step in outcome values, and where the result changes."""
    shape = rules.shape
    width = 1 << max(10, top.bit_length() + 1)
    leaf = np.zeros((2, top // 5 + 1), np.int64)
    for dug in (0, 1):
        for i in range(leaf.shape[1]):
            points = 5 * i
            score = points
            if objective != "points" and shape.card_scores:
                score += (5 - hand_result(points, bool(dug), jokers, rules, little).rank) * width
            # the dig is part of the value only where it is scored: in bridge the
            # last trick is a trick like any other, not a question to settle
            leaf[dug, i] = 2 * score + (dug if shape.card_scores else 0)
    scale = 5 if shape.trick_score else 1
    if objective != "points" and shape.card_scores:
        return leaf, width, _result_bounds(leaf, width, scale, jokers, rules, little)
    return leaf, width, np.zeros(0, np.int64)


def _result_bounds(leaf: np.ndarray, width: int, scale: int, jokers: int, rules, little: int = 0) -> np.ndarray:  # type: ignore[no-untyped-def]
    """The leaf values at which the hand's result (outcome and levels) changes, ascending."""
    values = sorted({int(v) for v in leaf.ravel()})
    bounds = []
    previous = None
    for v in values:
        points, dug = ((v >> 1) % width) // scale, bool(v & 1)
        result = hand_result(points, dug, jokers, rules, little)
        if previous is not None and result != previous:
            bounds.append(v)
        previous = result
    return np.array(bounds, np.int64)


def canonical_play(play: Play, enc: Encoding, prev: np.ndarray) -> Play:
    """The representative of a play's group of equivalent plays (see kernel.twins).

    Within each chain of interchangeable kinds, the weakest kinds take the
    most copies; that is the form the kernel generates.
    """
    prev = prev[LINK_EQUAL:LINK_EQUAL + NUM_KINDS]
    kinds = [int(enc.kind_of[c]) for c in play.cards]
    used = {k: kinds.count(k) for k in kinds}
    chains: dict[int, list[int]] = {}
    heads = set()
    for k in used:
        while prev[k] >= 0:
            k = int(prev[k])
        heads.add(k)
    for head in heads:
        chain = [head]
        while True:
            nxt = [j for j in range(NUM_KINDS) if prev[j] == chain[-1] and j > chain[-1]]
            if not nxt:
                break
            chain.append(nxt[0])
        chains[head] = chain
    result: list[int] = []
    for chain in chains.values():
        counts = sorted((used.get(k, 0) for k in chain), reverse=True)
        for k, n in zip(chain, counts, strict=True):
            result += [k] * n
    return Play(tuple(int(enc.card_of[k]) for k in result))

