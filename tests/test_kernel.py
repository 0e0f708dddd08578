"""The kernel's parts on their own: move generation (perft-style), the table's classes, the bounds,
one compiled signature per function, and a cache that cannot go stale.

Kernel helpers have no CPython wrapper, so the tests reach them through
small jitted harnesses (compiled here, not cached), which pass typed
integers as the kernel does — a literal would compile a copy of its own.
"""

import json
import random
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from bridge_deals import BRIDGE, random_bridge_endgame
from endgames import RULESETS, random_endgame
from numba import njit
from numba.core.caching import IndexDataCacheFile
from oracle import oracle_value

from huolong.engine import Hand, Play, Position, Rules
from huolong.engine.deal import play_randomly, random_deal
from huolong.solver import SearchAborted
from huolong.solver.encode import canonical_play, encode
from huolong.solver.kernel import dispatchers, layout, prebuilt
from huolong.solver.kernel.bits import hand_size
from huolong.solver.kernel.bounds import after_lead_tricks, sure_tricks
from huolong.solver.kernel.endings import last_single, last_three, last_two
from huolong.solver.kernel.fourcards import follows, packed, pick
from huolong.solver.kernel.layout import INF, K_PAR, K_SUIT, K_SUIT_MASK, new_table, search_buffers
from huolong.solver.kernel.quasi import add_to_group, group_loss, store_groups, stored_groups
from huolong.solver.kernel.settle import settle
from huolong.solver.kernel.smallcards import redundant, small_below, spent
from huolong.solver.kernel.table import classify, probe, store
from huolong.solver.kernel.tricks import hand_points
from huolong.solver.playout import Player
from huolong.solver.search import Search, solve

KERNEL = Path(__file__).resolve().parent.parent / "solver" / "kernel"


# -- move generation ----------------------------------------------------------------


def random_position(rng: random.Random, rules: Rules) -> Position:
    """A full deal played down at random to any size, then 0-3 plays into a trick."""
    if rules.is_bridge:
        from bridge_deals import random_full_deal

        pos = random_full_deal(rng)
    else:
        pos = random_deal(rng, rules)
    play_randomly(pos, rng, rng.randint(1, pos.shape.hand_size))
    for _ in range(rng.randrange(4)):
        if not pos.is_over():
            pos.play(rng.choice(pos.legal_plays()))
    return pos.endgame()


def check_generation(pos: Position) -> None:
    search = Search(pos, "points")
    codes, links = search.root_plays()
    generated = [search.enc.play(int(c)) for c in codes]
    legal = set(pos.legal_plays())
    assert len(set(generated)) == len(generated), "a play generated twice"
    assert set(generated) <= legal, "an illegal play generated"
    assert {canonical_play(p, search.enc, links) for p in legal} == set(generated), "a legal play not covered"


GENERATION_RULESETS = [*RULESETS, BRIDGE]


@pytest.mark.parametrize("rules", GENERATION_RULESETS, ids=str)
def test_generated_plays_are_the_legal_plays_with_equivalent_ones_merged(rules):
    rng = random.Random(str(rules))
    for _ in range(60):
        pos = random_position(rng, rules)
        if not pos.is_over():
            check_generation(pos)


PERFT_CHUNKS = 50
PERFT_PER_CHUNK = 200  # 10,000 positions in all


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(PERFT_CHUNKS))
def test_perft_10000_positions_of_every_size_and_ruleset(chunk):
    rng = random.Random(70_000 + chunk)
    done = 0
    while done < PERFT_PER_CHUNK:
        pos = random_position(rng, GENERATION_RULESETS[(chunk + done) % len(GENERATION_RULESETS)])
        if not pos.is_over():
            check_generation(pos)
            done += 1


# -- the table --------------------------------------------------------------------


@njit
def store_then_probe(h_stored, h_probed, leader, K, T, FK, rel, lo, hi, slope):
    """Store bounds for the class of ``h_stored`` fixed by ``rel``; probe with ``h_probed`` (``slope``:
    the leaf's rise for 5 points, > 0 to let quasi-classes transfer, see :func:`.table.probe`)."""
    d, none = np.int64(0), np.int64(-1)
    shape = classify(h_stored, leader, K, FK, d, none, np.int64(0), slope)
    store(T, h_stored, FK, d, shape, rel, lo, hi, np.int64(-1), K[K_SUIT_MASK], np.int64(1), slope)
    shape = classify(h_probed, leader, K, FK, d, none, np.int64(0), slope)
    return probe(T, FK, d, shape, slope, np.int64(INF), np.int64(-INF))  # every bound wanted


@njit
def classified_twice(h_before, leader_before, h_after, leader_after, changed, K, FK):
    """Classify a trick start, then the next one twice: from the first's class where its suits did not
    change (row 4), and afresh (row 8); the two shapes."""
    none = np.int64(-1)
    slope = K[K_PAR][layout.P_QUASI_SLOPE]
    classify(h_before, leader_before, K, FK, np.int64(0), none, np.int64(0), slope)
    copied = classify(h_after, leader_after, K, FK, np.int64(4), np.int64(0), changed, slope)
    fresh = classify(h_after, leader_after, K, FK, np.int64(8), none, np.int64(0), slope)
    return copied, fresh


@pytest.mark.parametrize("rules", GENERATION_RULESETS, ids=str)
def test_a_class_copied_from_the_last_trick_start_is_the_class_classified_afresh(rules):
    """The search classifies a trick start from the last one's class in the suits the trick did not
    touch: every slot a class of that shape may read, and the shape, must be what classifying
    the whole position gives."""
    rng = random.Random(f"copied {rules}")
    checked = kept = 0
    while checked < 40:
        pos = random_position(rng, rules)
        while pos.trick and not pos.is_over():
            pos.play(rng.choice(pos.legal_plays()))
        if pos.is_over():
            continue
        enc = encode(pos, "points")
        before, leader_before = enc.hands(pos), pos.leader
        for _ in range(4):
            pos.play(rng.choice(pos.legal_plays()))
        after = enc.hands(pos)
        smask = enc.K[K_SUIT_MASK]
        changed = sum(1 << su for su in range(layout.SUITS) if np.any((before & smask[su]) != (after & smask[su])))
        kept += layout.SUITS - bin(changed).count("1")
        *_, FK = search_buffers(1024)
        copied, fresh = classified_twice(before, np.int64(leader_before), after, np.int64(pos.leader),
                                         np.int64(changed), enc.K, FK)
        assert copied == fresh
        assert FK[4, layout.FK_FIXED] == FK[8, layout.FK_FIXED]
        for su in range(layout.SUITS):
            info = int(FK[8, layout.FK_SUIT_SHAPE + su])
            assert int(FK[4, layout.FK_SUIT_SHAPE + su]) == info
            cards = sum((info >> (8 * s)) & 255 for s in range(4))
            base = layout.FK_PREFIX + su * layout.PREFIX_STRIDE
            slots = slice(base, base + min(cards, layout.PREFIX_STRIDE - 1) + 1)
            assert list(FK[4, slots]) == list(FK[8, slots]), f"suit slot {su}"
            if enc.K[K_PAR][layout.P_QUASI_SLOPE] > 0:
                for first in (layout.FK_QPREFIX, layout.FK_GROUPS):
                    base = first + su * layout.PREFIX_STRIDE
                    slots = slice(base, base + min(cards, layout.PREFIX_STRIDE - 1) + 1)
                    assert list(FK[4, slots]) == list(FK[8, slots]), f"suit slot {su}, quasi words at {first}"
        checked += 1
    assert kept > checked  # suits a trick left as they were: the copy was exercised


def bridge_position(hands: list[str], trump: int | None = None) -> Position:
    """A bridge position at a trick start, S to lead; hands S E N W; no trumps unless said."""
    return Position(level=None, trump=trump, dealer=1, hands=[Hand.parse(h) for h in hands], bottom=Hand(), leader=0,
                    rules=BRIDGE)


