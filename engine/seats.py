"""Seats, partnerships and the order of play.

Seats are ``int`` 0..3 named S E N W. Play goes counter-clockwise,
S → E → N → W, which is simply ``seat + 1``; partners sit two apart.

>>> SEAT_NAMES[next_seat(parse_seat("W"))]
'S'
>>> partner(parse_seat("E")) == parse_seat("W")
True
"""

from __future__ import annotations

from .errors import HuolongError

Seat = int

SEAT_NAMES = "SENW"
SOUTH, EAST, NORTH, WEST = range(4)


def parse_seat(text: str) -> Seat:
    name = text.strip().upper()
    if len(name) != 1 or name not in SEAT_NAMES:
        raise HuolongError(f"invalid seat {text!r}: use S, E, N or W")
    return SEAT_NAMES.index(name)


def seat_name(seat: Seat) -> str:
    return SEAT_NAMES[seat]


def next_seat(seat: Seat) -> Seat:
    """The seat that plays after ``seat`` (counter-clockwise)."""
    return (seat + 1) % 4


def partner(seat: Seat) -> Seat:
    return (seat + 2) % 4


def same_team(a: Seat, b: Seat) -> bool:
    return a % 2 == b % 2
