"""Plays onto the table and back, who wins a trick, and what a finished hand is worth.

Values are whatever ``K[K_LEAF]`` says: ``leaf[dug, points // 5]``, with the
dig bonus already added to the points of a dug hand. The attackers maximise.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, ZERO, add, bit, hands_empty, kind_of, lowest, played, remove
from .jit import helper, inline
from .layout import K_LEAF, K_PAR, K_POINTS, K_POWER, K_SUIT, K_ZLEAD, P_DEALER, P_DIG, P_TRICK_SCORE, TR_N
from .moves import play_power, trick_leader


@inline
def place(h, tr, tno, i, seat, move, zob, key):
    """Move play ``move`` of ``seat`` from its hand to place ``i`` of trick ``tno``; return the key updated."""
    for j in range(move & 3):
        c = kind_of(move, j)
        tr[tno, i, j] = c
        key = remove(h, seat, c, zob, key)
    tr[tno, i, TR_N] = move & 3
    return key


@inline
def unplace(h, seat, move):
    """Give the cards of ``move`` back to ``seat``."""
    for j in range(move & 3):
        add(h, seat, kind_of(move, j))


@inline
def restore_trick(tr, saved):
    """Put back trick 0 as it was (``saved`` = ``tr[0].copy()``); the search of a new trick writes over it."""
    for i in range(4):
        for j in range(4):
            tr[0, i, j] = saved[i, j]


@helper
def hand_points(h, K):
    """The card points still in the hands."""
    kpts = K[K_POINTS]
    total = 0
    for seat in range(4):
        for plane in range(3):
            x = h[seat, plane]
            while x:
                total += kpts[lowest(x)]
                x &= x - ONE
    return total


@inline
def suits_of(move, ksuit):
    """The suit slots of a play's cards, as bits."""
    out = 0
    for i in range(move & 3):
        out |= 1 << ksuit[kind_of(move, i)]
    return out


@inline
def trick_suits(tr, tno, ksuit):
    """The suit slots of the cards of trick ``tno`` (four plays), as bits."""
    out = 0
    for i in range(4):
        for j in range(tr[tno, i, TR_N]):
            out |= 1 << ksuit[tr[tno, i, j]]
    return out


@inline
def move_points(move, K):
    """The card points of a play."""
    kpts = K[K_POINTS]
    total = 0
    for i in range(move & 3):
        total += kpts[kind_of(move, i)]
    return total


@inline
def end_value(K, pts, attackers_last):
    """The value of a finished hand: ``pts`` taken, the last trick won by the attackers or not."""
    leaf = K[K_LEAF]
    if attackers_last:
        return leaf[1, (pts + K[K_PAR][P_DIG]) // 5]
    return leaf[0, pts // 5]


@inline
def points_reach(K, pts, hand_pts, cards):
    """``(the least, the most)`` a trick start can be worth from its points alone: ``pts`` taken,
    ``hand_pts`` card points in the hands of ``cards`` cards each (the leaf is monotone in both)."""
    leaf, par = K[K_LEAF], K[K_PAR]
    return leaf[0, pts // 5], leaf[1, (pts + hand_pts + par[P_TRICK_SCORE] * cards + par[P_DIG]) // 5]


@inline
def tricks_to_settle(K, pts, most, cards, alpha, beta):
    """``(floor, ceiling)``: the fewest tricks the attackers must be sure of to make a search's value
    ≥ ``beta``, and the defenders to make it ≤ ``alpha``, with ``pts`` taken and ``most`` the most
    the attackers could end with; ``cards`` + 1 where no number of tricks left would."""
    leaf, score = K[K_LEAF], K[K_PAR][P_TRICK_SCORE]
    floor_at = 1
    while floor_at <= cards and leaf[0, (pts + floor_at * score) // 5] < beta:
        floor_at += 1
    ceiling_at = 1
    while ceiling_at <= cards and leaf[1, (most - ceiling_at * score) // 5] > alpha:
        ceiling_at += 1
    return floor_at, ceiling_at


@helper
def trick_points(tr, tno, K):
    """The card points in trick ``tno`` (four plays)."""
    kpts = K[K_POINTS]
    total = 0
    for i in range(4):
        for j in range(tr[tno, i, TR_N]):
            total += kpts[tr[tno, i, j]]
    return total


@helper
def trick_result(tr, tno, leader, K):
    """The winning seat of a complete trick, the points it scores, and the kinds
    whose rank decided it (the winner's, when it beat a play of its own suit)."""
    ksuit, kpow, kpts = K[K_SUIT], K[K_POWER], K[K_POINTS]
    winner, _ = trick_leader(tr, tno, np.int64(4), K)
    gained = K[K_PAR][P_TRICK_SCORE]
    for i in range(4):
        for j in range(tr[tno, i, TR_N]):
            gained += kpts[tr[tno, i, j]]
    lead_suit = ksuit[tr[tno, 0, 0]]
    rel = ZERO
    win_suit = ksuit[tr[tno, winner, 0]]
    for i in range(4):
        if i != winner:
            if play_power(played(tr, tno, i), lead_suit, ksuit, kpow) >= 0 and ksuit[tr[tno, i, 0]] == win_suit:
                for j in range(tr[tno, winner, TR_N]):
                    rel |= bit(tr[tno, winner, j])
                break
    return (leader + winner) & 3, gained, rel


@helper
def finish_trick(h, tr, tno, leader, pts, K):
    """After the fourth play of trick ``tno``: ``(done, next leader, points, leaf value if done,
    kinds whose rank decided the trick)``. ``done`` when that was the last trick."""
    seat, gained, rel = trick_result(tr, tno, leader, K)
    attackers = (seat & 1) != K[K_PAR][P_DEALER]
    if attackers:
        pts += gained
    if hands_empty(h):
        return True, seat, pts, end_value(K, pts, attackers), rel
    return False, seat, pts, 0, rel


@inline
def lead_key(K, key, old, new):
    """The key after the lead passes from seat ``old`` to seat ``new``."""
    zlead = K[K_ZLEAD]
    return key ^ zlead[old] ^ zlead[new]
