"""The board's worker processes: the solver runs there, never on the server's event loop.

Processes are *spawned* (never forked: the server has threads by then), each
loads the kernel once — compiled by the first on a first start (the others
wait for it and load it from Numba's cache), from the cache after — and stays
warm. One worker is kept for the positions on screen; the others run
background jobs (the value graph, advice, burials).

Jobs wait in lanes (:class:`Lanes`): the positions on screen, the background
jobs, the reviews. In each lane every client — a tab of the page, by the id it
sends, else an address — has a line of its own, and the lines are served in
turn (round robin), so that one tab's work never holds back another's. On
screen the latest request wins within its tab: it cancels the tab's search
running and replaces the one waiting, never another tab's; a tab has one
search running at a time. A background worker with nothing of its own to do
takes a search for the screen when the kept worker is busy. A tab with too
many background jobs waiting is refused (the server answers 503).
Cancelling sets a ``multiprocessing.Event`` the running search polls (a
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
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from huolong.i18n import _, use

QUEUE_LIMIT = 8  # background jobs of one tab waiting at most
QUEUE_TOTAL = 32  # background jobs of all tabs waiting at most
THREAD_KINDS = ("review",)  # jobs that run in the server's thread, over processes of their own
SCREEN, BACKGROUND, REVIEW = "screen", "background", "review"  # the lanes
IDLE_CANCEL = 30.0  # seconds: a background job nobody asks about (a closed tab) is cancelled
KEEP_DONE = 300.0  # seconds a finished job's result is kept for its page

_ids = itertools.count(1)
_finishing = threading.Lock()  # a job's end and the callbacks waiting for it


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
    _on_over: list[Callable[[], None]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.state in ("done", "error", "cancelled")

    @property
    def lane(self) -> str:
        return SCREEN if self.interactive else REVIEW if self.kind in THREAD_KINDS else BACKGROUND

    def when_over(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (from whichever thread finishes the job) once the job is over; at once if it is."""
        with _finishing:
            if not self.done_event.is_set():
                self._on_over.append(callback)
                return
        callback()

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


