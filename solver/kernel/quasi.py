"""Quasi-classes (issue 54, item 1): a table bound transferred to positions that differ from its
class's members only in the points of the loose kinds, shifted by what those points can move.

A class (:mod:`.table`) keeps per suit its top kinds exact, with their points, and for the loose
kinds below them, per seat, how many it holds once, twice and three times with their points. Its
*quasi-class* is the same key with the loose kinds' points left out. An entry keeps its
quasi-class key and, per suit, seat and number of copies, how many of its loose kinds are worth 5
and 10 (two words a suit: seats 0 and 1, then 2 and 3; 7-bit fields, 3 bits for the 5s and 4 for
the 10s; Huolong's cards are worth 0, 5 or 10).

Why a bound moves: let ``X`` be a member of the stored class ``C`` and ``Y`` a position of its
quasi-class. ``Z`` is ``Y``'s cards where the loose kinds of each suit a seat holds ``c`` times
take the points of ``X``'s kinds of that suit the seat holds ``c`` times (points sorted against
points). ``Z`` is a member of ``C`` (partition search maps ``X``'s proof onto it: same trick
winners, legal plays and points), so the stored bounds hold for it; ``Z`` and ``Y`` are one game
tree with the same points taken, and line by line the attackers' points differ only by the loose
cards they win, between −(the points ``Z``'s loose cards are worth more, card by card) and +(the
points ``Y``'s are worth more): the attackers' total is monotone in every card's points. Where
the leaf is additive in points (the ``points`` objective) the value moves as much, times the leaf's
slope. So a lower bound moves down by :func:`group_loss` of ``X`` against ``Y``, an upper bound up
by that of ``Y`` against ``X``; each is 0 on its safe side (a lower bound to a position whose loose
cards are worth at least as much, group by group). Full argument and measurements:
bench/RESEARCH-54.md.
"""

from __future__ import annotations

import numpy as np

from .bits import ZERO
from .jit import inline
from .layout import CUT_BITS, FK_LPTS, FK_LPTS2, FK_QPREFIX, PREFIX_STRIDE, SUITS

# Quasi-classes (issue 54, item 1): a bound stored for a class also serves a position that differs
# from its members only in the points of the loose kinds, shifted by what those points can move the
# value (see :func:`.table.probe`). On: measured in bench/RESEARCH-54.md (quasi-classes).
QUASI = True
# With QUASI: the shape keeps each suit's points (transfers only between positions whose loose kinds
# are worth as much in all, rearranged), or leaves them out (any points).
QUASI_SHAPE_POINTS = False
# With QUASI: the shift bounded by matching the loose kinds seat by seat and copies by copies (points
# sorted), rather than by all their points.
QUASI_TIGHT = True


@inline
def group_bit(seat, c, points):
    """The field of a loose kind ``seat`` holds ``c`` times worth ``points`` (5 or 10) in its word."""
    return np.uint64(1) << np.uint64(7 * ((seat & 1) * 3 + c - 1) + (0 if points == 5 else 3))


@inline
def quasi_key(FK, d, cut):
    """The quasi-class of the cut: the class's key with its loose kinds' points left out."""
    key = ZERO
    for su in range(SUITS):
        key ^= FK[d, FK_QPREFIX + su * PREFIX_STRIDE + ((cut >> (CUT_BITS * su)) & 31)]
    return key


@inline
def loose_words(FK, d, cut, su):
    """(QUASI_TIGHT) The loose groups of suit ``su`` under the cut: two words of 7-bit fields, one per
    seat and copies (seats 0 and 1 in the first word, 2 and 3 in the second), each the number of
    loose kinds of the suit that seat holds so many times worth 5 (3 bits) and worth 10 (4 bits)."""
    i = su * PREFIX_STRIDE + ((cut >> (CUT_BITS * su)) & 31)
    return FK[d, FK_LPTS + i], FK[d, FK_LPTS2 + i]


@inline
def group_loss(x, y):
    """(QUASI_TIGHT) Of one word of loose groups of a suit: the most points the attackers can lose
    from cards worth X's points to cards worth Y's, each seat's loose kinds held so many times matched
    in order of points (the least such sum over the matchings): per group, 5 for each copy of X's
    kinds worth ≥ 5 beyond Y's, and 5 again for those worth 10."""
    loss = 0
    for g in range(6):
        c = g % 3 + 1  # copies
        fx = (x >> np.uint64(7 * g)) & np.uint64(127)
        fy = (y >> np.uint64(7 * g)) & np.uint64(127)
        x5, x10 = np.int64(fx & np.uint64(7)), np.int64(fx >> np.uint64(3))
        y5, y10 = np.int64(fy & np.uint64(7)), np.int64(fy >> np.uint64(3))
        loss += 5 * c * (max(0, (x5 + x10) - (y5 + y10)) + max(0, x10 - y10))
    return loss


@inline
def loose_points(FK, d, cut):
    """The points of the kinds the cut leaves loose (their copies times their points)."""
    total = 0
    for su in range(SUITS):
        total += np.int64(FK[d, FK_LPTS + su * PREFIX_STRIDE + ((cut >> (CUT_BITS * su)) & 31)])
    return total
