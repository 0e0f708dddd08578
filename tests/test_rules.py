"""One test per rule of docs/rules.md, named after it."""

from pathlib import Path

import pytest

from huolong.engine import (
    BIG_JOKER, LITTLE_JOKER, TRUMP, Hand, IllegalPlayError, Play, Position, Rules, TrumpOrder, hand_result,
    parse_card, parse_seat,
)
from huolong.engine.cards import all_cards, card_points
from huolong.engine.seats import next_seat, partner
from huolong.engine.tricks import follow_error, lead_error, legal_follows, legal_leads, trick_winner

SPADES, HEARTS = 0, 1
ROOT = Path(__file__).resolve().parent.parent


def plays(*texts):
    return [Play.parse(t) for t in texts]


def names(play_list):
    return [str(p) for p in play_list]


# §1 Table and pack


def test_play_goes_counter_clockwise_s_e_n_w():
    order = [parse_seat("S")]
    for _ in range(4):
        order.append(next_seat(order[-1]))
    assert "".join("SENW"[s] for s in order) == "SENWS"


def test_partnerships_are_s_n_and_e_w():
    assert partner(parse_seat("S")) == parse_seat("N")
    assert partner(parse_seat("E")) == parse_seat("W")


def test_three_packs_make_162_cards_of_54_kinds():
    cards = all_cards()
    assert len(cards) == 162
    assert all(cards.count(c) == 3 for c in range(54))


# §3 Trumps and their order


def test_trumps_number_63_and_plain_cards_99():
    order = TrumpOrder("3", HEARTS)
    trumps = [c for c in all_cards() if order.is_trump(c)]
    assert len(trumps) == 63
    assert 162 - len(trumps) == 99


def test_trump_order_follows_the_table_for_level_3_trump_hearts():
    order = TrumpOrder("3", HEARTS)
    ranked = ["BJ", "LJ", "H3", "S3", "H2", "S2", "HA", "HK", "H4"]
    powers = [order.power(parse_card(t)) for t in ranked]
    assert powers == sorted(powers, reverse=True)
    assert len(set(powers)) == len(powers)


def test_off_suit_level_cards_are_equal_to_each_other():
    order = TrumpOrder("3", HEARTS)
    assert order.power(parse_card("S3")) == order.power(parse_card("D3")) == order.power(parse_card("C3"))


def test_off_suit_twos_are_equal_to_each_other():
    order = TrumpOrder("3", HEARTS)
    assert order.power(parse_card("S2")) == order.power(parse_card("D2")) == order.power(parse_card("C2"))


def test_every_two_and_level_card_is_a_trump():
    order = TrumpOrder("9", HEARTS)
    for token in ["S2", "D2", "C2", "S9", "D9", "C9", "BJ", "LJ", "H4"]:
        assert order.effective_suit(parse_card(token)) == TRUMP


def test_plain_suit_order_skips_the_level_rank():
    order = TrumpOrder("9", HEARTS)
    spades = [c for c in order.kinds_of_suit(0)]
    assert [Play((c,)).cards[0] for c in spades] == [parse_card("S" + r) for r in "345678TJQKA"]


# §4 Points


def test_fives_tens_and_kings_make_300_points():
    assert sum(card_points(c) for c in all_cards()) == 300
    assert [card_points(parse_card(t)) for t in ("S5", "HT", "DK", "CA")] == [5, 10, 10, 0]


# §5 Units


def test_a_pair_is_two_identical_cards_not_two_equal_ones():
    assert Play.parse("S3 S3").is_unit
    assert not Play.parse("S3 D3").is_unit


def test_a_triple_may_be_jokers():
    assert Play.parse("BJ BJ BJ").is_unit


# §6 Leading


def test_the_leader_plays_exactly_one_single_pair_or_triple():
    hand = Hand.parse("AAA.K.-.-")
    assert names(legal_leads(hand)) == ["SA", "HK", "SA SA", "SA SA SA"]


def test_no_tractors_or_throws_may_be_led():
    pos = Position.from_hands(["AAKK.-.-.-", "5432.-.-.-", "QQJJ.-.-.-", "9876.-.-.-"],
                              level="T", trump="H", dealer="S", bottom="-.-.-.333444")
    with pytest.raises(IllegalPlayError):
        pos.play("SA SA SK SK")


# §7 Following, follow=free


def test_free_follow_002_example_pair_of_clubs_ace_led():
    hand = Hand.parse("-.-.-.KK43")
    follows = names(legal_follows(hand, Play.parse("CA CA"), TrumpOrder("9", HEARTS), "free"))
    assert "C4 C3" in follows and "CK CK" in follows


