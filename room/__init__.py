"""A table for friends: four seats played by people on their phones and by the computer, a whole game the
server keeps, saved after every change (:mod:`.store`), reached by links with each seat's secret
(:mod:`.links`). The board serves it (``huolong.board.rooms``)."""

from .room import HUMAN, PHASES, Chair, Question, Room, RoomError, Work
from .store import load_room, load_rooms, save_room

__all__ = ["HUMAN", "PHASES", "Chair", "Question", "Room", "RoomError", "Work", "load_room", "load_rooms",
           "save_room"]
