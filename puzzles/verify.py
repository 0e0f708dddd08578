"""Checking a puzzle file: the solution is the only play of its kind at every move of the side, the
themes and the sentence of why are what the values say.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/generated/puzzle-0001.hl")
>>> verify(pos)
[]
"""

from __future__ import annotations

from huolong.engine import Play, Position, seat_label
from huolong.i18n import _
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
        return [_("no Solution tag")]
    kind = pos.tags.get("Kind")
    if kind not in KINDS:
        return [_("Kind is {kind!r}: use result or points").format(kind=kind)]
    try:
        solution = parse_solution(pos.tags["Solution"])
    except ValueError as e:
        return [_("Solution: {error}").format(error=e)]
    if not solution:
        return [_("Solution is empty")]
    side = pos.to_play
    current = pos.copy()
    first: Analysis | None = None
    for number, play in enumerate(solution, start=1):
        if current.is_over():
            return [_("Solution play {number} ({play}) comes after the end of the hand").format(number=number, play=play)]
        analysis = solve(current, "outcome", line=False, max_nodes=max_nodes)
        first = first or analysis
        if sides_agree(current, side):
            best = decisive(analysis, kind)
            if best is None:
                found = kind_of(analysis)
                text = (_("Solution play {number}: {seat} has no single {kind}-deciding play (it is a {found} "
                          "puzzle there)") if found else
                        _("Solution play {number}: {seat} has no single {kind}-deciding play"))
                return [text.format(number=number, seat=seat_label(current.to_play), kind=kind, found=found)]
            if best.play != play:
                return [_("Solution play {number} is {play}, but the only best play is {best}").format(
                    number=number, play=play, best=best.play)]
            if number == 1 and is_trivial(current, analysis):
                return [_("the puzzle is trivial (one sensible play)")]
        elif not any(m.play == play and m.value == analysis.value for m in analysis.moves):
            return [_("Solution play {number} ({play}) is not a best reply").format(number=number, play=play)]
        current.play(play)
    if not pos.is_attacker(side) == pos.is_attacker(_mover_of_last(pos, solution)):
        return [_("the Solution must end on a move of the solving side")]
    assert first is not None
    themes = detect_themes(pos, solution, first, kind)
    given = tuple(pos.tags.get("Theme", "").split())
    if sorted(given) != sorted(themes):
        return [_("Theme is {given}, but the solution shows {themes}").format(
            given=" ".join(given) or _("(none)"), themes=" ".join(themes) or _("(none)"))]
    sentence = why(pos, first, kind)
    if pos.tags.get("Why") != sentence:
        return [_("Why is {given!r}, but the values say {sentence!r}").format(given=pos.tags.get("Why"),
                                                                            sentence=sentence)]
    return []


def _mover_of_last(pos: Position, solution: list[Play]) -> int:
    p = pos.copy()
    seat = p.to_play
    for play in solution:
        seat = p.to_play
        p.play(play)
    return seat
