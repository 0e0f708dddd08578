"""Game files: a header block, then the records of a game's hands in order (docs/format.md, "Game files").

A game file is a deal file: its hands are ordinary hand records (``review``,
``solve`` and the board read them), each with three more tags — ``Hand``
(its number), ``Levels`` (both teams' levels before it) and, where a
declaration while dealing set the dealer or the trump, ``Declaration`` (the
seat and the big jokers it showed). The header is a block of tags without a
deal, which the deal-file reader skips::

    [Game "huolong-solve"]
    [Seed "7"]
    [Players "S=you E=advise N=advise W=advise"]
    [Rules "standard"]
    [GameRules "standard"]

Reading a game replays it: every hand must follow from the one before (its
dealer, level and trump from the last result), or the file is an error at
that hand's line. A file cut short or edited by hand is read up to its last
whole hand, and :attr:`GameFile.note` says where it stopped. The last hand
may be unfinished: the game resumes there.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from huolong.i18n import _

from .dealfile import _split, _text_of, read_positions, write_position
from .errors import DealFileError, HuolongError, excerpt
from .files import os_reason
from .declaring import Declaration
from .game import GameError, GameRules, GameState, parse_levels
from .order import SUITS
from .position import Position
from .rules import Rules
from .seats import SEAT_NAMES, Seat, parse_seat, seat_label

__all__ = ["GameFile", "GameHeader", "hand_tags", "read_game", "read_game_text", "split_games", "write_game"]

GAME_MARK = "huolong-solve"


@dataclass(frozen=True)
class GameHeader:
    """What a game is: its seed and number (the cards of every hand follow from them), who plays each seat,
    the rules of the hands and of the game."""

    seed: int
    players: tuple[str, str, str, str]  # policy specs, S E N W; "you" for the seat at the keyboard
    rules: Rules = field(default_factory=Rules)
    game_rules: GameRules = field(default_factory=GameRules)
    game: int = 0  # the game's number in a run (0-based; a match's games)
    tags: tuple[tuple[str, str], ...] = ()  # Event, Date, …: kept when the file is rewritten

    @property
    def you(self) -> Seat | None:
        """The seat played at the keyboard, if any."""
        return self.players.index("you") if "you" in self.players else None

    def text(self) -> str:
        lines = [f'[Game "{GAME_MARK}"]', f'[Seed "{self.seed}"]']
        if self.game:
            lines.append(f'[GameNumber "{self.game + 1}"]')
        lines.append('[Players "' + " ".join(f"{s}={p}" for s, p in zip(SEAT_NAMES, self.players)) + '"]')
        lines += [f'[Rules "{self.rules}"]', f'[GameRules "{self.game_rules}"]']
        lines += [f'[{name} "{value}"]' for name, value in self.tags]
        return "\n".join(lines) + "\n"


def parse_players(text: str) -> tuple[str, str, str, str]:
    """``S=you E=advise N=advise W=advise`` → the four specs."""
    found: dict[int, str] = {}
    for word in text.split():
        seat, eq, spec = word.partition("=")
        if not eq or not spec:
            raise GameError(_("invalid Players {text!r}: expected 'S=… E=… N=… W=…'").format(text=excerpt(text)))
        found[parse_seat(seat)] = spec
    if len(found) != 4:
        raise GameError(_("invalid Players {text!r}: expected 'S=… E=… N=… W=…'").format(text=excerpt(text)))
    return found[0], found[1], found[2], found[3]


@dataclass
class GameFile:
    """A game as read: its header, its finished hands, the hand in play (if any) and where the game stands."""

    header: GameHeader
    hands: list[Position]  # the finished hands, in order
    state: GameState  # after the finished hands
    unfinished: Position | None = None  # the last hand, not yet over
    note: str | None = None  # why the file was read only in part
    edited: bool = False  # the hand that could not be read has others after it (an edit, not a cut)

    def positions(self) -> list[Position]:
        return self.hands + ([self.unfinished] if self.unfinished is not None else [])

    def text(self) -> str:
        return write_game(self.header, self.positions())


def hand_tags(state: GameState, number: int, declared: Declaration | None) -> dict[str, str]:
    """The game tags of hand ``number`` (1-based) played from ``state``."""
    tags = {"Hand": str(number), "Levels": state.levels_text()}
    if declared is not None:
        tags["Declaration"] = declared.tag()
    return tags


def write_game(header: GameHeader, hands: list[Position]) -> str:
    return "\n".join([header.text()] + [write_position(h) for h in hands])


def _chunks(text: str) -> list[tuple[int, str]]:
    """The file's blocks of non-blank lines: (first line number, the text padded so that line numbers hold)."""
    out: list[tuple[int, list[str]]] = []
    start = None
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if line.strip():
            if start is None:
                start = number
                out.append((number, []))
            out[-1][1].append(line)
        else:
            start = None
    return [(first, "\n" * (first - 1) + "\n".join(block)) for first, block in out]


