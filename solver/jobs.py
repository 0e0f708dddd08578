"""Many independent tasks: here, in a pool of local processes, or on a Dask cluster.

Tasks are ``(function, args)`` pairs of picklable, deterministic work; a
result depends only on its task, never on the worker that ran it, so a job
gives the same answers wherever it runs. Local workers ignore Ctrl-C so that
the main process alone decides what to keep.

>>> with Workers(1) as pool:
...     sorted(pool.run(pow, [(2, 3), (3, 2)]))
[(0, 8), (1, 9)]
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from huolong.i18n import N_, _

STOP_POLL = 0.05  # seconds between looks at a run's stop token while its tasks are under way

DASK_MISSING = N_("--scheduler needs Dask: pip install 'huolong-solve[dask]' (or: pip install '.[dask]')")
TASK_RETRIES = 3  # a task whose worker dies is run again elsewhere


class SchedulerError(RuntimeError):
    """The Dask scheduler cannot be used (Dask missing, or no scheduler at the address)."""


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _quiet_worker() -> None:
    """A local worker ignores Ctrl-C (the main process decides what to keep) and, on Linux, dies with
    the process that started it: a worker left behind by a killed parent would wait for tasks forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


KERNELS = ("search", "playout")
_prepared: set[str] = set()


def prepare(*kernels: str) -> float:
    """Compile (first run) or load the named kernels in this process, once; the seconds it took.

    ``"search"``: what :func:`~huolong.solver.solve` runs; ``"playout"``:
    whole-hand playouts. Numba keeps them for every later call, so workers
    do this once, not per task; and when the main process does it before
    starting local workers, they load the compiled code from the on-disk
    cache instead of each compiling it again. Processes that start together
    on an empty cache compile once too: the first compiles, under a lock in
    the cache directory, and the others wait and load what it saved
    (:func:`huolong.solver.kernel.load`).
    """
    unknown = set(kernels) - set(KERNELS)
    if unknown:
        raise ValueError(f"unknown kernels {sorted(unknown)}: use {', '.join(KERNELS)}")
    todo = [k for k in kernels if k not in _prepared]
    if not todo:
        return 0.0
    started = time.perf_counter()
    import random

    from huolong.engine.bury import heuristic_bury
    from huolong.engine.deal import deal_hand, play_randomly

    from .kernel import cache_lock

    deal = deal_hand(random.Random(0))
    pos = deal.bury(heuristic_bury(deal.hands[deal.dealer] + deal.kitty, deal.order, deal.rules))
    with cache_lock():  # every kernel named, at once: of processes started together one compiles them all
        if "search" in todo:
            from .search import solve

            solve(play_randomly(pos.copy(), random.Random(0), 2), "outcome")
        if "playout" in todo:
            from .playout import Player

            Player(2).play(pos, 0)
    _prepared.update(todo)
    return time.perf_counter() - started


