"""Whole hands: constrained deals, hidden-hand sampling, the bot's bury and play, hand records."""

import random

import pytest

from huolong.engine import Hand, Play, Position, Rules, read_positions, write_position
from huolong.engine.bury import heuristic_bury
from huolong.engine.cards import card_points, parse_card
from huolong.engine.deal import deal_hand, play_randomly, random_deal
from huolong.engine.errors import DealFileError, PositionError
from huolong.engine.sampling import Knowledge
from huolong.solver import solve
from huolong.solver.playout import Player, play_deal, play_hand

RULESETS = [Rules(), Rules(follow="strict"), Rules(multiplier=3, zero="plus2", bury_limit=25)]


def after_bury(seed: int, rules: Rules | None = None) -> Position:
    deal = deal_hand(random.Random(seed), rules or Rules())
    return deal.bury(heuristic_bury(deal.hands[deal.dealer] + deal.kitty, deal.order, deal.rules))


# -- deals -------------------------------------------------------------------


def test_a_deal_before_the_bury_is_four_hands_of_39_and_a_kitty_of_6():
    deal = deal_hand(random.Random(3))
    assert deal.is_before_bury and not deal.problems()
    assert [len(h) for h in deal.hands] == [39] * 4 and len(deal.kitty) == 6
    total = sum((h for h in deal.hands), deal.kitty)
    assert all(n == 3 for n in total.counts)


def test_a_given_hand_is_kept_and_the_rest_is_dealt_around_it():
    south = random_deal(random.Random(1)).hands[0]
    deal = deal_hand(random.Random(2), fixed={0: south})
    assert deal.hands[0] == south and not deal.problems()


def test_cards_known_to_be_elsewhere_are_not_dealt_to_that_seat():
    jokers = [parse_card("BJ"), parse_card("LJ")]
    for seed in range(20):
        deal = deal_hand(random.Random(seed), elsewhere={1: jokers, 3: jokers})
        assert all(deal.hands[s].count(j) == 0 for s in (1, 3) for j in jokers)


def test_same_seed_same_deal():
    assert deal_hand(random.Random(9)) == deal_hand(random.Random(9))


# -- sampling what one seat cannot see ----------------------------------------


def test_a_sample_keeps_what_the_seat_knows():
    rng = random.Random(4)
    pos = play_randomly(random_deal(rng), rng, 20)
    seat = pos.to_play
    knowledge = Knowledge.of(pos, seat)
    for _ in range(20):
        sample = knowledge.sample(rng)
        assert not sample.problems()
        assert sample.hands[seat] == pos.hands[seat]
        assert [len(h) for h in sample.hands] == [len(h) for h in pos.hands]
        assert sample.history == pos.history
        if seat == pos.dealer:
            assert sample.bottom == pos.bottom


def test_a_seat_that_failed_to_follow_is_dealt_no_card_of_that_suit():
    rng = random.Random(11)
    found = 0
    for _ in range(30):
        pos = play_randomly(random_deal(rng), rng, 12)
        knowledge = Knowledge.of(pos, pos.to_play)
        voids = [(s, suit) for s in range(4) for suit in knowledge.voids[s] if s != pos.to_play]
        for seat, suit in voids:
            assert all(pos.order.effective_suit(c) != suit for c in pos.hands[seat])  # the true deal agrees
            sample = knowledge.sample(rng)
            assert all(pos.order.effective_suit(c) != suit for c in sample.hands[seat])
            found += 1
    assert found > 0


def test_before_the_bury_the_dealer_sees_hand_and_kitty():
    deal = deal_hand(random.Random(5), dealer=2)
    deal.hands = [None, None, deal.hands[2], None]
    sample = Knowledge.of(deal, 2).sample(random.Random(1))
    assert sample.hands[2] == deal.hands[2] and sample.kitty == deal.kitty
    assert [len(h) for h in sample.hands] == [39] * 4 and not sample.problems()


# -- the bury -------------------------------------------------------------------


@pytest.mark.parametrize("limit", [None, 0, 10, 40])
def test_the_bot_buries_six_of_the_dealers_45_within_bury_limit(limit):
    rules = Rules(bury_limit=limit)
    for seed in range(15):
        deal = deal_hand(random.Random(seed), rules)
        held = deal.hands[deal.dealer] + deal.kitty
        bottom = heuristic_bury(held, deal.order, rules)
        assert len(bottom) == 6 and held.contains_all(bottom_as_play(bottom))
        assert limit is None or bottom.points <= limit
        assert not deal.bury(bottom).problems()


