"""What every subcommand shares: errors, exit codes, loading deal files, output files."""

from __future__ import annotations

import os
import sys
import threading
import time
import warnings

import click
from numba.core import event

from huolong.engine import HuolongError, Play, Position, Rules, read_file, write_atomically
from huolong.engine.dealfile import TagWarning
from huolong.engine.files import os_reason
from huolong.i18n import N_, _
from huolong.puzzles.shipped import EXAMPLE_PREFIX, UnknownExample, examples, read_example

__all__ = ["EXIT_BAD_INPUT", "EXIT_STOPPED", "OBJECTIVE_HELP", "BadInput", "in_order", "typed_play", "StatusLine", "Stopped", "ascii_option", "color_wanted",
           "json_option", "load", "no_color_option", "open_workers", "output_file", "parse_rules", "progress", "read_input",
           "scheduler_option", "seed_option", "where", "workers_option", "write_atomically"]

EXIT_BAD_INPUT = 2
EXIT_STOPPED = 3


class CompileNotice(event.Listener):
    """Says on stderr, once, that the solver's kernel is being compiled: the first run's half minute
    of silence would look like a hang. Numba reports a compile, never a load from its cache."""

    def __init__(self) -> None:
        super().__init__()
        self.said = False

    def on_start(self, ev: event.Event) -> None:
        if not self.said and ev.data["dispatcher"].py_func.__module__.startswith("huolong.solver.kernel"):
            self.said = True
            click.echo(_("(compiling the solver's kernel for this kind of search, once for this install: up to a "
                         "minute)"), err=True)

    def on_end(self, ev: event.Event) -> None:
        pass


COMPILE_NOTICE = CompileNotice()
event.register("numba:compile", COMPILE_NOTICE)

_show_warning = warnings.showwarning


def _show_tag_warning(message, category, filename, lineno, file=None, line=None):  # type: ignore[no-untyped-def]
    """A misspelt tag is the user's file speaking: one line, ``warning: FILE:LINE: …``, not Python's form."""
    if issubclass(category, TagWarning):
        click.echo(_("warning: {message}").format(message=message), err=True)
    else:
        _show_warning(message, category, filename, lineno, file, line)


warnings.showwarning = _show_tag_warning