def test_free_follow_short_in_suit_plays_all_of_it_and_any_others():
    hand = Hand.parse("-.-.7.K5")
    follows = names(legal_follows(hand, Play.parse("DA DA"), TrumpOrder("9", HEARTS), "free"))
    assert follows == ["D7 CK", "D7 C5"]


def test_free_follow_void_may_play_anything():
    hand = Hand.parse("-.A.-.K")
    follows = names(legal_follows(hand, Play.parse("SA"), TrumpOrder("9", HEARTS), "free"))
    assert follows == ["HA", "CK"]


def test_follow_suit_means_effective_suit():
    # level 9, trump hearts: the ♠9 is a trump, not a spade
    hand = Hand.parse("9.-.-.K")
    follows = names(legal_follows(hand, Play.parse("H4"), TrumpOrder("9", HEARTS), "free"))
    assert follows == ["S9"]


# §7 follow=strict


def test_strict_follow_pair_led_must_play_an_exact_pair():
    hand = Hand.parse("KK43.-.-.-")
    follows = names(legal_follows(hand, Play.parse("SA SA"), TrumpOrder("9", HEARTS), "strict"))
    assert follows == ["SK SK"]


def test_strict_follow_pair_led_need_not_break_a_triple():
    hand = Hand.parse("KKK4.-.-.-")
    follows = legal_follows(hand, Play.parse("SA SA"), TrumpOrder("9", HEARTS), "strict")
    assert Play.parse("SK S4") in follows and Play.parse("SK SK") in follows


def test_strict_follow_triple_led_must_play_a_triple():
    hand = Hand.parse("QQQKK4.-.-.-")
    follows = names(legal_follows(hand, Play.parse("SA SA SA"), TrumpOrder("9", HEARTS), "strict"))
    assert follows == ["SQ SQ SQ"]


def test_strict_follow_triple_led_with_only_a_pair_plays_pair_and_one_of_suit():
    hand = Hand.parse("KK43.A.-.-")
    follows = names(legal_follows(hand, Play.parse("SA SA SA"), TrumpOrder("9", HEARTS), "strict"))
    assert follows == ["SK SK S4", "SK SK S3"]


def test_strict_follow_triple_led_holding_just_a_pair_adds_any_card():
    hand = Hand.parse("KK.-.-.75")
    follows = names(legal_follows(hand, Play.parse("SA SA SA"), TrumpOrder("9", HEARTS), "strict"))
    assert follows == ["SK SK C7", "SK SK C5"]


def test_strict_follow_without_pairs_is_free_follow():
    hand = Hand.parse("K43.-.-.-")
    order = TrumpOrder("9", HEARTS)
    lead = Play.parse("SA SA")
    assert legal_follows(hand, lead, order, "strict") == legal_follows(hand, lead, order, "free")


def test_follow_error_explains_a_revoke():
    hand = Hand.parse("K.-.-.7")
    error = follow_error(hand, Play.parse("SA"), Play.parse("C7"), TrumpOrder("9", HEARTS), "free")
    assert error == "♠ was led: you must follow with 1 ♠ card"


def test_following_a_trump_lead_that_looks_plain_says_what_counts_as_trump():
    """♥A led at level A (trump ♠) is a trump, not a heart: a heart does not follow it (§5, §7)."""
    hand = Hand.parse("3.K.-.-")
    error = follow_error(hand, Play.parse("HA"), Play.parse("HK"), TrumpOrder("A", SPADES), "free")
    assert error == "trumps were led (the jokers, every A, every 2 and ♠): you must follow with 1 trump"
    error = follow_error(Hand.parse("3.K.-.-"), Play.parse("H2"), Play.parse("HK"), TrumpOrder("9", SPADES), "free")
    assert error == "trumps were led (the jokers, every 9, every 2 and ♠): you must follow with 1 trump"


def test_a_level_card_played_to_its_printed_suit_is_named_as_a_trump():
    """♥ led, a ♥A played at level A while holding a plain heart: the ♥A is a trump, so it does not follow."""
    hand = Hand.parse("-.AK.-.-")
    error = follow_error(hand, Play.parse("H5"), Play.parse("HA"), TrumpOrder("A", SPADES), "free")
    assert error == "♥ was led: you must follow with 1 ♥ card (the level cards and the 2s are trumps, not ♥: ♥A)"


def test_a_pair_of_a_card_held_once_says_how_many_are_held():
    hand = Hand.parse("A.K.-.-")
    assert lead_error(hand, Play.parse("SA SA")) == "♠A ♠A: the hand holds 1 ♠A, not 2"
    assert follow_error(hand, Play.parse("H5 H5"), Play.parse("HK HQ"), TrumpOrder("9", SPADES), "free") == \
        "♥Q is not in the hand"


