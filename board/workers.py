"""The board's worker processes: the solver runs there, never on the server's event loop.

Processes are *spawned* (never forked: the server has threads by then), each
loads the kernel once — compiled by the first on a first start, from Numba's
cache after — and stays warm. One worker is kept for the position on screen:
a new request there cancels the one running (latest wins) and drops any
waiting. Background jobs (the value graph, advice, burials) queue for the
others; a full queue is refused (the server answers 503). Cancelling sets a
``multiprocessing.Event`` the running search polls (a
:class:`~huolong.solver.StopToken` over it): the task returns what it had, and
the worker stays warm. A whole-hand review spreads its decisions over
processes of its own: it runs in a thread of the server (:class:`ThreadWorker`)
that spawns them for the job and stops them when it ends or is cancelled, so
that no worker process starts processes.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from huolong.i18n import _, use

QUEUE_LIMIT = 8  # background jobs waiting at most
THREAD_KINDS = ("review",)  # jobs that run in the server's thread, over processes of their own
IDLE_CANCEL = 30.0  # seconds: a background job nobody asks about (a closed tab) is cancelled
KEEP_DONE = 300.0  # seconds a finished job's result is kept for its page

_ids = itertools.count(1)


class QueueFull(RuntimeError):
    """Too many background jobs are waiting: try again later."""


@dataclass
class Job:
    """One task on its way through a worker; its fields are read by the server's request handlers."""

    kind: str
    params: dict
    tab: str = ""
    interactive: bool = False
    id: str = field(default_factory=lambda: f"j{next(_ids)}")
    state: str = "queued"  # queued, running, done, error, cancelled
    progress: list[dict] = field(default_factory=list)  # what the task emitted, in order
    result: dict | None = None
    error: str | None = None
    created: float = field(default_factory=time.monotonic)
    touched: float = field(default_factory=time.monotonic)
    finished: float | None = None
    cancel_asked: bool = False
    done_event: threading.Event = field(default_factory=threading.Event)

    @property
    def over(self) -> bool:
        return self.state in ("done", "error", "cancelled")

    def to_dict(self, since: int = 0) -> dict:
        """The job for its page: ``progress`` from item ``since`` on."""
        self.touched = time.monotonic()
        return {"id": self.id, "kind": self.kind, "state": self.state, "progress": self.progress[since:],
                "progress_count": len(self.progress), "result": self.result, "error": self.error,
                "cancelled": self.cancel_asked}


