"""The kernel's buffers for one hand, and running a kernel driver under a node limit, a clock and Ctrl-C.

A driver that may be long runs with a watcher: a thread that stops it at
its deadline or on Ctrl-C by setting a control word the search polls (the
driver returns early with the kernel's ``CTRL_ABORTED`` set). The driver
itself runs in the calling thread, so that no search outlives its call: a
``KeyboardInterrupt`` that interrupts ``Thread.join`` leaves Python unable to
wait for that thread (it counts it as stopped while it still runs), and a
program that catches the interrupt and searches again would share the
table with a search still running.

Ctrl-C while the kernel runs: Python's SIGINT handler only runs once the
kernel returns, but its C-level part writes the signal's number at once to
the wakeup file descriptor (:func:`signal.set_wakeup_fd`), which the
watcher reads. So the watcher stops the search, the kernel returns, and
the ``KeyboardInterrupt`` is raised as usual. (Only in the main thread, and
only when SIGINT raises ``KeyboardInterrupt``: a program with a handler of
its own for SIGINT keeps it.)
"""

from __future__ import annotations

import os
import select
import signal
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from typing import Any

import numpy as np

from huolong.engine import Position
from huolong.i18n import _

from .encode import Encoding
from .errors import SearchAborted, SolverError
from .kernel import load
from .kernel.layout import (
    CTRL_ABORTED, CTRL_CEILING, CTRL_FLOOR, CTRL_LIMIT, CTRL_NODES, CTRL_OVERFLOW, CTRL_STOP, INF, STOP_INTERRUPT,
    STOP_TIME, search_buffers,
)
from .tables import give_back, take

class StopToken:
    """Stops a search from elsewhere: another thread calls :meth:`cancel` (or sets the event given,
    e.g. a ``multiprocessing.Event`` another process sets). The search polls it with its clock and
    stops within a twentieth of a second, raising :class:`SearchAborted` (reason ``cancelled``)
    with what it had finished and proved. A token stays cancelled: use a new one for a new search.

    >>> token = StopToken()
    >>> token.cancelled
    False
    >>> token.cancel(); token.cancelled
    True
    """

    def __init__(self, event: Any = None) -> None:
        self._event = event if event is not None else threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return bool(self._event.is_set())


STACK_SIZE = 1 << 21
MAX_NODES = 2**62  # the largest node budget: the kernel's counters are 64-bit words
REPORT_EVERY = 0.5  # seconds between progress reports of a watched search
DIRECT_CARDS = 28  # below this many cards in play, searches are too short to need a watcher thread


