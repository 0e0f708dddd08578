"""What every subcommand shares: errors, exit codes, loading deal files, output files."""

from __future__ import annotations

import os
import sys

import click

from huolong.engine import HuolongError, Position, Rules, read_file

EXIT_BAD_INPUT = 2
EXIT_STOPPED = 3


class BadInput(click.ClickException):
    """Bad input: one line on stderr, exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:  # type: ignore[no-untyped-def]
        click.echo(f"error: {self.message}", err=True)


def color_wanted(no_color: bool) -> bool:
    return not no_color and "NO_COLOR" not in os.environ and sys.stdout.isatty()


def parse_rules(text: str | None, option: str = "--rules") -> Rules | None:
    if text is None:
        return None
    try:
        return Rules.parse(text)
    except HuolongError as e:
        raise BadInput(f"{option}: {e}") from None


def load(files: tuple[str, ...], position: int | None, rules: str | None, allow_before_bury: bool = False) -> list[Position]:
    """Read every position of the files; ``--position`` and ``--rules`` applied; bad input as BadInput."""
    positions: list[Position] = []
    override = parse_rules(rules)
    for name in files:
        try:
            found = read_file(name, rules=override if override is not None and override.is_bridge else None)
        except HuolongError as e:
            raise BadInput(str(e)) from None
        if position is not None:
            if not 1 <= position <= len(found):
                raise BadInput(f"{name}: there is no position {position} (the file holds {len(found)})")
            found = [found[position - 1]]
        positions.extend(found)
    if override is not None and not override.is_bridge:
        for pos in positions:
            pos.rules = override
            for message, _tag in pos.problems():
                raise BadInput(f"{where(pos)}: under --rules {override}: {message}")
    if not allow_before_bury:
        for pos in positions:
            if pos.is_before_bury:
                raise BadInput(f"{where(pos)}: this deal is before the bury (Kitty, no Bottom); nothing to solve yet")
    return positions


def where(pos: Position) -> str:
    return f"{pos.origin[0]}:{pos.origin[1]}" if pos.origin else "<position>"


def write_atomically(path: str, text: str) -> None:
    """Replace ``path`` by ``text`` in one step: a reader sees the old file or the new, never half."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def scheduler_option(command):  # type: ignore[no-untyped-def]
    """The ``--scheduler tcp://HOST:PORT`` option: run the work on a Dask cluster."""
    return click.option("--scheduler", metavar="tcp://HOST:PORT",
                        help="Run on this Dask cluster (pip install '.[dask]') instead of local processes.")(command)


def open_workers(workers: int | None, scheduler: str | None):  # type: ignore[no-untyped-def]
    """Local processes or a Dask cluster; a scheduler that cannot be used is bad input."""
    from huolong.solver.jobs import SchedulerError, Workers, default_workers

    try:
        return Workers(workers or default_workers(), scheduler)
    except SchedulerError as e:
        raise BadInput(str(e)) from None


def progress(length: int, label: str):  # type: ignore[no-untyped-def]
    """A progress bar on stderr (hidden when stderr is not a terminal)."""
    return click.progressbar(length=length, label=label, file=sys.stderr, show_pos=True, show_eta=True,
                             hidden=not sys.stderr.isatty())
