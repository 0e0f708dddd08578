"""Solving many positions, like DDS's SolveAllBoards: one task per position, JSON out.

A task carries the position as deal-file text, so a worker on another
machine needs no access to the files.

>>> from huolong.engine import read_file, write_position
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> row = solve_task(write_position(pos), "keep-bottom.hl", 1, "outcome", None, False)
>>> row["file"], row["position"], row["value"]["dug"]
('keep-bottom.hl', 1, False)
"""

from __future__ import annotations

from huolong.engine import read_positions

from huolong.i18n import use

from .errors import SearchAborted
from .search import solve


def solve_task(text: str, filename: str, number: int, objective: str, max_nodes: int | None,
               line: bool, plays: str = "all") -> dict:
    """Solve one position given as deal-file text; the JSON row of ``huolong-solve batch``.

    A position the search cannot finish within ``max_nodes`` gives a row
    with an ``error`` instead of a value, and what was proved of the value
    before the stop (``at_least``, ``at_most``: a value's fields, or null) —
    with every play asked for, of each play too (``moves``, as ``solve
    --json``'s ``stopped.moves``) — so a batch always completes.
    """
    [pos] = read_positions(text, filename)
    row: dict = {"file": filename, "position": number}
    if pos.is_before_bury:
        return {**row, "error": "a deal before the bury: nothing to solve yet"}
    try:
        analysis = solve(pos, objective, plays=plays, max_nodes=max_nodes, line=line, intervals=True)
    except SearchAborted as stop:
        low, high = stop.bounds  # what was proved of the value before the stop
        with use("en"):  # JSON is the same in every language
            error = str(SearchAborted(stop.reason, stop.nodes))
        out = {**row, "error": error, "at_least": low.to_dict() if low else None,
               "at_most": high.to_dict() if high else None}
        if stop.intervals:
            out["moves"] = [i.to_dict() for i in stop.intervals]
        return out
    return {**row, **analysis.to_dict()}
