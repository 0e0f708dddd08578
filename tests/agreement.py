"""The solver checked against the oracle: every legal play's value, and the position's."""

from __future__ import annotations

from oracle import Oracle

from huolong.engine import hand_result
from huolong.solver import solve

OBJECTIVES = ("points", "outcome", "result")


def solver_value(value, objective, pos):
    """The solver's value in the oracle's form; under ``result`` only the result itself (with levels)."""
    if objective == "points":
        return (value.points, value.dug)
    if objective == "result":
        return value.outcome
    return (5 - value.outcome.rank, value.points, value.dug)


def oracle_form(value, objective, pos):
    if objective == "result":  # the outcome objective's value, read as a result
        _, points, dug = value
        return hand_result(points, dug, pos.jokers_in_bottom, pos.rules)
    return value


def check_against_oracle(pos, objectives=OBJECTIVES):
    for objective in objectives:
        analysis = solve(pos, objective, line=False)
        oracle = Oracle("outcome" if objective == "result" else objective)
        expected = {p: oracle_form(v, objective, pos) for p, v in oracle.moves(pos.copy()).items()}
        assert {m.play for m in analysis.moves} == set(expected), "every legal play is scored"
        for move in analysis.moves:
            assert solver_value(move.value, objective, pos) == expected[move.play], (objective, str(move.play))
        assert solver_value(analysis.value, objective, pos) == oracle_form(oracle.value(pos.copy()), objective, pos)
