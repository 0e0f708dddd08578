"""Dealing a pool of cards to holders, exactly uniformly, under constraints.

The model is a fair shuffle of the *physical* cards — the three copies of a
card told apart — conditioned on what is known. Every way of dealing the
physical cards that meets the constraints is equally likely; a deal as the
players see it (how many copies of each card each holder has) is therefore
as likely as the number of physical deals behind it. Copies are only told
apart for this count: a sample is a list of :class:`Hand`.

Constraints: each holder's size; for a holder and a card, which numbers of
copies it may hold (``{0}`` for a shown void); and at most one holder whose
cards may score at most so many points (the bottom under ``bury_limit``).

How the sample is drawn, exactly: the number of physical deals is counted
by dynamic programming over the constrained cards, one kind at a time, the
state being what each holder still has room for (and the points in the
limited holder); a sample then walks the kinds in the same order, giving
each kind's copies to the holders with probability proportional to the
number of physical deals of the rest. Two shortcuts keep it small, both
exact: the cards no constraint touches can go anywhere, so their deals
number R! / (room₁! room₂! …) and a shuffle deals them; and holders without
constraints are merged into one for the count — the ways to split their
cards among them do not depend on which cards they are — and split by a
shuffle at the end. The counts are Python integers: the probabilities are
exact.

>>> import random
>>> from .cards import parse_card
>>> pool = Hand.from_cards([parse_card(t) for t in ("SA", "SA", "SK", "SK")])
>>> space = DealSpace(pool, [2, 2])
>>> space.count()  # 4 physical cards into two hands of 2
6
>>> from collections import Counter
>>> rng = random.Random(1)
>>> seen = Counter(tuple(sorted(str(h) for h in space.sample(rng))) for _ in range(6000))
>>> round(seen[('AK.-.-.-', 'AK.-.-.-')] / 6000, 1)  # 4 of the 6 physical deals split both pairs
0.7
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from math import factorial

from huolong.i18n import _

from .cards import NUM_KINDS, Card, Hand, card_points
from .errors import PositionError

ANY = frozenset(range(4))
Allowed = Callable[[int, Card], frozenset[int]]  # (holder, card) -> the copies it may hold


def _shuffle(rng: random.Random, items: list) -> None:  # type: ignore[type-arg]
    """Shuffle in place, uniformly: sorted by a random key each (ties have no chance to speak of). A
    third of :meth:`random.Random.shuffle`'s time — a sample of 117 hidden cards shuffles twice."""
    draw = rng.random
    items.sort(key=lambda _item: draw())


def _free(holder: int, card: Card) -> frozenset[int]:
    return ANY