class Lanes:
    """The jobs waiting for a worker: a lane per kind of work (:data:`SCREEN`, :data:`BACKGROUND`,
    :data:`REVIEW`), and in each lane a line per client served in turn (round robin). A client has one
    job on screen running at a time; a spare worker (a background one) takes a job for the screen
    only while no worker kept for the screen is idle."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._lines: dict[str, dict[str, deque[Job]]] = {SCREEN: {}, BACKGROUND: {}, REVIEW: {}}
        self._on_screen: dict[str, Job] = {}  # client: its job for the screen that is running
        self._idle_screen_workers = 0

    def put(self, job: Job) -> None:
        with self._changed:
            self._lines[job.lane].setdefault(job.tab, deque()).append(job)
            self._changed.notify_all()

    def drop(self, job: Job) -> None:
        """Take a job that is still waiting out of its line (it was cancelled)."""
        with self._changed:
            line = self._lines[job.lane].get(job.tab)
            if line is not None and job in line:
                line.remove(job)
                if not line:
                    del self._lines[job.lane][job.tab]

    def take(self, lanes: tuple[str, ...], timeout: float, *, keeps_screen: bool = False) -> Job | None:
        """The next job of the first of ``lanes`` that has one, waiting at most ``timeout`` seconds.
        ``keeps_screen``: the worker is kept for the screen (spare workers leave it the screen's jobs)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                job = self._next(lanes, keeps_screen)
                left = deadline - time.monotonic()
                if job is not None or left <= 0:
                    return job
                self._idle_screen_workers += keeps_screen
                try:
                    self._changed.wait(left)
                finally:
                    self._idle_screen_workers -= keeps_screen

    def _next(self, lanes: tuple[str, ...], keeps_screen: bool) -> Job | None:
        for lane in lanes:
            if lane == SCREEN and not keeps_screen and self._idle_screen_workers:
                continue
            lines = self._lines[lane]
            for client in list(lines):
                if lane == SCREEN and client in self._on_screen:
                    continue  # its search before is still stopping: latest wins, one at a time
                line = lines.pop(client)
                job = line.popleft()
                if line:
                    lines[client] = line  # to the back: the other clients' turn first
                if lane == SCREEN:
                    self._on_screen[client] = job
                return job
        return None

    def finished(self, job: Job) -> None:
        """A job taken is over (or was skipped): its client's next search for the screen may start."""
        with self._changed:
            if self._on_screen.get(job.tab) is job:
                del self._on_screen[job.tab]
            self._changed.notify_all()

    def wake(self) -> None:
        """Wake every waiting worker (the pool is closing)."""
        with self._changed:
            self._changed.notify_all()


class Worker:
    """One spawned process and the thread that feeds it jobs from its lanes and reads its answers."""

    def __init__(self, name: str, lanes: Lanes, take_from: tuple[str, ...], on_ready: Callable[[float], None],
                 keeps_screen: bool = False) -> None:
        self.name = name
        self.lanes = lanes
        self.take_from = take_from
        self.keeps_screen = keeps_screen
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
        for job in _runnable(self.lanes, self.take_from, lambda: self.closing, self.keeps_screen):
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
            self.lanes.finished(job)  # the tab's next search need not wait for the new process
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

    def __init__(self, name: str, lanes: Lanes) -> None:
        from huolong.solver import StopToken

        self.name = name
        self.lanes = lanes
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

        for job in _runnable(self.lanes, (REVIEW,), lambda: self.closing):
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


def _runnable(lanes: Lanes, take_from: tuple[str, ...], closing: Callable[[], bool],
              keeps_screen: bool = False) -> Iterator[Job]:
    """The jobs to run from ``lanes``, until closing; one cancelled while it waited is finished as
    such, not run. Each is handed back to the lanes once the caller is done with it."""
    while not closing():
        job = lanes.take(take_from, 0.2, keeps_screen=keeps_screen)
        if job is None:
            continue
        try:
            if job.cancel_asked:
                _finish(job, "cancelled")
            else:
                yield job
        finally:
            lanes.finished(job)


def _finish(job: Job, state: str) -> None:
    job.state = state
    job.finished = time.monotonic()
    with _finishing:
        job.done_event.set()
        callbacks, job._on_over = job._on_over, []
    for callback in callbacks:
        callback()


class Pool:
    """The worker kept for the screen, the background workers, the reviewer, and every job by id."""

    def __init__(self, background: int = 1) -> None:
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.lanes = Lanes()
        self.compile_seconds: float | None = None
        self.started = time.monotonic()
        self.interactive = Worker("interactive", self.lanes, (SCREEN,), self._ready, keeps_screen=True)
        self.background = [Worker(f"background-{i + 1}", self.lanes, (BACKGROUND, SCREEN), self._ready)
                           for i in range(max(1, background))]
        self.reviewer = ThreadWorker("review", self.lanes)
        self.janitor = threading.Thread(target=self._sweep, name="board-janitor", daemon=True)
        self.closing = False
        self.janitor.start()

    def _ready(self, seconds: float) -> None:
        if self.compile_seconds is None:
            self.compile_seconds = seconds

    @property
    def ready(self) -> bool:
        """Values can come: a worker that takes searches for the screen has loaded the kernel (every
        worker does; on a first start they load one after the other, as the first compiles)."""
        return any(worker.ready for worker in (self.interactive, *self.background))

    def _waiting(self, tab: str | None = None) -> int:
        """Background jobs waiting: a tab's, or everyone's."""
        return sum(1 for j in self.jobs.values()
                   if j.state == "queued" and not j.interactive and (tab is None or j.tab == tab))

    def status(self) -> dict:
        return {"kernel": "ready" if self.ready else "compiling", "seconds_since_start":
                round(time.monotonic() - self.started, 1), "load_seconds": self.compile_seconds,
                "workers": 1 + len(self.background), "queued": self._waiting()}

    def submit(self, kind: str, params: dict, tab: str = "", interactive: bool = False) -> Job:
        """Queue a job of client ``tab``. Interactive (the position on screen): the latest wins within the
        tab — it cancels the tab's interactive job running or waiting, and no other tab's."""
        job = Job(kind, params, tab, interactive)
        with self.lock:
            if interactive:
                for other in self.jobs.values():
                    if other.interactive and other.tab == tab and not other.over:
                        self._cancel(other)
            else:
                for waiting, limit in ((self._waiting(tab), QUEUE_LIMIT), (self._waiting(), QUEUE_TOTAL)):
                    if waiting >= limit:
                        raise QueueFull(_("{n} jobs are waiting already").format(n=waiting))
            self.jobs[job.id] = job
            self.lanes.put(job)
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
            self.lanes.drop(job)
            _finish(job, "cancelled")  # should a worker have taken it meanwhile, it skips it
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
        self.reviewer.closing = True
        self.lanes.wake()
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
