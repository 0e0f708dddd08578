"""What a seat knows, and the hidden hands sampled from it: never a broken constraint, exactly uniform."""

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from huolong.engine import BIG_JOKER, Hand, Position, Rules, parse_card
from huolong.engine.dealing import ANY, DealSpace
from huolong.engine.bury import heuristic_bury
from huolong.engine.deal import deal_hand, play_randomly, random_deal
from huolong.engine.errors import PositionError
from huolong.engine.sampling import BOTTOM, Knowledge

RULESETS = [Rules(), Rules(follow="strict"), Rules(follow="strict", bury_limit=25), Rules(bury_limit=0)]


def cards(*tokens):
    return [parse_card(t) for t in tokens]


def random_record(rng: random.Random, rules: Rules, cards_left: int) -> Position:
    """A whole deal (the bot's bury, so ``bury_limit`` holds) played at random as a hand record,
    stopped with ``cards_left`` cards a hand (and 0-3 plays)."""
    deal = deal_hand(rng, rules)
    pos = deal.bury(heuristic_bury(deal.hands[deal.dealer] + deal.kitty, deal.order, rules))
    pos.record = True
    play_randomly(pos, rng, cards_left)
    for _ in range(rng.randrange(4)):
        if not pos.is_over():
            pos.play(rng.choice(pos.legal_plays()))
    return pos


def fits(knowledge: Knowledge, deal: Position) -> bool:
    """Does ``deal`` agree with everything ``knowledge`` says about the hidden holders?"""
    pos = knowledge.position
    for holder in knowledge.hidden_holders():
        hand = deal.bottom if holder == BOTTOM else deal.hands[holder]
        if len(hand) != (len(pos.bottom) if holder == BOTTOM else len(pos.hands[holder])):
            return False
        if any(hand.count(c) not in knowledge.allowed(holder, c) for c in range(54)):
            return False
    limit = pos.rules.bury_limit
    return limit is None or BOTTOM not in knowledge.hidden_holders() or deal.bottom.points <= limit


# -- what a seat knows ----------------------------------------------------------------


def test_a_seat_that_does_not_follow_suit_is_void_in_it():
    pos = Position.from_hands(["-.-.-.-", "-.-.-.-", "Q.-.-.-", "J.-.-.-"], level="9", trump="C", dealer="S",
                              leader="S", bottom="-.-.-.-.BBBLLL", trick=["SA", "HK"])
    knowledge = Knowledge.of(pos, 2)
    assert knowledge.voids[1] == {0} and knowledge.voids[0] == set()
    assert knowledge.allowed(1, parse_card("SQ")) == {0}


def test_strict_follow_a_seat_that_breaks_up_a_led_pair_held_no_exact_pair():
    """N led ♠A ♠A; W followed ♠Q ♠4. Under strict follow W then held no spade exactly twice."""
    hands = ["-.-.-.76", "K3.-.-.-", "-.-.-.-", "-.-.-.-"]  # N and W have played their two cards
    pos = Position.from_hands(hands, level="9", trump="C", dealer="S", leader="N", bottom="-.-.-.-.BBBLLL",
                              trick=["SA SA", "SQ S4"], rules="standard follow=strict")
    knowledge = Knowledge.of(pos, 1)  # as E sees it
    assert knowledge.allowed(3, parse_card("SK")) == ANY - {2}
    assert knowledge.allowed(3, parse_card("SQ")) == ANY - {1}  # one ♠Q played: two then means one now
    free = Position.from_hands(hands, level="9", trump="C", dealer="S", leader="N", bottom="-.-.-.-.BBBLLL",
                               trick=["SA SA", "SQ S4"])
    assert Knowledge.of(free, 1).allowed(3, parse_card("SK")) == ANY


def test_a_non_dealer_does_not_see_the_bottom_and_the_dealer_does():
    rng = random.Random(2)
    pos = random_record(rng, Rules(), 8)
    assert BOTTOM in Knowledge.of(pos, (pos.dealer + 1) % 4).hidden_holders()
    assert BOTTOM not in Knowledge.of(pos, pos.dealer).hidden_holders()


def test_hidden_hands_given_as_dash_cannot_say_what_is_out():
    deal = random_deal(random.Random(3))
    deal.hands[1] = None
    with pytest.raises(PositionError, match="hand record"):
        Knowledge.of(deal, 0).out()


@pytest.mark.parametrize("rules", RULESETS, ids=str)
def test_the_true_deal_always_fits_what_every_seat_knows(rules):
    rng = random.Random(str(rules))
    for _ in range(40):
        pos = random_record(rng, rules, rng.randint(1, 20))
        for seat in range(4):
            assert fits(Knowledge.of(pos, seat), pos)


