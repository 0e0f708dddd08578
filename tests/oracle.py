"""The reference search: plain memoised minimax over the engine, no pruning at all.

It is slow and obvious on purpose. The fast solver must agree with it.
Values are what the objective orders: the final points under ``points``,
the pair (outcome class, points) under ``outcome``, always together with the
dig so that results can be compared in full.
"""

from __future__ import annotations

from functools import lru_cache

from huolong.engine import Play, Position, outcome_key


def leaf(pos: Position, objective: str) -> tuple:
    if objective == "points":
        return (pos.points, pos.dug)
    return (*outcome_key(pos.points, pos.dug, pos.jokers_in_bottom, pos.rules), pos.dug)


def oracle_value(pos: Position, objective: str) -> tuple:
    """Minimax value: the attackers maximise, the dealer team minimises.

    Ties in the objective are broken by the dig (the attackers prefer to dig),
    the same refinement the solver uses to report whether the bottom is dug.
    """
    pos = pos.copy()

    @lru_cache(maxsize=None)
    def value(key: tuple) -> tuple:
        if pos.is_over():
            return leaf(pos, objective)
        results = []
        for play in pos.legal_plays():
            pos.play(play)
            results.append(value(state(pos)))
            pos.undo()
        return max(results) if pos.is_attacker(pos.to_play) else min(results)

    return value(state(pos))


def oracle_moves(pos: Position, objective: str) -> dict[Play, tuple]:
    """The value of every legal play of the seat to move."""
    out = {}
    pos = pos.copy()
    for play in pos.legal_plays():
        pos.play(play)
        out[play] = oracle_value(pos, objective)
        pos.undo()
    return out


def state(pos: Position) -> tuple:
    return (tuple(pos.hands), pos.leader, tuple(pos.trick), pos.points, pos.dug)
