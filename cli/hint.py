"""The hint of the terminal games (``play``, ``game``): the position's ranking on what the seat can see,
shown as it is refined, round by round, and stoppable with Ctrl-C.

It is ``advise`` with every command's defaults and seed 1 — the review's — so the play the hint puts
first is the play the review of the hand calls best.
"""

from __future__ import annotations

import math
import sys

import click

from huolong.analysis.advice import Advice, advise, verdict
from huolong.analysis.burial import BuryAdvice, rank_burials
from huolong.engine import Position
from huolong.i18n import _
from huolong.solver.jobs import default_workers

from .render import Style, width as text_width, wrap

HINT_SEED = 1  # the review's default seed: the hint and the review see the same deals
SHOWN = 3  # plays shown


class LiveLines:
    """Lines on a terminal that a long job rewrites in place; on anything else only the last version is
    printed (by :meth:`done`). ``err``: on stderr, erased at the end (the answer goes to stdout)."""

    def __init__(self, style: Style, err: bool = False) -> None:
        self.style = style
        self.stream = sys.stderr if err else sys.stdout
        self.err = err
        self.live = self.stream.isatty()
        self.drawn = 0

    def show(self, lines: list[str]) -> None:
        if not self.live:
            return
        self._erase()
        text = "\n".join(lines)
        click.echo(text, color=self.style.color, file=self.stream)
        self.stream.flush()
        self.drawn = text.count("\n") + 1

    def _erase(self) -> None:
        if self.drawn:
            self.stream.write(f"\x1b[{self.drawn}F\x1b[J")
            self.stream.flush()
        self.drawn = 0

    def done(self, lines: list[str] | None = None) -> None:
        self._erase()
        if lines is not None:
            click.echo("\n".join(lines), color=self.style.color)


def show_hint(pos: Position, style: Style) -> Advice:
    """Rank the seat's plays and show the ranking as it comes; Ctrl-C stops it at what it has."""
    live = LiveLines(style)
    advice = advise(pos, seed=HINT_SEED, workers=default_workers(), true_values=False,
                    on_round=lambda a: live.show(hint_lines(a, style, final=False)))
    live.done(hint_lines(advice, style, final=True))
    return advice


def hint_lines(advice: Advice, style: Style, final: bool) -> list[str]:
    """The ranking's first plays, each with what it gives the mover's side, and the verdict."""
    pos = advice.position
    attacker = pos.is_attacker(advice.seat)
    shown = [style.play(p.play) for p in advice.plays[:SHOWN]]
    room = max(text_width(x) for x in shown)  # measured without the colours' codes
    lines = [("  " + _("Hint: {n} deals of the hands you cannot see, {seconds} s.") if final else
              "  " + _("Thinking: {n} deals of the hands you cannot see, {seconds} s… (Ctrl-C stops)")).format(
        n=advice.samples, seconds=f"{advice.seconds:.1f}")]
    alive = {id(p) for p in advice.equally_good}
    valued = advice.samples > 0  # stopped before the first deal: no value to show ("+nan levels")
    for p, play in zip(advice.plays[:SHOWN] if valued else [], shown):
        side = _("your side {levels} levels ± {se}").format(levels=f"{p.levels:+.2f}", se=_se(p.levels_se))
        points = (_("you take {points} points") if attacker else _("the attackers take {points} points")).format(
            points=f"{p.mean_points:.0f}")
        mark = "" if id(p) in alive else "  " + _("(beaten)")
        pad = " " * (room - text_width(play))
        lines.append(f"    {play}{pad}  " + _("{side}; {points}").format(side=side, points=points) + mark)
    if final:
        lines.append(indented(verdict(advice, style.play)))
        lines.append(indented(_("Levels: your side's expected level change over the deals (+ good for you); "
                                 "points: the expected points at the end of the hand.")))
    return lines


def indented(text: str) -> str:
    """A sentence of the hint, wrapped to 100 columns and set in by two."""
    return "\n".join("  " + line for line in wrap(text, 98).splitlines())


def _se(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.2f}"


def show_bury_hint(deal: Position, style: Style, fast: bool = False) -> BuryAdvice:
    """The bury advisor's first burials for the dealer (the ranking ``huolong-solve bury`` and the review
    give for the same deal)."""
    live = LiveLines(style)
    rounds: list[BuryAdvice] = []

    def on_round(r: BuryAdvice) -> None:
        rounds[:] = [r]
        live.show(bury_lines(r, style, final=False))

    try:
        ranking = rank_burials(deal, seed=HINT_SEED, on_round=on_round, fast=fast)
    except KeyboardInterrupt:  # stopped: the rounds finished are the answer
        if not rounds:
            live.done(["  " + _("Stopped before the first round.")])
            raise
        ranking = rounds[0]
    live.done(bury_lines(ranking, style, final=True))
    return ranking


def bury_lines(ranking: BuryAdvice, style: Style, final: bool) -> list[str]:
    lines = [("  " + _("Bury hint: {n} deals of the hands you cannot see.") if final else
              "  " + _("Thinking: {n} deals of the hands you cannot see… (Ctrl-C stops)")).format(
        n=ranking.samples_run)]
    for c in ranking.candidates[:SHOWN]:
        lines.append("    " + _("{cards}: your side {levels} levels ± {se}; dug in {dug} of the deals").format(
            cards=style.cards(list(c.bury)), levels=f"{c.swing:+.2f}", se=_se(c.swing_se),
            dug=f"{100 * c.p_dug:.0f}%"))
    if final:
        lines.append(indented(_("Levels: your team's expected level change over the deals (+ good for you).")))
    return lines
