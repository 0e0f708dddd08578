"""The whole-hand review (issue 52): every decision judged on what its player could see — the classes
and their thresholds, the noise guard, the bury, the double-dummy verdict beside it, the summary, the
same answer wherever it runs, and the command line in both languages."""

from __future__ import annotations

import json
import math

import pytest

from cli_runner import run
from planted import candidates, choose, play_on, tail

from huolong.analysis.hand_review import (BuryJudgement, ReviewSettings, before_bury, bury_task, judge_task,
                                          review_hand)
from huolong.analysis.judge import (GRADES, NO_LOSS, JudgeSettings, Loss, grade, judge)
from huolong.analysis.hand_review import accuracy, summarise
from huolong.analysis.review import recorded_plays
from huolong.cli.render import width
from huolong.engine import Hand, Play, read_file, read_positions, write_position
from huolong.solver.jobs import Workers

EXAMPLES = "puzzles/examples"
QUICK = ReviewSettings(judge=JudgeSettings(samples=32, confirm=128))


@pytest.fixture(scope="module")
def record():
    [rec] = read_file(f"{EXAMPLES}/hand-record.hl")
    return rec


@pytest.fixture(scope="module")
def last_tricks(record):
    return tail(record, 20)


# -- the classes -------------------------------------------------------------------------------------


def loss(levels=0.0, levels_se=0.0, points=0.0, points_se=0.0):
    return Loss(levels, levels_se, points, points_se, levels, levels_se, 256)


def test_good_is_a_loss_surely_there_and_surely_under_an_inaccuracy():
    assert grade(loss(0.07, 0.005)) == "good"
    assert grade(loss(0.07, 0.02)) == "best"  # 0.03 … 0.11: the noise cannot place it


def test_a_loss_within_the_noise_is_best():
    """The lower end of the loss's 95 % interval decides: 0.2 ± 0.2 levels may be nothing."""
    assert grade(loss(0.2, 0.2, 4.0, 3.0)) == "best" and grade(loss(0.05, 0.03)) == "best"


def test_inaccuracy_mistake_blunder_by_the_levels_lost():
    assert [grade(loss(x, 0.01, 5.0, 1.0)) for x in (0.13, 0.28, 0.53, 1.0)] == [
        "inaccuracy", "mistake", "blunder", "blunder"]


def test_the_class_is_read_at_the_lower_end_of_the_interval():
    assert grade(loss(0.3, 0.05)) == "inaccuracy" and grade(loss(0.3, 0.01)) == "mistake"


def test_where_the_result_is_not_at_stake_the_points_decide_and_at_most_an_inaccuracy():
    """A ten thrown into a lost trick that changes the result on no deal: an inaccuracy, never a mistake."""
    assert grade(loss(0.0, 0.0, 10.0, 0.5)) == "inaccuracy"
    assert grade(loss(0.0, 0.0, 80.0, 2.0)) == "inaccuracy"
    assert grade(loss(0.0, 0.0, 4.5, 0.5)) == "good"  # a lone 5: under the line
    assert grade(loss(0.0, 0.0, 1.0, 0.2)) == "best"


def test_a_ten_thrown_into_the_opponents_trick_is_an_inaccuracy_once_beyond_the_noise():
    """A gift: the card might have been lost later anyway (4–10 points on average), yet it is marked."""
    assert grade(loss(0.0, 0.0, 5.0, 0.5)) == "best"  # not surely under the 6-point line: not told apart
    from huolong.analysis.judge import classify

    assert classify(loss(0.0, 0.0, 5.0, 0.5), gift=True) == ("inaccuracy", "points")
    assert classify(loss(0.0, 0.0, 5.0, 2.5), gift=True)[0] != "inaccuracy"  # within the noise: not marked


