"""A table of four seats played by people and computers, hand after hand: the game the server keeps.

A :class:`Room` holds a whole game (a :class:`~huolong.engine.gamefile.GameFile`) and the hand in
progress. It is a state machine: people act through :meth:`Room.act` with their seat's decision,
and the computer's decisions — the bury and the plays, which may take seconds — are handed out by
:meth:`Room.computer_work` to run outside the room's lock and come back through :meth:`Room.act`.
The cheap decisions (declaring while dealing, burying jokers in the round of 扣王) the computer makes
at once. Every decision draws the random stream :func:`~huolong.bots.table.play_table` would draw,
so a room whose seats are all computers plays the hand ``play_game`` plays.

Nothing here knows of the web: the board turns a room into what each seat may see
(``huolong.board.rooms``), and :mod:`huolong.room.store` writes it to disk.

>>> from huolong.engine import write_position
>>> from huolong.engine.gamefile import GameHeader
>>> from huolong.bots import policy_of
>>> from huolong.bots.game import play_game
>>> header = GameHeader(seed=7, players=("random",) * 4)
>>> room = Room.new(header, humans=[], policy="random")
>>> room.start()
>>> while room.phase == "dealing" or room.phase == "bury" or room.phase == "play":
...     work = room.computer_work()
...     _ = room.act(work.seat, work.kind, work.run(), work.stamp)
>>> room.game.state.hands, room.phase
(1, 'over')
>>> alone = play_game(header, [policy_of("random")] * 4, max_hands=1)
>>> write_position(room.game.hands[0]) == write_position(alone.hands[0])
True
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from huolong.bots import policy_of
from huolong.bots.game import deal_next, table_seed
from huolong.bots.table import decide_bury, decide_play, decide_swap, ganguo_bury, is_ganguo_deal, round_after_bury
from huolong.engine import BIG_JOKER, Hand, HuolongError, Play, Position
from huolong.engine.dealfile import result_text
from huolong.engine.declaring import Showing
from huolong.engine.game import Declaration, GameState
from huolong.engine.gamefile import GameFile, GameHeader
from huolong.engine.jokers import every_joker_buried
from huolong.engine.seats import seat_label
from huolong.i18n import _

__all__ = ["Chair", "Question", "Room", "RoomError", "Work", "HUMAN", "PHASES"]

HUMAN = "human"  # a person's seat in the game file's Players tag
PHASES = ("lobby", "dealing", "bury", "jokers", "play", "over", "finished")
ROOM_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"  # a table's name in its links: nothing to misread (l 1, o 0)
KEY_BYTES = 18  # a seat's secret: 24 characters of the URL-safe alphabet, 144 bits


class RoomError(ValueError):
    """A decision the room cannot take now (not this seat's turn, an illegal play, a bad answer)."""


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


@dataclass
class Chair:
    """One seat: a person's (``human``) or the computer's, and the secret in the seat's link.

    A person's seat not yet taken is ``open``: when the game starts the computer plays it. ``policy``
    is the computer that plays the seat when no person does, or when a person's time runs out."""

    human: bool
    policy: str = "advise"
    key: str = field(default_factory=new_key)
    joined: bool = False  # its link was opened: somebody sits there
    name: str = ""
    ready: bool = False  # asked for the next hand

    @property
    def open(self) -> bool:
        return self.human and not self.joined


@dataclass(frozen=True)
class Question:
    """What a person must decide now: ``kind`` ``declare`` (a showing while dealing: ``received`` the
    cards so far, ``showing`` what may be shown), ``bury`` (the dealer's), ``jokers`` (how many big jokers
    to bury, ``least``…``limit``; ``bottom_jokers`` already there) or ``play``."""

    seat: int
    kind: str
    received: Hand | None = None
    showing: Showing | None = None
    limit: int = 0
    least: int = 0
    bottom_jokers: int = 0


@dataclass
class Work:
    """A computer's decision to make outside the room's lock: ``run()`` returns what :meth:`Room.act` takes."""

    seat: int
    kind: str  # bury, play
    stamp: tuple  # the room's moment: a result for another moment is dropped
    run: Callable[[], Any]
    lead: bool = False  # a play leading a trick: the last one is still on the table to be looked at


class _Asked(Exception):
    def __init__(self, question: Question) -> None:
        super().__init__()
        self.question = question


class _Declarer:
    """A seat while dealing: a person's answers so far (then the question), or the computer's rule."""

    def __init__(self, seat: int, human: bool, answers: list) -> None:  # type: ignore[type-arg]
        self.seat, self.human, self.answers = seat, human, list(answers)
        self.name = HUMAN if human else "computer"

    def show(self, seat, received, showing, rng):  # type: ignore[no-untyped-def]
        if not self.human:
            return True  # the default rule (docs/rules.md §12): show at the first chance
        if not self.answers:
            raise _Asked(Question(seat, "declare", received=Hand.from_cards(received), showing=showing))
        return self.answers.pop(0)


class Room:
    """One table's game. Every method takes the room's lock; ``on_change`` is called after each change."""

    def __init__(self, room_id: str, header: GameHeader, chairs: list[Chair], *, host_key: str | None = None,
                 watch_key: str | None = None, max_hands: int | None = None, timer: float | None = None,
                 game: GameFile | None = None) -> None:
        self.id = room_id
        self.chairs = chairs
        self.host_key = host_key or new_key()
        self.watch_key = watch_key or new_key()
        self.max_hands = max_hands
        self.timer = timer  # seconds a person has for a decision; then the computer decides for the seat
        self.host_seat: int | None = None  # the host's own seat, if it plays
        self.game = game or GameFile(header, [], GameState.start())
        self.lock = threading.RLock()
        self.version = 0
        self.on_change: Callable[[Room], None] | None = None
        self.phase = "lobby"
        self.declare_answers: dict[int, list] = {}  # type: ignore[type-arg]
        self.jokers_answers: dict[int, int] = {}
        self.question: Question | None = None
        self.deal: Position | None = None  # the hand dealt, before the bury
        self.declared: Declaration | None = None
        self.buried: Position | None = None  # after the dealer's bury, before the round of 扣王
        self.pos: Position | None = None  # the hand in play (a record)
        self.last: Position | None = None  # the last finished hand
        self.deadline: float | None = None  # time.monotonic() when the person's time runs out
        self.timed_out: list[tuple[int, str]] = []  # (seat, kind) the computer decided for a person

    # -- making one ----------------------------------------------------------

    @classmethod
    def new(cls, header: GameHeader, humans: list[int], *, policy: str = "advise", room_id: str | None = None,
            max_hands: int | None = None, timer: float | None = None) -> Room:
        """A room for ``header``'s game whose ``humans`` seats wait for people; the others the computer
        plays with ``policy`` (checked here)."""
        policy_of(policy)
        chairs = [Chair(human=s in humans, policy=policy) for s in range(4)]
        room_id = room_id or "".join(secrets.choice(ROOM_LETTERS) for _ in range(8))
        room = cls(room_id, header, chairs, max_hands=max_hands, timer=timer)
        room._write_players()
        return room

    def _write_players(self) -> None:
        players = tuple(HUMAN if c.human else c.policy for c in self.chairs)
        self.game.header = replace(self.game.header, players=players)  # type: ignore[arg-type]

    # -- who may do what -------------------------------------------------------

    def seat_of_key(self, key: str | None) -> int | None:
        """The person's seat whose secret ``key`` is (compared in constant time), else ``None``."""
        found = None
        for seat, chair in enumerate(self.chairs):
            if key is not None and chair.human and secrets.compare_digest(key.encode(), chair.key.encode()):
                found = seat
        return found

    def is_host(self, key: str | None) -> bool:
        return key is not None and secrets.compare_digest(key.encode(), self.host_key.encode())

    def is_watcher(self, key: str | None) -> bool:
        return key is not None and secrets.compare_digest(key.encode(), self.watch_key.encode())

    # -- the host's controls ---------------------------------------------------

    def set_seat(self, seat: int, human: bool, policy: str | None = None) -> None:
        """Give ``seat`` to a person (a new link: the old one no longer works) or to the computer."""
        with self.lock:
            if policy is not None:
                policy_of(policy)
            chair = self.chairs[seat]
            if human:
                self.chairs[seat] = Chair(human=True, policy=policy or chair.policy)
            else:
                chair.human, chair.joined, chair.key = False, False, new_key()  # the person's link is dead
                if policy is not None:
                    chair.policy = policy
            self._write_players()
            self._changed()

    def set_timer(self, seconds: float | None) -> None:
        with self.lock:
            if seconds is not None and not 5 <= seconds <= 3600:
                raise RoomError(_("timer: from 5 to 3600 seconds, or none"))
            self.timer = seconds
            self._set_deadline()
            self._changed()

    def join(self, seat: int, name: str = "") -> None:
        """Somebody sits at ``seat`` (its link was opened); ``name``: how the table shows them (kept when empty)."""
        with self.lock:
            chair = self.chairs[seat]
            if not chair.joined or (name and name != chair.name):
                chair.joined = True
                chair.name = name[:24] or chair.name
                self._changed()

    def start(self) -> None:
        """The game begins: open seats nobody took are the computer's."""
        with self.lock:
            if self.phase != "lobby":
                raise RoomError(_("the game has already begun"))
            for chair in self.chairs:
                if chair.open:
                    chair.human, chair.key = False, new_key()
            self._write_players()
            self._deal()

    def next_hand(self, seat: int | None = None, force: bool = False) -> None:
        """``seat`` is ready for the next hand (``force``: the host deals it now); it is dealt when every
        person is ready."""
        with self.lock:
            if self.phase != "over":
                raise RoomError(_("the hand is not over"))
            if seat is not None:
                self.chairs[seat].ready = True
            if force or all(c.ready for c in self.chairs if c.human):
                self._deal()
            else:
                self._changed()

    # -- the hand ----------------------------------------------------------------

    @property
    def header(self) -> GameHeader:
        return self.game.header

    @property
    def number(self) -> int:
        """The hand being played (1-based), or the last one played."""
        return self.game.state.hands + (0 if self.phase in ("over", "finished", "lobby") else 1)

    def _seed(self) -> str:
        return table_seed(self.header, self.game.state.hands + 1)

    def _deal(self) -> None:
        for chair in self.chairs:
            chair.ready = False
        self.declare_answers, self.jokers_answers = {}, {}
        self.deal = self.declared = self.buried = self.pos = None
        self.phase = "dealing"
        self._advance()

    def _advance(self) -> None:
        """Go on until a person must decide or the computer must think (or the hand is over)."""
        self.question = None
        if self.phase == "dealing":
            declarers = [_Declarer(s, c.human, self.declare_answers.get(s, [])) for s, c in enumerate(self.chairs)]
            try:
                deal, declared = deal_next(self.header, self.game.state, declarers)  # type: ignore[arg-type]
            except _Asked as asked:
                self.question = asked.question
            else:
                self.deal, self.declared = deal, declared
                if is_ganguo_deal(deal, self.header.game_rules):  # 干锅: the bottom stays as dealt
                    self._begin_play(ganguo_bury(deal), jokers=False)
                else:
                    self.phase = "bury"
        if self.phase == "bury" and self.chairs[self.deal.dealer].human:  # type: ignore[union-attr]
            self.question = Question(self.deal.dealer, "bury")  # type: ignore[union-attr]
        if self.phase == "jokers":
            self._jokers_round()
        if self.phase == "play":
            if self.pos.is_over():  # type: ignore[union-attr]
                self._finish_hand()
            elif self.chairs[self.pos.to_play].human:  # type: ignore[union-attr]
                self.question = Question(self.pos.to_play, "play")  # type: ignore[union-attr]
        self._set_deadline()
        self._changed()

    @property
    def fast(self) -> bool:
        """快龙: the dealer's bury holds every big joker it has (not at J)."""
        return self.header.game_rules.dragon == "fast" and self.deal is not None and self.deal.level != "J"

    def _begin_play(self, pos: Position, jokers: bool = True) -> None:
        pos.record = True
        self.buried = pos
        self.phase = "jokers" if jokers else "play"
        if not jokers:
            self.pos = pos

    def _jokers_round(self) -> None:
        seed = self._seed()

        def choose(seat: int, limit: int, now: Position) -> int:
            if not self.chairs[seat].human:
                return decide_swap(seat, limit, now, policy_of(self.chairs[seat].policy),
                                   random.Random(f"{seed}:jokers:{seat}"))
            least = min(limit, now.hands[seat].count(BIG_JOKER)) if self.fast else 0  # type: ignore[union-attr]
            if seat not in self.jokers_answers:
                raise _Asked(Question(seat, "jokers", limit=limit, least=least,
                                      bottom_jokers=now.bottom.count(BIG_JOKER)))  # type: ignore[union-attr]
            return max(least, min(limit, self.jokers_answers[seat]))

        try:
            pos = round_after_bury(self.buried.copy(), self.header.game_rules, self.fast, choose)  # type: ignore[union-attr]
        except _Asked as asked:
            self.question = asked.question
            return
        pos.record = True
        self.pos, self.phase = pos, "play"

    def _finish_hand(self) -> None:
        pos = self.pos
        pos.tags["Result"] = result_text(pos)  # type: ignore[union-attr]
        self.game.hands.append(pos)  # type: ignore[arg-type]
        self.game.unfinished = None
        self.game.state = self.game.state.after_hand(pos, self.header.game_rules)  # type: ignore[arg-type]
        self.last, self.pos = pos, None
        done = self.game.state.over or (self.max_hands is not None and self.game.state.hands >= self.max_hands)
        self.phase = "finished" if done else "over"

    # -- decisions ---------------------------------------------------------------

    def stamp(self) -> tuple:
        """The room's moment: the hand, the phase and the plays made."""
        plays = 0 if self.pos is None else sum(len(t.plays) for t in self.pos.history) + len(self.pos.trick)
        return (self.game.state.hands, self.phase, plays)

    def computer_work(self) -> Work | None:
        """The computer's decision the room waits for, if any: the bury or a play of a computer's seat."""
        with self.lock:
            seed, stamp = self._seed(), self.stamp()
            if self.phase == "bury" and not self.chairs[self.deal.dealer].human:  # type: ignore[union-attr]
                return self._bury_work(self.deal.dealer, seed, stamp)  # type: ignore[union-attr]
            if self.phase == "play" and self.pos is not None and not self.pos.is_over() \
                    and not self.chairs[self.pos.to_play].human:
                return self._play_work(self.pos.to_play, seed, stamp)
            return None

    def _bury_work(self, seat: int, seed: str, stamp: tuple) -> Work:
        deal, policy, fast = self.deal.copy(), policy_of(self.chairs[seat].policy), self.fast  # type: ignore[union-attr]
        return Work(seat, "bury", stamp, lambda: decide_bury(deal, policy, random.Random(f"{seed}:bury"),
                                                             every_big_joker=fast).bottom)

    def _play_work(self, seat: int, seed: str, stamp: tuple) -> Work:
        pos, policy = self.pos.copy(), policy_of(self.chairs[seat].policy)  # type: ignore[union-attr]
        return Work(seat, "play", stamp, lambda: decide_play(pos, policy, random.Random(f"{seed}:{stamp[2]}")),
                    lead=not pos.trick and bool(pos.history))

    def act(self, seat: int, kind: str, value: Any, stamp: tuple | None = None) -> bool:
        """``seat`` decides: ``declare`` (True/False, or a suit's index for three jokers), ``bury`` (the
        cards), ``jokers`` (how many), ``play`` (a play). ``stamp``: the moment a computer's work was made
        for — a decision for another moment is dropped (False). Raises :class:`RoomError` when the seat
        may not decide this now, or the decision breaks a rule."""
        with self.lock:
            if stamp is not None and stamp != self.stamp():
                return False
            q = self.question
            computer = self.phase in ("bury", "play") and stamp is not None
            if not computer and (q is None or q.seat != seat or q.kind != kind):
                raise RoomError(_("it is not {seat}'s turn to do that").format(seat=seat_label(seat)))
            if kind == "declare":
                if not (isinstance(value, bool) or (q.showing.kind == "any" and value in range(4))):  # type: ignore[union-attr]
                    raise RoomError(_("declare: yes or no, or for three jokers the suit (S, H, D or C)"))
                self.declare_answers.setdefault(seat, []).append(value)
            elif kind == "bury":
                self._bury(seat, value, computer)
            elif kind == "jokers":
                if isinstance(value, bool) or not isinstance(value, int) or not q.least <= value <= q.limit:  # type: ignore[union-attr]
                    raise RoomError(_("jokers: from {least} to {limit}, not {n}").format(
                        least=q.least, limit=q.limit, n=value))  # type: ignore[union-attr]
                self.jokers_answers[seat] = value
            elif kind == "play":
                self._play(seat, value)
            else:
                raise RoomError(_("unknown decision {kind!r}").format(kind=kind))
            self._advance()
            return True

    def _bury(self, seat: int, cards: Hand | str, computer: bool) -> None:
        deal = self.deal
        if deal is None or seat != deal.dealer:
            raise RoomError(_("it is not {seat}'s turn to do that").format(seat=seat_label(seat)))
        try:
            hand = Hand.from_cards(Play.parse(cards).cards) if isinstance(cards, str) else cards
            held = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator, union-attr]
            if self.fast and hand.count(BIG_JOKER) < held.count(BIG_JOKER):
                if not computer:
                    raise RoomError(_("快龙 (fast dragon): every big joker must be buried; the bury holds {n} of "
                                      "your {held}").format(n=hand.count(BIG_JOKER), held=held.count(BIG_JOKER)))
                hand = every_joker_buried(hand, held, deal.order)  # type: ignore[union-attr]
            buried = deal.bury(hand)  # type: ignore[union-attr]
        except RoomError:
            raise
        except (HuolongError, ValueError) as e:
            raise RoomError(str(e)) from None
        buried.tags = dict(deal.tags)  # type: ignore[union-attr]
        self._begin_play(buried)

    def _play(self, seat: int, play: Play | str) -> None:
        pos = self.pos
        if pos is None or pos.to_play != seat:
            raise RoomError(_("it is not {seat}'s turn to do that").format(seat=seat_label(seat)))
        try:
            chosen = Play.parse(play) if isinstance(play, str) else play
        except (HuolongError, ValueError) as e:
            raise RoomError(str(e)) from None
        error = pos.play_error(chosen)
        if error:
            raise RoomError(_("illegal play {play} by {seat}: {error}").format(
                play=chosen.unicode(), seat=seat_label(seat), error=error))
        pos.play(chosen)
        self.game.unfinished = pos

    # -- the move timer -------------------------------------------------------------

    def _set_deadline(self) -> None:
        self.deadline = time.monotonic() + self.timer if self.timer and self.question is not None else None

    def rearm(self) -> None:
        """The computer could not take a timed-out decision now: it is due again at once."""
        with self.lock:
            if self.question is not None and self.timer:
                self.deadline = time.monotonic()
                if self.timed_out:
                    self.timed_out.pop()

    def expire(self, now: float | None = None) -> Work | None:
        """A person's time ran out: the computer decides for the seat. The cheap decisions are made here;
        a bury or a play is returned as work to run."""
        with self.lock:
            q = self.question
            if q is None or self.deadline is None or (now or time.monotonic()) < self.deadline:
                return None
            self.deadline = None
            self.timed_out.append((q.seat, q.kind))
            if q.kind == "declare":
                self.act(q.seat, "declare", True if q.showing.kind != "any" else 0)  # type: ignore[union-attr]
                return None
            if q.kind == "jokers":
                self.act(q.seat, "jokers", q.least)
                return None
            seed, stamp = self._seed(), self.stamp()
            return self._bury_work(q.seat, seed, stamp) if q.kind == "bury" else self._play_work(q.seat, seed, stamp)

    # -- telling -------------------------------------------------------------------

    def _changed(self) -> None:
        self.version += 1
        if self.on_change is not None:
            self.on_change(self)

