"""The huolong-solve command: text output, JSON output and errors."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run
from numba import njit

from huolong.cli.common import COMPILE_NOTICE, StatusLine
from huolong.engine import read_file, seat_name
from huolong.solver import solve

EXAMPLES = Path(__file__).resolve().parent.parent / "puzzles" / "examples"
DIG = str(EXAMPLES / "dig-fight.hl")
ANSI = "\x1b["


def test_under_the_result_objective_a_play_keeps_the_result_or_gives_a_worse_one():
    out = run(DIG, "--ascii", "--objective", "result", "--no-line").output
    cells = [re.split(r"\s{2,}", line.strip()) for line in out.splitlines() if line.startswith(("S4", "DK"))]
    # DK DK reaches 10 more points than the others but no dig: a worse result, not "+10"
    assert {row[0]: row[-1] for row in cells} == {"S4": "best", "DK": "best", "DK DK": "worse result"}


def test_solve_is_the_default_command():
    def body(out):
        return out.rsplit("nodes in", 1)[0]

    assert body(run(DIG).output) == body(run("solve", DIG).output)


def test_text_output_has_diagram_sentence_table_and_line():
    out = run(DIG, "--ascii").output
    assert "Level Q, trump C." in out
    assert "W to lead" in out
    assert "Best play: the attackers reach 175 and dig the bottom" in out
    assert "DK DK" in out and "worse result" in out  # 10 more points, but no dig
    assert "Best line:" in out
    lines = out.splitlines()
    north = next(i for i, line in enumerate(lines) if line.strip().startswith("N"))
    south = next(i for i, line in enumerate(lines) if line.strip().startswith("S") and i > north)
    assert north < south


def test_no_line_leaves_out_the_line():
    assert "Best line:" not in run(DIG, "--no-line").output


def test_ascii_and_symbols():
    assert "♣" in run(DIG, "--no-color").output
    ascii_out = run(DIG, "--ascii").output
    assert not any(symbol in ascii_out for symbol in "♠♥♦♣★")
    assert "T* " in ascii_out and "S: DK DK" not in ascii_out


def test_colour_is_on_where_forced_and_no_color_turns_it_off():
    forced = {"FORCE_COLOR": "1", "NO_COLOR": ""}
    assert ANSI in run(DIG, env=forced, color=True).output  # red suits and jokers
    assert ANSI not in run(DIG, env={**forced, "NO_COLOR": "1"}, color=True).output
    assert ANSI not in run(DIG, "--no-color", env=forced, color=True).output


def test_json_matches_the_python_api():
    result = run(DIG, "--json", "--objective", "outcome")
    [data] = json.loads(result.stdout)
    assert set(data) == {"event", "to_play", "objective", "plays", "value", "moves", "line", "nodes", "seconds"}
    [pos] = read_file(DIG)
    analysis = solve(pos, "outcome")
    assert data["to_play"] == seat_name(pos.to_play) == "W"
    assert data["value"] == {"points": analysis.value.points, "dug": analysis.value.dug,
                             "outcome": analysis.value.outcome.name, "levels": analysis.value.outcome.levels}
    assert [(m["play"], m["points"], m["dug"]) for m in data["moves"]] == [
        (str(m.play), m.value.points, m.value.dug) for m in analysis.moves]
    assert [t["plays"] for t in data["line"]] == [[str(p) for p in t.plays] for t in analysis.line]
    assert all(set(m) == {"play", "points", "dug", "outcome", "levels"} for m in data["moves"])


def test_json_points_objective():
    [data] = json.loads(run(DIG, "--json", "--objective", "points").stdout)
    assert data["value"]["points"] == 185 and data["value"]["dug"] is False
    assert data["moves"][0]["play"] == "DK DK"


def test_position_option_picks_one_position(tmp_path):
    path = tmp_path / "two.hl"
    path.write_text((EXAMPLES / "dig-fight.hl").read_text() + "\n" + (EXAMPLES / "level-tie.hl").read_text())
    data = json.loads(run(str(path), "--json").stdout)
    assert len(data) == 2
    [second] = json.loads(run(str(path), "--json", "--position", "2").stdout)
    assert second == {**data[1], "nodes": second["nodes"], "seconds": second["seconds"]}


def test_standard_input_is_read_with_a_dash():
    result = run("-", "--json", input=(EXAMPLES / "level-tie.hl").read_text())
    assert json.loads(result.stdout)[0]["to_play"] == "S"


def test_rules_option_overrides_the_file():
    strict = json.loads(run(str(EXAMPLES / "strict-follow.hl"), "--json", "--no-line").stdout)[0]
    free = json.loads(run(str(EXAMPLES / "strict-follow.hl"), "--json", "--no-line", "--rules", "standard").stdout)[0]
    assert (strict["value"]["points"], free["value"]["points"]) == (195, 190)


def test_malformed_file_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "bad.hl"
    path.write_text('[Level "3"]\n[Trump "H"]\n[Dealer "N"]\n[Leader "S"]\n[Bottom "K5.-.T4.43"]\n'
                    '[Deal "S:AA.2.-.-.B K.T5.-.3 Q.A.-.-.LL 55.K.3.SX"]\n')
    result = run(str(path), code=2)
    assert result.output == f"error: {path}:6: invalid rank 'S' in hand string '55.K.3.SX'\n"


def test_missing_file_is_exit_2(tmp_path):
    result = run(str(tmp_path / "nope.hl"), code=2)
    assert result.output == f"error: {tmp_path / 'nope.hl'}: No such file or directory\n"


@pytest.mark.parametrize("text", ["", "% only a comment\n; and another\n\n"])
def test_a_file_with_no_position_is_exit_2(tmp_path, text):
    path = tmp_path / "empty.hl"
    path.write_text(text)
    assert run(str(path), code=2).output == f"error: {path}: no position in the file\n"


def test_a_deal_before_the_bury_points_to_the_bury_command():
    result = run(str(EXAMPLES / "before-bury.hl"), code=2)
    assert "before the bury" in result.output and "huolong-solve bury" in result.output


def test_bad_rules_option_is_exit_2():
    result = run(DIG, "--rules", "standard follow=sometimes", code=2)
    assert result.output.startswith("error: --rules: invalid value 'sometimes'")


@pytest.mark.parametrize("args", [["--max-nodes", "9223372036854775808"], ["--threads", "99999999999999999999"],
                                  ["review", DIG, "--max-nodes", "99999999999999999999999"],
                                  ["play", "--seed", "-99999999999999999999999"]])
def test_a_number_too_large_for_the_kernel_is_one_line_and_exit_2(args):
    result = run(*args if args[0] in ("review", "play") else [DIG, *args], code=2)
    assert result.output.startswith("error: Invalid value for ") and "is too large: at most" in result.output
    assert result.output.count("\n") == 1


def test_a_chosen_position_is_titled_with_its_number_in_the_file(tmp_path):
    path = tmp_path / "two.hl"
    text = Path(DIG).read_text()
    path.write_text(text + "\n" + text)
    out = run(str(path), "--position", "2", "--no-line").output
    assert out.startswith(f"Position 2 ({path}:")
    assert "Position 1 of 1" not in out


def test_max_nodes_stops_with_exit_3():
    result = run(DIG, "--max-nodes", "3", code=3)
    assert "node limit" in result.output


@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"]])
def test_help_has_examples(args):
    out = run(*args).output
    assert "Examples:" in out


def test_a_misspelt_tag_is_one_warning_line_and_the_solve_goes_on(tmp_path):
    typo = tmp_path / "typo.hl"
    typo.write_text((EXAMPLES / "dig-fight.hl").read_text().replace("[Points", "[Poinst"))
    proc = subprocess.run([sys.executable, "-m", "huolong.cli.main", str(typo), "--json"], capture_output=True, text=True)
    assert proc.returncode == 0 and json.loads(proc.stdout)[0]["value"]
    said = [line for line in proc.stderr.splitlines() if not line.startswith("(compiling")]  # a first run's notice
    assert said == [f"warning: {typo}:10: tag [Poinst] is not one the program reads (kept as it "
                                        "is); did you mean [Points]?"]


def test_console_script_never_prints_a_traceback(tmp_path):
    path = tmp_path / "bad.hl"
    path.write_text('[Level "3"]\n[Level "4"]\n')
    empty = tmp_path / "empty.hl"
    empty.write_text("% nothing here\n")
    before = str(EXAMPLES / "before-bury.hl")
    for args in ([str(path)], ["--objective", "nonsense", str(path)], [str(tmp_path)], [str(empty)], [before],
                 ["review", before], ["puzzle", "check", str(empty)]):
        proc = subprocess.run([sys.executable, "-m", "huolong.cli.main", *args], capture_output=True, text=True)
        assert proc.returncode == 2, (args, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith("error: ")


def test_no_arguments_prints_the_help():
    proc = subprocess.run([sys.executable, "-m", "huolong.cli.main"], capture_output=True, text=True)
    assert proc.returncode == 0 and "Usage: huolong-solve" in proc.stdout


def test_a_finished_hand_record_shows_its_result(tmp_path):
    path = tmp_path / "record.hl"
    path.write_text('[Level "3"]\n[Trump "H"]\n[Dealer "S"]\n[Bottom "-.-.-.443322"]\n'
                    '[Deal "S:AK.-.-.- Q5.-.-.- JT.-.-.- 98.-.-.-"]\n[Play "S"]\n'
                    "S: SA, S5, SJ, S9\nS: SK, SQ, ST, S8\n")
    out = run(str(path)).output
    assert "The hand is over (2 tricks recorded)." in out
    assert "Result: the attackers finished with 0" in out and "dealer team wins the game outright" in out


def test_plays_optimal_marks_every_play_and_values_only_the_optimal_ones():
    [data] = json.loads(run(DIG, "--json", "--plays", "optimal").stdout)
    assert data["plays"] == "optimal" and len(data["moves"]) == 3
    for move in data["moves"]:
        assert ("points" in move) == move["optimal"]
    assert {m["play"] for m in data["moves"] if m["optimal"]} == {"S4", "DK"}  # both dig (the dig fight)


def test_plays_best_gives_one_best_play():
    [data] = json.loads(run(DIG, "--json", "--plays", "best", "--no-line").stdout)
    [move] = data["moves"]
    assert move["play"] in {"S4", "DK"} and move["optimal"] and data["value"]["dug"]
    text = run(DIG, "--plays", "best", "--ascii").output
    assert "A best play of W" in text


def test_threads_give_the_same_values():
    one = json.loads(run(DIG, "--json", "--threads", "1").stdout)[0]
    two = json.loads(run(DIG, "--json", "--threads", "2").stdout)[0]
    assert one["moves"] == two["moves"] and one["value"] == two["value"]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_long_solve_shows_a_status_line_on_a_terminal_and_erases_it(monkeypatch):
    monkeypatch.setattr(sys, "stderr", Terminal())
    with StatusLine("solving position 1 of 1") as status:
        status(1_500_000)
    status(2_000_000)  # a report from the watcher thread that comes after the solve: dropped
    shown = sys.stderr.getvalue()
    assert "solving position 1 of 1: 1.5 M nodes" in shown and "2.0 M" not in shown
    assert shown.endswith("\r" + " " * len(shown.split("\r")[1]) + "\r")


def test_no_status_line_when_stderr_is_not_a_terminal(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    status = StatusLine("solving")
    status(1_500_000)
    status.close()
    assert sys.stderr.getvalue() == ""


def fresh_function(module: str):  # type: ignore[no-untyped-def]
    """A function Numba has never compiled, as if defined in ``module``."""
    def add(x):  # type: ignore[no-untyped-def]
        return x + 1
    add.__module__ = module
    return njit(add)


def test_compiling_the_kernel_is_announced_once_and_other_compiles_are_not(capsys, monkeypatch):
    monkeypatch.setattr(COMPILE_NOTICE, "said", False)  # as in a new process
    fresh_function("elsewhere")(1)
    assert "compiling" not in capsys.readouterr().err
    fresh_function("huolong.solver.kernel.moves")(1)
    fresh_function("huolong.solver.kernel.search")(1)
    assert capsys.readouterr().err.count("compiling the solver's kernel") == 1


def test_json_of_a_stopped_solve_says_what_it_had_finished_and_proved(tmp_path):
    import random

    from endgames import random_endgame
    from huolong.engine import write_position

    path = tmp_path / "big.hl"
    path.write_text(write_position(random_endgame(random.Random(11), 20, kinds=54)))
    [data] = json.loads(run(path, "--json", "--max-nodes", "300000", code=3).stdout)
    assert data["to_play"] and data["objective"] == "outcome" and data["plays"] == "all"
    stopped = data["stopped"]
    assert stopped["reason"] == "node limit" and stopped["nodes"] >= 300_000
    assert set(stopped) == {"reason", "nodes", "finished", "at_least", "at_most", "moves"}
    for move in stopped["finished"]:
        assert set(move) >= {"play", "points", "dug", "outcome"}
    # every legal play with its proven interval (each end a value or null)
    assert len(stopped["moves"]) == len({m["play"] for m in stopped["moves"]}) > 1
    for move in stopped["moves"]:
        assert set(move) == {"play", "at_least", "at_most", "exact", "proven_worse", "proven_best", "worse_result",
                             "loss_at_least", "leads"}


def test_a_stopped_solve_prints_every_plays_proven_interval(tmp_path):
    """The text of a stopped solve: a table of each play's bounds and what they prove."""
    import random

    from endgames import random_endgame
    from huolong.engine import write_position

    path = tmp_path / "big.hl"
    path.write_text(write_position(random_endgame(random.Random(11), 12, kinds=54)))
    out = run(path, "--max-nodes", "100000", "--objective", "points", code=3).stdout
    assert "What was proved of each play before the stop:" in out
    assert "at least (points)" in out and "at most (points)" in out


