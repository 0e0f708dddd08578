"""The puzzle files and examples that ship inside the package (installed by ``pip install .``).

The shipped puzzles are the ``.hl`` files of ``generated/``, ``long/``,
``themes/`` and ``counting/`` beside this module (how each set was made is in
its ``README.md``); ``examples/`` holds instructive positions and hand
records, which a command names as ``example:NAME``.

>>> sorted(examples())[:3]
['before-bury', 'before-bury-known', 'bridge-endgame']
>>> [pos] = read_example("dig-fight")
>>> pos.origin
('example:dig-fight', 1)
"""

from __future__ import annotations

import re
from pathlib import Path

from huolong.engine import Position, Rules, read_positions
from huolong.i18n import N_, _, join

__all__ = ["EXAMPLE_PREFIX", "PUZZLE_FOLDERS", "UnknownExample", "example_path", "examples", "read_example",
           "shipped_folder", "shipped_files", "shown_event", "shown_title"]

PUZZLE_FOLDERS = ("generated", "long", "themes", "counting")
EXAMPLE_PREFIX = "example:"
#: The titles (``Event`` tags) of the shipped examples: data in the files, shown in the user's language.
EXAMPLE_EVENTS = (N_("Before the bury, all hands known (for --known)"),
                  N_("Before the bury: S is dealer, level 7, hearts trump"),
                  N_("Bridge endgame: the one lead that works"),
                  N_("Dig fight: give up points to win the last trick"),
                  N_("Keep the bottom: give up points to stop the dig"),
                  N_("Level-card tie: equal cards go to the earlier play"),
                  N_("Pair ruff: only a trump pair beats a pair"),
                  N_("Strict follow: a pair must answer a pair"))
#: The titles the program writes into the records it makes, and how text shows them.
MADE_EVENTS = ((re.compile(r"huolong-solve play --seed (?P<seed>\d+), deal (?P<deal>\d+)"),
                N_("huolong-solve play --seed {seed}, deal {deal}")),
               (re.compile(r"huolong-solve match --seed (?P<seed>\d+), deal (?P<deal>\d+), table (?P<table>\d+)"),
                N_("huolong-solve match --seed {seed}, deal {deal}, table {table}")),
               (re.compile(r"huolong-solve puzzle generate --seed (?P<seed>\d+), deal (?P<deal>\d+)"),
                N_("huolong-solve puzzle generate --seed {seed}, deal {deal}")),
               (re.compile(r"huolong-solve game, seed (?P<seed>\d+)"), N_("huolong-solve game, seed {seed}")),
               (re.compile(r"huolong-solve board game, seed (?P<seed>\d+)"), N_("huolong-solve board game, seed {seed}")),
               (re.compile(r"random deal, seed (?P<seed>\d+)"), N_("random deal, seed {seed}")),
               (re.compile(r"random endgame, (?P<cards>\d+) cards a hand, seed (?P<seed>\d+)"),
                N_("random endgame, {cards} cards a hand, seed {seed}")),
               (re.compile(r"entered on the board"), N_("entered on the board")))


class UnknownExample(ValueError):
    """No shipped example has this name; the message lists the ones there are."""

    def __init__(self, name: str) -> None:
        super().__init__(_("{name}: no such example (there are: {examples})").format(
            name=EXAMPLE_PREFIX + name, examples=join(sorted(examples()))))
        self.name = name


def shown_event(event: str) -> str:
    """A position's title (its ``Event`` tag) as text shows it: a shipped example's, or one the program
    wrote (``huolong-solve play --seed 7, deal 1``), in the current language; any other as written.

    >>> from huolong.i18n import use
    >>> with use("zh"):
    ...     shown_event("huolong-solve play --seed 7, deal 1"), shown_event("my deal")
    ('huolong-solve play --seed 7 的第 1 局', 'my deal')
    """
    if event in EXAMPLE_EVENTS:
        return _(event)
    for pattern, message in MADE_EVENTS:
        if m := pattern.fullmatch(event):
            return _(message).format(**m.groupdict())
    return event


def shown_title(tags: dict[str, str], default: str = "") -> str:
    """A position's title as text shows it: its ``Event`` (:func:`shown_event`), and which hand of a game it
    is where it is one (its ``Hand`` tag), so that a game's hands are told apart.

    >>> shown_title({"Event": "my game", "Hand": "2"})
    'my game, hand 2'
    """
    event = shown_event(tags.get("Event") or default)
    hand = tags.get("Hand")
    return _("{event}, hand {n}").format(event=event, n=hand) if hand else event


def shipped_folder() -> Path:
    """The installed folder of the package's data (the source folder in a clone)."""
    return Path(__file__).resolve().parent


def shipped_files() -> list[Path]:
    """Every shipped puzzle file, in a fixed order (by folder, then name)."""
    return [path for folder in PUZZLE_FOLDERS for path in sorted((shipped_folder() / folder).rglob("*.hl"))]


def examples() -> dict[str, Path]:
    """The shipped examples by name (the file name without its extension)."""
    return {path.stem: path for path in sorted((shipped_folder() / "examples").iterdir())
            if path.suffix in (".hl", ".pbn")}


def example_path(name: str) -> Path:
    """The installed file of the example ``name`` (``dig-fight`` or ``example:dig-fight``)."""
    name = name.removeprefix(EXAMPLE_PREFIX)
    try:
        return examples()[name]
    except KeyError:
        raise UnknownExample(name) from None


def read_example(name: str, rules: Rules | None = None) -> list[Position]:
    """The positions of a shipped example, each with ``example:NAME`` as the file in its origin. A
    ``.pbn`` example is a bridge deal: read under the bridge rules unless ``rules`` says otherwise."""
    path = example_path(name)
    if rules is None and path.suffix == ".pbn":
        rules = Rules.parse("bridge")
    return read_positions(path.read_text(encoding="utf-8"), EXAMPLE_PREFIX + path.stem, rules)
