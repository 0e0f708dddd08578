"""Training puzzles: the two kinds, themes, the why, the shipped set, generation and checking."""

from collections import Counter
from pathlib import Path

import pytest
from cli_runner import run

from huolong.engine import read_file, read_positions, write_position
from huolong.solver import solve
from huolong.puzzles import THEMES, decisive, find_puzzle, puzzles_from_deal, verify

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "puzzles" / "examples"
RESULT_SETS = [ROOT / "puzzles" / "generated", ROOT / "puzzles" / "long", ROOT / "puzzles" / "themes"]
COUNTING = ROOT / "puzzles" / "counting"

# The result is the same whatever N plays (dealer-up 1); only the points differ: a counting puzzle.
POINTS_ONLY = '''
[Level "6"]
[Trump "C"]
[Dealer "E"]
[Leader "E"]
[Points "80"]
[Bottom "KJ9743.-.-.-"]
[Deal "S:T5.-.-.- -.-.K.- -.-.6.6 -.-.6.-.L"]
[Trick "D5"]'''


def puzzles_in(*folders):
    return [p for d in folders for f in sorted(d.rglob("*.hl")) for p in read_file(f)]


def test_a_result_puzzle_has_one_play_that_keeps_the_result():
    [pos] = read_file(EXAMPLES / "keep-bottom.hl")
    puzzle = find_puzzle(pos)
    analysis = solve(pos, "outcome", line=False)
    assert puzzle.kind == "result" and puzzle.solution[0] == decisive(analysis, "result").play
    for m in analysis.moves:
        if m.play != puzzle.solution[0]:
            assert m.value.outcome != analysis.value.outcome  # every other play loses the result


def test_a_points_only_position_is_rejected_by_default_and_made_on_request():
    [pos] = read_positions(POINTS_ONLY)
    analysis = solve(pos, "outcome", line=False)
    assert len({m.value.outcome for m in analysis.moves}) == 1  # the result is safe either way
    assert find_puzzle(pos) is None
    puzzle = find_puzzle(pos, "points")
    assert puzzle.kind == "points" and "points" in puzzle.themes and str(puzzle.solution[0]) == "D6"


def test_two_equally_good_plays_are_not_a_puzzle():
    [pos] = read_file(EXAMPLES / "dig-fight.hl")  # S4 and DK both dig
    assert find_puzzle(pos) is None and find_puzzle(pos, "points") is None


def test_one_legal_play_is_not_a_puzzle():
    [pos] = read_positions('''
[Level "3"]
[Trump "H"]
[Dealer "N"]
[Leader "S"]
[Bottom "K5.-.T4.43"]
[Deal "S:A.-.-.- K.-.-.- Q.-.-.- 5.-.-.-"]''')
    assert find_puzzle(pos) is None


def test_the_why_says_what_the_answer_keeps_and_what_the_temptation_gives_away():
    [pos] = read_file(EXAMPLES / "keep-bottom.hl")
    assert find_puzzle(pos).why == "only D8 keeps the bottom; C5 lets E–W dig: attackers-up 3"
    [points] = read_positions(POINTS_ONLY)
    assert find_puzzle(points, "points").why == \
        "only D6 takes the attackers to 95 (dealer-up 1 either way); C6 takes 15 fewer: 80"


def test_generation_is_deterministic_and_verifies():
    first = puzzles_from_deal(1, 9, (2, 6), None)  # deal 10 of seed 1: the first shipped puzzle
    again = puzzles_from_deal(1, 9, (2, 6), None)
    assert first and [write_position(p) for p in first] == [write_position(p) for p in again]
    for pos in first:
        assert pos.tags["Kind"] == "result" and pos.tags["Why"]
        assert verify(read_positions(write_position(pos))[0]) == []
    assert write_position(first[0]) == (ROOT / "puzzles" / "generated" / "puzzle-0001.hl").read_text()


def shipped_one(tmp_path, tags):
    pos = puzzles_in(ROOT / "puzzles" / "generated")[0]
    pos.tags.update(tags)
    bad = tmp_path / "bad.hl"
    bad.write_text(write_position(pos))
    return bad


def test_a_wrong_solution_fails_the_check(tmp_path):
    pos = puzzles_in(ROOT / "puzzles" / "generated")[0]
    answer = pos.tags["Solution"].split(",")[0].strip()
    other = next(str(m.play) for m in solve(pos, "outcome", line=False).moves if str(m.play) != answer)
    bad = shipped_one(tmp_path, {"Solution": other})
    result = run("puzzle", "check", bad, code=1)
    assert f"{bad}:1:" in result.output