def _wide_verdict():
    """A reviewed hand whose plays are long throws, with every column of the table at its widest."""
    from huolong.analysis.hand_review import HandVerdict, JudgedPlay, ReviewSettings
    from huolong.analysis.judge import Judgement, Loss
    from huolong.analysis.review import PlayReview
    from huolong.engine import Outcome, Play
    from huolong.solver.values import Value

    [rec] = read_file(EXAMPLES / "hand-record.hl")
    made, best = Play.parse("SA SK SK SQ SJ SJ ST ST S9 S9"), Play.parse("HA HK HK HQ HJ HJ HT HT H9 H9")
    value = Value(100, False, Outcome("attackers-up", 1))
    plays = [JudgedPlay(Judgement(seat, 3, seat, made, "levels", grade, best, Loss(123.4, 12.3, 123.4, 12.3, 1.25, 0.25,
                                                                                    128), True, ()),
                        PlayReview(3, seat, made, value, value, (best,), dd_loss, worse))
             for seat, (grade, dd_loss, worse) in enumerate([("blunder", 185, False), ("mistake", 0, False),
                                                             ("best", 0, True), ("inaccuracy", 20, True)])]
    return HandVerdict(rec, ReviewSettings(), plays, None, "no-kitty"), made


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_whole_hand_review_fits_100_columns_with_long_throws(lang):
    from huolong.cli.render import Style, width
    from huolong.cli.review import whole_text
    from huolong.i18n import use

    verdict, made = _wide_verdict()
    with use(lang):
        text = whole_text(verdict, Style(color=True, ascii=False), show_all=True)
    assert max(width(line) for line in text.splitlines()) <= 100
    import click

    assert click.unstyle(text).count("♠10") == 2 * len(verdict.plays)  # every card of every throw is still there


