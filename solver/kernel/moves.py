"""Move generation, equivalent cards, and move ordering.

Generation pushes one play per group of *equivalent* plays: kinds the
mover may swap without changing anything but where points land
(:mod:`.twins`), and that are worth the same points. The canonical play of
a group gives the most copies to the weakest kinds of each chain.

Ordering scores each play for the alpha-beta: the table's best move first,
then trick heuristics — cash winners on lead, cross to a partner's winner,
play low behind a partner whose trick is safe, else win as cheaply as is
safe, else play low.

Assumes the layout of :mod:`.layout`; plays are move codes (``bits.code``).
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, ZERO, bit, code, first_kind, hand_size, kind_of, lowest, played, popcount, top
from .jit import driver, helper, inline
from .layout import (
    CTRL_OVERFLOW, K_PAR, K_POINTS, K_POWER, K_SUIT, K_SUIT_MASK, LINK_EQUAL, P_TRICK_SCORE, TR_N, TRUMP, TRUMP_POWER,
)
from .twins import equivalence


@inline
def _canonical(move, prev):
    """Is the play the representative of its group (no copy can move to a weaker twin)?"""
    n = move & 3
    for i in range(n):
        c = kind_of(move, i)
        p = prev[LINK_EQUAL + c]
        if p >= 0:
            used_c = 0
            used_p = 0
            for j in range(n):
                d = kind_of(move, j)
                used_c += d == c
                used_p += d == p
            if used_p < used_c:
                return False
    return True


@helper
def _push(n, a, b, c, prev, ms, sp, ctrl):
    """Push the play of kinds a, b, c (the first ``n`` of them, any order) if it is canonical."""
    if n == 1:
        b = a
        c = a
    elif n == 2:
        if a > b:
            a, b = b, a
        c = b
    else:
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
        if a > b:
            a, b = b, a
    move = code(n, a, b, c)
    if not _canonical(move, prev):
        return sp
    if sp >= ms.shape[0]:
        ctrl[CTRL_OVERFLOW] = 1
        return sp
    ms[sp] = move
    return sp + 1


@helper
def _push_sets(s1, s2, s3, size, f0, f1, nfixed, prev, ms, sp, ctrl):
    """Push every play made of the ``nfixed`` kinds f0, f1 and a multiset of
    ``size`` kinds from the planes (s1, s2, s3)."""
    total = nfixed + size
    if size == 0:
        return _push(total, f0, f1, f1, prev, ms, sp, ctrl)
    if size == 1:
        x = s1
        while x:
            i = lowest(x)
            x &= x - ONE
            if nfixed == 0:
                sp = _push(total, i, i, i, prev, ms, sp, ctrl)
            elif nfixed == 1:
                sp = _push(total, f0, i, i, prev, ms, sp, ctrl)
            else:
                sp = _push(total, f0, f1, i, prev, ms, sp, ctrl)
        return sp
    if size == 2:
        x = s2
        while x:
            i = lowest(x)
            x &= x - ONE
            sp = _push(total, i, i, f0, prev, ms, sp, ctrl)
        x = s1
        while x:
            i = lowest(x)
            x &= x - ONE
            y = x
            while y:
                j = lowest(y)
                y &= y - ONE
                sp = _push(total, i, j, f0, prev, ms, sp, ctrl)
        return sp
    x = s3
    while x:
        i = lowest(x)
        x &= x - ONE
        sp = _push(total, i, i, i, prev, ms, sp, ctrl)
    x = s2
    while x:
        i = lowest(x)
        x &= x - ONE
        y = s1 & ~bit(i)
        while y:
            j = lowest(y)
            y &= y - ONE
            sp = _push(total, i, i, j, prev, ms, sp, ctrl)
    x = s1
    while x:
        i = lowest(x)
        x &= x - ONE
        y = x
        while y:
            j = lowest(y)
            y &= y - ONE
            z = y
            while z:
                k = lowest(z)
                z &= z - ONE
                sp = _push(total, i, j, k, prev, ms, sp, ctrl)
    return sp


@helper
def _push_units(kinds, n, prev, ms, sp, ctrl):
    """Push a unit of ``n`` identical cards for each kind in the mask ``kinds``."""
    while kinds:
        i = lowest(kinds)
        kinds &= kinds - ONE
        sp = _push(n, i, i, i, prev, ms, sp, ctrl)
    return sp


@helper
def generate(h, tr, tno, tlen, seat, strict, K, prev, ms, sp, ctrl):
    """Push the canonical legal plays of ``seat`` onto ``ms`` from ``sp``; return the new top."""
    smask = K[K_SUIT_MASK]
    b1, b2, b3 = h[seat, 0], h[seat, 1], h[seat, 2]
    if tlen == 0:
        equivalence(h, tr, tno, tlen, seat, K, prev, np.int64(-1))
        for plane in range(3):
            sp = _push_units(h[seat, plane], plane + 1, prev, ms, sp, ctrl)
        return sp
    n = tr[tno, 0, TR_N]
    led = K[K_SUIT][tr[tno, 0, 0]]
    mask = smask[led]
    x1, x2, x3 = b1 & mask, b2 & mask, b3 & mask
    hx = popcount(x1) + popcount(x2) + popcount(x3)
    # enough of the led suit: every play is made of it, so only its cards' equivalence matters
    equivalence(h, tr, tno, tlen, seat, K, prev, led if hx >= n else np.int64(-1))
    if strict:
        exact = x2 & ~x3
        if n == 2 and exact:
            return _push_units(exact, n, prev, ms, sp, ctrl)
        if n == 3 and x3:
            return _push_units(x3, n, prev, ms, sp, ctrl)
        if n == 3 and exact:
            rest = x1 if hx >= 3 else b1 & ~mask
            x = exact
            while x:
                i = lowest(x)
                x &= x - ONE
                sp = _push_sets(rest & ~bit(i), ZERO, ZERO, np.int64(1), i, i, np.int64(2), prev, ms, sp, ctrl)
            return sp
    if hx >= n:
        return _push_sets(x1, x2, x3, n, np.int64(0), np.int64(0), np.int64(0), prev, ms, sp, ctrl)
    # fewer cards of the suit than the lead: all of them, and the rest from elsewhere
    f0 = np.int64(0)
    f1 = np.int64(0)
    nf = np.int64(0)
    for plane in range(3):
        x = h[seat, plane] & mask
        while x:
            if nf == 0:
                f0 = lowest(x)
            else:
                f1 = lowest(x)
            x &= x - ONE
            nf += 1
    return _push_sets(b1 & ~mask, b2 & ~mask, b3 & ~mask, n - nf, f0, f1, nf, prev, ms, sp, ctrl)


@inline
def play_power(move, lead_suit, ksuit, kpow):
    """The power of a play in a trick led in ``lead_suit``, or −1 if it cannot win."""
    n = move & 3
    c = first_kind(move)
    if n > 1 and kind_of(move, n - 1) != c:
        return -1
    if ksuit[c] == TRUMP or ksuit[c] == lead_suit:
        return kpow[c]
    return -1


@helper
def trick_leader(tr, tno, tlen, K):
    """``(index of the play winning trick tno so far, its power)`` after ``tlen`` ≥ 1 plays."""
    ksuit, kpow = K[K_SUIT], K[K_POWER]
    lead_suit = ksuit[tr[tno, 0, 0]]
    best_pow = -2
    first = 0
    for i in range(tlen):
        p = play_power(played(tr, tno, i), lead_suit, ksuit, kpow)
        if p > best_pow:
            best_pow = p
            first = i
    return first, best_pow


@helper
def best_unit(h, s, n, lead_suit, K):
    """The strongest unit of ``n`` cards seat ``s`` could win with against a lead
    in ``lead_suit`` (its power, or −1): same-suit units, or trump units when
    it is void in a plain suit led."""
    kpow, smask = K[K_POWER], K[K_SUIT_MASK]
    units = h[s, n - 1] & smask[lead_suit]
    if lead_suit != TRUMP and (h[s, 0] & smask[lead_suit]) == ZERO:
        units = h[s, n - 1] & smask[TRUMP]
    if not units:
        return -1
    return kpow[lowest(top(units))]  # kinds run weakest first within a suit


@helper
def opponents_best(h, leader, seat, tlen, n, lead_suit, K):
    """The strongest unit an opponent of ``seat`` still to play in this trick could win with (−1: none):
    a play of power p is threatened when this is above p."""
    best = -1
    for i in range(tlen + 1, 4):
        s = (leader + i) & 3
        if (s & 1) != (seat & 1):
            best = max(best, best_unit(h, s, n, lead_suit, K))
    return best


@helper
def order(h, tr, tno, tlen, seat, ms, lo, hi, sc, killer, tmove, K):
    """Score the moves ``ms[lo:hi]`` into ``sc``: the ``killer`` (a lead; −1: none; see
    :func:`.search.search`), the stored best move ``tmove``, then trick heuristics.

    A lead no opponent can beat comes first (cash winners, the lowest first,
    plain suits before trumps without points; where tricks score, not one an
    opponent is void in), then a low lead to a partner's
    sure winner. A follower plays low when its side already holds the trick,
    else wins as cheaply as is safe, else plays low; the second seat, where
    tricks score and no trumps are left, plays low first (:func:`second_hand_low`).
    """
    ksuit, kpow = K[K_SUIT], K[K_POWER]
    best_pow = -1
    best_seat = 0
    lead_suit = -1
    n_lead = 1
    if tlen > 0:
        lead_suit = ksuit[tr[tno, 0, 0]]
        n_lead = tr[tno, 0, TR_N]
        best_seat, best_pow = trick_leader(tr, tno, tlen, K)
    leader = (seat - tlen) & 3
    threat = opponents_best(h, leader, seat, tlen, n_lead, lead_suit, K) if tlen > 0 else -1  # once per node
    partner_safe = tlen > 0 and ((tlen - best_seat) & 1) == 0 and threat <= best_pow
    duck = second_hand_low(h, seat, tlen, n_lead, lead_suit, best_pow, threat, K)
    for m in range(lo, hi):
        move = ms[m]
        if move == killer:
            sc[m] = 1 << 41
        elif move == tmove:
            sc[m] = 1 << 40
        elif tlen == 0:
            sc[m] = lead_score(h, seat, first_kind(move), move & 3, K)
        else:
            sc[m] = follow_score(move, play_power(move, lead_suit, ksuit, kpow), partner_safe, best_pow, threat, duck,
                                 K)


@inline
def no_trumps_left(h, K):
    """No hand holds a trump (no-trump play, or every trump is out)."""
    return (K[K_SUIT_MASK][TRUMP] & (h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0])) == 0


@inline
def second_hand_low(h, seat, tlen, n, lead_suit, best_pow, threat, K):
    """How far the seat to play, ``tlen``-th, puts off winning the trick: 0 not at all; 1 a win
    the third seat could overtake comes after its low plays; 2 every win does, as the fourth seat,
    its partner, beats the trick and anything the third seat holds. Only the second seat, where
    tricks score and no trumps are left: on bridge's no-trump deals (1) saved 22 % of the nodes and
    (2) took the slowest deal from 54.4 M to 42.5 M; with trumps left (1) cost 9 % more
    (bench/RESULTS.md, session 28)."""
    if tlen != 1 or K[K_PAR][P_TRICK_SCORE] == 0 or not no_trumps_left(h, K):
        return 0
    return 2 if best_unit(h, (seat + 2) & 3, n, lead_suit, K) > max(best_pow, threat) else 1


@helper
def lead_score(h, seat, c, n, K):
    """A lead of ``n`` cards of kind c, scored for the order of trying.

    A unit no opponent can beat (the biggest first, then the lowest, so
    higher cards keep control for later, points counting against rank: they
    are cashed; a trump that carries no points after every plain winner,
    since trumps are the control), a low one to the partner's winner (with
    points: they go to the partner), not one an opponent ruffs, else the
    biggest unit (the followers must match it or break theirs), then the
    side's longest suit, low. The leads to the partner's winner and the
    others go first to the suit where the opponents have the fewest plays:
    a void opponent may play any card, and the fewer ways they have to
    answer, the smaller the tree of the lead (as DDS weighs its leads); not
    the sure winners, which so ordered cost the hardest bridge deal 24 %
    more nodes.

    Where tricks score, a winner an opponent is void in waits until after
    all of these: cashing it lets that opponent discard whatever he likes,
    and a line that keeps such winners for later is mostly as good and far
    cheaper to prove (bridge's 60 full deals, with the opponents' plays
    weighed: −26 % nodes; where points score, as in Huolong, cashing first
    paid: bench/RESULTS.md, session 25). And once no trumps are left, a
    sure winner comes after the leads to the partner's winner: in no-trump
    play a winner is also an entry, and cashing it first was the lead that
    failed most often on the hardest bridge deal, whose value took 58 %
    fewer nodes so (session 27).
    """
    ksuit, kpow, kpts, smask = K[K_SUIT], K[K_POWER], K[K_POINTS], K[K_SUIT_MASK]
    su = ksuit[c]
    lho = best_unit(h, (seat + 1) & 3, n, su, K)
    rho = best_unit(h, (seat + 3) & 3, n, su, K)
    in_lho = popcount(h[(seat + 1) & 3, 0] & smask[su])
    in_rho = popcount(h[(seat + 3) & 3, 0] & smask[su])
    if max(lho, rho) <= kpow[c]:
        if K[K_PAR][P_TRICK_SCORE] > 0:
            if in_lho == 0 or in_rho == 0:
                return -(1 << 18) - kpow[c]  # a winner that waits: an opponent would discard freely
            if no_trumps_left(h, K):
                return (1 << 18) + (1 << 17) - kpow[c] * 8  # no trumps: after the leads to the partner's winner
        score = (1 << 20) + n * 4096 - kpow[c] * 8 + kpts[c] * 15
        if su == TRUMP and kpts[c] == 0:
            score -= 1 << 19  # still above the leads that win nothing
        return score
    # the opponents' ways to answer the lead: a void one may play its whole hand
    choice = (in_lho if in_lho else hand_size(h, (seat + 1) & 3)) + (in_rho if in_rho else hand_size(h, (seat + 3) & 3))
    mate = best_unit(h, (seat + 2) & 3, n, su, K)
    if mate > lho and mate > rho:
        return (1 << 19) - (choice << 8) - kpow[c] + kpts[c] * 16
    if su != TRUMP and (lho >= TRUMP_POWER or rho >= TRUMP_POWER):
        return -(1 << 19) - kpow[c]
    side = smask[su] & (h[seat, 0] | h[(seat + 2) & 3, 0])
    return n * 1024 + (popcount(side) << 4) - (choice << 8) - kpow[c]


@inline
def follow_score(move, power, partner_safe, best_pow, threat, duck, K):
    """A follower's play of trick ``power``, scored for the order of trying: low when its side
    already holds the trick, else the cheapest win that is safe, then a win that is not, else low
    (points counting against rank). ``duck`` (:func:`second_hand_low`) 1: a win that is not safe
    comes after the low plays; 2: every win does."""
    kpts, kpow = K[K_POINTS], K[K_POWER]
    pts = 0
    pw = 0
    for i in range(move & 3):
        c = kind_of(move, i)
        pts += kpts[c]
        pw += kpow[c]
    if partner_safe:
        return pts * 16 - pw
    if power > best_pow:
        if duck == 2 or (duck == 1 and threat > power):
            return -100000 + pts * 16 - power  # second hand low: after the low plays
        return (50000 if threat > power else 100000) + pts * 16 - power
    return -pts * 16 - pw


@inline
def select_next(ms, sc, m, hi):
    """Swap the best-scored of the moves ``ms[m:hi]`` into place ``m`` (one step of a selection sort)."""
    j = m
    for q in range(m + 1, hi):
        if sc[q] > sc[j]:
            j = q
    move = ms[j]
    ms[j] = ms[m]
    ms[m] = move
    s = sc[j]
    sc[j] = sc[m]
    sc[m] = s
    return move


@driver
def sorted_plays(h, tr, tno, tlen, seat, strict, K, ms, sc, prev, ctrl, out, start):
    """The canonical plays of the seat to move into ``out[start:]``, most promising
    first (a stable sort: equal scores keep the generation order); returns how many.
    Fills the equivalence links ``prev``; overwrites the bottom of ``ms`` and ``sc``."""
    first = np.int64(0)
    n = generate(h, tr, tno, tlen, seat, strict, K, prev, ms, first, ctrl)
    order(h, tr, tno, tlen, seat, ms, first, n, sc, np.int64(-1), np.int64(-1), K)
    for m in range(n):  # insertion sort by descending score
        move = ms[m]
        s = sc[m]
        j = m
        while j > 0 and sc[j - 1] < s:
            out[start + j] = out[start + j - 1]
            sc[j] = sc[j - 1]
            j -= 1
        out[start + j] = move
        sc[j] = s
    return n
