"""What bounds a trick start, or a trick just led, without searching it: sure tricks.

(The bound from the points still in play is the table's ``rem``, see
:func:`.table.classify`; the last tricks played out are in :mod:`.endings`.)
Every bound also says which kinds' ranks it rests on, so that the table can
store it for a class of positions.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, ZERO, add, bit, hand_size, lowest, popcount, remove, top
from .jit import helper
from .layout import K_SUIT, K_SUIT_MASK, K_ZOB, SUITS, TRUMP


@helper
def _cashable(h, leader, skip, need, K):
    """The leader's *quick tricks*, ignoring the suits in the bit set ``skip`` and no more than
    ``need`` of them: ``(tricks cashed keeping the lead, 1 if a blocked suit is cashed last, the kinds
    they rest on, the suits cashed keeping the lead)``.

    In each suit: its cards above every card the opponents hold there, for as
    many rounds as an opponent who holds trumps still follows. It keeps the
    lead while cashing them, unless its partner holds a higher card of the
    suit and may have to overtake: such a suit is cashed last and counts one.
    """
    smask = K[K_SUIT_MASK]
    lho, pard, rho = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    quick = 0
    blocked = 0
    rel = ZERO
    used = 0
    for su in range(SUITS):
        if quick >= need:
            break
        m = smask[su]
        win = h[leader, 0] & m
        if (skip >> su) & 1 or not win:
            continue
        opp = (h[lho, 0] | h[rho, 0]) & m
        if opp:
            win &= ~((top(opp) << ONE) - ONE)
        n = popcount(win)
        if su != TRUMP:
            # an opponent with trumps ruffs once he is void
            if h[lho, 0] & smask[TRUMP]:
                n = min(n, popcount(h[lho, 0] & m))
            if h[rho, 0] & smask[TRUMP]:
                n = min(n, popcount(h[rho, 0] & m))
        n = min(n, need - quick)  # a bound resting on fewer kinds holds for a larger class
        if n == 0:
            continue
        for _ in range(popcount(win) - n):
            win &= win - ONE  # the n highest
        rel |= win
        if h[pard, 0] & m & ~(bit(lowest(win)) - ONE):
            blocked = 1
        else:
            quick += n
            used |= 1 << su
    return quick, blocked, rel, used


@helper
def sure_tricks(h, leader, need, need_other, K):
    """Tricks each side is sure of from a trick start, when every play is one
    card: ``(leader's side, its kinds, other side, its kinds)``, each side
    counted up to what it needs (``need``, ``need_other``: what would settle
    the search there) — a count resting on fewer kinds holds for a larger
    class — and not at all when it needs more than the cards a hand.

    The leader's side: the leader's quick tricks, or one trick crossing to a
    partner's winner with a lower card and then the partner's quick tricks in
    the other suits (the leader may first cash its own in suits apart from
    those: the partner keeps its winners and discards others, so the side
    is sure of every one of them up to the cards a hand), or the top trumps
    held in a row by one of its players (each wins a trick of its own). The
    other side: its top trumps so held, or else one trick when whatever the
    leader leads it can win (:func:`_no_safe_lead`).
    Either side, when it holds every trump: a trick for each trump of its
    longer trump holding (resting on no rank: the first tried).
    """
    smask = K[K_SUIT_MASK]
    lho, pard, rho = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    cards = hand_size(h, leader)
    t = smask[TRUMP]
    our_trumps = max(popcount(h[leader, 0] & t), popcount(h[pard, 0] & t))
    their_trumps = max(popcount(h[lho, 0] & t), popcount(h[rho, 0] & t))
    quick, rel = 0, ZERO
    if need <= cards:
        quick, rel = _leaders_side(h, leader, need, our_trumps if their_trumps == 0 else 0, K)
    other, orel = 0, ZERO
    if need_other <= cards:
        other, orel = _top_trumps(h, leader, np.int64(1), need_other, K)
        if our_trumps == 0 and their_trumps > other:
            other, orel = their_trumps, ZERO
        if other == 0 and need_other <= 1:
            other, orel = _no_safe_lead(h, leader, K)
    return quick, rel, other, orel


@helper
def _leaders_side(h, leader, need, all_trumps, K):
    """The leader's side's sure tricks for :func:`sure_tricks`, the first way found that reaches
    ``need`` (``all_trumps``: its longer trump holding when it holds every trump, else 0)."""
    smask = K[K_SUIT_MASK]
    lho, pard, rho = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    cards = hand_size(h, leader)
    quick, rel = all_trumps, ZERO
    if quick >= need:
        return quick, rel
    run, rrel = _top_trumps(h, leader, np.int64(0), need, K)
    if run > quick:
        quick, rel = run, rrel
    if quick >= need:
        return quick, rel
    own, blocked, orel, _ = _cashable(h, leader, np.int64(0), need, K)
    if own + blocked > quick:
        quick, rel = own + blocked, orel
    for su in range(SUITS):
        if quick >= need:
            break
        m = smask[su]
        mine = h[leader, 0] & m
        mate = h[pard, 0] & m
        if not mine or not mate:
            continue
        opp = (h[lho, 0] | h[rho, 0]) & m
        entry = top(mate)
        if entry < opp or bit(lowest(mine)) > entry:
            continue
        if su != TRUMP and ((h[lho, 0] & smask[TRUMP] and not h[lho, 0] & m)
                            or (h[rho, 0] & smask[TRUMP] and not h[rho, 0] & m)):
            continue  # the crossing would be ruffed
        more, blocked, mrel, _ = _cashable(h, pard, np.int64(1 << su), need - 1, K)
        if 1 + more + blocked > quick:
            quick = 1 + more + blocked
            rel = mrel | entry
        # or the leader's own quick tricks outside this suit first, keeping a card of it to cross
        # with, and then the partner's in the suits still untouched
        own, _, orel, used = _cashable(h, leader, np.int64(1 << su), need - 1, K)
        if own and quick < need:
            more, blocked, mrel, _ = _cashable(h, pard, np.int64((1 << su) | used), need - 1 - own, K)
            both = min(own + 1 + more + blocked, cards)
            if both > quick:
                quick = both
                rel = orel | mrel | entry
    return quick, rel


@helper
def _no_safe_lead(h, leader, K):
    """``(1, the kinds it rests on)`` when the other side is sure of this trick whatever is led: in
    every suit the leader holds, it holds a card above every card of the leader's side there, and the
    leader's partner cannot ruff; else ``(0, 0)`` (DDS's ``LaterTricksMIN``)."""
    smask = K[K_SUIT_MASK]
    lho, pard, rho = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    rel = ZERO
    for su in range(SUITS):
        m = smask[su]
        if not h[leader, 0] & m:
            continue
        theirs = (h[lho, 0] | h[rho, 0]) & m
        if not theirs or top(theirs) < (h[leader, 0] | h[pard, 0]) & m:
            return 0, ZERO
        if su != TRUMP and not h[pard, 0] & m and h[pard, 0] & smask[TRUMP]:
            return 0, ZERO
        rel |= top(theirs)
    return 1, rel


@helper
def _top_trumps(h, leader, side, need, K):
    """The top trumps held in a row by one player of the leader's side (``side`` 0) or the other
    side (1), no more than ``need`` of them, and those kinds: each is sure of a trick of its own."""
    x = (h[0, 0] | h[1, 0] | h[2, 0] | h[3, 0]) & K[K_SUIT_MASK][TRUMP]
    holder = -1
    n = 0
    rel = ZERO
    while x and n < need:
        b = top(x)
        s = 0
        while not h[s, 0] & b:
            s += 1
        if ((s - leader) & 1) != side or (holder >= 0 and s != holder):
            break
        holder = s
        n += 1
        rel |= b
        x &= ~b
    return n, rel


@helper
def after_lead_tricks(h, tr, tno, leader, want2, want1, K):
    """Tricks each side is sure of once trick ``tno`` is led, when every play is one card:
    ``(the second seat's side, its kinds, the leader's side, its kinds)`` (DDS's quick tricks at
    the second hand, here for both sides). A side is counted only if it may reach its ``want``
    (what would settle the search there), and past this trick only if it wants more than one.

    A side whose highest card of the suit led is above every card of the other side there wins
    the trick, unless a seat of the other side still to play could ruff; the card's holder then
    leads its quick tricks. Void with trumps, the second or fourth seat is sure of the trick, the
    third seat following suit.
    """
    smask, ksuit = K[K_SUIT_MASK], K[K_SUIT]
    second, third, fourth = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
    led = tr[tno, 0, 0]
    su = ksuit[led]
    m, t = smask[su], smask[TRUMP]
    plain = su != TRUMP
    ruff2 = plain and h[second, 0] & t != ZERO and h[second, 0] & m == ZERO
    ruff3 = plain and h[third, 0] & t != ZERO and h[third, 0] & m == ZERO
    ruff4 = plain and h[fourth, 0] & t != ZERO and h[fourth, 0] & m == ZERO
    cards = hand_size(h, second)
    ours = (h[second, 0] | h[fourth, 0]) & m
    theirs = bit(led) | (h[third, 0] & m)
    q2, rel2, q1, rel1 = 0, ZERO, 0, ZERO
    if not ruff3 and want2 <= cards:
        if ours and top(ours) > theirs:
            w = top(ours)
            q2, rel2 = 1, w
            if want2 > 1:
                hh = second if h[second, 0] & w else fourth
                more, rel2 = _cash_after(h, hh, lowest(w), third, np.int64(-1), m, want2 - 1, K)
                q2, rel2 = min(1 + more, cards), rel2 | w
        elif ruff2 or ruff4:
            q2 = 1
    if not ruff2 and not ruff4 and want1 <= cards and top(theirs) > ours:
        w = top(theirs)
        q1, rel1 = 1, w
        if want1 > 1:
            hh = leader if w == bit(led) else third
            more, rel1 = _cash_after(h, hh, np.int64(-1) if hh == leader else lowest(w), second, fourth, m,
                                     want1 - 1, K)
            q1, rel1 = min(1 + more, cards), rel1 | w
    return q2, rel2, q1, rel1


@helper
def _cash_after(h, hh, k, f1, f2, m, need, K):
    """The quick tricks of ``hh``, up to ``need``, once it has won this trick with kind ``k`` (−1: a
    card already played) and seats ``f1`` and ``f2`` (−1: none) have followed with their lowest cards
    of ``m`` (any others would leave them weaker), and the kinds they rest on."""
    zob = K[K_ZOB]
    if k >= 0:
        remove(h, hh, k, zob, ZERO)
    c1 = lowest(h[f1, 0] & m) if h[f1, 0] & m else -1
    if c1 >= 0:
        remove(h, f1, c1, zob, ZERO)
    c2 = lowest(h[f2, 0] & m) if f2 >= 0 and h[f2, 0] & m else -1
    if c2 >= 0:
        remove(h, f2, c2, zob, ZERO)
    more, blocked, rel, _ = _cashable(h, hh, np.int64(0), need, K)
    if c2 >= 0:
        add(h, f2, c2)
    if c1 >= 0:
        add(h, f1, c1)
    if k >= 0:
        add(h, hh, k)
    return more + blocked, rel