# -- samples ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULESETS), left=st.integers(1, 14),
       seat=st.integers(0, 3))
def test_samples_never_break_a_constraint(seed, rules, left, seat):
    rng = random.Random(seed)
    pos = random_record(rng, rules, left)
    knowledge = Knowledge.of(pos, seat)
    out = knowledge.out()
    for _ in range(3):
        sample = knowledge.sample(rng)
        assert fits(knowledge, sample)
        assert sample.hands[seat] == pos.hands[seat] and sample.history == pos.history
        hidden = Hand()
        for holder in knowledge.hidden_holders():
            hidden = hidden + (sample.bottom if holder == BOTTOM else sample.hands[holder])
        assert hidden == out  # the same cards, only moved between the hidden holders
        if seat == pos.dealer:
            assert sample.bottom == pos.bottom
        assert not sample.problems()


def test_before_the_bury_the_dealer_samples_three_hands_around_hand_and_kitty():
    deal = deal_hand(random.Random(5), dealer=2)
    deal.hands = [None, None, deal.hands[2], None]
    sample = Knowledge.of(deal, 2).sample(random.Random(1))
    assert sample.hands[2] == deal.hands[2] and sample.kitty == deal.kitty
    assert [len(h) for h in sample.hands] == [39] * 4 and not sample.problems()


# -- exactly uniform ------------------------------------------------------------------------


