"""huolong-solve play and review, driven as a user would."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import interrupted, run
from huolong.engine import Play, read_file


def test_play_writes_complete_records_that_reread(tmp_path):
    out = tmp_path / "hands.hl"
    result = run("play", "--deals", "6", "--seed", "7", "-o", str(out), "--workers", "1")
    records = read_file(out)
    assert len(records) == 6
    for number, rec in enumerate(records, start=1):
        assert rec.is_over() and rec.kitty is not None and rec.bottom is not None
        assert rec.tags["Event"] == f"huolong-solve play --seed 7, deal {number}"
        assert rec.tags["Result"].split()[2] == rec.result().name
    assert "6 hands in" in result.output and "mean points" in result.output


def test_play_resumes_without_repeating_a_hand(tmp_path):
    out = tmp_path / "hands.hl"
    run("play", "--deals", "3", "--seed", "2", "-o", str(out), "--workers", "1")
    resumed = run("play", "--deals", "5", "--seed", "2", "-o", str(out), "--workers", "1")
    assert "2 played now" in resumed.output
    whole = tmp_path / "whole.hl"
    run("play", "--deals", "5", "--seed", "2", "-o", str(whole), "--workers", "1")
    assert out.read_text() == whole.read_text()


def test_play_with_two_workers_writes_the_same_hands(tmp_path):
    one, two = tmp_path / "one.hl", tmp_path / "two.hl"
    run("play", "--deals", "4", "--seed", "5", "-o", str(one), "--workers", "1")
    run("play", "--deals", "4", "--seed", "5", "-o", str(two), "--workers", "2")
    assert one.read_text() == two.read_text()


def test_play_refuses_to_resume_another_run(tmp_path):
    out = tmp_path / "hands.hl"
    run("play", "--deals", "1", "--seed", "1", "-o", str(out), "--workers", "1")
    result = run("play", "--deals", "2", "--seed", "9", "-o", str(out), code=2)
    assert "seed 9" in result.output


def test_play_json_summary_counts_every_outcome():
    result = run("play", "--deals", "4", "--seed", "3", "--json", "--workers", "1")
    report = json.loads(result.stdout)
    assert report["deals"] == 4 and sum(report["outcomes"].values()) == 4
    assert 0 <= report["p_dug"] <= 1


def test_play_without_output_prints_the_records():
    result = run("play", "--deals", "2", "--seed", "3", "--workers", "1")
    assert result.output.count('[Play "') == 2


def test_interrupted_play_keeps_finished_hands_and_resumes(tmp_path):
    out = tmp_path / "hands.hl"
    # far more hands than are played before the first checkpoint (5 s), so that Ctrl-C comes mid-run
    cmd = [sys.executable, "-m", "huolong.cli.main", "play", "--deals", "100000", "--seed", "4", "-o", str(out),
           "--workers", "1"]
    code, err = interrupted(cmd, out.exists, 120)  # Ctrl-C at the first checkpoint
    assert code == 3, err
    assert "interrupted" in err and "Traceback" not in err
    kept = read_file(out)
    events = [f"huolong-solve play --seed 4, deal {i}" for i in range(1, len(kept) + 1)]
    assert [r.tags["Event"] for r in kept] == events
    done = subprocess.run(cmd[:5] + ["12"] + cmd[6:], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 or len(kept) > 12


def test_review_lists_mistakes_and_json_has_every_play(tmp_path):
    out = tmp_path / "hands.hl"
    run("play", "--deals", "1", "--seed", "7", "-o", str(out), "--workers", "1")
    text = run("review", str(out), "--tricks", "3", "--all", "--ascii")
    assert "plays reviewed" in text.output and "best" in text.output
    data = json.loads(run("review", str(out), "--tricks", "3", "--json").stdout)
    rec = read_file(out)[0]
    last3 = [p for t in rec.history[-3:] for p in t.plays]
    assert [p["play"] for p in data[0]["plays"]] == [str(p) for p in last3]
    for p in data[0]["plays"]:
        assert p["solved"] and (p["loss"] >= 0)


def test_review_of_a_plain_position_is_bad_input():
    result = run("review", os.path.join(os.path.dirname(__file__), "..", "puzzles", "examples", "dig-fight.hl"), code=2)
    assert "not a hand record" in result.output


def test_review_estimate_values_every_play_before_the_reviewed_tricks(monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    [hand] = json.loads(run("review", "puzzles/examples/hand-record.hl", "--tricks", "8", "--estimate", "6", "--json").stdout)
    first = hand["plays"][0]
    estimates = hand["estimates"]
    assert [e["ply"] for e in estimates] == list(range(len(estimates)))
    assert estimates[-1]["trick"] <= first["trick"] and len(estimates) + len(hand["plays"]) == 104
    assert all(e["samples"] == 6 and 0 <= e["mean_points"] <= 300 and e["points_se"] >= 0 for e in estimates)
    assert estimates[0]["play"] == "SQ SQ SQ" and estimates[0]["seat"] == "W"


def test_review_estimate_says_the_playouts_agree_rather_than_plus_or_minus_zero():
    """Eight playouts of 14 tricks that end alike printed "125.0 ± 0.0": a standard error of the bot's
    playouts, not of the estimate's distance from the best play."""
    from huolong.analysis.review import PlayEstimate
    from huolong.cli.render import Style
    from huolong.cli.review import estimates_text
    from huolong.engine import Play

    alike = [PlayEstimate(0, 1, 0, Play.parse("SA"), 125.0, 0.0, 8), PlayEstimate(4, 2, 1, Play.parse("HA"), 130.0, 2.5, 8)]
    text = estimates_text(alike, Style(color=False, ascii=False))
    assert "125.0 (all 8 playouts alike)" in text and "± 0.0" not in text and "130.0 ± 2.5" in text


