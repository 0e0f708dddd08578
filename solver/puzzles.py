"""Training puzzles: find, check and record endgames whose answer is the only good play.

A **puzzle** is a position where the side to move has exactly one best play
under the outcome objective (plays of identical cards are one play). Its
*kind* says what is at stake:

- ``result`` (the default): every other play gives a worse result — the
  dig, the kept bottom, the threshold, the levels. Like lichess, which keeps
  a puzzle only when the solution is the one move that keeps the win.
- ``points``: the result is the same whatever is played, and every other
  play gives up at least :data:`CLEAR_LOSS` points. Made on request only.

Like lichess puzzles it may run several moves: after the answer the
opponents reply with a best play, and the puzzle goes on while the side's
next move is again the only one of the same kind. It always ends on a move
of the side that solves it (both hands of a partnership: positions are
double-dummy).

``Solution`` lists every play of the line in order, replies included,
separated by commas: ``SA SA, S4 S3, SK SK``.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> puzzle = find_puzzle(pos)
>>> [str(p) for p in puzzle.solution], puzzle.kind, puzzle.themes
(['D8', 'DK', 'S4'], 'result', ('keep-bottom',))
"""

from __future__ import annotations

from dataclasses import dataclass

from huolong.engine import Play, Position, seat_name
from huolong.engine.tricks import play_power

from .search import Analysis, MoveValue, solve
from .themes import THEMES, detect_themes, may_have_theme, rate, why

CLEAR_LOSS = 10
MAX_SIDE_MOVES = 4
KINDS = ("result", "points")
__all__ = ["CLEAR_LOSS", "KINDS", "THEMES", "Puzzle", "decisive", "find_puzzle", "parse_solution", "puzzle_record",
           "puzzles_from_deal", "verify"]


@dataclass(frozen=True)
class Puzzle:
    """A verified puzzle: the position, the line (answers and replies), themes, rating."""

    position: Position
    solution: tuple[Play, ...]
    kind: str
    themes: tuple[str, ...]
    rating: int
    why: str
    analysis: Analysis  # of the starting position

    @property
    def answers(self) -> tuple[Play, ...]:
        """The plays the solver's side must find."""
        return side_moves(self.position, self.solution)


class PuzzleError(ValueError):
    """A position is not a puzzle, or a puzzle's tags are wrong."""


def _sides_agree(pos: Position, seat: int) -> bool:
    return pos.is_attacker(pos.to_play) == pos.is_attacker(seat)


def decisive(analysis: Analysis, kind: str) -> MoveValue | None:
    """The only play that keeps what is at stake, or ``None``: for ``result`` every other play gives a
    worse result; for ``points`` every other play gives the same result and at least 10 points less."""
    best = [m for m in analysis.moves if m.value == analysis.value]
    others = [m for m in analysis.moves if m.value != analysis.value]
    if len(best) != 1 or not others:
        return None
    same_result = [m.value.outcome == analysis.value.outcome for m in others]
    if kind == "result" and not any(same_result):
        return best[0]
    if kind == "points" and all(same_result) and all(m.loss >= CLEAR_LOSS for m in others):
        return best[0]
    return None


def side_moves(pos: Position, line: list[Play] | tuple[Play, ...]) -> tuple[Play, ...]:
    """The plays of a line made by the side to move at its start (the answers a solver must find)."""
    p = pos.copy()
    side = p.to_play
    out = []
    for play in line:
        if _sides_agree(p, side):
            out.append(play)
        p.play(play)
    return tuple(out)


def kind_of(analysis: Analysis) -> str | None:
    """``result`` or ``points`` if the side to move has a decisive play, else ``None``."""
    return next((kind for kind in KINDS if decisive(analysis, kind) is not None), None)


