"""The last tricks played out: at a trick start with one, two or three cards a hand, every line is
tried directly instead of searched.

The search would reach the same value through many nodes, each paying for
move generation and ordering; here a line costs a trick result or two.
Each result says which kinds' ranks it rests on, as the search keeps them
(a cutoff rests on the line that made it, any other result on every line),
so that the table can store it, and those above it, for a class of positions.
"""

from __future__ import annotations

import numpy as np


from .bits import ONE, ZERO, add, bit, hand_size, highest, lowest, popcount, remove
from .jit import helper, inline
from .layout import K_PAR, K_POINTS, K_POWER, K_SUIT, K_SUIT_MASK, K_ZOB, P_DEALER, P_TRICK_SCORE, TRUMP
from .tricks import end_value


@helper
def last_single(h, leader, pts, K):
    """Value of the last trick when every hand holds one card, and the kinds whose
    rank decided it: ``(−1, 0)`` if that is not the case."""
    for s in range(4):
        if h[s, 1] != ZERO or popcount(h[s, 0]) != 1:
            return -1, ZERO
    w, gained, rel = _single_trick(lowest(h[leader, 0]), lowest(h[(leader + 1) & 3, 0]),
                                   lowest(h[(leader + 2) & 3, 0]), lowest(h[(leader + 3) & 3, 0]), K)
    attackers = ((leader + w) & 1) != K[K_PAR][P_DEALER]
    return end_value(K, pts + gained if attackers else pts, attackers), rel


@inline
def _nth(c0, c1, c2, c3, i):
    """The i-th (mod 4) of four values."""
    i &= 3
    return c0 if i == 0 else c1 if i == 1 else c2 if i == 2 else c3


@helper
def _single_trick(c0, c1, c2, c3, K):
    """``(which play wins, points it scores, kinds whose rank decided it)`` of a trick of single
    cards, kinds ``c0..c3`` in the order played."""
    ksuit, kpow, kpts = K[K_SUIT], K[K_POWER], K[K_POINTS]
    win = 0
    best = c0
    for i in range(1, 4):
        k = _nth(c0, c1, c2, c3, i)
        if (ksuit[k] == TRUMP and ksuit[best] != TRUMP) or (ksuit[k] == ksuit[best] and kpow[k] > kpow[best]):
            win = i
            best = k
    rel = ZERO
    for i in range(4):
        if i != win and ksuit[_nth(c0, c1, c2, c3, i)] == ksuit[best]:
            rel = bit(best)
    gained = K[K_PAR][P_TRICK_SCORE] + kpts[c0] + kpts[c1] + kpts[c2] + kpts[c3]
    return win, gained, rel


@helper
def _then_last(c0, c1, c2, c3, winner, w, pts, gained, K):
    """Value of the hand when the first of its last two tricks went to ``winner`` (the ``w``-th to
    play) for ``gained`` points and the last is the single cards ``c0..c3``, by the first trick's
    order of play; and the kinds whose rank decided that last trick."""
    dealer = K[K_PAR][P_DEALER]
    p = pts + gained if (winner & 1) != dealer else pts
    w2, gained2, rel = _single_trick(_nth(c0, c1, c2, c3, w), _nth(c0, c1, c2, c3, w + 1),
                                     _nth(c0, c1, c2, c3, w + 2), _nth(c0, c1, c2, c3, w + 3), K)
    attackers = ((winner + w2) & 1) != dealer
    return end_value(K, p + gained2 if attackers else p, attackers), rel


