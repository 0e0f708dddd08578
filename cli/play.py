"""``huolong-solve play`` (whole hands by the bot) and ``review`` (what each late play cost)."""

from __future__ import annotations

import json
import os
import random
from contextlib import nullcontext
import time
from collections import Counter

import click
from tabulate import tabulate

from huolong.engine import OUTCOME_NAMES, HuolongError, Outcome, Rules, parse_seat, read_file, seat_label, write_position
from huolong.i18n import N_, _, ngettext, pgettext
from huolong.solver.playout import EXACT_CARDS, play_deal
from huolong.analysis.review import (REVIEW_TRICKS, HandReview, estimates, first_reviewed_ply, plays_to_review,
                                     review)

from .common import (
    BadInput, Stopped, ascii_option, in_order, color_wanted, json_option, load, no_color_option, open_workers, parse_rules,
    progress, scheduler_option, seed_option, where, workers_option, write_atomically,
)
from .render import Style, value_text

CHECKPOINT_SECONDS = 5.0


def _play_one(seed: int, index: int, rules_text: str, exact_cards: int) -> tuple[str, tuple[int, bool, str, int]]:
    """One hand, as record text and (points, dug, outcome, levels): small and picklable."""
    hand = play_deal(seed, index, Rules.parse(rules_text), exact_cards)
    outcome = hand.value.outcome
    assert outcome is not None
    return write_position(hand.record), (hand.value.points, hand.value.dug, outcome.name, outcome.levels)


def _resume(path: str, seed: int) -> list[str]:
    """The records already in ``path`` from the same run (deals 1…n), as text."""
    if not os.path.exists(path):
        return []
    try:
        records = read_file(path)
    except HuolongError as e:
        raise BadInput(_("cannot resume: {error}").format(error=e)) from None
    texts = []
    for number, rec in enumerate(records, start=1):
        if rec.tags.get("Event") != f"huolong-solve play --seed {seed}, deal {number}":
            raise BadInput(_("{where}: not deal {number} of a run with --seed {seed}; remove the file or write "
                             "elsewhere (-o)").format(where=where(rec), number=number, seed=seed))
        texts.append(write_position(rec))
    return texts


@click.command("play", help=N_("""Play whole hands: random deals, the bot's bury and play, the last tricks solved exactly.

    Each hand record has the deal after the bury, the Kitty, the Bottom, every
    trick and a Result tag (final points, dug or kept, outcome). Without -o the
    records go to standard output (with --json, only the summary is printed). With -o the file is rewritten atomically as
    hands finish, and running the same command again resumes it.

    \b
    Examples:
      huolong-solve play --deals 100 --seed 7 -o hands.hl
      huolong-solve play --deals 1000 --json --workers 2
      huolong-solve play --seat S                    a hand against the computer, you at S
    """))
@click.option("--deals", type=click.IntRange(min=1), default=10, show_default=True, help=N_("Number of hands to play."))
@seed_option(N_("Seed of the run (the deals and the bot's choices): same seed, same output."))
@click.option("-o", "--output", type=click.Path(dir_okay=False), help=N_("Write the hand records here (resumes a run)."))
@click.option("--rules", "rules", metavar="RULES", default="standard", show_default=True,
              help=N_("Ruleset of the hands."))
@click.option("--exact-cards", type=click.IntRange(min=0, max=39), default=EXACT_CARDS, show_default=True,
              help=N_("Play perfectly once every hand holds this many cards or fewer (at most that many tricks)."))
@workers_option
@json_option(N_("Print JSON: the summary, instead of the records or the text summary."))
@no_color_option
@scheduler_option
@click.option("--seat", metavar="S|E|N|W",
              help=N_("Play this seat yourself against the computer, in the terminal (the other options of whole "
                      "hands by the bot do not apply)."))
@click.option("--policy", default="advise", show_default=True, metavar="POLICY",
              help=N_("With --seat: how the other seats play — advise, fair, bot (sees all hands), random, "
                      "S=advise,E=fair,… or module:attr."))