def physical_deals(pool: list[int], sizes: list[int]) -> Counter:
    """Every way to deal the physical cards (copies told apart), as the hands they make: the truth to test against."""
    found: Counter = Counter()
    for order in itertools.permutations(range(len(pool))):
        hands, start = [], 0
        for size in sizes:
            hands.append(Hand.from_cards(pool[i] for i in sorted(order[start:start + size])))
            start += size
        found[tuple(hands)] += 1
    orders_per_deal = math.prod(math.factorial(size) for size in sizes)  # a hand is a set: its order does not count
    return Counter({hands: n // orders_per_deal for hands, n in found.items()})


def chi_square_ok(observed: Counter, expected: dict, samples: int) -> bool:
    """Pearson's test at p = 0.001 (Wilson–Hilferty quantile)."""
    total = sum(expected.values())
    stat = sum((observed[k] - samples * w / total) ** 2 / (samples * w / total) for k, w in expected.items())
    df = len(expected) - 1
    quantile = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    return stat < quantile


CASES = {
    "free": (["SA", "SA", "SK", "SK", "H5", "HT", "C3"], [2, 2, 3], None, None),
    "a void": (["SA", "SA", "SK", "H5", "HT", "C3", "C4"], [2, 2, 3], {(0, "S")}, None),
    "a void and a strict inference": (["SA", "SA", "SK", "SK", "H5", "HT", "C3"], [2, 2, 3], {(1, "H")},
                                      {(0, "SA"): {2}}),
}


@pytest.mark.parametrize("fast", [False, True], ids=["shuffle", "random-keys"])
@pytest.mark.parametrize("case", CASES)
def test_samples_are_exactly_uniform_over_physical_deals(case, fast):
    tokens, sizes, voids, barred = CASES[case]
    pool = cards(*tokens)
    voids = {(h, "SHDC".index(s)) for h, s in (voids or set())}
    barred = {(h, parse_card(t)): v for (h, t), v in (barred or {}).items()}

    def allowed(holder, card):
        if (holder, card // 13) in voids:
            return frozenset({0})
        return ANY - barred.get((holder, card), set())

    truth = Counter({hands: n for hands, n in physical_deals(pool, sizes).items()
                     if all(h.count(c) in allowed(i, c) for i, h in enumerate(hands) for c in range(54))})
    space = DealSpace(Hand.from_cards(pool), sizes, allowed)
    assert space.count() == sum(truth.values())
    rng = random.Random(case)
    samples = 6000
    observed = Counter(tuple(space.sample(rng, fast)) for _ in range(samples))
    assert set(observed) <= set(truth)
    assert chi_square_ok(observed, truth, samples)


def test_the_bottom_limit_is_kept_and_sampled_uniformly():
    pool = cards("SK", "SK", "H5", "HT", "C3", "C4", "D3")
    sizes = [3, 4]  # a hand and a "bottom" capped at 10 points
    truth = Counter({hands: n for hands, n in physical_deals(pool, sizes).items() if hands[1].points <= 10})
    space = DealSpace(Hand.from_cards(pool), sizes, limited=(1, 10))
    assert space.count() == sum(truth.values())
    rng = random.Random(9)
    observed = Counter(tuple(space.sample(rng)) for _ in range(6000))
    assert set(observed) <= set(truth) and chi_square_ok(observed, truth, 6000)


def test_a_real_endgame_is_sampled_uniformly_as_the_seat_sees_it():
    """One card a hand, S to lead and the bottom hidden: 9 physical cards among E, N, W and the bottom."""
    pos = Position.from_hands(["A.-.-.-", "K.-.-.-", "5.-.-.-", "-.5.-.-"], level="9", trump="C", dealer="E",
                              leader="S", bottom="KQ.T.3.-.BL")
    knowledge = Knowledge.of(pos, 0)
    out = list(knowledge.out())
    holders = knowledge.hidden_holders()
    sizes = [1, 1, 1, 6]
    truth = physical_deals(out, sizes)
    rng = random.Random(4)
    observed = Counter()
    for _ in range(6000):
        sample = knowledge.sample(rng)
        observed[tuple(sample.bottom if h == BOTTOM else sample.hands[h] for h in holders)] += 1
    assert set(observed) <= set(truth) and chi_square_ok(observed, truth, 6000)


# -- what a seat showed while dealing (亮主, 反主) ------------------------------------------------------


def shown_deal(seed: int, shown: str):
    """A dealt and buried hand whose ``Shown`` tag names seats that hold the big jokers it says."""
    deal = deal_hand(random.Random(seed))
    pos = deal.bury(heuristic_bury(deal.hands[deal.dealer] + deal.kitty, deal.order, deal.rules))
    pos.tags["Shown"] = shown
    return pos


def holders_of_big_jokers(pos):
    return [s for s in range(4) if pos.hands[s].count(BIG_JOKER)]


def test_a_seat_that_showed_a_big_joker_holds_it_in_every_sample():
    for seed in range(40):
        pos = shown_deal(seed, "")
        held = [s for s in holders_of_big_jokers(pos) if s != pos.dealer]
        if held:
            break
    shower = held[0]
    pos.tags["Shown"] = f"{'SENW'[shower]} BJ"
    viewer = next(s for s in range(4) if s != shower)
    knowledge = Knowledge.of(pos, viewer)
    rng = random.Random(3)
    assert all(knowledge.sample(rng).hands[shower].count(BIG_JOKER) >= 1 for _ in range(200))
    pos.tags.pop("Shown")
    plain = Knowledge.of(pos, viewer)
    assert any(plain.sample(rng).hands[shower].count(BIG_JOKER) == 0 for _ in range(200))  # without it, not


def test_the_dealers_shown_joker_is_in_its_hand_or_the_bottom():
    for seed in range(60):
        pos = shown_deal(seed, "")
        if pos.hands[pos.dealer].count(BIG_JOKER):
            break
    pos.tags["Shown"] = f"{'SENW'[pos.dealer]} BJ"
    viewer = (pos.dealer + 1) % 4
    knowledge = Knowledge.of(pos, viewer)
    rng = random.Random(5)
    samples = [knowledge.sample(rng) for _ in range(300)]
    assert all(s.hands[s.dealer].count(BIG_JOKER) + s.bottom.count(BIG_JOKER) >= 1 for s in samples)
    assert any(s.bottom.count(BIG_JOKER) and not s.hands[s.dealer].count(BIG_JOKER) for s in samples)


def test_a_shown_joker_once_played_is_no_longer_held():
    from huolong.engine.shown import still_held

    pos = shown_deal(1, "")
    shower = next(s for s in range(4) if pos.hands[s].count(BIG_JOKER))
    pos.tags["Shown"] = f"{'SENW'[shower]} BJ"
    assert still_held(pos, shower).count(BIG_JOKER) == 1
    while pos.hands[shower].count(BIG_JOKER) == pos.start().hands[shower].count(BIG_JOKER) and not pos.is_over():
        legal = pos.legal_plays()
        mine = [p for p in legal if BIG_JOKER in p.cards] if pos.to_play == shower else []
        pos.play(mine[0] if mine else legal[0])
    assert still_held(pos, shower).count(BIG_JOKER) == 0


def test_the_knowledge_key_tells_what_was_shown():
    pos = shown_deal(1, "")
    shower = next(s for s in range(4) if pos.hands[s].count(BIG_JOKER))
    viewer = (shower + 1) % 4
    without = Knowledge.of(pos, viewer).key()
    pos.tags["Shown"] = f"{'SENW'[shower]} BJ"
    assert Knowledge.of(pos, viewer).key() != without
