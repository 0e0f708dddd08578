"""Computer players: fair policies see only their own seat, every decision is legal, duplicate matches are fair
and repeatable, and a person can play a hand in the terminal."""

from __future__ import annotations

import json
import random
import sys
import textwrap

import pytest

from cli_runner import interrupted, run
from huolong.bots import PolicyError, policies_of, policy_of
from huolong.bots.match import duplicate_deal
from huolong.bots.table import IllegalDecision, play_table
from huolong.engine import Hand, Rules, card_token, read_file
from huolong.engine.deal import deal_hand, play_randomly
from huolong.engine.sampling import Knowledge
from huolong.solver.playout import deal_seed

FAIR = ("fair", "random", "advise:samples=8")
VARIANTS = ("standard", "standard follow=strict", "standard bury_limit=10", "standard zero=plus2 multiplier=3",
            "standard threshold=100")


def positions(count: int, seed: int = 1):  # type: ignore[no-untyped-def]
    """Seeded positions after the bury, partway through the hand (some with a trick under way)."""
    rng = random.Random(seed)
    for i in range(count):
        deal = deal_hand(deal_seed(seed, i))
        pos = deal.bury(policy_of("fair").bury(Knowledge.of(deal, deal.dealer), rng))
        pos.record = True
        pos = play_randomly(pos, rng, rng.randrange(2, 40))  # to the start of a trick, anywhere in the hand
        for _ in range(rng.randrange(4)):  # and into it
            pos.play(rng.choice(pos.legal_plays()))
        yield pos


def redealt(pos, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """The same position with the hands ``seat`` cannot see dealt again, as it could be for all it knows."""
    other = Knowledge.of(pos, seat).sample(rng)
    assert other.hands[seat] == pos.hands[seat]
    return other


# -- fair policies read only what their seat knows -----------------------------------------------


@pytest.mark.parametrize("spec", FAIR)
def test_a_fair_policy_plays_the_same_whatever_the_hidden_hands(spec):
    policy = policy_of(spec)
    changed = 0
    for number, pos in enumerate(positions(6 if spec.startswith("advise") else 40)):
        seat = pos.to_play
        other = redealt(pos, seat, random.Random(number))
        changed += other.hands != pos.hands
        mine = policy.play(Knowledge.of(pos, seat), random.Random(f"decide:{number}"))
        theirs = policy.play(Knowledge.of(other, seat), random.Random(f"decide:{number}"))
        assert mine == theirs, f"{spec} read the hidden hands at {pos.to_play}, position {number}"
    assert changed  # the check had hidden hands to change


def test_the_check_catches_a_policy_that_reads_the_hidden_hands():
    bot = policy_of("bot")
    differs = 0
    for number, pos in enumerate(positions(30)):
        seat = pos.to_play
        other = redealt(pos, seat, random.Random(number))
        differs += bot.play(Knowledge.of(pos, seat), random.Random(1)) != bot.play(Knowledge.of(other, seat),
                                                                                   random.Random(1))
    assert differs and bot.sees_all


@pytest.mark.parametrize("spec", ("fair", "random"))
def test_a_fair_bury_uses_only_the_dealers_own_cards(spec):
    policy = policy_of(spec)
    for i in range(10):
        deal = deal_hand(deal_seed(7, i))
        other = redealt(deal, deal.dealer, random.Random(i))
        assert policy.bury(Knowledge.of(deal, deal.dealer), random.Random(i)) == \
            policy.bury(Knowledge.of(other, deal.dealer), random.Random(i))


# -- every decision is legal ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", VARIANTS)
@pytest.mark.parametrize("spec", ("fair", "random", "S=fair,E=random,N=random,W=fair"))
def test_every_decision_is_legal_under_every_ruleset(spec, rules):
    for i in range(12):
        deal = deal_hand(deal_seed(11, i), Rules.parse(rules))
        record = play_table(deal, policies_of(spec), f"legal:{i}").record
        assert record.is_over() and read_file_text(record)


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS)
def test_every_decision_is_legal_over_thousands_of_hands(rules):
    for i in range(400):
        deal = deal_hand(deal_seed(12, i), Rules.parse(rules))
        spec = ("fair", "random", "S=fair,E=random,N=fair,W=random")[i % 3]
        assert play_table(deal, policies_of(spec), f"sweep:{i}").record.is_over()


@pytest.mark.slow
def test_the_bot_and_advise_decide_legally_whole_hands():
    for i, spec in enumerate(("bot", "advise:samples=8", "S=advise:samples=8,E=bot,N=fair,W=random")):
        assert play_table(deal_hand(deal_seed(13, i)), policies_of(spec), f"slow:{i}").record.is_over()


