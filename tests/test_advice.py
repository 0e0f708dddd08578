"""Single-dummy advice: what the seat knows, samples, the race, the known-hands and forced cases."""

import json
import random
from pathlib import Path

import pytest
from cli_runner import run
from endgames import random_endgame

from huolong.engine import Position, read_file
from huolong.solver import solve
from huolong.analysis.advice import advise
from huolong.analysis.ranking import Settings
from huolong.solver.errors import SolverError
from huolong.solver.search import value_plays

EXAMPLES = Path(__file__).resolve().parent.parent / "puzzles" / "examples"


def example(name):
    [pos] = read_file(EXAMPLES / name)
    return pos


def values_of(advice):
    """Each play's value on the one sample (or every sample, when they are all the same deal)."""
    return {p.play: {(pts, dug, out) for pts, dug, out in zip(p.points, p.dug, p.outcomes)} for p in advice.plays}


def solver_values(pos):
    return {m.play: {(m.value.points, m.value.dug, str(m.value.outcome))} for m in solve(pos, "outcome").moves}


@pytest.mark.parametrize("name", ["dig-fight.hl", "keep-bottom.hl", "level-tie.hl", "pair-ruff.hl"])
def test_with_known_hands_the_advice_is_the_solvers_play_by_play(name):
    pos = example(name)
    advice = advise(pos, known=True)
    assert advice.samples == 1 and values_of(advice) == solver_values(pos)
    best = solve(pos, "outcome").value
    assert (advice.best.points[0], advice.best.dug[0]) == (best.points, best.dug)


def test_with_known_hands_random_endgames_match_the_solver():
    rng = random.Random(12)
    for _ in range(20):
        pos = random_endgame(rng, rng.randint(1, 3))
        if not pos.is_over():
            assert values_of(advise(pos, known=True)) == solver_values(pos)


def assert_double_dummy(pos):
    advice = advise(pos, samples=40, seed=3)
    dd = value_plays(pos, "outcome")
    assert len(advice.plays) > 1 and advice.samples >= 16
    for p in advice.plays:
        assert {(pts, dug) for pts, dug in zip(p.points, p.dug)} == {(dd[p.play].points, dd[p.play].dug)}
        assert p.dd == dd[p.play]


def test_when_the_hidden_hands_hold_copies_of_one_card_the_advice_is_double_dummy():
    """S, the dealer, plays last to the trick; E, N and W each hold one ♠5: one deal only."""
    pos = Position.from_hands(["AK.-.-.-", "5.-.-.-", "5.-.-.-", "5.-.-.-"], level="9", trump="C", dealer="S",
                              leader="E", bottom="KK.TT.-.-.BL", trick=["S4", "S3", "S6"])
    assert_double_dummy(pos)


def test_when_shown_voids_force_the_hidden_cards_the_advice_is_double_dummy():
    """E led a heart and N and W did not follow: of the ♥K and two ♠Q still out, E holds the ♥K."""
    pos = Position.from_hands(["-.A3.-.-", "-.K.-.-", "Q.-.-.-", "Q.-.-.-"], level="9", trump="C", dealer="S",
                              leader="E", bottom="KK.TT.-.-.BL", trick=["H5", "SA", "SJ"])
    assert_double_dummy(pos)


def test_samples_and_advice_do_not_depend_on_the_workers():
    pos = example("keep-bottom.hl")
    one = advise(pos, samples=24, seed=5, workers=1)
    two = advise(pos, samples=24, seed=5, workers=2)
    assert [(p.play, p.points, p.dug, p.outcomes) for p in one.plays] == \
        [(p.play, p.points, p.dug, p.outcomes) for p in two.plays]
    other = advise(pos, samples=24, seed=6, workers=1)
    assert [p.points for p in other.plays] != [p.points for p in one.plays]


def test_only_the_seat_to_play_can_be_advised():
    pos = example("dig-fight.hl")
    with pytest.raises(SolverError, match="turn"):
        advise(pos, seat=(pos.to_play + 1) % 4, samples=4)


def test_the_race_stops_once_no_play_can_beat_the_best_by_the_tolerance():
    pos = example("level-tie.hl")
    advice = advise(pos, samples=400, seed=1)
    # settled early: no other play can be better than the best by more than the tolerance, at 95 %
    assert advice.settled and advice.samples < 400
    assert all(p.score < advice.best.score for p in advice.plays[1:])


def test_every_play_on_every_deal_is_settled_too_when_the_numbers_say_so():
    """--all-samples values every play on every deal; the race's verdict is still given at the end."""
    pos = example("hand-record.hl").rewound(25, 3)  # W, whose ♥9 keeps the bottom and ♣2 gives it away
    advice = advise(pos, samples=64, seed=1, racing=False)
    assert all(p.samples == 64 for p in advice.plays)
    assert advice.settled and [p for p in advice.equally_good] == [advice.best]


def test_the_margin_is_in_levels_not_the_races_mixed_score():
    """The race's score adds the points' tie-break; "ahead by" is the mean level difference on shared deals."""
    pos = example("hand-record.hl").rewound(25, 1)
    advice = advise(pos, samples=64, seed=1, racing=False)
    best, second = advice.plays[0], advice.plays[1]
    assert advice.margin() == pytest.approx(best.levels - second.levels)
    assert advice.margin("points") == pytest.approx(sum(best.side_points) / 64 - sum(second.side_points) / 64)
    assert advice.margin() != pytest.approx(best.score - second.score)


