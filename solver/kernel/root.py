"""The root of a solve: the plays of the seat to move, the position's value, each play's, the best line.

:func:`root` is the one driver a solve calls, with a task: one driver, so
that the search is compiled into one more library only (each library that
calls the search optimises and emits all of its code again). The tasks
work on the position ``h``, ``tr[0]`` with ``tlen`` plays made, and leave
it as it was.
"""

from __future__ import annotations

import numpy as np

from .bot import bot_value
from .jit import driver, inline
from .layout import (
    CTRL_ABORTED, CTRL_CEILING, CTRL_FLOOR, EXACT_NEAR, EXACT_ROUGH, EXACT_WITHIN, F_KILLER_SEAT, INF, K_PAR,
    P_DEALER, TASK_LINE, TASK_ORDER, TASK_RANGE, TASK_SCORE, TASK_TEST, TASK_VALUE, TEST_AT_LEAST, TEST_AT_MOST,
)
from .moves import sorted_plays
from .search import enter, value_of
from .tricks import restore_trick, unplace

BOT_SEED = np.uint64(0x9E3779B97F4A7C15)  # the first guess's bots only use it to break ties


@driver
def root(task, h, tr, tlen, leader, pts, moves, count, values, strict, K, T, ms, sc, prev, ctrl, F, FK):
    """Run one task at the root; what it returns depends on the task.

    ``TASK_ORDER``: the canonical plays of the seat to move into ``moves``,
    best-ordered; returns how many (the equivalence links are in ``prev``).
    ``TASK_SCORE``: the exact value of each of ``moves[:count]`` into
    ``values``; returns how many were finished (fewer only when stopped).
    ``TASK_LINE``: play on along moves that keep the value in ``values[0:2]``
    (the attackers' floor, the dealer team's ceiling), into ``moves``;
    returns how many, −1 when stopped.
    ``TASK_VALUE``: the exact value of the position (MTD(f) from the bots'
    finish), also into ``values[0]``.
    ``TASK_TEST``: for each of ``moves[:count]``, one zero-window search:
    does it keep the value ``values[0]``? 1 or 0 into ``values[1:]``; returns
    how many were tested. With ``count`` < 0, stops at the first that does
    and returns its index (−1: none).
    ``TASK_RANGE``: narrow what is proved of ``moves[0]``'s value, ``values[0]``
    ≤ value ≤ ``values[1]`` (±INF: nothing yet), by MTD(f) from ``values[2]``
    (−INF: from what the bots reach) until the node limit stops it; the
    bounds proved go back to ``values[0:2]`` (equal: the exact value). Returns
    1 when the value is exact, 0 when stopped (the caller resumes from the
    bounds: :mod:`huolong.solver.intervals`).
    """
    if task == TASK_ORDER:
        return sorted_plays(h, tr, np.int64(0), tlen, (leader + tlen) & 3, strict, K, ms, sc, prev, ctrl, moves,
                            np.int64(0))
    if task == TASK_SCORE:
        return score_plays(h, tr, tlen, leader, pts, moves, count, values, strict, K, T, ms, sc, prev, ctrl, F, FK)
    if task == TASK_LINE:
        saved = tr[0].copy()
        n = best_line(h.copy(), tr, tlen, leader, pts, values[0], values[1], strict, K, T, ms, sc, prev, ctrl, F,
                      FK, moves, np.int64(0))
        restore_trick(tr, saved)
        return n
    if task == TASK_VALUE:
        rng = np.empty(1, np.uint64)
        rng[0] = BOT_SEED
        guess = bot_value(h, tr, tlen, leader, pts, strict, K, prev, ms, ctrl, rng)
        values[0] = value_of(h, tr, tlen, leader, pts, np.int64(-1), guess, np.int64(EXACT_ROUGH), strict, K, T, ms,
                             sc, prev, ctrl, F, FK)
        return values[0]
    if task == TASK_RANGE:
        guess = values[2] if values[2] > -INF else guess_after(h, tr, tlen, leader, pts, moves[0], strict, K, ms, prev,
                                                               ctrl)
        F[:, F_KILLER_SEAT] = -1  # as in score_plays: killers belong to one root play
        ctrl[CTRL_FLOOR], ctrl[CTRL_CEILING] = values[0], values[1]
        v = value_of(h, tr, tlen, leader, pts, moves[0], guess, np.int64(EXACT_WITHIN), strict, K, T, ms, sc, prev,
                     ctrl, F, FK)
        if ctrl[CTRL_ABORTED]:
            values[0], values[1] = ctrl[CTRL_FLOOR], ctrl[CTRL_CEILING]
            return 0
        values[0], values[1] = v, v
        return 1
    if task == TASK_TEST:
        maximize = (((leader + tlen) & 3) & 1) != K[K_PAR][P_DEALER]
        test = np.int64(TEST_AT_LEAST if maximize else TEST_AT_MOST)
        target = values[0]
        for i in range(abs(count)):
            v = value_of(h, tr, tlen, leader, pts, moves[i], target, test, strict, K, T, ms, sc, prev, ctrl, F, FK)
            if ctrl[CTRL_ABORTED]:
                return i
            keeps = v >= target if maximize else v <= target
            if count < 0 and keeps:
                return i
            values[i + 1] = np.int64(keeps)
        return -1 if count < 0 else abs(count)
    return -1