def clubs_trumps(hands: list[str]) -> Position:
    """:func:`bridge_position` with clubs trumps."""
    return bridge_position(hands, trump=3)


def probed(stored: Position, probing: Position, rel_cards: list[str], lo: int = 3, hi: int = 7,
           slope: int = 0) -> tuple[int, int]:
    enc = encode(stored, "points")
    rel = np.uint64(0)
    for token in rel_cards:
        rel |= np.uint64(1) << np.uint64(enc.kind_of[Hand.parse(token).counts.index(1)])
    *_, F, FK = search_buffers(1024)
    T = new_table(1 << 12)
    found = store_then_probe(enc.hands(stored), enc.hands(probing), np.int64(0), enc.K, T, FK, rel, np.int64(lo),
                             np.int64(hi), np.int64(slope))
    return int(found[0]), int(found[1])


STORED = ["AQ2.-.-.-", "K3.-.-.-", "J54.-.-.-", "T6.-.-.-"]  # S E N W


def test_a_stored_bound_holds_for_its_position():
    pos = bridge_position(STORED)
    assert probed(pos, pos, ["A.-.-.-"]) == (3, 7)


def test_a_stored_bound_holds_for_the_whole_class_of_smaller_cards():
    """The result depended on the ♠A only: any position that agrees on the ♠A and on each seat's
    number of smaller spades gets the bound — here S's ♠2 and E's ♠3 change hands."""
    swapped = bridge_position(["AQ3.-.-.-", "K2.-.-.-", "J54.-.-.-", "T6.-.-.-"])
    assert probed(bridge_position(STORED), swapped, ["A.-.-.-"]) == (3, 7)


def test_a_bound_does_not_reach_positions_that_differ_above_its_cut():
    moved_ace = bridge_position(["KQ2.-.-.-", "A3.-.-.-", "J54.-.-.-", "T6.-.-.-"])
    assert probed(bridge_position(STORED), moved_ace, ["A.-.-.-"]) == (-INF, INF)
    swapped = bridge_position(["AQ3.-.-.-", "K2.-.-.-", "J54.-.-.-", "T6.-.-.-"])
    assert probed(bridge_position(STORED), swapped, ["2.-.-.-"]) == (-INF, INF)  # every spade decided it


def huolong_position(hands: list[str]) -> Position:
    """A Huolong position at a trick start (hearts trump, level 3), S to lead; hands S E N W."""
    return Position.from_hands(hands, level="3", trump="H", dealer="E", leader="S", bottom="-.-.-.JJ9987")


def test_cards_with_points_keep_their_seat_in_a_class():
    """In Huolong a 5 scores: even when no rank below the top mattered, a 5 and a 4 changing hands
    make another class."""
    stored = huolong_position(["A5.-.-.-", "K4.-.-.-", "Q6.-.-.-", "J7.-.-.-"])
    swapped = huolong_position(["A4.-.-.-", "K5.-.-.-", "Q6.-.-.-", "J7.-.-.-"])
    assert probed(stored, stored, ["A.-.-.-"]) == (3, 7)
    assert probed(stored, swapped, ["A.-.-.-"]) == (-INF, INF)


def test_a_bound_reaches_positions_differing_in_loose_points_shifted_by_what_they_can_move():
    """Quasi-classes (under the points objective, a leaf rise of 10 for 5 points): the 5 and the 4
    changing hands may move the attackers' points by 5 either way, so the bounds widen by 10 each;
    a 5 in place of an 8 can only add points, so the lower bound holds as it was. E's ♠K (10 points,
    loose in both) is matched with itself and shifts nothing."""
    stored = huolong_position(["A5.-.-.-", "K4.-.-.-", "Q6.-.-.-", "J7.-.-.-"])
    swapped = huolong_position(["A4.-.-.-", "K5.-.-.-", "Q6.-.-.-", "J7.-.-.-"])
    assert probed(stored, swapped, ["A.-.-.-"], slope=10) == (3 - 10, 7 + 10)
    assert probed(stored, swapped, ["A.-.-.-"]) == (-INF, INF)  # no quasi-classes: nothing moves
    eight = huolong_position(["A8.-.-.-", "K4.-.-.-", "Q6.-.-.-", "J7.-.-.-"])
    five = huolong_position(["A5.-.-.-", "K4.-.-.-", "Q6.-.-.-", "J7.-.-.-"])
    assert probed(eight, five, ["A.-.-.-"], slope=10) == (3, 7 + 10)
    assert probed(five, eight, ["A.-.-.-"], slope=10) == (3 - 10, 7)
    assert probed(stored, swapped, ["4.-.-.-"], slope=10) == (-INF, INF)  # every spade decided it
    # A kind keeps its suit: N's 5 moving from spades to diamonds and E's 5 the other way shifts both
    # bounds by 10 for each suit, although each seat holds as many cards worth 5 in all.
    two_suits = huolong_position(["A5.-.A4.-", "K4.-.K5.-", "Q6.-.Q6.-", "J7.-.J7.-"])
    crossed = huolong_position(["A4.-.A5.-", "K5.-.K4.-", "Q6.-.Q6.-", "J7.-.J7.-"])
    assert probed(two_suits, crossed, ["A.-.-.-", "-.-.A.-"], slope=10) == (3 - 20, 7 + 20)


def test_quasi_classes_apply_only_where_cards_score_and_the_leaf_is_additive_in_points():
    """The slope that turns quasi-classes on: the points objective of a game whose cards score (a
    rise of 10 a 5 points: twice the points, plus the dig); not the outcome objectives, whose points
    are keyed, nor bridge, whose cards score nothing."""
    pos = huolong_position(["A5.-.-.-", "K4.-.-.-", "Q6.-.-.-", "J7.-.-.-"])
    assert encode(pos, "points").K[K_PAR][layout.P_QUASI_SLOPE] == 10
    assert encode(pos, "outcome").K[K_PAR][layout.P_QUASI_SLOPE] == 0
    assert encode(bridge_position(STORED), "points").K[K_PAR][layout.P_QUASI_SLOPE] == 0


@njit
def grouped(kinds):
    """The groups of loose kinds given as rows (seat, copies, points), and whether they all fit."""
    groups = np.uint64(0)
    fits = True
    for i in range(kinds.shape[0]):
        groups, ok = add_to_group(groups, kinds[i, 0], kinds[i, 1], kinds[i, 2])
        fits = fits and ok
    return groups, fits


def test_a_group_holds_one_kind_worth_5_and_three_worth_10_else_the_suit_keeps_its_points():
    """A seat's loose kinds held so many times: at most one worth 5 (a plain suit has one 5) and
    three worth 10; one more does not fit, and the suit's quasi-class then keeps its points."""
    assert grouped(np.array([[0, 1, 5], [0, 1, 10], [0, 1, 10], [0, 1, 10], [3, 3, 5]]))[1]
    assert not grouped(np.array([[2, 2, 5], [2, 2, 5]]))[1]
    assert not grouped(np.array([[1, 1, 10]] * 4))[1]
    assert grouped(np.array([[1, 1, 5], [1, 2, 5], [2, 1, 5]]))[1]  # different groups


@njit
def loss(x, y):
    return group_loss(x, y)


def test_the_shift_matches_a_seats_kinds_held_as_often_points_sorted_against_points():
    """X's kinds worth (10, 5) against Y's (5, 0), one seat, held once: the best matching pairs the 10
    with the 5 and the 5 with the 0 — 10 points the attackers may lose; the other way nothing. Held
    twice, every point counts twice. Kinds held by other seats or as often are not matched."""
    ten_five = grouped(np.array([[1, 1, 10], [1, 1, 5]]))[0]
    five = grouped(np.array([[1, 1, 5]]))[0]
    assert (loss(ten_five, five), loss(five, ten_five)) == (10, 0)
    twice = grouped(np.array([[1, 2, 10], [1, 2, 5]]))[0], grouped(np.array([[1, 2, 5]]))[0]
    assert loss(*twice) == 20
    elsewhere = grouped(np.array([[2, 1, 10], [2, 1, 5]]))[0]
    assert (loss(ten_five, elsewhere), loss(elsewhere, ten_five)) == (15, 15)


