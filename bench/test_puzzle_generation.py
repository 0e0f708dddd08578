"""Puzzle generation speed: verified puzzles per core-minute (one process, seeded hands).

Run:  python -m pytest bench/test_puzzle_generation.py --benchmark-enable -s
"""

import time

from huolong.puzzles import puzzles_from_deal

DEALS = 80


def test_puzzles_per_core_minute(benchmark):
    found = []

    def run():
        for i in range(DEALS):
            found.extend(puzzles_from_deal(2026, i, (2, 6), None))

    puzzles_from_deal(2026, DEALS, (2, 6), None)  # compile or load the kernel first
    started = time.perf_counter()
    benchmark.pedantic(run, rounds=1, iterations=1)
    seconds = time.perf_counter() - started
    benchmark.extra_info.update(deals=DEALS, puzzles=len(found), seconds=round(seconds, 2),
                                puzzles_per_core_minute=round(60 * len(found) / seconds, 1))
    print(benchmark.extra_info)
