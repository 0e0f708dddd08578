"""The jitted double-dummy search: flat functions over arrays, nothing else.

All of the project's Numba code lives in this one module, because Numba's
on-disk cache does not notice edits in other files.

State of a search
-----------------
``h[seat, plane]``      (seats numbered in the order of play) uint64 bitboards of each hand over 54 *kinds*: plane 0
                        has bit k set when the seat holds ≥ 1 copy of kind k,
                        plane 1 ≥ 2 copies, plane 2 all 3. Kinds are card
                        kinds renumbered per (level, trump) so that every
                        effective suit is a run of bits, weakest first.
``tr[trick, i, 0..2]``  kinds of the i-th play of each trick; ``tr[t, i, 3]``
                        its number of cards (1..3).

Constants (tuple ``K``), built by :mod:`.encode`:
``ksuit``  effective suit of each kind (4 = trumps), ``kpow`` trick power
(trumps +100), ``kpts`` card points, ``gmask`` kinds of equal power,
``smask`` the kinds of each suit, ``leaf[dug, points // 5]`` the value of a
finished hand, ``zob`` / ``zlead`` / ``zpts`` / ``zrel`` Zobrist keys (made
from a fixed seed by :mod:`.encode`), ``par`` = (dealer parity, dig bonus,
points are in the key, score of each trick — 0 in Huolong, where cards score).

Values are whatever ``leaf`` says; the attackers maximise them. ``leaf`` is
monotone in points and in the dig, which the trick-boundary bounds rely on.
The transposition table stores, at trick boundaries only, bounds on
``value − leaf[0, points // 5]``: independent of the points already taken
when ``leaf`` is additive; when it is not, the points are hashed into the key.
Its entries are *classes* of positions (partition search, DDS's "winning
ranks"): per suit the top live kinds, in relative ranks, down to the weakest
whose rank decided a trick below (and every kind with points, copies or ties),
and for the smaller cards only how many each seat holds. See
:func:`classify`, :func:`_store`, :func:`_probe`; a bucket holds ``WAYS``
classes of one hand shape.

Move codes: ``n | c0 << 2 | c1 << 8 | c2 << 14`` with kinds c0 ≤ c1 ≤ c2.
"""

from __future__ import annotations

import numpy as np
from numba import njit

INF = 1 << 60
SUITS = 5  # kernel suit slots: up to four plain suits (no-trump), then the trumps
TRUMP = 4
TRUMP_POWER = 100  # trumps' powers are raised by this (see encode)
ONE = np.uint64(1)
ZERO = np.uint64(0)
CTRL_NODES, CTRL_LIMIT, CTRL_STOP, CTRL_ABORTED, CTRL_OVERFLOW, CTRL_PASSES = 0, 1, 2, 3, 4, 5