@helper
def last_two(h, leader, pts, alpha, beta, K):
    """Value of the last two tricks when every hand holds two cards, by trying the lines (a bound
    outside ``(alpha, beta)`` once one proves it, fail-soft), and the kinds whose rank decided it, as
    the search keeps them: ``(−1, 0)`` if that is not the case.

    The search would reach the same value through a dozen nodes, each paying
    for move generation and ordering; here a line costs two trick results.
    A pair is one card twice, led alone or as the whole last trick.
    """
    for s in range(4):
        if h[s, 2] != ZERO or popcount(h[s, 0]) + popcount(h[s, 1]) != 2:
            return -1, ZERO
    ksuit = K[K_SUIT]
    dealer = K[K_PAR][P_DEALER]
    s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    # each seat's value so far and the kinds it rests on: those of the child that settled it (a
    # cutoff rests on one line), else of every child, as the search would keep them
    v0, u0 = -1, ZERO
    for i0 in range(2):
        if h[leader, 1] != ZERO and i0 == 1:  # the pair led as one trick
            v, r = _pair_trick(h, leader, pts, K)
            v0, u0 = better(v0, u0, v, r, leader, dealer, alpha, beta)
            break
        a, a_ = _card(h, leader, i0)
        led = ksuit[a]
        v1, u1 = -1, ZERO
        for i1 in range(2):
            b, b_ = _card(h, s1, i1)
            if (ksuit[b] != led and ksuit[b_] == led) or (i1 == 1 and b == b_):
                continue  # it must follow suit; a pair's second copy is the same play
            v2, u2 = -1, ZERO
            for i2 in range(2):
                c, c_ = _card(h, s2, i2)
                if (ksuit[c] != led and ksuit[c_] == led) or (i2 == 1 and c == c_):
                    continue
                v3, u3 = -1, ZERO
                for i3 in range(2):
                    d, d_ = _card(h, s3, i3)
                    if (ksuit[d] != led and ksuit[d_] == led) or (i3 == 1 and d == d_):
                        continue
                    w, gained, r = _single_trick(a, b, c, d, K)
                    v, r2 = _then_last(a_, b_, c_, d_, (leader + w) & 3, w, pts, gained, K)
                    v3, u3 = better(v3, u3, v, r | r2, s3, dealer, alpha, beta)
                    if settled(v3, s3, dealer, alpha, beta):
                        break
                v2, u2 = better(v2, u2, v3, u3, s2, dealer, alpha, beta)
                if settled(v2, s2, dealer, alpha, beta):
                    break
            v1, u1 = better(v1, u1, v2, u2, s1, dealer, alpha, beta)
            if settled(v1, s1, dealer, alpha, beta):
                break
        v0, u0 = better(v0, u0, v1, u1, leader, dealer, alpha, beta)
        if settled(v0, leader, dealer, alpha, beta):
            break
    return v0, u0


@helper
def last_three(h, leader, pts, alpha, beta, strict, K):
    """Value of the last three tricks when every hand holds three cards, by trying each first trick
    and playing out what follows; fail-soft outside ``(alpha, beta)``, with the kinds whose rank
    decided it as the search keeps them: ``(−1, 0)`` if that is not the case.

    A single led: each seat's card (following suit), then the last two tricks
    (:func:`last_two`). A pair led: each follower's two cards, by the rules for
    following a pair (``strict``: a pair of the suit led must be played), then
    the last trick. A triple led: the whole hand, the last trick.
    The first trick's cards leave ``h`` while the rest is played out and are
    put back. (No seat narrows the window as its choices come back: the
    search's windows are null windows, which cannot narrow.)
    """
    for s in range(4):
        if hand_size(h, s) != 3:
            return -1, ZERO
    ksuit, smask, zob = K[K_SUIT], K[K_SUIT_MASK], K[K_ZOB]
    dealer = K[K_PAR][P_DEALER]
    s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    v0, u0 = -1, ZERO
    x0 = h[leader, 0]
    while x0:  # every seat tries its highest card first: a seat is settled sooner (11 % less time)
        a = highest(x0)
        x0 ^= bit(a)
        led = smask[ksuit[a]]
        v1, u1 = -1, ZERO
        x1 = _playable(h[s1, 0], led)
        while x1:
            b = highest(x1)
            x1 ^= bit(b)
            v2, u2 = -1, ZERO
            x2 = _playable(h[s2, 0], led)
            while x2:
                c = highest(x2)
                x2 ^= bit(c)
                v3, u3 = -1, ZERO
                x3 = _playable(h[s3, 0], led)
                while x3:
                    d = highest(x3)
                    x3 ^= bit(d)
                    w, gained, r = _single_trick(a, b, c, d, K)
                    nxt = (leader + w) & 3
                    for i, k in enumerate((a, b, c, d)):
                        remove(h, (leader + i) & 3, k, zob, ZERO)
                    p = pts + gained if (nxt & 1) != dealer else pts
                    v, r2 = last_two(h, nxt, p, alpha, beta, K)
                    for i, k in enumerate((a, b, c, d)):
                        add(h, (leader + i) & 3, k)
                    v3, u3 = better(v3, u3, v, r | r2, s3, dealer, alpha, beta)
                    if settled(v3, s3, dealer, alpha, beta):
                        break
                v2, u2 = better(v2, u2, v3, u3, s2, dealer, alpha, beta)
                if settled(v2, s2, dealer, alpha, beta):
                    break
            v1, u1 = better(v1, u1, v2, u2, s1, dealer, alpha, beta)
            if settled(v1, s1, dealer, alpha, beta):
                break
        v0, u0 = better(v0, u0, v1, u1, leader, dealer, alpha, beta)
        if settled(v0, leader, dealer, alpha, beta):
            return v0, u0
    if h[leader, 1]:
        v, r = _pair_led(h, leader, pts, alpha, beta, strict, K)
        v0, u0 = better(v0, u0, v, r, leader, dealer, alpha, beta)
        if h[leader, 2] and not settled(v0, leader, dealer, alpha, beta):
            v, r = _triple_led(h, leader, pts, K)
            v0, u0 = better(v0, u0, v, r, leader, dealer, alpha, beta)
    return v0, u0