@njit
def groups_round_trip(words):
    """Store per-suit groups (``words``, as a classification's cut would give them) in an entry's row
    and read each suit back."""
    FK = np.zeros((1, layout.FK_FIELDS), np.uint64)
    for su in range(layout.SUITS):
        FK[0, layout.FK_GROUPS + su * layout.PREFIX_STRIDE] = words[su]
    row = np.full(layout.E_FIELDS, -1, np.int64)
    store_groups(FK, np.int64(0), np.int64(0), row)
    out = np.zeros(layout.SUITS, np.uint64)
    for su in range(layout.SUITS):
        out[su] = stored_groups(row, su)
    return out


def test_an_entry_keeps_every_suits_groups_in_its_one_cache_line():
    """Five suits' groups, 36 bits each, share an entry's last three words: each reads back as stored,
    whatever the neighbours hold."""
    rng = np.random.default_rng(54)
    for _ in range(20):
        words = rng.integers(0, 1 << 36, size=layout.SUITS, dtype=np.uint64)
        assert list(groups_round_trip(words)) == list(words)
    full = np.full(layout.SUITS, (1 << 36) - 1, np.uint64)
    assert list(groups_round_trip(full)) == list(full)


def test_smaller_cards_in_a_class_keep_each_seats_pairs():
    """Below the cards whose rank decided a trick a class keeps, for each seat, how many kinds it
    holds once, twice and three times: S's two pairs may be 9s and 8s or 7s and 6s, but a triple
    and a single are another class."""
    others = ["Q.-.9876.-", "J.-.9876.-", "-.-.A9876.-"]
    stored = huolong_position(["A9988.-.-.-", *others])
    other_pairs = huolong_position(["A7766.-.-.-", *others])
    triple = huolong_position(["A9998.-.-.-", *others])
    assert probed(stored, other_pairs, ["A.-.-.-"]) == (3, 7)
    assert probed(stored, triple, ["A.-.-.-"]) == (-INF, INF)


def test_a_class_keeping_more_kinds_than_a_position_has_does_not_match_it():
    """The class of every spade exact (the ♠J decided a trick) has three kinds; a position with the
    same number of spades in each hand but only two kinds (E and N both hold a queen) is not in it."""
    stored = huolong_position(["A.-.-.-", "Q.-.-.-", "J.-.-.-", "-.-.8.-"])
    fewer_kinds = huolong_position(["A.-.-.-", "Q.-.-.-", "Q.-.-.-", "-.-.8.-"])
    assert probed(stored, stored, ["J.-.-.-"]) == (3, 7)
    assert probed(stored, fewer_kinds, ["J.-.-.-"]) == (-INF, INF)


def tried_order(pos: Position) -> list[str]:
    """The plays of the seat to move in ``pos``, in the order the search tries them."""
    search = Search(pos, "points")
    codes, _ = search.root_plays()
    return [str(search.enc.play(int(c))) for c in codes]


def lead_order(hands: list[str], position: Callable[[list[str]], Position] = huolong_position) -> list[str]:
    """The plays of S, on lead in ``position`` (:func:`huolong_position`), in the order the search tries them."""
    return tried_order(position(hands))


def test_cards_equal_in_power_are_equivalent_with_another_seats_equal_card_between_them():
    """S's ♠2 and ♣2 (副2, equal in power) are alike in every rule: one of them is searched,
    though E's ♦2, of the same power, lies between them in the suit's order."""
    leads = lead_order(["2.-.-.2", "A.-.2.-", "KQ.-.-.-", "JT.-.-.-"])
    assert len(leads) == 1 and leads[0] in ("S2", "C2")


def test_a_huolong_lead_no_opponent_can_beat_is_tried_first():
    """Cash winners: S's ♣5 is above every club E and W hold, so it is searched before the ♠Q,
    which E's ♠K beats (a higher card, but not a winner)."""
    assert lead_order(["Q.-.-.5", "K.-.-.4", "T9.-.-.-", "J.-.-.4"]) == ["C5", "SQ"]


def test_a_huolong_lead_that_wins_nothing_leads_the_biggest_unit():
    """No lead of S wins (E's ♠AA beats the pair, E's ♠A every single): the pair of 9s comes
    first, since the followers must match it or break their own pairs."""
    assert lead_order(["998.-.-.-", "AAK.-.-.-", "765.-.-.-", "JT6.-.-.-"])[0] == "S9 S9"


def test_a_lead_that_wins_nothing_is_from_the_suit_where_the_opponents_have_fewest_plays():
    """No lead of S wins and N heads no suit: the heart comes first (E void, W one heart), then the
    diamond (W two), then the spade (E three, W void): a void opponent may play anything, so it
    counts its whole hand. The fewer plays the opponents have, the smaller the search of the lead."""
    assert lead_order(["2.2.2.-", "AKQ.-.-.-", "3.3.3.-", "-.A.AK.-"], bridge_position) == ["H2", "D2", "S2"]


def test_a_bridge_winner_an_opponent_is_void_in_is_led_after_the_other_leads():
    """S's ♠A wins the trick, but E holds no spade and would throw whatever he likes: where tricks
    score, that winner waits, and the ♥2 (E's ♥A beats it) is tried first."""
    assert lead_order(["A.2.-.-", "-.A.2.-", "3.3.-.-", "K.K.-.-"], bridge_position) == ["H2", "SA"]


def test_with_no_trumps_left_a_lead_to_the_partners_winner_comes_before_a_sure_winner():
    """No trumps: S's ♠A wins (E and W follow), and N's ♥A beats every heart of E and W. In no-trump
    play a winner is also an entry: the ♥2 to the partner is tried first, the ♠A after it."""
    assert lead_order(["A.2.-.-", "2.3.-.-", "3.A.-.-", "4.K.-.-"], bridge_position) == ["H2", "SA"]


def test_with_trumps_left_a_bridge_sure_winner_is_still_cashed_first():
    """The same spades and hearts with clubs trumps and W holding the ♣2: the ♠A comes first."""
    assert lead_order(["A.2.2.-", "2.3.3.-", "3.A.4.-", "4.K.-.2"], clubs_trumps)[:2] == ["SA", "H2"]


def second_seat_order(hands: list[str], lead: str, position: Callable[[list[str]], Position]) -> list[str]:
    """The plays of W, the second seat, after S leads ``lead`` in ``position``, in the order the search
    tries them."""
    pos = position(hands)
    pos.play(Play.parse(lead))
    return tried_order(pos)


def test_with_no_trumps_left_the_second_seat_tries_a_win_the_third_can_overtake_after_a_low_card():
    """No trumps: S leads the ♠3. W's ♠K beats it but N's ♠A would overtake it: second hand low,
    the ♠2 is tried first."""
    assert second_seat_order(["3.2.-.-", "4.4.-.-", "A.3.-.-", "K2.-.-.-"], "S3", bridge_position) == ["S2", "SK"]


def test_with_no_trumps_left_the_second_seat_plays_low_when_its_partner_beats_the_trick_anyway():
    """No trumps: S leads the ♠3. W's ♠K is safe from N, but E, W's partner, holds the ♠A, above
    the ♠K and anything N holds: W's ♠2 is tried first."""
    assert second_seat_order(["3.2.-.-", "A.3.-.-", "4.4.-.-", "K2.-.-.-"], "S3", bridge_position) == ["S2", "SK"]


def test_with_trumps_left_the_second_seat_still_tries_a_win_first():
    """The same spades with clubs trumps and E holding the ♣2: W's ♠K comes first."""
    assert second_seat_order(["3.2.-.-", "4.-.-.2", "A.3.-.-", "K2.-.-.-"], "S3", clubs_trumps) == ["SK", "S2"]


