"""The declaration while dealing, every way the rule texts give it (docs/rules.md §12, engine.declaring):
one test per rule, named after it."""

from __future__ import annotations

import random

from huolong.engine.cards import parse_card
from huolong.engine.declaring import always, declare
from huolong.engine.game import GameRules, GameState, game_deal
from huolong.engine.seats import EAST, NORTH, SOUTH, WEST

FILL = parse_card("C4")  # neither a joker, a 2 nor a level card (the level is 3)


def deck(cards_by_turn: dict[int, str], bottom: str = "S9 H9 D9 C9 S8 H8") -> list[int]:
    """A deck dealt from S: the card at turn ``j`` goes to seat ``j % 4`` (S E N W)."""
    out = [FILL] * 156
    for j, token in cards_by_turn.items():
        out[j] = parse_card(token)
    return out + [parse_card(t) for t in bottom.split()]


def declined_by(*seats):  # type: ignore[no-untyped-def]
    return lambda seat: (lambda s, received, showing: False) if seat in seats else always


# -- jokers: 000, 001, 003 ----------------------------------------------------------------------------------


def test_000_a_little_joker_declares_and_a_big_joker_overrides_it():
    """小王定主，大王可反: S shows a little joker, then E a big one; E's next plain card sets the trump."""
    found = declare(deck({0: "LJ", 4: "H5", 5: "BJ", 9: "D6"}), 0, way="jokers")
    assert (found.seat, found.trump, found.overrode, found.how) == (EAST, 2, SOUTH, "big")
    alone = declare(deck({0: "LJ", 4: "H5"}), 0, way="jokers")
    assert (alone.seat, alone.trump, alone.how) == (SOUTH, 1, "little")


def test_000_a_big_jokers_declaration_is_overridden_by_two():
    """大王定主，两个大王可反: N declares with a big joker, W receives its second one and overrides."""
    found = declare(deck({2: "BJ", 6: "S5", 3: "BJ", 7: "BJ", 11: "H7"}), 0, way="jokers")
    assert (found.seat, found.jokers, found.overrode, found.trump) == (WEST, 2, NORTH, 1)


def test_002_a_big_joker_alone_declares_and_a_little_joker_does_nothing():
    found = declare(deck({0: "LJ", 4: "H5", 1: "BJ", 5: "D6"}), 0)
    assert (found.seat, found.trump, found.how) == (EAST, 2, "big")


# -- level cards: 004 after the first hand ------------------------------------------------------------------


def test_004_a_level_card_shown_makes_its_suit_trump_at_once():
    found = declare(deck({1: "D3"}), 0, way="level", level="3")
    assert (found.seat, found.trump, found.how) == (EAST, 2, "level")


def test_004_two_level_cards_alike_override_one_and_three_override_two():
    """2个相同的反1个的，3个相同的反2个或1个的."""
    two = declare(deck({1: "D3", 2: "S3", 6: "S3"}), 0, way="level", level="3")
    assert (two.seat, two.trump, two.overrode, str(two.cards)) == (NORTH, 0, EAST, "S3 S3")
    three = declare(deck({1: "D3", 2: "S3", 6: "S3", 3: "C3", 7: "C3", 11: "C3"}), 0, way="level", level="3")
    assert (three.seat, three.trump, three.overrode, str(three.cards)) == (WEST, 3, NORTH, "C3 C3 C3")
    one_over_one = declare(deck({1: "D3", 2: "S3"}), 0, way="level", level="3")
    assert (one_over_one.seat, one_over_one.trump) == (EAST, 2)  # one does not override one


def test_004_a_seat_may_add_to_its_own_showing():
    """自己可以加固自己的亮牌: E shows ♦3, then a second ♦3; N's two ♠3 no longer override it."""
    found = declare(deck({1: "D3", 5: "D3", 2: "S3", 6: "S3"}), 0, way="level", level="3")
    assert (found.seat, str(found.cards)) == (EAST, "D3 D3")


