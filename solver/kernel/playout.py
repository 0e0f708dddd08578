"""Whole-hand playouts: each seat plays by its policy while the hands are big, then the search finishes exactly."""

from __future__ import annotations

import numpy as np

from .bits import ZERO, hand_size
from .bot import bot_finish, bot_move, rand
from .jit import driver
from .layout import CTRL_ABORTED, EXACT_ROUGH, INFO_POINTS, INFO_WINNER, K_ZOB, POLICY_RANDOM
from .moves import generate
from .root import best_line
from .search import value_of
from .tricks import finish_trick, place, trick_points


@driver
def playout(h, tr, tlen, leader, pts, strict, exact_cards, policy, K, T, ms, sc, prev, ctrl, F, FK, rng, rec,
            want_line, first, info):
    """Play a hand out from trick ``tr[0]`` with ``tlen`` plays made; return ``(value, plays recorded)``.

    Each seat plays by its ``policy`` (bot or random canonical play) while
    the hands hold more than ``exact_cards`` cards; from there the value is
    exact (the search, from the bots' finish as first guess). With
    ``want_line`` the exact part is played too, along moves that keep the
    value. Every play's move code goes to ``rec``, in order. ``h`` is
    consumed. The count is −1 if the search was stopped.

    ``first`` (a legal move code, or −1): the seat to move plays it rather
    than its policy's choice — the play being valued. ``info`` gets what the
    trick under way did: its winner (``INFO_WINNER``) and its card points
    (``INFO_POINTS``), or −1 for the winner when no trick was played.
    """
    count = np.int64(0)
    tno = np.int64(0)
    info[INFO_WINNER] = -1
    info[INFO_POINTS] = 0
    # a trick in progress, or the play being valued, is finished by the players
    while tlen > 0 or first >= 0 or hand_size(h, leader) > exact_cards:
        for i in range(tlen, 4):
            seat = (leader + i) & 3
            if first >= 0:
                move = first
                first = -1
            elif policy[seat] == POLICY_RANDOM:
                top = generate(h, tr, tno, i, seat, strict, K, prev, ms, tno, ctrl)
                move = ms[np.int64(rand(rng) % np.uint64(top))]
            else:
                move = bot_move(h, tr, i, leader, strict, K, prev, ms, ctrl, rng)
            rec[count] = move
            count += 1
            place(h, tr, tno, i, seat, move, K[K_ZOB], ZERO)
        if info[INFO_WINNER] < 0:
            info[INFO_POINTS] = trick_points(tr, tno, K)
        done, leader, pts, value, _ = finish_trick(h, tr, tno, leader, pts, K)
        if info[INFO_WINNER] < 0:
            info[INFO_WINNER] = leader
        if done:
            return value, count
        tlen = 0
    trick_start = np.int64(0)
    guess = bot_finish(h.copy(), tr, trick_start, leader, pts, strict, K, prev, ms, ctrl, rng.copy())
    v = value_of(h, tr, trick_start, leader, pts, np.int64(-1), guess, np.int64(EXACT_ROUGH), strict, K, T, ms, sc,
                 prev, ctrl, F, FK)
    if ctrl[CTRL_ABORTED]:
        return v, -1
    if not want_line:
        return v, count
    return v, best_line(h, tr, trick_start, leader, pts, v, v, strict, K, T, ms, sc, prev, ctrl, F, FK, rec, count)
