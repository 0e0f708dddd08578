"""Many independent tasks, run here or in a pool of local worker processes.

Tasks are ``(function, args)`` pairs of picklable, deterministic work; a
result depends only on its task, never on the worker that ran it. Workers
ignore Ctrl-C so that the main process alone decides what to keep.

>>> sorted(run_tasks(pow, [(2, 3), (3, 2)], workers=1))
[(0, 8), (1, 9)]
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Workers:
    """A pool of worker processes kept for several rounds of tasks (or none, for one worker).

    Starting processes costs a good part of a second (imports, loading the
    compiled kernel), so a job that submits work in rounds keeps one pool.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self, wait_for_tasks: bool = True) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=wait_for_tasks, cancel_futures=True)
            self._pool = None

    def run(self, fn: Callable[..., Any], tasks: Sequence[tuple]) -> Iterator[tuple[int, Any]]:
        """Yield ``(index, fn(*tasks[index]))`` as tasks finish (in any order with several workers).

        At most ``2 × workers`` tasks are in flight, so stopping early wastes little.
        """
        if self.workers <= 1 or len(tasks) <= 1:
            for i, args in enumerate(tasks):
                yield i, fn(*args)
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_quiet_worker)
        pending: dict[Future, int] = {}
        next_task = 0
        try:
            while next_task < len(tasks) or pending:
                while next_task < len(tasks) and len(pending) < 2 * self.workers:
                    pending[self._pool.submit(fn, *tasks[next_task])] = next_task
                    next_task += 1
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        finally:
            if pending:  # stopped early: drop what is queued
                for future in pending:
                    future.cancel()


def run_tasks(fn: Callable[..., Any], tasks: Sequence[tuple], workers: int) -> Iterator[tuple[int, Any]]:
    """One round of tasks in a pool of its own: see :meth:`Workers.run`."""
    with Workers(workers) as pool:
        yield from pool.run(fn, tasks)
