"""Four cards a hand, for the last four tricks (played out by :func:`.settle.settle`): a seat's cards
packed in one word, the ways to play one, two or three of them, and which of those answer a unit
led by the rules for following (§7: ``free`` and ``strict``).

A way to play is an index ``j`` into a fixed list (:func:`pick`), so a
seat's legal answers are a few bits (:func:`follows`), each distinct play
once; the tests check them against the rules' legal plays, perft-style.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, bit, code, kind_of, lowest
from .jit import helper, inline
from .layout import K_SUIT


@helper
def packed(h, s):
    """The seat's cards as kinds in ascending order, eight bits each (copies repeated)."""
    out = np.int64(0)
    i = 0
    x = h[s, 0]
    while x:
        k = lowest(x)
        x &= x - ONE
        copies = 1 + (1 if h[s, 1] & bit(k) else 0) + (1 if h[s, 2] & bit(k) else 0)
        for _ in range(copies):
            out |= k << (8 * i)
            i += 1
    return out


@inline
def _at(cards, i):
    """The i-th kind of packed cards."""
    return (cards >> (8 * i)) & 255


@helper
def pick(cards, n, j):
    """The ``j``-th way to play ``n`` of four packed cards, as a move code: one card for n = 1,
    the pairs of positions in order for n = 2, all but card j for n = 3."""
    if n == 1:
        a = _at(cards, j)
        return code(n, a, a, a)
    if n == 3:
        lo = _at(cards, 0) if j != 0 else _at(cards, 1)
        mid = _at(cards, 2) if j < 2 else _at(cards, 1)
        hi = _at(cards, 3) if j != 3 else _at(cards, 2)
        return code(n, lo, mid, hi)
    i0 = 0 if j < 3 else 1 if j < 5 else 2
    i1 = j + 1 if j < 3 else j - 1 if j < 5 else 3
    return code(n, _at(cards, i0), _at(cards, i1), _at(cards, i1))


@helper
def follows(cards, n, lead_suit, strict, K):
    """The legal ways (bits of :func:`pick`'s ``j``) to follow a unit of ``n`` cards in
    ``lead_suit`` from four packed cards, each distinct play once."""
    ksuit = K[K_SUIT]
    in_suit = 0
    exact = False  # a kind of the suit held exactly twice
    triple = False
    for i in range(4):
        k = _at(cards, i)
        if ksuit[k] == lead_suit:
            in_suit += 1
            exact = exact or _count(cards, k) == 2
            triple = triple or _count(cards, k) == 3
    legal = 0
    for j in range(6 if n == 2 else 4):
        move = pick(cards, n, j)
        a, b, c = kind_of(move, 0), kind_of(move, 1), kind_of(move, 2)
        played = (1 if ksuit[a] == lead_suit else 0) + (1 if n > 1 and ksuit[b] == lead_suit else 0) + \
            (1 if n > 2 and ksuit[c] == lead_suit else 0)
        ok = played == min(in_suit, n)
        if strict and n == 2 and exact:  # a pair held exactly twice must be played
            ok = a == b and ksuit[a] == lead_suit and _count(cards, a) == 2
        elif strict and n == 3 and triple:
            ok = a == c and ksuit[a] == lead_suit
        elif strict and n == 3 and exact:  # that pair, and another card of the suit if there is one
            pair = a if a == b else c if b == c else -1
            ok = ok and pair >= 0 and ksuit[pair] == lead_suit and _count(cards, pair) == 2
        for i in range(j):
            if ok and legal & (1 << i):
                ok = pick(cards, n, i) != move
        if ok:
            legal |= 1 << j
    return legal


@inline
def _count(cards, k):
    """Copies of kind k in four packed cards."""
    c = 0
    for i in range(4):
        c += 1 if _at(cards, i) == k else 0
    return c

