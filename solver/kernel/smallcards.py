"""Small cards of a suit that no result below has told apart: one of them is searched, the rest skipped.

A node that has searched some plays knows the kinds whose rank decided a
trick below them (their ``rel``, the table's partition search). A single
card whose kind lies below every such kind of its suit is, for everything
searched so far, a *small card*: no trick below turned on its rank. Two small
cards of one suit, worth the same points, of which every seat holds as many
copies, and neither tied in power with a neighbour, give the same value:
swapping their names maps every line after the one onto a line after the
other with the same trick winners, the same points and the same legal plays
(no trick turned on the rank of either, nor of a kind between them, or that
kind would be in ``rel``). So once one has been searched the other need not
be — DDS's "one small card per suit" in its move iteration (``MakeNext``).

Why the node's table entry stays sound: its class keeps every kind of
``rel`` exact, the kinds below the weakest of them only as copies per seat.
The skip was decided on the kinds searched before it, a subset of the final
``rel``, so in every position of the class the two plays are small cards of
the same kind again, or the same two kinds, and the swap holds there too.
"""

from __future__ import annotations

from .bits import copies, first_kind, lowest
from .jit import helper, inline
from .layout import K_POINTS, K_POWER, K_SUIT, K_SUIT_MASK


@inline
def _tied(k, ksuit, kpow):
    """Is kind ``k`` of the same power as a neighbour in its suit (the table keeps such kinds exact)?"""
    if k > 0 and ksuit[k - 1] == ksuit[k] and kpow[k - 1] == kpow[k]:
        return True
    return k + 1 < ksuit.shape[0] and ksuit[k + 1] == ksuit[k] and kpow[k + 1] == kpow[k]


@helper
def redundant(h, ms, lo, m, move, union, K):
    """Does a play tried before ``ms[m]`` (of ``ms[lo:m]``) give ``move`` its value? ``union``: the kinds
    whose rank decided the results of the plays tried so far."""
    if (move & 3) != 1:
        return False
    ksuit, kpow, kpts, smask = K[K_SUIT], K[K_POWER], K[K_POINTS], K[K_SUIT_MASK]
    y = first_kind(move)
    su = ksuit[y]
    r = union & smask[su]
    weakest = lowest(r) if r else 64  # a small card lies below it
    if y >= weakest or _tied(y, ksuit, kpow):
        return False
    for i in range(lo, m):
        x = ms[i]
        if (x & 3) != 1:
            continue
        k = first_kind(x)
        if ksuit[k] != su or k >= weakest or kpts[k] != kpts[y] or _tied(k, ksuit, kpow):
            continue
        same = True
        for s in range(4):
            if copies(h, s, k) != copies(h, s, y):
                same = False
                break
        if same:
            return True
    return False