def _worker_main(conn: Any, cancel: Any) -> None:
    """A worker process: load the kernels, then run tasks until told to stop (``None``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server alone answers Ctrl-C
    from huolong.engine import HuolongError
    from huolong.solver import StopToken
    from huolong.solver.jobs import prepare

    from .positions import BadRequest
    from .tasks import RUNNERS

    started = time.monotonic()
    prepare("search", "playout")
    conn.send(("ready", None, round(time.monotonic() - started, 1)))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        job_id, kind, params = message
        token = StopToken(cancel)
        try:
            with use(params.get("lang", "en")):  # the page's language, for its error lines
                result = RUNNERS[kind](params, token, lambda payload: conn.send(("progress", job_id, payload)))
            conn.send(("done", job_id, result))
        except (BadRequest, HuolongError) as e:
            conn.send(("error", job_id, str(e)))
        except Exception as e:  # noqa: BLE001 - the page gets one line, the worker stays up
            conn.send(("error", job_id, f"internal error: {type(e).__name__}: {e}"))


class Worker:
    """One spawned process and the thread that feeds it jobs from a queue and reads its answers."""

    def __init__(self, name: str, jobs: queue.Queue, on_ready: Callable[[float], None]) -> None:
        self.name = name
        self.jobs = jobs
        self.on_ready = on_ready
        self.context = multiprocessing.get_context("spawn")
        self.cancel = self.context.Event()
        self.current: Job | None = None
        self.ready = False
        self.closing = False
        self._start_process()
        self.thread = threading.Thread(target=self._feed, name=f"board-{name}", daemon=True)
        self.thread.start()

    def _start_process(self) -> None:
        self.conn, child = self.context.Pipe()
        self.process = self.context.Process(target=_worker_main, args=(child, self.cancel), daemon=True,
                                            name=f"huolong-board-{self.name}")
        self.process.start()
        child.close()
        self.ready = False

    def _wait_ready(self) -> bool:
        while not self.closing:
            if self.conn.poll(0.2):
                try:
                    kind, _, seconds = self.conn.recv()
                except (EOFError, OSError):
                    return False
                self.ready = kind == "ready"
                self.on_ready(seconds)
                return self.ready
            if not self.process.is_alive():
                return False
        return False

    def _feed(self) -> None:
        if not self._wait_ready():
            return
        for job in _runnable(self.jobs, lambda: self.closing):
            self._run(job)

    def _run(self, job: Job) -> None:
        self.cancel.clear()
        self.current = job
        job.state = "running"
        if job.cancel_asked:  # asked between the queue and here
            self.cancel.set()
        try:
            self.conn.send((job.id, job.kind, job.params))
            while True:
                kind, _, payload = self.conn.recv()
                if kind == "progress":
                    job.progress.append(payload)
                elif kind == "done":
                    job.result = payload
                    _finish(job, "cancelled" if job.cancel_asked else "done")
                    break
                else:
                    job.error = payload
                    _finish(job, "error")
                    break
        except (EOFError, OSError):  # the process died: say so, and start another
            job.error = _("the worker process stopped; the board started another")
            _finish(job, "error")
            if not self.closing:
                self._start_process()
                self._wait_ready()
        finally:
            self.current = None
            self.cancel.clear()

    def cancel_current(self, job: Job) -> None:
        if self.current is job:
            self.cancel.set()

    def close(self) -> None:
        self.closing = True
        self.cancel.set()
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=2)


class ThreadWorker:
    """Runs the jobs that spread their own work over processes (a whole-hand review) in a thread of the
    server: such a job starts its processes fresh (spawned, never forked), so that no worker process
    has to start processes of its own, and stops them when it ends or is cancelled."""

    def __init__(self, name: str, jobs: queue.Queue) -> None:
        from huolong.solver import StopToken

        self.name = name
        self.jobs = jobs
        self.token_type = StopToken
        self.current: Job | None = None
        self.token: Any = None
        self.closing = False
        self.thread = threading.Thread(target=self._feed, name=f"board-{name}", daemon=True)
        self.thread.start()

    def _feed(self) -> None:
        from huolong.engine import HuolongError

        from .positions import BadRequest
        from .tasks import RUNNERS

        for job in _runnable(self.jobs, lambda: self.closing):
            self.token = self.token_type()
            self.current = job
            job.state = "running"
            try:
                with use(job.params.get("lang", "en")):
                    job.result = RUNNERS[job.kind](job.params, self.token, job.progress.append)
                _finish(job, "cancelled" if job.cancel_asked else "done")
            except (BadRequest, HuolongError) as e:
                job.error = str(e)
                _finish(job, "error")
            except Exception as e:  # noqa: BLE001 - the page gets one line, the server keeps serving
                job.error = f"internal error: {type(e).__name__}: {e}"
                _finish(job, "error")
            finally:
                self.current = None

    def cancel_current(self, job: Job) -> None:
        if self.current is job and self.token is not None:
            self.token.cancel()

    def close(self) -> None:
        self.closing = True
        if self.token is not None:
            self.token.cancel()
        self.thread.join(timeout=5)


def _runnable(jobs: queue.Queue, closing: Callable[[], bool]):  # type: ignore[no-untyped-def]
    """The jobs of a queue to run, in order, until ``None`` or closing; one cancelled while it waited
    is finished as such, not run."""
    while not closing():
        try:
            job = jobs.get(timeout=0.2)
        except queue.Empty:
            continue
        if job is None:
            return
        if job.cancel_asked:
            _finish(job, "cancelled")
            continue
        yield job


def _finish(job: Job, state: str) -> None:
    job.state = state
    job.finished = time.monotonic()
    job.done_event.set()


class Pool:
    """The interactive worker and the background workers, and every job by id."""

    def __init__(self, background: int = 1) -> None:
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.interactive_queue: queue.Queue = queue.Queue()
        self.background_queue: queue.Queue = queue.Queue()
        self.compile_seconds: float | None = None
        self.started = time.monotonic()
        self.interactive = Worker("interactive", self.interactive_queue, self._ready)
        self.background = [Worker(f"background-{i + 1}", self.background_queue, self._ready)
                           for i in range(max(1, background))]
        self.review_queue: queue.Queue = queue.Queue()
        self.reviewer = ThreadWorker("review", self.review_queue)
        self.janitor = threading.Thread(target=self._sweep, name="board-janitor", daemon=True)
        self.closing = False
        self.janitor.start()

    def _ready(self, seconds: float) -> None:
        if self.compile_seconds is None:
            self.compile_seconds = seconds

    @property
    def ready(self) -> bool:
        return self.interactive.ready

    def status(self) -> dict:
        waiting = sum(1 for j in self.jobs.values() if j.state == "queued" and not j.interactive)
        return {"kernel": "ready" if self.ready else "compiling", "seconds_since_start":
                round(time.monotonic() - self.started, 1), "load_seconds": self.compile_seconds,
                "workers": 1 + len(self.background), "queued": waiting}

    def submit(self, kind: str, params: dict, tab: str = "", interactive: bool = False) -> Job:
        """Queue a job. Interactive: cancels the interactive job running and drops those waiting."""
        job = Job(kind, params, tab, interactive)
        with self.lock:
            if interactive:
                for other in self.jobs.values():
                    if other.interactive and not other.over:
                        self._cancel(other)
                self.interactive_queue.put(job)
            else:
                waiting = sum(1 for j in self.jobs.values() if j.state == "queued" and not j.interactive)
                if waiting >= QUEUE_LIMIT:
                    raise QueueFull(_("{n} jobs are waiting already").format(n=waiting))
                (self.review_queue if kind in THREAD_KINDS else self.background_queue).put(job)
            self.jobs[job.id] = job
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def cancel(self, job: Job) -> None:
        with self.lock:
            self._cancel(job)

    def _cancel(self, job: Job) -> None:
        if job.over:
            return
        job.cancel_asked = True
        if job.state == "queued":
            _finish(job, "cancelled")  # the worker skips it when it comes up
        for worker in (self.interactive, *self.background, self.reviewer):
            worker.cancel_current(job)

    def cancel_tab(self, tab: str) -> int:
        """Cancel every job of a page (its tab closed); how many."""
        with self.lock:
            mine = [j for j in self.jobs.values() if j.tab == tab and not j.over]
            for job in mine:
                self._cancel(job)
        return len(mine)

    def _sweep(self) -> None:
        while not self.closing:
            time.sleep(1.0)
            now = time.monotonic()
            with self.lock:
                for job in list(self.jobs.values()):
                    if not job.over and not job.interactive and now - job.touched > IDLE_CANCEL:
                        self._cancel(job)  # its page stopped asking: the tab is gone
                    if job.over and job.finished is not None and now - job.finished > KEEP_DONE:
                        del self.jobs[job.id]

    def close(self) -> None:
        """Cancel everything and stop the processes (Ctrl-C: the server's shutdown)."""
        self.closing = True
        with self.lock:
            for job in self.jobs.values():
                self._cancel(job)
        workers = [self.interactive, *self.background]
        for worker in workers:
            worker.closing = True
            worker.jobs.put(None)
        self.reviewer.jobs.put(None)
        self.reviewer.close()
        for worker in workers:
            worker.close()


def default_background() -> int:
    """Background workers: every core but the one kept for the position on screen."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, cores - 1)
