"""The ``huolong-solve`` command: solve deal files from the terminal."""

from __future__ import annotations

import difflib
import json
import os
import re
import sys

import click
from click.exceptions import NoArgsIsHelpError

from huolong.engine import HuolongError, Position, excerpt, seat_label
from huolong.engine.files import os_reason
from huolong.i18n import ENV_VAR, N_, UnknownLanguage, _, from_environment, language, ngettext, pgettext, set_language
from huolong.puzzles.shipped import shown_title
from huolong.solver import OBJECTIVES, Analysis, SearchAborted, solve, stopped_dict
from huolong.solver.search import PLAYS
from huolong.solver.jobs import default_workers, prepare

from .common import (
    OBJECTIVE_HELP, BadInput, StatusLine, Stopped, ascii_option, color_wanted, json_option, load, no_color_option,
    where, WholeNumber,
)
from .advise import advise_command
from .batch import batch_command
from .board import board_command
from .table import table_command
from .bury import bury_command
from .match import match_command
from .wholegame import game_command
from .play import play_command
from .review import review_command
from .puzzle import puzzle_group
from .train import train_command
from .render import Style, diagram, header, intervals_table, line_table, moves_table, sentence, team, value_phrase, wrap
from .translate import choose_language, localize, route_click_messages

route_click_messages()

class DefaultGroup(click.Group):
    """The tool's top level: a first argument that is not a command goes to ``solve``, and every
    failure — bad input, a usage error, a stop — is one ``error: …`` line on stderr and an exit status,
    however the command is run (the console script, ``python -m``, click's test runner)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        while args and (args[0].startswith("--lang=") or args[0] == "--lang" and len(args) > 1):
            args = args[1:] if args[0].startswith("--lang=") else args[2:]  # read already (translate.py)
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            word = args[0]
            close = difflib.get_close_matches(word, list(self.commands), n=1, cutoff=0.75)
            if close and not os.path.exists(word) and "." not in word and "/" not in word and ":" not in word:
                # a command mistyped, not a file: say so rather than "no such file"
                raise click.UsageError(_("no command or file {word!r}: did you mean {command}?").format(
                    word=excerpt(word), command=close[0]), ctx)
            args = ["solve", *args]
        return super().parse_args(ctx, args)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):  # type: ignore[no-untyped-def,override]
        """Exit status 0 done, 1 a failed check, 2 bad input or usage, 3 work stopped (Ctrl-C, a limit)."""
        args = sys.argv[1:] if args is None else list(args)
        previous = language()
        try:
            self._main(args, prog_name, complete_var, **extra)
        finally:  # run in-process (a test, a script), the caller's language and help are as they were
            set_language(previous)
            localize(self)

    def _main(self, args, prog_name, complete_var, **extra):  # type: ignore[no-untyped-def]
        try:
            choose_language(args)
        except UnknownLanguage as e:
            try:  # a variable set once for every run is not this command's mistake: the locale's language instead
                choose_language(args, {k: v for k, v in os.environ.items() if k != ENV_VAR})
            except UnknownLanguage:  # --lang itself: the error in the environment's language
                set_language(from_environment_or_english())
                click.echo(_("error: {message}").format(message=UnknownLanguage(e.text)), err=True)
                sys.exit(2)
            click.echo(_("note: {variable}={value} is not a language huolong-solve speaks (zh or en); it is "
                         "ignored").format(variable=ENV_VAR, value=excerpt(e.text)), err=True)
        localize(self)
        if not args:  # no arguments: the help, not an error
            click.echo(self.get_help(click.Context(self, info_name=prog_name or "huolong-solve")))
            sys.exit(0)
        try:
            try:
                super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            except (KeyboardInterrupt, click.exceptions.Abort):
                raise Stopped(pgettext("what stopped a command", "interrupted")) from None
            except SearchAborted as e:
                raise Stopped(str(e)) from None
            except HuolongError as e:  # DealFileError included
                raise BadInput(str(e)) from None
            except BrokenPipeError:
                raise
            except OSError as e:  # a file that cannot be written (a full disk, a read-only folder): no traceback
                raise BadInput(_("{file}: {reason}").format(file=e.filename, reason=os_reason(e)) if e.filename
                               else os_reason(e)) from None
        except NoArgsIsHelpError as e:  # a group named without its command, as `huolong-solve puzzle`
            click.echo(e.ctx.get_help() if e.ctx else "")
            sys.exit(0)
        except click.ClickException as e:
            if isinstance(e, BadInput):
                e.show()
            else:
                click.echo(_("error: {message}").format(message=usage_error_text(e)), err=True)
            sys.exit(e.exit_code)
        except BrokenPipeError:
            sys.exit(0)
        sys.exit(0)


def from_environment_or_english() -> str:
    """The environment's language, or English when the environment names one we do not speak."""
    try:
        return from_environment()
    except UnknownLanguage:
        return "en"