@helper
def _three(h, s):
    """The three cards of a seat holding three, as kinds in ascending order (copies repeated)."""
    x = h[s, 0]
    a = lowest(x)
    if h[s, 2]:
        return a, a, a
    rest = x & (x - ONE)
    if h[s, 1] & bit(a):
        return a, a, lowest(rest)
    b = lowest(rest)
    if h[s, 1]:
        return a, b, b
    return a, b, lowest(rest & (rest - ONE))


@inline
def _keepable(h, s, led, strict):
    """The kinds a seat holding three cards may keep when it follows a pair led in the suit ``led``
    (a mask): it plays the other two."""
    in_suit = popcount(h[s, 0] & led) + popcount(h[s, 1] & led) + popcount(h[s, 2] & led)
    pair = h[s, 1] & ~h[s, 2] & led  # a kind of the suit held exactly twice
    if in_suit == 3 and not (strict and pair):
        return h[s, 0]
    return h[s, 0] & ~(pair if strict and pair else led)


@helper
def _pair_power(h, s, kept, lead_suit, K):
    """The power of the two cards a seat plays when it keeps ``kept`` (−1: not a pair of the suit
    led or of trumps), and their kind."""
    c0, c1, c2 = _three(h, s)
    p0, p1 = (c1, c2) if kept == c0 else (c0, c2) if kept == c1 else (c0, c1)
    if p0 == p1 and (K[K_SUIT][p0] == TRUMP or K[K_SUIT][p0] == lead_suit):
        return K[K_POWER][p0], p0
    return -1, p0


@helper
def _pair_led(h, leader, pts, alpha, beta, strict, K):
    """Value when the leader leads its pair, each follower plays two of its three cards and the
    last trick follows, and the kinds it rests on."""
    ksuit, kpts, smask = K[K_SUIT], K[K_POINTS], K[K_SUIT_MASK]
    dealer = K[K_PAR][P_DEALER]
    s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    q = lowest(h[leader, 1])
    c0, c1, c2 = _three(h, leader)
    k0 = c2 if c0 == q and c1 == q else c0  # the card it keeps
    lead_suit = ksuit[q]
    led = smask[lead_suit]
    total = 0
    for s in range(4):
        c0, c1, c2 = _three(h, s)
        total += kpts[c0] + kpts[c1] + kpts[c2]
    v1, u1 = -1, ZERO
    y1 = _keepable(h, s1, led, strict)
    while y1:
        k1 = lowest(y1)
        y1 &= y1 - ONE
        v2, u2 = -1, ZERO
        y2 = _keepable(h, s2, led, strict)
        while y2:
            k2 = lowest(y2)
            y2 &= y2 - ONE
            v3, u3 = -1, ZERO
            y3 = _keepable(h, s3, led, strict)
            while y3:
                k3 = lowest(y3)
                y3 &= y3 - ONE
                # the pair trick: a pair of the suit led or of trumps above the winner's takes it
                w, best, wk = np.int64(0), K[K_POWER][q], q
                for i in range(1, 4):
                    pw, pk = _pair_power(h, (leader + i) & 3, _nth(k0, k1, k2, k3, i), lead_suit, K)
                    if pw > best:
                        w, best, wk = i, pw, pk
                r = ZERO  # the winner's rank decided it if it beat another pair of its suit
                for i in range(4):
                    pw, pk = _pair_power(h, (leader + i) & 3, _nth(k0, k1, k2, k3, i), lead_suit, K)
                    if i != w and pw >= 0 and ksuit[pk] == ksuit[wk]:
                        r = bit(wk)
                gained = K[K_PAR][P_TRICK_SCORE] + total - (kpts[k0] + kpts[k1] + kpts[k2] + kpts[k3])
                v, r2 = _then_last(k0, k1, k2, k3, (leader + w) & 3, w, pts, gained, K)
                v3, u3 = better(v3, u3, v, r | r2, s3, dealer, alpha, beta)
                if settled(v3, s3, dealer, alpha, beta):
                    break
            v2, u2 = better(v2, u2, v3, u3, s2, dealer, alpha, beta)
            if settled(v2, s2, dealer, alpha, beta):
                break
        v1, u1 = better(v1, u1, v2, u2, s1, dealer, alpha, beta)
        if settled(v1, s1, dealer, alpha, beta):
            break
    return v1, u1