def test_a_points_only_study_classes_by_points():
    assert [grade(loss(0.0, 0.0, x, 0.2), "points") for x in (1.0, 4.0, 7.0, 20.0, 45.0)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"]


def test_accuracy_is_100_for_a_best_play_and_falls_with_the_loss_in_its_measure():
    assert accuracy("best", loss(1.0, 0.0, 30.0)) == 100.0
    assert round(accuracy("mistake", loss(0.25))) == 61 and round(accuracy("blunder", loss(1.0))) == 14
    assert round(accuracy("inaccuracy", loss(0.0, 0.0, 10.0), "points")) == 78


def test_a_forced_play_gets_no_class():
    [pos] = read_positions('''
[Level "3"]
[Trump "H"]
[Dealer "N"]
[Leader "S"]
[Bottom "K5.-.T4.43"]
[Deal "S:A.-.-.- K.-.-.- Q.-.-.- 5.-.-.-"]''')
    judged = judge(pos, Play.parse("SA"))
    assert judged.forced and judged.grade is None and judged.value is None


def test_a_play_not_legal_is_refused(record):
    pos = record.start()
    with pytest.raises(ValueError, match="not a legal play"):
        judge(pos, Play.parse("S2 S2 S2"))


# -- is the verdict right? -------------------------------------------------------------------------


def test_a_ten_thrown_to_the_opponents_early_is_marked(record):
    """A planted blunder: a 10 or a K thrown into a trick the opponents have already won, with a
    pointless card legal, in the first half of the hand."""
    early = [c for c in candidates(record) if c.planted.points >= 10 and c.before.cards_left >= 20]
    assert early
    judged = judge(early[0].before, early[0].planted, seed=1, ply=early[0].ply, trick=early[0].trick)
    assert judged.grade in ("inaccuracy", "mistake", "blunder")
    assert judged.loss.score >= 2 * judged.loss.score_se and judged.confirmed
    assert judged.best != early[0].planted


def test_the_best_play_of_a_position_judged_on_its_own_information_is_best(record):
    pos = record.start()
    for play in list(record.history[0].plays)[:1]:
        judged = judge(pos, play, settings=JudgeSettings(samples=16))
        best = judge(pos, judged.best, settings=JudgeSettings(samples=16))
        assert best.grade == "best"


def test_the_hint_and_the_review_agree_on_the_best_play(record):
    """One verdict per position: the play ``advise`` (the hint, the board) ranks first is the review's best
    play there, and the review calls it best; the made play is judged against that same play."""
    from huolong.analysis.advice import advise

    pos = record.start()
    checked = 0
    for ply, (trick, play) in enumerate(recorded_plays(record)[:12]):
        if len(pos.legal_plays()) > 1:
            hint = advise(pos, seed=1, true_values=False)
            assert judge(pos, hint.best.play, seed=1, ply=ply, trick=trick).grade == "best"
            made = judge(pos, play, seed=1, ply=ply, trick=trick)
            assert made.best == hint.best.play and made.grade in GRADES
            checked += 1
        pos.play(play)
    assert checked >= 8


def test_the_deals_are_keyed_on_what_the_seat_knows_not_on_the_command(record):
    """A position read alone (advise --trick) and the same position reached in the review share their deals."""
    from huolong.analysis.deals import Deals

    pos = record.start()
    for play in [p for _t, p in recorded_plays(record)][:9]:
        pos.play(play)
    alone = record.rewound(3, pos.to_play)
    a, b = Deals(pos, seed=1), Deals(alone, seed=1)
    assert a.key == b.key and a.deal(5).hands == b.deal(5).hands
    assert Deals(pos, seed=2).deal(5).hands != a.deal(5).hands


def test_a_planted_record_is_played_on_to_its_end(record):
    candidate = choose(record, 3)
    played = play_on(record, candidate, 3)
    assert played.is_over() and "Planted" in played.tags
    [back] = read_positions(write_position(played))  # a valid record: the reader checks its Result tag
    assert back.is_over()


def test_a_plays_verdict_depends_only_on_the_position_before_it(last_tricks):
    """So the review of a record and the judgement of one of its plays agree, whatever comes after."""
    whole = review_hand(last_tricks, QUICK)
    judged = next(p for p in whole.plays if p.judgement.grade is not None)
    j = judged.judgement
    pos = last_tricks.start()
    for _ in range(j.ply):
        pos.play(whole.plays[_].judgement.play)
    alone = judge_task(pos, j.play, j.ply, j.trick, QUICK).judgement
    assert alone.to_dict() == j.to_dict()


# -- the hand -------------------------------------------------------------------------------------


def test_every_play_of_the_record_is_judged_in_order(last_tricks):
    verdict = review_hand(last_tricks, QUICK)
    plays = [p.judgement for p in verdict.plays]
    assert [str(j.play) for j in plays] == [str(p) for t in last_tricks.history for p in t.plays]
    assert [j.ply for j in plays] == list(range(len(plays))) and verdict.complete
    assert all(j.grade in (*GRADES, None) for j in plays)


def test_the_double_dummy_verdict_stands_beside_it_where_the_hands_are_small(last_tricks):
    verdict = review_hand(last_tricks, QUICK)
    assert all(p.dd is not None and p.dd.solved for p in verdict.plays)  # 7 cards a hand at most
    for p in verdict.plays:
        if p.dd_verdict == "lucky":
            assert not p.dd.dd_mistake and p.judgement.grade in ("inaccuracy", "mistake", "blunder")
        if p.dd_verdict == "unlucky":
            assert p.dd.dd_mistake and p.judgement.grade in ("best", "good")


def test_the_summary_counts_equal_the_marks(last_tricks):
    verdict = review_hand(last_tricks, QUICK)
    summary = verdict.summary()
    for seat in "SENW":
        mine = [p.judgement for p in verdict.plays if "SENW"[p.judgement.seat] == seat]
        assert summary[seat].forced == sum(j.grade is None for j in mine)
        for g in GRADES:
            assert summary[seat].counts[g] == sum(j.grade == g for j in mine)
    assert summary["S–N"].decisions == summary["S"].decisions + summary["N"].decisions


def test_levels_and_points_lost_are_the_losses_of_the_marked_plays(last_tricks):
    verdict = review_hand(last_tricks, QUICK)
    summary = summarise(verdict.plays, None)
    marked = [p.judgement for p in verdict.plays if p.judgement.flagged]
    assert math.isclose(summary["S–N"].levels_lost + summary["E–W"].levels_lost,
                        sum(max(0, j.loss.levels) for j in marked if j.scale == "levels"))
    assert math.isclose(summary["S–N"].points_lost + summary["E–W"].points_lost,
                        sum(max(0, j.loss.points) for j in marked if j.scale == "points"))


def test_a_sides_points_lost_never_exceed_what_it_had_at_stake(last_tricks):
    """The dealer team cannot give away more points than the attackers ended with."""
    verdict = review_hand(last_tricks, QUICK)
    plays = list(verdict.plays)
    fake = Loss(0.0, 0.0, 500.0, 1.0, 0.0, 0.0, 256)
    from dataclasses import replace

    dealer_side = [p for p in plays if not last_tricks.is_attacker(p.judgement.seat)][:1]
    for p in dealer_side:
        plays[plays.index(p)] = replace(p, judgement=replace(p.judgement, grade="inaccuracy", scale="points", loss=fake))
    summary = summarise(plays, None, last_tricks)
    side = "S–N" if last_tricks.dealer % 2 == 0 else "E–W"
    assert summary[side].points_lost == last_tricks.points
    assert summarise(plays, None)[side].points_lost >= 500


def test_the_same_seed_gives_the_same_review_on_one_process_or_two(last_tricks):
    one = review_hand(last_tricks, QUICK).to_dict()
    with Workers(2) as pool:
        two = review_hand(last_tricks, QUICK, pool=pool).to_dict()
    assert one == two
    other = review_hand(last_tricks, ReviewSettings(seed=2, judge=QUICK.judge)).to_dict()
    assert [p["play"] for p in other["plays"]] == [p["play"] for p in one["plays"]]


def test_tricks_are_reported_in_order_as_they_complete(last_tricks):
    seen: list[int] = []
    with Workers(2) as pool:
        review_hand(last_tricks, QUICK, pool=pool, on_trick=lambda n, plays: seen.append(n))
    assert seen == list(range(1, len(last_tricks.history) + 1))


def test_a_stop_keeps_the_tricks_judged(last_tricks):
    from huolong.solver import StopToken

    token = StopToken()
    verdict = review_hand(last_tricks, QUICK, stop=token, on_trick=lambda n, plays: token.cancel() if n == 2 else None)
    assert not verdict.complete and len(verdict.plays) == 8


# -- the bury -------------------------------------------------------------------------------------


def test_a_record_without_its_kitty_has_no_bury_judged(last_tricks):
    assert before_bury(last_tricks) is None
    assert review_hand(last_tricks, QUICK).bury_note == "not-from-the-start"


def test_the_deal_before_the_bury_is_rebuilt_from_hand_bottom_and_kitty(record):
    deal = before_bury(record)
    start = record.start()
    assert deal.is_before_bury and deal.kitty == start.kitty
    assert deal.hands[deal.dealer] + deal.kitty == start.hands[start.dealer] + start.bottom


def test_burying_the_big_trumps_and_the_points_is_marked(record):
    """A planted bad bury: the dealer's jokers and best trumps and its points go to the bottom."""
    start = record.start()
    held = start.hands[start.dealer] + start.bottom
    order = start.order
    worst = sorted(held, key=lambda c: (-order.is_trump(c), -order.power(c) if order.is_trump(c) else 0))[:6]
    bad = start.copy()
    bad.bottom = Hand.from_cards(worst)
    bad.hands[bad.dealer] = held - bad.bottom
    bad.history, bad.trick = [], []
    judged = bury_task(bad, ReviewSettings(bury_samples=64))
    assert isinstance(judged, BuryJudgement) and judged.made == bad.bottom
    assert judged.grade in ("mistake", "blunder") and judged.loss.levels > 0


def test_the_bury_made_is_among_the_candidates(record):
    judged = bury_task(record, ReviewSettings(bury_samples=32))
    assert any(c.bury == record.start().bottom for c in judged.candidates)
    assert judged.to_dict()["class"] in GRADES


# -- the command line -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tail_file(tmp_path_factory, last_tricks):
    path = tmp_path_factory.mktemp("review") / "tail.hl"
    path.write_text(write_position(last_tricks))
    return path


def test_review_all_gives_every_play_a_sentence(tail_file, last_tricks):
    result = run("review", tail_file, "--all", "--samples", "16", "--workers", "1", "--no-color")
    out = result.stdout
    assert "Every decision judged on what its player could see" in out
    plays = [line for line in out.splitlines() if line.startswith("Trick ")]
    assert len(plays) == sum(len(t.plays) for t in last_tricks.history)
    assert "who" in out and "accuracy" in out and "E–W" in out and "levels lost" in out
    assert "The bury is not judged: the record does not start at the first trick." in out
    assert max(width(line) for line in out.splitlines()) <= 100


def test_review_json_has_a_class_and_loss_for_every_play(tail_file):
    [hand] = json.loads(run("review", tail_file, "--json", "--samples", "16", "--workers", "1").stdout)
    assert set(hand) >= {"plays", "bury", "bury_note", "summary", "method", "complete"}
    for p in hand["plays"]:
        assert {"trick", "seat", "play", "class", "loss", "loss_se", "best_play", "value", "dd"} <= set(p)
        assert p["class"] in (*GRADES, None)
    assert set(hand["summary"]) == {"S", "E", "N", "W", "S–N", "E–W"}


def test_review_json_is_the_same_whatever_the_workers(tail_file):
    args = ("review", tail_file, "--json", "--samples", "16", "--seed", "4")
    assert run(*args, "--workers", "1").stdout == run(*args, "--workers", "2").stdout


def test_review_seat_lists_only_that_seats_plays(tail_file):
    out = run("review", tail_file, "--all", "--seat", "W", "--samples", "16", "--workers", "1").stdout
    lines = [line for line in out.splitlines() if line.startswith("Trick ")]
    assert lines and all(line.split()[2] == "W" for line in lines)


def test_review_in_chinese_speaks_the_players_words(tail_file):
    out = run("review", tail_file, "--all", "--samples", "16", "--workers", "1", "--lang", "zh").stdout
    assert "每个决定都按出牌者当时所见来评判" in out and "准确率" in out and "抓分方" in out
    assert "Every decision" not in out and "accuracy" not in out


@pytest.mark.parametrize("option", ["--advise", "--estimate=4", "--plays=optimal"])
def test_the_double_dummy_options_need_tricks(tail_file, option):
    result = run("review", tail_file, option, code=2)
    assert result.stderr.startswith("error: ") and "works with --tricks N" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_bad_seat_is_one_line_and_exit_2(tail_file):
    result = run("review", tail_file, "--seat", "X", code=2)
    assert result.stderr.startswith("error: --seat:") and "Traceback" not in result.stderr


def test_the_loss_type_is_exported():
    assert NO_LOSS.samples == 0 and isinstance(NO_LOSS, Loss)
