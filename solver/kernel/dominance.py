"""Point dominance between twin cards: plays that need not be searched.

Twins (:mod:`.twins`) are kinds the mover alone holds, in equal numbers,
that can trade places in every line of play: the trick winners stay the
same and only points move. When they differ in
points (K/Q, T/9, 6/5/4 ...) and the side that will win the trick in
progress is already settled whatever the others play, the mover's side does
best to put the points where that side collects them: the most points on a
trick its side takes, the fewest on one the other side takes.

Why that is sound (the mirror argument, as for Skat's "unequal move
reduction", Furtak & Buro 2011): let play ``m`` put more points than play
``m'`` on a trick the mover's side surely wins, where ``m'`` is ``m`` with
two twins a, b swapped. Swapping a and b maps every line after ``m'`` onto
one after ``m`` with the same trick winners; the only difference is where
a's and b's points land — now on this trick (the mover's side's), later on
tricks of either side. So the mover's side's points after ``m`` are at
least those after ``m'`` in every line, and so is the value (the leaf is
monotone in points). Within a chain of twins that makes the plays an order:
keep a play only when no swap of two of its chain's kinds is better; the
best of each group of swapped plays is always kept.

Whatever the trick, twins of a chain worth the same points are equivalent
even when twins worth other points lie between them (the 4 and the 6 of a
4-5-6, the Q and the A of a Q-K-A): swapping them moves no points at all.
:func:`.moves.generate` merges only neighbours; the rest are dropped here.

The table stores classes of positions (:mod:`.table`): a drop must hold in
every position of the class, so it rests on the twins it swapped and on the
play that wins the trick (every stronger kind of their suits then stays exact).
"""

from __future__ import annotations

from .bits import ZERO, bit, first_kind, kind_of
from .jit import helper, inline
from .layout import K_POINTS, K_POWER, K_SUIT, LINK_DOWN, LINK_UP, TR_N
from .moves import opponents_best, play_power, trick_leader


@inline
def _used(move, k):
    """Copies of kind ``k`` in the play."""
    used = 0
    for i in range(move & 3):
        used += kind_of(move, i) == k
    return used


@inline
def _preferred(p, c, side, kpts):
    """Does the mover's side want kind ``p`` played rather than ``c`` (``side`` +1: its side wins
    the trick, −1: the other side does, 0: either may)? More (fewer) points; between equal points
    the weaker kind; with the trick open, only between equal points."""
    if kpts[p] != kpts[c]:
        return side != 0 and (kpts[p] > kpts[c]) == (side > 0)
    return p < c


@helper
def better_twin(move, side, prev, kpts):
    """A twin the play should give a copy of instead of one of its kinds (−1: none).

    The play is dominated when some kind ``c`` of it has a twin ``p`` in its
    chain that the mover prefers but plays fewer copies of.
    """
    for i in range(move & 3):
        c = kind_of(move, i)
        if i > 0 and c == kind_of(move, i - 1):
            continue
        used_c = _used(move, c)
        for link in (LINK_DOWN, LINK_UP):
            p = prev[link + c]
            while p >= 0:
                if _preferred(p, c, side, kpts) and _used(move, p) < used_c:
                    return p
                p = prev[link + p]
    return -1


@helper
def drop_dominated(h, tr, tno, tlen, seat, ms, lo, hi, K, prev):
    """Drop from ``ms[lo:hi]`` the plays a twin play dominates (the order of the others is kept).

    Returns the new end of the moves and the kinds the drops rest on.
    """
    ksuit, kpow, kpts = K[K_SUIT], K[K_POWER], K[K_POINTS]
    leader = (seat - tlen) & 3
    lead_suit = -1
    n_lead = 1
    best_seat = 0
    best_pow = -1
    threat_mover = -1
    threat_winner = -1
    if tlen > 0:
        lead_suit = ksuit[tr[tno, 0, 0]]
        n_lead = tr[tno, 0, TR_N]
        best_seat, best_pow = trick_leader(tr, tno, tlen, K)
        # the strongest unit the other side of the mover / of the trick's winner still has to come
        threat_mover = opponents_best(h, leader, seat, tlen, n_lead, lead_suit, K)
        threat_winner = opponents_best(h, leader, (leader + best_seat) & 3, tlen, n_lead, lead_suit, K)
    winner_is_mate = ((best_seat - tlen) & 1) == 0
    rel = ZERO
    top = lo
    for m in range(lo, hi):
        move = ms[m]
        side = 0  # +1: the mover's side surely wins the trick, −1: the other side surely does, 0: open
        if tlen == 0:
            c = first_kind(move)
            if opponents_best(h, seat, seat, tlen, move & 3, ksuit[c], K) <= kpow[c]:
                side = 1
        else:
            power = play_power(move, lead_suit, ksuit, kpow)
            if power > best_pow:
                if threat_mover <= power:
                    side = 1
            elif threat_winner <= best_pow:
                side = 1 if winner_is_mate else -1
        p = better_twin(move, side, prev, kpts)
        if p >= 0:
            rel |= bit(p)
            for i in range(move & 3):
                rel |= bit(kind_of(move, i))
            continue
        ms[top] = move
        top += 1
    if top < hi and tlen > 0:
        for j in range(tr[tno, best_seat, TR_N]):
            rel |= bit(tr[tno, best_seat, j])
    return top, rel
