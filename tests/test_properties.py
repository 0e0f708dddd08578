"""Property tests: conservation of cards and points, and legal-play generation against the validator."""

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from huolong.engine import Hand, Play, Rules, TrumpOrder
from huolong.engine.cards import NUM_KINDS, all_cards
from huolong.engine.deal import random_deal
from huolong.engine.tricks import follow_error, legal_follows

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, strict=st.booleans())
def test_random_playouts_conserve_162_cards_and_300_points(seed, strict):
    rng = random.Random(seed)
    pos = random_deal(rng, Rules(follow="strict" if strict else "free"))
    while not pos.is_over():
        pos.play(rng.choice(pos.legal_plays()))
        cards = [c for h in pos.hands for c in h] + list(pos.bottom)
        cards += [c for t in pos.history for p in t.plays for c in p.cards]
        cards += [c for p in pos.trick for c in p.cards]
        assert sorted(cards) == all_cards()
        taken = sum(t.points for t in pos.history)
        in_play = sum(h.points for h in pos.hands) + sum(p.points for p in pos.trick) + pos.bottom.points
        assert taken + in_play == 300
        attackers = sum(t.points for t in pos.history if pos.is_attacker(t.winner))
        assert pos.points == attackers + (pos.dig_value if pos.dug else 0)
    assert sum(len(t.plays) for t in pos.history) == 4 * len(pos.history)


hands = st.lists(st.integers(0, NUM_KINDS - 1), min_size=1, max_size=12).filter(
    lambda cards: all(cards.count(c) <= 3 for c in cards))


@settings(max_examples=300, deadline=None)
@given(cards=hands, lead_card=st.integers(0, NUM_KINDS - 1), n=st.integers(1, 3),
       level=st.sampled_from("3456789TJQKA"), trump=st.integers(0, 3), follow=st.sampled_from(["free", "strict"]))
def test_generated_follows_are_exactly_the_plays_the_validator_accepts(cards, lead_card, n, level, trump, follow):
    hand = Hand.from_cards(cards)
    lead = Play((lead_card,) * n)
    order = TrumpOrder(level, trump)
    generated = set(legal_follows(hand, lead, order, follow))
    for play in generated:
        assert follow_error(hand, lead, play, order, follow) is None, play
    candidates = {Play(combo) for combo in combinations(list(hand), min(n, len(hand)))}
    for play in candidates - generated:
        assert follow_error(hand, lead, play, order, follow) is not None, play
    if len(hand) >= n:
        assert generated, "a follower always has a legal play"
