"""Seats, partnerships and the order of play.

Seats are ``int`` 0..3 named S E N W. Play goes counter-clockwise,
S → E → N → W, which is simply ``seat + 1``; partners sit two apart.

>>> SEAT_NAMES[next_seat(parse_seat("W"))]
'S'
>>> partner(parse_seat("E")) == parse_seat("W")
True

In text a seat shows as its letter, or in Chinese as its compass point
(南 东 北 西), which a user may also type.

>>> parse_seat("东") == parse_seat("E")
True
"""

from __future__ import annotations

from huolong.i18n import N_, _

from .errors import HuolongError, excerpt

Seat = int

SEAT_NAMES = "SENW"
SOUTH, EAST, NORTH, WEST = range(4)
CHINESE_SEATS = "南东北西"
# the seats as text shows them (the letters are their English names)
_LABELS = (N_("S"), N_("E"), N_("N"), N_("W"))


def parse_seat(text: str) -> Seat:
    name = text.strip().upper()
    if len(name) == 1 and name in CHINESE_SEATS:
        return CHINESE_SEATS.index(name)
    if len(name) != 1 or name not in SEAT_NAMES:
        raise HuolongError(_("invalid seat {text!r}: use S, E, N or W").format(text=excerpt(text)))
    return SEAT_NAMES.index(name)


def seat_name(seat: Seat) -> str:
    """The seat's letter, as files and JSON write it."""
    return SEAT_NAMES[seat]


def seat_label(seat: Seat) -> str:
    """The seat as text shows it in the current language: ``S`` or ``南``."""
    return _(_LABELS[seat])


def next_seat(seat: Seat) -> Seat:
    """The seat that plays after ``seat`` (counter-clockwise)."""
    return (seat + 1) % 4


def partner(seat: Seat) -> Seat:
    return (seat + 2) % 4


def same_team(a: Seat, b: Seat) -> bool:
    return a % 2 == b % 2