def test_an_illegal_play_names_the_cards_as_players_write_them():
    hand = Hand.parse("-.KK.-.-")
    assert follow_error(hand, Play.parse("SA"), Play.parse("SQ"), TrumpOrder("9", HEARTS), "free") == \
        "♠Q is not in the hand"
    assert lead_error(hand, Play.parse("HK HQ")) == "♥K ♥Q is not a single, a pair or a triple"


# §8 Who wins a trick


def test_clubs_3_and_diamonds_3_tie_and_the_earlier_wins():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("SA", "C3", "D3", "S4"), order) == 1


def test_a_single_trump_beats_the_plain_suit_led():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("SA", "H4", "SK", "S5"), order) == 1


def test_a_pair_is_trumped_only_by_a_trump_pair():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("SA SA", "BJ H4", "SK SK", "S5 S6"), order) == 0
    assert trick_winner(plays("SA SA", "H4 H4", "SK SK", "S5 S6"), order) == 1


def test_a_triple_is_trumped_only_by_a_trump_triple():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("SA SA SA", "BJ BJ H4", "S4 S4 S4", "H5 H5 H5"), order) == 3


def test_a_higher_trump_pair_overtrumps():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("SA SA", "H4 H4", "BJ BJ", "H5 H5"), order) == 2


def test_a_pair_of_another_plain_suit_cannot_win():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("S4 S4", "DA DA", "S5 S6", "CA CA"), order) == 0


def test_equal_powered_different_cards_are_not_a_pair_and_cannot_win():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("S4 S4", "S3 D3", "S5 S6", "S7 S8"), order) == 0


def test_a_pair_of_off_suit_level_cards_ties_with_another():
    order = TrumpOrder("3", HEARTS)
    assert trick_winner(plays("SA SA", "C3 C3", "D3 D3", "S4 S4"), order) == 1


# §9 Scoring the play


def endgame(hands, trick=(), leader="S", dealer="N", points=0, bottom="K5.-.T4.43", rules="standard"):
    return Position.from_hands(hands, level="3", trump="H", dealer=dealer, leader=leader, bottom=bottom,
                               trick=trick, points=points, rules=rules)


def test_only_the_attackers_takings_count():
    pos = endgame(["K.-.-.-", "5.-.-.-", "A.-.-.-", "4.-.-.-"], dealer="N")
    for p in ("SK", "S5", "SA", "S4"):
        pos.play(p)
    assert pos.points == 0 and not pos.dug  # N (dealer team) won 15 points
    pos = endgame(["K.-.-.-", "A.-.-.-", "5.-.-.-", "4.-.-.-"], dealer="N")
    for p in ("SK", "SA", "S5", "S4"):
        pos.play(p)
    assert pos.points == 15 + 2 * 25 and pos.dug  # the bottom holds 25 points


def test_last_trick_dig_doubles_the_bottom_whatever_its_size():
    pos = endgame(["AA.-.-.-", "KK.-.-.-", "44.-.-.-", "55.-.-.-"], leader="E", dealer="N", points=50)
    # E (attacker) leads the pair of kings, but S overtakes with the aces
    pos.play("SK SK")
    pos.play("S4 S4")
    pos.play("S5 S5")
    pos.play("SA SA")
    assert pos.dug is False  # S (dealer team) won with the aces: the bottom is kept
    assert pos.points == 50


def test_dig_with_a_pair_counts_the_multiplier_once():
    pos = endgame(["44.-.-.-", "AA.-.-.-", "55.-.-.-", "KK.-.-.-"], leader="E", dealer="N", points=50)
    for p in ("SA SA", "S5 S5", "SK SK", "S4 S4"):
        pos.play(p)
    assert pos.dug and pos.points == 50 + 10 + 20 + 2 * 25


def test_multiplier_option_changes_the_dig():
    pos = endgame(["4.-.-.-", "A.-.-.-", "5.-.-.-", "K.-.-.-"], leader="E", dealer="N", rules="standard multiplier=3")
    for p in ("SA", "S5", "SK", "S4"):
        pos.play(p)
    assert pos.points == 15 + 3 * 25


def test_the_winner_of_a_trick_leads_the_next():
    pos = endgame(["4A.-.-.-", "A4.-.-.-", "55.-.-.-", "KK.-.-.-"], leader="S", dealer="N")
    for p in ("S4", "SA", "S5", "SK"):
        pos.play(p)
    assert "SENW"[pos.leader] == "E" and "SENW"[pos.to_play] == "E"


def test_undo_restores_the_position():
    pos = endgame(["4A.-.-.-", "A4.-.-.-", "55.-.-.-", "KK.-.-.-"])
    before = pos.copy()
    for p in ("S4", "SA", "S5", "SK"):
        pos.play(p)
    for p in reversed(("S4", "SA", "S5", "SK")):
        assert str(pos.undo()) == p
    assert pos == before


