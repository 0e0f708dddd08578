"""Tables for friends on the board: the rooms the server keeps, what each seat may see of them, the
computer's moves, the move timer, live updates (server-sent events) and the saved games.

Who may see what is decided here and only here (:func:`room_view`): a seat's link (its secret) shows
that seat's cards, the plays, the declaration and what the rules show; the host's link adds the
controls, not the cards; a spectator's link shows what is public. Every hand is turned up for all
once it is over. A request's credentials are checked against the room in constant time; a wrong,
old or missing one is refused with 403 and learns nothing. See docs/board.md, "A table for friends".
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from huolong.bots import NAMES, PolicyError, policy_of
from huolong.engine import HuolongError, Rules, card_token, seat_name, write_position
from huolong.engine.game import GameRules
from huolong.engine.files import os_reason
from huolong.engine.gamefile import GameHeader, write_game
from huolong.engine.seats import parse_seat, seat_label
from huolong.i18n import _
from huolong.room import Room, RoomError, load_rooms, save_room
from huolong.room.links import bases, qr_svg, seat_link, watch_link
from huolong.room.store import ROOM_ID

from .positions import BadRequest
from .views import hand_view, position_view, told_view, trick_view
from .wholegame import declaration_dict, game_state_dict

__all__ = ["Hall", "Sight", "room_view"]

MAX_ROOMS = 64  # tables in play on one server
MAX_STREAMS = 24  # open event streams of one room (four seats on a phone and a desktop each, spectators)
RATE = 12.0  # requests a second one credential may make, on average
BURST = 40.0  # and at once
LOOK = 2.5  # a computer leading waits this many paces: the trick just won stays in view a moment
KEEPALIVE = 15.0  # seconds between comments on a quiet event stream (proxies close silent ones)
MAX_SEED = 10**9
NOBODY = -1  # no seat: what the table is told, as one who holds no cards hears it


@dataclass(frozen=True)
class Sight:
    """Who asks: a seat (``seat``), the host (``host``, with its own seat or none), or a spectator."""

    seat: int | None
    host: bool = False

    @property
    def label(self) -> str:
        return "host" if self.host else ("watch" if self.seat is None else "SENW"[self.seat])


def sight_of(room: Room, creds: dict) -> Sight:
    """The sight the request's credentials give (``seat`` and ``key``, ``host``, ``watch``), else 403."""
    host = room.is_host(_text(creds.get("host")))
    seat_text, key = creds.get("seat"), _text(creds.get("key"))
    if seat_text is not None:
        named = str(seat_text)[:2]
        shown = seat_label("SENW".index(named)) if named in ("S", "E", "N", "W") else named
        if not key:
            raise Forbidden(_("this link has no key for seat {seat}: ask the host for the seat's link").format(
                seat=shown))
        seat = room.seat_of_key(key)
        if seat is None or named != "SENW"[seat]:
            raise Forbidden(_("this link's key is not this table's key for seat {seat}: ask the host for the "
                              "seat's link").format(seat=shown))
        return Sight(seat, host)
    if host:
        return Sight(None, True)
    if room.is_watcher(_text(creds.get("watch"))):
        return Sight(None)
    raise Forbidden(_("this table needs the key in its link: ask the host for the link"))


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and len(value) <= 64 else None


class Forbidden(BadRequest):
    status = 403


class Missing(BadRequest):
    status = 404


class Throttled(BadRequest):
    status = 429


# -- what a sight sees ------------------------------------------------------------------


def room_view(room: Room, sight: Sight) -> dict:
    """The room as ``sight`` may see it: the JSON every page of the table draws (docs/board.md)."""
    with room.lock:
        return _view(room, sight)


def _view(room: Room, sight: Sight) -> dict:
    you = sight.seat
    q = room.question
    view = {
        "room": room.id, "phase": room.phase, "version": room.version, "hand": room.number,
        "max_hands": room.max_hands, "timer": room.timer, "host": sight.host,
        "you": seat_name(you) if you is not None else None,
        "seats": [{"seat": "SENW"[s], "human": c.human, "joined": c.joined, "name": c.name, "policy": c.policy,
                   "ready": c.ready} for s, c in enumerate(room.chairs)],
        "state": _state(room),
        "waiting_for": _waiting_for(room),
        "seconds_left": max(0.0, round(room.deadline - time.monotonic(), 1))
        if room.deadline and ((q is not None and q.seat == you) or _waiting_for(room)) else None,
        "question": _question(room, q) if q is not None and q.seat == you else None,
        "timed_out": [{"seat": "SENW"[s], "kind": k} for s, k in room.timed_out[-4:]  # a question, only its seat's
                      if k in ("bury", "play") or s == you],
        "declaration": _declaration(room),
        "table": _table(room, sight),
        "last_hand": _last_hand(room) if room.phase in ("over", "finished") and room.last is not None else None,
    }
    return view