UNBLOCK = ["-.2.KT.-", "K8.-.-.7", "-.-.J.A5", "-.6.3.3"]
"""No trumps, S to lead: only the ♦T takes all three tricks (N's ♦J must win the first, so that N
cashes the ♣A and then the ♣5, E's ♣7 gone)."""


def first_lead_tried(pos: Position, killer: str | None = None, led_by: int = 0) -> str:
    """The lead the search of ``pos`` (a trick start) tries first, with the killer of its root's depth
    set to ``killer``, led by seat ``led_by``: the search is stopped as it enters that lead's node."""
    search = Search(pos, "points", max_nodes=1)
    if killer:
        search.session.F[0, layout.F_KILLER] = search.enc.code(Play.parse(killer))
        search.session.F[0, layout.F_KILLER_SEAT] = led_by
    with pytest.raises(SearchAborted):
        search.value()
    return str(search.enc.play(int(search.session.F[0, layout.F_MOVE])))


def test_a_lead_that_cut_off_is_remembered_at_its_depth():
    """Proving that S takes all three tricks, the search's root cuts off with the ♦T: it becomes the
    killer of the root's depth."""
    search = Search(bridge_position(UNBLOCK), "points")
    assert search.to_value(search.value()).points == 3
    assert str(search.enc.play(int(search.session.F[0, layout.F_KILLER]))) == "DT"


def test_the_lead_that_last_cut_off_at_a_depth_is_tried_first_there():
    """The lead the static order tries last is tried first when it is the killer of its depth."""
    pos = bridge_position(UNBLOCK)
    static = tried_order(pos)
    assert first_lead_tried(pos) == static[0]
    assert first_lead_tried(pos, killer=static[-1]) == static[-1] != static[0]


TWO_SEATS_WITH_SQ = ["Q97.4.32.-", "5.A8.Q.J6", "QJ.AQ.-.QQ", "-.QT8.AJ8.-"]
"""Huolong, S to lead: S and N each hold a ♠Q (three packs), the static order's last lead for S."""


def test_a_killer_another_seat_led_is_not_tried_first():
    """In Huolong the seats share kinds (three packs): S and N both hold a ♠Q. When N's ♠Q is the
    killer of this depth, S's ♠Q, the static order's last lead, is not tried first: N's lead says
    nothing about S's."""
    pos = huolong_position(TWO_SEATS_WITH_SQ)
    static = tried_order(pos)
    assert static[-1] == "SQ"
    assert first_lead_tried(pos, killer="SQ", led_by=0) == "SQ"
    assert first_lead_tried(pos, killer="SQ", led_by=2) == static[0]


def test_each_root_play_is_scored_without_the_killers_of_the_one_before():
    """Every play scored: the leads that refuted the positions under S's first play are forgotten
    before the second is searched (a search stopped as it enters the second play has none)."""
    pos = huolong_position(TWO_SEATS_WITH_SQ)
    first = Search(pos, "points")
    codes, _ = first.root_plays()
    first.score(codes[:1])
    assert (first.session.F[:, layout.F_KILLER_SEAT] >= 0).any()
    both = Search(pos, "points", max_nodes=first.nodes)
    with pytest.raises(SearchAborted):
        both.score(codes[:2])
    assert (both.session.F[:, layout.F_KILLER_SEAT] < 0).all()


def test_a_huolong_winner_an_opponent_is_void_in_is_still_cashed_first():
    """Where points score, cashing pays: S's ♣5 (W's ♣4 below it, E void and without trumps) comes
    before the ♠Q, which E's ♠K beats."""
    assert lead_order(["Q.-.-.5", "K7.-.-.-", "T9.-.-.-", "J.-.-.4"]) == ["C5", "SQ"]


def test_the_opponents_plays_weigh_more_than_the_sides_length_in_a_suit():
    """No lead of S wins: N and S hold five spades against two hearts, but E and W may answer a
    spade four ways and a heart two: the heart is tried first."""
    assert lead_order(["32.2.2.-", "AK.A.-.A", "654.3.-.-", "QJ.K.A.-"], bridge_position)[0] == "H2"


def test_of_two_sure_winners_the_lower_is_cashed_first():
    """S's ♠A and ♠Q both win (E and W hold nothing above the J; N has the K): the queen is led
    first and the ace kept, so S still controls the suit after it."""
    assert lead_order(["AQ.-.-.-", "J6.-.-.-", "K7.-.-.-", "94.-.-.-"]) == ["SQ", "SA"]


def test_a_plain_winner_is_cashed_before_a_trump_winner_without_points():
    """S's pair of trump ♥A and its ♣A all win, but the trumps carry no points and are the control:
    the ♣A comes first, even though a pair is otherwise the bigger unit to cash."""
    assert lead_order(["-.AA.-.A", "76.-.-.K", "JT.-.-.2", "98.-.-.Q"]) == ["CA", "HA HA", "HA"]


# -- small cards: one searched, the rest skipped ------------------------------------


SEAT_TO_MOVE = np.int64(0)  # S, in the positions below


@njit
def skipped_after(h, tried, move, rel, K, value, best):
    words = np.empty_like(tried)
    for i in range(tried.shape[0]):
        words[i] = spent(small_below(tried[i], rel, K), value)
    maximize = tried.shape[0] >= 0  # True, typed as the search's (a literal would compile another signature)
    return redundant(h, SEAT_TO_MOVE, tried, words, np.int64(0), np.int64(tried.shape[0]), move, maximize, best, K)


def skipped(pos: Position, tried: list[str], play: str, rel_cards: list[str], value: int = 0,
            best: int = -1) -> bool:
    """Is ``play`` skipped by S once ``tried`` were searched, each result resting on ``rel_cards``, each
    searched play's fail-soft value ``value`` and S's best so far ``best`` (S maximises; by default the
    searched play's value is above the best, as if it had not failed low)?"""
    enc = encode(pos, "points")
    rel = np.uint64(0)
    for token in rel_cards:
        rel |= np.uint64(1) << np.uint64(enc.kind_of[Hand.parse(token).counts.index(1)])
    codes = np.array([enc.code(Play.parse(t)) for t in tried], np.int64)
    return bool(skipped_after(enc.hands(pos), codes, np.int64(enc.code(Play.parse(play))), rel, enc.K,
                              np.int64(value), np.int64(best)))


def test_a_small_card_like_one_searched_is_skipped():
    """No trumps: S's ♠3 was searched and only the ♠Q's rank decided a trick below it, so the ♠7 —
    not next to the 3 (E's ♠6 and ♠4 lie between) — gives the same value and is not searched."""
    pos = bridge_position(["Q73.-.-.-", "64.2.-.-", "K.3.2.-", "A5.-.3.-"])
    assert skipped(pos, ["S3"], "S7", ["Q.-.-.-"])
    assert skipped(pos, ["SQ", "S3"], "S7", ["Q.-.-.-"])


def test_a_card_above_a_rank_that_decided_a_trick_is_searched():
    """The same, but the ♠6's rank decided a trick below the ♠3: the ♠7 beats it and is searched; a
    card of another suit is never skipped for a spade."""
    pos = bridge_position(["Q73.-.-.-", "64.2.-.-", "K.3.2.-", "A5.-.3.-"])
    assert not skipped(pos, ["S3"], "S7", ["6.-.-.-"])
    pos = bridge_position(["73.2.-.-", "64.3.-.-", "K.4.2.-", "A5.-.3.-"])
    assert not skipped(pos, ["S3"], "H2", [])


def test_a_small_card_is_skipped_whoever_else_holds_its_kind():
    """Huolong, three packs: S's ♠6 and ♠7 are skipped after its ♠4 (S holds one copy of each), though W
    holds another ♠7: no trick below turned on a small card's rank, so only the mover's copies count."""
    pos = huolong_position(["7654.-.-.-", "K98.-.-.A", "QJ8.-.-.A", "T72.-.-.A"])
    assert skipped(pos, ["S4"], "S6", ["K.-.-.-"])
    assert skipped(pos, ["S4"], "S7", ["K.-.-.-"])