@helper
def _triple_led(h, leader, pts, K):
    """Value of the hand when the leader leads its triple as the last trick, and the kind whose rank
    decided it (the winner's, when another triple of its suit could win)."""
    ksuit, kpow, kpts = K[K_SUIT], K[K_POWER], K[K_POINTS]
    q = lowest(h[leader, 0])
    w, wk = 0, q
    gained = K[K_PAR][P_TRICK_SCORE]
    for i in range(4):
        s = (leader + i) & 3
        c0, c1, c2 = _three(h, s)
        gained += kpts[c0] + kpts[c1] + kpts[c2]
        if h[s, 2] and (ksuit[c0] == TRUMP or ksuit[c0] == ksuit[q]) and kpow[c0] > kpow[wk]:
            w, wk = i, c0
    rel = ZERO  # the winner's rank decided it if it beat another triple of its suit
    for i in range(4):
        s = (leader + i) & 3
        k = lowest(h[s, 0])
        if i != w and h[s, 2] and ksuit[k] == ksuit[wk]:
            rel = bit(wk)
    attackers = ((leader + w) & 1) != K[K_PAR][P_DEALER]
    return end_value(K, pts + gained if attackers else pts, attackers), rel


@inline
def _playable(x, led):
    """The cards of ``x`` a seat may play to a trick led in the suit ``led`` (a mask): that suit's if any."""
    return x & led if x & led else x


@inline
def settled(v, s, dealer, alpha, beta):
    """Does seat s's value so far, ``v``, cut off its other choices (it is past the window its way)?"""
    return v >= beta if (s & 1) != dealer else v <= alpha


@helper
def _card(h, s, i):
    """Card ``i`` (0: the lower kind) of a seat holding two cards, and its other card."""
    x = h[s, 0]
    if h[s, 1] != ZERO:
        return lowest(x), lowest(x)
    low, high = lowest(x), lowest(x & (x - ONE))
    return (low, high) if i == 0 else (high, low)


@helper
def _pair_trick(h, leader, pts, K):
    """Value of the hand when the leader leads its pair and every seat plays its last two cards, and
    the kind whose rank decided it (the winner's, when another pair of its suit could win)."""
    ksuit, kpow, kpts = K[K_SUIT], K[K_POWER], K[K_POINTS]
    lead = lowest(h[leader, 0])
    winner = leader
    gained = K[K_PAR][P_TRICK_SCORE]
    for s in range(4):
        x = h[s, 0]
        gained += kpts[lowest(x)] + kpts[lowest(x & (x - ONE))] if h[s, 1] == ZERO else 2 * kpts[lowest(x)]
    for i in range(1, 4):
        s = (leader + i) & 3
        k = lowest(h[s, 0])
        if h[s, 1] != ZERO and (ksuit[k] == TRUMP or ksuit[k] == ksuit[lead]):
            if kpow[k] > kpow[lowest(h[winner, 0])]:  # trumps are raised above every plain kind
                winner = s
    best = lowest(h[winner, 0])
    rel = ZERO
    for s in range(4):
        k = lowest(h[s, 0])
        if s != winner and h[s, 1] != ZERO and ksuit[k] == ksuit[best]:
            rel = bit(best)
    attackers = (winner & 1) != K[K_PAR][P_DEALER]
    return end_value(K, pts + gained if attackers else pts, attackers), rel


@inline
def better(best, kinds, v, rel, s, dealer, alpha, beta):
    """Seat s's value so far and its kinds, after a child worth ``v`` resting on ``rel``: the child
    that settles the seat brings only its own kinds."""
    if settled(v, s, dealer, alpha, beta):
        return v, rel
    if best < 0:
        return v, kinds | rel
    return (max(best, v) if (s & 1) != dealer else min(best, v)), kinds | rel