def is_trivial(pos: Position, analysis: Analysis) -> bool:
    """One legal play, or one left once the obviously absurd are set aside.

    The simple rule: when an opponent is winning the trick and a play cannot
    beat it, feeding it more points than necessary is absurd.
    """
    plays = [m.play for m in analysis.moves]
    if len(plays) <= 1:
        return True
    if not pos.trick:
        return False
    lead, order = pos.trick[0], pos.order
    powers = [play_power(p, lead, order) for p in pos.trick]
    first = max(range(len(powers)), key=lambda i: (powers[i], -i))
    winner = pos.seat_after(pos.leader, first)
    if pos.is_attacker(winner) == pos.is_attacker(pos.to_play):
        return False
    losing = [p for p in plays if play_power(p, lead, order) <= powers[first]]
    least = min((p.points for p in losing), default=0)
    sensible = [p for p in plays if p not in losing or p.points <= least]
    return len(sensible) <= 1


def find_puzzle(pos: Position, kind: str | None = "result", max_nodes: int | None = 20_000_000) -> Puzzle | None:
    """The puzzle of ``kind`` (``None``: either) starting at ``pos``, or ``None`` when there is none."""
    if pos.is_over() or not pos.shape.card_scores:
        return None
    first = solve(pos, "outcome", line=False, max_nodes=max_nodes)
    kind = kind or kind_of(first)
    answer = decisive(first, kind) if kind else None
    if answer is None or is_trivial(pos, first):
        return None
    side = pos.to_play
    line = [answer.play]
    current = pos.copy()
    current.play(answer.play)
    found = 1
    while found < MAX_SIDE_MOVES and not current.is_over():
        reply_analysis = solve(current, "outcome", line=False, max_nodes=max_nodes)
        if _sides_agree(current, side):  # the side won the trick and leads again: still its line
            nxt = decisive(reply_analysis, kind)
            if nxt is None:
                break
            line.append(nxt.play)
            current.play(nxt.play)
            found += 1
            continue
        reply = reply_analysis.moves[0].play
        after = current.copy()
        after.play(reply)
        if after.is_over():
            break
        answer_analysis = solve(after, "outcome", line=False, max_nodes=max_nodes)
        nxt = decisive(answer_analysis, kind)
        if nxt is None or not _sides_agree(after, side) or is_trivial(after, answer_analysis):
            break
        line += [reply, nxt.play]
        after.play(nxt.play)
        current = after
        found += 1
    # the line ends on the side's move: every extension above adds one last
    themes = detect_themes(pos, line, first, kind)
    return Puzzle(pos, tuple(line), kind, themes, rate(pos, first, len(side_moves(pos, line)), themes),
                  why(pos, first, kind), first)


# -- verifying a puzzle file -----------------------------------------------------------


def parse_solution(text: str) -> list[Play]:
    """The plays of a ``Solution`` tag: ``SA SA, S4 S3, SK SK``."""
    return [Play.parse(part) for part in text.split(",") if part.strip()]


def verify(pos: Position, max_nodes: int | None = 20_000_000) -> list[str]:
    """What is wrong with a puzzle's tags — ``Solution``, ``Kind``, ``Theme``, ``Why`` — (empty when it is sound)."""
    if "Solution" not in pos.tags:
        return ["no Solution tag"]
    kind = pos.tags.get("Kind")
    if kind not in KINDS:
        return [f"Kind is {kind!r}: use {' or '.join(KINDS)}"]
    try:
        solution = parse_solution(pos.tags["Solution"])
    except ValueError as e:
        return [f"Solution: {e}"]
    if not solution:
        return ["Solution is empty"]
    side = pos.to_play
    current = pos.copy()
    first: Analysis | None = None
    for number, play in enumerate(solution, start=1):
        if current.is_over():
            return [f"Solution play {number} ({play}) comes after the end of the hand"]
        analysis = solve(current, "outcome", line=False, max_nodes=max_nodes)
        first = first or analysis
        if _sides_agree(current, side):
            best = decisive(analysis, kind)
            if best is None:
                found = kind_of(analysis)
                return [f"Solution play {number}: {seat_name(current.to_play)} has no single {kind}-deciding play"
                        + (f" (it is a {found} puzzle there)" if found else "")]
            if best.play != play:
                return [f"Solution play {number} is {play}, but the only best play is {best.play}"]
            if number == 1 and is_trivial(current, analysis):
                return ["the puzzle is trivial (one sensible play)"]
        elif not any(m.play == play and m.value == analysis.value for m in analysis.moves):
            return [f"Solution play {number} ({play}) is not a best reply"]
        current.play(play)
    if not pos.is_attacker(side) == pos.is_attacker(_mover_of_last(pos, solution)):
        return ["the Solution must end on a move of the solving side"]
    assert first is not None
    themes = detect_themes(pos, solution, first, kind)
    given = tuple(pos.tags.get("Theme", "").split())
    if sorted(given) != sorted(themes):
        return [f"Theme is {' '.join(given) or '(none)'}, but the solution shows {' '.join(themes) or '(none)'}"]
    sentence = why(pos, first, kind)
    if pos.tags.get("Why") != sentence:
        return [f"Why is {pos.tags.get('Why')!r}, but the values say {sentence!r}"]
    return []