def read_file_text(record) -> bool:  # type: ignore[no-untyped-def]
    """The record re-reads (every play checked again by the engine) to the same end."""
    from huolong.engine import read_positions, write_position

    [again] = read_positions(write_position(record))
    return again.is_over() and (again.points, again.dug) == (record.points, record.dug)


def test_an_illegal_decision_stops_the_table():
    class Cheat:
        name, sees_all = "cheat", False

        def bury(self, knowledge, rng):  # type: ignore[no-untyped-def]
            return Hand.parse("AAAA.-.-.-")

        def play(self, knowledge, rng):  # type: ignore[no-untyped-def]
            raise AssertionError

    with pytest.raises(IllegalDecision, match="cheat buried"):
        play_table(deal_hand(deal_seed(1, 0)), [Cheat()] * 4, "cheat")


# -- duplicate matches ----------------------------------------------------------------------------


def test_both_tables_of_a_duplicate_deal_share_the_cards():
    deal = duplicate_deal(5, 3, "fair", "random", "standard")
    first, second = (read_file_text_of(t["record"]) for t in deal["tables"])
    for attr in ("level", "trump", "dealer"):
        assert getattr(first, attr) == getattr(second, attr)
    assert first.kitty == second.kitty
    for seat in range(4):  # the hands before the bury: the dealer's with the kitty, the others' as dealt
        start_a, start_b = (rec.start() for rec in (first, second))
        held_a = start_a.hands[seat] + (start_a.bottom if seat == first.dealer else Hand())
        held_b = start_b.hands[seat] + (start_b.bottom if seat == first.dealer else Hand())
        assert held_a == held_b
    assert first.tags["SouthNorth"] == second.tags["EastWest"] == "fair"
    assert {t["dealer_side"] for t in deal["tables"]} == {"A", "B"}  # each side deals once
    assert sum(t["a_levels"] for t in deal["tables"]) == deal["tables"][0]["a_levels"] + deal["tables"][1]["a_levels"]


def read_file_text_of(text: str):  # type: ignore[no-untyped-def]
    from huolong.engine import read_positions

    [rec] = read_positions(text)
    return rec


def _totals(output: str) -> dict:
    data = json.loads(output)
    data.pop("seconds_per_deal")
    data.pop("decisions")
    return data


def test_a_match_is_the_same_on_one_or_two_workers():
    one = run("match", "fair", "random", "--deals", "6", "--seed", "3", "--workers", "1", "--json").stdout
    two = run("match", "fair", "random", "--deals", "6", "--seed", "3", "--workers", "2", "--json").stdout
    assert _totals(one) == _totals(two)
    assert json.loads(one)["deals"] == 6


def test_a_match_resumes_to_the_same_totals(tmp_path):
    whole = run("match", "fair", "random", "--deals", "5", "--seed", "4", "--workers", "1", "--json").stdout
    out = tmp_path / "m.hl"
    run("match", "fair", "random", "--deals", "2", "--seed", "4", "--workers", "1", "-o", out)
    assert len(read_file(out)) == 4  # two deals, two tables each
    resumed = run("match", "fair", "random", "--deals", "5", "--seed", "4", "--workers", "1", "-o", out,
                  "--json").stdout
    assert _totals(resumed) == _totals(whole) and len(read_file(out)) == 10


def test_a_match_stopped_by_ctrl_c_resumes(tmp_path):
    out = tmp_path / "m.hl"
    code, err = interrupted([sys.executable, "-m", "huolong.cli.main", "match", "advise:samples=8", "fair",
                             "--deals", "40", "--seed", "2", "--workers", "1", "-o", str(out)],
                            ready=lambda: out.exists(), timeout=300)
    assert code == 3 and "run again to resume" in err
    kept = len(read_file(out))
    assert kept >= 2 and kept % 2 == 0


def test_a_match_file_from_another_match_is_not_resumed(tmp_path):
    out = tmp_path / "m.hl"
    run("match", "fair", "random", "--deals", "1", "--seed", "4", "--workers", "1", "-o", out)
    result = run("match", "fair", "random", "--deals", "2", "--seed", "5", "--workers", "1", "-o", out, code=2)
    assert "not table 1 of deal 1 of match fair random --seed 5" in result.stderr


def test_the_match_text_names_the_sides_and_their_levels():
    text = run("match", "fair", "random", "--deals", "4", "--seed", "2", "--workers", "1").stdout
    assert "fair against random: 4 deals" in text and "levels a deal" in text and "dig rate" in text