def test_review_estimate_is_the_same_for_the_same_seed(monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    args = ("review", "puzzles/examples/hand-record.hl", "--estimate", "4", "--tricks", "12", "--json")
    one = json.loads(run(*args, "--seed", "5").stdout)[0]["estimates"]
    assert json.loads(run(*args, "--seed", "5").stdout)[0]["estimates"] == one
    assert json.loads(run(*args, "--seed", "6").stdout)[0]["estimates"] != one


def test_review_without_estimate_has_no_estimates_key(monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    [hand] = json.loads(run("review", "puzzles/examples/hand-record.hl", "--tricks", "8", "--json").stdout)
    assert "estimates" not in hand


# -- play --seat: a hand against the computer ---------------------------------------------------------


def test_q_ends_the_terminal_game_quietly_and_keeps_the_plays_made_with_o(tmp_path):
    out = tmp_path / "game.hl"
    result = run("play", "--seat", "S", "--seed", "3", "--policy", "random", "-o", out, input="q\n")
    assert "error" not in result.output and "Game stopped after 1 play" in result.output
    [rec] = read_file(out)
    assert len(rec.trick) == 1 and rec.tags["Event"] == "huolong-solve play --seat S --seed 3"


def test_the_end_of_input_at_the_prompt_ends_the_game_as_q_does(tmp_path):
    out = tmp_path / "game.hl"
    result = run("play", "--seat", "S", "--seed", "3", "--policy", "random", "-o", out, input="")
    assert "Aborted" not in result.output and "Game stopped after 1 play" in result.output
    assert len(read_file(out)[0].trick) == 1


def test_q_without_o_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "--seat", "S", "--seed", "3", "--policy", "random", input="q\n")
    assert "Game stopped." in result.output and list(tmp_path.iterdir()) == []


def test_a_stray_word_at_the_prompt_is_asked_again_with_the_reason(tmp_path):
    result = run("play", "--seat", "S", "--seed", "3", "--policy", "random", "-o", tmp_path / "g.hl",
                 input="zz\nSQ SQ\n\nq\n")
    assert result.output.count("try again") == 3 and "'zz'" in result.output


def test_a_word_that_is_no_card_at_the_prompt_is_told_what_to_type(tmp_path):
    result = run("play", "--seat", "S", "--seed", "3", "--policy", "random", "-o", tmp_path / "g.hl",
                 input="help\nq\n")
    assert "Type the cards to play" in result.output and "hint" in result.output


def test_a_replayed_seed_never_overwrites_the_earlier_games_record(tmp_path, monkeypatch):
    from huolong.cli.game import unused_name

    monkeypatch.chdir(tmp_path)
    assert unused_name("huolong-solve-game-3", ".hl") == "huolong-solve-game-3.hl"
    (tmp_path / "huolong-solve-game-3.hl").write_text("earlier")
    (tmp_path / "huolong-solve-game-3-2.hl").write_text("earlier too")
    assert unused_name("huolong-solve-game-3", ".hl") == "huolong-solve-game-3-3.hl"


def _whole_game(monkeypatch, tmp_path, seat: str) -> str:
    """A whole hand with the seat at the keyboard (not the dealer's) playing its first legal play each
    turn (the review after it left out: it takes minutes)."""
    import huolong.cli.game as game

    monkeypatch.setattr(game.HumanPolicy, "play", lambda self, knowledge, rng: knowledge.position.legal_plays()[0])
    monkeypatch.setattr(game, "review_yours", lambda *args: None)
    return run("play", "--seat", seat, "--seed", "3", "--policy", "random", "-o", tmp_path / "g.hl").output


def test_the_bottom_is_shown_at_the_end_of_the_hand(monkeypatch, tmp_path):
    from huolong.engine.cards import card_unicode

    out = _whole_game(monkeypatch, tmp_path, "S")
    [rec] = read_file(tmp_path / "g.hl")
    bottom = rec.start().bottom
    line = next(line for line in out.splitlines() if line.startswith("The bottom, buried by W:"))
    assert sorted(line.split(": ", 1)[1].rsplit(" (", 1)[0].split()) == sorted(card_unicode(c) for c in bottom)
    assert f"({bottom.points} points)" in line


@pytest.mark.parametrize("lang, word", [("en", "Levels:"), ("zh", "级：")])
def test_hint_explains_levels_and_points_in_one_line(tmp_path, lang, word):
    from huolong.cli.render import width

    result = run("play", "--seat", "S", "--seed", "3", "--policy", "random", "-o", tmp_path / "g.hl",
                 input="hint\nq\n", env={"HUOLONG_SOLVE_LANG": lang})
    legend = [line for line in result.output.splitlines() if line.strip().startswith(word)]
    assert len(legend) == 1 and width(legend[0]) <= 100


# -- review --tricks: the summary agrees with the table ------------------------------------------------


def test_review_tricks_summary_counts_equal_the_marks_in_its_table(monkeypatch):
    import re

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    out = run("review", "puzzles/examples/unlucky.hl", "--tricks", "5", "--advise", "--samples", "48",
              "--workers", "1", "--ascii").output
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("trick"))
    summary, table = " ".join(lines[1:head]), "\n".join(lines[head + 2:])  # both may be wrapped
    marks = {name: len(re.findall(rf"(?<![a-z]){name}:", table)) for name in ("mistake", "lucky", "unlucky")}
    said = {name: int(n) for n, name in re.findall(r"(\d+) (mistakes?|lucky|unlucky)\b", summary)}
    assert said.get("mistakes", said.get("mistake", 0)) == marks["mistake"]
    assert said.get("lucky", 0) == marks["lucky"]
    assert said.get("unlucky", 0) == marks["unlucky"] == 2  # N's ♣J and W's ♦2 in trick 24