def read_game(path: str | os.PathLike[str]) -> GameFile:
    """Read a game file: its header and hands, replayed (see the module's docstring).

    Raises :class:`DealFileError` when the file cannot be read or has no game header, and
    :class:`GameError` (with its file and line) when a hand does not follow from the one before.
    """
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            data = f.read()
    except OSError as e:
        raise DealFileError(os_reason(e), name) from None
    note = None
    try:
        text = _text_of(data, name)
    except DealFileError as e:  # bytes that are not text: read what comes before them
        text = data[: _line_start(data, e.line or 1)].decode("utf-8", "replace")
        note = e
    return read_game_text(text, name, note)


def split_games(text: str) -> list[str]:
    """The games of a file holding several (a match's), each padded with blank lines so that its line
    numbers are the file's."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == f'[Game "{GAME_MARK}"]'] or [0]
    starts[0] = 0
    ends = starts[1:] + [len(lines)]
    return ["\n" * a + "\n".join(lines[a:b]) for a, b in zip(starts, ends)]


def read_game_text(text: str, name: str = "<string>", note: Exception | None = None) -> GameFile:
    """:func:`read_game` of a game's text (``name`` for the messages)."""
    chunks = _chunks(text)
    if not chunks:
        if note is not None:  # nothing readable before bytes that are not text: that is what to say
            raise note
        raise DealFileError(_("an empty file: not a game file"), name, 1)
    header = _header(chunks[0], name)
    state = GameState.start()
    hands: list[Position] = []
    unfinished: Position | None = None
    broken_before_more = False
    for at, (first, chunk) in enumerate(chunks[1:], start=2):
        try:
            [pos] = read_positions(chunk, name) or [None]  # type: ignore[list-item]
            if pos is None:
                raise DealFileError(_("a block of comments where a hand was expected"), name, first)
        except (HuolongError, ValueError) as e:
            note = e if isinstance(e, DealFileError) else DealFileError(str(e), name, first)
            broken_before_more = at < len(chunks)
            break
        if unfinished is not None:
            raise GameError(_("{where}: hand {n} follows an unfinished hand").format(
                where=f"{name}:{first}", n=len(hands) + 2))
        lines = {tag: line for tag, (_value, line) in _split(chunk, name)[0].tags.items()}
        _check_follows(pos, state, len(hands) + 1, header, name, lines.get("Hand", first), lines)
        if pos.is_over():
            state = state.after_hand(pos, header.game_rules)
            hands.append(pos)
            if state.over:
                break
        else:
            unfinished = pos
    text_note = None
    if note is not None:
        where = dict(file=name, line=getattr(note, "line", None) or "?", error=_reason(note), n=len(hands))
        text_note = (_("{file}:{line}: {error}; the game is read up to hand {n}").format(**where) if hands else
                     _("{file}:{line}: {error}; no hand of the game could be read").format(**where))
    return GameFile(header, hands, state, unfinished, text_note, broken_before_more)


def _reason(error: Exception) -> str:
    """The message of an error without its file and line (the note gives them)."""
    message = getattr(error, "message", None)
    return message if isinstance(message, str) else str(error)


def _line_start(data: bytes, line: int) -> int:
    at = 0
    for _n in range(line - 1):
        at = data.index(b"\n", at) + 1
    return at