def _state(room: Room) -> dict:
    return {**game_state_dict(room.game), "rules": room.header.rules.label()}


def _waiting_for(room: Room) -> str | None:
    """The seat the table waits for — never while dealing or in the round of 扣王: only a seat holding a joker
    is asked then, and naming it would tell the others what it holds."""
    if room.phase in ("dealing", "jokers"):
        return None
    if room.question is not None:
        return "SENW"[room.question.seat]
    if room.phase == "bury" and room.deal is not None:
        return "SENW"[room.deal.dealer]
    if room.phase == "play" and room.pos is not None and not room.pos.is_over():
        return "SENW"[room.pos.to_play]
    return None


def _question(room: Room, q) -> dict:  # type: ignore[no-untyped-def]
    out: dict = {"kind": q.kind}
    if q.kind == "declare":
        s = q.showing
        out.update(received=[card_token(c) for c in sorted(q.received, reverse=True)], showing=s.kind,
                   jokers=s.jokers, cards=[card_token(c) for c in s.cards.cards],
                   overrides=seat_name(s.over) if s.over is not None else None)
    elif q.kind == "jokers":
        out.update(limit=q.limit, least=q.least, bottom_jokers=q.bottom_jokers,
                   little=room.header.game_rules.little == "after-big")
    elif q.kind == "bury":
        out.update(size=room.deal.shape.bottom_size, fast=room.fast)  # type: ignore[union-attr]
    return out


def _declaration(room: Room) -> dict | None:
    return declaration_dict(room.declared) if room.phase not in ("over", "finished", "lobby") else None


def _table(room: Room, sight: Sight) -> dict | None:
    """The hand on the table by this sight: the deal while the dealer buries, then the hand in play."""
    pos = {"bury": room.deal, "jokers": room.buried, "play": room.pos}.get(room.phase)
    if pos is None:
        return None
    you = sight.seat
    view = position_view(pos, you, spectator=you is None)  # a spectator's, or a seatless host's: all face down
    if view["to_play"] != (seat_name(you) if you is not None else None):
        view["legal"] = []  # the legal plays of another seat would show its cards
    view.update(told_view(pos, you if you is not None else NOBODY))  # None hears all: a spectator, no cards
    return view


def _last_hand(room: Room) -> dict:
    """The hand just finished, turned up for all: every hand as dealt after the bury, the bottom, each
    trick, the result and the record to download."""
    record = room.last
    start = record.start()  # type: ignore[union-attr]
    view = position_view(record)  # type: ignore[arg-type]
    tricks = [{"leader": seat_name(t.leader), "winner": seat_name(t.winner), "points": t.points,
               "plays": trick_view(record, t.leader, t.plays)} for t in record.history]  # type: ignore[union-attr]
    return {"number": len(room.game.hands), "result": view["result"], "bottom": view["bottom"],
            "bottom_points": view["bottom_points"], "dealer": view["dealer"], "trump": view["trump"],
            "level": view["level"], "hands": {seat_name(s): hand_view(start, s) for s in range(4)},
            "tricks": tricks, "record": write_position(record)}  # type: ignore[arg-type]


# -- the rooms of a server ------------------------------------------------------------------


@dataclass
class _Stream:
    loop: asyncio.AbstractEventLoop
    event: asyncio.Event = field(default_factory=asyncio.Event)

    def wake(self) -> None:
        try:
            self.loop.call_soon_threadsafe(self.event.set)
        except RuntimeError:  # the loop has closed: the server is stopping
            pass