def test_the_whole_hand_reviews_summary_counts_equal_the_marks_in_its_table():
    import dataclasses

    from huolong.analysis.hand_review import BuryJudgement
    from huolong.analysis.judge import Loss
    from huolong.cli.render import Style
    from huolong.cli.review import whole_text
    from huolong.engine import Hand

    verdict, _made = _wide_verdict()
    dealer = verdict.record.dealer
    hand = sorted(verdict.record.start().hands[dealer])
    bury = BuryJudgement(dealer, Hand.from_cards(hand[:6]), Hand.from_cards(hand[6:12]), "mistake",
                         Loss(0.5, 0.05, 0.0, 0.0, 0.5, 0.05, 400), True, ())
    verdict = dataclasses.replace(verdict, bury=bury)
    lines = whole_text(verdict, Style(color=False, ascii=True), show_all=False).splitlines()
    grades = "(best|good|inaccuracy|mistake|blunder|forced)"
    marks = [(seat_name(dealer), re.search(rf"Bury by .*? — {grades}:", " ".join(lines)).group(1))]
    for line in lines:
        if line.startswith("Trick "):
            marks.append((line.split()[2], re.search(rf": {grades}\b", line).group(1)))
    assert marks[0][1] == "mistake"
    first = next(i for i, line in enumerate(lines) if line.startswith("who")) + 2
    for row in lines[first:first + 4]:
        seat, _accuracy, _best, _good, *counts = re.split(r"\s{2,}", row)[:7]
        marked = [grade for who, grade in marks if who == seat.split()[0]]
        assert [int(n) for n in counts] == [marked.count(g) for g in ("inaccuracy", "mistake", "blunder")], row


