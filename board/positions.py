"""The positions a board works on: those it was started with, those a page sends, and a node of the
tree — a root position and the plays made from it, replayed by the engine.

A *root* is named by the page as ``{"file": i}`` (the i-th position the
server was started with) or ``{"text": "...", "index": i}`` (the i-th
position of a deal file's text the page holds: pasted, uploaded, edited).
The server never reads a path a request names. A hand record's root is the
start of the hand, with the recorded plays as the main line.

>>> library = Library.of_examples()
>>> start, main_line = library.start({"file": library.index("hand-record")})
>>> len(main_line), start.cards_left
(104, 39)
>>> node(library, {"file": library.index("dig-fight")}, ["DK"]).to_play  # W led: S follows
0

The picker speaks a player's language, not the command line's:

>>> library.entries[library.index("format-example")].title
"A four-card endgame, the file format's example: S to lead, hearts trump"
>>> from huolong.i18n import use
>>> with use("zh"):
...     library.entries[library.index("format-example")].title
'四张残局（文件格式说明中的例子）：南首出，红桃为主'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from huolong.engine import HuolongError, Play, Position, read_positions, write_position
from huolong.engine.errors import excerpt
from huolong.i18n import N_, _
from huolong.puzzles import examples, read_example
from huolong.puzzles.shipped import EXAMPLE_PREFIX, shown_title

MAX_TEXT = 100_000  # characters of deal file a request may send


class BadRequest(ValueError):
    """A request the board cannot serve: its one-line message is shown to the user."""


#: The picker's titles of the shipped examples whose Event tag speaks the command line's language (or that
#: have none); the others show their Event, translated.
EXAMPLE_TITLES = {
    "before-bury-known": N_("Before the bury, every hand known: S deals, level 7, hearts trump"),
    "format-example": N_("A four-card endgame, the file format's example: S to lead, hearts trump"),
    "hand-record": N_("A whole hand the computer played, to review: W deals, level Q"),
    "unlucky": N_("A whole hand with an unlucky play in trick 24: W deals, level 5"),
}


@dataclass(frozen=True)
class Entry:
    """A position the board offers in its picker."""

    name: str  # where it came from: FILE:LINE or example:NAME:LINE
    event: str  # its Event tag, else its name
    kind: str  # position, record, before-bury, hidden (other hands unknown), over
    text: str  # the position as deal-file text (what the page may keep in its URL)
    hand: str | None = None  # which hand of a game it is (its Hand tag)

    @property
    def title(self) -> str:
        """What the picker calls it, in the current language."""
        if self.name.startswith(EXAMPLE_PREFIX):
            example = self.name[len(EXAMPLE_PREFIX):].rsplit(":", 1)[0]
            if example in EXAMPLE_TITLES:
                return _(EXAMPLE_TITLES[example])
        return shown_title({"Event": self.event, **({"Hand": self.hand} if self.hand else {})})


def kind_of(pos: Position) -> str:
    if pos.is_before_bury:
        return "before-bury"
    if pos.record:
        return "record"
    if any(h is None for h in pos.hands):
        return "hidden"
    return "over" if pos.is_over() else "position"


def entry_of(pos: Position) -> Entry:
    name = f"{pos.origin[0]}:{pos.origin[1]}" if pos.origin else "<position>"
    return Entry(name, pos.tags.get("Event") or name, kind_of(pos), write_position(pos), pos.tags.get("Hand"))


class Library:
    """The positions the server was started with, in order, and the shipped examples after them."""

    def __init__(self, positions: list[Position], given: int | None = None) -> None:
        self.positions = [p.copy() for p in positions]
        self.entries = [entry_of(p) for p in self.positions]
        self.given = len(positions) if given is None else given  # how many came from the command line

    @classmethod
    def of_examples(cls, first: list[Position] | None = None) -> Library:
        shipped = [pos for name in examples() for pos in read_example(name)]
        return cls([*(first or []), *shipped], given=len(first or []))

    def index(self, example: str) -> int:
        """The index of the first position of a shipped example."""
        return next(i for i, e in enumerate(self.entries) if e.name.startswith(f"example:{example}:"))

    def root(self, spec: object) -> Position:
        """The root position a page names (a fresh copy)."""
        if not isinstance(spec, dict):
            raise BadRequest(_("root: expected {example}").format(example='{"file": N} or {"text": "...", "index": N}'))
        if "file" in spec:
            i = spec["file"]
            if not isinstance(i, int) or not 0 <= i < len(self.positions):
                raise BadRequest(_("root: there is no position {index!r} (the board holds {n})").format(
                    index=i, n=len(self.positions)))
            return self.positions[i].copy()
        text, index = spec.get("text"), spec.get("index", 0)
        if not isinstance(text, str) or not isinstance(index, int):
            raise BadRequest(_("root: expected {example}").format(example='{"text": "...", "index": N}'))
        found = parse(text, spec.get("name") if isinstance(spec.get("name"), str) else _("<pasted>"))
        if not 0 <= index < len(found):
            raise BadRequest(_("root: there is no position {index} in the text (it holds {n})").format(
                index=index, n=len(found)))
        return found[index].copy()

    def root_text(self, spec: object) -> dict:
        """The root as ``{"text", "index"}``: what a worker process is sent to rebuild it."""
        if isinstance(spec, dict) and "file" in spec:
            return {"text": write_position(self.root(spec)), "index": 0}
        self.root(spec)  # checked here, where the error can be answered
        return {"text": spec["text"], "index": spec.get("index", 0)}  # type: ignore[index]

    def start(self, spec: object) -> tuple[Position, list[Play]]:
        """Where the page's tree begins, and its main line: a record's start and its plays."""
        return start_and_line(self.root(spec))


def start_and_line(root: Position) -> tuple[Position, list[Play]]:
    if not root.record:
        return root, []
    return root.start(), [p for t in root.history for p in t.plays] + list(root.trick)


@lru_cache(maxsize=64)
def _parsed(text: str, name: str) -> tuple[Position, ...]:
    return tuple(read_positions(text, name))


def parse(text: str, name: str = "<pasted>") -> list[Position]:
    """Every position of a deal file's text (copies); a bad file is a :class:`BadRequest` with the
    engine's one line (``NAME:LINE: what is wrong``)."""
    if len(text) > MAX_TEXT:
        raise BadRequest(_("{name}: the text is over {limit} characters").format(name=name, limit=f"{MAX_TEXT:,}"))
    try:
        found = [p.copy() for p in _parsed(text, name)]
    except HuolongError as e:
        raise BadRequest(str(e)) from None
    if not found:
        raise BadRequest(_("{name}: no position in the text").format(name=name))
    return found


def node(library: Library, root: object, plays: object) -> Position:
    """The position after ``plays`` (play strings) from the start of ``root``, replayed by the engine."""
    if not isinstance(plays, list) or not all(isinstance(p, str) for p in plays):
        raise BadRequest(_("plays: expected a list of plays like {example}").format(example='["SA SA", "D4"]'))
    pos, _line = library.start(root)
    for number, text in enumerate(plays, start=1):
        shown = excerpt(text)  # a request's text is quoted short: it may be anything
        try:
            play = Play.parse(text)
        except HuolongError as e:
            raise BadRequest(_("play {number} ({play}): {error}").format(number=number, play=shown, error=e)) from None
        if pos.is_over():
            raise BadRequest(_("play {number} ({play}): the hand is over").format(number=number, play=shown))
        error = pos.play_error(play)
        if error:
            raise BadRequest(_("play {number} ({play}): not legal: {error}").format(number=number, play=shown,
                                                                                   error=error))
        pos.play(play)
    return pos


def text_key(text: str) -> str:
    """A short stable name for a text (for caches and logs; never a path)."""
    return hashlib.sha256(text.encode()).hexdigest()[:12]