def usage_error_text(error: click.ClickException) -> str:
    """A usage error in one line, pointing at the command's help."""
    message = error.format_message().replace("\n", " ")
    message = re.sub(r"(?<=[。？！；：）])\s+", "", message)  # click joins its parts with spaces
    if language() == "zh":  # click's suggestions ('--no-color', '--no-line') in the quotes and list of Chinese text
        message = re.sub(r"'(-{1,2}[\w-]+)'", r"“\1”", message).replace("”, “", "”、“")
    ctx = getattr(error, "ctx", None)
    if isinstance(error, click.UsageError) and ctx is not None:
        return _("{message} (see {command} --help)").format(message=message.removesuffix(".").removesuffix("。"),
                                                             command=ctx.command_path)
    return message


@click.group("huolong-solve", cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("""Double-dummy solver for Huolong (攉龙), the three-pack point game of Datong.

    \b
    Examples:
      huolong-solve puzzles/examples/dig-fight.hl      solve every position in a file
      huolong-solve --json deal.hl > analysis.json     the same, as JSON
      cat deal.hl | huolong-solve -                    read standard input
      huolong-solve play --deals 100 -o hands.hl       whole hands by the bot, then review them
      huolong-solve bury deal.hl                       rank the dealer's burials (扣底)
      huolong-solve advise hands.hl --trick 30         what to play, seeing only your own hand
      huolong-solve train                              solve puzzles in the terminal
      huolong-solve batch *.hl -o out.jsonl            many positions; --scheduler for Dask
      huolong-solve board example:hand-record          the analysis board, in the browser
      huolong-solve --lang zh example:dig-fight        in Chinese (中文); also HUOLONG_SOLVE_LANG=zh

    Shell completion (bash): eval "$(_HUOLONG_SOLVE_COMPLETE=bash_source huolong-solve)"
    """))
@click.version_option(package_name="huolong-solve")
def cli() -> None:
    """The tool's top level (its help is the ``help=`` above, translated when shown)."""


@cli.command("solve", help=N_("""Solve every position in FILES: its value, every legal play, the best line.

    \b
    Examples:
      huolong-solve solve deal.hl
      huolong-solve deal.hl --objective points --no-line
      huolong-solve deal.hl --rules "standard follow=strict" --position 2
      huolong-solve deal.hl --json --max-nodes 5000000     stopped: every play's proven interval
      huolong-solve --rules bridge endgame.pbn           a bridge deal (PBN), DDS-style

    Exit status: 0 solved, 2 bad input, 3 stopped by --max-nodes, --time or Ctrl-C.
    """))
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--objective", type=click.Choice(OBJECTIVES), default="outcome", show_default=True,
              help=OBJECTIVE_HELP)
@click.option("--plays", type=click.Choice(PLAYS), default="all", show_default=True,
              help=N_("all: every play's value; optimal: which plays are optimal (faster); best: one best play "
                      "(fastest)."))
@click.option("--threads", type=WholeNumber(1), metavar="N",
              help=N_("Score the plays on N threads at once (default: all cores; big positions only)."))
