"""Quasi-classes (issue 54): a table bound moved to positions that differ from its class's members
only in the points of the loose kinds, shifted by what those points can move the value.

A class (:mod:`.table`) keeps per suit its top kinds exact, with their points, and for the loose
kinds below them, per seat, how many it holds once, twice and three times with their points. Its
*quasi-class* is the same key with the loose kinds' points left out. An entry keeps its
quasi-class key (``E_QKEY``) and, per suit, its *groups* (``E_GROUPS``): for each seat and number
of copies, how many of the loose kinds it holds so many times are worth 5 and worth 10.

Why a bound moves: let ``X`` be a member of the stored class ``C`` and ``Y`` a position of its
quasi-class. ``Z`` is ``Y``'s cards where, suit by suit, the loose kinds a seat holds ``c`` times
take the points of ``X``'s kinds of that suit the seat holds ``c`` times (points sorted against
points). ``Z`` is a member of ``C`` (partition search maps ``X``'s proof onto it: same trick
winners, legal plays and points), so the stored bounds hold for it; ``Z`` and ``Y`` are one game
tree with the same points taken, and line by line the attackers' points differ only by the loose
cards they win, between −(the points ``Z``'s loose cards are worth more, card by card) and +(the
points ``Y``'s are worth more): the attackers' total is monotone in every card's points. Where
the leaf is additive in points (the ``points`` objective, ``P_QUASI_SLOPE`` > 0) the value moves
as much, times the leaf's slope. So a lower bound moves down by :func:`group_loss` of ``X``
against ``Y``, an upper bound up by that of ``Y`` against ``X``; each is 0 on its safe side (a
lower bound to a position whose loose cards are worth at least as much, group by group).

The idea is Kupferschmid and Helmert's quasi-symmetry for Skat (2006), and muskat's
``quasi_equivalent_with_max_delta``; the argument and the measurements (nodes −26 to −34 % at
8, 10 and 13 cards a hand) are in bench/RESEARCH-54.md.

A group takes :data:`GROUP_BITS` bits: the number of its kinds worth 5 (0 or 1) plus twice the
number worth 10 (0 to 3). A plain suit has one kind worth 5 and two worth 10, and tied kinds (the
level cards of the other suits among the trumps) are never loose, so this holds in Huolong; a
suit whose loose kinds would not fit is keyed with its points (:func:`add_to_group` says so),
and then matches only its own class.
"""

from __future__ import annotations

import numpy as np

from .bits import ZERO
from .jit import helper, inline
from .layout import CUT_BITS, E_FIELDS, E_GROUPS, FK_GROUPS, FK_QPREFIX, PREFIX_STRIDE, SUITS

GROUP_BITS = 3  # per (seat, copies): the kinds worth 5 (bit 0) plus twice those worth 10
GROUPS = 12  # four seats, one to three copies
SUIT_BITS = GROUPS * GROUP_BITS  # a suit's groups; the suits follow each other in the entry's words
SUIT_MASK = (1 << SUIT_BITS) - 1
assert SUITS * SUIT_BITS <= 64 * (E_FIELDS - E_GROUPS)


@inline
def add_to_group(groups, seat, c, points):
    """``groups`` with one more loose kind that ``seat`` holds ``c`` times, worth ``points``
    (5 or 10), and whether it fit (a second kind worth 5 or a fourth worth 10 does not)."""
    shift = np.uint64(GROUP_BITS * (seat * 3 + c - 1))
    field = (groups >> shift) & np.uint64(7)
    if points == 5:
        if field & np.uint64(1):
            return groups, False
        return groups + (np.uint64(1) << shift), True
    if field >> np.uint64(1) == np.uint64(3):
        return groups, False
    return groups + (np.uint64(2) << shift), True


@inline
def group_loss(x, y):
    """Of one suit's groups: the most points the attackers can lose from cards worth ``x``'s points
    to cards worth ``y``'s, each seat's loose kinds held so many times matched in order of points
    (the least such sum over the matchings): per group, 5 for each copy of ``x``'s kinds worth ≥ 5
    beyond ``y``'s, and 5 again for those worth 10."""
    loss = 0
    if x == y:
        return loss
    for g in range(GROUPS):
        c = g % 3 + 1  # copies
        fx = (x >> np.uint64(GROUP_BITS * g)) & np.uint64(7)
        fy = (y >> np.uint64(GROUP_BITS * g)) & np.uint64(7)
        x10, y10 = np.int64(fx >> np.uint64(1)), np.int64(fy >> np.uint64(1))
        x5, y5 = np.int64(fx & np.uint64(1)), np.int64(fy & np.uint64(1))
        loss += 5 * c * (max(0, (x5 + x10) - (y5 + y10)) + max(0, x10 - y10))
    return loss


@inline
def key_at(FK, d, cut, first):
    """The key of the class the cut makes, from the prefix keys that start at ``first`` in ``FK[d]``
    (``FK_PREFIX``: the class; ``FK_QPREFIX``: its quasi-class)."""
    key = ZERO
    for su in range(SUITS):
        key ^= FK[d, first + su * PREFIX_STRIDE + ((cut >> (CUT_BITS * su)) & 31)]
    return key


@inline
def quasi_key(FK, d, cut):
    """The quasi-class of the cut: the class's key with its loose kinds' points left out."""
    return key_at(FK, d, cut, FK_QPREFIX)


@inline
def groups_of(FK, d, cut, su):
    """The groups of suit ``su``'s loose kinds under the cut."""
    return FK[d, FK_GROUPS + su * PREFIX_STRIDE + ((cut >> (CUT_BITS * su)) & 31)]


@inline
def store_groups(FK, d, cut, row):
    """Write the groups of the cut's loose kinds into the entry's ``row``, suit after suit."""
    for w in range(E_GROUPS, E_FIELDS):
        row[w] = 0
    for su in range(SUITS):
        g = groups_of(FK, d, cut, su)
        at = SUIT_BITS * su
        w, b = E_GROUPS + (at >> 6), at & 63
        row[w] |= np.int64(g << np.uint64(b))
        if b + SUIT_BITS > 64:
            row[w + 1] |= np.int64(g >> np.uint64(64 - b))


@inline
def stored_groups(row, su):
    """The groups of suit ``su`` that :func:`store_groups` wrote."""
    at = SUIT_BITS * su
    w, b = E_GROUPS + (at >> 6), at & 63
    g = np.uint64(row[w]) >> np.uint64(b)
    if b + SUIT_BITS > 64:
        g |= np.uint64(row[w + 1]) << np.uint64(64 - b)
    return g & np.uint64(SUIT_MASK)


@helper
def shifts(FK, d, cut, row):
    """``(loss, gain)``: the most points the attackers can lose and gain from the loose kinds of the
    class stored in ``row`` to the position's, suit by suit (a kind keeps its suit in the matching)."""
    loss = 0
    gain = 0
    for su in range(SUITS):
        y = groups_of(FK, d, cut, su)
        x = stored_groups(row, su)
        loss += group_loss(x, y)
        gain += group_loss(y, x)
    return loss, gain