def bottom_as_play(bottom: Hand) -> Play:
    return Play(tuple(bottom))


def test_the_bot_keeps_trumps_out_of_the_bottom():
    for seed in range(15):
        deal = deal_hand(random.Random(seed))
        bottom = heuristic_bury(deal.hands[deal.dealer] + deal.kitty, deal.order, deal.rules)
        assert not any(deal.order.is_trump(c) for c in bottom)


def test_burying_cards_the_dealer_does_not_hold_is_refused():
    deal = deal_hand(random.Random(1), dealer=0)
    missing = next(c for c in range(54) if (deal.hands[0] + deal.kitty).count(c) == 0)
    with pytest.raises(PositionError):
        deal.bury(Hand.from_cards([missing] * 3 + list(deal.kitty)[:3]))


# -- playouts and hand records ----------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS, ids=str)
def test_a_playout_is_a_legal_hand_record_that_rereads(rules):
    for index in range(8):
        hand = play_deal(5, index, rules)
        rec = hand.record
        assert rec.is_over() and rec.record
        text = write_position(rec)
        [again] = read_positions(text)  # every trick replayed and checked by the engine
        assert again.is_over() and (again.points, again.dug) == (hand.value.points, hand.value.dug)
        assert again.result() == hand.value.outcome
        assert write_position(again) == text
        assert rules.bury_limit is None or rec.bottom.points <= rules.bury_limit


def test_the_same_seed_and_deal_number_give_the_same_hand():
    assert write_position(play_deal(3, 4, Rules()).record) == write_position(play_deal(3, 4, Rules()).record)
    assert write_position(play_deal(3, 4, Rules()).record) != write_position(play_deal(3, 5, Rules()).record)


@pytest.mark.parametrize("exact_cards", [4, 6])
def test_the_last_tricks_are_played_perfectly(exact_cards):
    """From the switch to exact play, the record's result is the solver's value.

    The playout walks to its value from the bots' rough guess; the solve
    scores every play, each from the best value so far.
    """
    for index in range(6):
        hand = play_deal(11, index, Rules(), exact_cards=exact_cards)
        pos = hand.record.start()
        replay = [p for t in hand.record.history for p in t.plays]
        for play in replay:
            if not pos.trick and len(pos.hands[pos.leader]) <= exact_cards:
                break
            pos.play(play)
        value = solve(pos, "outcome", line=False).value
        assert (value.points, value.dug) == (hand.value.points, hand.value.dug)


def test_value_only_playouts_agree_with_recorded_ones():
    pos = after_bury(21)
    player = Player()
    assert player.value(pos, 5) == player.play(pos, 5).value


def test_a_wrong_result_tag_is_an_error_at_its_line():
    text = write_position(play_deal(1, 0, Rules()).record)
    words = next(line for line in text.splitlines() if line.startswith("[Result")).split('"')[1].split()
    wrong = text.replace(f'[Result "{" ".join(words)}"]', f'[Result "{int(words[0]) + 5} {" ".join(words[1:])}"]')
    line = 1 + next(i for i, text in enumerate(wrong.splitlines()) if text.startswith("[Result"))
    with pytest.raises(DealFileError, match=rf"<string>:{line}: Result"):
        read_positions(wrong)


def test_the_bot_beats_random_play_on_both_sides():
    """Bot attackers score more against random dealers than random attackers against bot dealers."""
    def mean_points(bot_attacks: bool) -> float:
        total = 0
        for seed in range(40):
            pos = after_bury(seed)
            policy = ["random"] * 4
            for s in range(4):
                if pos.is_attacker(s) == bot_attacks:
                    policy[s] = "bot"
            total += Player(6, policy).value(pos, seed).points
        return total / 40

    assert mean_points(True) > 120 > mean_points(False)


def test_a_playout_needs_the_bury_done_first():
    with pytest.raises(ValueError, match="bury"):
        Player().value(deal_hand(random.Random(1)), 1)


def test_play_hand_buries_for_a_deal_before_the_bury():
    hand = play_hand(deal_hand(random.Random(2)), seed=2)
    assert hand.record.bottom is not None and hand.record.is_over()
    assert sum(card_points(c) for c in hand.record.bottom) == hand.record.bottom.points
