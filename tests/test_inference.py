"""Soft inference (analysis/inference.py): deals weighed by how likely they make the follows seen."""

import random

from huolong.analysis.deals import Deals
from huolong.analysis.inference import Follow, FollowModel
from huolong.engine import Play, read_file
from huolong.engine.cards import parse_card
from huolong.engine.sampling import Knowledge
from huolong.engine.tricks import play_power

RECORDS = "bench/data/teacher-records.hl"


def part_played(record, plays):
    pos = record.copy()
    line = [p for t in pos.history for p in t.plays]
    while pos.history or pos.trick:
        pos.undo()
    for p in line[:plays]:
        pos.play(p)
    return pos


def a_follow(pos, partner_winning):
    """A follow to an ace led in a plain suit in which neither a 3 nor a 10 is a trump."""
    for suit in "SHDC":
        ace, small, ten = (parse_card(suit + rank) for rank in "A3T")
        if not any(pos.order.is_trump(c) for c in (ace, small, ten)):
            lead = Play((ace,))
            return Follow(1, ten, lead, play_power(lead, lead, pos.order), partner_winning, False, ()), small, ten
    raise AssertionError("no plain suit")


def test_a_seat_is_expected_to_keep_its_points_when_the_opponents_win_the_trick():
    pos = part_played(read_file(RECORDS)[0], 80)
    model = FollowModel.of(pos, pos.to_play)
    follow, small, ten = a_follow(pos, partner_winning=False)
    assert model.utility(follow, small) > model.utility(follow, ten)


def test_a_seat_is_expected_to_give_its_points_to_its_partners_trick():
    pos = part_played(read_file(RECORDS)[0], 80)
    model = FollowModel.of(pos, pos.to_play)
    follow, small, ten = a_follow(pos, partner_winning=True)
    assert model.utility(follow, ten) > model.utility(follow, small)


def test_the_true_deal_is_likelier_than_most_samples_on_records_of_advise():
    quantiles = []
    for record in read_file(RECORDS)[:8]:
        pos = part_played(record, 80)
        model = FollowModel.of(pos, pos.to_play)
        knowledge = Knowledge.of(pos, pos.to_play)
        true = model.log_likelihood(pos)
        rng = random.Random(1)
        samples = [model.log_likelihood(knowledge.sample(rng)) for _ in range(100)]
        quantiles.append(sum(true > s for s in samples) / len(samples))
    assert sum(quantiles) / len(quantiles) > 0.6  # 0.5 would be a model that knows nothing


def test_soft_deals_are_other_deals_and_the_same_for_a_seed():
    pos = part_played(read_file(RECORDS)[1], 60)
    plain, soft, again = Deals(pos, seed=3), Deals(pos, seed=3, soft=8), Deals(pos.copy(), seed=3, soft=8)
    assert soft.key != plain.key and soft.key == again.key
    assert [soft.deal(i).hands for i in range(4)] == [again.deal(i).hands for i in range(4)]
    assert [soft.deal(i).hands for i in range(4)] != [plain.deal(i).hands for i in range(4)]
