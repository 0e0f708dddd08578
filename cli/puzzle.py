"""``huolong-solve puzzle generate|check`` and ``huolong-solve train``."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import click

from huolong.engine import HuolongError, Position, read_file, read_positions, write_position
from huolong.i18n import N_, _, language, use
from huolong.puzzles import THEMES, puzzles_from_deal, shipped_files, verify

from .common import (
    BadInput, Stopped, json_option, no_color_option, open_workers, progress, read_input, scheduler_option,
    seed_option, where, workers_option, write_atomically, WholeNumber,
)

PUZZLE_FILE = re.compile(r"^puzzle-(\d{4,})\.hl$")
SOURCE = re.compile(r"--seed (-?\d+), deal (\d+)$")


def _tricks_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", text)
    if not match:
        raise BadInput(_("--tricks {text!r}: expected N or LOW-HIGH, e.g. 2-8").format(text=text))
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if not 1 <= low <= high <= 39:
        raise BadInput(_("--tricks {text!r}: need 1 ≤ LOW ≤ HIGH ≤ 39").format(text=text))
    return low, high


@click.group("puzzle", help=N_("Make and check training puzzles (the only play that keeps the result, or the points)."))
def puzzle_group() -> None:
    """``puzzle generate`` and ``puzzle check`` (the help is the ``help=`` above, translated when shown)."""


def _existing(directory: Path, seed: int) -> tuple[int, int]:
    """(puzzles already written, deals already searched) of a run in ``directory``."""
    numbers = sorted(int(m.group(1)) for name in os.listdir(directory) if (m := PUZZLE_FILE.match(name)))
    if not numbers:
        return 0, 0
    last = directory / f"puzzle-{numbers[-1]:04d}.hl"
    try:
        [pos] = read_file(last)
    except (HuolongError, ValueError) as e:
        raise BadInput(_("cannot resume from {file}: {error}").format(file=last, error=e)) from None
    match = SOURCE.search(pos.tags.get("Source", ""))
    if not match or int(match.group(1)) != seed:
        raise BadInput(_("{file}: not from a run with --seed {seed}; use another directory (-o)").format(
            file=last, seed=seed))
    return len(numbers), int(match.group(2))


@puzzle_group.command("generate", help=N_("""Find puzzles in hands played out by the bot; one file per puzzle, written atomically.

    A puzzle's answer is the only play that keeps the result of the hand
    (Kind "result"); with --theme points, the only play that keeps the
    points when the result is safe either way (Kind "points").

    Running the same command again resumes: existing puzzle-NNNN.hl files are
    kept and the search goes on from the hand after the last one.

    \b
    Examples:
      huolong-solve puzzle generate -n 100 -o puzzles/generated --seed 1
      huolong-solve puzzle generate -n 20 -o dig/ --theme dig --tricks 2-4
    """))
@click.option("-n", "count", type=WholeNumber(1), default=10, show_default=True, help=N_("Puzzles to make."))
@click.option("-o", "--output", type=click.Path(file_okay=False), required=True,
              help=N_("Directory for puzzle files."))
@seed_option(N_("Seed of the hands searched: same seed, same output."))
@click.option("--tricks", default="2-6", show_default=True, metavar="N|LOW-HIGH",
              help=N_("Tricks left in the hand, N or LOW-HIGH."))
@click.option("--theme", type=click.Choice(THEMES),
              help=N_("Keep only puzzles with this theme (points: puzzles where only points are at stake)."))
@click.option("--min-moves", type=click.IntRange(min=1, max=4), default=1, show_default=True,
              help=N_("Keep only puzzles where the side must find at least this many moves."))
@workers_option
@click.option("--max-deals", type=WholeNumber(1), default=100_000, show_default=True,
              help=N_("Give up after searching this many hands."))
@json_option(N_("Print JSON: a summary: puzzles in the folder, hands searched."))
@no_color_option
@scheduler_option
def generate_command(count, output, seed, tricks, theme, min_moves, workers, max_deals, as_json, no_color, scheduler):
    low_high = _tricks_range(tricks)
    directory = Path(output)
    directory.mkdir(parents=True, exist_ok=True)
    made, deal = _existing(directory, seed)
    pool = open_workers(workers, scheduler)
    batch = 4 * pool.workers
    try:
        with progress(count, _("puzzles")) as bar:
            bar.update(made)
            while made < count and deal < max_deals:
                tasks = [(seed, i, low_high, theme, 2_000_000, min_moves)
                         for i in range(deal, min(deal + batch, max_deals))]
                found = dict(pool.run(puzzles_from_deal, tasks))
                for i in range(len(tasks)):  # in deal order, so the files do not depend on the workers
                    for pos in found[i]:
                        if made < count:
                            made += 1
                            write_atomically(str(directory / f"puzzle-{made:04d}.hl"), write_position(pos))
                            bar.update(1)
                    deal = tasks[i][1] + 1
                    if made >= count:
                        break
    except KeyboardInterrupt:
        pool.close(wait_for_tasks=False)
        raise Stopped(_("interrupted with {n} puzzles in {folder}; run again to resume").format(
            n=made, folder=directory)) from None
    finally:
        pool.close()
    if as_json:
        click.echo(json.dumps({"puzzles": made, "folder": str(directory), "hands_searched": deal}))
    else:
        click.echo(_("{n} puzzles in {folder} ({deals} hands searched).").format(n=made, folder=directory, deals=deal))


def puzzle_files(paths: tuple[str, ...]) -> list[str]:
    """The ``.hl`` files of the paths (folders searched recursively); no paths: the installed puzzles."""
    if not paths:
        return [str(p) for p in shipped_files()]
    files: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(str(p) for p in Path(path).rglob("*.hl"))
        else:
            files.append(path)
    return files


def load_puzzles(paths: tuple[str, ...]) -> list[Position]:
    """The puzzles (positions with a ``Solution`` tag) of the files and folders, or the installed ones."""
    out = []
    for name in puzzle_files(paths):
        found = read_input(name)
        if not found:
            raise BadInput(_("{file}: no position in the file").format(file=name))
        out += [p for p in found if "Solution" in p.tags]
    if not out:
        raise BadInput(_("no puzzles (positions with a Solution tag) in {paths}").format(paths=", ".join(paths)))
    return out


def check_one(text: str, origin: tuple[str, int], lang: str = "en") -> list[str]:
    """What is wrong with one puzzle, given as its text (picklable, for the workers), in ``lang``."""
    with use(lang):
        [pos] = read_positions(text, origin[0])
        return verify(pos)


@puzzle_group.command("check", help=N_("""Re-solve every puzzle: the solution must be the only play of its kind, the themes and why right.

    PATHS are puzzle files or folders; without them, the puzzles installed
    with huolong-solve are checked. Exit status 1 names each puzzle that
    fails (FILE:LINE: what is wrong).

    \b
    Examples:
      huolong-solve puzzle check
      huolong-solve puzzle check my-puzzles/ --workers 2
    """))
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@workers_option
@json_option(N_("Print JSON: one object per puzzle: file, line, problems."))
@no_color_option
@scheduler_option
def check_command(paths, workers, as_json, no_color, scheduler):
    puzzles = load_puzzles(paths)
    lang = "en" if as_json else language()  # JSON is the same in every language
    tasks = [(write_position(pos), pos.origin or ("<position>", 1), lang) for pos in puzzles]
    problems: dict[int, list[str]] = {}
    pool = open_workers(workers, scheduler, kernels=("search",))
    with pool, progress(len(puzzles), _("puzzles")) as bar:
        try:
            for index, found in pool.run(check_one, tasks):
                problems[index] = found
                bar.update(1)
        except KeyboardInterrupt:
            raise Stopped(_("interrupted after {n} of {total} puzzles").format(n=len(problems),
                                                                               total=len(puzzles))) from None
    failures = 0
    for index, pos in enumerate(puzzles):  # in file order, whatever order the workers finished in
        for problem in problems[index]:
            problem_line = _("{file}: {message}").format(file=where(pos), message=problem)
            click.echo(_("error: {message}").format(message=problem_line), err=True)
            failures += 1
    if as_json:
        click.echo(json.dumps([{"file": pos.origin[0] if pos.origin else None,
                                "line": pos.origin[1] if pos.origin else None,
                                "problems": problems[i]} for i, pos in enumerate(puzzles)], ensure_ascii=False,
                              indent=1))
    else:
        click.echo(_("{n} puzzles checked, {failed} failed.").format(n=len(puzzles), failed=failures))
    if failures:
        sys.exit(1)
