"""huolong-solve play and review, driven as a user would."""

import json
import os
import subprocess
import sys
from pathlib import Path

from cli_runner import interrupted, run
from huolong.engine import read_file


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