@inline
def score_plays(h, tr, tlen, leader, pts, moves, count, values, strict, K, T, ms, sc, prev, ctrl, F, FK):
    """The exact value of each of the best-ordered plays ``moves[:count]``; how many were finished.

    Each play's MTD(f) starts from the best value so far (most plays either
    reach it or fall short), the first from what the bots reach after it.
    Each starts without killers: a lead that refuted the positions under one
    root play says little of those under the next (the table keeps what is
    true across plays). Measured, it is near neutral position by position
    and brings one more 13-card position inside 50 M nodes (bench/RESULTS.md,
    session 30).
    """
    maximize = (((leader + tlen) & 3) & 1) != K[K_PAR][P_DEALER]
    guess = guess_after(h, tr, tlen, leader, pts, moves[0], strict, K, ms, prev, ctrl)
    exact = np.int64(EXACT_NEAR)  # even the first: from the bots' finish, a rough walk cost 0.1–0.6 % more nodes
    for i in range(count):
        F[:, F_KILLER_SEAT] = -1
        v = value_of(h, tr, tlen, leader, pts, moves[i], guess, exact, strict, K, T, ms, sc, prev, ctrl, F, FK)
        if ctrl[CTRL_ABORTED]:
            return i
        values[i] = v
        guess = v if i == 0 else (max(guess, v) if maximize else min(guess, v))
    return count


@inline
def guess_after(h, tr, tlen, leader, pts, move, strict, K, ms, prev, ctrl):
    """What the bots reach after ``move`` (MTD(f)'s first guess); ``h`` and ``tr[0]`` are left as they were."""
    saved = tr[0].copy()
    done, ntlen, nleader, npts, guess = enter(h, tr, tlen, leader, pts, move, K)
    if not done:
        rng = np.empty(1, np.uint64)
        rng[0] = BOT_SEED
        guess = bot_value(h, tr, ntlen, nleader, npts, strict, K, prev, ms, ctrl, rng)
    restore_trick(tr, saved)
    unplace(h, (leader + tlen) & 3, move)
    return guess


@inline
def best_line(h, tr, tlen, leader, pts, low, high, strict, K, T, ms, sc, prev, ctrl, F, FK, line, count):
    """Play on to the end of the hand along moves that keep the value in ``[low, high]`` — the
    attackers keep it ≥ ``low``, the dealer team ≤ ``high`` (the same value, or a result's range) —
    the first such move in the best order; the moves go to ``line`` from ``line[count]``.
    Returns the count at the end, or −1 if the search was stopped. Consumes ``h`` and ``tr[0]``."""
    tno = np.int64(0)
    while True:
        seat = (leader + tlen) & 3
        maximize = (seat & 1) != K[K_PAR][P_DEALER]
        test = np.int64(TEST_AT_LEAST if maximize else TEST_AT_MOST)
        value = low if maximize else high
        n = sorted_plays(h, tr, tno, tlen, seat, strict, K, ms, sc, prev, ctrl, line, count)
        chosen = line[count]
        for m in range(n):
            move = line[count + m]
            v = value_of(h, tr, tlen, leader, pts, move, value, test, strict, K, T, ms, sc, prev, ctrl, F, FK)
            if ctrl[CTRL_ABORTED]:
                return -1
            if v >= value if maximize else v <= value:
                chosen = move
                break
        line[count] = chosen
        count += 1
        done, tlen, leader, pts, _ = enter(h, tr, tlen, leader, pts, chosen, K)
        if done:
            return count