def test_a_small_card_the_mover_holds_in_other_numbers_is_searched():
    """Huolong: S holds two ♠7s and one ♠4: a single ♠7 leaves S another ♠7, a single ♠4 none, so the
    ♠7 is searched after the ♠4."""
    pos = huolong_position(["77654.-.-.-", "K98.-.-.AK", "QJ8.-.-.AK", "T2.-.-.QQT"])
    assert not skipped(pos, ["S4"], "S7", ["K.-.-.-"])


def test_a_small_card_worth_other_points_is_skipped_only_when_the_best_covers_the_slack():
    """Huolong, points: S's ♠5 (5 points) after its ♠4 (none), one copy each, both small. The ♠5's value
    lies within 2 × 5 of the ♠4's (the leaf counts 2 a point): skipped when S's best so far already
    covers the ♠4's fail-soft value plus 10, searched when it falls short (the ♠5 might be better)."""
    pos = huolong_position(["7654.-.-.-", "K98.-.-.A", "QJ8.-.-.A", "T72.-.-.A"])
    assert skipped(pos, ["S4"], "S5", ["K.-.-.-"], value=30, best=40)
    assert not skipped(pos, ["S4"], "S5", ["K.-.-.-"], value=30, best=39)
    assert not skipped(pos, ["S4"], "S5", ["K.-.-.-"])


def test_a_small_pair_like_one_searched_is_skipped():
    """Huolong: S's pair of ♠6s is skipped after its pair of ♠4s (no other copies in play), but a
    single ♠6 is not: a play of another size."""
    pos = huolong_position(["6644.-.-.-", "K98.-.-.A", "QJ8.-.-.A", "T72.-.-.A"])
    assert skipped(pos, ["S4 S4"], "S6 S6", ["K.-.-.-"])
    assert not skipped(pos, ["S4 S4"], "S6", ["K.-.-.-"])


# -- bounds against the oracle ------------------------------------------------------


@njit
def trick_start_bounds(h, leader, pts, need, need_other, K):
    """(last-trick value or −1, card points still in the hands, leader's side's sure tricks, other side's)."""
    last, _ = last_single(h, leader, pts, K)
    quick, _, other, _ = sure_tricks(h, leader, need, need_other, K)
    return last, hand_points(h, K), quick, other


@njit
def last_tricks(h, leader, pts, alpha, beta, cards, strict, K, T, FK, ctrl):
    if cards >= 4:  # the last four tricks are played out in settling a trick start
        done, value, _, _, _ = settle(h, leader, pts, hand_points(h, K), alpha, beta, strict, K, T, FK, np.int64(0),
                                      np.int64(-1), np.int64(0), ctrl)
        value = value if done else -1
    elif cards == 3:
        value, _ = last_three(h, leader, pts, alpha, beta, strict, K)
    else:
        value, _ = last_two(h, leader, pts, alpha, beta, K)
    return value


def played_out(pos: Position, alpha: int = -INF, beta: int = INF) -> int:
    """The value :func:`last_two`, :func:`last_three` or, for four cards, :func:`settle` gives (by
    the cards a hand; the last with a table of its own), −1 if none."""
    enc = encode(pos, "points")
    h = enc.hands(pos)
    before = h.copy()
    _, _, _, ctrl, _, FK = search_buffers(64)
    value = int(last_tricks(h, np.int64(enc.seat(pos.leader)), np.int64(enc.points(pos)), np.int64(alpha),
                            np.int64(beta), np.int64(pos.cards_left), np.int64(pos.rules.follow == "strict"), enc.K,
                            new_table(1 << 12), FK, ctrl))
    assert (h == before).all(), "the hands were not put back"
    return value


def bounds_of(pos: Position, need: int | None = None, need_other: int | None = None) -> tuple[int, int, int, int]:
    """As :func:`trick_start_bounds`; each side's sure tricks counted up to its need (all the tricks left
    by default)."""
    enc = encode(pos, "points")
    out = trick_start_bounds(enc.hands(pos), np.int64(enc.seat(pos.leader)), np.int64(enc.points(pos)),
                             np.int64(need or pos.cards_left), np.int64(need_other or pos.cards_left), enc.K)
    return tuple(int(x) for x in out)


def trick_start(rng: random.Random, cards: int, bridge: bool, kinds: int | None = None) -> Position:
    while True:
        pos = random_bridge_endgame(rng, cards) if bridge else random_endgame(rng, cards, kinds=kinds)
        if not pos.trick:
            return pos


def test_the_last_trick_is_valued_exactly():
    rng = random.Random(3)
    for bridge in (False, True):
        for _ in range(80):
            pos = trick_start(rng, 1, bridge)
            last, *_ = bounds_of(pos)
            enc = encode(pos, "points")
            points, dug = oracle_value(pos, "points")
            assert last == enc.leaf(points, dug)


def test_the_last_two_tricks_are_valued_exactly():
    rng = random.Random(6)
    pairs = 0
    for bridge in (False, True):
        for _ in range(120):
            pos = trick_start(rng, 2, bridge)
            pairs += any(len(set(h)) == 1 for h in pos.hands)
            enc = encode(pos, "points")
            assert played_out(pos) == enc.leaf(*oracle_value(pos, "points")), str(pos.hands)
    assert pairs >= 10  # pairs led alone and as the last trick were valued too


def oracle_checked(pos: Position) -> None:
    enc = encode(pos, "points")
    assert played_out(pos) == enc.leaf(*oracle_value(pos, "points")), str(pos)


def test_the_last_three_tricks_are_valued_exactly():
    """Singles, pairs and triples led, followed by the rules for following (strict and free)."""
    rng = random.Random(9)
    led = {"pair": 0, "strict pair": 0, "triple": 0}

    for pool in (None, 5, 0):  # any cards; five kinds (pairs); bridge
        for _ in range(200 if pool is None else 100 if pool else 60):
            pos = trick_start(rng, 3, bridge=pool == 0, kinds=pool)
            units = {len(u.cards) for u in pos.legal_plays()}
            led["pair"] += 2 in units
            led["strict pair"] += 2 in units and pos.rules.follow == "strict"
            oracle_checked(pos)
    while led["triple"] < 12:  # four kinds: the leader now and then holds three of one
        pos = trick_start(rng, 3, bridge=False, kinds=4)
        if any(len(u.cards) == 3 for u in pos.legal_plays()):
            led["triple"] += 1
            oracle_checked(pos)
    assert min(led.values()) >= 10, led


@pytest.mark.parametrize("hands", [
    ["KKK.-.-.-", "-.444.-.-", "QQ9.-.-.-", "-.-.AAA.-"],  # E, void in spades, ruffs the triple
    ["KK5.-.-.-", "-.44.A.-", "Q9.-.-.6", "-.-.AK.Q"],  # E ruffs the pair; N may not keep two spades
], ids=["triple", "pair"])
def test_a_unit_led_in_the_last_three_tricks_is_ruffed_only_by_trumps_as_many(hands):
    pos = huolong_position(hands)
    enc = encode(pos, "points")
    exact = enc.leaf(*oracle_value(pos, "points"))
    assert played_out(pos) == exact


@pytest.mark.slow
def test_the_last_four_tricks_are_valued_exactly():
    """Every unit led from four cards a hand, followed by the rules for following (strict and
    free), and the tricks after it settled through a table."""
    rng = random.Random(12)
    led = {"pair": 0, "strict pair": 0, "triple": 0, "strict triple": 0}
    for pool in (None, 8):  # any cards; eight kinds (pairs)
        for _ in range(60 if pool is None else 30):
            oracle_checked(trick_start(rng, 4, bridge=False, kinds=pool))
    while led["pair"] < 30 or led["triple"] < 12:  # six kinds, three copies each: pairs and triples to lead
        pos = trick_start(rng, 4, bridge=False, kinds=6)
        units = {len(u.cards) for u in pos.legal_plays()}
        if 2 not in units or (3 not in units and led["pair"] >= 30):
            continue
        strict = pos.rules.follow == "strict"
        for n in (2, 3):
            led["pair" if n == 2 else "triple"] += n in units
            led["strict pair" if n == 2 else "strict triple"] += n in units and strict
        oracle_checked(pos)
    assert min(led.values()) >= 4, led