@ascii_option
def play_command(deals, seed, output, rules, exact_cards, workers, as_json, no_color, scheduler, seat, policy,
                 ascii_):
    ruleset = parse_rules(rules)
    assert ruleset is not None
    if ruleset.is_bridge:
        raise BadInput(_("--rules: play deals Huolong hands, not bridge"))
    if seat is not None:
        play_against_the_computer(seat, policy, seed, ruleset, output, no_color, ascii_)
        return
    done = _resume(output, seed) if output else []
    if len(done) > deals:
        raise BadInput(_("{file} already holds {n} hands, more than --deals {deals}").format(
            file=output, n=len(done), deals=deals))
    texts = list(done)
    summary: list[tuple] = [_summary_of(t) for t in done]
    started = time.perf_counter()
    tasks = [(seed, i, str(ruleset), exact_cards) for i in range(len(done), deals)]
    last_write = time.monotonic()
    interrupted = False
    pool = open_workers(workers, scheduler)
    with pool, progress(len(tasks), _("hands")) as bar:
        try:
            for text, values in in_order(pool.run(_play_one, tasks), lambda: bar.update(1)):  # in deal order
                texts.append(text)
                summary.append(values)
                if output and time.monotonic() - last_write > CHECKPOINT_SECONDS:
                    write_atomically(output, "\n".join(texts))
                    last_write = time.monotonic()
        except KeyboardInterrupt:
            interrupted = True
    seconds = time.perf_counter() - started
    if output:
        write_atomically(output, "\n".join(texts))
    elif not interrupted and not as_json:
        click.echo("\n".join(texts), nl=False)
    if interrupted:
        if output:
            raise Stopped(_("interrupted after {n} of {deals} hands; {file} holds them, run again to resume").format(
                n=len(texts), deals=deals, file=output))
        raise Stopped(_("interrupted after {n} of {deals} hands").format(n=len(texts), deals=deals))
    played = len(texts) - len(done)
    report = _report(summary, seed, played, seconds, exact_cards)
    if as_json:
        click.echo(json.dumps(report, indent=1))
    elif output:
        click.echo(_report_text(report, output))


def play_against_the_computer(seat: str, policy: str, seed: int, rules: Rules, output: str | None, no_color: bool,
                              ascii_: bool) -> None:
    """``play --seat``: one hand in the terminal; a new deal unless --seed names one."""
    from huolong.bots import PolicyError, policies_of

    from .game import play_game

    try:
        seat_number = parse_seat(seat)
        policies_of(policy)
    except (HuolongError, PolicyError) as e:
        raise BadInput(str(e)) from None
    ctx = click.get_current_context()
    if ctx.get_parameter_source("seed") is not click.core.ParameterSource.COMMANDLINE:
        seed = random.SystemRandom().randrange(1, 10**6)
    play_game(seat_number, policy, seed, rules, Style(color=color_wanted(no_color), ascii=ascii_),
              output or f"huolong-solve-game-{seed}.hl")


def _summary_of(text: str) -> tuple[int, bool, str, int]:
    """(points, dug, outcome, levels) from a record's Result tag."""
    line = next(line for line in text.splitlines() if line.startswith("[Result "))
    words = line.split('"')[1].split()
    return int(words[0]), words[1] == "dug", words[2], int(words[3]) if len(words) > 3 else 0


def _report(summary: list[tuple], seed: int, played: int, seconds: float, exact_cards: int) -> dict:
    n = len(summary)
    outcomes = Counter(s[2] for s in summary)
    return {
        "deals": n,
        "seed": seed,
        "exact_cards": exact_cards,
        "mean_points": round(sum(s[0] for s in summary) / n, 2) if n else None,
        "p_dug": round(sum(s[1] for s in summary) / n, 4) if n else None,
        "p_120": round(sum(s[0] >= 120 for s in summary) / n, 4) if n else None,
        "outcomes": {name: outcomes.get(name, 0) for name in OUTCOME_NAMES},
        "played_now": played,
        "seconds": round(seconds, 3),
    }


