"""``huolong-solve bury``: rank the dealer's burials for a deal before the bury."""

from __future__ import annotations

import json
import math

import click
from tabulate import tabulate

from huolong.engine import BIG_JOKER, LITTLE_JOKER, TRUMP, Hand, HuolongError, Play, Position, seat_label
from huolong.i18n import N_, _, join, pgettext
from huolong.engine.cards import RANKS
from huolong.analysis.burial import BURY_SAMPLES, TOLERANCE, BuryAdvice, rank_burials, shortlist

from .common import (
    BadInput, ascii_option, color_wanted, json_option, load, no_color_option, open_workers, progress,
    scheduler_option, seed_option, where, workers_option, WholeNumber,
)
from .render import Style, level_label, outcome_label

C_45_6 = math.comb(45, 6)


def _parse_candidate(text: str) -> Hand:
    try:
        return Hand.from_cards(Play.parse(text).cards)
    except HuolongError as e:
        raise BadInput(_("--candidate {text!r}: {error}").format(text=text, error=e)) from None


@click.command("bury", help=N_("""Rank burials (扣底) for deals before the bury (Kitty, no Bottom), by simulation.

    A shortlist of sensible burials, plus any --candidate, is played out many
    times: the hands the dealer cannot see are sampled (or --known: taken from
    the file), the bot plays, the last tricks are solved exactly. Candidates
    race on shared samples until the leader is ahead of every other, or within
    --tolerance of it, at 95%, or --samples or --time runs out. Ranked by swing, the dealer team's
    expected level change (docs/rules.md gives the scale).

    \b
    Examples:
      huolong-solve bury puzzles/examples/before-bury.hl
      huolong-solve bury deal.hl --candidate "S3 S4 D6 D7 C8 C9" --time 30
      huolong-solve bury deal.hl --known --json --seed 2
    """))
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--candidate", "candidates", multiple=True, metavar='"S3 S4 D6 D7 C8 C9"',
              help=N_("Also evaluate this burial (repeatable)."))
@click.option("--samples", type=WholeNumber(2), default=BURY_SAMPLES, show_default=True,
              help=N_("At most this many samples per candidate (the defaults are the hint's and the review's: "
                      "change them and the ranking may differ from theirs)."))
@click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help=N_("Stop racing after this long (checked between rounds)."))
@click.option("--tolerance", type=click.FloatRange(min=0), default=TOLERANCE, show_default=True, metavar="LEVELS",
              help=N_("Burials closer than this in expected swing count as equally good."))
@seed_option(N_("Seed of the samples and playouts: same seed, same output."))
@workers_option
@click.option("--known", is_flag=True, help=N_("Use the hands in the file (double-dummy) instead of sampling them."))
@click.option("--stars", is_flag=True, help=N_("Also consider burying big jokers (摘星)."))
@click.option("--exact-cards", type=click.IntRange(min=0, max=39), default=4, show_default=True,
              help=N_("Each playout is solved exactly from this many cards a hand."))
@click.option("--position", type=int, metavar="N", help=N_("Only position N of each file (1-based)."))
@json_option(N_("Print JSON: a list, one object per position."))
@no_color_option
@ascii_option
@scheduler_option
def bury_command(files, candidates, samples, seconds, tolerance, seed, workers, known, stars, exact_cards, position,
                 as_json, no_color, ascii_, scheduler):
    deals = load(files, position, None, allow_before_bury=True)
    for deal in deals:
        if not deal.is_before_bury:
            raise BadInput(_("{where}: not a deal before the bury (it needs Kitty and no Bottom)").format(
                where=where(deal)))
    extra = [_parse_candidate(text) for text in candidates]
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    results = []
    for index, deal in enumerate(deals, start=1):
        held = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator]
        most = len(set(shortlist(held, deal, stars)) | set(extra))
        with progress(samples * most, _("position {index}").format(index=index)) as bar:
            try:
                with open_workers(workers, scheduler) as pool:
                    advice = rank_burials(deal, samples=samples, seconds=seconds, seed=seed, pool=pool, known=known,
                                    extra=extra, stars=stars, exact_cards=exact_cards, on_progress=bar.update,
                                    tolerance=tolerance)
            except HuolongError as e:
                raise BadInput(f"{where(deal)}: {e}") from None
        if as_json:
            results.append(advice.to_dict())
        else:
            click.echo(("\n" if index > 1 else "") + advice_text(deal, advice, style), color=style.color)
    if as_json:
        click.echo(json.dumps(results, ensure_ascii=False, indent=1))