@pytest.mark.parametrize("lang, said", [("en", "  Not legal: ♥K is not in the hand; try again."),
                                        ("zh", "  不合规则：手里没有 ♥K；请再试。")])
def test_a_typed_play_not_in_the_hand_is_named_as_players_write_cards(lang, said):
    from huolong.cli.common import typed_play
    from huolong.i18n import use

    [pos] = read_file(EXAMPLES / "keep-bottom.hl")
    with use(lang):
        assert typed_play(pos, "hk hk") == (None, said)


def test_batch_help_describes_every_option_in_both_languages():
    for lang in ("en", "zh"):
        out = run("batch", "--help", "--lang", lang).stdout
        objective = out[out.index("--objective"):out.index("--max-nodes")]
        assert len("".join(objective.split())) > len("--objective[points|outcome|result](default:outcome)") + 20


def test_no_two_modules_of_the_command_line_import_each_other():
    """Within the CLI too imports run one way (the terminal game's entry lives in game.py, which play
    uses; game needs nothing of play): no module reaches itself through its imports, inside functions or not."""
    from test_layout import imports_of, modules

    graph = {module: {name for _line, name in imports_of(path, module) if name.startswith("huolong.cli.")}
             for path, module in modules() if module.startswith("huolong.cli.")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and not seen.add(n) and reaches(n, goal, seen))
                   for n in graph.get(start, ()))

    assert [m for m in graph if reaches(m, m, set())] == []


def test_a_hidden_hand_that_has_played_its_last_card_shows_no_voids():
    from huolong.cli.render import Style, hidden_lines
    from huolong.engine import Hand

    [pos] = read_file(DIG)
    style = Style(color=False, ascii=True)
    assert hidden_lines(pos, 0, [1, 2], style)[1:] == ["void: H D"]
    pos.hands[0] = Hand.from_cards([])
    assert hidden_lines(pos, 0, [1, 2], style) == ["(0 cards)"]


def test_a_burial_the_dealer_cannot_make_is_named_as_players_write_cards():
    err = run("bury", "example:before-bury-known", "--known", "--candidate", "SA SA", code=2).stderr
    assert err == "error: example:before-bury-known:1: candidate ♠A ♠A is not 6 cards of the dealer's hand and kitty\n"
