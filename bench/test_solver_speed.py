"""Solver speed on fixed, seeded sets of realistic endgames (see positions.py).

Every legal play is scored, points objective, one thread. Each round solves
the next position of the set, so the round statistics are statistics over
positions. Positions that exceed the node budget are counted, not timed.

Run:  python -m pytest bench --benchmark-enable --benchmark-json bench/last.json
      python bench/summarize.py bench/last.json
"""

import platform
import time

import pytest

from huolong.solver import SearchAborted, solve
from positions import endgames

COUNT = 50
BUDGET = {4: None, 8: None, 13: 10_000_000, 20: 10_000_000}
BIG_BUDGET = 50_000_000


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Compile (or load) the kernel before any timing."""
    solve(endgames(4, COUNT)[0], line=False)


def solve_set(benchmark, cards, objective="points", plays="all", threads=1, budget=None):
    positions = iter(endgames(cards, COUNT))
    nodes, unfinished, seconds = [], 0, []
    budget = budget or BUDGET[cards]

    def one():
        nonlocal unfinished
        pos = next(positions)
        started = time.perf_counter()
        try:
            analysis = solve(pos, objective, plays=plays, threads=threads, line=False, max_nodes=budget)
            nodes.append(analysis.nodes)
            seconds.append(time.perf_counter() - started)
        except SearchAborted:
            unfinished += 1

    benchmark.pedantic(one, rounds=COUNT, iterations=1)
    seconds.sort()
    benchmark.extra_info.update(
        cards=cards, objective=objective, plays=plays, threads=threads, positions=COUNT, unfinished=unfinished,
        budget=budget,
        finished_median_s=seconds[len(seconds) // 2] if seconds else None,
        finished_p90_s=seconds[int(0.9 * len(seconds))] if seconds else None,
        median_nodes=sorted(nodes)[len(nodes) // 2] if nodes else None,
        nodes_per_s=sum(nodes) / sum(seconds) if seconds else None,
        machine=f"{platform.machine()} {platform.processor() or ''} {platform.python_version()}".strip(),
    )


@pytest.mark.parametrize("cards", [4, 8, 13, 20])
def test_solve_all_moves(benchmark, cards):
    solve_set(benchmark, cards)


@pytest.mark.parametrize("cards", [8, 13])
def test_solve_best_play(benchmark, cards):
    solve_set(benchmark, cards, plays="best", budget=BIG_BUDGET)


def test_solve_optimal_plays_8_cards(benchmark):
    solve_set(benchmark, 8, plays="optimal")


@pytest.mark.parametrize("objective", ["outcome", "result"])
def test_solve_8_cards_for_the_result(benchmark, objective):
    solve_set(benchmark, 8, objective)


def test_solve_all_moves_13_cards_big_budget(benchmark):
    solve_set(benchmark, 13, budget=BIG_BUDGET)


def test_solve_all_moves_8_cards_two_threads(benchmark):
    solve_set(benchmark, 8, threads=2)


def test_oracle_at_4_cards(benchmark):
    """The pure-Python oracle on the first 10 four-card endgames, for the speed-up ratio."""
    from oracle import Oracle

    positions = iter(endgames(4, COUNT)[:10])

    def one():
        pos = next(positions).copy()
        Oracle("points").moves(pos)

    benchmark.pedantic(one, rounds=10, iterations=1)


def test_solver_at_4_cards_same_ten(benchmark):
    positions = iter(endgames(4, COUNT)[:10])
    benchmark.pedantic(lambda: solve(next(positions), "points", line=False), rounds=10, iterations=1)