# -- the command ----------------------------------------------------------------------


def test_advise_shows_only_what_the_seat_can_see():
    out = run("advise", EXAMPLES / "keep-bottom.hl", "--samples", "24", "--workers", "1", "--ascii").output
    pos = example("keep-bottom.hl")
    assert "As what N can see:" in out and "(3 cards)" in out
    assert "Bottom: hidden" in out and str(pos.hands[0]) not in out  # S's hand is not shown
    assert "strategy fusion" in out and "dd (true deal)" in out
    assert "Play " in out or "Best so far" in out


def test_advise_json_has_the_issue_keys():
    result = run("advise", EXAMPLES / "keep-bottom.hl", "--samples", "24", "--workers", "1", "--json")
    [data] = json.loads(result.stdout)
    assert {"event", "seat", "objective", "samples", "solved_exact", "seconds", "plays"} <= set(data)
    play = data["plays"][0]
    assert {"play", "samples", "mean_points", "points_se", "p_threshold", "p_dug", "swing", "swing_se", "outcomes",
            "dd"} <= set(play)
    assert data["seat"] == "N" and data["solved_exact"] == data["samples"] <= 24  # the race may settle sooner
    assert play["dd"]["outcome"] in {"attackers-take-deal", "attackers-up"}


def test_advise_a_record_before_a_trick_and_a_seat():
    result = run("advise", EXAMPLES / "hand-record.hl", "--trick", "25", "--seat", "E", "--samples", "16",
                 "--workers", "1", "--json")
    [data] = json.loads(result.stdout)
    assert data["seat"] == "E"
    record = example("hand-record.hl")
    cut = record.rewound(25, 1)
    assert {p["play"] for p in data["plays"]} == {str(p) for p in cut.legal_plays()}


@pytest.mark.parametrize("args, message", [
    (["--seat", "E"], "turn"),
    (["--trick", "3"], "hand record"),
])
def test_advise_rejects_a_seat_or_trick_that_does_not_fit(args, message):
    result = run("advise", EXAMPLES / "dig-fight.hl", *args, code=2)
    assert message in result.output and result.output.startswith("error: ")


def test_advise_a_deal_before_the_bury_points_to_bury():
    result = run("advise", EXAMPLES / "before-bury.hl", code=2)
    assert "huolong-solve bury" in result.output


def test_advise_a_position_with_unknown_hands_asks_for_the_record(tmp_path):
    text = (EXAMPLES / "keep-bottom.hl").read_text()
    deal = next(line for line in text.splitlines() if line.startswith("[Deal "))
    hidden = deal.split('"')[1].split()[0] + " - - -"
    path = tmp_path / "hidden.hl"
    path.write_text(text.replace(deal, f'[Deal "{hidden}"]'))
    result = run("advise", path, code=2)
    assert result.output.startswith(f"error: {path}:") and "hand record" in result.output


def test_review_with_advice_judges_each_play_on_the_players_information():
    result = run("review", EXAMPLES / "hand-record.hl", "--tricks", "2", "--advise", "--samples", "16",
                 "--workers", "1", "--json")
    [hand] = json.loads(result.stdout)
    for play in hand["plays"]:
        assert play["right_on_information"] == (play["play"] in play["advised_plays"])
        assert play["mistake"] == (not play["right_on_information"])


def test_a_double_dummy_mistake_right_on_the_players_information_is_not_called_a_mistake():
    """In the shipped example N's ♣J loses the result double-dummy, yet is among the best on what N saw."""
    args = ["review", EXAMPLES / "unlucky.hl", "--tricks", "5", "--advise", "--samples", "48", "--workers", "1"]
    out = run(*args, "--ascii").output
    lines = out.splitlines()
    at = next(i for i, row in enumerate(lines) if row.startswith("24") and " N " in row)
    end = next((i for i in range(at + 1, len(lines)) if lines[i][:1].strip()), len(lines))
    row = " ".join(lines[at:end]).split()  # the table wraps long cells onto the lines below the row's first
    assert "CJ" in row and {"worse", "result", "unlucky:", "right", "could", "see"} <= set(row)
    [hand] = json.loads(run(*args, "--json").stdout)
    cj = next(p for p in hand["plays"] if p["trick"] == 24 and p["seat"] == "N")
    assert cj["worse_result"] and cj["right_on_information"] and not cj["mistake"]


def test_advice_cancelled_from_another_thread_returns_the_rounds_it_finished():
    import threading

    from huolong.solver import StopToken

    [pos] = read_file(EXAMPLES / "keep-bottom.hl")
    token = StopToken()
    rounds = []

    def on_round(advice):
        rounds.append(advice.to_dict())
        if len(rounds) == 2:
            threading.Thread(target=token.cancel).start()

    advice = advise(pos, samples=10_000, seed=3, racing=False, stop=token, on_round=on_round,
                    settings=Settings(first_round=4))
    assert advice.interrupted and advice.samples == rounds[-1]["samples"] >= rounds[0]["samples"]
    assert len(rounds) in (2, 3)
    assert [p["play"] for p in advice.to_dict()["plays"]] == [p["play"] for p in rounds[-1]["plays"]]


def test_each_round_reports_the_ranking_the_answer_would_give():
    [pos] = read_file(EXAMPLES / "keep-bottom.hl")
    rounds = []
    advice = advise(pos, samples=64, seed=2, on_round=rounds.append)
    assert rounds and rounds[-1].to_dict()["plays"] == advice.to_dict()["plays"]
