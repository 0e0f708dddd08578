"""``huolong-solve train``: solve puzzles in the terminal, near your rating, remembered across runs."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import click
from tabulate import tabulate

from huolong.engine import Play, Position, excerpt, seat_label
from huolong.i18n import N_, _, pgettext
from huolong.solver import solve
from huolong.puzzles import KINDS, THEMES, parse_solution
from huolong.puzzles.themes import theme_label, why_text
from huolong.puzzles.trainer import Trainer, default_store, puzzle_id, why_at

from .common import (
    BadInput, typed_play, ascii_option, color_wanted, json_option, no_color_option, output_file, seed_option,
    WholeNumber,
)
from .puzzle import load_puzzles
from .render import Style, diagram, header, line_table

KIND_TEXT = {
    "result": N_("a result puzzle: only one play keeps the result of the hand"),
    "points": N_("a counting puzzle: the result is safe either way; only one play keeps the points"),
}
KIND_NAMES = {"result": N_("result"), "points": N_("points")}


def _rating_range(text: str | None) -> tuple[int, int]:
    if text is None:
        return 0, 10_000
    match = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if not match:
        raise BadInput(_("--rating {text!r}: expected LOW-HIGH, e.g. 1200-1600").format(text=excerpt(text)))
    return int(match.group(1)), int(match.group(2))


def _estimate(pos: Position) -> float:
    try:
        return float(pos.tags.get("Rating", "1500"))
    except ValueError:
        return 1500.0


@click.command("train", help=N_("""Solve puzzles in the terminal: type a play (SA SA, ♠A ♠A or sa sa); q quits.

    PATHS are puzzle files or folders; without them, the puzzles installed
    with huolong-solve are posed.

    Puzzles are chosen near your Glicko-2 rating, which every attempt
    updates — yours and the puzzle's — and which is kept between runs. A
    wrong answer gets the refutation (the best line after it) and the
    answer; a right one, the opponents' reply and the next move, until the
    puzzle ends; then one sentence says why.

    \b
    Examples:
      huolong-solve train                              the puzzles installed with huolong-solve
      huolong-solve train --theme dig --count 5
      huolong-solve train --kind points                the counting puzzles
      huolong-solve train my-puzzles/                  your own puzzle files
      huolong-solve train --stats
    """))
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.option("--kind", type=click.Choice([*KINDS, "any"]), default="result", show_default=True,
              help=N_("result: the answer keeps the hand's result; points: the result is safe, the points are not."))
@click.option("--theme", type=click.Choice(THEMES), help=N_("Only puzzles with this theme."))
@click.option("--rating", metavar="LOW-HIGH", help=N_("Only puzzles rated in this range, e.g. 1200-1600."))
@click.option("--count", type=WholeNumber(1), default=10, show_default=True, help=N_("Puzzles to pose."))
@click.option("--in-order", is_flag=True, help=N_("Pose the puzzles in file order, not near your rating."))
@seed_option(N_("Seed of the choice among the puzzles near your rating: same seed, same output."), default=None)
@click.option("--stats", is_flag=True, help=N_("Show your rating and results by theme, and stop."))
@click.option("--store", type=click.Path(dir_okay=False, path_type=Path),
              help=N_("The trainer's record (default: your data folder, or $HUOLONG_SOLVE_TRAINER)."))
@json_option(N_("Print JSON: with --stats, the rating and the results by theme."))
@no_color_option
@ascii_option
def train_command(paths, kind, theme, rating, count, in_order, seed, stats, store, as_json, no_color, ascii_):
    if stats:
        trainer = _load_trainer(store)
        click.echo(json.dumps(trainer.stats(), ensure_ascii=False, indent=1) if as_json else stats_text(trainer))
        return
    if as_json:
        raise BadInput(_("--json goes with --stats: a training session is a conversation, not a report"))
    low, high = _rating_range(rating)
    puzzles = [p for p in load_puzzles(paths)
               if (kind == "any" or p.tags.get("Kind", "result") == kind)
               and (theme is None or theme in p.tags.get("Theme", "").split())
               and low <= _estimate(p) <= high]
    if not puzzles:
        raise BadInput(_("no puzzles match"))
    output_file(str(store or default_store()))  # its folder made before the first puzzle, not when saving an answer
    trainer = _load_trainer(store)  # once the puzzles are known good: a bad puzzle file is said first
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    rng = random.Random(seed)
    posed = solved = 0
    while puzzles and posed < count:
        index = 0 if in_order else trainer.choose([(puzzle_id(p), _estimate(p)) for p in puzzles], rng)
        pos = puzzles.pop(index)
        pid = puzzle_id(pos)
        result = _pose(pos, posed + 1, min(count, posed + 1 + len(puzzles)), trainer.rating_of(pid, _estimate(pos)),
                       trainer, style)
        if result is None:
            click.echo(_("Stopped."))
            break
        posed += 1
        solved += result
        change = trainer.record(pid, _estimate(pos), result, pos.tags.get("Theme", "").split(),
                                pos.tags.get("Kind", "result"))
        click.echo(_("  Your rating: {rating} ({change}).").format(rating=f"{trainer.player.rating:.0f}",
                                                                   change=f"{change:+.0f}"))
    click.echo("\n" + _(
        "Score: {solved} of {posed} solved. Your rating: {rating} ± {rd} after {n} attempts (kept in {path}).").format(solved=solved, posed=posed, rating=f"{trainer.player.rating:.0f}",
                                      rd=f"{trainer.player.rd:.0f}", n=len(trainer.attempts), path=trainer.path))


def _load_trainer(store: Path | None) -> Trainer:
    """The trainer's record, its warning (fresh, or a damaged one set aside) said on stderr."""
    trainer = Trainer.load(store)
    if trainer.warning:
        click.echo(_("warning: {message}").format(message=trainer.warning), err=True)
    return trainer


