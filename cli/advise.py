"""``huolong-solve advise``: what to play when you cannot see the other hands (single-dummy)."""

from __future__ import annotations

import json
import math
from contextlib import nullcontext

import click
from tabulate import tabulate

from huolong.engine import HuolongError, Position, parse_seat, seat_label
from huolong.i18n import N_, _, join, ngettext, pgettext
from huolong.engine.sampling import Knowledge, shown_voids
from huolong.puzzles.shipped import shown_title
from huolong.analysis.advice import SAMPLES, Advice, PlayAdvice, advise, as_good
from huolong.analysis.ranking import Settings
from huolong.solver.jobs import Workers, default_workers

from .common import (
    BadInput, Stopped, ascii_option, color_wanted, json_option, load, no_color_option, open_workers,
    scheduler_option, seed_option, where, workers_option, WholeNumber,
)
from .hint import LiveLines, hint_lines
from .render import Style, diagram, header, outcome_label, value_text

STRATEGY_FUSION = N_("Sampling assumes that from the next play on every player sees every hand (strategy fusion): "
                     "it can favour a play that leaves a guess for later.")


def advice_position(pos: Position, trick: int | None, seat: str | None) -> Position:
    """The position to advise: a record cut before ``trick`` (and ``seat``'s play in it), or the position itself."""
    seat_number = parse_seat(seat) if seat is not None else None
    if not pos.record:
        if trick is not None:
            raise BadInput(_("{where}: --trick needs a hand record ([Play])").format(where=where(pos)))
        if seat_number is not None and seat_number != pos.to_play:
            raise BadInput(_("{where}: it is {to_play}'s turn, not {seat}'s").format(
                where=where(pos), to_play=seat_label(pos.to_play), seat=seat_label(seat_number)))
        return pos
    try:
        cut = pos.rewound(trick, seat_number)
    except HuolongError as e:
        raise BadInput(_("{file}: {message}").format(file=where(pos), message=e)) from None
    if cut.is_over():
        raise BadInput(_("{where}: the hand is over; name a point with --trick (and --seat)").format(where=where(pos)))
    cut.origin, cut.tags = pos.origin, pos.tags
    return cut


def run_advice(pos: Position, pool: Workers | None, threads: int, style: Style, **options) -> Advice:  # type: ignore[no-untyped-def]
    """:func:`advise` with errors about the position as bad input, its ranking shown on the terminal (stderr)
    as it is refined."""
    live = LiveLines(style, err=True)
    try:
        return advise(pos, pool=pool, workers=threads, on_round=lambda a: live.show(hint_lines(a, style, False)),
                      **options)
    except HuolongError as e:
        raise BadInput(_("{file}: {message}").format(file=where(pos), message=e)) from None
    finally:
        live.done()


@click.command("advise", help=N_("""Single-dummy advice: rank the plays of the seat to play by sampling the hands it cannot see.

    The seat knows its hand, every card played and by whom, and the bottom if
    it is the dealer. Each deal of the hidden hands is drawn at random
    consistently with that; every legal play is valued on it (played out by
    the bot, the last cards exact; near the end by the exact search), and
    plays race on the same deals until the best is clear. Plays are ranked by
    the side's expected level change, points breaking ties. It is the
    ranking the hint and the review give for the same position and seed.
    With every hand in the file and at most 10 cards a hand, each play also
    shows its double-dummy value on the true deal (dd).

    \b
    Examples:
      huolong-solve advise puzzles/examples/keep-bottom.hl
      huolong-solve advise hands.hl --position 3 --trick 30 --seat E
      huolong-solve advise deal.hl --samples 500 --json --workers 2
    """))
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--seat", metavar="S|E|N|W", help=N_("The seat to advise (it must be its turn there)."))
@click.option("--position", type=int, metavar="N", help=N_("Only position N of each file (1-based)."))
@click.option("--trick", type=WholeNumber(1), metavar="T",
              help=N_("In a hand record: advise before trick T (before --seat's play in it, with --seat)."))
@click.option("--samples", type=WholeNumber(1), default=SAMPLES, show_default=True,
              help=N_("At most this many deals of the hidden hands a play (the defaults are the hint's and the "
                      "review's: change them and the ranking may differ from theirs)."))
@click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help=N_("Stop sampling after this long (checked between rounds)."))
@click.option("--tolerance", type=click.FloatRange(min=0), metavar="L",
              help=N_("Plays closer than this count as equally good (levels; points with --objective points). "
                      "[default: 0.05 levels, 2 points]"))
@click.option("--objective", type=click.Choice(["outcome", "result", "points"]), default="outcome", show_default=True,
              help=N_("outcome: rank by the side's expected level change, points breaking ties (result: the same); "
                      "points: rank by the side's expected points alone."))
@seed_option(N_("Seed of the samples: same seed, same output."))
@workers_option
@click.option("--known", is_flag=True, help=N_("Use the hands in the file (double-dummy) instead of sampling them."))
@click.option("--all-samples", is_flag=True, help=N_("Value every play on every sample: no play is dropped early."))
@click.option("--max-nodes", type=WholeNumber(1), default=Settings.max_nodes, show_default=True, metavar="N",
              help=N_("Search budget per deal near the end; beyond it the deal is played out by the bot."))
