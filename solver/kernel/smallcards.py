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
"""

from __future__ import annotations

from .bits import ZERO, bit, copies, first_kind, kind_of, lowest
from .jit import helper, inline
from .layout import K_POINTS, K_SUIT, K_SUIT_MASK, K_TIES

NOT_SMALL = -1  # a play that makes no other one small: of more than one kind, or skipped itself


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
def redundant(h, ms, limits, lo, m, move, K):
    """Does a play searched before ``ms[m]`` (of ``ms[lo:m]``, the kinds below ``limits[i]`` small
    for the result of ``ms[i]``) give ``move`` its value?"""
    if not _one_kind(move):
        return False
    ksuit, kpts, ties = K[K_SUIT], K[K_POINTS], K[K_TIES]
    y = first_kind(move)
    if _tied(y, ties):
        return False
    for i in range(lo, m):
        x = ms[i]
        k = first_kind(x)
        if (x & 3) != (move & 3) or ksuit[k] != ksuit[y] or max(k, y) >= limits[i] or kpts[k] != kpts[y]:
            continue
        if _tied(k, ties):
            continue
        same = True
        for s in range(4):
            if copies(h, s, k) != copies(h, s, y):
                same = False
                break
        if same:
            return True
    return False
