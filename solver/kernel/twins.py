"""The mover's *twins*: kinds it may swap in every line of play, so that only points move.

Two kinds are twins for the seat to move when it alone holds them, in equal
numbers, and either they are neighbours among the kinds still in play and
neither is tied in power with another kind (DDS's relative ranks, for three
copies), or they are equal in power (副2, 副级): no rule tells those apart,
wherever another seat's card of that power lies between them. Swapping two
twins maps every line of play onto one with the same trick winners; when
they are worth the same points too, the position maps onto itself and the
two plays are *equivalent* (:mod:`.moves` generates one of them); when not,
:mod:`.dominance` may drop the play that puts points on the wrong side.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, bit, copies, highest, lowest, mine_and_others
from .jit import helper
from .layout import K_POINTS, K_SUIT_MASK, K_TIES, LINK_DOWN, LINK_EQUAL, LINK_UNEVEN, LINK_UP, SUITS


@helper
def equivalence(h, tr, tno, tlen, seat, K, prev, only):
    """For each kind the seat to move holds, the next weaker kind that is its twin.

    Fills ``prev[LINK_DOWN + k]`` and ``prev[LINK_UP + k]`` (the twin below
    and above k, or −1) and, where the twins are worth the same points too,
    ``prev[LINK_EQUAL + k]``; how many twins differ in points goes to
    ``prev[LINK_UNEVEN]``. In suit ``only`` alone when every play is made of
    that suit (−1: every suit).
    """
    kpts, gmask, smask = K[K_POINTS], K[K_TIES], K[K_SUIT_MASK]
    mine, others = mine_and_others(h, tr, tno, tlen, seat)
    live = others | mine
    uneven = 0
    for su in range(SUITS):
        if only >= 0 and su != only:
            continue
        x = live & smask[su]
        last = np.int64(-1)
        while x:
            k = lowest(x)
            x &= x - ONE
            if mine & bit(k):
                prev[LINK_EQUAL + k] = -1
                prev[LINK_DOWN + k] = -1
                prev[LINK_UP + k] = -1
                twin = np.int64(-1)
                n = copies(h, seat, k)
                tied = live & gmask[k] & ~bit(k)
                alone = not others & bit(k)
                if alone and tied:
                    # Kinds equal in power are alike in every rule, wherever the other seats' cards of
                    # that power lie between them: the nearest weaker one held alone, in as many copies.
                    # (Every class of the table keeps tied kinds exact, so the link holds in all of it.)
                    y = tied & mine & ~others & (bit(k) - ONE)
                    while y:
                        j = highest(y)
                        if copies(h, seat, j) == n:
                            twin = j
                            break
                        y &= ~bit(j)
                elif (
                    alone
                    and last >= 0
                    and mine & bit(last)
                    and not others & bit(last)
                    and copies(h, seat, last) == n
                    and (live & gmask[last]) == bit(last)
                ):
                    twin = last
                if twin >= 0:
                    prev[LINK_DOWN + k] = twin
                    prev[LINK_UP + twin] = k
                    if kpts[twin] == kpts[k]:
                        prev[LINK_EQUAL + k] = twin
                    else:
                        uneven += 1
            last = k
    prev[LINK_UNEVEN] = uneven