@json_option(N_("Print JSON: a list, one object per position."))
@no_color_option
@ascii_option
@scheduler_option
def advise_command(files, seat, position, trick, samples, seconds, tolerance, objective, seed, workers, known,
                   all_samples, max_nodes, as_json, no_color, ascii_, scheduler):
    positions = [advice_position(p, trick, seat) for p in load(files, position, None)]
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    results = []
    options = dict(samples=samples, seconds=seconds, tolerance=tolerance, objective=objective, seed=seed, known=known,
                   max_nodes=max_nodes, racing=not all_samples)
    # on this machine the deals are valued by threads of this process (no start-up); on a cluster, by its workers
    threads = workers or default_workers()
    with open_workers(workers, scheduler) if scheduler else nullcontext() as pool:
        for index, pos in enumerate(positions, start=1):
            advice = run_advice(pos, pool, threads, style, **options)
            if as_json:
                results.append(advice.to_dict())
            else:
                click.echo(("\n" if index > 1 else "") + advice_text(advice, style), color=style.color)
            if advice.interrupted:
                if as_json:
                    click.echo(json.dumps(results, ensure_ascii=False, indent=1))
                raise Stopped(_("interrupted after {n} samples: the advice shown is from those").format(
                    n=advice.samples))
    if as_json:
        click.echo(json.dumps(results, ensure_ascii=False, indent=1))


def advice_text(advice: Advice, style: Style) -> str:
    pos = advice.position
    knowledge = Knowledge.of(pos, advice.seat)
    hidden = {s: shown_voids(knowledge).get(s, []) for s in range(4) if s != advice.seat and not advice.known}
    title = (_("{title}: {event}").format(title=where(pos), event=shown_title(pos.tags))
             if pos.tags.get("Event") else where(pos))
    view = (_("As every hand (--known):") if advice.known else
            _("As what {seat} can see:").format(seat=seat_label(advice.seat)))
    parts = [title, "", header(pos, style, hide_bottom=not advice.known and advice.seat != pos.dealer), "",
             view, diagram(pos, style, hidden), "", plays_table(advice, style), "",
             recommendation(advice, style), samples_line(advice)]
    if not advice.known:
        parts.append(_(STRATEGY_FUSION))
    return "\n".join(parts)


def plays_table(advice: Advice, style: Style) -> str:
    threshold = advice.position.rules.threshold
    show_dd = any(p.dd is not None for p in advice.plays)
    rows = []
    for p in advice.plays:
        outcomes = join(pgettext("an outcome and how often", "{outcome} {n}").format(outcome=outcome_label(name), n=n)
                        for name, n in sorted(p.outcome_counts().items(), key=lambda x: -x[1])[:3])
        row = [style.play(p.play), p.samples, _pm(p.mean_points, p.points_se, 1), _pct(p.p_reaching(threshold)),
               _pct(p.p_dug), _pm(p.swing, p.swing_se, 2, signed=True), outcomes]
        if show_dd:
            row.append(value_text(p.dd) if p.dd is not None else "")
        rows.append(row + ([] if p.dropped_after is None else
                           [_("dropped after {n}").format(n=p.dropped_after)]))
    headers = [_("play"), _("samples"), _("attackers' points"), f"≥{threshold}", _("dug"), _("swing"), _("outcomes")]
    headers += [_("dd (true deal)")] if show_dd else []
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def _pm(value: float, se: float, digits: int, signed: bool = False) -> str:
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return text if math.isnan(se) else f"{text} ± {se:.{digits}f}"


def _pct(x: float) -> str:
    return "" if math.isnan(x) else f"{100 * x:.0f}%"


def recommendation(advice: Advice, style: Style) -> str:
    best: PlayAdvice = advice.best
    levels = advice.objective == "outcome"
    same = [p for p in advice.equally_good if p is not best]
    play = style.play(best.play)
    if len(advice.plays) == 1:
        return _("Play {play}: it is the only legal play.").format(play=play)
    if advice.known:
        return _("Play {play} (double-dummy, every hand known).").format(play=play)
    if levels and advice.margin("levels") < 0.005:  # level in levels: the points put it first
        levels = False
    margin, second = f"{advice.margin('levels' if levels else 'points'):+.2f}", style.play(advice.plays[1].play)
    if advice.settled and not same:
        return (_("Play {play}: {margin} levels ahead of {second}, settled at 95%.") if levels else
                _("Play {play}: {margin} points ahead of {second}, settled at 95%.")).format(
            play=play, margin=margin, second=second)
    if advice.settled:
        others = join(style.play(p.play) for p in same)
        return as_good(advice, play, others, len(same))
    return (_("Best so far: {play} ({margin} levels ahead of {second}), not settled at 95% — more --samples or "
              "--time would tell.") if levels else
            _("Best so far: {play} ({margin} points ahead of {second}), not settled at 95% — more --samples or "
              "--time would tell.")).format(play=play, margin=margin, second=second)


def samples_line(advice: Advice) -> str:
    if advice.known:
        return _("One deal: the file's own hands.")
    playouts = advice.samples - advice.solved_exact
    fields = dict(n=advice.samples, seconds=f"{advice.seconds:.1f}", exact=advice.solved_exact, playouts=playouts)
    if playouts:
        return _("{n} deals in {seconds} s: {exact} solved exactly, {playouts} played out by the bot (its last cards "
                 "exact); swing: the side to play's expected level change in levels (+ good for it), attackers' "
                 "points in points.").format(**fields)
    return _("{n} deals in {seconds} s: {exact} solved exactly; swing: the side to play's expected level change in "
             "levels (+ good for it), attackers' points in points.").format(**fields)
