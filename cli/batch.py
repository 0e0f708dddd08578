"""``huolong-solve batch``: solve every position of many files into a JSON-lines file, resumably."""

from __future__ import annotations

import json
import os

import click

from huolong.engine import write_position
from huolong.i18n import N_, _
from huolong.solver import OBJECTIVES
from huolong.solver.search import PLAYS
from huolong.solver.batch import solve_task
from .common import Stopped, load, no_color_option, open_workers, progress, scheduler_option, workers_option


def done_keys(path: str) -> set[tuple[str, int]]:
    """(file, position) of every complete line already in the output; a torn last line is cut off."""
    if not os.path.exists(path):
        return set()
    keys: set[tuple[str, int]] = set()
    good: list[str] = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for text in lines:
        if not text.strip():
            continue
        try:
            row = json.loads(text)
            keys.add((row["file"], int(row["position"])))
            good.append(text)
        except (ValueError, KeyError, TypeError):
            break  # a line cut short by a crash: everything before it stands
    rebuilt = "".join(t + "\n" for t in good)
    with open(path, encoding="utf-8") as f:
        if f.read() != rebuilt:
            tmp = f"{path}.tmp{os.getpid()}"
            with open(tmp, "w", encoding="utf-8") as out:
                out.write(rebuilt)
            os.replace(tmp, path)
    return keys


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
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help=N_("JSON-lines file; positions already in it are skipped."))
@click.option("--objective", type=click.Choice(OBJECTIVES), default="outcome", show_default=True)
@click.option("--max-nodes", type=click.IntRange(min=1), metavar="N",
              help=N_("Give up on a position after N nodes (its line gets an error)."))
@click.option("--plays", type=click.Choice(PLAYS), default="all", show_default=True,
              help=N_("all: every play's value; optimal: which plays are optimal; best: one best play."))
@click.option("--no-line", is_flag=True, help=N_("Leave out the best lines."))
@workers_option
@no_color_option
@scheduler_option
def batch_command(files, output, objective, max_nodes, plays, no_line, workers, no_color, scheduler):
    positions = load(files, None, None, allow_before_bury=True)
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
    click.echo(_("{n} positions solved, {done} already in {file}.").format(n=written, done=len(done), file=output),
               err=True)
