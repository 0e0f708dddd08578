"""The alpha-beta search, and MTD(f) on top of it.

``search`` is a fail-soft alpha-beta over an explicit stack of frames (a
cached Numba function may not be recursive, numba issue #6061). A trick
start is first settled without a search if it can be (:mod:`.settle`: the
bounds, the table, the last tricks played out); otherwise it generates the
moves, drops those a twin play dominates (:mod:`.dominance`), orders and
tries the rest. Where every play is one card and tricks score, a node just
after a lead is first settled, when it can be, by the tricks each side is
sure of from there (:func:`.bounds.after_lead_tricks`).

Partition search (DDS's "winning ranks"): every result comes with the kinds
whose rank decided a trick below it (``rel``), and the table stores a bound
for the whole class of positions that agree on those kinds and everything
above them (see :mod:`.table`).

What Python calls is in :mod:`.root`.
"""

from __future__ import annotations

import numpy as np

from .bits import ZERO, hand_size, played
from .bounds import after_lead_tricks
from .dominance import drop_dominated
from .jit import helper, inline
from .layout import (
    CTRL_ABORTED, CTRL_CEILING, CTRL_FLOOR, CTRL_LIMIT, CTRL_NODES, CTRL_OVERFLOW, CTRL_PASSES, CTRL_STOP, EXACT_ROUGH,
    EXACT_WITHIN,
    F_A, F_ALPHA, F_B, F_BASE, F_BEST, F_BESTMOVE, F_BETA, F_CUR, F_HAND_POINTS, F_HI, F_KILLER, F_KILLER_SEAT,
    F_LEADER, F_LO, F_MAX, F_MOVE, F_PTS, F_TLEN, F_TNO, F_TT, FK_BESTREL, FK_KEY, FK_SHAPE, FK_TRICKREL, FK_UNION,
    INF, K_BOUNDS, K_PAR, K_SUIT_MASK, K_ZLEAD, K_LEAF, K_SUIT, K_ZOB, LINK_UNEVEN, MODE_ENTER, MODE_NEXT, MODE_RETURN,
    P_DEALER, P_DIG, P_MAX_UNIT, P_QUASI_SLOPE, P_RESULT_ONLY, P_TRICK_SCORE, TEST_AT_LEAST, TEST_AT_MOST,
)
from .moves import generate, order, select_next
from .settle import settle
from .smallcards import SKIPPED, redundant, small_below, spent
from .table import hand_key, store, with_runs
from .tricks import (
    finish_trick, hand_points, lead_key, move_points, place, points_reach, trick_suits, tricks_to_settle, unplace,
)