def hand_summary(deal: Position, style: Style) -> str:
    """The dealer's 45 cards: trumps by group, points, pairs and triples, voids."""
    held = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator]
    order = deal.order
    trumps = [c for c in held if order.is_trump(c)]
    jokers = [c for c in trumps if c in (BIG_JOKER, LITTLE_JOKER)]
    level = [c for c in trumps if c < 52 and RANKS[c % 13] == deal.level]
    twos = [c for c in trumps if c < 52 and RANKS[c % 13] == "2"]
    suit = [c for c in trumps if c not in jokers and c not in level and c not in twos]
    by_power = lambda cards: sorted(cards, key=lambda c: -order.power(c))  # noqa: E731
    groups = [(_("jokers"), jokers), (_("level cards"), level), (_("2s"), twos), (_("trump suit"), suit)]
    trump_line = pgettext("between groups", "; ").join(
        pgettext("a group of cards", "{group} {cards}").format(group=name, cards=style.cards(by_power(cards)))
        for name, cards in groups if cards)
    kinds = {c: held.count(c) for c in set(held)}
    pairs = sum(1 for n in kinds.values() if n == 2)
    triples = sum(1 for n in kinds.values() if n == 3)
    voids = [s for s in order.suits if s != TRUMP and not any(order.effective_suit(c) == s for c in held)]
    plain = join(pgettext("a suit and its number of cards", "{suit} {n}").format(
        suit=style.suit(s), n=sum(1 for c in held if order.effective_suit(c) == s)) for s in order.suits if s != TRUMP)
    none = pgettext("nothing of a kind", "none")
    return "\n".join([
        _("Dealer {seat} holds 45 cards (hand and kitty): {n} trumps — {trumps}.").format(
            seat=seat_label(deal.dealer), n=len(trumps), trumps=trump_line or none),
        _("Plain suits: {plain}. Points {points}; {pairs} pairs, {triples} triples; voids: {voids}.").format(
            plain=plain, points=held.points, pairs=pairs, triples=triples,
            voids=join(style.suit(s) for s in voids) or none),
    ])


def advice_text(deal: Position, advice: BuryAdvice, style: Style) -> str:
    title = _("{where}: level {level}, trump {trump}, dealer {seat}").format(
        where=where(deal), level=level_label(deal.level), trump=style.suit(deal.trump), seat=seat_label(deal.dealer))
    stop = (_("settled: the leader is ahead of every other burial, or within --tolerance of it, at 95%")
            if advice.separated else _("not settled at 95% — more --samples or --time would tell them apart"))
    rows = []
    for rank, c in enumerate(advice.candidates, start=1):
        outcomes = join(pgettext("an outcome and how often", "{outcome} {n}").format(outcome=outcome_label(name), n=n)
                        for name, n in sorted(c.outcome_counts().items(), key=lambda x: -x[1]))
        rows.append([rank, style.cards(list(c.bury)) + (" *" if c.given else ""), c.samples,
                     f"{c.mean_points:.1f} ± {c.points_se:.1f}", f"{100 * c.p_dug:.0f}%", f"{100 * c.p_120:.0f}%",
                     f"{c.swing:+.2f} ± {c.swing_se:.2f}", outcomes])
    table = tabulate(rows, headers=["#", _("bury"), _("samples"), _("attackers' points"), _("dug"), "≥120", _("swing"),
                                    _("outcomes")], tablefmt="simple", disable_numparse=True)
    return "\n".join([
        title, hand_summary(deal, style), "",
        _("{n} burials evaluated (a shortlist of the {possible} possible), {samples} samples at most each, "
          "{seconds} s; {stop}.").format(n=advice.considered, possible=f"{C_45_6:,}", samples=advice.samples_run,
                                         seconds=f"{advice.seconds:.1f}", stop=stop),
        table,
        _("swing: the dealer team's expected level change (+ good for the dealer); * = given with --candidate."),
        _("Each sample's end is solved for its result only: the attackers' points are a score that reaches it."),
    ])