class DealSpace:
    """Every physical deal of ``pool`` into holders of ``sizes`` that meets the constraints.

    ``allowed(holder, card)`` gives the numbers of copies of ``card`` the
    holder may hold; ``limited = (holder, points)`` caps the points one holder's
    cards may score. Raises :class:`PositionError` when no deal fits.
    """

    def __init__(self, pool: Hand, sizes: Sequence[int], allowed: Allowed = _free,
                 limited: tuple[int, int] | None = None) -> None:
        if len(pool) != sum(sizes):
            raise PositionError(_("cannot deal {n} cards into holders of {total}").format(n=len(pool), total=sum(sizes)))
        self.sizes = list(sizes)
        self.limit = limited[1] if limited else None
        held = [c for c in range(NUM_KINDS) if pool.count(c)]

        def touched(card: Card) -> bool:
            return any(allowed(h, card) != ANY for h in range(len(sizes))) or (limited and card_points(card) > 0)

        # the constrained kinds first: the rest (the tail) is counted in closed form and dealt by a shuffle
        self.kinds = [c for c in held if touched(c)] + [c for c in held if not touched(c)]
        self.tail = sum(1 for c in held if touched(c))
        self.copies = [pool.count(c) for c in self.kinds]
        constrained = {h for h in range(len(sizes)) if any(allowed(h, c) != ANY for c in held)}
        if limited:
            constrained.add(limited[0])
        # the constrained holders, then one holder standing for all the others
        self.holders = sorted(constrained)
        self.others = [h for h in range(len(sizes)) if h not in constrained]
        self.limited = self.holders.index(limited[0]) if limited else -1
        rows = len(self.holders) + (1 if self.others else 0)
        self.options = [self._options(k, allowed, rows) for k in range(self.tail)]
        merged = (sum(sizes[h] for h in self.others),) if self.others else ()
        self.start = tuple(sizes[h] for h in self.holders) + merged
        self._ways = lru_cache(maxsize=None)(self._count)
        if self._ways(0, self.start, 0) == 0:
            raise PositionError(_("no deal satisfies what is known"))

    def _options(self, k: int, allowed: Allowed, rows: int) -> list[tuple[tuple[int, ...], int]]:
        """The ways kind ``k``'s copies may go to the rows, with their number of physical deals."""
        n, card = self.copies[k], self.kinds[k]
        sets = [allowed(h, card) for h in self.holders] + ([ANY] * (rows - len(self.holders)))
        out = []

        def extend(prefix: tuple[int, ...], left: int) -> None:
            if len(prefix) == rows - 1:
                if left in sets[-1]:
                    split = (*prefix, left)
                    ways = factorial(n)
                    for a in split:
                        ways //= factorial(a)
                    out.append((split, ways))
                return
            for a in range(left + 1):
                if a in sets[len(prefix)]:
                    extend((*prefix, a), left - a)

        extend((), n)
        return out

    def _count(self, k: int, room: tuple[int, ...], points: int) -> int:
        """Physical deals of kinds k… into the rows' ``room``, the limited row having ``points`` so far."""
        if k == self.tail:  # no constraint left: any split of the remaining physical cards
            ways = factorial(sum(room))
            for r in room:
                ways //= factorial(r)
            return ways
        total = 0
        card_score = card_points(self.kinds[k])
        for split, ways in self.options[k]:
            if any(a > r for a, r in zip(split, room)):
                continue
            gained = points
            if self.limited >= 0:
                gained += split[self.limited] * card_score
                if gained > self.limit:
                    continue
            rest = self._ways(k + 1, tuple(r - a for r, a in zip(room, split)), gained)
            if rest:
                total += ways * rest
        return total

    def count(self) -> int:
        """How many physical deals there are (copies told apart)."""
        split = factorial(sum(self.sizes[h] for h in self.others))  # the merged holders' cards among them
        for h in self.others:
            split //= factorial(self.sizes[h])
        return self._ways(0, self.start, 0) * split

    def sample(self, rng: random.Random, fast: bool = False) -> list[Hand]:
        """One deal, every physical deal equally likely: a hand per holder, in the order of ``sizes``.

        ``fast`` shuffles by random keys (a third of the time) — other deals from the same ``rng``, so
        a seed's deal (``deal_hand``) keeps the plain shuffle and deals what it always dealt."""
        shuffle = _shuffle if fast else (lambda r, items: r.shuffle(items))
        room, points = self.start, 0
        rows: list[list[Card]] = [[] for _ in self.start]
        for k, card in enumerate(self.kinds[: self.tail]):
            pick = rng.randrange(self._ways(k, room, points))
            for split, ways in self.options[k]:
                if any(a > r for a, r in zip(split, room)):
                    continue
                gained = points + (split[self.limited] * card_points(card) if self.limited >= 0 else 0)
                if self.limit is not None and gained > self.limit:
                    continue
                weight = ways * self._ways(k + 1, tuple(r - a for r, a in zip(room, split)), gained)
                if pick < weight:
                    break
                pick -= weight
            for row, a in enumerate(split):
                rows[row] += [card] * a
            room = tuple(r - a for r, a in zip(room, split))
            points = gained
        tail = [card for k in range(self.tail, len(self.kinds)) for card in [self.kinds[k]] * self.copies[k]]
        shuffle(rng, tail)
        for row, r in enumerate(room):
            rows[row] += tail[:r]
            tail = tail[r:]
        hands: list[Hand] = [Hand()] * len(self.sizes)
        for row, holder in enumerate(self.holders):
            hands[holder] = Hand.from_cards(rows[row])
        if self.others:  # the unconstrained holders share their cards by a shuffle
            rest = rows[-1]
            shuffle(rng, rest)
            for holder in self.others:
                hands[holder] = Hand.from_cards(rest[: self.sizes[holder]])
                rest = rest[self.sizes[holder]:]
        return hands