@click.option("--rules", "rules", metavar="RULES",
              help=N_('Ruleset overriding the files\' Rules tag, e.g. "standard follow=strict".'))
@json_option(N_("Print JSON: a list, one object per position."))
@click.option("--position", type=int, metavar="N", help=N_("Solve only position N of each file (1-based)."))
@click.option("--max-nodes", type=WholeNumber(1), metavar="N", help=N_("Stop (exit 3) after N search nodes."))
@click.option("--time", "max_seconds", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help=N_("Stop (exit 3) after this many seconds."))
@click.option("--no-line", is_flag=True, help=N_("Leave out the best line."))
@no_color_option
@ascii_option
def solve_command(files, objective, plays, threads, rules, as_json, position, max_nodes, max_seconds, no_line,
                  no_color, ascii_):
    positions = load(files, position, rules)
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    results: list[dict] = []
    seconds = prepare("search")
    if seconds > 2:  # keep the first run's compile out of the reported solve times
        click.echo(_("(prepared the search kernel in {seconds} s — once; later runs load it from the cache)").format(
            seconds=f"{seconds:.0f}"), err=True)
    try:
        for index, pos in enumerate(positions, start=1):
            numbered = (position, None) if position is not None else (index, len(positions))  # as the file numbers it
            try:
                with StatusLine(_("solving position {index} of {total}").format(index=index,
                                                                               total=len(positions))) as status:
                    analysis = solve(pos, objective, plays=plays, threads=threads or default_workers(),
                                     max_nodes=max_nodes, max_seconds=max_seconds, line=not no_line,
                                     on_progress=status, intervals=True)
            except SearchAborted as stop:
                if as_json:  # what the search had finished and proved, as the board shows it
                    results.append(stopped_dict(pos, objective, plays, stop))
                else:
                    if stop.intervals:
                        if index > 1:
                            click.echo()
                        click.echo(stopped_text(pos, stop, style, *numbered), color=style.color)
                    elif stop.partial:
                        click.echo(_("Plays finished before the stop: {plays}").format(plays=", ".join(
                            f"{style.play(m.play)} = {m.value.points}" for m in stop.partial)))
                    proved = proved_text(stop)
                    if proved:
                        click.echo(proved)
                raise Stopped(_("{file}: {message}").format(file=where(pos), message=stop)) from None
            if as_json:
                results.append(analysis.to_dict())
            else:
                if index > 1:
                    click.echo()
                click.echo(render_text(analysis, style, *numbered, show_line=not no_line), color=style.color)
    finally:
        if as_json:  # what was finished, also after a stop
            click.echo(json.dumps(results, ensure_ascii=False, indent=1))


def position_title(pos: Position, index: int, total: int | None) -> str:
    """``Position 2 of 5 (FILE:LINE)``; ``Position 6 (FILE:LINE)`` where one was chosen (``total`` None)."""
    title = (_("Position {index}").format(index=index) if total is None else
             _("Position {index} of {total}").format(index=index, total=total))
    if pos.origin:
        title = _("{title} ({where})").format(title=title, where=where(pos))
    return title


def stopped_text(pos, stop, style: Style, index: int, total: int | None) -> str:  # type: ignore[no-untyped-def]
    """A position the search did not finish: the position as :func:`render_text` draws it, whose
    values the table counts, every play's proven interval, and what they prove."""
    title = position_title(pos, index, total)
    if pos.tags.get("Event"):
        title = _("{title}: {event}").format(title=title, event=shown_title(pos.tags))
    if pos.rules.is_bridge:
        whose = _("The values are the tricks {team}, to play, take from here.").format(team=team(pos, pos.to_play))
    elif pos.is_attacker(pos.to_play):
        whose = _("The values are the attackers' final points; {seat} plays for the attackers: more is better.").format(
            seat=seat_label(pos.to_play))
    else:
        whose = _("The values are the attackers' final points; {seat} plays for the dealer team: fewer is "
                  "better.").format(seat=seat_label(pos.to_play))
    return "\n".join([title, "", header(pos, style), "", diagram(pos, style), "",
                      _("What was proved of each play before the stop:"), wrap(whose), intervals_table(stop, style),
                      wrap(_("Each play's value lies between its two bounds. A play is proven worse when its best "
                             "case is below another play's worst case, and proven best when no other play's best "
                             "case is above its worst case."))])


