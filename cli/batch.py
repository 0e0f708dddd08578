"""``huolong-solve batch``: solve every position of many files into a JSON-lines file, resumably."""

from __future__ import annotations

import json
import os

import click

from huolong.engine import excerpt, write_atomically, write_position
from huolong.engine.files import os_reason
from huolong.i18n import N_, _, ngettext
from huolong.solver import OBJECTIVES
from huolong.solver.search import PLAYS
from huolong.solver.batch import solve_task
from .common import (
    OBJECTIVE_HELP, BadInput, Stopped, load, no_color_option, open_workers, output_file, progress, scheduler_option,
    workers_option, WholeNumber,
)


def done_keys(path: str) -> set[tuple[str, int]]:
    """(file, position) of every line already in the output; a last line torn by a crash is cut off.

    Anything else that is not a line of a batch (another file named by mistake) is refused, the
    file untouched: only the torn end of our own output may be dropped.
    """
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return set()
    except UnicodeDecodeError:
        raise BadInput(_("{file}: not a JSON-lines file of huolong-solve batch (not UTF-8 text); write elsewhere "
                         "(-o)").format(file=path)) from None
    except OSError as e:
        raise BadInput(_("{file}: {reason}").format(file=path, reason=os_reason(e))) from None
    lines = text.split("\n")
    keys: set[tuple[str, int]] = set()
    kept: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        key = _row_key(line)
        if key is None:
            if any(rest.strip() for rest in lines[number:]):  # not the last line: not a torn end
                raise BadInput(_("{file}:{line}: not a line of huolong-solve batch ({text!r}); remove the file or "
                                 "write elsewhere (-o)").format(file=path, line=number, text=excerpt(line)))
            click.echo(_("note: {file}:{line}: a line cut short (an interrupted run) is dropped").format(
                file=path, line=number), err=True)
            break
        keys.add(key)
        kept.append(line)
    rebuilt = "".join(line + "\n" for line in kept)
    if text != rebuilt:
        write_atomically(path, rebuilt)
    return keys


def _row_key(line: str) -> tuple[str, int] | None:
    """(file, position) of a line of batch output, or ``None`` if it is not one."""
    try:
        row = json.loads(line)
        return str(row["file"]), int(row["position"])
    except (ValueError, KeyError, TypeError):
        return None


@click.command("batch", help=N_("""Solve every position of FILES into a JSON-lines file, one line per position as it finishes.

    Each line is the solve --json object plus "file" and "position". Running
    the command again skips the positions already in the output, so an
    interrupted batch (Ctrl-C, a crash, a lost worker) is completed without
    duplicates.

    \b
    Examples:
      huolong-solve batch season/*.hl -o results.jsonl
      huolong-solve batch season/*.hl -o results.jsonl --scheduler tcp://10.0.0.5:8786
    """))
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help=N_("JSON-lines file; positions already in it are skipped."))
@click.option("--objective", type=click.Choice(OBJECTIVES), default="outcome", show_default=True, help=OBJECTIVE_HELP)
@click.option("--max-nodes", type=WholeNumber(1), metavar="N",
              help=N_("Give up on a position after N nodes (its line gets an error)."))
@click.option("--plays", type=click.Choice(PLAYS), default="all", show_default=True,
              help=N_("all: every play's value; optimal: which plays are optimal; best: one best play."))
@click.option("--no-line", is_flag=True, help=N_("Leave out the best lines."))
@workers_option
@no_color_option
@scheduler_option
def batch_command(files, output, objective, max_nodes, plays, no_line, workers, no_color, scheduler):
    positions = load(files, None, None, allow_before_bury=True)
    output_file(output)
    numbered: list[tuple[str, int, str]] = []
    counters: dict[str, int] = {}
    for pos in positions:
        name = pos.origin[0] if pos.origin else "-"
        counters[name] = counters.get(name, 0) + 1
        numbered.append((name, counters[name], write_position(pos)))
    done = done_keys(output)
    todo = [(text, name, number, objective, max_nodes, not no_line, plays)
            for name, number, text in numbered if (name, number) not in done]
    pool = open_workers(workers, scheduler, kernels=("search",))  # solves only: no playouts to compile
    written = 0
    try:
        with pool, open(output, "a", encoding="utf-8") as out, progress(len(todo), _("positions")) as bar:
            for _index, row in pool.run(solve_task, todo):
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
                out.flush()
                os.fsync(out.fileno())
                written += 1
                bar.update(1)
    except KeyboardInterrupt:
        raise Stopped(_("interrupted after {n} new positions; run again to finish {file}").format(
            n=written, file=output)) from None
    click.echo(ngettext("{n} position solved, {done} already in {file}.", "{n} positions solved, {done} already in {file}.",
                        written).format(n=written, done=len(done), file=output), err=True)