def table_bits(pos: Position) -> int:
    """The table size for a position: small endgames should not pay for a big table."""
    in_play = sum(len(h) for h in pos.hands if h is not None)
    return min(21, max(12, in_play // 2 + 2))


class Session:
    """Kernel buffers for searches in one hand under one encoding: the table is kept between calls.

    ``max_nodes`` counts over the session's life; ``max_seconds`` runs from its creation.
    :meth:`close` gives the table back for another session (:mod:`.tables`).
    """

    def __init__(self, enc: Encoding, bits: int, *, max_nodes: int | None = None, max_seconds: float | None = None,
                 stack: int = STACK_SIZE, stop: StopToken | None = None) -> None:
        if max_nodes is not None and max_nodes > MAX_NODES:  # the kernel counts in 64-bit words
            raise SolverError(_("invalid max_nodes {n}: at most {most}").format(n=max_nodes, most=MAX_NODES))
        self.enc = enc
        self.stop = stop
        self.T = take(bits)
        self.ms, self.sc, self.prev, self.ctrl, self.F, self.FK = search_buffers(stack)
        self.ctrl[CTRL_LIMIT] = max_nodes or 0
        self.deadline = time.monotonic() + max_seconds if max_seconds else None
        #: called from the watcher thread while a watched driver runs: at once, then every REPORT_EVERY s
        self.on_progress: Callable[[], None] | None = None

    @property
    def nodes(self) -> int:
        return int(self.ctrl[CTRL_NODES])

    def close(self) -> None:
        """Give the table back: the session searches no more."""
        if self.T:
            give_back(self.T)
            self.T = ()

    def search_args(self) -> tuple:
        """The buffers every search driver takes after ``K``: table, moves, scores, links, control, frames."""
        return self.T, self.ms, self.sc, self.prev, self.ctrl, self.F, self.FK

    def run(self, driver: Callable[..., Any], *args: Any, watched: bool = True) -> Any:
        """Call a kernel driver; raise :class:`SearchAborted` if it was stopped by a limit.

        ``watched``: with a watcher thread, so that the clock and Ctrl-C can stop it
        (Ctrl-C stops the kernel and is raised again, as ``KeyboardInterrupt``).
        """
        began = time.monotonic()
        load(driver, args)  # its first call here: compiled once a machine, under the cache's lock
        if self.deadline is not None:  # the budget is the search's: loading or compiling the kernel is not
            self.deadline += time.monotonic() - began
        self.start()
        if watched or self.deadline is not None or self.stop is not None:
            return self._watched(driver, args)
        result = driver(*args)
        if self.ctrl[CTRL_ABORTED]:
            raise SearchAborted(self._reason(), self.nodes)
        return result

    def start(self) -> None:
        """Before a driver runs: not stopped, and nothing proved yet of the value it is after."""
        self.ctrl[CTRL_ABORTED] = 0
        self.ctrl[CTRL_FLOOR], self.ctrl[CTRL_CEILING] = -INF, INF

    def _reason(self) -> str:
        if self.ctrl[CTRL_OVERFLOW]:
            return "move stack overflow"
        if self.stop is not None and self.stop.cancelled:
            return "cancelled"
        if self.ctrl[CTRL_STOP] == STOP_TIME:
            return "time limit"
        if self.ctrl[CTRL_STOP] == STOP_INTERRUPT:
            return "interrupted"
        return "node limit"

    def _watched(self, driver: Callable[..., Any], args: tuple) -> Any:
        return run_side_by_side([(self, driver, args)])[0]


def run_side_by_side(calls: list[tuple[Session, Callable[..., Any], tuple]]) -> list[Any]:
    """Run kernel drivers at once, each session on its own table: the first in this thread, the others
    in kept threads (the kernel releases the GIL); the clock and Ctrl-C stop them all. Raises
    :class:`SearchAborted` if any was stopped."""
    for session, driver, args in calls:
        load(driver, args)
        session.start()
    pool = _workers(len(calls) - 1) if len(calls) > 1 else None
    others = [pool.submit(driver, *args) for _, driver, args in calls[1:]] if pool else []
    with _Watcher([session for session, _, _ in calls]):
        try:
            first = calls[0][1](*calls[0][2])
        finally:
            interrupted = False
            while True:  # the watcher stops them all on Ctrl-C: none may outlive this call
                try:
                    wait(others)
                    break
                except KeyboardInterrupt:
                    interrupted = True
            if interrupted:
                raise KeyboardInterrupt
    results = [first, *(f.result() for f in others)]
    stopped = [s for s, _, _ in calls if s.ctrl[CTRL_ABORTED]]
    if stopped:
        raise SearchAborted(stopped[0]._reason(), sum(s.nodes for s, _, _ in calls))
    return results


class _Watcher:
    """Sessions watched by the process's watcher thread — stopped at the earliest deadline, or on
    Ctrl-C (see the module's docstring) — for the time of a ``with`` block.

    One thread serves every block, made once per process: a thread started for each call cost
    ~10 % of an 8-card ``--plays best`` (bench/RESULTS.md, session 15).
    """

    def __init__(self, sessions: list[Session]) -> None:
        self.sessions = sessions
        self.deadline = min((s.deadline for s in sessions if s.deadline is not None), default=None)
        self.report = next((s.on_progress for s in sessions if s.on_progress is not None), None)
        self.tokens = [s.stop for s in sessions if s.stop is not None]
        self.next_report = 0.0  # the first poll reports
        self.signals = _signal_socket() if _ctrl_c_raises() else None

    def __enter__(self) -> _Watcher:
        if any(t.cancelled for t in self.tokens):  # cancelled before it began: stop at the first poll
            self.stop(STOP_INTERRUPT)
        self.old_fd = -1
        if self.signals is not None:
            _drain(self.signals[0])  # a signal of an earlier call, already raised
            self.old_fd = signal.set_wakeup_fd(self.signals[1].fileno(), warn_on_full_buffer=False)
        with _watch_lock:
            _watched.append(self)
            _watcher_thread()
            _watch_lock.notify()
        return self

    def __exit__(self, *exc: object) -> None:
        with _watch_lock:  # first: once out of the list, the thread never stops these sessions
            _watched.remove(self)
        if self.signals is not None:
            signal.set_wakeup_fd(self.old_fd)

    def stop(self, why: int) -> None:
        for session in self.sessions:
            session.ctrl[CTRL_STOP] = why


_watched: list[_Watcher] = []
_watch_lock = threading.Condition()
_watch_thread: threading.Thread | None = None


def _watcher_thread() -> None:
    """Start the process's watcher thread if it is not running (call with ``_watch_lock`` held)."""
    global _watch_thread
    if _watch_thread is None:
        _watch_thread = threading.Thread(target=_watch, name="huolong-watch", daemon=True)
        _watch_thread.start()


def _watch() -> None:
    while True:
        with _watch_lock:
            while not _watched:
                _watch_lock.wait()
            signals = any(w.signals is not None for w in _watched)
        interrupted = False
        if signals:
            read = _signal_socket()[0]
            interrupted = bool(select.select([read], [], [], 0.05)[0]) and signal.SIGINT in _drain(read)
        else:
            time.sleep(0.05)
        now = time.monotonic()
        due = []
        with _watch_lock:
            for w in _watched:
                if (interrupted and w.signals is not None) or any(t.cancelled for t in w.tokens):
                    w.stop(STOP_INTERRUPT)
                if w.deadline is not None and now > w.deadline:
                    w.stop(STOP_TIME)
                if w.report is not None and now >= w.next_report:
                    w.next_report = now + REPORT_EVERY
                    due.append(w)
        for w in due:  # outside the lock: a slow report must not hold up the calls coming and going
            try:
                w.report()  # type: ignore[misc]
            except Exception:  # noqa: BLE001 - a failing report must not end the thread that stops searches
                w.report = None


def _forget_watcher() -> None:
    """In a forked child: the parent's watcher thread does not exist here, and its lock may be held."""
    global _watch_lock, _watch_thread
    _watch_lock = threading.Condition()
    _watch_thread = None
    _watched.clear()


os.register_at_fork(after_in_child=_forget_watcher)


def _ctrl_c_raises() -> bool:
    """Would Ctrl-C raise ``KeyboardInterrupt`` here — the main thread, with Python's own SIGINT handler?"""
    return (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler)


_signals: tuple[socket.socket, socket.socket] | None = None
_signals_pid = 0


def _signal_socket() -> tuple[socket.socket, socket.socket]:
    """The process's socket pair for signal numbers (read end, write end), made once: a wakeup descriptor
    left behind by an interrupted call must never be a closed one."""
    global _signals, _signals_pid
    if _signals is None or _signals_pid != os.getpid():
        read, write = socket.socketpair()
        read.setblocking(False)
        write.setblocking(False)
        _signals, _signals_pid = (read, write), os.getpid()
    return _signals


def _drain(sock: socket.socket) -> set[int]:
    """The signal numbers waiting in the socket."""
    try:
        return set(sock.recv(512))
    except BlockingIOError:
        return set()


_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_pid = 0
_pool_lock = threading.Lock()


def _workers(count: int) -> ThreadPoolExecutor:
    """The process's kernel threads, at least ``count`` of them; made again in a forked child,
    where the parent's threads do not exist."""
    global _pool, _pool_size, _pool_pid
    with _pool_lock:
        if _pool is None or _pool_size < count or _pool_pid != os.getpid():
            if _pool is not None and _pool_pid == os.getpid():
                _pool.shutdown(wait=False)  # its threads end when their calls do
            _pool_size = max(count, os.cpu_count() or 1)
            _pool = ThreadPoolExecutor(_pool_size, thread_name_prefix="huolong-kernel")
            _pool_pid = os.getpid()
        return _pool


def needs_watching(pos: Position) -> bool:
    """Is a search of this position long enough to need a watcher (a deadline, Ctrl-C)?"""
    return sum(len(h) for h in pos.hands if h is not None) > DIRECT_CARDS


def empty_links() -> np.ndarray:
    """Fresh equivalence links (see ``kernel.twins.equivalence``)."""
    return np.full(54, -1, np.int64)