def _report_text(report: dict, output: str) -> str:
    rows = [[Outcome(name).label(), count] for name, count in report["outcomes"].items()]
    rate = report["played_now"] / report["seconds"] if report["seconds"] else 0
    return "\n".join([
        _("{deals} hands in {file} (seed {seed}; {played} played now, {rate} hands/s).").format(
            deals=report["deals"], file=output, seed=report["seed"], played=report["played_now"], rate=f"{rate:.1f}"),
        _("Attackers' mean points {points}, dug {dug}%, reached 120 {reached}%.").format(
            points=report["mean_points"], dug=f"{100 * report['p_dug']:.1f}", reached=f"{100 * report['p_120']:.1f}"),
        tabulate(rows, headers=[_("outcome"), _("hands")], tablefmt="simple"),
    ])


@click.command("review", help=N_("""Review recorded hands: each play of the last tricks against the best play, double-dummy.

    For every play, the position before it is solved (outcome objective):
    a play that gives up points, or the result of the hand, is a mistake.
    With --advise each play is also judged on what its player could see: a
    double-dummy mistake that was among the best plays on that information
    is marked "unlucky", not a mistake.

    \b
    Examples:
      huolong-solve review hands.hl
      huolong-solve review hands.hl --position 3 --tricks 6 --all
      huolong-solve review hands.hl --tricks 3 --advise --samples 200
      huolong-solve review example:hand-record --estimate 20 --json
    """))
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--tricks", type=click.IntRange(min=1), default=REVIEW_TRICKS, show_default=True,
              help=N_("Review the plays of the last N tricks."))
@click.option("--position", type=int, metavar="N", help=N_("Review only hand N of each file (1-based)."))
@click.option("--max-nodes", type=click.IntRange(min=1), default=5_000_000, show_default=True, metavar="N",
              help=N_("Give up on a position after N search nodes (it is marked unsolved)."))
@click.option("--all", "show_all", is_flag=True, help=N_("List every play, not only the mistakes."))
@click.option("--plays", type=click.Choice(["all", "optimal"]), default="all", show_default=True,
              help=N_("all: what each play cost; optimal: only whether it was optimal (faster)."))
@click.option("--advise", "with_advice", is_flag=True,
              help=N_("Also judge each play on what its player could see (single-dummy advice)."))
@click.option("--samples", type=click.IntRange(min=1), default=100, show_default=True,
              help=N_("With --advise: samples of the hidden hands per play, at most."))
@seed_option(N_("Seed of the samples of --advise: same seed, same output."))
@workers_option
@click.option("--estimate", type=click.IntRange(min=2), metavar="N",
              help=N_("Also estimate the value before every earlier play: the mean of N seeded playouts ± its "
                      "standard error."))
@json_option(N_("Print JSON: a list, one object per hand."))
@no_color_option
@ascii_option
@scheduler_option
def review_command(files, tricks, position, max_nodes, show_all, plays, with_advice, samples, seed, workers,
                   estimate, as_json, no_color, ascii_, scheduler):
    records = load(files, position, None)
    for rec in records:
        if not rec.record:
            raise BadInput(_("{where}: not a hand record (no [Play] section) — use solve for positions").format(
                where=where(rec)))
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    out = []
    total = sum(plays_to_review(r, tricks) for r in records)
    if estimate:
        total += sum(first_reviewed_ply(r, tricks) for r in records)
    pool = open_workers(workers, scheduler) if with_advice else None
    advice = dict(samples=samples, seed=seed, pool=pool, max_nodes=max_nodes) if with_advice else None
    with progress(total, _("plays")) as bar, pool or nullcontext():
        for number, rec in enumerate(records, start=1):
            judged = list(review(rec, tricks, max_nodes=max_nodes, on_play=lambda: bar.update(1), advice=advice,
                                 plays=plays))
            guessed = (tuple(estimates(rec, first_reviewed_ply(rec, tricks), estimate, seed,
                                       on_play=lambda: bar.update(1))) if estimate else None)
            out.append(HandReview(rec, tuple(judged), guessed))
            if not as_json:
                text = _review_text(rec, judged, style, show_all)
                if guessed:
                    text += "\n" + _estimates_text(guessed, style)
                click.echo(("\n" if number > 1 else "") + text, color=style.color)
    if as_json:
        click.echo(json.dumps([hand.to_dict() for hand in out], ensure_ascii=False, indent=1))