def test_where_every_play_is_one_card_the_last_four_tricks_are_searched():
    """Bridge: the last three and four tricks are left to the search (it costs full deals fewer
    nodes than playing them out), so settling a four-card trick start with an open window does not
    value it."""
    rng = random.Random(14)
    for _ in range(10):
        assert played_out(trick_start(rng, 4, bridge=True)) == -1


def kinds_of(move: int) -> tuple[int, ...]:
    """The kinds of a move code, weakest first."""
    return tuple((move >> (2 + 6 * i)) & 63 for i in range(move & 3))


@njit
def follow_plays(h, s, n, lead_suit, strict, K):
    cards = packed(h, s)
    legal = follows(cards, n, lead_suit, strict, K)
    out = []
    for j in range(6):
        if legal & (1 << j):
            out.append(pick(cards, n, j))
    return out


def test_the_answers_to_a_unit_led_from_four_cards_are_the_legal_plays():
    """Perft-style: after each lead, each follower's plays (by kinds) are the rules' legal plays,
    each once, under free and strict following (a strict triple led to a seat holding a pair of the
    suit among them)."""
    rng = random.Random(13)
    checked = {1: 0, 2: 0, 3: 0, "strict triple to a pair": 0}
    for starts in range(20000):
        if starts >= 300 and min(checked.values()) >= 10:
            break
        start = trick_start(rng, 4, bridge=False, kinds=rng.choice([6, 6, 7, 10, None]))
        lead_hand = list(start.hands[start.leader])
        if starts >= 300 and not (start.rules.follow == "strict" and any(lead_hand.count(c) == 3 for c in lead_hand)):
            continue  # then only strict triples led
        enc = encode(start, "points")
        h = enc.hands(start)
        strict = start.rules.follow == "strict"
        for lead in start.legal_plays():
            pos = start.copy()
            pos.play(lead)
            n = len(lead.cards)
            lead_suit = enc.K[K_SUIT][enc.kind_of[lead.cards[0]]]
            for _ in range(3):  # each follower in turn, after the one before played its first legal play
                seat = pos.to_play
                plays = pos.legal_plays()
                rules = sorted({tuple(sorted(int(enc.kind_of[c]) for c in play.cards)) for play in plays})
                kernel = follow_plays(h, np.int64(enc.seat(seat)), np.int64(n), np.int64(lead_suit),
                                      np.int64(strict), enc.K)
                assert len(kernel) == len(set(kernel)), "a play given twice"
                assert sorted(kinds_of(m) for m in kernel) == rules, (str(start), str(lead))
                checked[n] += 1
                kinds = [int(enc.kind_of[c]) for c in pos.hands[seat]]
                checked["strict triple to a pair"] += strict and n == 3 and any(
                    kinds.count(k) == 2 and enc.K[K_SUIT][k] == lead_suit for k in kinds)
                pos.play(plays[0])
    assert min(checked.values()) >= 10, checked


@pytest.mark.parametrize("follow, answers", [("strict", [(2, 2, 2)]), ("free", [(2, 2, 2), (2, 2, 3)])])
def test_a_triple_led_from_four_cards_is_answered_by_a_triple_held_under_strict(follow, answers):
    """E holds ♠444 and ♠5: under strict following it must play its triple to ♠KKK, under free any
    three spades. (Kinds count up from the ♠4 in this deal's encoding, weakest first.)"""
    pos = Position.from_hands(["KKK7.-.-.-", "5444.-.-.-", "-.-.AKQJ.-", "-.-.T987.-"], level="3", trump="H",
                              dealer="E", leader="S", bottom="-.-.-.JJ9987", rules=f"standard follow={follow}")
    enc = encode(pos, "points")
    four = int(enc.kind_of[next(iter(Hand.parse("4.-.-.-")))])
    lead_suit = enc.K[K_SUIT][four]
    kernel = follow_plays(enc.hands(pos), np.int64(enc.seat(pos.seat_after(pos.leader))), np.int64(3),
                          np.int64(lead_suit), np.int64(follow == "strict"), enc.K)
    assert sorted(tuple(k - four + 2 for k in kinds_of(m)) for m in kernel) == answers


@pytest.mark.parametrize("cards, count", [(2, 120), (3, 120), pytest.param(4, 30, marks=pytest.mark.slow)])
def test_the_last_tricks_outside_a_window_give_a_bound_on_its_side(cards, count):
    rng = random.Random(7)
    for _ in range(count):
        pos = trick_start(rng, cards, bridge=False)
        enc = encode(pos, "points")
        exact = enc.leaf(*oracle_value(pos, "points"))
        alpha = exact + rng.randint(-4, 4)
        v = played_out(pos, alpha, alpha + 1)
        if v <= alpha:
            assert exact <= v  # the seat to move could do no better
        elif v >= alpha + 1:
            assert exact >= v
        else:
            assert v == exact


def test_more_than_four_cards_are_left_to_the_search():
    assert played_out(trick_start(random.Random(8), 5, bridge=False)) == -1


def test_points_still_in_play_bound_the_final_score():
    rng = random.Random(4)
    for _ in range(150):
        pos = trick_start(rng, rng.randint(2, 3), bridge=False)
        _, rem, _, _ = bounds_of(pos)
        assert rem == sum(h.points for h in pos.hands)
        points, dug = oracle_value(pos, "points")
        assert pos.points <= points <= pos.points + rem + (pos.dig_value if dug else 0)


def test_the_top_trumps_one_partner_holds_are_sure_tricks_for_the_side_on_lead():
    """Spades trump: S, on lead, wins no heart and cannot reach N, but N's ♠A and ♠K each win a
    trick of their own; W's ♠Q is below them, so the defenders are sure of none."""
    pos = Position(level=None, trump=0, dealer=1, rules=BRIDGE, leader=0, bottom=Hand(),
                   hands=[Hand.parse(h) for h in ["-.432.-.-", "-.AKQ.-.-", "AK.-.2.-", "Q.-.AK.-"]])
    _, _, quick, other = bounds_of(pos)
    assert (quick, other) == (2, 0)


def test_a_side_holding_every_trump_is_sure_of_a_trick_for_each_trump_of_its_longer_holding():
    """Spades trump, N-S hold none: every trick with a trump in it is E-W's, and E's ♠3 and ♠2 are in
    two tricks, though neither is a top trump (W's ♠4 is)."""
    pos = Position(level=None, trump=0, dealer=1, rules=BRIDGE, leader=0, bottom=Hand(),
                   hands=[Hand.parse(h) for h in ["-.AKQ.-.-", "32.J.-.-", "-.-.AKQ.-", "4.-.32.-"]])
    _, _, quick, other = bounds_of(pos)
    assert (quick, other) == (0, 2)


def test_the_other_side_is_sure_of_a_trick_when_it_holds_the_top_of_every_suit_the_leader_holds():
    """No trumps, S to lead spades or hearts: W's ♠A or E's ♥A takes the trick either way."""
    pos = Position(level=None, trump=None, dealer=1, rules=BRIDGE, leader=0, bottom=Hand(),
                   hands=[Hand.parse(h) for h in ["2.2.-.-", "A.-.-.2", "-.-.AK.-", "-.A.-.3"]])
    _, _, quick, other = bounds_of(pos, need_other=1)
    assert (quick, other) == (0, 1)


def test_a_partner_who_may_ruff_leaves_the_other_side_no_sure_trick():
    """Spades trump: E-W hold the top heart, but N, void in hearts, ruffs S's heart lead."""
    pos = Position(level=None, trump=0, dealer=1, rules=BRIDGE, leader=0, bottom=Hand(),
                   hands=[Hand.parse(h) for h in ["-.32.-.-", "-.A.-.2", "2.-.AK.-", "-.K.-.3"]])
    _, _, _, other = bounds_of(pos, need_other=1)
    assert other == 0