@njit(cache=True, inline="always")
def _pop(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def _low(x):
    """Index of the lowest set bit of a non-zero word."""
    return _pop((x & (~x + ONE)) - ONE)


@njit(cache=True, inline="always")
def _bit(k):
    return ONE << np.uint64(k)


@njit(cache=True, inline="always")
def _count(h, seat, k):
    b = _bit(k)
    return np.int64((h[seat, 0] & b) != ZERO) + np.int64((h[seat, 1] & b) != ZERO) + np.int64((h[seat, 2] & b) != ZERO)


@njit(cache=True, inline="always")
def _remove(h, seat, k, zob, key):
    b = _bit(k)
    if h[seat, 2] & b:
        h[seat, 2] ^= b
        return key ^ zob[seat, 2, k]
    if h[seat, 1] & b:
        h[seat, 1] ^= b
        return key ^ zob[seat, 1, k]
    h[seat, 0] ^= b
    return key ^ zob[seat, 0, k]


@njit(cache=True, inline="always")
def _add(h, seat, k):
    b = _bit(k)
    if not h[seat, 0] & b:
        h[seat, 0] |= b
    elif not h[seat, 1] & b:
        h[seat, 1] |= b
    else:
        h[seat, 2] |= b


@njit(cache=True, inline="always")
def _code(n, a, b, c):
    return n | (a << 2) | (b << 8) | (c << 14)


@njit(cache=True, inline="always")
def _decode(code, i):
    if i == 0:
        return (code >> 2) & 63
    if i == 1:
        return (code >> 8) & 63
    return (code >> 14) & 63


@njit(cache=True)
def hand_key(h, leader, zob, zlead):
    """Exact Zobrist key of the hands and the leader; the search updates it play by play."""
    key = zlead[leader]
    for seat in range(4):
        for plane in range(3):
            x = h[seat, plane]
            while x:
                k = _low(x)
                x &= x - ONE
                key ^= zob[seat, plane, k]
    return key


@njit(cache=True)
def equivalence(h, tr, tno, tlen, seat, K, prev):
    """For each kind the seat holds, the next weaker kind it may be swapped with, or −1.

    Two kinds are interchangeable for this seat when they are neighbours
    among the cards still in play (hands and the trick), both held only by
    this seat and in equal numbers, worth the same points, and no other card
    in play ties either of them (DDS's relative ranks, for three copies).
    Swapping them maps the position onto itself, so one play of each group
    is enough.
    """
    kpow, kpts, gmask, smask = K[1], K[2], K[3], K[4]
    trick_bits = ZERO
    for i in range(tlen):
        for j in range(tr[tno, i, 3]):
            trick_bits |= _bit(tr[tno, i, j])
    others = trick_bits
    for s in range(4):
        if s != seat:
            others |= h[s, 0]
    mine = h[seat, 0]
    live = others | mine
    for su in range(SUITS):
        x = live & smask[su]
        last = -1
        while x:
            k = _low(x)
            x &= x - ONE
            if mine & _bit(k):
                prev[k] = -1
                if (
                    last >= 0
                    and mine & _bit(last)
                    and not others & _bit(last)
                    and not others & _bit(k)
                    and kpts[last] == kpts[k]
                    and _count(h, seat, last) == _count(h, seat, k)
                ):
                    if kpow[last] == kpow[k] or (
                        (live & gmask[last]) == _bit(last) and (live & gmask[k]) == _bit(k)
                    ):
                        prev[k] = last
            last = k


@njit(cache=True, inline="always")
def _canonical(code, prev):
    n = code & 3
    for i in range(n):
        c = _decode(code, i)
        p = prev[c]
        if p >= 0:
            used_c = 0
            used_p = 0
            for j in range(n):
                d = _decode(code, j)
                used_c += d == c
                used_p += d == p
            if used_p < used_c:
                return False
    return True


@njit(cache=True, inline="always")
def _push(code, prev, ms, sp, ctrl):
    if not _canonical(code, prev):
        return sp
    if sp >= ms.shape[0]:
        ctrl[CTRL_OVERFLOW] = 1
        return sp
    ms[sp] = code
    return sp + 1


@njit(cache=True, inline="always")
def _push3(n, a, b, c, prev, ms, sp, ctrl):
    """Push the play of kinds a, b, c (the first ``n`` of them) in sorted order."""
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
    return _push(_code(n, a, b, c), prev, ms, sp, ctrl)


@njit(cache=True)
def _push_sets(s1, s2, s3, size, f0, f1, nfixed, prev, ms, sp, ctrl):
    """Push every play made of the ``nfixed`` kinds f0, f1 and a multiset of
    ``size`` kinds from the planes (s1, s2, s3)."""
    total = nfixed + size
    if size == 0:
        return _push3(total, f0, f1, f1, prev, ms, sp, ctrl)
    if size == 1:
        x = s1
        while x:
            i = _low(x)
            x &= x - ONE
            if nfixed == 0:
                sp = _push3(1, i, i, i, prev, ms, sp, ctrl)
            elif nfixed == 1:
                sp = _push3(2, f0, i, i, prev, ms, sp, ctrl)
            else:
                sp = _push3(3, f0, f1, i, prev, ms, sp, ctrl)
        return sp
    if size == 2:
        x = s2
        while x:
            i = _low(x)
            x &= x - ONE
            sp = _push3(total, i, i, f0, prev, ms, sp, ctrl)
        x = s1
        while x:
            i = _low(x)
            x &= x - ONE
            y = x
            while y:
                j = _low(y)
                y &= y - ONE
                sp = _push3(total, i, j, f0, prev, ms, sp, ctrl)
        return sp
    x = s3
    while x:
        i = _low(x)
        x &= x - ONE
        sp = _push3(3, i, i, i, prev, ms, sp, ctrl)
    x = s2
    while x:
        i = _low(x)
        x &= x - ONE
        y = s1 & ~_bit(i)
        while y:
            j = _low(y)
            y &= y - ONE
            sp = _push3(3, i, i, j, prev, ms, sp, ctrl)
    x = s1
    while x:
        i = _low(x)
        x &= x - ONE
        y = x
        while y:
            j = _low(y)
            y &= y - ONE
            z = y
            while z:
                k = _low(z)
                z &= z - ONE
                sp = _push3(3, i, j, k, prev, ms, sp, ctrl)
    return sp


@njit(cache=True, inline="always")
def _push_units(kinds, n, prev, ms, sp, ctrl):
    """Push a unit of ``n`` identical cards for each kind in the mask ``kinds``."""
    while kinds:
        i = _low(kinds)
        kinds &= kinds - ONE
        sp = _push(_code(n, i, i, i), prev, ms, sp, ctrl)
    return sp


@njit(cache=True)
def generate(h, tr, tno, tlen, seat, strict, K, prev, ms, sp, ctrl):
    """Push the canonical legal plays of ``seat`` onto ``ms`` from ``sp``; return the new top."""
    smask = K[4]
    equivalence(h, tr, tno, tlen, seat, K, prev)
    b1, b2, b3 = h[seat, 0], h[seat, 1], h[seat, 2]
    if tlen == 0:
        for plane in range(3):
            sp = _push_units(h[seat, plane], plane + 1, prev, ms, sp, ctrl)
        return sp
    n = tr[tno, 0, 3]
    mask = smask[K[0][tr[tno, 0, 0]]]
    x1, x2, x3 = b1 & mask, b2 & mask, b3 & mask
    hx = _pop(x1) + _pop(x2) + _pop(x3)
    if strict:
        exact = x2 & ~x3
        if n == 2 and exact:
            return _push_units(exact, 2, prev, ms, sp, ctrl)
        if n == 3 and x3:
            return _push_units(x3, 3, prev, ms, sp, ctrl)
        if n == 3 and exact:
            rest = x1 if hx >= 3 else b1 & ~mask
            x = exact
            while x:
                i = _low(x)
                x &= x - ONE
                sp = _push_sets(rest & ~_bit(i), ZERO, ZERO, 1, i, i, 2, prev, ms, sp, ctrl)
            return sp
    if hx >= n:
        return _push_sets(x1, x2, x3, n, 0, 0, 0, prev, ms, sp, ctrl)
    # fewer cards of the suit than the lead: all of them, and the rest from elsewhere
    f0 = 0
    f1 = 0
    nf = 0
    for plane in range(3):
        x = h[seat, plane] & mask
        while x:
            if nf == 0:
                f0 = _low(x)
            else:
                f1 = _low(x)
            x &= x - ONE
            nf += 1
    return _push_sets(b1 & ~mask, b2 & ~mask, b3 & ~mask, n - nf, f0, f1, nf, prev, ms, sp, ctrl)


@njit(cache=True, inline="always")
def _play_power(code, lead_suit, ksuit, kpow):
    n = code & 3
    c = _decode(code, 0)
    if n > 1 and _decode(code, n - 1) != c:
        return -1
    if ksuit[c] == TRUMP or ksuit[c] == lead_suit:
        return kpow[c]
    return -1


@njit(cache=True)
def _order(h, tr, tno, tlen, seat, ms, lo, hi, sc, tmove, K):
    """Score moves for ordering: the stored best move, then trick heuristics.

    A lead no opponent can beat comes first (cash winners), then a low lead
    to a partner's sure winner. A follower plays low when its side already
    holds the trick, else wins as cheaply as is safe, else plays low.
    """
    ksuit, kpow, kpts = K[0], K[1], K[2]
    best_pow = -1
    best_seat = 0
    lead_suit = -1
    n_lead = 1
    if tlen > 0:
        lead_suit = ksuit[tr[tno, 0, 0]]
        n_lead = tr[tno, 0, 3]
        for i in range(tlen):
            code = tr[tno, i, 3] | (tr[tno, i, 0] << 2) | (tr[tno, i, 1] << 8) | (tr[tno, i, 2] << 14)
            p = _play_power(code, lead_suit, ksuit, kpow)
            if p > best_pow:
                best_pow = p
                best_seat = i
    leader = (seat - tlen) & 3
    partner_wins = tlen > 0 and ((tlen - best_seat) & 1) == 0
    partner_safe = partner_wins and not _threatened(h, leader, seat, tlen, n_lead, lead_suit, best_pow, K)
    for m in range(lo, hi):
        code = ms[m]
        n = code & 3
        pts = 0
        pw = 0
        for i in range(n):
            c = _decode(code, i)
            pts += kpts[c]
            pw += kpow[c]
        c = _decode(code, 0)
        if code == tmove:
            sc[m] = 1 << 40
        elif tlen == 0:
            sc[m] = kpow[c] * 8 + n * 64 - kpts[c]
            if n == 1 and K[8][4] == 1:
                su = ksuit[c]
                if not _threatened(h, seat, seat, 0, 1, su, kpow[c], K):
                    sc[m] += 1 << 20
                else:
                    mate = _best_unit(h, (seat + 2) & 3, 1, su, K)
                    lho = _best_unit(h, (seat + 1) & 3, 1, su, K)
                    rho = _best_unit(h, (seat + 3) & 3, 1, su, K)
                    if mate > lho and mate > rho:
                        sc[m] = (1 << 19) - kpow[c]
                    elif su != TRUMP and (lho >= TRUMP_POWER or rho >= TRUMP_POWER):
                        sc[m] = -(1 << 19) - kpow[c]  # an opponent ruffs it
                    else:
                        side = K[4][su] & (h[seat, 0] | h[(seat + 2) & 3, 0])
                        sc[m] = (_pop(side) << 4) - kpow[c]
        else:
            power = _play_power(code, lead_suit, ksuit, kpow)
            if partner_safe:
                sc[m] = pts * 16 - pw
            elif power > best_pow:
                if _threatened(h, leader, seat, tlen, n, lead_suit, power, K):
                    sc[m] = 50000 + pts * 16 - power
                else:
                    sc[m] = 100000 + pts * 16 - power
            else:
                sc[m] = -pts * 16 - pw


# Columns of FK, the per-frame uint64 words.
FK_KEY, FK_SHAPE, FK_UNION, FK_BESTREL, FK_TRICKREL, FK_FIXED = range(6)
FK_PREFIX = 6  # then, per suit, the prefix keys of its top 0..21 live kinds
PREFIX_STRIDE = 23
FK_FIELDS = FK_PREFIX + SUITS * PREFIX_STRIDE
WAYS = 128  # table entries per bucket: one bucket holds the classes of one shape
CUT_BITS = 5


@njit(cache=True, inline="always")
def _mix(s, v):
    s = (s ^ np.uint64(v)) * np.uint64(0x9E3779B97F4A7C15)
    return s ^ (s >> np.uint64(29))


@njit(cache=True, inline="always")
def _class_key(FK, d, cut):
    key = ZERO
    for su in range(SUITS):
        key ^= FK[d, FK_PREFIX + su * PREFIX_STRIDE + ((cut >> (CUT_BITS * su)) & 31)]
    return key


@njit(cache=True)
def _top_kinds(h, cut, smask):
    """The kinds a class fixes: the top ``cut`` live kinds of each suit."""
    live = h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]
    out = ZERO
    for su in range(SUITS):
        c = (cut >> (CUT_BITS * su)) & 31
        if c:
            x = live & smask[su]
            for _ in range(_pop(x) - c):
                x &= x - ONE
            out |= x
    return out


