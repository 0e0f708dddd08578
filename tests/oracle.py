"""The reference search: plain memoised minimax over the engine, no pruning at all.

It is slow and obvious on purpose. The fast solver must agree with it.
Values are what the objective orders: the final points under ``points``,
the pair (outcome class, points) under ``outcome``, always followed by the
dig so that results can be compared in full.
"""

from __future__ import annotations

from huolong.engine import Play, Position, outcome_key


def leaf(pos: Position, objective: str) -> tuple:
    if objective == "points":
        return (pos.points, pos.dug)
    return (*outcome_key(pos.points, pos.dug, pos.jokers_in_bottom, pos.rules), pos.dug)


class Oracle:
    """Minimax values of one objective, remembered across calls.

    The attackers maximise, the dealer team minimises. Ties in the objective
    are broken by the dig (the attackers prefer to dig): the same refinement
    the solver uses to report whether the bottom is dug.
    """

    def __init__(self, objective: str) -> None:
        self.objective = objective
        self.memo: dict[tuple, tuple] = {}

    def value(self, pos: Position) -> tuple:
        key = state(pos)
        if key not in self.memo:
            if pos.is_over():
                self.memo[key] = leaf(pos, self.objective)
            else:
                values = self.moves(pos).values()
                self.memo[key] = max(values) if pos.is_attacker(pos.to_play) else min(values)
        return self.memo[key]

    def moves(self, pos: Position) -> dict[Play, tuple]:
        """The value of every legal play of the seat to move."""
        out = {}
        for play in pos.legal_plays():
            pos.play(play)
            out[play] = self.value(pos)
            pos.undo()
        return out


def oracle_value(pos: Position, objective: str) -> tuple:
    return Oracle(objective).value(pos.copy())


def oracle_moves(pos: Position, objective: str) -> dict[Play, tuple]:
    return Oracle(objective).moves(pos.copy())


def state(pos: Position) -> tuple:
    return (tuple(pos.hands), pos.leader, tuple(pos.trick), pos.points, pos.dug)