def _value_text(value) -> str:  # type: ignore[no-untyped-def]
    return _("unsolved") if value is None else value_text(value)


def _review_text(rec, judged, style: Style, show_all: bool) -> str:  # type: ignore[no-untyped-def]
    title = f"{where(rec)}: {rec.tags.get('Event', _('hand record'))}"
    result = rec.tags.get("Result")
    lines = [_("{title} — result {result}").format(title=title, result=result) if result else title]
    advised = any(r.advised is not None for r in judged)
    rows = []
    for r in judged:
        if not (show_all or r.is_mistake or r.dd_mistake or not r.solved):
            continue
        loss = (_("unsolved") if not r.solved else _("not optimal") if r.loss is None else
                _("worse result") if r.worse_result else f"-{r.loss}" if r.loss else _("best"))
        row = [r.trick, seat_label(r.seat), style.play(r.play), _value_text(r.value) if r.solved and r.value else
               ("—" if r.solved else _("unsolved")),
               " / ".join(style.play(p) for p in r.best_plays[:3]) if r.solved else "", _value_text(r.best), loss]
        if advised:
            row.append(_information_text(r, style))
        rows.append(row)
    lines.append(_review_summary(len(judged), sum(r.is_mistake for r in judged), advised,
                                 sum(r.dd_mistake and not r.is_mistake for r in judged),
                                 sum(not r.solved for r in judged)))
    if rows:
        headers = [_("trick"), _("seat"), _("played"), _("then worth"), _("best"), _("best worth"), _("loss")]
        headers += [_("on the player's information")] if advised else []
        lines.append(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
    return "\n".join(lines)


def _review_summary(plays: int, mistakes: int, advised: bool, unlucky: int, unsolved: int) -> str:
    """``12 plays reviewed: 1 mistake, 2 beyond the node budget.``, one sentence of counted parts."""
    if advised:
        head = ngettext("{plays} plays reviewed: {n} mistake on what the players could see",
                        "{plays} plays reviewed: {n} mistakes on what the players could see", mistakes)
    else:
        head = ngettext("{plays} plays reviewed: {n} mistake", "{plays} plays reviewed: {n} mistakes", mistakes)
    parts = [head.format(plays=plays, n=mistakes)]
    if unlucky:
        parts.append(_("{n} unlucky (a double-dummy loss, but right on the player's information)").format(n=unlucky))
    if unsolved:
        parts.append(_("{n} beyond the node budget").format(n=unsolved))
    return pgettext("a sentence of parts", "{parts}.").format(parts=pgettext("between parts", ", ").join(parts))


def _estimates_text(guessed, style: Style) -> str:  # type: ignore[no-untyped-def]
    """The estimate at the start of each trick before the reviewed ones (the JSON has every play)."""
    rows = [[e.trick, seat_label(e.seat), style.play(e.play), f"{e.mean_points:.1f} ± {e.points_se:.1f}"]
            for i, e in enumerate(guessed) if i == 0 or guessed[i - 1].trick != e.trick]
    return "\n".join([_("Before the reviewed tricks, estimated (the mean of {n} playouts by the bot from each "
                        "position, ± its standard error):").format(n=guessed[0].samples),
                      tabulate(rows, headers=[_("trick"), _("leader"), _("led"), _("attackers' points")],
                               tablefmt="simple", disable_numparse=True)])


def _information_text(r, style: Style) -> str:  # type: ignore[no-untyped-def]
    if r.advised is None:
        return ""
    if r.right_on_information:
        return _("unlucky: right on what it could see") if r.dd_mistake else _("right")
    better = " / ".join(style.play(p) for p in r.advised[:3])
    return (_("mistake: {plays} was better") if r.dd_mistake else
            _("lucky: {plays} was better on what it could see")).format(plays=better)