def test_the_leader_cashes_its_winners_and_then_crosses_to_the_partners():
    """No trumps: S cashes its ♥A keeping the lead, then crosses with the ♦2 to N's ♦A, and N cashes
    the ♣A: three tricks, where S's own winners or the crossing alone make two."""
    pos = Position(level=None, trump=None, dealer=1, rules=BRIDGE, leader=0, bottom=Hand(),
                   hands=[Hand.parse(h) for h in ["2.A.2.-", "4.K.K.-", "3.-.A.A", "5.Q.Q.-"]])
    _, _, quick, other = bounds_of(pos)
    assert (quick, other) == (3, 0)


def test_sure_tricks_are_counted_only_as_far_as_the_search_needs():
    """The same three tricks, where two would settle the search: the count stops at two (resting on
    the kinds of those two only, so that it holds for a larger class)."""
    pos = Position(level=None, trump=None, dealer=1, rules=BRIDGE, leader=0, bottom=Hand(),
                   hands=[Hand.parse(h) for h in ["2.A.2.-", "4.K.K.-", "3.-.A.A", "5.Q.Q.-"]])
    assert bounds_of(pos, need=2)[2] == 2
    assert bounds_of(pos, need=3)[2] == 3
    assert bounds_of(pos, need=4)[2] == 0  # more than the tricks left: not counted at all


@njit
def lead_made_bounds(h, tr, leader, K):
    every = hand_size(h, (leader + 1) & 3)  # wanting all the tricks left: counted in full
    q2, _, q1, _ = after_lead_tricks(h, tr, np.int64(0), leader, every, every, K)
    return q2, q1


def after_lead(hands: list[str], lead: str, trump: int | None = None) -> tuple[int, int]:
    """(the second seat's side's sure tricks, the leader's side's) once S (seat 0) has led ``lead``;
    bridge seats go S, W, N, E."""
    pos = Position(level=None, trump=trump, dealer=1, rules=BRIDGE, leader=0, bottom=Hand(),
                   hands=[Hand.parse(h) for h in hands])
    pos.play(lead)
    enc = encode(pos, "points")
    out = lead_made_bounds(enc.hands(pos), enc.trick(pos), np.int64(enc.seat(pos.leader)), enc.K)
    return tuple(int(x) for x in out)


def test_the_second_seats_side_wins_the_trick_led_and_then_cashes():
    """No trumps, S leads the ♠2: W's ♠A stands above it and N's ♠3, so W wins the trick and then
    cashes ♥A and ♥K."""
    assert after_lead(["2.-.2.2", "4.-.4.4", "3.-.3.3", "A.AK.-.-"], "S2") == (3, 0)


def test_the_leaders_side_wins_the_trick_led_when_its_card_stands_highest():
    """No trumps, S leads the ♠A, above every spade of E-W, and then cashes the ♥A; its ♦2 wins nothing."""
    assert after_lead(["A.A.2.-", "4.4.A.-", "3.3.4.-", "2.2.3.-"], "SA") == (0, 2)


def test_a_second_seat_void_in_the_suit_led_with_trumps_is_sure_of_the_trick():
    """Spades trump, S leads the ♥2: W ruffs it (N, third, follows and cannot overruff); the leader's
    side, whose ♥3 is the highest heart, is sure of nothing, since W may ruff."""
    assert after_lead(["-.2.2.-", "-.-.56.-", "-.3.4.-", "2.-.3.-"], "H2", trump=0) == (1, 0)


def test_sure_tricks_after_a_lead_never_exceed_what_each_side_takes():
    rng = random.Random(9)
    checked = 0
    while checked < 100:
        pos = random_bridge_endgame(rng, rng.randint(2, 3))
        if len(pos.trick) != 1:
            continue
        checked += 1
        enc = encode(pos, "points")
        h = enc.hands(pos)
        second_side, leader_side = (int(x) for x in lead_made_bounds(h, enc.trick(pos), np.int64(enc.seat(pos.leader)),
                                                                      enc.K))
        assert (h == enc.hands(pos)).all(), "the hands were not put back"
        second = pos.seat_after(pos.leader, 1)
        tricks, _ = oracle_value(pos, "points")
        attackers = tricks - pos.points
        takes = attackers if pos.is_attacker(second) else len(pos.hands[second]) - attackers
        assert second_side <= takes and leader_side <= len(pos.hands[second]) - takes, (str(pos.hands), str(pos.trick))


def test_sure_tricks_never_exceed_what_each_side_takes():
    rng = random.Random(5)
    for _ in range(120):
        pos = trick_start(rng, rng.randint(2, 3), bridge=True)
        # each side counted up to a need drawn at random: the caps must keep the counts sound
        _, _, quick, other = bounds_of(pos, rng.randint(1, pos.cards_left), rng.randint(1, pos.cards_left))
        tricks, _ = oracle_value(pos, "points")  # the defenders' tricks in all
        leaders = tricks - pos.points if pos.is_attacker(pos.leader) else pos.cards_left - (tricks - pos.points)
        assert quick <= leaders and other <= pos.cards_left - leaders, (str(pos.hands), quick, other, leaders)


# -- compile discipline ----------------------------------------------------------------


def compiled_signatures(dispatcher) -> set:
    """Signatures compiled in this process and saved in the cache index (Numba's own file)."""
    saved = {key[0] for key in dispatcher._cache._cache_file._load_index()}
    return saved | set(dispatcher.signatures)


def test_every_kernel_function_has_one_compiled_signature():
    """A helper called with an integer literal compiles a copy per value: the signatures would show it."""
    rng = random.Random(8)
    pos = play_randomly(random_deal(rng, Rules(follow="strict")), rng, 3)
    solve(pos, "outcome")
    deal = random_deal(rng)
    Player(4).play(deal, 1)
    Player(4, ("random", "bot", "random", "bot")).value(deal, 2)
    seen = {d.py_func.__qualname__: compiled_signatures(d) for d in dispatchers()}
    assert sum(1 for sigs in seen.values() if sigs) >= 20  # the solve and the playouts compiled or loaded them
    assert {name: len(sigs) for name, sigs in seen.items() if len(sigs) > 1} == {}


def test_helpers_run_without_reference_counting():
    """Numba's runtime counted every array argument of every helper call up and down, the 13 arrays
    of ``K`` among them: half a search's time (bench/RESULTS.md, session 8). Only drivers, which
    own every array the kernel allocates, keep it; inlined code runs as its caller does."""
    helpers = [d for d in dispatchers() if d.targetoptions.get("no_cpython_wrapper")
               and d.targetoptions.get("inline") != "always"]
    assert len(helpers) >= 20
    assert [d.py_func.__qualname__ for d in helpers if d.targetoptions.get("_nrt") is not False] == []


def test_kernel_modules_stay_readable():
    for path in KERNEL.glob("*.py"):
        text = path.read_text()
        assert text.startswith('"""'), f"{path.name} opens with what it owns"
        assert len(text.splitlines()) <= 420, f"{path.name} has grown past ~400 lines"


# -- the cache -----------------------------------------------------------------------------

PROBE = '''
"""A cached driver whose code comes from two other modules: a helper and a constant."""
from .bits import top
from .jit import driver
from .layout import TRUMP_POWER


@driver
def probe(x):
    return top(x) + TRUMP_POWER
'''