class BadInput(click.ClickException):
    """Bad input: one line on stderr, exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:  # type: ignore[no-untyped-def]
        click.echo(_("error: {message}").format(message=self.message), err=True)


class Stopped(BadInput):
    """Work stopped before the end (Ctrl-C, a node or time limit): one line on stderr, exit status 3.

    A command that keeps finished work raises it from its ``KeyboardInterrupt``
    handler with a message saying what was kept; ``main`` turns any other
    Ctrl-C into ``Stopped("interrupted")``.
    """

    exit_code = EXIT_STOPPED

    def show(self, file=None) -> None:  # type: ignore[no-untyped-def]
        # not an error: what was finished or proved before the stop has been printed (exit 3)
        click.echo(_("stopped: {message}").format(message=self.message), err=True)


def color_wanted(no_color: bool) -> bool:
    """Colour on a terminal, unless ``--no-color`` or a non-empty ``NO_COLOR`` (no-color.org) says
    otherwise; a non-empty ``FORCE_COLOR`` turns it on where the output is not a terminal."""
    if no_color or os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


def parse_rules(text: str | None, option: str = "--rules") -> Rules | None:
    if text is None:
        return None
    try:
        return Rules.parse(text)
    except HuolongError as e:
        raise BadInput(_("{option}: {error}").format(option=option, error=e)) from None


def read_input(name: str, rules: Rules | None = None) -> list[Position]:
    """The positions of a file, ``-`` (standard input) or ``example:NAME`` (a shipped example, unless a
    file of that name exists); bad input as BadInput."""
    try:
        if name.startswith(EXAMPLE_PREFIX) and not os.path.exists(name):
            return read_example(name, rules)
        return read_file(name, rules=rules)
    except UnknownExample as e:
        raise BadInput(str(e)) from None
    except HuolongError as e:
        stem = os.path.splitext(os.path.basename(name))[0]
        if not os.path.exists(name) and name != "-" and stem in examples():  # the README's example, outside a clone
            raise BadInput(_("{error} (the example installed with huolong-solve is example:{name})").format(
                error=e, name=stem)) from None
        raise BadInput(str(e)) from None


def output_file(path: str) -> str:
    """An output file's path, its folder made now — before the work, not when saving it — as
    ``puzzle generate`` makes its folder; a folder that cannot be made is bad input."""
    if path.endswith(os.sep) or os.path.isdir(path):
        raise BadInput(_("{file} is a folder: name a file in it").format(file=path))
    folder = os.path.dirname(path)
    if folder and os.path.exists(folder) and not os.path.isdir(folder):
        raise BadInput(_("{file}: {folder} is a file, not a folder").format(file=path, folder=folder))
    if folder:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise BadInput(_("{file}: cannot make the folder {folder}: {reason}").format(
                file=path, folder=folder, reason=os_reason(e))) from None
    probe = f"{path}.tmp{os.getpid()}"  # the name write_atomically writes first: can it be written here?
    try:
        with open(probe, "w", encoding="utf-8"):
            pass
        os.remove(probe)
    except OSError as e:
        raise BadInput(_("{file}: cannot be written: {reason}").format(file=path, reason=os_reason(e))) from None
    return path


def load(files: tuple[str, ...], position: int | None, rules: str | None, allow_before_bury: bool = False) -> list[Position]:
    """Read every position of the files; ``--position`` and ``--rules`` applied; bad input as BadInput."""
    positions: list[Position] = []
    override = parse_rules(rules)
    for name in files:
        found = read_input(name, override if override is not None and override.is_bridge else None)
        if not found:
            raise BadInput(_("{file}: no position in the file").format(file="<stdin>" if name == "-" else name))
        if position is not None:
            if not 1 <= position <= len(found):
                raise BadInput(_("{file}: there is no position {position} (the file holds {n})").format(
                    file=name, position=position, n=len(found)))
            found = [found[position - 1]]
        positions.extend(found)
    if override is not None and not override.is_bridge:
        for pos in positions:
            pos.rules = override
            for message, _tag in pos.problems():
                raise BadInput(_("{where}: under --rules {rules}: {message}").format(where=where(pos), rules=override,
                                                                                   message=message))
    if not allow_before_bury:
        for pos in positions:
            if pos.is_before_bury:
                raise BadInput(_("{where}: a deal before the bury (Kitty, no Bottom) has nothing to solve yet; "
                                 "rank its burials with huolong-solve bury").format(where=where(pos)))
    return positions


def where(pos: Position) -> str:
    return f"{pos.origin[0]}:{pos.origin[1]}" if pos.origin else "<position>"


# The options several commands take, defined once so that each means the same everywhere.

def scheduler_option(command):  # type: ignore[no-untyped-def]
    """``--scheduler tcp://HOST:PORT``: run the work on a Dask cluster."""
    return click.option("--scheduler", metavar="tcp://HOST:PORT",
                        help=N_("Run on this Dask cluster (pip install '.[dask]') instead of local processes."))(command)


def workers_option(command):  # type: ignore[no-untyped-def]
    """``--workers N``: local processes; the output does not depend on it."""
    return click.option("--workers", type=WholeNumber(1), metavar="N",
                        help=N_("Processes (default: all cores); the output is the same whatever N."))(command)


#: The largest number an option takes: past it a count would overflow the kernel's 64-bit words
#: (``--max-nodes 9223372036854775808`` ended in an OverflowError).
LARGEST_COUNT = 2**62


class WholeNumber(click.IntRange):
    """A whole number from ``least`` (None: any) up to :data:`LARGEST_COUNT` in size; the help names
    only the least, and a number too large is told so."""

    def __init__(self, least: int | None) -> None:
        super().__init__(min=-LARGEST_COUNT if least is None else least, max=LARGEST_COUNT)
        self.least = least

    def convert(self, value, param, ctx):  # type: ignore[no-untyped-def]
        number = click.INT.convert(value, param, ctx)
        if abs(number) > LARGEST_COUNT:
            self.fail(_("{value} is too large: at most {most}").format(value=number, most=LARGEST_COUNT), param, ctx)
        return super().convert(number, param, ctx)

    def _describe_range(self) -> str:
        return "" if self.least is None else f"x>={self.least}"


