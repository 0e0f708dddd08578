"""``huolong-solve play`` (whole hands by the bot) and ``review`` (what each late play cost)."""

from __future__ import annotations

import json
import os
from contextlib import nullcontext
import time
from collections import Counter

import click
from tabulate import tabulate

from huolong.engine import OUTCOME_NAMES, HuolongError, Rules, read_file, seat_name, write_position
from huolong.solver.playout import EXACT_CARDS, play_deal
from huolong.analysis.review import (REVIEW_TRICKS, HandReview, estimates, first_reviewed_ply, plays_to_review,
                                     review)

from .common import (
    BadInput, Stopped, ascii_option, color_wanted, json_option, load, no_color_option, open_workers, parse_rules,
    progress, scheduler_option, seed_option, where, workers_option, write_atomically,
)
from .render import Style

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
        raise BadInput(f"cannot resume: {e}") from None
    texts = []
    for number, rec in enumerate(records, start=1):
        if rec.tags.get("Event") != f"huolong-solve play --seed {seed}, deal {number}":
            raise BadInput(f"{where(rec)}: not deal {number} of a run with --seed {seed}; "
                           "remove the file or write elsewhere (-o)")
        texts.append(write_position(rec))
    return texts


@click.command("play")
@click.option("--deals", type=click.IntRange(min=1), default=10, show_default=True, help="Number of hands to play.")
@seed_option("the run (the deals and the bot's choices)")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the hand records here (resumes a run).")
@click.option("--rules", "rules", metavar="RULES", default="standard", show_default=True, help="Ruleset of the hands.")
@click.option("--exact-cards", type=click.IntRange(min=0, max=39), default=EXACT_CARDS, show_default=True,
              help="Play perfectly once every hand holds this many cards or fewer (at most that many tricks).")
@workers_option
@json_option("the summary, instead of the records or the text summary")
@no_color_option
@scheduler_option
def play_command(deals, seed, output, rules, exact_cards, workers, as_json, no_color, scheduler):
    """Play whole hands: random deals, the bot's bury and play, the last tricks solved exactly.

    Each hand record has the deal after the bury, the Kitty, the Bottom, every
    trick and a Result tag (final points, dug or kept, outcome). Without -o the
    records go to standard output (with --json, only the summary is printed). With -o the file is rewritten atomically as
    hands finish, and running the same command again resumes it.

    \b
    Examples:
      huolong-solve play --deals 100 --seed 7 -o hands.hl
      huolong-solve play --deals 1000 --json --workers 2
    """
    ruleset = parse_rules(rules)
    assert ruleset is not None
    if ruleset.is_bridge:
        raise BadInput("--rules: play deals Huolong hands, not bridge")
    done = _resume(output, seed) if output else []
    if len(done) > deals:
        raise BadInput(f"{output} already holds {len(done)} hands, more than --deals {deals}")
    results: dict[int, tuple[str, tuple]] = {}
    texts = list(done)
    summary: list[tuple] = [_summary_of(t) for t in done]
    started = time.perf_counter()
    tasks = [(seed, i, str(ruleset), exact_cards) for i in range(len(done), deals)]
    last_write = time.monotonic()
    interrupted = False
    pool = open_workers(workers, scheduler)
    with pool, progress(len(tasks), "hands") as bar:
        try:
            for index, result in pool.run(_play_one, tasks):
                results[index] = result
                bar.update(1)
                while len(texts) - len(done) in results:  # keep the output in deal order
                    text, values = results.pop(len(texts) - len(done))
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
        raise Stopped(f"interrupted after {len(texts)} of {deals} hands"
                      + (f"; {output} holds them, run again to resume" if output else ""))
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
    rows = [[name, count] for name, count in report["outcomes"].items()]
    rate = report["played_now"] / report["seconds"] if report["seconds"] else 0
    return "\n".join([
        f"{report['deals']} hands in {output} (seed {report['seed']}; {report['played_now']} played now, "
        f"{rate:.1f} hands/s).",
        f"Attackers' mean points {report['mean_points']}, dug {100 * report['p_dug']:.1f}%, "
        f"reached 120 {100 * report['p_120']:.1f}%.",
        tabulate(rows, headers=["outcome", "hands"], tablefmt="simple"),
    ])


@click.command("review")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--tricks", type=click.IntRange(min=1), default=REVIEW_TRICKS, show_default=True,
              help="Review the plays of the last N tricks.")
@click.option("--position", type=int, metavar="N", help="Review only hand N of each file (1-based).")
@click.option("--max-nodes", type=click.IntRange(min=1), default=5_000_000, show_default=True, metavar="N",
              help="Give up on a position after N search nodes (it is marked unsolved).")