def proved_text(stop: SearchAborted) -> str:
    """What a stopped search had proved of the value, as a sentence ('' if nothing)."""
    if any(v is not None and v.outcome is not None for v in stop.bounds):
        return _proved_points(*stop.bounds)
    low, high = (None if v is None else str(v.points) for v in stop.bounds)
    if low is not None and low == high:
        return _("Proved before the stop: the value is {value}.").format(value=low)
    if low is not None and high is not None:
        return _("Proved before the stop: the value is at least {low} and at most {high}.").format(low=low, high=high)
    if low is not None:
        return _("Proved before the stop: the value is at least {low}.").format(low=low)
    if high is not None:
        return _("Proved before the stop: the value is at most {high}.").format(high=high)
    return ""


def _proved_points(low, high) -> str:  # type: ignore[no-untyped-def]
    """:func:`proved_text` of a point game: the attackers' end, in words."""
    if low is not None and low == high:
        return _("Proved before the stop: the attackers end with {value}.").format(value=value_phrase(low))
    if low is not None and high is not None:
        return _("Proved before the stop: the attackers end with at least {low}, and at most {high}.").format(
            low=value_phrase(low), high=value_phrase(high))
    if low is not None:
        return _("Proved before the stop: the attackers end with at least {low}.").format(low=value_phrase(low))
    return _("Proved before the stop: the attackers end with at most {high}.").format(high=value_phrase(high))


OBJECTIVE_NAMES = {"outcome": N_("outcome objective"), "points": N_("points objective"),
                   "result": N_("result objective")}


def plays_title(analysis: Analysis) -> str:
    pos = analysis.position
    what = _("tricks") if pos.rules.is_bridge else _(OBJECTIVE_NAMES[analysis.objective])
    if analysis.plays == "best":
        return _("A best play of {seat} ({what}):").format(seat=seat_label(pos.to_play), what=what)
    if analysis.plays == "all":
        return _("Every play of {seat} ({what}), best first:").format(seat=seat_label(pos.to_play), what=what)
    return _("Every play of {seat} ({what}):").format(seat=seat_label(pos.to_play), what=what)


def render_text(analysis: Analysis, style: Style, index: int, total: int | None, show_line: bool = True) -> str:
    pos = analysis.position
    title = position_title(pos, index, total)
    if pos.tags.get("Event"):
        title = _("{title}: {event}").format(title=title, event=shown_title(pos.tags))
    if pos.is_over():
        return "\n".join([title, "", header(pos, style), "", sentence(analysis)])
    parts = [title, "", header(pos, style), "", diagram(pos, style), "", sentence(analysis), "",
             plays_title(analysis), moves_table(analysis, style)]
    if show_line and analysis.line:
        parts += ["", _("Best line:"), line_table(analysis, style)]
    parts += ["", ngettext("{nodes} node in {seconds} s.", "{nodes} nodes in {seconds} s.", analysis.nodes).format(
        nodes=f"{analysis.nodes:,}", seconds=f"{analysis.seconds:.3f}")]
    return "\n".join(parts)


cli.add_command(advise_command)
cli.add_command(play_command)
cli.add_command(review_command)
cli.add_command(bury_command)
cli.add_command(puzzle_group)
cli.add_command(train_command)
cli.add_command(batch_command)
cli.add_command(board_command)
cli.add_command(match_command)
cli.add_command(game_command)
cli.add_command(table_command)


def main() -> None:
    """Console entry point: every failure is one line on stderr, never a traceback (see ``DefaultGroup.main``)."""
    cli.main(prog_name="huolong-solve")


if __name__ == "__main__":
    main()
