"""The kernel's buffers for one hand, and running a kernel driver under a node limit, a clock and Ctrl-C.

A driver runs in a thread of its own when it may be long (the kernel
releases the GIL), so that the main thread can stop it: it sets a control
word the search polls, and the driver returns early with the kernel's
``CTRL_ABORTED`` set.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from huolong.engine import Position

from .encode import Encoding
from .errors import SearchAborted
from .kernel.layout import (
    CTRL_ABORTED, CTRL_LIMIT, CTRL_NODES, CTRL_OVERFLOW, CTRL_STOP, STOP_INTERRUPT, STOP_TIME, new_table,
    search_buffers,
)

STACK_SIZE = 1 << 21
DIRECT_CARDS = 28  # below this many cards in play, searches are too short to need a watcher thread


def table_bits(pos: Position) -> int:
    """The table size for a position: small endgames should not pay for a big table."""
    in_play = sum(len(h) for h in pos.hands if h is not None)
    return min(21, max(12, in_play // 2 + 2))


class Session:
    """Kernel buffers for searches in one hand under one encoding: the table is kept between calls.

    ``max_nodes`` counts over the session's life; ``max_seconds`` runs from its creation.
    """

    def __init__(self, enc: Encoding, bits: int, *, max_nodes: int | None = None, max_seconds: float | None = None,
                 stack: int = STACK_SIZE) -> None:
        self.enc = enc
        self.T = new_table(1 << bits)
        self.ms, self.sc, self.prev, self.ctrl, self.F, self.FK = search_buffers(stack)
        self.ctrl[CTRL_LIMIT] = max_nodes or 0
        self.deadline = time.monotonic() + max_seconds if max_seconds else None

    @property
    def nodes(self) -> int:
        return int(self.ctrl[CTRL_NODES])

    def search_args(self) -> tuple:
        """The buffers every search driver takes after ``K``: table, moves, scores, links, control, frames."""
        return self.T, self.ms, self.sc, self.prev, self.ctrl, self.F, self.FK

    def run(self, driver: Callable[..., Any], *args: Any, watched: bool = True) -> Any:
        """Call a kernel driver; raise :class:`SearchAborted` if it was stopped by a limit.

        ``watched``: in a thread, so that the clock and Ctrl-C can stop it
        (Ctrl-C stops the kernel and is raised again, as ``KeyboardInterrupt``).
        """
        self.ctrl[CTRL_ABORTED] = 0
        if watched or self.deadline is not None:
            return self._watched(driver, args)
        result = driver(*args)
        if self.ctrl[CTRL_ABORTED]:
            raise SearchAborted(self._reason(), self.nodes)
        return result

    def _reason(self) -> str:
        if self.ctrl[CTRL_OVERFLOW]:
            return "move stack overflow"
        if self.ctrl[CTRL_STOP] == STOP_TIME:
            return "time limit"
        if self.ctrl[CTRL_STOP] == STOP_INTERRUPT:
            return "interrupted"
        return "node limit"

    def _watched(self, driver: Callable[..., Any], args: tuple) -> Any:
        return run_side_by_side([(self, driver, args)])[0]


def run_side_by_side(calls: list[tuple[Session, Callable[..., Any], tuple]]) -> list[Any]:
    """Run kernel drivers at once, a thread each (the kernel releases the GIL), each session on its own
    table; the clock and Ctrl-C stop them all. Raises :class:`SearchAborted` if any was stopped."""
    results: list[Any] = [None] * len(calls)

    def work(i: int) -> None:
        results[i] = calls[i][1](*calls[i][2])

    for session, _, _ in calls:
        session.ctrl[CTRL_ABORTED] = 0
    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(len(calls))]
    for t in threads:
        t.start()
    deadline = min((s.deadline for s, _, _ in calls if s.deadline is not None), default=None)
    try:
        while any(t.is_alive() for t in threads):
            for t in threads:
                t.join(0.05)
            if deadline is not None and time.monotonic() > deadline:
                for session, _, _ in calls:
                    session.ctrl[CTRL_STOP] = STOP_TIME
    except KeyboardInterrupt:
        for session, _, _ in calls:
            session.ctrl[CTRL_STOP] = STOP_INTERRUPT
        for t in threads:
            t.join()
        raise
    stopped = [s for s, _, _ in calls if s.ctrl[CTRL_ABORTED]]
    if stopped:
        raise SearchAborted(stopped[0]._reason(), sum(s.nodes for s, _, _ in calls))
    return results


def needs_watching(pos: Position) -> bool:
    """Is a search of this position long enough to run in a watched thread?"""
    return sum(len(h) for h in pos.hands if h is not None) > DIRECT_CARDS


def empty_links() -> np.ndarray:
    """Fresh equivalence links (see ``kernel.twins.equivalence``)."""
    return np.full(54, -1, np.int64)
