"""Generating puzzles: hands played out by the bot from seeded deals, searched for positions whose
answer is the only good play, each written as a record with its tags.
"""

from __future__ import annotations

import random

from huolong.engine import Position, Rules
from huolong.solver import SearchAborted
from huolong.solver.playout import play_deal

from .puzzle import Puzzle, find_puzzle
from .themes import may_have_theme

__all__ = ["TRIES_PER_DEAL", "puzzle_record", "puzzles_from_deal"]


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
