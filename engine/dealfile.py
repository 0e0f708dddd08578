"""Read and write ``.hl`` deal files (docs/format.md).

>>> text = '''
... [Level "3"]
... [Trump "H"]
... [Dealer "N"]
... [Leader "S"]
... [Points "95"]
... [Bottom "K5.-.T4.43"]
... [Deal "S:AA.2.-.-.B K.T5.-.3 Q.A.-.-.LL 55.K.3.-"]
... '''
>>> from huolong.engine.seats import NORTH
>>> [pos] = read_positions(text, "deal.hl")
>>> pos.points, str(pos.hands[NORTH])
(95, 'Q.A.-.-.LL')
>>> read_positions(text) == read_positions(write_positions([pos]))
True
"""

from __future__ import annotations

import difflib
import os
import re
import warnings
from dataclasses import dataclass, field
from typing import Iterable

from huolong.i18n import N_, _

from .cards import Hand, Play
from .errors import DealFileError, HuolongError, excerpt
from .files import os_reason, write_atomically
from .order import SUITS, parse_level, parse_suit
from .position import Position
from .rules import Rules
from .seats import parse_seat, seat_label, seat_name

REQUIRED_TAGS = ("Level", "Trump", "Dealer", "Deal")
GAME_TAGS = REQUIRED_TAGS + ("Bottom", "Kitty", "Leader", "Trick", "Points", "Rules", "Play")
_PBN_ONLY_TAGS = ("Contract", "Declarer", "Vulnerable", "Board", "Auction", "Scoring")
_SECTION_TAGS = ("Auction", "Play", "Note", "OptimumResultTable", "ActionTable")  # PBN tags with lines after them
_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"(.*)"\s*\]\s*$')
_TRICK_LINE = re.compile(r"^\s*([A-Za-z])\s*:(.*)$")
#: Why bytes are not UTF-8, as Python's decoder says it, in words the catalog translates.
DECODE_REASONS = {"invalid start byte": N_("invalid start byte"),
                  "invalid continuation byte": N_("invalid continuation byte"),
                  "unexpected end of data": N_("unexpected end of data")}

__all__ = ["read_positions", "read_file", "write_positions", "write_position", "write_file"]


@dataclass
class _Block:
    """The lines of one position in a file."""

    first_line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    plays: list[tuple[str, int]] = field(default_factory=list)


def read_file(path: str | os.PathLike[str], rules: Rules | None = None) -> list[Position]:
    """Read every position of a deal file; ``-`` reads standard input.

    ``rules``, when given, replaces the file's ``Rules`` tags (``Rules.parse("bridge")``
    reads standard PBN deals)."""
    import sys

    name = os.fspath(path)
    if name == "-":  # the bytes, decoded as a file's are: binary input is said to be so, not read as text
        stdin = getattr(sys.stdin, "buffer", None)
        data = stdin.read() if stdin is not None else sys.stdin.read().encode("utf-8", "surrogateescape")
        return read_positions(_text_of(data, "<stdin>"), "<stdin>", rules)
    try:
        with open(name, "rb") as f:
            data = f.read()
    except OSError as e:
        raise DealFileError(os_reason(e), name) from None
    return read_positions(_text_of(data, name), name, rules)


