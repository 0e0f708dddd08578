"""The solver's errors: part of the engine's family (``HuolongError``, a ``ValueError``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from huolong.engine import HuolongError
from huolong.i18n import N_, _

#: Why a search stopped: the reason as JSON gives it, and its words.
STOP_REASONS = {"node limit": N_("node limit"), "time limit": N_("time limit"), "interrupted": N_("interrupted"),
                "cancelled": N_("cancelled"), "move stack overflow": N_("move stack overflow")}

if TYPE_CHECKING:
    from .intervals import PlayInterval
    from .values import MoveValue, Value


class SolverError(HuolongError):
    """Something the solver cannot do with the position it was given."""


class SearchAborted(SolverError):
    """The search stopped before it finished: node limit, time limit or Ctrl-C.

    ``partial`` holds the plays whose values were finished before the stop;
    ``bounds`` what had been proved of the position's value, ``(at least,
    at most)`` as :class:`~huolong.solver.values.Value` (``None``: nothing
    that way); ``intervals``, when the budget was shared among the plays,
    each play's proven interval.

    >>> str(SearchAborted("node limit", 1200))
    'search stopped (node limit) after 1,200 nodes'
    """

    def __init__(self, reason: str, nodes: int, partial: list[MoveValue] | None = None) -> None:
        self.reason = reason
        self.nodes = nodes
        self.partial = partial or []
        self.bounds: tuple[Value | None, Value | None] = (None, None)
        self.intervals: list[PlayInterval] = []  # every play's proven interval (solve(intervals=True))
        super().__init__(_("search stopped ({reason}) after {nodes} nodes").format(
            reason=_(STOP_REASONS[reason]) if reason in STOP_REASONS else reason, nodes=f"{nodes:,}"))
