"""``huolong-solve play``: whole hands by the bot, or one against the computer (``--seat``)."""

from __future__ import annotations

import json
import os
import time
from collections import Counter

import click
from tabulate import tabulate

from huolong.engine import OUTCOME_NAMES, HuolongError, Outcome, Rules, read_file, write_position
from huolong.i18n import N_, _, ngettext
from huolong.solver.playout import EXACT_CARDS, play_deal

from .common import (
    BadInput, Stopped, ascii_option, in_order, json_option, no_color_option, open_workers, parse_rules, output_file,
    progress, scheduler_option, seed_option, where, workers_option, write_atomically, WholeNumber,
)
from .game import play_against_the_computer

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
@click.option("--deals", type=WholeNumber(1), default=10, show_default=True, help=N_("Number of hands to play."))
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
    if output:
        output_file(output)  # its folder made before the work, not when saving it
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
        ngettext("{deals} hand in {file} (seed {seed}; {played} played now, {rate} hands/s).",
                 "{deals} hands in {file} (seed {seed}; {played} played now, {rate} hands/s).", report["deals"]).format(
            deals=report["deals"], file=output, seed=report["seed"], played=report["played_now"], rate=f"{rate:.1f}"),
        _("Attackers' mean points {points}, dug {dug}%, reached 120 {reached}%.").format(
            points=report["mean_points"], dug=f"{100 * report['p_dug']:.1f}", reached=f"{100 * report['p_120']:.1f}"),
        tabulate(rows, headers=[_("outcome"), _("hands")], tablefmt="simple"),
    ])
