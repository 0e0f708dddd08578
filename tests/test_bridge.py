"""Bridge as a ruleset of the same engine and kernel, checked against DDS (endplay)."""

import json
import random
from pathlib import Path

import pytest
from bridge_deals import (
    BRIDGE,
    HAVE_DDS,
    compare,
    compare_full_deal,
    random_bridge_endgame,
)
from cli_runner import run
from huolong.engine import Hand, Position, read_file
from huolong.engine.seats import EAST, NORTH, SOUTH, WEST
from huolong.solver import solve
from huolong.solver.jobs import Workers, default_workers

EXAMPLE = Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "bridge-endgame.pbn"


def test_bridge_is_a_ruleset_not_a_special_case():
    shape = BRIDGE.shape
    assert (shape.copies, shape.jokers, shape.level_trumps, shape.max_unit) == (1, False, False, 1)
    assert shape.direction == -1 and shape.trick_score == 1 and not shape.card_scores
    assert str(BRIDGE) == "bridge"


def test_bridge_plays_clockwise_n_e_s_w():
    [pos] = read_file(EXAMPLE, rules=BRIDGE)
    assert [pos.seat_after(NORTH, i) for i in range(4)] == [NORTH, EAST, SOUTH, WEST]


def test_pbn_deal_is_read_clockwise_from_the_first_seat():
    [pos] = read_file(EXAMPLE, rules=BRIDGE)
    assert str(pos.hands[NORTH]) == "6.KQT2.J4.K"
    assert str(pos.hands[EAST]) == "932.A8.T.A6"
    assert str(pos.hands[SOUTH]) == "K.J976.62.8"
    assert str(pos.hands[WEST]) == "QT85.543.-.T"
    assert pos.trump == 3 and pos.dealer == NORTH and pos.leader == EAST  # 3C by N: E leads


def test_only_single_cards_are_led_in_bridge():
    hands = [Hand.parse(text) for text in ("AK.-.-.-", "QJ.-.-.-", "T9.-.-.-", "87.-.-.-")]
    pos = Position(level=None, trump=None, dealer=SOUTH, hands=hands, bottom=Hand(), leader=SOUTH, rules=BRIDGE)
    assert not pos.problems()
    assert [str(p) for p in pos.legal_plays()] == ["SA", "SK"]


def test_example_values_every_card():
    [pos] = read_file(EXAMPLE, rules=BRIDGE)
    analysis = solve(pos)
    values = {str(m.play): m.value.points for m in analysis.moves}
    assert analysis.value.points == 7 and values["DT"] == 7
    assert all(v < 7 for play, v in values.items() if play != "DT")


def test_cli_reads_pbn_with_the_bridge_ruleset():
    result = run("--rules", "bridge", str(EXAMPLE), "--json")
    [data] = json.loads(result.stdout)
    assert data["objective"] == "tricks" and data["value"] == {"tricks": 7}
    assert data["moves"][0] == {"play": "DT", "tricks": 7}


# -- against DDS -------------------------------------------------------------

needs_dds = pytest.mark.skipif(not HAVE_DDS, reason="the dds extra (endplay) is not installed")
FULL_DEALS = 200
FULL_SEED = 2026


@needs_dds
@pytest.mark.parametrize("cards", [4, 6, 8])
def test_endgames_agree_with_dds_on_every_card(cards):
    rng = random.Random(cards)
    for _ in range(70):
        result = compare(random_bridge_endgame(rng, cards))
        assert result.agrees, result.differences()


@pytest.mark.slow
@needs_dds
def test_full_deals_agree_with_dds_on_every_card():
    """200 seeded random deals of 13 cards each, every card of the opening lead scored by both."""
    with Workers(default_workers()) as pool:
        results = [r for _, r in pool.run(compare_full_deal, [(FULL_SEED, i) for i in range(FULL_DEALS)])]
    assert len(results) == FULL_DEALS
    wrong = [r.differences() for r in results if not r.agrees]
    assert not wrong, "\n".join(wrong)