@click.option("--all", "show_all", is_flag=True, help="List every play, not only the mistakes.")
@click.option("--plays", type=click.Choice(["all", "optimal"]), default="all", show_default=True,
              help="all: what each play cost; optimal: only whether it was optimal (faster).")
@click.option("--advise", "with_advice", is_flag=True,
              help="Also judge each play on what its player could see (single-dummy advice).")
@click.option("--samples", type=click.IntRange(min=1), default=100, show_default=True,
              help="With --advise: samples of the hidden hands per play, at most.")
@seed_option("the samples of --advise")
@workers_option
@click.option("--estimate", type=click.IntRange(min=2), metavar="N",
              help="Also estimate the value before every earlier play: the mean of N seeded playouts ± its "
                   "standard error.")
@json_option("a list, one object per hand")
@no_color_option
@ascii_option
@scheduler_option
def review_command(files, tricks, position, max_nodes, show_all, plays, with_advice, samples, seed, workers,
                   estimate, as_json, no_color, ascii_, scheduler):
    """Review recorded hands: each play of the last tricks against the best play, double-dummy.

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
    """
    records = load(files, position, None)
    for rec in records:
        if not rec.record:
            raise BadInput(f"{where(rec)}: not a hand record (no [Play] section) — use solve for positions")
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    out = []
    total = sum(plays_to_review(r, tricks) for r in records)
    if estimate:
        total += sum(first_reviewed_ply(r, tricks) for r in records)
    pool = open_workers(workers, scheduler) if with_advice else None
    advice = dict(samples=samples, seed=seed, pool=pool, max_nodes=max_nodes) if with_advice else None
    with progress(total, "plays") as bar, pool or nullcontext():
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
    return "unsolved" if value is None else f"{value.points}{' dug' if value.dug else ''} {value.outcome}"


def _review_text(rec, judged, style: Style, show_all: bool) -> str:  # type: ignore[no-untyped-def]
    title = f"{where(rec)}: {rec.tags.get('Event', 'hand record')}"
    result = rec.tags.get("Result")
    lines = [title + (f" — result {result}" if result else "")]
    advised = any(r.advised is not None for r in judged)
    rows = []
    for r in judged:
        if not (show_all or r.is_mistake or r.dd_mistake or not r.solved):
            continue
        loss = ("unsolved" if not r.solved else "not optimal" if r.loss is None else
                "worse result" if r.worse_result else f"-{r.loss}" if r.loss else "best")
        row = [r.trick, seat_name(r.seat), style.play(r.play), _value_text(r.value) if r.solved and r.value else
               ("—" if r.solved else "unsolved"),
               " / ".join(style.play(p) for p in r.best_plays[:3]) if r.solved else "", _value_text(r.best), loss]
        if advised:
            row.append(_information_text(r, style))
        rows.append(row)
    mistakes = sum(r.is_mistake for r in judged)
    unsolved = sum(not r.solved for r in judged)
    unlucky = sum(r.dd_mistake and not r.is_mistake for r in judged)
    lines.append(f"{len(judged)} plays reviewed: {mistakes} mistake{'s' if mistakes != 1 else ''}"
                 + (" on what the players could see" if advised else "")
                 + (f", {unlucky} unlucky (a double-dummy loss, but right on the player's information)" if unlucky
                    else "")
                 + (f", {unsolved} beyond the node budget" if unsolved else "") + ".")
    if rows:
        headers = ["trick", "seat", "played", "then worth", "best", "best worth", "loss"]
        headers += ["on the player's information"] if advised else []
        lines.append(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
    return "\n".join(lines)


def _estimates_text(guessed, style: Style) -> str:  # type: ignore[no-untyped-def]
    """The estimate at the start of each trick before the reviewed ones (the JSON has every play)."""
    rows = [[e.trick, seat_name(e.seat), style.play(e.play), f"{e.mean_points:.1f} ± {e.points_se:.1f}"]
            for i, e in enumerate(guessed) if i == 0 or guessed[i - 1].trick != e.trick]
    return "\n".join([f"Before the reviewed tricks, estimated (the mean of {guessed[0].samples} playouts by the bot "
                      "from each position, ± its standard error):",
                      tabulate(rows, headers=["trick", "leader", "led", "attackers' points"], tablefmt="simple",
                               disable_numparse=True)])


def _information_text(r, style: Style) -> str:  # type: ignore[no-untyped-def]
    if r.advised is None:
        return ""
    if r.right_on_information:
        return "unlucky: right on what it could see" if r.dd_mistake else "right"
    better = " / ".join(style.play(p) for p in r.advised[:3])
    return f"mistake: {better} was better" if r.dd_mistake else f"lucky: {better} was better on what it could see"