def seed_option(help: str, default: int | None = 1):  # type: ignore[no-untyped-def]
    """``--seed N``: ``help`` is the whole sentence (marked ``N_``), ``Seed of …: same seed, same output.``"""
    return click.option("--seed", type=WholeNumber(None), default=default, show_default=default is not None,
                        metavar="N", help=help)


#: ``--objective`` of solve and batch: what the search plays for.
OBJECTIVE_HELP = N_("What the search plays for. outcome: the hand's result, then the points; result: the result "
                    "alone (fastest); points: the attackers' final points.")


def json_option(help: str):  # type: ignore[no-untyped-def]
    """``--json``: ``help`` is the whole sentence (marked ``N_``), ``Print JSON: …`` (the same keys and values
    whatever the language)."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def no_color_option(command):  # type: ignore[no-untyped-def]
    """``--no-color``: every command takes it, also those that print no colour, so scripts may pass it."""
    return click.option("--no-color", is_flag=True,
                        help=N_("No colour (also: the NO_COLOR environment variable)."))(command)


def ascii_option(command):  # type: ignore[no-untyped-def]
    """``--ascii``: cards as letters, for terminals without the suit symbols."""
    return click.option("--ascii", "ascii_", is_flag=True,
                        help=N_("Print S H D C / BJ LJ instead of suit symbols."))(command)


def open_workers(workers: int | None, scheduler: str | None,  # type: ignore[no-untyped-def]
                 kernels: tuple[str, ...] = ("search", "playout")):
    """Local processes or a Dask cluster that run the ``kernels`` (compiled once, before the first
    task); a scheduler that cannot be used is bad input."""
    from huolong.solver.jobs import SchedulerError, Workers, default_workers

    try:
        return Workers(workers or default_workers(), scheduler, kernels)
    except SchedulerError as e:
        raise BadInput(str(e)) from None


class StatusLine:
    """One line on stderr that a long solve rewrites in place (nodes, seconds), erased when it ends.

    Hidden when stderr is not a terminal. Reports come from the solver's watcher thread, so
    one that arrives after :meth:`close` is dropped rather than printed over the result.
    """

    def __init__(self, label: str) -> None:
        self.label = label
        self.shown = sys.stderr.isatty()
        self.started = time.monotonic()
        self.width = 0
        self.lock = threading.Lock()

    def __call__(self, nodes: int) -> None:
        with self.lock:
            if not self.shown:
                return
            seconds = time.monotonic() - self.started
            text = _("{label}: {nodes} M nodes, {seconds} s (Ctrl-C stops)").format(
                label=self.label, nodes=f"{nodes / 1e6:,.1f}", seconds=f"{seconds:,.0f}")
            sys.stderr.write("\r" + text.ljust(self.width))
            sys.stderr.flush()
            self.width = len(text)

    def close(self) -> None:
        with self.lock:
            if self.shown and self.width:
                sys.stderr.write("\r" + " " * self.width + "\r")
                sys.stderr.flush()
            self.shown = False

    def __enter__(self) -> StatusLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()  # before anything the caller prints about how the solve ended


def in_order(finished, on_each=None):  # type: ignore[no-untyped-def]
    """The results of ``Workers.run`` (``(index, result)`` as tasks finish) in task order, each as soon as
    those before it are in; ``on_each()`` is called as each task finishes (a progress bar)."""
    pending: dict[int, object] = {}
    wanted = 0
    for index, result in finished:
        pending[index] = result
        if on_each is not None:
            on_each()
        while wanted in pending:
            yield pending.pop(wanted)
            wanted += 1


def typed_play(pos: Position, text: str) -> tuple[Play | None, str | None]:
    """The play a user typed for the seat to move, or the line that says why it is not one (ask again)."""
    try:
        play = Play.parse(text)
    except HuolongError as e:
        return None, _("  {error}; try again.").format(error=e)
    error = pos.play_error(play)
    if error:
        return None, _("  Not legal: {error}; try again.").format(error=error)
    return play, None


def progress(length: int, label: str):  # type: ignore[no-untyped-def]
    """A progress bar on stderr (hidden when stderr is not a terminal)."""
    return click.progressbar(length=length, label=label, file=sys.stderr, show_pos=True, show_eta=True,
                             hidden=not sys.stderr.isatty())