# §11 Result of a hand


@pytest.mark.parametrize(
    "points, dug, jokers, expected",
    [
        (135, True, 0, ("attackers-up", 1)),
        (135, False, 0, ("attackers-take-deal", 0)),
        (95, True, 0, ("dealer-keeps", 0)),
        (95, False, 0, ("dealer-up", 1)),
        (135, True, 2, ("attackers-up", 6)),
        (95, False, 1, ("dealer-up", 3)),
        (95, True, 1, ("dealer-keeps", 0)),
        (120, False, 0, ("attackers-take-deal", 0)),
        (115, False, 0, ("dealer-up", 1)),
    ],
)
def test_result_table_rows(points, dug, jokers, expected):
    result = hand_result(points, dug, jokers, Rules())
    assert (result.name, result.levels) == expected


def test_zero_points_undug_wins_the_game_for_the_dealer_team():
    assert hand_result(0, False, 0, Rules()).name == "dealer-win-game"


def test_zero_points_dug_is_only_a_dry_dig():
    assert hand_result(0, True, 0, Rules()).name == "dealer-keeps"


def test_300_points_wins_the_game_for_the_attackers():
    assert hand_result(300, False, 0, Rules()).name == "attackers-win-game"
    assert hand_result(310, True, 0, Rules()).name == "attackers-win-game"


def test_three_big_jokers_buried_make_the_side_going_up_win_the_game():
    assert hand_result(150, True, 3, Rules()).name == "attackers-win-game"
    assert hand_result(50, False, 3, Rules()).name == "dealer-win-game"
    assert hand_result(150, False, 3, Rules()).name == "attackers-take-deal"


def test_zero_plus2_variant_gives_the_dealer_team_two_levels():
    result = hand_result(0, False, 0, Rules(zero="plus2"))
    assert (result.name, result.levels) == ("dealer-up", 2)
    result = hand_result(0, False, 1, Rules(zero="plus2"))
    assert (result.name, result.levels) == ("dealer-up", 3)


def test_threshold_option_moves_the_line():
    assert hand_result(80, False, 0, Rules(threshold=80)).name == "attackers-take-deal"


def test_outcome_never_gets_worse_for_attackers_as_points_grow_or_dig():
    from huolong.engine import outcome_key

    for rules in (Rules(), Rules(zero="plus2")):
        for jokers in range(4):
            keys = [outcome_key(p, d, jokers, rules) for p in range(0, 400, 5) for d in (False, True)]
            for p in range(0, 395, 5):
                for d in (False, True):
                    k = outcome_key(p, d, jokers, rules)
                    assert outcome_key(p + 5, d, jokers, rules) >= k
                    assert outcome_key(p, True, jokers, rules) >= outcome_key(p, False, jokers, rules)
            assert keys


# Ruleset options


def test_rules_round_trip_and_reject_unknown_options():
    rules = Rules.parse("standard follow=strict multiplier=3 bury_limit=40 zero=plus2 threshold=100")
    assert Rules.parse(str(rules)) == rules
    with pytest.raises(ValueError, match="unknown ruleset option 'tribute'"):
        Rules.parse("standard tribute=yes")
    with pytest.raises(ValueError, match="follow"):
        Rules.parse("standard follow=loose")


def test_bury_limit_rejects_a_bottom_over_the_limit():
    with pytest.raises(ValueError, match="bury_limit=40"):
        endgame(["4.-.-.-", "A.-.-.-", "5.-.-.-", "K.-.-.-"], bottom="-.KKK.KK.3",
                rules="standard bury_limit=40")


def test_jokers_are_cards_53_and_52():
    assert parse_card("BJ") == BIG_JOKER and parse_card("小王") == LITTLE_JOKER


def test_a_bury_the_dealer_cannot_make_names_the_cards_it_lacks_as_players_write_them():
    from huolong.engine import PositionError, read_file

    [deal] = read_file(ROOT / "puzzles" / "examples" / "before-bury-known.hl")
    with pytest.raises(PositionError) as error:
        deal.bury("-.AAAKJT.-.-")  # three ♥A and more: the dealer holds one
    assert str(error.value) == "the dealer's hand and kitty are short of ♥A ♥A ♥K for this bury"  # not the ♥A, ♥J, ♥10 it holds


def test_taking_a_record_back_to_a_trick_it_does_not_hold_says_how_many_it_holds():
    from huolong.engine import PositionError, read_file

    [record] = read_file(ROOT / "puzzles" / "examples" / "hand-record.hl")
    tricks = len(record.history) + (1 if record.trick else 0)
    with pytest.raises(PositionError) as error:
        record.rewound(999)
    assert str(error.value) == f"there is no trick 999: the record holds {tricks} tricks"
