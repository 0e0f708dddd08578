"""Small cards of a suit that a searched play's result did not tell apart: the others are skipped.

A searched play's result comes with the kinds whose rank decided a trick
below it (its ``rel``, the table's partition search). A kind that lies below
every such kind of its suit is *small* for that result: no trick below
turned on its rank. Two plays of as many copies of one small kind each, of
one suit, the kinds worth the same points, every seat holding as many copies
of the one as of the other, and neither tied in power with a neighbour, give
the same value: swapping the two kinds' names maps every line after the one
onto a line after the other with the same trick winners, the same points and
the same legal plays (no trick turned on the rank of either, nor of a kind
between them, or that kind would be in ``rel``). So once one has been
searched the other need not be — DDS's "one small card per suit" in its
move iteration (``MakeNext``), here for pairs and triples too.

Why the node's table entry stays sound: its class keeps every kind of the
searched plays' ``rel`` exact, the kinds below the weakest of them only as
copies per seat, so in every position of the class the two plays are small
cards again (the same kinds, or loose ones with the same copies and points),
and the swap holds there too.

Two widenings (issue 54; the argument and the node counts in
bench/RESEARCH-54.md; −4.6 % nodes at 8 cards every play, −4.5 % at 10
cards best, −7.8 % at 13 cards best):

*Only the mover's copies count.* Swap the names of the two kinds in the
mover's hand and its play only (the other seats keep theirs): the position
after the one play becomes the position after the other. In every line of
the searched play's proof tree a trick in which two cards of the suit below
the limit meet is won by a card above it or by a trump: had one small card
beaten or tied another (two copies of one kind in different seats; the first
played wins), the winner's kind would be in ``rel``
(:func:`.tricks.trick_result`). So which seat holds which small kind does not
matter, only how many copies of each the mover holds (pairs and triples, the
follow rules). The other seats hold the same cards after either play.

*A points slack.* Where the leaf is additive in points (the points
objective), the two kinds may be worth Δ points apart. After the swap the two
positions differ only in the points of the mover's ``c`` copies of the two
kinds; the attackers win the same tricks in every mapped line, so their total
moves by at most ``c``·Δ and the leaf by at most ``slack`` = leaf(cΔ) −
leaf(0) (points are monotone for the attackers: a card's points count for
whoever wins its trick). So the skipped play's value is within ``slack`` of
the searched play's fail-soft value ``v``. The skip is taken only where the
node's best so far already covers ``v ± slack``: then it changes neither the
node's value nor its fail-soft bound. (Folding ``v ± slack`` into the best
instead weakens fail-soft bounds and cost more MTD(f) passes than it saved.)
The searched play's ``v`` is kept beside its limit in its spent score slot
(:func:`spent`).
"""

from __future__ import annotations

import numpy as np

from .bits import ZERO, bit, copies, first_kind, kind_of, lowest
from .jit import helper, inline
from .layout import K_LEAF, K_PAR, K_POINTS, K_SUIT, K_SUIT_MASK, K_TIES, P_POINTS_KEYED

NOT_SMALL = -1  # a play that makes no other one small: of more than one kind
SKIPPED = np.int64(0)  # the spent word of a skipped play: no limit, no value

_HAS_VALUE = 128  # the spent word holds the play's fail-soft value above its low byte
_VALUE_CAP = 1 << 50


@inline
def spent(limit, v):
    """What a searched play leaves in its spent score slot: the limit :func:`small_below` found
    (kinds below it are small for its result) and, when it fits, its fail-soft value ``v``."""
    w = np.int64(limit + 1)
    if -_VALUE_CAP < v < _VALUE_CAP:
        w = w | _HAS_VALUE | (np.int64(v) << 8)
    return w


@inline
def _limit(w):
    return (w & 127) - 1


@inline
def _one_kind(move):
    """Are the play's cards all copies of one kind?"""
    return kind_of(move, (move & 3) - 1) == first_kind(move)


@inline
def _tied(k, ties):
    """Is another kind of kind ``k``'s suit of the same power (the table keeps such kinds exact)?"""
    return (ties[k] & ~bit(k)) != ZERO


@helper
def small_below(move, rel, K):
    """For a searched play whose result rests on the kinds ``rel``: the weakest of them in the play's
    suit (64 if none) — the kinds below it are small for that result — or :data:`NOT_SMALL`."""
    if not _one_kind(move):
        return NOT_SMALL
    k = first_kind(move)
    r = rel & K[K_SUIT_MASK][K[K_SUIT][k]]
    return lowest(r) if r else 64


@helper
def redundant(h, seat, ms, words, lo, m, move, maximize, best, K):
    """Does a play searched before ``ms[m]`` (of ``ms[lo:m]``, their spent words ``words[lo:m]``, see
    :func:`spent`) give ``move`` of ``seat`` a value the node's ``best`` so far (the maximiser's when
    ``maximize``) already covers?"""
    if not _one_kind(move):
        return False
    ksuit, kpts, ties = K[K_SUIT], K[K_POINTS], K[K_TIES]
    y = first_kind(move)
    if _tied(y, ties):
        return False
    additive = K[K_PAR][P_POINTS_KEYED] == 0
    leaf = K[K_LEAF]
    for i in range(lo, m):
        x = ms[i]
        k = first_kind(x)
        w = words[i]
        if (x & 3) != (move & 3) or ksuit[k] != ksuit[y] or max(k, y) >= _limit(w) or _tied(k, ties):
            continue
        c = copies(h, seat, k)
        if c != copies(h, seat, y):
            continue
        if kpts[k] == kpts[y]:
            return True
        if not additive or not (w & _HAS_VALUE):
            continue
        v = w >> 8
        slack = leaf[0, (c * abs(kpts[k] - kpts[y])) // 5] - leaf[0, 0]
        if (v + slack <= best) if maximize else (v - slack >= best):
            return True
    return False