@helper
def search(h, tr, tno, tlen, leader, pts, key, alpha, beta, strict, K, T, ms, sc, prev, ctrl, F, FK):
    """Fail-soft alpha-beta: the value of the position, or a bound outside (alpha, beta).

    The trick in progress is ``tr[tno]`` with ``tlen`` plays (later tricks
    go to the rows after it); ``key`` is the
    hands' key (:func:`.table.hand_key`). Counts nodes in ``ctrl`` and stops
    (``CTRL_ABORTED``) when asked to or past the node limit.
    """
    smask, zob, par, ksuit = K[K_SUIT_MASK], K[K_ZOB], K[K_PAR], K[K_SUIT]
    quasi_slope = par[P_QUASI_SLOPE]
    d = np.int64(0)
    F[0, F_TNO] = tno
    F[0, F_TLEN] = tlen
    F[0, F_LEADER] = leader
    F[0, F_PTS] = pts
    F[0, F_ALPHA] = alpha
    F[0, F_BETA] = beta
    F[0, F_LO] = 0
    F[0, F_HAND_POINTS] = hand_points(h, K)
    FK[0, FK_KEY] = key
    mode = MODE_ENTER
    v = 0
    rel = ZERO  # the kinds whose rank decided v
    while True:
        if mode == MODE_ENTER:
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
                # the trick start four plies up, if it is this one's last, was classified (its FK row is intact)
                src = d - 4 if d >= 4 and F[d - 4, F_TT] == 1 and F[d - 4, F_TNO] == tno - 1 else np.int64(-1)
                changed = trick_suits(tr, tno - 1, ksuit) if src >= 0 else np.int64(0)
                immediate, v, rel, base, tmove = settle(h, ld, p, F[d, F_HAND_POINTS], al, be, strict, K, T, FK, d,
                                                        src, changed, ctrl)
                F[d, F_BASE] = base
                F[d, F_TT] = 0 if immediate else 1
            elif tl == 1 and par[P_TRICK_SCORE] > 0 and par[P_MAX_UNIT] == 1:
                immediate, v, rel = _after_lead(h, tr, tno, ld, p, F[d, F_HAND_POINTS], al, be, K)
            if immediate:
                if d == 0:
                    return v
                d -= 1
                mode = MODE_RETURN
                continue
            lo_sp = F[d, F_LO]
            top_sp = generate(h, tr, tno, tl, seat, strict, K, prev, ms, lo_sp, ctrl)
            if ctrl[CTRL_OVERFLOW]:
                ctrl[CTRL_ABORTED] = 1
                return 0
            dropped = ZERO  # the kinds point dominance rests on, when it drops plays
            if prev[LINK_UNEVEN] > 0:
                top_sp, dropped = drop_dominated(h, tr, tno, tl, seat, ms, lo_sp, top_sp, K, prev)
            # The killer: the lead that last cut off at this depth, if this seat led it (DDS's
            # bestMove). Sibling positions a trick apart are refuted by the same lead more often
            # than any static rule foresees: bridge's first 60 deals −14 % nodes, the slowest deal
            # −51 % (bench/RESULTS.md, session 29). In Huolong the seats share kinds, hence the seat.
            # It goes before the table's move, stored for a class of positions under another window.
            killer = F[d, F_KILLER] if tl == 0 and F[d, F_KILLER_SEAT] == seat else np.int64(-1)
            order(h, tr, tno, tl, seat, ms, lo_sp, top_sp, sc, killer, tmove, K)
            F[d, F_HI] = top_sp
            F[d, F_CUR] = lo_sp
            maximize = (seat & 1) != par[P_DEALER]
            F[d, F_MAX] = maximize
            F[d, F_BEST] = -INF if maximize else INF
            F[d, F_BESTMOVE] = -1
            F[d, F_A] = al
            F[d, F_B] = be
            FK[d, FK_UNION] = dropped
            FK[d, FK_BESTREL] = ZERO
            mode = MODE_NEXT
        elif mode == MODE_RETURN:
            move = F[d, F_MOVE]
            tl, ld = F[d, F_TLEN], F[d, F_LEADER]
            unplace(h, (ld + tl) & 3, move)
            rel |= FK[d, FK_TRICKREL]
            FK[d, FK_UNION] |= rel
            sc[F[d, F_CUR]] = spent(small_below(move, rel, K), v)  # its score is spent: what later plays may skip
            if F[d, F_MAX]:
                if v > F[d, F_BEST]:
                    F[d, F_BEST] = v
                    F[d, F_BESTMOVE] = move
                    FK[d, FK_BESTREL] = rel
                    if v > F[d, F_A]:
                        F[d, F_A] = v
            else:
                if v < F[d, F_BEST]:
                    F[d, F_BEST] = v
                    F[d, F_BESTMOVE] = move
                    FK[d, FK_BESTREL] = rel
                    if v < F[d, F_B]:
                        F[d, F_B] = v
            F[d, F_CUR] += 1
            mode = MODE_NEXT
        else:
            m, top_sp = F[d, F_CUR], F[d, F_HI]
            if m >= top_sp or F[d, F_A] >= F[d, F_B]:
                best = F[d, F_BEST]
                # a cutoff is proved by the best move alone; any other bound needs every move
                if (best >= F[d, F_BETA]) if F[d, F_MAX] else (best <= F[d, F_ALPHA]):
                    rel = FK[d, FK_BESTREL]
                    if F[d, F_TLEN] == 0:
                        F[d, F_KILLER] = F[d, F_BESTMOVE]
                        F[d, F_KILLER_SEAT] = F[d, F_LEADER]
                else:
                    tno, tl, ld = F[d, F_TNO], F[d, F_TLEN], F[d, F_LEADER]
                    rel = with_runs(h, tr, tno, tl, (ld + tl) & 3, FK[d, FK_UNION], K)
                if F[d, F_TT]:
                    b = F[d, F_BASE]
                    lo = best - b if best > F[d, F_ALPHA] else -INF
                    hi = best - b if best < F[d, F_BETA] else INF
                    store(T, h, FK, d, FK[d, FK_SHAPE], rel, lo, hi, F[d, F_BESTMOVE], smask, ctrl[CTRL_NODES],
                          quasi_slope)
                if d == 0:
                    return best
                v = best
                d -= 1
                mode = MODE_RETURN
                continue
            move = select_next(ms, sc, m, top_sp)
            if m > F[d, F_LO] and redundant(h, (F[d, F_LEADER] + F[d, F_TLEN]) & 3, ms, sc, F[d, F_LO], m, move,
                                            F[d, F_MAX] != 0, F[d, F_BEST], K):
                sc[m] = SKIPPED
                F[d, F_CUR] += 1  # a small card like one tried: its value is covered by that one's
                continue
            F[d, F_MOVE] = move
            tno, tl, ld, p = F[d, F_TNO], F[d, F_TLEN], F[d, F_LEADER], F[d, F_PTS]
            child_key = place(h, tr, tno, tl, (ld + tl) & 3, move, zob, FK[d, FK_KEY])
            child_points = F[d, F_HAND_POINTS] - move_points(move, K)
            FK[d, FK_TRICKREL] = ZERO
            if tl < 3:
                nt, ntl, nld, npts, nkey = tno, tl + 1, ld, p, child_key
            else:
                done, nld, npts, val, trel = finish_trick(h, tr, tno, ld, p, K)
                FK[d, FK_TRICKREL] = trel
                if done:
                    ctrl[CTRL_NODES] += 1  # the end of the hand counts as a node
                    v = val
                    rel = ZERO
                    mode = MODE_RETURN
                    continue
                # The next trick start, ended at once when the points still in play decide it, as
                # settle would: most of the fourth seat's plays end so in the middle game, where
                # trying them is over half the search (bench/RESULTS.md, session 19).
                cards = hand_size(h, nld)
                if cards >= 2:  # (one card a hand: the last trick, exact in settle)
                    low, high = points_reach(K, npts, child_points, cards)
                    if high <= F[d, F_A] or low >= F[d, F_B]:
                        ctrl[CTRL_NODES] += 1
                        v = high if high <= F[d, F_A] else low
                        rel = ZERO
                        mode = MODE_RETURN
                        continue
                nt, ntl, nkey = tno + 1, 0, lead_key(K, child_key, ld, nld)
            d += 1
            F[d, F_TNO] = nt
            F[d, F_TLEN] = ntl
            F[d, F_LEADER] = nld
            F[d, F_PTS] = npts
            F[d, F_ALPHA] = F[d - 1, F_A]
            F[d, F_BETA] = F[d - 1, F_B]
            F[d, F_LO] = top_sp
            F[d, F_HAND_POINTS] = child_points
            FK[d, FK_KEY] = nkey
            mode = MODE_ENTER


