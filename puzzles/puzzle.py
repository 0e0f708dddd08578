"""What a training puzzle is, and finding one in a position: an endgame whose answer is the only good play.

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

from huolong.engine import Play, Position
from huolong.engine.tricks import play_power
from huolong.solver import Analysis, MoveValue, solve

from .themes import detect_themes, rate, why

CLEAR_LOSS = 10
MAX_SIDE_MOVES = 4
KINDS = ("result", "points")
__all__ = ["CLEAR_LOSS", "KINDS", "MAX_SIDE_MOVES", "Puzzle", "PuzzleError", "decisive", "find_puzzle", "is_trivial",
           "kind_of", "side_moves", "sides_agree"]


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


def sides_agree(pos: Position, seat: int) -> bool:
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
        if sides_agree(p, side):
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
        if sides_agree(current, side):  # the side won the trick and leads again: still its line
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
        if nxt is None or not sides_agree(after, side) or is_trivial(after, answer_analysis):
            break
        line += [reply, nxt.play]
        after.play(nxt.play)
        current = after
        found += 1
    # the line ends on the side's move: every extension above adds one last
    themes = detect_themes(pos, line, first, kind)
    return Puzzle(pos, tuple(line), kind, themes, rate(pos, first, len(side_moves(pos, line)), themes),
                  why(pos, first, kind), first)
