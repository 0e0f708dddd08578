"""Training puzzles: the definition, themes, the shipped set, and the trainer driven with scripted input."""

from pathlib import Path

from cli_runner import run
from huolong.engine import read_file, read_positions, write_position
from huolong.solver.puzzles import THEMES, find_puzzle, puzzles_from_deal, unique_best, verify
from huolong.solver import solve

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "puzzles" / "examples"
SHIPPED = [ROOT / "puzzles" / "generated", ROOT / "puzzles" / "themes"]


def shipped_puzzles():
    return [p for d in SHIPPED for f in sorted(d.rglob("*.hl")) for p in read_file(f)]


def test_a_puzzle_has_one_clearly_best_play():
    [pos] = read_file(EXAMPLES / "keep-bottom.hl")
    puzzle = find_puzzle(pos)
    analysis = solve(pos, "outcome", line=False)
    best = unique_best(analysis)
    assert best is not None and puzzle.solution[0] == best.play
    for m in analysis.moves:
        if m.play != best.play:
            assert m.value.outcome != analysis.value.outcome or m.loss >= 10


def test_two_equally_good_plays_are_not_a_puzzle():
    [pos] = read_file(EXAMPLES / "dig-fight.hl")  # S4 and DK both dig
    assert find_puzzle(pos) is None


def test_one_legal_play_is_not_a_puzzle():
    [pos] = read_positions('''
[Level "3"]
[Trump "H"]
[Dealer "N"]
[Leader "S"]
[Bottom "K5.-.T4.43"]
[Deal "S:A.-.-.- K.-.-.- Q.-.-.- 5.-.-.-"]''')
    assert find_puzzle(pos) is None


def test_the_line_ends_on_a_move_of_the_solving_side():
    for pos in shipped_puzzles()[:40]:
        solution = pos.tags["Solution"].split(",")
        p = pos.copy()
        movers = []
        for text in solution:
            movers.append(p.to_play)
            p.play(text)
        assert p.is_attacker(movers[-1]) == pos.is_attacker(pos.to_play)


def test_generation_is_deterministic_and_verifies():
    first = puzzles_from_deal(5, 2, (2, 5), None)
    again = puzzles_from_deal(5, 2, (2, 5), None)
    assert [write_position(p) for p in first] == [write_position(p) for p in again]
    for pos in first:
        assert verify(read_positions(write_position(pos))[0]) == []


def test_a_wrong_solution_fails_the_check(tmp_path):
    pos = shipped_puzzles()[0]
    others = [m.play for m in solve(pos, "outcome", line=False).moves if str(m.play) != pos.tags["Solution"].split(",")[0].strip()]
    pos.tags["Solution"] = str(others[0])
    bad = tmp_path / "bad.hl"
    bad.write_text(write_position(pos))
    result = run("puzzle", "check", bad, code=1)
    assert f"{bad}:1:" in result.output


def test_a_wrong_theme_fails_the_check(tmp_path):
    pos = shipped_puzzles()[0]
    themes = pos.tags["Theme"].split()
    wrong = next(t for t in THEMES if t not in themes)  # a real theme, but not this puzzle's
    pos.tags["Theme"] = " ".join(themes + [wrong])
    bad = tmp_path / "bad.hl"
    bad.write_text(write_position(pos))
    result = run("puzzle", "check", bad, code=1)
    assert f"{bad}:1: Theme is" in result.output and wrong in result.output


def test_the_shipped_puzzles_all_verify():
    result = run("puzzle", "check", *SHIPPED)
    assert "0 failed" in result.output


def test_at_least_100_shipped_puzzles_cover_every_theme_five_times():
    puzzles = shipped_puzzles()
    assert len(puzzles) >= 100
    for theme in ("dig", "keep-bottom", "ruff", "discard", "pair", "triple", "count", "tie"):
        assert sum(theme in p.tags["Theme"].split() for p in puzzles) >= 5, theme
    ratings = {int(p.tags["Rating"]) // 400 for p in puzzles}
    assert len(ratings) >= 3  # across ratings


def test_generate_writes_files_and_resumes(tmp_path):
    out = tmp_path / "p"
    run("puzzle", "generate", "-n", "2", "-o", out, "--seed", "4", "--workers", "1")
    run("puzzle", "generate", "-n", "3", "-o", out, "--seed", "4", "--workers", "1")
    whole = tmp_path / "w"
    run("puzzle", "generate", "-n", "3", "-o", whole, "--seed", "4", "--workers", "2")
    names = sorted(p.name for p in out.iterdir())
    assert names == ["puzzle-0001.hl", "puzzle-0002.hl", "puzzle-0003.hl"]
    assert [(out / n).read_text() for n in names] == [(whole / n).read_text() for n in names]


def test_generate_with_a_theme_keeps_only_that_theme(tmp_path):
    out = tmp_path / "dig"
    run("puzzle", "generate", "-n", "2", "-o", out, "--seed", "6", "--theme", "dig", "--workers", "1")
    for f in out.iterdir():
        [pos] = read_file(f)
        assert "dig" in pos.tags["Theme"].split()


def one_puzzle_file(tmp_path):
    pos = next(p for p in shipped_puzzles() if len(p.tags["Solution"].split(",")) == 1)
    path = tmp_path / "one.hl"
    path.write_text(write_position(pos))
    return path, pos.tags["Solution"]


def test_train_accepts_the_right_answer_in_any_spelling(tmp_path):
    path, answer = one_puzzle_file(tmp_path)
    result = run("train", path, "--ascii", input=answer.lower() + "\n")
    assert "Right." in result.output and "Score: 1 of 1" in result.output


def test_train_refutes_a_wrong_answer(tmp_path):
    path, answer = one_puzzle_file(tmp_path)
    [pos] = read_file(path)
    wrong = next(str(p) for p in pos.legal_plays() if str(p) != answer)
    result = run("train", path, "--ascii", input=f"XX\n{wrong}\n")
    assert "try again" in result.output and "Wrong." in result.output
    assert f"The answer was {answer}" in result.output and "Score: 0 of 1" in result.output


def test_train_filters_by_theme_and_rating_and_can_quit():
    result = run("train", *SHIPPED, "--theme", "dig", "--rating", "800-1300", "--ascii", input="q\n")
    assert "Puzzle 1 of" in result.output and "Stopped." in result.output
    run("train", *SHIPPED, "--rating", "3000-3100", code=2)