def test_004_three_little_jokers_name_any_suit_and_three_big_ones_outrank_them():
    """3个小王或3个大王可以叫任意花色为主花色…大王的叫牌权优于小王."""
    names = {SOUTH: 1, EAST: 3}
    chooser = lambda seat: (lambda s, received, showing: names[s])  # noqa: E731
    little = declare(deck({0: "LJ", 4: "LJ", 8: "LJ"}), 0, chooser, way="level", level="3")
    assert (little.seat, little.trump, little.how) == (SOUTH, 1, "any")
    big = declare(deck({0: "LJ", 4: "LJ", 8: "LJ", 1: "BJ", 5: "BJ", 9: "BJ"}), 0, chooser, way="level", level="3")
    assert (big.seat, big.trump, big.overrode) == (EAST, 3, SOUTH)


def test_004_the_first_hands_big_joker_cannot_be_overridden():
    """第一把…亮牌是抢亮大王（一张即可，别人反不了）."""
    found = declare(deck({0: "BJ", 4: "H5", 1: "BJ", 5: "BJ"}), 0, way="level", fixed=True)
    assert (found.seat, found.trump, found.overrode) == (SOUTH, 1, None)


# -- level-last: 000, 001, 003's other way -------------------------------------------------------------------


def test_000_the_last_level_card_shown_sets_the_trump():
    """最后翻出的级牌花色即为主花色 (a seat that shows again, by choice: the computers show only the first)."""
    yes = lambda seat: (lambda s, received, showing: True)  # noqa: E731
    found = declare(deck({1: "D3", 2: "S3", 7: "H3"}), 0, yes, way="level-last", level="3")
    assert (found.seat, found.trump, found.overrode) == (WEST, 1, NORTH)
    first_only = declare(deck({1: "D3", 2: "S3", 7: "H3"}), 0, way="level-last", level="3")
    assert (first_only.seat, first_only.trump) == (EAST, 2)


# -- nobody declares -----------------------------------------------------------------------------------------


def test_000_nobody_declaring_the_bottoms_first_plain_card_sets_the_trump():
    """若发牌结束仍无人亮牌，则以底牌第一张的花色作为主牌花色。如果第一张是王则利用第二张."""
    found = declare(deck({}, bottom="BJ LJ D9 C9 S8 H8"), 0, way="jokers", nobody="bottom")
    assert (found.seat, found.trump, found.how) == (SOUTH, 2, "bottom")
    assert declare(deck({}), 0, way="jokers", nobody="redeal") is None  # 003: 从新发牌


def test_004_nobody_declaring_on_the_first_hand_the_highest_turned_card_deals():
    """4家都从底牌中翻牌，以翻出最大牌的一家为庄家，并以该牌的花色为主花色."""
    for seed in range(5):  # the four plain cards are turned, in some order: the level card ♥3 is the highest
        found = declare(deck({}, bottom="S4 H3 DA C9 BJ BJ"), 0, way="level", fixed=True, nobody="draw",
                        first_hand=True, rng=random.Random(seed))
        assert (found.how, str(found.cards), found.trump) == ("turn", "H3", 1)
    without = declare(deck({}, bottom="S4 H5 DA C9 BJ BJ"), 0, way="level", fixed=True, nobody="draw",
                      first_hand=True, rng=random.Random(0))
    assert str(without.cards) == "DA" and without.trump == 2  # then the highest rank


def test_004_nobody_declaring_later_a_card_drawn_from_the_bottom_sets_the_trump():
    """如果没人亮主，就从底牌中任意抽取一张牌，并以此牌的花色为主花色。若抽到王需继续抽."""
    found = declare(deck({}, bottom="BJ BJ LJ LJ C9 BJ"), 0, way="level", nobody="draw", first_hand=False,
                    rng=random.Random(1))
    assert (found.trump, found.how, str(found.cards)) == (3, "draw", "C9")


# -- in a game -----------------------------------------------------------------------------------------------


def test_each_presets_first_hands_are_dealt_and_declared():
    for preset in ("000", "001", "003", "004"):
        for seed in range(6):
            deal, found = game_deal(seed, 0, 0, GameState.start(), None, GameRules.parse(preset))
            assert found is not None and deal.dealer == found.seat and deal.trump == found.trump


def test_a_declining_seat_leaves_the_declaration_to_the_others():
    found = declare(deck({0: "LJ", 4: "H5", 5: "BJ", 9: "D6"}), 0, declined_by(EAST), way="jokers")
    assert (found.seat, found.trump) == (SOUTH, 1)