class Hall:
    """The rooms of one server: made, found, saved, woken; the computer's moves run on a thread pool
    (the search releases the GIL) and the move timer on a thread of its own. ``pace``: seconds a
    computer waits before it plays, so that people see each card land."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, *, pace: float = 0.7,
                 computers: int = 2, rate: float = RATE) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.pace = pace
        self.rate = rate
        self.rooms: dict[str, Room] = {}
        self.streams: dict[str, list[_Stream]] = {}
        self.busy: set[str] = set()  # rooms whose computer is thinking
        self.again: set[str] = set()  # rooms that changed meanwhile
        self.buckets: dict[str, tuple[float, float]] = {}
        self.reviews: dict[tuple[str, int], str] = {}  # (room, hand) → the review job all its seats share
        self.reviewed: dict[tuple[str, int], dict] = {}  # (room, hand) → the review, once done
        self.problems: list[str] = []
        self.lock = threading.Lock()
        self.executor = ThreadPoolExecutor(max_workers=computers, thread_name_prefix="room-computer")
        self.closing = threading.Event()
        self.stopping = False  # the server is stopping: event streams end
        if self.folder is not None:
            rooms, self.problems = load_rooms(self.folder)
            for room in rooms:
                self._add(room)
        self.ticker = threading.Thread(target=self._tick, name="room-timer", daemon=True)
        self.ticker.start()

    # -- rooms --

    def _add(self, room: Room) -> Room:
        room.on_change = self._changed
        with self.lock:
            self.rooms[room.id] = room
            self.streams.setdefault(room.id, [])
        self.kick(room)
        return room

    def create(self, data: dict) -> Room:
        """A room from the new-table form (or the ``table`` command): checked, added, saved."""
        if sum(r.phase != "finished" for r in self.rooms.values()) >= MAX_ROOMS:  # finished ones stay to be read
            raise BadRequest(_("this server has {n} tables already: close one first").format(n=MAX_ROOMS))
        try:
            game_rules = GameRules.parse(str(data.get("game_rules") or "standard"))
            rules = Rules.parse(str(data["rules"])) if data.get("rules") else game_rules.hand_rules()
            policy = str(data.get("policy") or "advise")
            if policy not in NAMES:
                raise BadRequest(_("policy: one of {choices}, not {name!r}").format(choices=", ".join(NAMES),
                                                                                   name=policy[:40]))
            policy_of(policy)
            people = data.get("people", ["S", "E", "N", "W"])
            if not isinstance(people, list) or not all(isinstance(p, str) for p in people):
                raise BadRequest(_("people: the seats people take, e.g. {example}").format(example='["S", "N"]'))
            humans = sorted({parse_seat(p) for p in people})
        except (HuolongError, PolicyError) as e:
            raise BadRequest(str(e)) from None
        if rules.is_bridge:
            raise BadRequest(_("--rules: game plays Huolong hands, not bridge"))
        seed = data.get("seed")
        if seed is None:
            import secrets

            seed = secrets.randbelow(MAX_SEED) + 1
        if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED:
            raise BadRequest(_("seed: a whole number from 1 to {most}, not {seed!r}").format(most=MAX_SEED, seed=seed))
        hands = data.get("hands")
        if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= 999):
            raise BadRequest(_("hands: how many hands to play (1 to 999), or none for a whole game"))
        timer = data.get("timer")
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, (int, float))
                                  or not 5 <= timer <= 3600):
            raise BadRequest(_("timer: from 5 to 3600 seconds, or none"))
        header = GameHeader(seed=seed, players=("human",) * 4, rules=rules, game_rules=game_rules,  # type: ignore[arg-type]
                            tags=(("Event", f"huolong-solve table, seed {seed}"),
                                  ("Date", time.strftime("%Y.%m.%d"))))
        room = Room.new(header, humans, policy=policy, max_hands=hands, timer=timer)
        seat = data.get("seat")  # the host's own seat: taken at once
        if isinstance(seat, str) and len(seat) == 1 and seat in "SENW" and room.chairs["SENW".index(seat)].human:
            room.host_seat = "SENW".index(seat)
            room.join(room.host_seat, str(data.get("name") or "")[:24])
        try:
            self.save(room)
        except OSError as e:
            raise BadRequest(_("{folder}: cannot keep the tables there: {reason}").format(
                folder=self.folder, reason=os_reason(e))) from None
        self._add(room)
        return room

    def find(self, room_id: str) -> Room:
        room = self.rooms.get(room_id) if ROOM_ID.fullmatch(room_id or "") else None
        if room is None:
            raise Missing(_("no table {room!r} here: the host may have closed it").format(room=room_id[:40]))
        return room

    def save(self, room: Room) -> None:
        if self.folder is not None:
            save_room(room, self.folder)

    def links(self, room: Room, host: str, port: int) -> dict:
        """Every link of the room, on each address friends can reach, with their QR codes (the host's)."""
        out = []
        for base in bases(host, port):
            seats = {"SENW"[s]: seat_link(base, room.id, "SENW"[s], c.key)
                     for s, c in enumerate(room.chairs) if c.human}
            out.append({"base": base, "seats": seats, "watch": watch_link(base, room.id, room.watch_key),
                        "qr": {s: qr_svg(link) for s, link in seats.items()}})
        return {"addresses": out}

    # -- changes and streams --

    def _changed(self, room: Room) -> None:
        try:
            self.save(room)
        except OSError as e:
            self.problems.append(str(e))
        for stream in list(self.streams.get(room.id, [])):
            stream.wake()
        if not self.closing.is_set():
            self.kick(room)

    def end_streams(self) -> None:
        """The server is stopping: every event stream ends now (its page reconnects to the next server)."""
        self.stopping = True
        for streams in list(self.streams.values()):
            for stream in list(streams):
                stream.wake()

    def latest_unfinished(self) -> Room | None:
        """The table in play saved last (a restarted ``table`` command takes it up), if any."""
        def saved(room: Room) -> float:
            try:
                return (self.folder / f"{room.id}.json").stat().st_mtime  # type: ignore[operator]
            except (OSError, TypeError):
                return 0.0
        playing = [r for r in self.rooms.values() if r.phase != "finished"]
        return max(playing, key=saved) if playing and self.folder is not None else None

    def open_stream(self, room: Room) -> _Stream:
        streams = self.streams.setdefault(room.id, [])
        if len(streams) >= MAX_STREAMS:
            raise Throttled(_("this table has {n} open pages already").format(n=MAX_STREAMS))
        stream = _Stream(asyncio.get_running_loop())
        streams.append(stream)
        return stream

    def close_stream(self, room: Room, stream: _Stream) -> None:
        try:
            self.streams.get(room.id, []).remove(stream)
        except ValueError:
            pass

    def throttle(self, credential: str) -> None:
        """At most ``rate`` requests a second from one credential (BURST at once): else 429."""
        now = time.monotonic()
        with self.lock:
            tokens, then = self.buckets.get(credential, (BURST, now))
            tokens = min(BURST, tokens + (now - then) * self.rate)
            if tokens < 1:
                self.buckets[credential] = (tokens, now)
                raise Throttled(_("too many requests: slow down"))
            self.buckets[credential] = (tokens - 1, now)

    # -- the computer's moves and the timer --

    def kick(self, room: Room, work=None) -> bool:  # type: ignore[no-untyped-def]
        """Run the computer's decision the room waits for (``work``, or the one it asks for), if any and none
        is running; whether ``work`` was taken. The room's lock is never taken while the hall's is held (a
        room's change calls here holding its own)."""
        while not self.closing.is_set():
            with self.lock:
                if room.id in self.busy:  # a change while the computer thinks: look again when it is done
                    self.again.add(room.id)
                    return False
                self.busy.add(room.id)
            found = work or room.computer_work()
            work = None
            if found is not None:
                self.executor.submit(self._run, room, found)
                return True
            with self.lock:
                self.busy.discard(room.id)
                if room.id not in self.again:
                    return False
                self.again.discard(room.id)
        return False

    def _run(self, room: Room, work) -> None:  # type: ignore[no-untyped-def]
        started = time.monotonic()
        decision = None
        try:
            decision = work.run()
        except (HuolongError, RoomError, PolicyError) as e:
            self.problems.append(str(e))
        rest = self.pace * (LOOK if work.lead else 1) - (time.monotonic() - started)
        if rest > 0:
            self.closing.wait(rest)
        with self.lock:
            self.busy.discard(room.id)
            self.again.discard(room.id)
        if decision is not None and not self.closing.is_set():
            try:
                room.act(work.seat, work.kind, decision, work.stamp)  # its change looks for the next work
            except (HuolongError, RoomError) as e:
                self.problems.append(str(e))
        self.kick(room)  # a decision dropped (its moment gone by) changes nothing: look again

    def _tick(self) -> None:
        while not self.closing.wait(0.25):
            for room in list(self.rooms.values()):
                try:
                    work = room.expire()
                except (HuolongError, RoomError):
                    continue
                if work is not None and not self.kick(room, work):
                    room.rearm()  # the computer was busy: the seat's time runs out again at the next tick

    def close(self) -> None:
        self.end_streams()
        self.closing.set()
        self.executor.shutdown(wait=False, cancel_futures=True)


def sse(view: dict) -> str:
    return "event: view\ndata: " + json.dumps(view, ensure_ascii=False) + "\n\n"


def finished_hand(room: Room, number: int) -> str:
    """Hand ``number``'s record (a finished hand: every card is public then)."""
    if not isinstance(number, int) or not 1 <= number <= len(room.game.hands):
        raise BadRequest(_("hand: a finished hand of this table, 1 to {n}").format(n=len(room.game.hands)))
    return write_position(room.game.hands[number - 1])


def finished_game(room: Room) -> str:
    """The game file of the finished hands (the hand in play is not in it: its cards are hidden)."""
    return write_game(room.header, room.game.hands)