@inline
def _after_lead(h, tr, tno, leader, pts, hand_pts, alpha, beta, K):
    """``(settled, bound, kinds it rests on)`` of a node after a lead, from the tricks each side is
    sure of (:func:`.bounds.after_lead_tricks`): a cutoff saves the trick's three other plays and
    every trick start under them."""
    par, leaf = K[K_PAR], K[K_LEAF]
    score = par[P_TRICK_SCORE]
    second = (leader + 1) & 3
    cards = hand_size(h, second)  # tricks left, the one in progress counted
    most = pts + hand_pts + move_points(played(tr, tno, 0), K) + cards * score + par[P_DIG]
    floor_at, ceiling_at = tricks_to_settle(K, pts, most, cards, alpha, beta)
    attacking = (second & 1) != par[P_DEALER]
    q2, rel2, q1, rel1 = after_lead_tricks(h, tr, tno, leader, floor_at if attacking else ceiling_at,
                                           ceiling_at if attacking else floor_at, K)
    attackers, arel, defenders, drel = (q2, rel2, q1, rel1) if attacking else (q1, rel1, q2, rel2)
    if attackers >= floor_at:
        return True, leaf[0, (pts + attackers * score) // 5], arel
    if defenders >= ceiling_at:
        return True, leaf[1, (most - defenders * score) // 5], drel
    return False, 0, ZERO


@helper
def value_of(h, tr, tlen, leader, pts, move, guess, test, strict, K, T, ms, sc, prev, ctrl, F, FK):
    """The value of the position (trick ``tr[0]`` with ``tlen`` plays made), after
    the seat to move plays ``move`` when ``move`` ≥ 0; ``h`` and the plays made to ``tr[0]`` are left as
    they were (``move`` is written after them, where nothing reads it).

    ``test`` ``EXACT_NEAR`` or ``EXACT_ROUGH``: the exact value, by MTD(f):
    zero-window searches from a first ``guess`` until the bounds meet
    (from a rough guess, each step in one direction reaches as far again
    as the steps before it). ``EXACT_WITHIN``: the same from a near guess,
    starting from the bounds in ``ctrl[CTRL_FLOOR]`` and ``ctrl[CTRL_CEILING]``
    (what an earlier, stopped search of the same value proved). ``TEST_AT_LEAST``: only whether it is ≥
    ``guess``, ``TEST_AT_MOST``: whether it is ≤ ``guess`` (one zero-window
    search; the result is a bound on the tested side, fail-soft).
    """
    seat = (leader + tlen) & 3
    tno = np.int64(0)
    done = False
    value = np.int64(0)
    if move >= 0:
        done, tlen, leader, pts, value = enter(h, tr, tlen, leader, pts, move, K)
        if tlen == 0:  # the move ended trick 0: the search goes on from row 1, so trick 0 stays as it was
            tno = np.int64(1)
    if not done:
        value = _mtd(h, tr, tno, tlen, leader, pts, guess, test, strict, K, T, ms, sc, prev, ctrl, F, FK)
    if move >= 0:
        unplace(h, seat, move)
    return value


@inline
def enter(h, tr, tlen, leader, pts, move, K):
    """Play ``move`` for the seat to move in trick ``tr[0]``: ``(hand over, plays made to the
    trick now in progress, its leader, points, value if the hand is over)``."""
    tno = np.int64(0)
    place(h, tr, tno, tlen, (leader + tlen) & 3, move, K[K_ZOB], ZERO)
    if tlen < 3:
        return False, tlen + 1, leader, pts, 0
    done, leader, pts, value, _ = finish_trick(h, tr, tno, leader, pts, K)
    return done, 0, leader, pts, value


@inline
def _mtd(h, tr, tno, tlen, leader, pts, guess, test, strict, K, T, ms, sc, prev, ctrl, F, FK):
    key = hand_key(h, leader, K[K_ZOB], K[K_ZLEAD])
    if test == TEST_AT_LEAST or test == TEST_AT_MOST:
        beta = guess if test == TEST_AT_LEAST else guess + 1
        return search(h, tr, tno, tlen, leader, pts, key, beta - 1, beta, strict, K, T, ms, sc, prev, ctrl, F, FK)
    lo, hi = -INF, INF
    if test == EXACT_WITHIN:  # a search stopped before proved these: go on from them
        lo, hi = ctrl[CTRL_FLOOR], ctrl[CTRL_CEILING]
    ctrl[CTRL_FLOOR] = lo  # what is proved so far, for a caller whose search is stopped
    ctrl[CTRL_CEILING] = hi
    # the result alone (RESULT_ONLY): zero-window tests at the values where it changes, from the guess's
    # result outward. (Before an exact value it costs more passes than it saves: measured, bench/RESULTS.md.)
    bounds = K[K_BOUNDS]
    result_only = K[K_PAR][P_RESULT_ONLY] != 0 and bounds.shape[0] > 0
    low, high = 0, bounds.shape[0] if result_only else 0  # the result lies in [bounds[i - 1], bounds[i])
    while low < high and bounds[low] <= lo:  # results already proved reached
        low += 1
    while high > low and bounds[high - 1] > hi:  # and out of reach
        high -= 1
    at = 0
    while at < high and bounds[at] <= guess:
        at += 1
    while low < high:
        at = min(max(at, low), high - 1)
        g = search(h, tr, tno, tlen, leader, pts, key, bounds[at] - 1, bounds[at], strict, K, T, ms, sc, prev, ctrl,
                   F, FK)
        ctrl[CTRL_PASSES] += 1
        if ctrl[CTRL_ABORTED]:
            return 0
        if g >= bounds[at]:
            lo = max(lo, g)
            low = at + 1
            at += 1
        else:
            hi = min(hi, g)
            high = at
            at -= 1
        ctrl[CTRL_FLOOR] = lo
        ctrl[CTRL_CEILING] = hi
    if result_only:  # settled: lo and hi are in the one result
        return lo if lo > -INF else hi  # a value the side that reached this result can count on
    g = min(max(guess, lo), hi)
    # From a rough guess the fail-soft bounds often move one leaf value a pass, through a whole
    # class (up to 18 passes in a playout's last six tricks): there each test in a run of moves one
    # way reaches as far beyond the bound again as the run has come. From a near guess (the best
    # play so far) it cost every-play solves 5 % more nodes (bench/RESULTS.md, session 16).
    reach = 0  # how far the bound has moved in this direction: the next test goes as far beyond it
    way = 0  # +1: the last pass raised the floor, −1: it lowered the ceiling
    while lo < hi:
        beta = min(g + 1 + reach, hi) if g == lo else max(g - reach, lo + 1)
        was = g
        g = search(h, tr, tno, tlen, leader, pts, key, beta - 1, beta, strict, K, T, ms, sc, prev, ctrl, F, FK)
        ctrl[CTRL_PASSES] += 1
        if ctrl[CTRL_ABORTED]:
            return 0
        if g < beta:
            reach = reach + (was - g) if way <= 0 and test == EXACT_ROUGH else 0
            way = -1
            hi = g
        else:
            reach = reach + (g - was) if way >= 0 and test == EXACT_ROUGH else 0
            way = 1
            lo = g
        ctrl[CTRL_FLOOR] = lo
        ctrl[CTRL_CEILING] = hi
    return g
