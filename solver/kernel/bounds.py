"""What settles a trick start without searching it: the last two or three tricks played out, sure tricks.

(The bound from the points still in play is the table's ``rem``, see
:func:`.table.classify`.) Every bound also says which kinds' ranks it rests
on, so that the table can store it for a class of positions.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, ZERO, bit, highest, lowest, popcount, top
from .jit import helper, inline
from .layout import K_PAR, K_POINTS, K_POWER, K_SUIT, K_SUIT_MASK, P_DEALER, P_TRICK_SCORE, SUITS, TRUMP
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
            v0, u0 = _better(v0, u0, v, r, leader, dealer, alpha, beta)
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
                    p = pts + gained if ((leader + w) & 1) != dealer else pts
                    w2, gained2, r2 = _single_trick(_nth(a_, b_, c_, d_, w), _nth(a_, b_, c_, d_, w + 1),
                                                    _nth(a_, b_, c_, d_, w + 2), _nth(a_, b_, c_, d_, w + 3), K)
                    attackers = ((leader + w + w2) & 1) != dealer
                    v = end_value(K, p + gained2 if attackers else p, attackers)
                    v3, u3 = _better(v3, u3, v, r | r2, s3, dealer, alpha, beta)
                    if _settled(v3, s3, dealer, alpha, beta):
                        break
                v2, u2 = _better(v2, u2, v3, u3, s2, dealer, alpha, beta)
                if _settled(v2, s2, dealer, alpha, beta):
                    break
            v1, u1 = _better(v1, u1, v2, u2, s1, dealer, alpha, beta)
            if _settled(v1, s1, dealer, alpha, beta):
                break
        v0, u0 = _better(v0, u0, v1, u1, leader, dealer, alpha, beta)
        if _settled(v0, leader, dealer, alpha, beta):
            break
    return v0, u0


@helper
def last_three(h, leader, pts, alpha, beta, K):
    """Value of the last three tricks when every hand holds three single cards, by trying each
    first trick and playing out the two after it (:func:`last_two`); fail-soft outside ``(alpha,
    beta)``, with the kinds whose rank decided it as the search keeps them: ``(−1, 0)`` if that is
    not the case.

    The cards of the first trick leave ``h`` while the rest is played out
    and are put back. (No seat narrows the window as its choices come
    back: the search's windows are null windows, which cannot narrow.)
    """
    for s in range(4):
        if h[s, 1] != ZERO or popcount(h[s, 0]) != 3:
            return -1, ZERO
    ksuit, smask = K[K_SUIT], K[K_SUIT_MASK]
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
                    _toggle(h, leader, a, b, c, d)
                    p = pts + gained if (nxt & 1) != dealer else pts
                    v, r2 = last_two(h, nxt, p, alpha, beta, K)
                    _toggle(h, leader, a, b, c, d)
                    v3, u3 = _better(v3, u3, v, r | r2, s3, dealer, alpha, beta)
                    if _settled(v3, s3, dealer, alpha, beta):
                        break
                v2, u2 = _better(v2, u2, v3, u3, s2, dealer, alpha, beta)
                if _settled(v2, s2, dealer, alpha, beta):
                    break
            v1, u1 = _better(v1, u1, v2, u2, s1, dealer, alpha, beta)
            if _settled(v1, s1, dealer, alpha, beta):
                break
        v0, u0 = _better(v0, u0, v1, u1, leader, dealer, alpha, beta)
        if _settled(v0, leader, dealer, alpha, beta):
            break
    return v0, u0


@inline
def _playable(x, led):
    """The cards of ``x`` a seat may play to a trick led in the suit ``led`` (a mask): that suit's if any."""
    return x & led if x & led else x


@inline
def _toggle(h, leader, a, b, c, d):
    """Take a trick's single cards ``a..d`` (in the order played) out of the hands, or put them back."""
    h[leader, 0] ^= bit(a)
    h[(leader + 1) & 3, 0] ^= bit(b)
    h[(leader + 2) & 3, 0] ^= bit(c)
    h[(leader + 3) & 3, 0] ^= bit(d)


@inline
def _settled(v, s, dealer, alpha, beta):
    """Does seat s's value so far, ``v``, cut off its other choices (it is past the window its way)?"""
    return v >= beta if (s & 1) != dealer else v <= alpha


@inline
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
def _better(best, kinds, v, rel, s, dealer, alpha, beta):
    """Seat s's value so far and its kinds, after a child worth ``v`` resting on ``rel``: the child
    that settles the seat brings only its own kinds."""
    if _settled(v, s, dealer, alpha, beta):
        return v, rel
    if best < 0:
        return v, kinds | rel
    return (max(best, v) if (s & 1) != dealer else min(best, v)), kinds | rel


@helper
def _cashable(h, leader, skip, K):
    """The leader's *quick tricks*, ignoring suit ``skip`` (−1: none), and the kinds they rest on.

    In each suit: its cards above every card the opponents hold there, for as
    many rounds as an opponent who holds trumps still follows. It keeps the
    lead while cashing them, unless its partner holds a higher card of the
    suit and may have to overtake: such a suit is cashed last and counts one.
    """
    smask = K[K_SUIT_MASK]
    lho, pard, rho = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    quick = 0
    blocked = 0
    rel = ZERO
    for su in range(SUITS):
        m = smask[su]
        win = h[leader, 0] & m
        if su == skip or not win:
            continue
        opp = (h[lho, 0] | h[rho, 0]) & m
        if opp:
            win &= ~((top(opp) << ONE) - ONE)
        n = popcount(win)
        if su != TRUMP:
            # an opponent with trumps ruffs once he is void
            if h[lho, 0] & smask[TRUMP]:
                n = min(n, popcount(h[lho, 0] & m))
            if h[rho, 0] & smask[TRUMP]:
                n = min(n, popcount(h[rho, 0] & m))
        if n == 0:
            continue
        for _ in range(popcount(win) - n):
            win &= win - ONE  # the n highest
        rel |= win
        if h[pard, 0] & m & ~(bit(lowest(win)) - ONE):
            blocked = 1
        else:
            quick += n
    return quick + blocked, rel


@helper
def sure_tricks(h, leader, K):
    """Tricks each side is sure of from a trick start, when every play is one
    card: ``(leader's side, its kinds, other side, its kinds)``.

    The leader's side: the leader's quick tricks, or one trick crossing to a
    partner's winner with a lower card and then the partner's quick tricks in
    the other suits. The other side: the top trumps held in a row by one of
    its players (each wins a trick of its own).
    """
    smask = K[K_SUIT_MASK]
    lho, pard, rho = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    quick, rel = _cashable(h, leader, np.int64(-1), K)
    for su in range(SUITS):
        m = smask[su]
        mine = h[leader, 0] & m
        mate = h[pard, 0] & m
        if not mine or not mate:
            continue
        opp = (h[lho, 0] | h[rho, 0]) & m
        entry = top(mate)
        if entry < opp or bit(lowest(mine)) > entry:
            continue
        if su != TRUMP and ((h[lho, 0] & smask[TRUMP] and not h[lho, 0] & m)
                            or (h[rho, 0] & smask[TRUMP] and not h[rho, 0] & m)):
            continue  # the crossing would be ruffed
        more, mrel = _cashable(h, pard, su, K)
        if 1 + more > quick:
            quick = 1 + more
            rel = mrel | entry
    other = 0
    orel = ZERO
    x = (h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]) & smask[TRUMP]
    holder = -1
    while x:
        b = top(x)
        s = 0
        while not h[s, 0] & b:
            s += 1
        if ((s - leader) & 1) == 0 or (holder >= 0 and s != holder):
            break
        holder = s
        other += 1
        orel |= b
        x &= ~b
    return quick, rel, other, orel
