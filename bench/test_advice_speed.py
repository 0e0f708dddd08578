"""Single-dummy advice on 8-card endgames: 200 samples, every play valued on each (no racing), 2 workers.

The positions are the solver bench's 8-card set (random deals played down at
random, a trick start); the seat to lead is advised, seeing only its hand and
the trick. Each round of the benchmark is one position.
"""

import time

import pytest

from huolong.analysis.advice import advise
from huolong.solver.jobs import Workers, prepare
from positions import endgames

COUNT = 8
SAMPLES = 200


@pytest.fixture(scope="module")
def pool():
    prepare("search", "playout")
    with Workers(2) as workers:
        yield workers


def test_advice_8_cards_200_samples_every_play(benchmark, pool):
    positions = iter(endgames(8, COUNT))
    seconds, plays, exact = [], [], []

    def one():
        pos = next(positions)
        started = time.perf_counter()
        advice = advise(pos, samples=SAMPLES, seed=1, pool=pool, racing=False)
        seconds.append(time.perf_counter() - started)
        plays.append(len(advice.plays))
        exact.append(advice.solved_exact)

    benchmark.pedantic(one, rounds=COUNT, iterations=1)
    seconds.sort()
    benchmark.extra_info.update(positions=COUNT, samples=SAMPLES, workers=2, median_s=seconds[len(seconds) // 2],
                                max_s=seconds[-1], plays=plays, solved_exact=exact)


def test_advice_8_cards_200_samples_result_objective(benchmark, pool):
    """The same, each sample solved for its result only (``--objective result``)."""
    positions = iter(endgames(8, COUNT))
    seconds = []

    def one():
        started = time.perf_counter()
        advise(next(positions), samples=SAMPLES, seed=1, pool=pool, racing=False, objective="result")
        seconds.append(time.perf_counter() - started)

    benchmark.pedantic(one, rounds=COUNT, iterations=1)
    seconds.sort()
    benchmark.extra_info.update(median_s=seconds[len(seconds) // 2], max_s=seconds[-1])


def test_advice_8_cards_with_racing(benchmark, pool):
    positions = iter(endgames(8, COUNT))
    used = []

    def one():
        advice = advise(next(positions), samples=SAMPLES, seed=1, pool=pool)
        used.append(advice.samples)

    benchmark.pedantic(one, rounds=COUNT, iterations=1)
    benchmark.extra_info.update(samples_used=used)
