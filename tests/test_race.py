"""Options racing on shared samples (both advisors): drop what the leader beats, stop when it is clear."""

import random

from huolong.analysis.race import MIN_SAMPLES, Tally, half_width, race, ranked


def tally(scores):
    return Tally(scores=list(scores))


def test_the_leader_drops_an_option_it_beats_at_95_percent():
    rng = random.Random(1)
    noise = [rng.choice((-1, 0, 1)) for _ in range(200)]
    leader, worse = tally(n + 1 for n in noise), tally(noise)
    kept, settled = race([worse, leader], 200, tolerance=0.02)
    assert kept == [leader] and settled and worse.dropped_after == 200


def test_equally_good_options_settle_the_race_within_the_tolerance():
    same = [(-1, 0, 1, -2)[i % 4] for i in range(100)]
    a, b = tally(same), tally(same)
    kept, settled = race([a, b], 100, tolerance=0.02)
    assert len(kept) == 2 and settled


def test_noisy_close_options_do_not_settle_the_race():
    rng = random.Random(2)
    a = tally(rng.choice((-2, -1, 0, 1)) for _ in range(40))
    b = tally(rng.choice((-2, -1, 0, 1)) for _ in range(40))
    kept, settled = race([a, b], 40, tolerance=0.02)
    assert len(kept) == 2 and not settled


def test_plays_that_agreed_on_a_few_deals_do_not_settle_the_race_under_the_rule_of_three():
    # 16 deals on which two plays never differed: they may still differ on 3 in 16 of the others
    a, b = tally([1] * 16), tally([1] * 16)
    assert race([a, b], 16, tolerance=0.1) == ([a, b], True)  # the plain interval: zero wide
    a, b = tally([1] * 16), tally([1] * 16)
    assert race([a, b], 16, tolerance=0.1, rare=3.0) == ([a, b], False)
    a, b = tally([1] * 32), tally([1] * 32)
    assert race([a, b], 32, tolerance=0.1, rare=3.0)[1]  # 3 / 32 < 0.1: now it is settled


def test_half_width_is_the_plain_interval_when_the_deals_differ_enough():
    rng = random.Random(3)
    diffs = [float(rng.choice((-1, 0, 1))) for _ in range(400)]
    assert half_width(diffs, rare=3.0) == half_width(diffs) > 3.0 / 400


def test_nothing_is_dropped_before_the_minimum_number_of_samples():
    leader, worse = tally([5] * (MIN_SAMPLES - 1)), tally([0] * (MIN_SAMPLES - 1))
    kept, _ = race([leader, worse], MIN_SAMPLES - 1, tolerance=0.02)
    assert len(kept) == 2 and worse.dropped_after is None


def test_ranking_puts_survivors_first_then_the_longest_lasting():
    early, late, alive = tally([9]), tally([1]), tally([0])
    early.dropped_after, late.dropped_after = 16, 64
    assert ranked([early, late, alive]) == [alive, late, early]