def _pose(pos: Position, number: int, total: int, rating, trainer: Trainer, style: Style) -> bool | None:  # type: ignore[no-untyped-def]
    """Pose one puzzle; True if solved, False if not, None if the user quit."""
    solution = parse_solution(pos.tags["Solution"])
    kind = pos.tags.get("Kind", "result")
    click.echo("\n" + _("Puzzle {number} of {total} — {kind}. Puzzle rating {rating}, yours {yours}. "
                        "Themes hidden.").format(number=number, total=total,
                                                 kind=_(KIND_TEXT[kind]) if kind in KIND_TEXT else kind,
                                                 rating=f"{rating.rating:.0f}",
                                                 yours=f"{trainer.player.rating:.0f}"))
    click.echo(header(pos, style), color=style.color)
    click.echo(diagram(pos, style), color=style.color)
    click.echo(_("You play for the attackers.") if pos.is_attacker(pos.to_play) else
               _("You play for the dealer team."))
    current = pos.copy()
    first_side = current.to_play
    for play in solution:
        if current.is_attacker(current.to_play) != current.is_attacker(first_side):
            click.echo(_("{seat} replies {play}.").format(seat=seat_label(current.to_play), play=style.play(play)),
                       color=style.color)
            current.play(play)
            continue
        answer = _ask(current)
        if answer is None:
            return None
        if answer != play:
            _refute(current, answer, play, style)
            _why(why_at(pos, current), style)  # the move gone wrong, which may not be the first
            return False
        click.echo(_("  Right."))
        current.play(answer)
    themes = " ".join(theme_label(t) for t in pos.tags.get("Theme", "").split())
    click.echo(_("Solved! Themes: {themes}.").format(themes=themes or "-"))
    _why(pos.tags.get("Why"), style)
    return True


def _ask(pos: Position) -> Play | None:
    while True:
        text = click.prompt(_("{seat} to play").format(seat=seat_label(pos.to_play)), default="",
                            show_default=False, prompt_suffix=pgettext("after a question", ": "))
        if text.strip().lower() in ("q", "quit", "exit", "退出"):
            return None
        answer, why = typed_play(pos, text)
        if why:
            click.echo(why)
            continue
        return answer


def _why(sentence: str | None, style: Style) -> None:
    """A sentence of why (English, as in a ``Why`` tag), in the current language."""
    if sentence:
        click.echo(_("  Why: {sentence}.").format(sentence=style.sentence(why_text(sentence))), color=style.color)


def _refute(pos: Position, wrong: Play, right: Play, style: Style) -> None:
    after = pos.copy()
    after.play(wrong)
    analysis = solve(after, "outcome")
    value = analysis.value
    text = (_("  Wrong. After {play} the attackers end with {points} and dig: {outcome}. The refutation:")
            if value.dug else
            _("  Wrong. After {play} the attackers end with {points}: {outcome}. The refutation:"))
    click.echo(text.format(play=style.play(wrong), points=value.points, outcome=value.outcome.label()),
               color=style.color)
    if analysis.line:
        click.echo(line_table(analysis, style), color=style.color)
    click.echo(_("  The answer was {play}.").format(play=style.play(right)), color=style.color)


def stats_text(trainer: Trainer) -> str:
    stats = trainer.stats()
    lines = [_("Rating {rating} ± {rd}; {attempts} attempts, {solved} solved ({path}).").format(
        rating=stats["rating"], rd=stats["rd"], attempts=stats["attempts"], solved=stats["solved"], path=trainer.path)]
    names = {"kinds": lambda k: _(KIND_NAMES[k]) if k in KIND_NAMES else k, "themes": theme_label}
    rows = [[names[group](name), t["attempts"], t["solved"],
             f"{100 * t['success']:.0f}%" if t["success"] is not None else ""]
            for group in ("kinds", "themes") for name, t in stats[group].items()]
    if rows:
        lines.append(tabulate(rows, headers=[_("kind / theme"), _("attempts"), _("solved"), _("success")],
                              tablefmt="simple", disable_numparse=True))
    return "\n".join(lines)