def _mover_of_last(pos: Position, solution: list[Play]) -> int:
    p = pos.copy()
    seat = p.to_play
    for play in solution:
        seat = p.to_play
        p.play(play)
    return seat


# -- generating ------------------------------------------------------------------------------


def puzzle_record(puzzle: Puzzle, source: str) -> Position:
    """The puzzle as a position with its tags (Event, Solution, Kind, Theme, Why, Rating, Source) and the
    line as a comment."""
    pos = puzzle.position.endgame()
    seat = "SENW"[pos.to_play]
    stake = "the result" if puzzle.kind == "result" else "points"
    shown = ", ".join(t for t in puzzle.themes if t != "points")
    pos.tags = {
        "Event": f"Puzzle: {seat} to play for {stake} ({shown or 'endgame'})",
        "Solution": ", ".join(str(p) for p in puzzle.solution),
        "Kind": puzzle.kind,
        "Theme": " ".join(puzzle.themes),
        "Why": puzzle.why,
        "Rating": str(puzzle.rating),
        "Source": source,
    }
    value = puzzle.analysis.value
    pos.comments = [
        f"% {seat} to play. Best: {puzzle.solution[0]} — the attackers end with {value.points}"
        f"{' and dig' if value.dug else ''}: {value.outcome}.",
        "% Line: " + ", ".join(str(p) for p in puzzle.solution),
    ]
    return pos


TRIES_PER_DEAL = 8


def puzzles_from_deal(seed: int, index: int, tricks: tuple[int, int], theme: str | None,
                      max_nodes: int = 2_000_000, min_moves: int = 1) -> list[Position]:
    """At most one puzzle from deal ``index`` of a playout run.

    The hand is played out by the bot; up to :data:`TRIES_PER_DEAL` of its
    positions with ``tricks`` (low, high) tricks left in the recorded play,
    in a seeded random order, are tried; the first that is a puzzle (with
    ``theme``, if given, and at least ``min_moves`` moves of the side) is
    kept. The kind is ``result`` unless the theme is ``points``. Positions
    beyond ``max_nodes`` are skipped.
    """
    import random

    from huolong.engine import Rules

    from .playout import play_deal
    from .search import SearchAborted

    record = play_deal(seed, index, Rules(), exact_cards=4).record
    total = len(record.history)
    plies: list[Position] = []
    pos = record.start()
    for number, trick in enumerate(record.history, start=1):
        left = total - number + 1
        for play in trick.plays:
            if tricks[0] <= left <= tricks[1]:
                plies.append(pos.endgame())
            pos.play(play)
    random.Random(f"puzzle:{seed}:{index}").shuffle(plies)
    if theme is not None:
        plies = [p for p in plies if may_have_theme(p, theme)]
    kind = "points" if theme == "points" else "result"
    tries = TRIES_PER_DEAL if min_moves == 1 else 4 * TRIES_PER_DEAL  # longer lines are rarer: look harder
    for candidate in plies[:tries]:
        try:
            puzzle = find_puzzle(candidate.endgame(), kind, max_nodes=max_nodes)
        except SearchAborted:
            continue
        if puzzle is None or (theme is not None and theme not in puzzle.themes) or len(puzzle.answers) < min_moves:
            continue
        return [puzzle_record(puzzle, f"huolong-solve puzzle generate --seed {seed}, deal {index + 1}")]
    return []
