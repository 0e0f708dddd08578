"""Checking a puzzle file: the solution is the only play of its kind at every move of the side, the
themes and the sentence of why are what the values say.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/generated/puzzle-0001.hl")
>>> verify(pos)
[]
"""

from __future__ import annotations

from huolong.engine import Play, Position, seat_name
from huolong.solver import Analysis, solve

from .puzzle import KINDS, decisive, is_trivial, kind_of, sides_agree
from .themes import detect_themes, why

__all__ = ["parse_solution", "verify"]


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
        if sides_agree(current, side):
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