def run_probe(root: Path, cache: Path) -> int:
    script = "import numpy as np, kcopy.probe as p; print(int(p.probe(np.uint64(12))))"
    env = {"NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return int(out.stdout)


def test_an_edit_in_another_kernel_module_reaches_the_cached_callers(tmp_path):
    """Numba alone would load ``probe`` from its cache after ``layout`` or ``bits`` changed (its own
    file did not): the package's source stamp must empty the cache first."""
    copy = tmp_path / "kcopy"
    shutil.copytree(KERNEL, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "probe.py").write_text(textwrap.dedent(PROBE))
    cache = tmp_path / "cache"
    assert run_probe(tmp_path, cache) == 8 + layout.TRUMP_POWER
    assert run_probe(tmp_path, cache) == 8 + layout.TRUMP_POWER  # loaded from the cache
    layout_py = copy / "layout.py"
    layout_py.write_text(layout_py.read_text().replace(f"TRUMP_POWER = {layout.TRUMP_POWER}", "TRUMP_POWER = 1000"))
    assert run_probe(tmp_path, cache) == 8 + 1000
    bits_py = copy / "bits.py"
    bits_py.write_text(bits_py.read_text().replace("    return bit(highest(x))", "    return bit(highest(x)) << ONE"))
    assert run_probe(tmp_path, cache) == 16 + 1000


COMPILE_HERE = {"HUOLONG_SOLVE_PREBUILT": "0"}  # an empty cache, not filled from the kernel the install compiled


def solve_example(cache: Path) -> str:
    """The README's example solved by the CLI in a process of its own, with ``cache`` as Numba's
    cache: its stderr."""
    example = KERNEL.parent.parent / "puzzles" / "examples" / "dig-fight.hl"
    env = {"NUMBA_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin", **COMPILE_HERE}
    out = subprocess.run([sys.executable, "-m", "huolong.cli.main", str(example)], env=env, capture_output=True,
                         text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    return out.stderr


@pytest.fixture(scope="module")
def first_run(tmp_path_factory) -> tuple[Path, str]:
    """The example solved from an empty cache (it compiles): the cache, and what the run said on stderr."""
    cache = tmp_path_factory.mktemp("cache")
    return cache, solve_example(cache)


@pytest.mark.slow
def test_a_plain_solve_compiles_no_playout_kernel(first_run):
    """Each command compiles only what it runs: a solve from an empty cache leaves no playout driver there."""
    cache, _ = first_run
    compiled = {p.name.split("-")[0] for p in cache.rglob("*.nbi")}
    assert "root.root" in compiled and "search.search" in compiled
    assert "playout.playout" not in compiled


@pytest.mark.slow
def test_a_batch_compiles_no_playout_kernel(first_run, tmp_path):
    """``batch`` only solves: its workers need the search, which the first run compiled, and nothing more."""
    cache, _ = first_run
    examples = sorted((KERNEL.parent.parent / "puzzles" / "examples").glob("*.hl"))[:3]
    env = {"NUMBA_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin", **COMPILE_HERE}
    out = subprocess.run([sys.executable, "-m", "huolong.cli.main", "batch", *map(str, examples), "-o",
                          str(tmp_path / "out.jsonl"), "--workers", "2"], env=env, capture_output=True, text=True,
                         timeout=900)
    assert out.returncode == 0, out.stderr
    assert "playout.playout" not in {p.name.split("-")[0] for p in cache.rglob("*.nbi")}
    assert "compiling" not in out.stderr


@pytest.mark.slow
def test_a_first_solve_says_it_is_compiling_and_a_later_one_does_not(first_run):
    """Half a minute of silence before the first answer would look like a hang."""
    cache, said = first_run
    assert "compiling the solver's kernel" in said
    assert "compiling" not in solve_example(cache)


# -- the kernel compiled while the package was built --------------------------------------------

def with_cache(index_file) -> SimpleNamespace:
    """A stand-in for a jitted function whose Numba cache is ``index_file``."""
    return SimpleNamespace(_cache=SimpleNamespace(_cache_file=index_file))


def test_a_prebuilt_kernel_is_adopted_with_the_installed_sources_stamp(tmp_path, monkeypatch):
    """Installing a wheel gives the sources new file times, so the build's cache index is stale to Numba
    as it stands: adopted, it carries the installed file's stamp, and Numba loads the build's code."""
    built = tmp_path / "prebuilt"
    built.mkdir()
    IndexDataCacheFile(str(built), "root.root-27.py311", source_stamp=(1000.0, 4321)).save("key", b"code")
    monkeypatch.setattr(prebuilt, "PREBUILT", built)
    here = IndexDataCacheFile(str(tmp_path / "cache"), "root.root-27.py311", source_stamp=(2000.0, 4321))
    assert here.load("key") is None  # what Numba would do with the build's files copied as they are
    assert prebuilt._adopt_one(with_cache(here)) == 1
    assert here.load("key") == b"code"


def test_this_machines_own_cache_is_kept_over_the_prebuilt_one(tmp_path, monkeypatch):
    built = tmp_path / "prebuilt"
    built.mkdir()
    IndexDataCacheFile(str(built), "root.root-27.py311", source_stamp=(1000.0, 4321)).save("key", b"built")
    monkeypatch.setattr(prebuilt, "PREBUILT", built)
    (tmp_path / "cache").mkdir()
    here = IndexDataCacheFile(str(tmp_path / "cache"), "root.root-27.py311", source_stamp=(2000.0, 4321))
    here.save("key", b"compiled here")
    assert prebuilt._adopt_one(with_cache(here)) == 0
    assert here.load("key") == b"compiled here"


@pytest.mark.parametrize("other", [{"stamp": "0" * 64}, {"numba": "0.1.0"}, {"llvmlite": "0.1.0"},
                                   {"numpy": "1"}, {"python": [3, 99]}])
def test_a_prebuilt_kernel_from_other_sources_or_versions_is_not_adopted(other):
    assert prebuilt.fits(prebuilt.compiled_from())
    assert not prebuilt.fits({**prebuilt.compiled_from(), **other})


HOLD_THE_LOCK = """
import sys, time
from huolong.solver.kernel import cache_lock
with cache_lock():
    start = time.time()
    time.sleep(1.0)
    print(start, time.time())
"""


def test_processes_take_the_kernels_cache_lock_in_turn(tmp_path):
    """What makes processes started together compile once: while one holds the cache's lock (compiling,
    or loading from the cache), another waits for it."""
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK], env=env, stdout=subprocess.PIPE, text=True)
            for _ in range(2)]
    first, second = sorted(tuple(map(float, run.communicate(timeout=120)[0].split())) for run in runs)
    assert all(run.returncode == 0 for run in runs)
    assert second[0] >= first[1]  # the second took the lock once the first had let it go


def test_a_thread_holding_the_cache_lock_may_take_it_again(tmp_path):
    """``prepare`` holds it over every kernel's first call, and each first call takes it too."""
    script = "from huolong.solver.kernel import cache_lock\nwith cache_lock(), cache_lock():\n    print('taken twice')"
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert out.stdout == "taken twice\n", out.stderr


WARM_UP_AS_A_BOARD_WORKER = """
import huolong.cli.main  # a board's worker process imports the CLI's main module: it says when it compiles
from huolong.solver.jobs import prepare
prepare("search", "playout")
"""


@pytest.mark.slow
@pytest.mark.parametrize("who", ["board workers", "solves"])
def test_processes_started_together_on_an_empty_cache_compile_once(tmp_path, who):
    """Two processes started at once with an empty cache — a board's workers loading every kernel, or
    two solves: one compiles and says so; the other waits for it and loads what it saved, silently."""
    example = KERNEL.parent.parent / "puzzles" / "examples" / "dig-fight.hl"
    command = (["-c", WARM_UP_AS_A_BOARD_WORKER] if who == "board workers"
               else ["-m", "huolong.cli.main", str(example), "--json"])
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin", **COMPILE_HERE}
    runs = [subprocess.Popen([sys.executable, *command], env=env, text=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE) for _ in range(2)]
    outputs = [run.communicate(timeout=1800) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], [err for _, err in outputs]
    if who == "solves":
        value = {"points": 175, "dug": True, "outcome": "attackers-up", "levels": 1}
        assert [json.loads(out)[0]["value"] for out, _ in outputs] == [value, value]  # both answer, the same
    assert sum("compiling the solver's kernel" in err for _, err in outputs) == 1
