"""The trainer: Glicko-2 ratings, the record kept between runs, and the terminal sessions."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_runner import run

from huolong.engine import Play, read_file, write_position
from huolong.engine.cards import card_unicode
from huolong.puzzles.glicko import Rating
from huolong.puzzles.trainer import STORE_ENV, Trainer, puzzle_id

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"


@pytest.fixture
def store(tmp_path, monkeypatch):
    path = tmp_path / "trainer.json"
    monkeypatch.setenv(STORE_ENV, str(path))
    return path


# -- Glicko-2 ---------------------------------------------------------------------------


def test_glicko2_matches_glickmans_worked_example():
    """Glickman (2012), section 'Example': r = 1500, RD = 200, σ = 0.06; a win against 1400/30,
    losses against 1550/100 and 1700/300; τ = 0.5 → r′ = 1464.06, RD′ = 151.52, σ′ = 0.05999."""
    after = Rating(1500, 200, 0.06).updated([(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
                                            tau=0.5)
    assert abs(after.rating - 1464.06) < 0.05 and abs(after.rd - 151.52) < 0.01
    assert abs(after.volatility - 0.05999) < 0.00001


def test_a_period_without_games_only_widens_the_deviation():
    after = Rating(1700, 80, 0.06).updated([])
    assert after.rating == 1700 and after.rd > 80 and after.volatility == 0.06


def test_solving_a_puzzle_raises_the_player_and_lowers_the_puzzle(tmp_path):
    trainer = Trainer.load(tmp_path / "t.json")
    change = trainer.record("p", 1500, solved=True, themes=["dig"], kind="result")
    assert change > 0 and trainer.player.rating > 1500 and trainer.puzzles["p"].rating < 1500
    change = trainer.record("q", 1500, solved=False, themes=["tie"], kind="result")
    assert change < 0


# -- the record -----------------------------------------------------------------------------


def test_a_missing_record_starts_fresh_with_a_warning(tmp_path):
    trainer = Trainer.load(tmp_path / "nothing.json")
    assert trainer.attempts == [] and "starting fresh" in trainer.warning


@pytest.mark.parametrize("text", ["{not json", '{"version": 99}', '{"version": 1, "player": {"rating": "x"}}'])
def test_a_corrupt_record_starts_fresh_with_a_warning(tmp_path, text):
    path = tmp_path / "t.json"
    path.write_text(text)
    trainer = Trainer.load(path)
    assert trainer.attempts == [] and "cannot be read" in trainer.warning


@pytest.mark.parametrize("text, reason", [
    ("[1, 2, 3]", "it is not a trainer record"),
    ('{"version": 1, "player": [1], "puzzles": {}, "attempts": []}', "its ratings or attempts are damaged"),
    ('{"version": 1, "player": {"rating": "x", "rd": 1, "volatility": 1}, "puzzles": {}, "attempts": []}',
     "its ratings or attempts are damaged"),
    ("\udcff not text", "it is not a JSON file"),
], ids=["list", "player-a-list", "rating-a-string", "not-text"])
def test_a_damaged_record_is_kept_aside_and_said_in_a_players_words(tmp_path, text, reason):
    path = tmp_path / "t.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    result = run("train", "--stats", "--store", path)
    [kept] = tmp_path.glob("t.json.broken-*")
    assert kept.read_bytes() == text.encode("utf-8", "surrogateescape") and not path.exists()
    assert result.stderr == (f"warning: the trainer record {path} cannot be read ({reason}); it is kept as {kept} "
                             "and a new record starts\n")
    assert "Rating 1500" in result.stdout


def test_a_fresh_record_saved_after_a_damaged_one_never_overwrites_it(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('{"version": 1, "player": {}}')
    trainer = Trainer.load(path)
    trainer.record("p", 1500, solved=True, themes=["dig"], kind="result")
    [kept] = tmp_path.glob("t.json.broken-*")
    assert kept.read_text() == '{"version": 1, "player": {}}' and len(Trainer.load(path).attempts) == 1


def test_a_record_that_cannot_be_opened_is_an_error_and_is_left_alone(tmp_path, monkeypatch):
    folder = tmp_path / "records"
    folder.mkdir()
    monkeypatch.setenv(STORE_ENV, str(folder))
    err = run("train", "--stats", code=2).stderr
    assert err == f"error: the trainer record {folder} cannot be read: Is a directory\n" and folder.is_dir()


def test_the_record_survives_a_kill_mid_write(tmp_path):
    """A process saving the record over and over is killed at random moments: what is left always reads."""
    path = tmp_path / "t.json"
    script = (f"from huolong.puzzles.trainer import Trainer\n"
              f"t = Trainer.load({str(path)!r})\n"
              f"for i in range(100000):\n"
              f"    t.record('p%d' % (i % 500), 1500, solved=i % 3 == 0, themes=['dig'] * 50, kind='result')\n")
    rng = random.Random(1)
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-c", script])
        deadline = time.monotonic() + 60
        while not path.exists() and time.monotonic() < deadline:  # the first save
            time.sleep(0.01)
        time.sleep(rng.random() * 0.5)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        trainer = Trainer.load(path)
        assert trainer.warning is None and trainer.attempts  # never half a file
    assert json.loads(path.read_text())["version"] == 1


def test_puzzles_near_the_players_rating_are_chosen_first(tmp_path):
    trainer = Trainer.load(tmp_path / "t.json")
    candidates = [(f"p{r}", float(r)) for r in range(800, 2401, 50)]
    picks = {candidates[trainer.choose(candidates, random.Random(s))][1] for s in range(30)}
    assert all(abs(r - trainer.player.rating) <= 250 for r in picks)


# -- the command -------------------------------------------------------------------------------


def one_puzzle(tmp_path, moves=1):
    from huolong.puzzles import parse_solution, side_moves

    pos = next(p for f in sorted((PUZZLES / "generated").glob("*.hl")) for p in read_file(f)
               if len(side_moves(p, parse_solution(p.tags["Solution"]))) == moves
               and len(parse_solution(p.tags["Solution"])) == 2 * moves - 1)
    path = tmp_path / "one.hl"
    path.write_text(write_position(pos))
    return path, pos


def test_train_accepts_the_right_answer_in_any_spelling_and_says_why(tmp_path, store):
    path, pos = one_puzzle(tmp_path)
    result = run("train", path, "--ascii", input=pos.tags["Solution"].lower() + "\n")
    assert "Right." in result.output and "Score: 1 of 1" in result.output
    assert "a result puzzle" in result.output and f"Why: {pos.tags['Why']}." in result.output


def test_train_draws_the_cards_of_why_as_the_diagram_does(tmp_path, store):
    path, pos = one_puzzle(tmp_path)
    answer = Play.parse(pos.tags["Solution"])
    result = run("train", path, "--no-color", input=pos.tags["Solution"] + "\n")
    drawn = " ".join(card_unicode(c) for c in answer.cards)
    assert f"Why: only {drawn} " in result.output


def test_train_refutes_a_wrong_answer(tmp_path, store):
    path, pos = one_puzzle(tmp_path)
    answer = pos.tags["Solution"]
    wrong = next(str(p) for p in pos.legal_plays() if str(p) != answer)
    result = run("train", path, "--ascii", input=f"XX\n{wrong}\n")
    assert "try again" in result.output and "Wrong." in result.output
    assert f"The answer was {answer}" in result.output and "Score: 0 of 1" in result.output


def test_a_wrong_later_move_is_explained_by_why_at_that_move_not_the_first(tmp_path, store):
    from huolong.puzzles import parse_solution
    from huolong.puzzles.trainer import why_at

    path, pos = one_puzzle(tmp_path, moves=2)
    first, reply, second = parse_solution(pos.tags["Solution"])
    at = pos.copy()
    at.play(first)
    at.play(reply)
    wrong = next(p for p in at.legal_plays() if p != second)
    result = run("train", path, "--ascii", input=f"{first}\n{wrong}\n")
    assert "Right." in result.output and "Wrong." in result.output
    sentence = why_at(pos, at)
    assert sentence is not None and sentence != pos.tags["Why"] and str(second) in sentence.split(";")[0]
    assert f"Why: {sentence}." in result.output and pos.tags["Why"] not in result.output


def test_train_remembers_the_player_across_runs(tmp_path, store):
    path, pos = one_puzzle(tmp_path)
    run("train", path, "--ascii", input=pos.tags["Solution"] + "\n")
    first = Trainer.load(store)
    assert len(first.attempts) == 1 and first.player.rating > 1500
    assert first.attempts[0].puzzle == puzzle_id(pos)
    result = run("train", path, "--ascii", input="q\n")
    assert f"yours {first.player.rating:.0f}" in result.output
    stats = run("train", "--stats").output
    assert f"Rating {round(first.player.rating)}" in stats and "1 attempts, 1 solved" in stats
    for theme in pos.tags["Theme"].split():
        assert theme in stats


def test_train_poses_result_puzzles_by_default_and_counting_ones_on_request(store):
    out = run("train", PUZZLES, "--ascii", "--seed", "1", input="q\n").output
    assert "a result puzzle" in out and "Stopped." in out
    out = run("train", PUZZLES, "--kind", "points", "--ascii", "--seed", "1", input="q\n").output
    assert "a counting puzzle" in out


def test_train_filters_by_theme_and_rating(store):
    out = run("train", PUZZLES, "--theme", "dig", "--rating", "800-1400", "--ascii", input="q\n").output
    assert "Puzzle 1 of" in out
    run("train", PUZZLES, "--rating", "3000-3100", code=2)


def test_train_warns_once_about_a_corrupt_record_and_starts_fresh(tmp_path, store):
    store.write_text("garbage")
    path, pos = one_puzzle(tmp_path)
    result = run("train", path, "--ascii", input=pos.tags["Solution"] + "\n")
    assert "warning: the trainer record" in result.output and "Traceback" not in result.output
    assert len(Trainer.load(store).attempts) == 1