def _header(chunk: tuple[int, str], name: str) -> GameHeader:
    first, text = chunk
    try:
        blocks = _split(text, name)
    except DealFileError:
        if text.strip().splitlines()[0].strip() == f'[Game "{GAME_MARK}"]':
            raise  # a game file's header that does not read: its own line and reason
        blocks = []
    block = blocks[0] if blocks else None
    if block is None or block.tags.get("Game", ("", 0))[0] != GAME_MARK or "Deal" in block.tags:
        raise DealFileError(_("not a game file: it does not begin with [Game \"huolong-solve\"] (a game file is "
                              "written by huolong-solve game)"), name, first)

    def value(tag: str, parse, default=None):  # type: ignore[no-untyped-def]
        if tag not in block.tags:
            if default is None:
                raise DealFileError(_("missing required tag {tag}").format(tag=tag), name, first)
            return default
        text, line = block.tags[tag]
        try:
            return parse(text)
        except (HuolongError, ValueError) as e:
            raise DealFileError(_reason(e) if isinstance(e, HuolongError) else _(
                "invalid {tag} {value!r}: expected a number").format(tag=tag, value=excerpt(text)), name, line) from None

    known = {"Game", "Seed", "GameNumber", "Players", "Rules", "GameRules"}
    return GameHeader(
        seed=value("Seed", int), players=value("Players", parse_players),
        rules=value("Rules", Rules.parse, Rules()), game_rules=value("GameRules", GameRules.parse, GameRules()),
        game=value("GameNumber", int, 1) - 1,
        tags=tuple((n, block.tags[n][0]) for n in block.order if n not in known))


def _check_follows(pos: Position, state: GameState, number: int, header: GameHeader, name: str, first: int,
                   lines: dict[str, int]) -> None:
    """Raise :class:`GameError` at the hand's line when ``pos`` is not hand ``number`` played from ``state``
    (``lines``: the line of each of its tags)."""
    def fail(message: str, tag: str | None = None) -> GameError:
        return GameError(_("{where}: hand {n}: {problem}").format(where=f"{name}:{lines.get(tag or '', first)}",
                                                                  n=number, problem=message))

    if not pos.record:
        raise fail(_("not a hand record (no [Play] section)"))
    if pos.tags.get("Hand") != str(number):
        raise fail(_("its Hand tag is {tag!r}, expected {n}").format(tag=excerpt(pos.tags.get("Hand", "")), n=number),
                   "Hand")
    try:
        levels = parse_levels(pos.tags.get("Levels", ""))
    except GameError as e:
        raise fail(str(e), "Levels") from None
    if levels != state.levels:
        raise fail(_("Levels {levels!r}, but the hands before give {expected!r}").format(
            levels=pos.tags["Levels"], expected=state.levels_text()), "Levels")
    if str(pos.rules) != str(header.rules):
        raise fail(_("Rules {rules!r}, but the game is played under {game!r}").format(
            rules=str(pos.rules), game=str(header.rules)), "Rules")
    declared = pos.tags.get("Declaration")
    if state.dealer is None:
        if declared is None or not declared.split() or parse_seat(declared.split()[0]) != pos.dealer:
            raise fail(_("the first hand's dealer is the seat that declared (a Declaration tag naming the dealer)"),
                       "Declaration")
    elif pos.dealer != state.dealer:
        raise fail(_("dealer {seat}, but the last result gives the deal to {expected}").format(
            seat=seat_label(pos.dealer), expected=seat_label(state.dealer)), "Dealer")
    expected_level = state.levels[pos.dealer % 2]
    if pos.level != expected_level:
        raise fail(_("level {level}, but the dealer team's level is {expected}").format(
            level=pos.level, expected=expected_level), "Level")
    if state.trump is not None and header.game_rules.trump == "game" and pos.trump != state.trump:
        raise fail(_("trump {suit}, but the first hand set {expected} for the game").format(
            suit=SUITS[pos.trump], expected=SUITS[state.trump]), "Trump")  # type: ignore[index]