def _text_of(data: bytes, name: str) -> str:
    """The text of a file's bytes; bytes that are not UTF-8 are a :class:`DealFileError` at their line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        reason = _(DECODE_REASONS[e.reason]) if e.reason in DECODE_REASONS else e.reason
        raise DealFileError(_("not a UTF-8 text file ({reason})").format(reason=reason), name,
                            data.count(b"\n", 0, e.start) + 1) from None


def read_positions(text: str, filename: str = "<string>", rules: Rules | None = None) -> list[Position]:
    """Read every position in the text of a deal file (``rules`` overrides the ``Rules`` tags); a game file's
    header block (a ``Game`` tag, no deal: :mod:`.gamefile`) is skipped."""
    return [_build(block, filename, rules) for block in _split(text, filename) if not _is_game_header(block)]


def _is_game_header(block: _Block) -> bool:
    return "Game" in block.tags and "Deal" not in block.tags


def _split(text: str, filename: str) -> list[_Block]:
    blocks: list[_Block] = []
    current: _Block | None = None
    in_brace = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if in_brace or line.startswith("{"):  # PBN commentary in braces
            in_brace = "}" not in line
            continue
        if not line:
            current = None
            continue
        if current is None:
            current = _Block(number)
            blocks.append(current)
        if line[0] in "%;":
            current.comments.append(line)
            continue
        if line.startswith("["):
            match = _TAG.match(line)
            if not match:
                raise DealFileError(_("malformed tag line {line!r}: expected [Name \"value\"]").format(
                    line=excerpt(line)), filename, number)
            name, value = match.groups()
            if name in current.tags:
                raise DealFileError(_("tag {name} is repeated (first at line {first})").format(
                    name=excerpt(name), first=current.tags[name][1]), filename, number)
            current.tags[name] = (value, number)
            current.order.append(name)
            continue
        if current.order and current.order[-1] in _SECTION_TAGS or "Play" in current.tags:
            current.plays.append((line, number))
            continue
        raise DealFileError(_("unexpected line {line!r}: not a tag, a comment or a trick of a [Play] record").format(
            line=excerpt(line)), filename, number)
    return [b for b in blocks if b.tags]


class TagWarning(UserWarning):
    """A tag that is not read but is spelled like one that is (``[Poinst "40"]``): FORMAT.md keeps and
    ignores tags it does not know, so without a word the file would seem to say what it does not."""


#: Tags that are not read here but are spelled right: PBN's own, and those the program writes elsewhere
#: (game files, puzzles, matches). A near miss of a read tag among these is no misspelling ([Levels]).
_WELL_SPELT_TAGS = frozenset({
    "Event", "Site", "Date", "Round", "Board", "West", "North", "East", "South", "Vulnerable", "Declarer",
    "Contract", "Scoring", "Annotator", "Comment", "Title", "Description", "Time", "Auction",
    "Game", "Seed", "GameNumber", "Players", "GameRules", "Hand", "Levels", "Declaration", "Shown", "JokerBury", "Tribute", "Ganguo",
    "BottomShown", "KittyShown", "You",
    "Others",
    "Kind", "Why", "Theme", "Source", "Solution", "Rating", "SouthNorth", "EastWest",
})


def _warn_of_misspelt_tags(block: _Block, filename: str) -> None:
    read = GAME_TAGS + ("Result",)
    for name in block.order:
        if name in read or name in _WELL_SPELT_TAGS:
            continue
        near = [t for t in read if t.lower() == name.lower()] or difflib.get_close_matches(name, read, 1, 0.8)
        if near:
            warnings.warn(TagWarning(_("{file}:{line}: tag [{name}] is not one the program reads (kept as it is); "
                                       "did you mean [{near}]?").format(file=filename, line=block.tags[name][1],
                                                                        name=name, near=near[0])), stacklevel=3)


def _build(block: _Block, filename: str, override: Rules | None = None) -> Position:
    def fail(message: str, tag: str | None = None) -> DealFileError:
        line = block.tags[tag][1] if tag in block.tags else block.first_line
        return DealFileError(message, filename, line)

    def value(tag: str) -> str:
        return block.tags[tag][0]

    def parsed(tag: str, parse, default=None):  # type: ignore[no-untyped-def]
        if tag not in block.tags:
            return default
        try:
            return parse(value(tag))
        except HuolongError as e:
            raise fail(str(e), tag) from None

    rules = override or parsed("Rules", Rules.parse, Rules())
    if rules.is_bridge:
        return _build_bridge(block, filename, rules, fail, parsed)
    _warn_of_misspelt_tags(block, filename)
    for tag in REQUIRED_TAGS:
        if tag not in block.tags:
            if _looks_like_bridge(block, filename):
                raise fail(_("missing required tag {tag}: this looks like a bridge deal (PBN); read it with "
                             "--rules bridge").format(tag=tag))
            raise fail(_("missing required tag {tag}").format(tag=tag))
    level = parsed("Level", parse_level)
    trump = parsed("Trump", parse_suit)
    dealer = parsed("Dealer", parse_seat)
    hands = parsed("Deal", lambda text: _parse_deal(text, rules.shape.direction))
    bottom = parsed("Bottom", Hand.parse)
    kitty = parsed("Kitty", Hand.parse)
    points = parsed("Points", _parse_points, 0)
    leader = parsed("Leader", parse_seat)
    trick = parsed("Trick", _parse_trick, [])
    first = parsed("Play", parse_seat)
    if first is not None:
        if "Trick" in block.tags:
            raise fail(_("a hand record ([Play]) cannot also have a Trick tag"), "Trick")
        if leader is not None and leader != first:
            raise fail(_("Leader {leader} differs from the record's first leader {first}").format(
                leader=seat_label(leader), first=seat_label(first)), "Leader")
        leader = first
    if leader is None:
        if any(h is not None and len(h) != 39 for h in hands):
            raise fail(_("missing tag Leader (required unless every hand holds 39 cards)"))
        leader = dealer
    tags = {name: value(name) for name in block.order if name not in GAME_TAGS}
    pos = Position(
        level=level, trump=trump, dealer=dealer, hands=hands, bottom=bottom, kitty=kitty, leader=leader,
        trick=trick, points=points, rules=rules, tags=tags, comments=list(block.comments), record=first is not None,
        origin=(filename, block.first_line),
    )
    for message, tag in pos.problems():
        raise fail(message, tag)
    if first is not None:
        _replay(pos, block, filename)
        if "Result" in block.tags and pos.is_over() and value("Result").split() != result_text(pos).split():
            raise fail(_("Result {result!r} does not match the play, which gives {actual!r}").format(
                result=excerpt(value("Result")), actual=result_text(pos)), "Result")
    return pos


def _looks_like_bridge(block: _Block, filename: str) -> bool:
    """A ``.pbn`` file, or a deal with the tags of a bridge board (PBN) and no Huolong level."""
    return filename.lower().endswith(".pbn") or bool(set(block.tags) & set(_PBN_ONLY_TAGS))


def result_text(pos: Position) -> str:
    """The ``Result`` tag of a finished hand: final points, ``dug`` or ``kept``, the outcome.

    >>> pos = Position.from_hands(["-.-.-.-"] * 4, level="3", trump="H", dealer="S", bottom="K5.-.T4.43", points=85)
    >>> result_text(pos)
    '85 kept dealer-up 1'
    """
    return f"{pos.points} {'dug' if pos.dug else 'kept'} {pos.result()}"


def _build_bridge(block: _Block, filename: str, rules: Rules, fail, parsed) -> Position:  # type: ignore[no-untyped-def]
    """A bridge deal, PBN style: Deal (clockwise), Contract or Trump, Declarer."""
    if "Deal" not in block.tags:
        raise fail(_("missing required tag {tag}").format(tag="Deal"))
    if "Trump" in block.tags:
        trump = parsed("Trump", _parse_strain)
    elif "Contract" in block.tags:
        trump = parsed("Contract", _parse_contract)
    else:
        raise fail(_("missing tag Contract (or Trump) for the strain"))
    declarer_tag = "Declarer" if "Declarer" in block.tags else "Dealer"
    if declarer_tag not in block.tags:
        raise fail(_("missing tag {tag}").format(tag="Declarer"))
    declarer = parsed(declarer_tag, parse_seat)
    hands = parsed("Deal", lambda text: _parse_deal(text, rules.shape.direction))
    leader = parsed("Leader", parse_seat)
    pos = Position(
        level=None, trump=trump, dealer=declarer, hands=hands, bottom=Hand(), leader=0,
        trick=parsed("Trick", _parse_trick, []), rules=rules, comments=list(block.comments),
        tags={name: block.tags[name][0] for name in block.order if name not in _BRIDGE_TAGS},
        origin=(filename, block.first_line),
    )
    pos.leader = leader if leader is not None else pos.seat_after(declarer)
    for message, tag in pos.problems():
        raise fail(message, tag)
    return pos


_BRIDGE_TAGS = ("Deal", "Trump", "Contract", "Declarer", "Leader", "Trick", "Rules", "Dealer")


def _parse_strain(text: str) -> int | None:
    name = text.strip().upper()
    return None if name in ("N", "NT") else parse_suit(name)


def _parse_contract(text: str) -> int | None:
    match = re.fullmatch(r"\s*[1-7]\s*(NT|N|S|H|D|C)\s*X{0,2}\s*", text.upper())
    if not match:
        raise HuolongError(_("invalid Contract {text!r}: expected a level and strain such as 4S or 3NT").format(
            text=excerpt(text)))
    return _parse_strain(match.group(1))


def _replay(pos: Position, block: _Block, filename: str) -> None:
    for text, number in block.plays:
        match = _TRICK_LINE.match(text)
        if not match:
            raise DealFileError(_("malformed trick line {text!r}: expected 'S: play, play, play, play'").format(
                text=excerpt(text)), filename, number)
        try:
            seat = parse_seat(match.group(1))
            plays = [Play.parse(p) for p in match.group(2).split(",")]
        except HuolongError as e:
            raise DealFileError(str(e), filename, number) from None
        if pos.trick:
            raise DealFileError(_("a trick line follows an unfinished trick"), filename, number)
        if pos.is_over():
            raise DealFileError(_("a trick line after the last trick of the hand"), filename, number)
        if seat != pos.leader:
            raise DealFileError(_("trick led by {seat}, but {leader} won the trick before").format(
                seat=seat_label(seat), leader=seat_label(pos.leader)), filename, number)
        if len(plays) > 4:
            raise DealFileError(_("a trick has at most 4 plays, not {n}").format(n=len(plays)), filename, number)
        for play in plays:
            try:
                pos.play(play)
            except HuolongError as e:
                raise DealFileError(str(e), filename, number) from None


def _parse_deal(text: str, direction: int = 1) -> list[Hand | None]:
    first, colon, rest = text.partition(":")
    if not colon:
        raise HuolongError(_("invalid Deal {text!r}: expected FIRST:hand hand hand hand").format(text=excerpt(text)))
    seat = parse_seat(first)
    parts = rest.split()
    if len(parts) != 4:
        raise HuolongError(_("invalid Deal {text!r}: expected 4 hands, found {n}").format(
            text=excerpt(text), n=len(parts)))
    hands: list[Hand | None] = [None] * 4
    for i, part in enumerate(parts):
        hands[(seat + direction * i) % 4] = None if part == "-" else Hand.parse(part)
    return hands


def _parse_trick(text: str) -> list[Play]:
    return [Play.parse(p) for p in text.split(",")] if text.strip() else []


def _parse_points(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise HuolongError(_("invalid Points {text!r}: expected a whole number").format(text=excerpt(text))) from None


# -- writing -----------------------------------------------------------------


def write_position(pos: Position) -> str:
    """The text of one position, ending with a newline (no blank line)."""
    start = pos.start() if pos.record else pos
    lines = list(pos.comments)
    lines += [f'[{name} "{value}"]' for name, value in pos.tags.items()]
    lines.append(f'[Rules "{pos.rules}"]')
    if pos.level is not None:
        lines.append(f'[Level "{pos.level}"]')
    lines.append(f'[Trump "{"N" if pos.trump is None else SUITS[pos.trump]}"]')
    lines.append(f'[{"Declarer" if pos.rules.is_bridge else "Dealer"} "{seat_name(pos.dealer)}"]')
    if not pos.record:
        lines.append(f'[Leader "{seat_name(pos.leader)}"]')
    if start.points:
        lines.append(f'[Points "{start.points}"]')
    if pos.kitty is not None:
        lines.append(f'[Kitty "{pos.kitty}"]')
    if pos.bottom is not None and pos.shape.bottom_size:
        lines.append(f'[Bottom "{pos.bottom}"]')
    hands = [start.hands[pos.seat_after(0, i)] for i in range(4)]
    lines.append('[Deal "S:' + " ".join("-" if h is None else str(h) for h in hands) + '"]')
    if pos.record:
        lines.append(f'[Play "{seat_name(start.leader)}"]')
        for trick in pos.history:
            lines.append(str(trick))
        if pos.trick:
            lines.append(f"{seat_name(pos.leader)}: " + ", ".join(str(p) for p in pos.trick))
    elif pos.trick:
        lines.append('[Trick "' + ", ".join(str(p) for p in pos.trick) + '"]')
    return "\n".join(lines) + "\n"


def write_positions(positions: Iterable[Position]) -> str:
    """The text of a deal file: positions separated by blank lines."""
    return "\n".join(write_position(p) for p in positions)


def write_file(path: str | os.PathLike[str], positions: Iterable[Position]) -> None:
    """Write a deal file atomically (see :func:`.files.write_atomically`)."""
    write_atomically(path, write_positions(positions))