class Workers:
    """Where tasks run: this process (one worker), a local process pool, or a Dask cluster.

    Starting processes costs a good part of a second (imports, loading the
    compiled kernel), so a job that submits work in rounds keeps one pool.
    With ``scheduler`` (``tcp://HOST:PORT``) tasks go to that Dask cluster;
    each worker loads the ``kernels`` the tasks use once (:func:`prepare`), not once per task.
    ``spawn``: start the local processes fresh rather than forked, for a caller that runs threads (the
    board's server); nothing is compiled in the caller then — each process loads the kernels itself.
    """

    def __init__(self, workers: int, scheduler: str | None = None, kernels: tuple[str, ...] = KERNELS,
                 spawn: bool = False) -> None:
        self.workers = workers
        self.scheduler = scheduler
        self.kernels = kernels
        self.spawn = spawn  # start the local processes fresh (from a process with threads: never fork it)
        self._pool: ProcessPoolExecutor | None = None
        self._client: Any = None
        if scheduler:
            self._connect(scheduler)

    def _connect(self, address: str) -> None:
        try:
            from dask.distributed import Client
        except ImportError:
            raise SchedulerError(_(DASK_MISSING)) from None
        try:
            self._client = Client(address, timeout="10s", set_as_default=False)
        except (OSError, TimeoutError) as e:
            raise SchedulerError(_("cannot reach the Dask scheduler at {address}: {error}").format(
                address=address, error=e)) from None
        self._client.run(prepare, *self.kernels)  # each worker loads the kernels once, before any task
        self.workers = max(1, sum(self._client.nthreads().values()))

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type | None, *exc: object) -> None:
        self.close(wait_for_tasks=kind is None or not issubclass(kind, KeyboardInterrupt))

    def close(self, wait_for_tasks: bool = True) -> None:
        """Release the workers; without ``wait_for_tasks`` (Ctrl-C) running tasks are abandoned."""
        if self._pool is not None:
            # The pool's manager thread (the pool forgets it on shutdown): see below.
            manager = getattr(self._pool, "_executor_manager_thread", None)
            if not wait_for_tasks:
                for process in list(getattr(self._pool, "_processes", {}).values()):
                    process.terminate()  # a long search must not hold up the user's Ctrl-C
            self._pool.shutdown(wait=wait_for_tasks, cancel_futures=True)
            if manager is not None:
                # Let it see its workers gone and close its wake-up pipe now: at exit, Python writes to that
                # pipe unless it is closed, and a close racing that write printed "Exception ignored in:
                # <module 'threading'> … OSError: [Errno 9] Bad file descriptor" after a Ctrl-C.
                manager.join(timeout=5)
            self._pool = None
        if self._client is not None:
            self._client.close()
            self._client = None

    def run(self, fn: Callable[..., Any], tasks: Sequence[tuple], stop: Any = None) -> Iterator[tuple[int, Any]]:
        """Yield ``(index, fn(*tasks[index]))`` as tasks finish (in any order with several workers).

        At most ``2 × workers`` tasks are in flight, so stopping early wastes little. With a ``stop``
        token (:class:`~huolong.solver.StopToken`), the worker processes' results are waited for only
        until it is cancelled: then the run ends at once, without the tasks under way (close the pool
        without waiting for them), rather than when the slowest of them finishes.
        """
        if self._client is not None:
            yield from self._run_dask(fn, tasks)
            return
        if self.workers <= 1 or len(tasks) <= 1:
            for i, args in enumerate(tasks):
                yield i, fn(*args)
            return
        if self._pool is None:
            if not self.spawn:
                prepare(*self.kernels)  # compile here once, so that the workers load from the cache
            context = multiprocessing.get_context("spawn") if self.spawn else None
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_quiet_worker, mp_context=context)
        pending: dict[Future, int] = {}
        next_task = 0
        try:
            while next_task < len(tasks) or pending:
                while next_task < len(tasks) and len(pending) < 2 * self.workers:
                    pending[self._pool.submit(fn, *tasks[next_task])] = next_task
                    next_task += 1
                done, _ = wait(pending, timeout=None if stop is None else STOP_POLL, return_when=FIRST_COMPLETED)
                if stop is not None and stop.cancelled:
                    return
                for future in done:
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:  # stopped early: drop what is queued
                future.cancel()

    def _run_dask(self, fn: Callable[..., Any], tasks: Sequence[tuple]) -> Iterator[tuple[int, Any]]:
        from dask.distributed import as_completed

        client = self._client
        run_id = uuid.uuid4().hex
        index: dict[str, int] = {}
        window = 4 * self.workers
        next_task = 0

        def submit(i: int):  # type: ignore[no-untyped-def]
            # pure=False: equal arguments still make separate tasks; the key tells them apart
            future = client.submit(fn, *tasks[i], pure=False, retries=TASK_RETRIES, key=f"huolong-{run_id}-{i}")
            index[future.key] = i
            return future

        first = [submit(i) for i in range(min(window, len(tasks)))]
        next_task = len(first)
        stream = as_completed(first, loop=client.loop)
        try:
            for future in stream:
                result = future.result()
                yield index.pop(future.key), result
                if next_task < len(tasks):
                    stream.add(submit(next_task))
                    next_task += 1
        finally:
            for future in list(stream.futures):
                future.cancel()
