"""The transposition table: keys, classes of positions (partition search), store and probe.

The table stores, at trick starts only, bounds on ``value − leaf[0, points // 5]``:
independent of the points already taken when the leaf is additive; when it
is not (the outcome objective), the points are hashed into the shape.

An entry holds a *class* of positions (DDS's "winning ranks"): per suit the
top live kinds, in relative ranks, down to the weakest whose rank decided a
trick below, each with its copies in every seat and its points; for the
smaller kinds only, per seat, how many it holds once, twice and three times,
with their points. Only kinds tied in power with another always stay exact
(they are *fixed*). A bucket holds ``WAYS`` classes of one *shape*: what
every member of the position's classes shares.

Why the smaller kinds may be anything with those counts: no trick below was
decided by their rank, so mapping each seat's smaller kinds onto another
position's, copies and points kept, maps every line of play onto one with
the same trick winners, the same points and the same legal plays (a pair
stays a pair). Two copies of one kind in different seats tie, and a tie that
decides a trick is a rank that decided it. What a play's twins or
equivalents skipped is kept whole by :func:`with_runs` and by the
drops of :mod:`.dominance`, which add the kinds they rest on.

Under the points objective a bound also serves the class's *quasi-class*:
positions whose smaller kinds are held the same way but worth other points,
the bound shifted by what those points can move the value (:mod:`.quasi`).
There the shape leaves out the suits' points, so that a quasi-class shares
its classes' bucket.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, ZERO, bit, copies, lowest, mine_and_others, popcount, top
from .jit import helper, inline
from .layout import (
    CUT_BITS, CUT_MASK, E_CUT, E_HI, E_KEY, E_LO, E_QKEY, FK_FIXED, FK_GROUPS, FK_PREFIX, FK_QPREFIX, FK_SUIT_SHAPE,
    INF, K_POINTS, K_POWER, K_SUIT_MASK, K_ZLOOSE, K_ZREL, PREFIX_STRIDE, SUITS, T_ROWS, T_SHAPE, T_STAMP, WAYS,
)
from .quasi import add_to_group, key_at, quasi_key, shifts, store_groups


@helper
def hand_key(h, leader, zob, zlead):
    """Exact Zobrist key of the hands and the leader; the search updates it play by play."""
    key = zlead[leader]
    for seat in range(4):
        for plane in range(3):
            x = h[seat, plane]
            while x:
                k = lowest(x)
                x &= x - ONE
                key ^= zob[seat, plane, k]
    return key


@inline
def _mix(s, v):
    """Fold the word ``v`` into the hash ``s`` (both uint64)."""
    s = (s ^ v) * np.uint64(0x9E3779B97F4A7C15)
    return s ^ (s >> np.uint64(29))


@inline
def _class_key(FK, d, cut):
    return key_at(FK, d, cut, FK_PREFIX)


@helper
def top_kinds(h, cut, smask):
    """The kinds a class fixes: the top ``cut`` live kinds of each suit."""
    live = h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]
    out = ZERO
    for su in range(SUITS):
        c = (cut >> (CUT_BITS * su)) & 31
        if c:
            x = live & smask[su]
            for _ in range(popcount(x) - c):
                x &= x - ONE
            out |= x
    return out


@helper
def _cut(h, rel, smask):
    """The class of a result that depended on the kinds ``rel``: per suit, how
    many live kinds from the top must stay exact (down to the weakest in ``rel``)."""
    live = h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]
    cut = 0
    for su in range(SUITS):
        x = live & smask[su]
        r = rel & x
        if r:
            low = bit(lowest(r)) - ONE
            cut |= popcount(x & ~low) << (CUT_BITS * su)
    return cut


@inline
def _classify_suit(h, su, FK, d, kpow, kpts, smask, zrel, zloose, live, quasi):
    """:func:`classify` for one suit: its prefix keys and shape word into ``FK[d]``; returns its fixed kinds."""
    base = FK_PREFIX + su * PREFIX_STRIDE
    qbase = FK_QPREFIX + su * PREFIX_STRIDE
    gbase = FK_GROUPS + su * PREFIX_STRIDE
    fixed = ZERO
    x = live & smask[su]
    j = popcount(x)  # slot of the weakest live kind, counted from the top
    n = j
    last_pow = -1
    last_k = 0
    ties = 0
    points = 0
    exact = ZERO  # the keys of the kinds in slots j+1..n, as exact kinds
    loose = ZERO  # the same kinds as loose cards: a sum, so only their copies per seat count
    qloose = ZERO  # (quasi) the same, their points left out
    groups = ZERO  # (quasi) what they are worth (.quasi.add_to_group)
    keyed = False  # (quasi) they did not fit in the groups: the quasi-class keeps their points
    while x:
        k = lowest(x)
        x &= x - ONE
        FK[d, base + j] = exact ^ loose  # the class that keeps the top j exact, less the top j's keys
        if quasi:
            FK[d, qbase + j] = exact ^ (loose if keyed else qloose)
            FK[d, gbase + j] = ZERO if keyed else groups
        held = 0
        sig = 0
        for s in range(4):
            c = copies(h, s, k)
            held += c
            sig = sig * 4 + c
        points += kpts[k] * held
        loose += zloose[su, sig * 3 + kpts[k] // 5]
        if quasi and not keyed:
            qloose += zloose[su, sig * 3]
            if kpts[k] > 0:
                for s in range(4):
                    c = (sig >> (2 * (3 - s))) & 3  # the seat's copies
                    if c and not keyed:
                        groups, fits = add_to_group(groups, s, c, kpts[k])
                        keyed = not fits
        tie = kpow[k] == last_pow
        sig = sig * 6 + (kpts[k] // 5) * 2 + np.int64(tie)
        if tie:
            fixed |= bit(k) | bit(last_k)
            ties += 1
        exact ^= zrel[su, j - 1, sig]
        j -= 1
        last_pow = kpow[k]
        last_k = k
    FK[d, base] = exact ^ loose
    for i in range(n + 1):  # the keys of the top i kinds: the whole suit's, less those below them
        FK[d, base + i] ^= exact
    if quasi:
        FK[d, qbase] = exact ^ (loose if keyed else qloose)
        FK[d, gbase] = ZERO if keyed else groups
        for i in range(n + 1):
            FK[d, qbase + i] ^= exact
    cards = 0
    info = ZERO
    for s in range(4):  # the seat's cards in the suit
        m = smask[su]
        length = popcount(h[s, 0] & m) + popcount(h[s, 1] & m) + popcount(h[s, 2] & m)
        cards += length
        info |= np.uint64(length) << np.uint64(8 * s)
    # A position of this shape with more live kinds has classes keeping more than n kinds exact:
    # none of them may match what an earlier position left in those slots.
    for i in range(n + 1, min(cards, PREFIX_STRIDE - 1) + 1):
        FK[d, base + i] = zrel[su, i - 1, 0]  # signature 0 (no copies) is no live kind's
        if quasi:
            FK[d, qbase + i] = zrel[su, i - 1, 0]
            FK[d, gbase + i] = ZERO
    FK[d, FK_SUIT_SHAPE + su] = info | (np.uint64(ties) << np.uint64(32)) | (np.uint64(points) << np.uint64(40))
    return fixed


@helper
def classify(h, leader, K, FK, d, src, changed, slope):
    """Describe the position at a trick start for the table.

    Returns the *shape*, a hash of what every member of the position's
    classes shares — the leader, each seat's number of cards in each suit,
    and per suit the number of ties and of points. Fills ``FK[d]``:
    per suit, for each count c of its top live kinds kept exact, the key of a
    class — those c kinds (each with its copies per seat, its points and whether
    it ties the kind below) and, for the kinds below them, only how many each
    seat holds once, twice and three times — and the kinds every class keeps exact.

    ``FK[src]`` (``src`` ≥ 0) describes a position that differs from this one
    only in the suits of the bits of ``changed``: the other suits are copied
    from it (a trick seldom changes every suit, and the suits are most of the cost).

    With ``slope`` > 0 (``P_QUASI_SLOPE``: quasi-classes apply) it also fills the prefix keys
    of the quasi-classes and their groups (:mod:`.quasi`), and the shape leaves out the suits'
    points, which a quasi-class does not keep.
    """
    quasi = slope > 0
    kpow, kpts, smask, zrel, zloose = K[K_POWER], K[K_POINTS], K[K_SUIT_MASK], K[K_ZREL], K[K_ZLOOSE]
    shape = _mix(np.uint64(0x2545F4914F6CDD1D), np.uint64(leader))
    fixed = ZERO
    live = h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]
    for su in range(SUITS):
        base = FK_PREFIX + su * PREFIX_STRIDE
        if src >= 0 and not (changed >> su) & 1:
            info = FK[src, FK_SUIT_SHAPE + su]
            FK[d, FK_SUIT_SHAPE + su] = info
            cards = 0
            for s in range(4):
                cards += np.int64((info >> np.uint64(8 * s)) & np.uint64(255))
            for i in range(min(cards, PREFIX_STRIDE - 1) + 1):  # the slots a class of this shape may read
                FK[d, base + i] = FK[src, base + i]
                if quasi:
                    FK[d, FK_QPREFIX - FK_PREFIX + base + i] = FK[src, FK_QPREFIX - FK_PREFIX + base + i]
                    FK[d, FK_GROUPS - FK_PREFIX + base + i] = FK[src, FK_GROUPS - FK_PREFIX + base + i]
            fixed |= FK[src, FK_FIXED] & smask[su]
        else:
            fixed |= _classify_suit(h, su, FK, d, kpow, kpts, smask, zrel, zloose, live, quasi)
        info = FK[d, FK_SUIT_SHAPE + su]
        # the seats' lengths in the suit, its ties and its points (not with quasi-classes)
        for i in range(5 if quasi else 6):
            shape = _mix(shape, (info >> np.uint64(8 * i)) & np.uint64(0xFFFF if i == 5 else 0xFF))
    FK[d, FK_FIXED] = fixed
    # every class keeps the fixed kinds exact, so they can pick the bucket too
    if quasi:
        shape = _mix(shape, quasi_key(FK, d, _cut(h, fixed, smask)))
    else:
        shape = _mix(shape, _class_key(FK, d, _cut(h, fixed, smask)))
    return shape | ONE


@inline
def _bucket(T, shape):
    return np.int64(shape & np.uint64(T[T_SHAPE].shape[0] // WAYS - 1)) * WAYS


@helper
def store(T, h, FK, d, shape, rel, lo, hi, move, smask, stamp, slope):
    """Record bounds (relative to the trick start's base) for the class of the
    position fixed by the kinds ``rel``; merge with the same class if present
    (``slope`` > 0: with its quasi-class, as :func:`classify`)."""
    tshape, tstamp, rows = T[T_SHAPE], T[T_STAMP], T[T_ROWS]
    rel |= FK[d, FK_FIXED]
    cut = _cut(h, rel, smask)
    key = np.int64(_class_key(FK, d, cut))
    base = _bucket(T, shape)
    slot = base
    found = False
    for e in range(base, base + WAYS):
        if tshape[e] == ZERO:  # a bucket fills from its front: the rest of it is empty
            slot = e
            break
        if tshape[e] == shape and rows[e, E_CUT] & CUT_MASK == cut and rows[e, E_KEY] == key:
            slot = e
            found = True
            break
        if tstamp[e] < tstamp[slot]:
            slot = e
    row = rows[slot]
    if not found:
        tshape[slot] = shape
        row[E_CUT] = cut
        row[E_KEY] = key
        row[E_LO] = -INF
        row[E_HI] = INF
        if slope > 0:
            row[E_QKEY] = np.int64(quasi_key(FK, d, cut))
            store_groups(FK, d, cut, row)
    if lo > row[E_LO]:
        row[E_LO] = lo
    if hi < row[E_HI]:
        row[E_HI] = hi
    if move >= 0:
        row[E_CUT] = cut | ((move + 1) << 32)
    tstamp[slot] = stamp


@helper
def probe(T, FK, d, shape, slope, alpha, beta):
    """Bounds from every stored class the position belongs to:
    ``(lo, hi, class of lo, class of hi, a best move)``.

    With ``slope`` > 0 (``P_QUASI_SLOPE``: the leaf's rise for 5 points more, where it is
    additive in points), also from every stored class of the position's quasi-class, shifted to the
    safe side by what the loose kinds' points can move the value (:mod:`.quasi`) — only those whose
    bound could settle the window (``alpha``, ``beta``, relative like the bounds): a shift only
    widens a bound, and a bound that settles nothing is not used (checking every quasi-class of a
    bucket cost a fifth of the time at 10 cards a hand).
    """
    tshape, rows = T[T_SHAPE], T[T_ROWS]
    base = _bucket(T, shape)
    lo = -INF
    hi = INF
    cut_lo = 0
    cut_hi = 0
    move = -1
    for e in range(base, base + WAYS):
        if tshape[e] == ZERO:  # a bucket fills from its front: the rest of it is empty
            break
        if tshape[e] == shape:
            row = rows[e]
            cut = row[E_CUT] & CUT_MASK
            if row[E_KEY] == np.int64(_class_key(FK, d, cut)):
                if row[E_LO] > lo:
                    lo = row[E_LO]
                    cut_lo = cut
                if row[E_HI] < hi:
                    hi = row[E_HI]
                    cut_hi = cut
                if row[E_CUT] > CUT_MASK:
                    move = (row[E_CUT] >> 32) - 1
            elif (slope > 0 and (row[E_LO] >= beta or row[E_HI] <= alpha)
                  and row[E_QKEY] == np.int64(quasi_key(FK, d, cut))):
                loss, gain = shifts(FK, d, cut, row)
                if row[E_LO] >= beta:
                    q = row[E_LO] - slope * (loss // 5)
                    if q > lo:
                        lo = q
                        cut_lo = cut
                if row[E_HI] <= alpha:
                    q = row[E_HI] + slope * (gain // 5)
                    if q < hi:
                        hi = q
                        cut_hi = cut
    return lo, hi, cut_lo, cut_hi, move


@helper
def with_runs(h, tr, tno, tlen, seat, rel, K):
    """``rel`` and the mover's unbroken run below the weakest kind of ``rel`` in each suit.

    A node that tried every move skipped plays equivalent to tried ones (kinds
    next to each other, held by the mover alone). That stays true in every
    position of the class only if the class cannot split such a run between
    its exact top and its loose smaller cards.
    """
    smask = K[K_SUIT_MASK]
    mine, others = mine_and_others(h, tr, tno, tlen, seat)
    live = others | mine
    out = rel
    for su in range(SUITS):
        r = rel & live & smask[su]
        if not r:
            continue
        k = bit(lowest(r))
        if not mine & k:
            continue
        below = live & smask[su] & (k - ONE)
        while below:
            b = top(below)
            if not mine & b or others & b:
                break
            out |= b
            below &= ~b
    return out
