"""The rules of Huolong (攉龙), positions and deal files — pure Python.

>>> from huolong.engine import read_positions
>>> [pos] = read_positions('''
... [Level "3"] \\n[Trump "H"]\\n[Dealer "N"]\\n[Leader "S"]\\n[Bottom "K5.-.T4.43"]
... [Deal "S:A.-.-.- K.-.-.- Q.-.-.- 5.-.-.-"]''')
>>> [str(p) for p in pos.legal_plays()]
['SA']
"""

from .cards import BIG_JOKER, LITTLE_JOKER, Card, Hand, Play, card_points, card_token, card_unicode, parse_card
from .dealfile import read_file, read_positions, write_file, write_position, write_positions
from .errors import CardError, DealFileError, HuolongError, IllegalPlayError, PositionError, RulesError, excerpt
from .files import write_atomically
from .order import TRUMP, TrumpOrder
from .outcome import OUTCOME_NAMES, Outcome, hand_result, outcome_key
from .position import Position, Trick
from .rules import Rules
from .seats import EAST, NORTH, SEAT_NAMES, SOUTH, WEST, Seat, parse_seat, seat_label, seat_name

__all__ = [
    "BIG_JOKER", "LITTLE_JOKER", "Card", "Hand", "Play", "card_points", "card_token", "card_unicode", "parse_card",
    "read_file", "read_positions", "write_file", "write_position", "write_positions",
    "CardError", "DealFileError", "HuolongError", "IllegalPlayError", "PositionError", "RulesError", "excerpt",
    "write_atomically",
    "TRUMP", "TrumpOrder", "OUTCOME_NAMES", "Outcome", "hand_result", "outcome_key",
    "Position", "Trick", "Rules", "EAST", "NORTH", "SEAT_NAMES", "SOUTH", "WEST", "Seat", "parse_seat", "seat_label", "seat_name",
]
