"""Transposition tables kept in the process for the next search, instead of made anew.

A new table is zeroed memory that the system hands out page by page: the
search pays a page fault for every page it first touches (a 2^18-entry
table made and touched at 3,000 entries: 0.56 ms; a kept one emptied:
0.06 ms), a cost per solve that weighs on small positions (an 8-card
``--plays best``: −5 % at the median, bench/RESULTS.md, session 15). A table
given back is kept and, when a search asks for one of its size, emptied —
its shapes zeroed, which is all a search reads of an entry before it
stores one — and handed out again.

Only tables of up to :data:`KEPT_BITS` are kept (a bigger one is searched
long enough for its page faults not to count, and would hold hundreds of
megabytes), at most :data:`KEPT_PER_SIZE` of a size (a solve on two threads
takes two).

>>> T = take(12)
>>> give_back(T)
>>> take(12) is T
True
"""

from __future__ import annotations

import os
import threading

import numpy as np

from .kernel.layout import T_SHAPE, clear_table, new_table

KEPT_BITS = 18
KEPT_PER_SIZE = 2

_free: dict[int, list[tuple[np.ndarray, ...]]] = {}
_lock = threading.Lock()


def take(bits: int) -> tuple[np.ndarray, ...]:
    """An empty table of ``2 ** bits`` entries: a kept one if there is one, else a new one."""
    with _lock:
        kept = _free.get(bits)
        table = kept.pop() if kept else None
    if table is None:
        return new_table(1 << bits)
    clear_table(table)
    return table


def give_back(table: tuple[np.ndarray, ...]) -> None:
    """Keep a table no search uses any more for a later :func:`take` (or let it go)."""
    bits = table[T_SHAPE].shape[0].bit_length() - 1
    if bits > KEPT_BITS:
        return
    with _lock:
        kept = _free.setdefault(bits, [])
        if len(kept) < KEPT_PER_SIZE and not any(t is table for t in kept):
            kept.append(table)


def _forget() -> None:
    """In a forked child: a lock the parent held at the fork would never be released here."""
    global _lock
    _lock = threading.Lock()
    _free.clear()


os.register_at_fork(after_in_child=_forget)