def test_a_play_beyond_the_node_budget_is_neither_lucky_nor_unlucky():
    from huolong.analysis.review import PlayReview
    from huolong.cli.render import Style
    from huolong.cli.review import _information_text
    from huolong.engine import Play

    wrong = PlayReview(20, 0, Play.parse("SA"), None, None, (), 0, False, advised=(Play.parse("S3"),))
    right = PlayReview(20, 0, Play.parse("SA"), None, None, (), 0, False, advised=(Play.parse("SA"),))
    assert not wrong.solved and wrong.verdict == "mistake" and right.verdict == "right"
    text = _information_text(wrong, Style(color=False, ascii=True))
    assert "lucky" not in text and text.startswith("mistake") and "S3" in text


def test_ctrl_c_during_a_hint_stops_the_hint_not_the_game(monkeypatch, capsys):
    """The hint is the player's to stop: Ctrl-C while it thinks gives the turn back, and the game goes on."""
    import random

    from huolong.cli import game
    from huolong.cli.render import Style
    from huolong.engine.sampling import Knowledge

    [pos] = read_file(Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "keep-bottom.hl")
    answers = iter(["hint", str(pos.legal_plays()[0])])
    monkeypatch.setattr(game, "ask", lambda question: next(answers))

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(game, "show_hint", interrupted)
    human = game.HumanPolicy(Style(color=False, ascii=False), hint_seed=1)
    assert human.play(Knowledge.of(pos, pos.to_play), random.Random(1)) == pos.legal_plays()[0]
    assert "Hint stopped; your turn." in capsys.readouterr().out


def test_a_hint_stopped_before_any_deal_shows_no_values():
    """Ctrl-C at once printed "your side +nan levels ± —; the attackers take nan points"."""
    from huolong.analysis.advice import advise
    from huolong.cli.hint import hint_lines
    from huolong.cli.render import Style
    from huolong.solver import StopToken

    [pos] = read_file(Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "keep-bottom.hl")
    stop = StopToken()
    stop.cancel()
    advice = advise(pos, seed=1, stop=stop)
    text = "\n".join(hint_lines(advice, Style(color=False, ascii=False), final=True))
    assert advice.samples == 0 and "nan" not in text
    assert "Stopped before any deal was valued: no play leads yet." in text


def test_a_review_stopped_early_says_what_it_judged_and_not_that_nothing_was_marked():
    """Ctrl-C 4 s in printed "No play marked inaccuracy or worse." above "(stopped: 0 of the hand's plays
    judged)": the first line claimed what nothing had been judged to say."""
    from huolong.analysis.hand_review import HandVerdict, ReviewSettings
    from huolong.cli.review import tail_lines

    [record] = read_file(Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "hand-record.hl")
    stopped = HandVerdict(record, ReviewSettings(), [], None, complete=False, interrupted=True)
    assert tail_lines(stopped, marked=False)[0] == "(stopped before any play was judged)"


def test_enter_alone_at_the_bury_says_what_is_asked(monkeypatch, capsys):
    """An empty line at the bury prompt answered "empty play; try again."."""
    import random

    from huolong.cli import game
    from huolong.cli.render import Style
    from huolong.engine.bury import heuristic_bury
    from huolong.engine.sampling import Knowledge

    [deal] = read_file(Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "before-bury-known.hl")
    cards = heuristic_bury(deal.hands[deal.dealer] + deal.kitty, deal.order, deal.rules)
    answers = iter(["", " ".join(str(Play((c,))) for c in cards)])
    monkeypatch.setattr(game, "ask", lambda question: next(answers))
    human = game.HumanPolicy(Style(color=False, ascii=False), hint_seed=1)
    assert human.bury(Knowledge.of(deal, deal.dealer), random.Random(1)) == cards
    out = capsys.readouterr().out
    assert "Type the six cards to bury" in out and "empty play" not in out
