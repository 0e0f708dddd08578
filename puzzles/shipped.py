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

from pathlib import Path

from huolong.engine import Position, Rules, read_positions
from huolong.i18n import _

__all__ = ["EXAMPLE_PREFIX", "PUZZLE_FOLDERS", "UnknownExample", "example_path", "examples", "read_example",
           "shipped_folder", "shipped_files"]

PUZZLE_FOLDERS = ("generated", "long", "themes", "counting")
EXAMPLE_PREFIX = "example:"


class UnknownExample(ValueError):
    """No shipped example has this name; the message lists the ones there are."""

    def __init__(self, name: str) -> None:
        super().__init__(_("{name}: no such example (there are: {examples})").format(
            name=EXAMPLE_PREFIX + name, examples=", ".join(sorted(examples()))))
        self.name = name


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