@njit(cache=True)
def _cut(h, rel, smask):
    """The class of a result that depended on the kinds ``rel``: per suit, how
    many live kinds from the top must stay exact (down to the weakest in ``rel``)."""
    live = h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]
    cut = 0
    for su in range(SUITS):
        x = live & smask[su]
        r = rel & x
        if r:
            low = _bit(_low(r)) - ONE
            cut |= _pop(x & ~low) << (CUT_BITS * su)
    return cut


@njit(cache=True)
def classify(h, leader, K, FK, d):
    """Describe the position at a trick start for the table (partition search).

    Returns ``(shape, rem)``: ``shape`` hashes what every member of the
    position's classes shares — the leader, each seat's number of cards in
    each suit, and per suit the number of live kinds, of ties and of points —
    and ``rem`` is what is still to be scored. Fills ``FK[d]``: per suit the
    prefix keys of its top 0, 1, 2, … live kinds (each with its copies per
    seat, its points and whether it ties the kind below), and the *fixed*
    kinds, which must stay exact in every class: kinds with points, with more
    than one copy in play, or tied in power with another.
    """
    kpow, kpts, smask, zrel, par = K[1], K[2], K[4], K[10], K[8]
    shape = _mix(np.uint64(0x2545F4914F6CDD1D), leader)
    rem = par[3] * (_pop(h[leader, 0]) + _pop(h[leader, 1]) + _pop(h[leader, 2]))
    fixed = ZERO
    live = h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]
    for su in range(SUITS):
        base = FK_PREFIX + su * PREFIX_STRIDE
        x = live & smask[su]
        j = _pop(x)  # slot of the weakest live kind, counted from the top
        n = j
        last_pow = -1
        last_k = 0
        ties = 0
        points = 0
        n0 = 0
        n1 = 0
        n2 = 0
        n3 = 0
        while x:
            k = _low(x)
            x &= x - ONE
            c0, c1, c2, c3 = _count(h, 0, k), _count(h, 1, k), _count(h, 2, k), _count(h, 3, k)
            n0 += c0
            n1 += c1
            n2 += c2
            n3 += c3
            copies = c0 + c1 + c2 + c3
            points += kpts[k] * copies
            tie = kpow[k] == last_pow
            sig = (((c0 * 4 + c1) * 4 + c2) * 4 + c3) * 6 + (kpts[k] // 5) * 2 + np.int64(tie)
            if copies != 1 or kpts[k] != 0:
                fixed |= _bit(k)
            if tie:
                fixed |= _bit(k) | _bit(last_k)
                ties += 1
            FK[d, base + j] = zrel[su, j - 1, sig]
            j -= 1
            last_pow = kpow[k]
            last_k = k
        FK[d, base] = ZERO
        for i in range(1, n + 1):
            FK[d, base + i] ^= FK[d, base + i - 1]
        rem += points
        shape = _mix(_mix(_mix(_mix(shape, n0), n1), n2), n3)
        shape = _mix(_mix(_mix(shape, n), ties), points)
    FK[d, FK_FIXED] = fixed
    # every class keeps the fixed kinds exact, so they can pick the bucket too
    shape = _mix(shape, _class_key(FK, d, _cut(h, fixed, smask)))
    return shape | ONE, rem


@njit(cache=True)
def _store(T, h, FK, d, shape, rel, lo, hi, move, smask, stamp):
    """Record bounds (relative to the trick start's base) for the class of the
    position fixed by the kinds ``rel``; merge with the same class if present."""
    tshape, tkey, tcut, tlo, thi, tbest, tstamp = T
    rel |= FK[d, FK_FIXED]
    cut = _cut(h, rel, smask)
    key = _class_key(FK, d, cut)
    base = np.int64(shape & np.uint64(tshape.shape[0] // WAYS - 1)) * WAYS
    slot = base
    found = False
    for e in range(base, base + WAYS):
        if tshape[e] == shape and tcut[e] == cut and tkey[e] == key:
            slot = e
            found = True
            break
        if tstamp[e] < tstamp[slot]:
            slot = e
    if not found:
        tshape[slot] = shape
        tcut[slot] = cut
        tkey[slot] = key
        tlo[slot] = -INF
        thi[slot] = INF
    if lo > tlo[slot]:
        tlo[slot] = lo
    if hi < thi[slot]:
        thi[slot] = hi
    if move >= 0:
        tbest[slot] = move
    tstamp[slot] = stamp


@njit(cache=True)
def _last_single(h, leader, pts, K):
    """Value of the last trick when every hand holds one card, and the kinds whose
    rank decided it: ``(−1, 0)`` if that is not the case."""
    ksuit, kpow, kpts, leaf, par = K[0], K[1], K[2], K[5], K[8]
    for s in range(4):
        if h[s, 1] != ZERO or _pop(h[s, 0]) != 1:
            return -1, ZERO
    lead = _low(h[leader, 0])
    lead_suit = ksuit[lead]
    best_pow = kpow[lead]
    winner = leader
    best = lead
    gained = kpts[lead] + par[3]
    for i in range(1, 4):
        s = (leader + i) & 3
        k = _low(h[s, 0])
        gained += kpts[k]
        if ksuit[k] == TRUMP or ksuit[k] == lead_suit:
            if kpow[k] > best_pow:
                best_pow = kpow[k]
                winner = s
                best = k
    rel = ZERO
    for s in range(4):
        k = _low(h[s, 0])
        if k != best and ksuit[k] == ksuit[best]:
            rel = _bit(best)  # it beat a card of its own suit: its rank mattered
    if (winner & 1) != par[0]:
        return leaf[1, (pts + gained + par[1]) // 5], rel
    return leaf[0, pts // 5], rel


@njit(cache=True)
def _probe(T, FK, d, shape):
    """Bounds from every stored class the position belongs to:
    ``(lo, hi, class of lo, class of hi, a best move)``."""
    tshape, tkey, tcut, tlo, thi, tbest = T[0], T[1], T[2], T[3], T[4], T[5]
    base = np.int64(shape & np.uint64(tshape.shape[0] // WAYS - 1)) * WAYS
    lo = -INF
    hi = INF
    cut_lo = 0
    cut_hi = 0
    move = -1
    for e in range(base, base + WAYS):
        if tshape[e] == shape and tkey[e] == _class_key(FK, d, tcut[e]):
            if tlo[e] > lo:
                lo = tlo[e]
                cut_lo = tcut[e]
            if thi[e] < hi:
                hi = thi[e]
                cut_hi = tcut[e]
            if tbest[e] >= 0:
                move = tbest[e]
    return lo, hi, cut_lo, cut_hi, move


@njit(cache=True, inline="always")
def _top(x):
    """The highest set bit of a non-zero word, as a word."""
    while x & (x - ONE):
        x &= x - ONE
    return x


@njit(cache=True)
def _cashable(h, leader, skip, K):
    """The leader's *quick tricks*, ignoring suit ``skip`` (−1: none), and the kinds they rest on.

    In each suit: its cards above every card the opponents hold there, for as
    many rounds as an opponent who holds trumps still follows. It keeps the
    lead while cashing them, unless its partner holds a higher card of the
    suit and may have to overtake: such a suit is cashed last and counts one.
    """
    smask = K[4]
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
            win &= ~((_top(opp) << ONE) - ONE)
        n = _pop(win)
        if su != TRUMP:
            # an opponent with trumps ruffs once he is void
            if h[lho, 0] & smask[TRUMP]:
                n = min(n, _pop(h[lho, 0] & m))
            if h[rho, 0] & smask[TRUMP]:
                n = min(n, _pop(h[rho, 0] & m))
        if n == 0:
            continue
        for _ in range(_pop(win) - n):
            win &= win - ONE  # the n highest
        rel |= win
        if h[pard, 0] & m & ~(_bit(_low(win)) - ONE):
            blocked = 1
        else:
            quick += n
    return quick + blocked, rel


@njit(cache=True)
def _sure_tricks(h, leader, K):
    """Tricks each side is sure of from a trick start, when every play is one
    card: ``(leader's side, its kinds, other side, its kinds)``.

    The leader's side: the leader's quick tricks, or one trick crossing to a
    partner's winner with a lower card and then the partner's quick tricks in
    the other suits. The other side: the top trumps held in a row by one of
    its players (each wins a trick of its own).
    """
    smask = K[4]
    lho, pard, rho = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    quick, rel = _cashable(h, leader, -1, K)
    for su in range(SUITS):
        m = smask[su]
        mine = h[leader, 0] & m
        mate = h[pard, 0] & m
        if not mine or not mate:
            continue
        opp = (h[lho, 0] | h[rho, 0]) & m
        entry = _top(mate)
        if entry < opp or _bit(_low(mine)) > entry:
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
        b = _top(x)
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


@njit(cache=True)
def _with_runs(h, tr, tno, tlen, seat, rel, K):
    """``rel`` and the mover's unbroken run below the weakest kind of ``rel`` in each suit.

    A node that tried every move skipped plays equivalent to tried ones (kinds
    next to each other, held by the mover alone). That stays true in every
    position of the class only if the class cannot split such a run between
    its exact top and its loose smaller cards.
    """
    smask = K[4]
    others = ZERO
    for i in range(tlen):
        for j in range(tr[tno, i, 3]):
            others |= _bit(tr[tno, i, j])
    for s in range(4):
        if s != seat:
            others |= h[s, 0]
    mine = h[seat, 0]
    live = others | mine
    out = rel
    for su in range(SUITS):
        r = rel & live & smask[su]
        if not r:
            continue
        k = _bit(_low(r))
        if not mine & k:
            continue
        below = live & smask[su] & (k - ONE)
        while below:
            b = _top(below)
            if not mine & b or others & b:
                break
            out |= b
            below &= ~b
    return out


# Frame fields of the explicit search stack (one frame per ply).
F_TNO, F_TLEN, F_LEADER, F_PTS, F_ALPHA, F_BETA, F_A, F_B, F_BEST, F_BESTMOVE = range(10)
F_LO, F_HI, F_CUR, F_TT, F_BASE, F_MAX, F_MOVE = range(10, 17)
F_FIELDS = 17
MAX_PLIES = 4 * 44


@njit(cache=True, nogil=True)
def search(h, tr, tlen, leader, pts, key, alpha, beta, strict, K, T, ms, sc, prev, ctrl, F, FK):
    """Fail-soft alpha-beta: the value of the position, or a bound outside (alpha, beta).

    The trick in progress is ``tr[0]``. The search is iterative over an
    explicit stack of frames (``F``; the uint64 words in ``FK``): a cached
    Numba function may not be recursive (numba issue #6061).

    Partition search (DDS's "winning ranks"): every result comes with the
    kinds whose rank decided a trick below it (``rel``). The table stores a
    bound for the whole class of positions that agree on those kinds and on
    everything above them, with only the number of smaller cards per seat
    and suit fixed; see :func:`classify`.
    """
    leaf, smask = K[5], K[4]
    zob, zpts, par = K[6], K[7], K[8]
    d = 0
    F[0, F_TNO] = 0
    F[0, F_TLEN] = tlen
    F[0, F_LEADER] = leader
    F[0, F_PTS] = pts
    F[0, F_ALPHA] = alpha
    F[0, F_BETA] = beta
    F[0, F_LO] = 0
    FK[0, FK_KEY] = key
    mode = 0  # 0: enter frame d; 1: a child of d returned v; 2: try the next move of d
    v = 0
    rel = ZERO  # the kinds whose rank decided v
    while True:
        if mode == 0:
            ctrl[CTRL_NODES] += 1
            if ctrl[CTRL_STOP] != 0 or (ctrl[CTRL_LIMIT] > 0 and ctrl[CTRL_NODES] > ctrl[CTRL_LIMIT]):
                ctrl[CTRL_ABORTED] = 1
                return 0
            tno, tl, ld, p = F[d, F_TNO], F[d, F_TLEN], F[d, F_LEADER], F[d, F_PTS]
            al, be = F[d, F_ALPHA], F[d, F_BETA]
            seat = (ld + tl) & 3
            F[d, F_TT] = 0
            tmove = -1
            immediate = False
            if tl == 0:
                base = leaf[0, p // 5]
                F[d, F_BASE] = base
                last, rel = _last_single(h, ld, p, K)
                if last >= 0:
                    v = last
                    immediate = True
                else:
                    shape, rem = classify(h, ld, K, FK, d)
                    # bounds from the points still in play: they can only be gained
                    top = leaf[1, (p + rem + par[1]) // 5]
                    rel = ZERO
                    if top <= al:
                        v = top
                        immediate = True
                    elif base >= be:
                        v = base
                        immediate = True
                    elif par[3] > 0 and par[4] == 1:
                        # tricks score and every play is one card: sure tricks bound the rest
                        quick, qrel, other, orel = _sure_tricks(h, ld, K)
                        if (ld & 1) == par[0]:  # the dealer's side leads: its sure tricks cap the attackers
                            quick, qrel, other, orel = other, orel, quick, qrel
                        low = leaf[0, (p + quick * par[3]) // 5]
                        high = leaf[1, (p + rem - other * par[3] + par[1]) // 5]
                        if low >= be:
                            v, rel, immediate = low, qrel, True
                        elif high <= al:
                            v, rel, immediate = high, orel, True
                    if not immediate:
                        if par[2]:
                            shape ^= zpts[p // 5]
                        FK[d, FK_SHAPE] = shape
                        F[d, F_TT] = 1
                        lo, hi, cut_lo, cut_hi, tmove = _probe(T, FK, d, shape)
                        lo += base
                        hi += base
                        if lo >= be:
                            v = lo
                            rel = _top_kinds(h, cut_lo, smask)
                            immediate = True
                        elif hi <= al:
                            v = hi
                            rel = _top_kinds(h, cut_hi, smask)
                            immediate = True
                        elif lo == hi:
                            v = lo
                            rel = _top_kinds(h, cut_lo, smask) | _top_kinds(h, cut_hi, smask)
                            immediate = True
            if immediate:
                if d == 0:
                    return v
                d -= 1
                mode = 1
                continue
            lo_sp = F[d, F_LO]
            top_sp = generate(h, tr, tno, tl, seat, strict, K, prev, ms, lo_sp, ctrl)
            if ctrl[CTRL_OVERFLOW]:
                ctrl[CTRL_ABORTED] = 1
                return 0
            _order(h, tr, tno, tl, seat, ms, lo_sp, top_sp, sc, tmove, K)
            F[d, F_HI] = top_sp
            F[d, F_CUR] = lo_sp
            maximize = (seat & 1) != par[0]
            F[d, F_MAX] = maximize
            F[d, F_BEST] = -INF if maximize else INF
            F[d, F_BESTMOVE] = -1
            F[d, F_A] = al
            F[d, F_B] = be
            FK[d, FK_UNION] = ZERO
            FK[d, FK_BESTREL] = ZERO
            mode = 2
        elif mode == 1:
            code = F[d, F_MOVE]
            tno, tl, ld = F[d, F_TNO], F[d, F_TLEN], F[d, F_LEADER]
            seat = (ld + tl) & 3
            for i in range(code & 3):
                _add(h, seat, _decode(code, i))
            rel |= FK[d, FK_TRICKREL]
            FK[d, FK_UNION] |= rel
            if F[d, F_MAX]:
                if v > F[d, F_BEST]:
                    F[d, F_BEST] = v
                    F[d, F_BESTMOVE] = code
                    FK[d, FK_BESTREL] = rel
                    if v > F[d, F_A]:
                        F[d, F_A] = v
            else:
                if v < F[d, F_BEST]:
                    F[d, F_BEST] = v
                    F[d, F_BESTMOVE] = code
                    FK[d, FK_BESTREL] = rel
                    if v < F[d, F_B]:
                        F[d, F_B] = v
            F[d, F_CUR] += 1
            mode = 2
        else:
            m, top_sp = F[d, F_CUR], F[d, F_HI]
            if m >= top_sp or F[d, F_A] >= F[d, F_B]:
                best = F[d, F_BEST]
                # a cutoff is proved by the best move alone; any other bound needs every move
                if (best >= F[d, F_BETA]) if F[d, F_MAX] else (best <= F[d, F_ALPHA]):
                    rel = FK[d, FK_BESTREL]
                else:
                    tno, tl, ld = F[d, F_TNO], F[d, F_TLEN], F[d, F_LEADER]
                    rel = _with_runs(h, tr, tno, tl, (ld + tl) & 3, FK[d, FK_UNION], K)
                if F[d, F_TT]:
                    b = F[d, F_BASE]
                    lo = best - b if best > F[d, F_ALPHA] else -INF
                    hi = best - b if best < F[d, F_BETA] else INF
                    _store(T, h, FK, d, FK[d, FK_SHAPE], rel, lo, hi, F[d, F_BESTMOVE], smask, ctrl[CTRL_NODES])
                if d == 0:
                    return best
                v = best
                d -= 1
                mode = 1
                continue
            # selection sort: the best-scored remaining move next
            j = m
            for q in range(m + 1, top_sp):
                if sc[q] > sc[j]:
                    j = q
            code = ms[j]
            ms[j] = ms[m]
            ms[m] = code
            s_ = sc[j]
            sc[j] = sc[m]
            sc[m] = s_
            F[d, F_MOVE] = code
            tno, tl, ld, p = F[d, F_TNO], F[d, F_TLEN], F[d, F_LEADER], F[d, F_PTS]
            seat = (ld + tl) & 3
            child_key = FK[d, FK_KEY]
            for i in range(code & 3):
                c = _decode(code, i)
                tr[tno, tl, i] = c
                child_key = _remove(h, seat, c, zob, child_key)
            tr[tno, tl, 3] = code & 3
            FK[d, FK_TRICKREL] = ZERO
            if tl < 3:
                nt, ntl, nld, npts, nkey = tno, tl + 1, ld, p, child_key
            else:
                done, val, nld, npts, nkey, trel = _next_trick(h, tr, tno, ld, p, child_key, K, ctrl)
                FK[d, FK_TRICKREL] = trel
                if done:
                    v = val
                    rel = ZERO
                    mode = 1
                    continue
                nt, ntl = tno + 1, 0
            d += 1
            F[d, F_TNO] = nt
            F[d, F_TLEN] = ntl
            F[d, F_LEADER] = nld
            F[d, F_PTS] = npts
            F[d, F_ALPHA] = F[d - 1, F_A]
            F[d, F_BETA] = F[d - 1, F_B]
            F[d, F_LO] = top_sp
            FK[d, FK_KEY] = nkey
            mode = 0


@njit(cache=True)
def _trick_result(tr, tno, leader, K):
    """The winning seat of a complete trick, the points in it, and the kinds
    whose rank decided it (the winner's, when it beat a play of its own suit)."""
    ksuit, kpow, kpts = K[0], K[1], K[2]
    lead_suit = ksuit[tr[tno, 0, 0]]
    best_pow = -2
    winner = 0
    gained = 0
    for i in range(4):
        code = tr[tno, i, 3] | (tr[tno, i, 0] << 2) | (tr[tno, i, 1] << 8) | (tr[tno, i, 2] << 14)
        p = _play_power(code, lead_suit, ksuit, kpow)
        if p > best_pow:
            best_pow = p
            winner = i
        for j in range(tr[tno, i, 3]):
            gained += kpts[tr[tno, i, j]]
    rel = ZERO
    win_suit = ksuit[tr[tno, winner, 0]]
    for i in range(4):
        if i != winner:
            code = tr[tno, i, 3] | (tr[tno, i, 0] << 2) | (tr[tno, i, 1] << 8) | (tr[tno, i, 2] << 14)
            if _play_power(code, lead_suit, ksuit, kpow) >= 0 and ksuit[tr[tno, i, 0]] == win_suit:
                for j in range(tr[tno, winner, 3]):
                    rel |= _bit(tr[tno, winner, j])
                break
    return (leader + winner) & 3, gained, rel


@njit(cache=True)
def _next_trick(h, tr, tno, leader, pts, key, K, ctrl):
    """After the fourth play: (done, value, next leader, points, key, kinds whose rank decided the trick).

    ``done`` is true when that was the last trick, and ``value`` is then the leaf.
    """
    leaf, zlead, par = K[5], K[9], K[8]
    seat, gained, rel = _trick_result(tr, tno, leader, K)
    gained += par[3]
    attackers_win = (seat & 1) != par[0]
    if attackers_win:
        pts += gained
    if h[0, 0] == ZERO and h[1, 0] == ZERO and h[2, 0] == ZERO and h[3, 0] == ZERO:
        ctrl[CTRL_NODES] += 1
        if attackers_win:
            return True, leaf[1, (pts + par[1]) // 5], seat, pts, key, rel
        return True, leaf[0, pts // 5], seat, pts, key, rel
    return False, 0, seat, pts, key ^ zlead[leader] ^ zlead[seat], rel


@njit(cache=True, nogil=True)
def root_plays(h, tr, tlen, seat, strict, K, ms, sc, prev, ctrl):
    """The canonical plays of the seat to move, most promising first; fills the
    equivalence links ``prev``."""
    top = generate(h, tr, 0, tlen, seat, strict, K, prev, ms, 0, ctrl)
    _order(h, tr, 0, tlen, seat, ms, 0, top, sc, -1, K)
    order = np.argsort(-sc[:top], kind="mergesort")
    return ms[:top][order].copy()


# -- the playout bot and whole-hand playouts ----------------------------------
#
# A heuristic player for every seat (it sees all hands, like the exact search
# that finishes the hand), fast enough to play thousands of hands a second.

POLICY_BOT, POLICY_RANDOM = 0, 1


@njit(cache=True, inline="always")
def _rand(rng):
    """xorshift64 over a state word the caller owns, so playouts are reproducible."""
    x = rng[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    rng[0] = x
    return x


@njit(cache=True)
def _best_unit(h, s, n, lead_suit, K):
    """The strongest unit of ``n`` cards seat ``s`` could win with against a lead
    in ``lead_suit`` (its power, or −1): same-suit units, or trump units when
    it is void in a plain suit led."""
    kpow, smask = K[1], K[4]
    units = h[s, n - 1] & smask[lead_suit]
    if lead_suit != TRUMP and (h[s, 0] & smask[lead_suit]) == ZERO:
        units = h[s, n - 1] & smask[TRUMP]
    if not units:
        return -1
    return kpow[_low(_top(units))]  # kinds run weakest first within a suit


@njit(cache=True)
def _threatened(h, leader, seat, tlen, n, lead_suit, power, K):
    """Could an opponent of ``seat`` still to play in this trick beat ``power``?"""
    for i in range(tlen + 1, 4):
        s = (leader + i) & 3
        if (s & 1) != (seat & 1) and _best_unit(h, s, n, lead_suit, K) > power:
            return True
    return False


@njit(cache=True)
def bot_move(h, tr, tlen, leader, strict, K, prev, ms, ctrl, rng):
    """The bot's play for the seat to move in trick ``tr[0]`` (``tlen`` plays made).

    Leads: cash units nobody can beat (big units and plain suits first), else
    lead low towards a partner who can win, else lead low and pointless.
    Follows: feed points to a partner whose trick is safe, win a trick with
    points as cheaply as is safe, otherwise throw the least valuable cards.
    Near the end, with a bottom worth fighting for, trumps are kept.
    Small random noise breaks ties so that playouts differ.
    """
    ksuit, kpow, kpts, par = K[0], K[1], K[2], K[8]
    seat = (leader + tlen) & 3
    top = generate(h, tr, 0, tlen, seat, strict, K, prev, ms, 0, ctrl)
    if top == 1:
        return ms[0]
    left = _pop(h[seat, 0]) + _pop(h[seat, 1]) + _pop(h[seat, 2])
    keep_trumps = left <= 12 and par[1] >= 20
    best_score = -INF
    best = ms[0]
    if tlen == 0:
        opp1, partner, opp2 = (seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3
        for m in range(top):
            code = ms[m]
            n = code & 3
            k = _decode(code, 0)
            su, p, pts = ksuit[k], kpow[k], kpts[k] * n
            if _best_unit(h, opp1, n, su, K) <= p and _best_unit(h, opp2, n, su, K) <= p:
                score = 4_000_000 + n * 100_000 + pts * 1000 + (su != TRUMP) * 50_000 - p
            else:
                score = 1_000_000 - pts * 1000 - 4 * p - (su == TRUMP) * (500 + keep_trumps * 5000)
                q = _best_unit(h, partner, n, su, K)
                if q > p and _best_unit(h, opp1, n, su, K) < q and _best_unit(h, opp2, n, su, K) < q:
                    score += 2_000_000 + 2000 * pts
            score = score * 16 + np.int64(_rand(rng) & np.uint64(15))
            if score > best_score:
                best_score = score
                best = code
        return best
    n = tr[0, 0, 3]
    lead_suit = ksuit[tr[0, 0, 0]]
    best_pow = -1
    first = 0
    trick_pts = 0
    for i in range(tlen):
        code = tr[0, i, 3] | (tr[0, i, 0] << 2) | (tr[0, i, 1] << 8) | (tr[0, i, 2] << 14)
        p = _play_power(code, lead_suit, ksuit, kpow)
        if p > best_pow:
            best_pow = p
            first = i
        for j in range(tr[0, i, 3]):
            trick_pts += kpts[tr[0, i, j]]
    partner_safe = ((tlen - first) & 1) == 0 and not _threatened(h, leader, seat, tlen, n, lead_suit, best_pow, K)
    for m in range(top):
        code = ms[m]
        pts = 0
        spow = 0
        trumps = 0
        for i in range(code & 3):
            c = _decode(code, i)
            pts += kpts[c]
            spow += kpow[c]
            trumps += ksuit[c] == TRUMP
        power = _play_power(code, lead_suit, ksuit, kpow)
        keep = keep_trumps * trumps * 3000
        if partner_safe:
            score = 1_000_000 + pts * 1000 - spow - keep
        elif power > best_pow and not _threatened(h, leader, seat, tlen, n, lead_suit, power, K):
            gain = trick_pts + pts
            if gain > 0 or ksuit[_decode(code, 0)] != TRUMP:
                score = 3_000_000 + gain * 1000 - 4 * power - keep
            else:
                score = 1_000_000 - spow - 1000 - keep
        else:
            score = 1_000_000 - pts * 1000 - spow - keep
        score = score * 16 + np.int64(_rand(rng) & np.uint64(15))
        if score > best_score:
            best_score = score
            best = code
    return best


@njit(cache=True)
def _hand_empty(h):
    return h[0, 0] == ZERO and h[1, 0] == ZERO and h[2, 0] == ZERO and h[3, 0] == ZERO


@njit(cache=True)
def _place(h, tr, i, seat, code, K):
    """Move play ``code`` of ``seat`` from its hand to place ``i`` of trick ``tr[0]``."""
    for j in range(code & 3):
        c = _decode(code, j)
        tr[0, i, j] = c
        _remove(h, seat, c, K[6], ZERO)
    tr[0, i, 3] = code & 3


@njit(cache=True)
def _unplace(h, seat, code):
    for j in range(code & 3):
        _add(h, seat, _decode(code, j))


@njit(cache=True)
def mtd(h, tr, tlen, leader, pts, guess, strict, K, T, ms, sc, prev, ctrl, F, FK):
    """Exact value by MTD(f) zero-window searches from a first ``guess`` (the kernel's own driver)."""
    key = hand_key(h, leader, K[6], K[9])
    lo, hi = -INF, INF
    g = guess
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = search(h, tr, tlen, leader, pts, key, beta - 1, beta, strict, K, T, ms, sc, prev, ctrl, F, FK)
        ctrl[CTRL_PASSES] += 1
        if ctrl[CTRL_ABORTED]:
            return 0
        if g < beta:
            hi = g
        else:
            lo = g
    return g


@njit(cache=True)
def _keeps(h, tr, i, leader, pts, v, maximize, strict, K, T, ms, sc, prev, ctrl, F, FK):
    """After play ``i`` of trick ``tr[0]`` has been placed: does the value stay ≥ v (or ≤ v)?"""
    leaf, par = K[5], K[8]
    if i < 3:
        key = hand_key(h, leader, K[6], K[9])
        if maximize:
            return search(h, tr, i + 1, leader, pts, key, v - 1, v, strict, K, T, ms, sc, prev, ctrl, F, FK) >= v
        return search(h, tr, i + 1, leader, pts, key, v, v + 1, strict, K, T, ms, sc, prev, ctrl, F, FK) <= v
    winner, gained, _ = _trick_result(tr, 0, leader, K)
    attackers = (winner & 1) != par[0]
    npts = pts + gained + par[3] if attackers else pts
    if _hand_empty(h):
        child = leaf[1, (npts + par[1]) // 5] if attackers else leaf[0, npts // 5]
    else:
        saved = tr[0].copy()  # the search of the next trick writes over tr[0]
        key = hand_key(h, winner, K[6], K[9])
        if maximize:
            child = search(h, tr, 0, winner, npts, key, v - 1, v, strict, K, T, ms, sc, prev, ctrl, F, FK)
        else:
            child = search(h, tr, 0, winner, npts, key, v, v + 1, strict, K, T, ms, sc, prev, ctrl, F, FK)
        tr[0] = saved
    return child >= v if maximize else child <= v


@njit(cache=True)
def _bot_finish(h, tr, leader, pts, strict, K, prev, ms, ctrl, rng):
    """The leaf value the bots reach playing every seat from a trick start (consumes ``h``)."""
    leaf, par = K[5], K[8]
    while True:
        for i in range(4):
            _place(h, tr, i, (leader + i) & 3, bot_move(h, tr, i, leader, strict, K, prev, ms, ctrl, rng), K)
        winner, gained, _ = _trick_result(tr, 0, leader, K)
        attackers = (winner & 1) != par[0]
        if attackers:
            pts += gained + par[3]
        leader = winner
        if _hand_empty(h):
            return leaf[1, (pts + par[1]) // 5] if attackers else leaf[0, pts // 5]


@njit(cache=True)
def bot_value(h, tr, tlen, leader, pts, strict, K, prev, ms, ctrl, rng):
    """The leaf value the bots reach from any position (the trick in progress is
    ``tr[0]``): a first guess for MTD(f). ``h`` and ``tr`` are left as they were."""
    h = h.copy()
    saved = tr[0].copy()
    for i in range(tlen, 4):
        _place(h, tr, i, (leader + i) & 3, bot_move(h, tr, i, leader, strict, K, prev, ms, ctrl, rng), K)
    leaf, par = K[5], K[8]
    winner, gained, _ = _trick_result(tr, 0, leader, K)
    attackers = (winner & 1) != par[0]
    if attackers:
        pts += gained + par[3]
    if _hand_empty(h):
        v = leaf[1, (pts + par[1]) // 5] if attackers else leaf[0, pts // 5]
    else:
        v = _bot_finish(h, tr, winner, pts, strict, K, prev, ms, ctrl, rng)
    tr[0] = saved
    return v


@njit(cache=True, nogil=True)
def playout(h, tr, leader, pts, strict, exact_cards, policy, K, T, ms, sc, prev, ctrl, F, FK, rng, rec, want_line):
    """Play a hand out from a trick boundary; return (leaf value, tricks recorded).

    Each seat plays by its ``policy`` (bot or random canonical play) while
    the hands hold more than ``exact_cards`` cards; from there the value is
    exact (the search). With ``want_line`` the exact part is also played,
    along moves that keep the value. Every play's code goes to ``rec[t, i]``.
    ``h`` is consumed. The trick count is −1 if the search was stopped.
    """
    leaf, par = K[5], K[8]
    t = 0
    while True:
        left = _pop(h[leader, 0]) + _pop(h[leader, 1]) + _pop(h[leader, 2])
        if left <= exact_cards:
            break
        for i in range(4):
            seat = (leader + i) & 3
            if policy[seat] == POLICY_RANDOM:
                top = generate(h, tr, 0, i, seat, strict, K, prev, ms, 0, ctrl)
                code = ms[np.int64(_rand(rng) % np.uint64(top))]
            else:
                code = bot_move(h, tr, i, leader, strict, K, prev, ms, ctrl, rng)
            rec[t, i] = code
            _place(h, tr, i, seat, code, K)
        winner, gained, _ = _trick_result(tr, 0, leader, K)
        attackers = (winner & 1) != par[0]
        if attackers:
            pts += gained + par[3]
        t += 1
        leader = winner
        if _hand_empty(h):
            return (leaf[1, (pts + par[1]) // 5] if attackers else leaf[0, pts // 5]), t
    # the bots' own finish is a good first guess: MTD(f) then needs few passes
    guess = _bot_finish(h.copy(), tr, leader, pts, strict, K, prev, ms, ctrl, rng.copy())
    v = mtd(h, tr, 0, leader, pts, guess, strict, K, T, ms, sc, prev, ctrl, F, FK)
    if ctrl[CTRL_ABORTED]:
        return v, -1
    if not want_line:
        return v, t
    cand = np.zeros(ms.shape[0] // 16, np.int64)
    while not _hand_empty(h):
        for i in range(4):
            seat = (leader + i) & 3
            maximize = (seat & 1) != par[0]
            top = generate(h, tr, 0, i, seat, strict, K, prev, ms, 0, ctrl)
            _order(h, tr, 0, i, seat, ms, 0, top, sc, -1, K)
            for m in range(top):  # best-ordered first (the searches below reuse ms)
                j = m
                for q in range(m + 1, top):
                    if sc[q] > sc[j]:
                        j = q
                cand[m] = ms[j]
                ms[j] = ms[m]
                sc[j] = sc[m]
            chosen = cand[0]
            for m in range(top):
                code = cand[m]
                _place(h, tr, i, seat, code, K)
                ok = _keeps(h, tr, i, leader, pts, v, maximize, strict, K, T, ms, sc, prev, ctrl, F, FK)
                _unplace(h, seat, code)
                if ctrl[CTRL_ABORTED]:
                    return v, -1
                if ok:
                    chosen = code
                    break
            rec[t, i] = chosen
            _place(h, tr, i, seat, chosen, K)
        winner, gained, _ = _trick_result(tr, 0, leader, K)
        if (winner & 1) != par[0]:
            pts += gained + par[3]
        t += 1
        leader = winner
    return v, t
