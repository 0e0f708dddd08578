"""Rooms on disk: each room's game file (``ID.hl``, read by every other command) and its seats
(``ID.json``: the secrets of its links, so that they still work after a restart), both written
atomically after every change; a restarted server takes every room up where it was.

The folder is the host's own (made readable by its owner only): the links' secrets are in it.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from huolong.engine import HuolongError, card_token, write_atomically
from huolong.engine.gamefile import read_game_text
from huolong.i18n import _

from .room import Chair, Room, RoomError

__all__ = ["ROOM_ID", "default_folder", "load_room", "load_rooms", "save_room"]

ROOM_ID = re.compile(r"[A-Za-z0-9_-]{4,32}")
FORMAT = 1
FOLDER_ENV = "HUOLONG_SOLVE_TABLES"


def default_folder() -> Path:
    """``$HUOLONG_SOLVE_TABLES``, else ``tables`` in the user's data folder."""
    if os.environ.get(FOLDER_ENV):
        return Path(os.environ[FOLDER_ENV])
    import platformdirs

    return platformdirs.user_data_path("huolong-solve") / "tables"


def _paths(folder: Path, room_id: str) -> tuple[Path, Path]:
    return folder / f"{room_id}.json", folder / f"{room_id}.hl"


def save_room(room: Room, folder: str | os.PathLike[str]) -> Path:
    """Write the room's game file and seats to ``folder`` (made, owner only, when missing); the game file's path."""
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True, mode=0o700)
    meta_path, game_path = _paths(where, room.id)
    with room.lock:
        game_text = room.game.text()
        meta = {
            "format": FORMAT, "id": room.id, "host_key": room.host_key, "watch_key": room.watch_key,
            "max_hands": room.max_hands, "timer": room.timer, "phase": room.phase, "host_seat": room.host_seat,
            "chairs": [{"human": c.human, "policy": c.policy, "key": c.key, "joined": c.joined, "name": c.name}
                       for c in room.chairs],
            "declare_answers": {str(s): a for s, a in room.declare_answers.items()},
            "jokers_answers": {str(s): n for s, n in room.jokers_answers.items()},
            "bury": " ".join(card_token(c) for c in room.buried.bottom) if room.phase == "jokers" and room.buried is not None else None,
        }
    write_atomically(game_path, game_text)
    write_atomically(meta_path, json.dumps(meta, indent=1))
    os.chmod(meta_path, 0o600)
    return game_path


def load_room(meta_path: str | os.PathLike[str]) -> Room:
    """The room saved at ``meta_path`` (its ``.hl`` beside it), where it was: the hand in play goes on,
    a deal being made is made again from its seed and the answers given."""
    path = Path(meta_path)
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
        game = read_game_text(path.with_suffix(".hl").read_text(encoding="utf-8"), str(path.with_suffix(".hl")))
        if game.note:
            raise RoomError(game.note)
        chairs = [Chair(human=bool(c["human"]), policy=str(c["policy"]), key=str(c["key"]),
                        joined=bool(c["joined"]), name=str(c.get("name", ""))) for c in meta["chairs"]]
        if len(chairs) != 4 or not ROOM_ID.fullmatch(str(meta["id"])):
            raise ValueError("chairs")
        room = Room(str(meta["id"]), game.header, chairs, host_key=str(meta["host_key"]),
                    watch_key=str(meta["watch_key"]), max_hands=meta.get("max_hands"), timer=meta.get("timer"),
                    game=game)
    except OSError as e:
        raise RoomError(_("{file}: cannot read it: {reason}").format(file=path, reason=e.strerror)) from None
    except HuolongError:
        raise
    except (ValueError, KeyError, TypeError) as e:
        raise RoomError(_("{file}: not a room saved by huolong-solve ({reason})").format(file=path, reason=e)) from None
    host_seat = meta.get("host_seat")
    room.host_seat = host_seat if host_seat in (0, 1, 2, 3) else None
    _take_up(room, meta)
    return room


def _take_up(room: Room, meta: dict) -> None:
    game = room.game
    if game.unfinished is not None:
        room.pos, room.phase = game.unfinished, "play"
        room._advance()
        return
    phase = meta.get("phase", "lobby")
    if phase in ("dealing", "bury", "jokers"):
        room.declare_answers = {int(s): list(a) for s, a in meta.get("declare_answers", {}).items()}
        room.jokers_answers = {int(s): int(n) for s, n in meta.get("jokers_answers", {}).items()}
        room.phase = "dealing"
        room._advance()
        if phase == "jokers" and room.phase == "bury" and meta.get("bury"):
            room.act(room.deal.dealer, "bury", str(meta["bury"]),  # type: ignore[union-attr]
                     stamp=None if room.chairs[room.deal.dealer].human else room.stamp())  # type: ignore[union-attr]
        return
    if phase == "lobby" and not game.hands:
        return
    room.last = game.hands[-1] if game.hands else None
    done = game.state.over or (room.max_hands is not None and game.state.hands >= room.max_hands)
    room.phase = "finished" if done else "over"


def load_rooms(folder: str | os.PathLike[str]) -> tuple[list[Room], list[str]]:
    """Every room saved in ``folder``, and a line for each file that could not be taken up."""
    rooms, problems = [], []
    where = Path(folder)
    if not where.is_dir():
        return [], []
    for meta_path in sorted(where.glob("*.json")):
        try:
            rooms.append(load_room(meta_path))
        except (RoomError, HuolongError) as e:
            problems.append(str(e))
    return rooms, problems