def test_a_wrong_theme_fails_the_check(tmp_path):
    pos = puzzles_in(ROOT / "puzzles" / "generated")[0]
    themes = pos.tags["Theme"].split()
    wrong = next(t for t in THEMES if t not in themes)  # a real theme, but not this puzzle's
    bad = shipped_one(tmp_path, {"Theme": " ".join(themes + [wrong])})
    result = run("puzzle", "check", bad, code=1)
    assert f"{bad}:1: Theme is" in result.output and wrong in result.output


def test_a_wrong_kind_fails_the_check(tmp_path):
    bad = shipped_one(tmp_path, {"Kind": "points"})
    assert "no single points-deciding play" in run("puzzle", "check", bad, code=1).output


def test_a_wrong_why_fails_the_check(tmp_path):
    bad = shipped_one(tmp_path, {"Why": "only a guess"})
    assert "Why is 'only a guess'" in run("puzzle", "check", bad, code=1).output


def test_every_shipped_puzzle_verifies():
    result = run("puzzle", "check", ROOT / "puzzles")
    assert "0 failed" in result.output


# -- the shipped set ----------------------------------------------------------------


def test_at_least_300_shipped_puzzles_decide_the_result():
    puzzles = puzzles_in(*RESULT_SETS)
    assert len(puzzles) >= 300
    assert all(p.tags["Kind"] == "result" and "points" not in p.tags["Theme"].split() for p in puzzles)


def test_every_theme_is_shipped_at_least_20_times():
    counts = Counter(t for p in puzzles_in(*RESULT_SETS) for t in p.tags["Theme"].split())
    for theme in ("dig", "keep-bottom", "ruff", "discard", "pair", "triple", "count", "tie"):
        assert counts[theme] >= 20, (theme, counts[theme])


def test_a_quarter_of_the_shipped_puzzles_need_two_moves_or_more():
    from huolong.puzzles import parse_solution, side_moves

    puzzles = puzzles_in(*RESULT_SETS)
    long = [p for p in puzzles if len(side_moves(p, parse_solution(p.tags["Solution"]))) >= 2]
    assert 4 * len(long) >= len(puzzles)


def test_shipped_ratings_spread_over_800_to_2400():
    ratings = [int(p.tags["Rating"]) for p in puzzles_in(*RESULT_SETS)]
    assert all(800 <= r <= 2400 for r in ratings)
    bands = Counter((r - 800) // 400 for r in ratings)
    assert all(bands[b] >= 3 for b in range(4)), bands  # 800–1199, 1200–1599, 1600–1999, 2000–2400


def test_counting_puzzles_ship_apart():
    puzzles = puzzles_in(COUNTING)
    assert puzzles and all(p.tags["Kind"] == "points" for p in puzzles)


def test_the_line_ends_on_a_move_of_the_solving_side():
    for pos in puzzles_in(*RESULT_SETS)[:40]:
        p = pos.copy()
        movers = []
        for text in pos.tags["Solution"].split(","):
            movers.append(p.to_play)
            p.play(text)
        assert p.is_attacker(movers[-1]) == pos.is_attacker(pos.to_play)


# -- generating ------------------------------------------------------------------------


def test_generate_writes_files_and_resumes(tmp_path):
    out = tmp_path / "p"
    run("puzzle", "generate", "-n", "2", "-o", out, "--seed", "4", "--workers", "1")
    run("puzzle", "generate", "-n", "3", "-o", out, "--seed", "4", "--workers", "1")
    whole = tmp_path / "w"
    run("puzzle", "generate", "-n", "3", "-o", whole, "--seed", "4", "--workers", "2")
    names = sorted(p.name for p in out.iterdir())
    assert names == ["puzzle-0001.hl", "puzzle-0002.hl", "puzzle-0003.hl"]
    assert [(out / n).read_text() for n in names] == [(whole / n).read_text() for n in names]


@pytest.mark.parametrize("theme, kind", [("dig", "result"), ("points", "points")])
def test_generate_with_a_theme_keeps_only_that_theme(tmp_path, theme, kind):
    out = tmp_path / theme
    run("puzzle", "generate", "-n", "2", "-o", out, "--seed", "6", "--theme", theme, "--workers", "1")
    files = list(out.iterdir())
    assert files
    for f in files:
        [pos] = read_file(f)
        assert theme in pos.tags["Theme"].split() and pos.tags["Kind"] == kind


def test_generate_with_min_moves_keeps_only_longer_lines(tmp_path):
    from huolong.puzzles import parse_solution, side_moves

    out = tmp_path / "long"
    run("puzzle", "generate", "-n", "1", "-o", out, "--seed", "2", "--min-moves", "2", "--tricks", "3-6",
        "--workers", "1")
    [pos] = read_file(next(out.iterdir()))
    assert len(side_moves(pos, parse_solution(pos.tags["Solution"]))) >= 2