def test_a_policy_of_ones_own_is_loaded_by_module_and_name(tmp_path, monkeypatch):
    (tmp_path / "mybots.py").write_text(textwrap.dedent('''
        from huolong.bots.fair import FairPolicy

        class Cautious(FairPolicy):
            name = "cautious"
    '''), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert policy_of("mybots:Cautious").name == "cautious"
    data = json.loads(run("match", "mybots:Cautious", "random", "--deals", "2", "--workers", "1", "--json").stdout)
    assert data["a"] == "mybots:Cautious" and data["deals"] == 2


@pytest.mark.parametrize("spec", ("nobody", "nomodule:X", "json:dumps", "advise:samples=x", "fair:depth=3"))
def test_a_bad_policy_is_one_line_of_bad_input(spec):
    with pytest.raises(PolicyError):
        policy_of(spec)
    result = run("match", spec, "fair", "--deals", "1", code=2)
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_the_all_seeing_bot_is_named_as_such():
    assert "bot sees all hands" in run("match", "bot", "random", "--deals", "1", "--workers", "1").stderr


# -- a hand against the computer, in the terminal -------------------------------------------------


def scripted_game(seed: int, seat: int) -> list[str]:
    """What a player at ``seat`` types to play the hand as ``fair`` would: the same game, move for move."""
    deal = deal_hand(deal_seed(seed, 0))
    record = play_table(deal, policies_of("fair"), f"game:{seed}").record
    lines = [" ".join(card_token(c) for c in record.bottom)] if deal.dealer == seat else []
    for trick in record.history:
        lines += [str(p) for i, p in enumerate(trick.plays) if record.seat_after(trick.leader, i) == seat]
    return lines


def test_a_hand_against_the_computer_in_the_terminal(tmp_path):
    lines = scripted_game(5, 0)
    out = tmp_path / "game.hl"
    typed = ["XX", "SA SA SA SA"] + lines  # two bad answers first: asked again, with the reason
    result = run("play", "--seat", "S", "--seed", "5", "--policy", "fair", "-o", out, "--no-color",
                 input="\n".join(typed) + "\n")
    assert "invalid card token 'XX'; try again." in result.stdout
    assert "Not legal: " in result.stdout or "is not in the hand" in result.stdout
    assert "Result: the attackers finished with" in result.stdout and "Reviewing the hand" in result.stdout
    assert "accuracy" in result.stdout and "S–N attackers" in result.stdout or "S–N dealer team" in result.stdout
    [record] = read_file(out)
    assert record.is_over() and record.tags["You"] == "S"
    assert [str(p) for t in record.history for i, p in enumerate(t.plays) if record.seat_after(t.leader, i) == 0] \
        == lines


def test_q_stops_the_game_quietly():
    result = run("play", "--seat", "E", "--seed", "5", "--policy", "random", input="q\n")
    assert "Game stopped." in result.output and "error" not in result.stderr


# -- advise's cost: a shorter exact end in its playouts while it plays for points ------------------


def test_advise_plays_out_with_a_shorter_exact_end_while_it_plays_for_points(monkeypatch):
    """Far from the end (more than ``points_cards`` cards a hand) the playouts solve only their last
    ``points_exact`` cards exactly (5: a whole game in minutes, bench/RESULTS.md session 38); from
    ``points_cards`` on, the last ``exact_cards`` (6) as before; ``points_exact=6`` is the old cost."""
    import huolong.bots.single_dummy as single_dummy

    seen = []
    real = single_dummy.advise
    monkeypatch.setattr(single_dummy, "advise", lambda pos, **kw: seen.append(
        (pos.cards_left, kw["objective"], kw["settings"].exact_end(pos))) or real(pos, **kw))
    rng = random.Random(3)
    deal = deal_hand(deal_seed(3, 0))
    pos = deal.bury(policy_of("fair").bury(Knowledge.of(deal, deal.dealer), rng))
    for stop, specs in ((30, ("advise:samples=4", "advise:samples=4,points_exact=6")), (10, ("advise:samples=4",))):
        pos = play_randomly(pos, rng, stop)
        while len(pos.legal_plays()) == 1:
            pos.play(pos.legal_plays()[0])
        for spec in specs:
            policy_of(spec).play(Knowledge.of(pos, pos.to_play), rng)
    assert [(objective, exact) for _cards, objective, exact in seen] == [
        ("points", 5), ("points", 6), ("outcome", 6)], seen
    assert seen[0][0] > 12 >= seen[2][0]
