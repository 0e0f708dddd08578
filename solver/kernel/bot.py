"""The playout bot: a heuristic player for every seat, fast enough for thousands of hands a second.

It sees all hands, like the exact search that finishes a hand. Its random
state is a uint64 word the caller owns (xorshift64), so playouts are
reproducible. The search uses the bots' finish as MTD(f)'s first guess.
"""

from __future__ import annotations

import numpy as np

from .bits import ZERO, first_kind, hand_size, kind_of
from .jit import helper, inline
from .layout import INF, K_PAR, K_POINTS, K_POWER, K_SUIT, K_ZOB, P_DIG, TR_N, TRUMP
from .moves import best_unit, generate, opponents_best, play_power, trick_leader
from .tricks import finish_trick, place, restore_trick

MAX_RANDOM = np.uint64(15)  # noise added to the bot's scores, to break ties


@inline
def rand(rng):
    """xorshift64 over a state word the caller owns."""
    x = rng[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    rng[0] = x
    return x


@helper
def bot_move(h, tr, tlen, leader, strict, K, prev, ms, ctrl, rng):
    """The bot's play for the seat to move in trick ``tr[0]`` (``tlen`` plays made).

    Leads: cash units nobody can beat (big units and plain suits first), else
    lead low towards a partner who can win, else lead low and pointless.
    Follows: feed points to a partner whose trick is safe, win a trick with
    points as cheaply as is safe, otherwise throw the least valuable cards.
    Near the end, with a bottom worth fighting for, trumps are kept.
    Small random noise breaks ties so that playouts differ.
    """
    ksuit, kpow, kpts = K[K_SUIT], K[K_POWER], K[K_POINTS]
    seat = (leader + tlen) & 3
    first = np.int64(0)
    top = generate(h, tr, first, tlen, seat, strict, K, prev, ms, first, ctrl)
    if top == 1:
        return ms[0]
    keep_trumps = hand_size(h, seat) <= 12 and K[K_PAR][P_DIG] >= 20
    best_score = -INF
    best = ms[0]
    if tlen == 0:
        opp1, partner, opp2 = (seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3
        for m in range(top):
            move = ms[m]
            n = move & 3
            k = first_kind(move)
            su, p, pts = ksuit[k], kpow[k], kpts[k] * n
            if best_unit(h, opp1, n, su, K) <= p and best_unit(h, opp2, n, su, K) <= p:
                score = 4_000_000 + n * 100_000 + pts * 1000 + (su != TRUMP) * 50_000 - p
            else:
                score = 1_000_000 - pts * 1000 - 4 * p - (su == TRUMP) * (500 + keep_trumps * 5000)
                q = best_unit(h, partner, n, su, K)
                if q > p and best_unit(h, opp1, n, su, K) < q and best_unit(h, opp2, n, su, K) < q:
                    score += 2_000_000 + 2000 * pts
            score = score * 16 + np.int64(rand(rng) & MAX_RANDOM)
            if score > best_score:
                best_score = score
                best = move
        return best
    n = tr[0, 0, TR_N]
    lead_suit = ksuit[tr[0, 0, 0]]
    winning, best_pow = trick_leader(tr, first, tlen, K)
    trick_pts = 0
    for i in range(tlen):
        for j in range(tr[0, i, TR_N]):
            trick_pts += kpts[tr[0, i, j]]
    threat = opponents_best(h, leader, seat, tlen, n, lead_suit, K)
    partner_safe = ((tlen - winning) & 1) == 0 and threat <= best_pow
    for m in range(top):
        move = ms[m]
        pts = 0
        spow = 0
        trumps = 0
        for i in range(move & 3):
            c = kind_of(move, i)
            pts += kpts[c]
            spow += kpow[c]
            trumps += ksuit[c] == TRUMP
        power = play_power(move, lead_suit, ksuit, kpow)
        keep = keep_trumps * trumps * 3000
        if partner_safe:
            score = 1_000_000 + pts * 1000 - spow - keep
        elif power > best_pow and threat <= power:
            gain = trick_pts + pts
            if gain > 0 or ksuit[first_kind(move)] != TRUMP:
                score = 3_000_000 + gain * 1000 - 4 * power - keep
            else:
                score = 1_000_000 - spow - 1000 - keep
        else:
            score = 1_000_000 - pts * 1000 - spow - keep
        score = score * 16 + np.int64(rand(rng) & MAX_RANDOM)
        if score > best_score:
            best_score = score
            best = move
    return best


@helper
def bot_finish(h, tr, tlen, leader, pts, strict, K, prev, ms, ctrl, rng):
    """The value the bots reach playing every seat on from trick ``tr[0]`` with ``tlen`` plays made.

    Consumes ``h`` and ``tr[0]``.
    """
    first = np.int64(0)
    while True:
        for i in range(tlen, 4):
            move = bot_move(h, tr, i, leader, strict, K, prev, ms, ctrl, rng)
            place(h, tr, first, i, (leader + i) & 3, move, K[K_ZOB], ZERO)
        done, leader, pts, value, _ = finish_trick(h, tr, first, leader, pts, K)
        if done:
            return value
        tlen = 0


@inline
def bot_value(h, tr, tlen, leader, pts, strict, K, prev, ms, ctrl, rng):
    """The value the bots reach from any position: a first guess for MTD(f).
    ``h`` and ``tr[0]`` are left as they were."""
    saved = tr[0].copy()
    v = bot_finish(h.copy(), tr, tlen, leader, pts, strict, K, prev, ms, ctrl, rng)
    restore_trick(tr, saved)
    return v
