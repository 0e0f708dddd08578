"""Bridge as a ruleset of the same engine and kernel, checked against DDS (endplay)."""

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from huolong.cli.main import cli
from huolong.engine import Hand, Position, Rules, card_token, read_file
from huolong.engine.deal import play_randomly
from huolong.engine.seats import EAST, NORTH, SOUTH, WEST
from huolong.solver import solve

EXAMPLE = Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "bridge-endgame.pbn"
BRIDGE = Rules.parse("bridge")


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
    result = CliRunner().invoke(cli, ["--rules", "bridge", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    [data] = json.loads(result.stdout)
    assert data["objective"] == "tricks" and data["value"] == {"tricks": 7}
    assert data["moves"][0] == {"play": "DT", "tricks": 7}


# -- against DDS -------------------------------------------------------------

endplay = pytest.importorskip("endplay", reason="the dds extra (endplay) is not installed")
from endplay.dds import solve_board  # noqa: E402
from endplay.types import Card, Deal, Denom, Player  # noqa: E402

PLAYERS = {NORTH: Player.north, EAST: Player.east, SOUTH: Player.south, WEST: Player.west}
DENOMS = {0: Denom.spades, 1: Denom.hearts, 2: Denom.diamonds, 3: Denom.clubs, None: Denom.nt}
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def random_bridge_endgame(rng: random.Random, cards: int) -> Position:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [Hand.from_cards(deck[13 * i : 13 * i + 13]) for i in range(4)]
    declarer = rng.randrange(4)
    pos = Position(level=None, trump=rng.choice([0, 1, 2, 3, None]), dealer=declarer, hands=hands,
                   bottom=Hand(), leader=0, rules=BRIDGE)
    pos.leader = pos.seat_after(declarer)
    play_randomly(pos, rng, cards)
    for _ in range(rng.randrange(4)):
        pos.play(rng.choice(pos.legal_plays()))
    return pos


def dds_values(pos: Position) -> dict[str, int]:
    """DDS's solve_board with every card scored, for the seat to play."""
    hands = list(pos.hands)
    for i, play in enumerate(pos.trick):
        seat = pos.seat_after(pos.leader, i)
        hands[seat] = hands[seat] + play
    pbn = "N:" + " ".join(str(hands[s]).replace("-", "") for s in (NORTH, EAST, SOUTH, WEST))
    deal = Deal.from_pbn(pbn)
    deal.trump = DENOMS[pos.trump]
    deal.first = PLAYERS[pos.leader]
    for play in pos.trick:
        deal.play(Card(card_token(play.cards[0])))
    out = {}
    for card, tricks in solve_board(deal):
        name = str(card).upper().replace("10", "T")
        suit = next(ch for ch in name if ch in SUIT_LETTERS)
        out[SUIT_LETTERS[suit] + name.replace(suit, "")] = tricks
    return out


@pytest.mark.parametrize("cards", [4, 6, 8])
def test_endgames_agree_with_dds_on_every_card(cards):
    rng = random.Random(cards)
    for _ in range(70):
        pos = random_bridge_endgame(rng, cards)
        analysis = solve(pos, line=False)
        ours = {str(m.play): m.value.points for m in analysis.moves}
        theirs = dds_values(pos)
        assert set(theirs) <= set(ours)
        assert {card: ours[card] for card in theirs} == theirs
        assert analysis.value.points == max(theirs.values())
