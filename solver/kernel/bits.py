"""Bit operations on the uint64 bitboards, and the hand and move-code primitives built on them.

``popcount``, ``lowest`` and ``highest`` are LLVM's ctpop / cttz / ctlz
through Numba intrinsics: single instructions where the CPU has them, and
no function of their own to compile. They take any integer and return an
int64; ``lowest`` and ``highest`` assume a non-zero word.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from .jit import inline
from .layout import TR_N

ONE = np.uint64(1)
ZERO = np.uint64(0)


def _word(builder, value, kind):  # type: ignore[no-untyped-def]
    """The value as a 64-bit LLVM integer."""
    if kind.bitwidth == 64:
        return value
    extend = builder.sext if kind.signed else builder.zext
    return extend(value, ir.IntType(64))


@intrinsic
def popcount(typingctx, x):  # type: ignore[no-untyped-def]
    """Number of set bits."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(_word(builder, args[0], x))

    return types.int64(x), codegen


@intrinsic
def lowest(typingctx, x):  # type: ignore[no-untyped-def]
    """Index of the lowest set bit of a non-zero word."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(_word(builder, args[0], x), ir.Constant(ir.IntType(1), 1))

    return types.int64(x), codegen


@intrinsic
def highest(typingctx, x):  # type: ignore[no-untyped-def]
    """Index of the highest set bit of a non-zero word."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        zeros = builder.ctlz(_word(builder, args[0], x), ir.Constant(ir.IntType(1), 1))
        return builder.sub(ir.Constant(ir.IntType(64), 63), zeros)

    return types.int64(x), codegen


@intrinsic
def bit(typingctx, k):  # type: ignore[no-untyped-def]
    """The word with only bit ``k`` set (0 ≤ k < 64)."""
    if not isinstance(k, types.Integer):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.shl(ir.Constant(ir.IntType(64), 1), _word(builder, args[0], k))

    return types.uint64(k), codegen


@inline
def top(x):
    """The highest set bit of a non-zero word, as a word."""
    return bit(highest(x))


@inline
def copies(h, seat, k):
    """Copies of kind ``k`` in the seat's hand (0..3)."""
    b = bit(k)
    return np.int64((h[seat, 0] & b) != ZERO) + np.int64((h[seat, 1] & b) != ZERO) + np.int64((h[seat, 2] & b) != ZERO)


@inline
def hand_size(h, seat):
    return popcount(h[seat, 0]) + popcount(h[seat, 1]) + popcount(h[seat, 2])


@inline
def remove(h, seat, k, zob, key):
    """Take one copy of kind ``k`` from the seat's hand; return the key updated."""
    b = bit(k)
    if h[seat, 2] & b:
        h[seat, 2] ^= b
        return key ^ zob[seat, 2, k]
    if h[seat, 1] & b:
        h[seat, 1] ^= b
        return key ^ zob[seat, 1, k]
    h[seat, 0] ^= b
    return key ^ zob[seat, 0, k]


@inline
def add(h, seat, k):
    """Give one copy of kind ``k`` back to the seat's hand."""
    b = bit(k)
    if not h[seat, 0] & b:
        h[seat, 0] |= b
    elif not h[seat, 1] & b:
        h[seat, 1] |= b
    else:
        h[seat, 2] |= b


@inline
def hands_empty(h):
    return h[0, 0] == ZERO and h[1, 0] == ZERO and h[2, 0] == ZERO and h[3, 0] == ZERO


@inline
def code(n, a, b, c):
    """The move code of a play of ``n`` cards of kinds a ≤ b ≤ c."""
    return n | (a << 2) | (b << 8) | (c << 14)


@inline
def first_kind(code):
    """The first (weakest) kind of a move code."""
    return (code >> 2) & 63


@inline
def kind_of(code, i):
    """The i-th kind (0..2) of a move code."""
    return (code >> (2 + 6 * i)) & 63


@inline
def played(tr, tno, i):
    """The move code of play ``i`` of trick ``tno``."""
    return tr[tno, i, TR_N] | (tr[tno, i, 0] << 2) | (tr[tno, i, 1] << 8) | (tr[tno, i, 2] << 14)


@inline
def mine_and_others(h, tr, tno, tlen, seat):
    """The kinds in play as the seat sees them: its own, and everyone else's with the trick's."""
    others = trick_kinds(tr, tno, tlen)
    for s in range(4):
        if s != seat:
            others |= h[s, 0]
    return h[seat, 0], others


@inline
def trick_kinds(tr, tno, tlen):
    """The kinds on the table in the first ``tlen`` plays of trick ``tno``, as a mask."""
    out = ZERO
    for i in range(tlen):
        for j in range(tr[tno, i, TR_N]):
            out |= bit(tr[tno, i, j])
    return out
