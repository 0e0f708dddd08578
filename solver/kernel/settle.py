"""A trick start settled without a search, when it can be: by the bounds, the table, or the last
tricks played out.

In order: the last trick directly, the bound from the points still in
play, sure tricks (when every play is one card and tricks score), the
last two tricks played out (never stored: the table has nothing for them,
and probing it first cost a classify each), the table, and the last three
or four tricks played out, stored in the table like a search's result so
that a second visit costs a probe. Four cards a hand: each first trick's
lines are tried directly and what follows is settled here again (one
level down the frame stack, :func:`_settle_three`), which keeps the
table's answers for the three-card positions.

The last three or four tricks are played out only where a unit may be more
than one card (Huolong). Where every play is one card (bridge), searching
them costs full deals fewer nodes and less time (bench/RESULTS.md, session
15: 39.3 M nodes against 43.8 M on 12 deals, 20 s against 25 s); the
search's move order given to the play-out took back only half of that.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, ZERO, bit, code, first_kind, hand_size, kind_of, lowest, remove
from .bounds import sure_tricks
from .endings import better, last_single, last_three, last_two, settled
from .fourcards import follows, packed, pick
from .jit import helper, inline
from .layout import (
    CTRL_NODES, FK_SHAPE, INF, K_LEAF, K_PAR, K_POWER, K_SUIT, K_SUIT_MASK, K_ZOB, K_ZPOINTS, P_DEALER,
    P_DIG, P_MAX_UNIT, P_POINTS_KEYED, P_QUASI_SLOPE, P_TRICK_SCORE,
)
from .moves import follow_score, lead_score, opponents_best, play_power, second_hand_low
from .table import classify, probe, store, top_kinds
from .tricks import move_points, points_reach, suits_of, tricks_to_settle, unplace


@helper
def settle(h, leader, pts, hand_pts, alpha, beta, strict, K, T, FK, d, src, changed, ctrl):
    """``(settled, value or bound, kinds it rests on, base, the table's move)`` of the trick start
    with ``leader`` to lead, ``pts`` taken and ``hand_pts`` card points in the hands; when not
    settled, ``FK[d]`` holds the position's class for the search to store under, and ``base`` is
    what the table's bounds are relative to. ``FK[src]`` (``src`` ≥ 0) holds the class of the
    position before the last trick, which changed only the suits in ``changed``
    (:func:`.table.classify`).

    Four cards a hand (the last four tricks): each unit the leader may lead,
    in the search's lead order, and each legal answer to it (:func:`_unit_led`);
    fail-soft outside ``(alpha, beta)``, with the kinds whose rank decided it
    as the search keeps them. (Here rather than in a function of its own: each
    level of calls that reaches the table and the endings compiles them again.)
    """
    done, last, rel, base, tmove = _settle_three(h, leader, pts, hand_pts, alpha, beta, strict, K, T, FK, d, src,
                                                 changed, ctrl)
    if done or hand_size(h, leader) != 4 or K[K_PAR][P_MAX_UNIT] == 1:  # every hand holds as many cards
        return done, last, rel, base, tmove
    dealer = K[K_PAR][P_DEALER]
    v0, u0 = -1, ZERO
    left1, left2, left3 = h[leader, 0], h[leader, 1], h[leader, 2]  # the units not yet tried
    while left1 | left2 | left3:
        q, n = _next_lead(h, leader, left1, left2, left3, K)
        if n == 1:
            left1 ^= bit(q)
        elif n == 2:
            left2 ^= bit(q)
        else:
            left3 ^= bit(q)
        v, r = _unit_led(h, leader, q, n, pts, hand_pts, alpha, beta, strict, K, T, FK, d, ctrl)
        v0, u0 = better(v0, u0, v, r, leader, dealer, alpha, beta)
        if settled(v0, leader, dealer, alpha, beta):
            break
    _store(T, h, FK, d, u0, v0, base, alpha, beta, K, ctrl)
    return True, v0, u0, base, tmove


@helper
def _settle_three(h, leader, pts, hand_pts, alpha, beta, strict, K, T, FK, d, src, changed, ctrl):
    """:func:`settle` up to three cards a hand played out: the tricks after the first of the last
    four are settled so (a cached function may not recurse)."""
    leaf, smask, par = K[K_LEAF], K[K_SUIT_MASK], K[K_PAR]
    base = leaf[0, pts // 5]
    last, rel = last_single(h, leader, pts, K)
    if last >= 0:
        return True, last, rel, base, np.int64(-1)
    # bounds from the points still in play: they can only be gained
    cards = hand_size(h, leader)
    _, top = points_reach(K, pts, hand_pts, cards)
    if top <= alpha:
        return True, top, ZERO, base, np.int64(-1)
    if base >= beta:
        return True, base, ZERO, base, np.int64(-1)
    if par[P_TRICK_SCORE] > 0 and par[P_MAX_UNIT] == 1:
        # tricks score and every play is one card: sure tricks bound the rest
        score = par[P_TRICK_SCORE]
        most = pts + hand_pts + cards * score + par[P_DIG]
        floor_at, ceiling_at = tricks_to_settle(K, pts, most, cards, alpha, beta)
        if (leader & 1) == par[P_DEALER]:  # the dealer's side leads: its sure tricks cap the attackers
            other, orel, quick, qrel = sure_tricks(h, leader, ceiling_at, floor_at, K)
        else:
            quick, qrel, other, orel = sure_tricks(h, leader, floor_at, ceiling_at, K)
        low = leaf[0, (pts + quick * score) // 5]
        high = leaf[1, (most - other * score) // 5]
        if low >= beta:
            return True, low, qrel, base, np.int64(-1)
        if high <= alpha:
            return True, high, orel, base, np.int64(-1)
    last, rel = last_two(h, leader, pts, alpha, beta, K)
    if last >= 0:
        return True, last, rel, base, np.int64(-1)
    slope = par[P_QUASI_SLOPE]
    shape = classify(h, leader, K, FK, d, src, changed, slope)
    if par[P_POINTS_KEYED]:
        shape ^= K[K_ZPOINTS][pts // 5]
    FK[d, FK_SHAPE] = shape
    lo, hi, cut_lo, cut_hi, tmove = probe(T, FK, d, shape, slope, alpha - base, beta - base)
    lo += base
    hi += base
    if lo >= beta:
        return True, lo, top_kinds(h, cut_lo, smask), base, tmove
    if hi <= alpha:
        return True, hi, top_kinds(h, cut_hi, smask), base, tmove
    if lo == hi:
        return True, lo, top_kinds(h, cut_lo, smask) | top_kinds(h, cut_hi, smask), base, tmove
    if par[P_MAX_UNIT] == 1:
        return False, -1, ZERO, base, tmove
    last, rel = last_three(h, leader, pts, alpha, beta, strict, K)
    if last < 0:
        return False, last, rel, base, tmove
    _store(T, h, FK, d, rel, last, base, alpha, beta, K, ctrl)
    return True, last, rel, base, tmove


@inline
def _store(T, h, FK, d, rel, last, base, alpha, beta, K, ctrl):
    """Store a played-out value or bound for the class in ``FK[d]``, like a search's result."""
    store(T, h, FK, d, FK[d, FK_SHAPE], rel, last - base if last > alpha else -INF,
          last - base if last < beta else INF, np.int64(-1), K[K_SUIT_MASK], ctrl[CTRL_NODES], K[K_PAR][P_QUASI_SLOPE])


@helper
def _next_lead(h, leader, left1, left2, left3, K):
    """The leader's next unit to try, by the search's lead ordering, of the singles, pairs and
    triples left in ``left1..3``: its kind and size."""
    best_q, best_n, best_score = np.int64(-1), np.int64(0), np.int64(0)
    for n in range(1, 4):
        x = left1 if n == 1 else left2 if n == 2 else left3
        while x:
            q = lowest(x)
            x &= x - ONE
            score = lead_score(h, leader, q, n, K)
            if best_q < 0 or score > best_score:
                best_q, best_n, best_score = q, n, score
    return best_q, best_n


@helper
def _unit_led(h, leader, q, n, pts, hand_pts, alpha, beta, strict, K, T, FK, d, ctrl):
    """Value when the leader leads ``n`` copies of kind q from four cards a hand: each follower's
    legal answers, ordered as the search orders them, then what is left settled."""
    ksuit, kpow = K[K_SUIT], K[K_POWER]
    dealer = K[K_PAR][P_DEALER]
    s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    lead_suit = ksuit[q]
    f1, f2, f3 = packed(h, s1), packed(h, s2), packed(h, s3)
    legal1 = follows(f1, n, lead_suit, strict, K)
    legal2 = follows(f2, n, lead_suit, strict, K)
    legal3 = follows(f3, n, lead_suit, strict, K)
    threat1 = opponents_best(h, leader, s1, np.int64(1), n, lead_suit, K)
    threat2 = opponents_best(h, leader, s2, np.int64(2), n, lead_suit, K)
    lead = code(n, q, q, q)
    won0 = _take(h, leader, lead, K)
    ducking = second_hand_low(h, s1, np.int64(1), n, lead_suit, kpow[q], threat1, K)  # after the lead, as the search
    ch0 = 1 << lead_suit  # the suits the trick changes: the next trick start's class is FK[d]'s in the others
    v1, u1 = -1, ZERO
    y1 = legal1
    while y1:
        j1, pw1 = _next_follow(f1, y1, n, lead_suit, np.int64(1), np.int64(0), kpow[q], threat1, ducking, K)
        y1 ^= 1 << j1
        m1 = pick(f1, n, j1)
        ch1 = ch0 | suits_of(m1, ksuit)
        w2, best2 = (np.int64(1), pw1) if pw1 > kpow[q] else (np.int64(0), kpow[q])
        v2, u2 = -1, ZERO
        y2 = legal2
        while y2:
            j2, pw2 = _next_follow(f2, y2, n, lead_suit, np.int64(2), w2, best2, threat2, ducking, K)
            y2 ^= 1 << j2
            m2 = pick(f2, n, j2)
            ch2 = ch1 | suits_of(m2, ksuit)
            w3, best3 = (np.int64(2), pw2) if pw2 > best2 else (w2, best2)
            v3, u3 = -1, ZERO
            y3 = legal3
            while y3:
                j3, pw3 = _next_follow(f3, y3, n, lead_suit, np.int64(3), w3, best3, np.int64(-1), ducking,
                                         K)
                y3 ^= 1 << j3
                m3 = pick(f3, n, j3)
                w = 3 if pw3 > best3 else w3
                a1, a2, a3 = first_kind(m1), first_kind(m2), first_kind(m3)
                wk = q if w == 0 else a1 if w == 1 else a2 if w == 2 else a3
                su = ksuit[wk]  # the winner's rank decided it if it beat another play that could win
                contested = (w != 0 and ksuit[q] == su) or (w != 1 and pw1 >= 0 and ksuit[a1] == su) or \
                    (w != 2 and pw2 >= 0 and ksuit[a2] == su) or (w != 3 and pw3 >= 0 and ksuit[a3] == su)
                r = bit(wk) if contested else ZERO
                won = won0 + _take(h, s1, m1, K) + _take(h, s2, m2, K) + _take(h, s3, m3, K)  # the cards' points
                nxt = (leader + w) & 3
                p = pts + won + K[K_PAR][P_TRICK_SCORE] if (nxt & 1) != dealer else pts
                ctrl[CTRL_NODES] += 1
                _, v, r2, _, _ = _settle_three(h, nxt, p, hand_pts - won, alpha, beta, strict, K, T, FK, d + 1, d,
                                               ch2 | suits_of(m3, ksuit), ctrl)
                unplace(h, s1, m1)
                unplace(h, s2, m2)
                unplace(h, s3, m3)
                v3, u3 = better(v3, u3, v, r | r2, s3, dealer, alpha, beta)
                if settled(v3, s3, dealer, alpha, beta):
                    break
            v2, u2 = better(v2, u2, v3, u3, s2, dealer, alpha, beta)
            if settled(v2, s2, dealer, alpha, beta):
                break
        v1, u1 = better(v1, u1, v2, u2, s1, dealer, alpha, beta)
        if settled(v1, s1, dealer, alpha, beta):
            break
    unplace(h, leader, lead)
    return v1, u1


@helper
def _take(h, s, move, K):
    """Take a play from seat s's hand; return its points."""
    zob = K[K_ZOB]
    for i in range(move & 3):
        remove(h, s, kind_of(move, i), zob, ZERO)
    return move_points(move, K)


@helper
def _next_follow(cards, y, n, lead_suit, i, winner, best_pow, threat, ducking, K):
    """The follower's next play to try of those left in ``y`` (the ``i``-th to play; the
    ``winner``-th holds the trick with ``best_pow``), by the search's follower ordering, and its
    power (``ducking``: :func:`.moves.second_hand_low` for the second seat)."""
    ksuit, kpow = K[K_SUIT], K[K_POWER]
    partner_safe = ((i - winner) & 1) == 0 and threat <= best_pow
    duck = ducking if i == 1 else 0
    best_j, best_score, best_power = -1, np.int64(0), np.int64(-1)
    x = y
    while x:
        j = lowest(x)
        x &= x - 1
        move = pick(cards, n, j)
        power = play_power(move, lead_suit, ksuit, kpow)
        score = follow_score(move, power, partner_safe, best_pow, threat, duck, K)
        if best_j < 0 or score > best_score:
            best_j, best_score, best_power = j, score, power
    return best_j, best_power
