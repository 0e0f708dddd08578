"""What the solver reports: the value of a hand's end, a play's value, a trick of a line.

>>> from huolong.engine import Outcome, Play
>>> Value(175, True, Outcome("attackers-up", 1)).to_dict()
{'points': 175, 'dug': True, 'outcome': 'attackers-up', 'levels': 1}
>>> MoveValue(Play.parse("SA"), Value(7, False, None)).to_dict()
{'play': 'SA', 'tricks': 7}
"""

from __future__ import annotations

from dataclasses import dataclass

from huolong.engine import Outcome, Play, seat_name
from huolong.engine.seats import Seat


@dataclass(frozen=True)
class Value:
    """The end of a hand under best play: attackers' final points, the dig, the result.

    In bridge, ``points`` is the number of tricks the side to play takes from
    the analysed position on (DDS's convention), and ``outcome`` is ``None``.
    """

    points: int
    dug: bool
    outcome: Outcome | None

    def __str__(self) -> str:
        if self.outcome is None:
            return f"{self.points} tricks"
        return f"{self.points}{' dug' if self.dug else ''} {self.outcome}"

    def to_dict(self) -> dict:
        if self.outcome is None:  # bridge
            return {"tricks": self.points}
        return {"points": self.points, "dug": self.dug, "outcome": self.outcome.name, "levels": self.outcome.levels}


@dataclass(frozen=True)
class MoveValue:
    """One legal play of the seat to move and the value it leads to.

    When only optimality was asked for (``solve(plays="optimal")``) a play
    that is not optimal has no value (``None``) and ``optimal`` is False.
    """

    play: Play
    value: Value | None
    loss: int | None = 0  # points this play gives up against the best, from the mover's side
    optimal: bool | None = None  # set when only optimality was asked for

    def to_dict(self) -> dict:
        out: dict = {"play": str(self.play)}
        if self.value is not None:
            out.update(self.value.to_dict())
        if self.optimal is not None:
            out["optimal"] = self.optimal
        return out


@dataclass(frozen=True)
class LineTrick:
    """One trick of the best line."""

    leader: Seat
    plays: tuple[Play, ...]
    winner: Seat | None
    points: int

    def __str__(self) -> str:
        text = f"{seat_name(self.leader)}: " + ", ".join(str(p) for p in self.plays)
        if self.winner is None:
            return text
        return text + f" -> {seat_name(self.winner)}, {self.points} points"

    def to_dict(self) -> dict:
        return {"leader": seat_name(self.leader), "plays": [str(p) for p in self.plays],
                "winner": seat_name(self.winner) if self.winner is not None else None, "points": self.points}
