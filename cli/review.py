"""``huolong-solve review``: every decision of a hand judged on what its player could see (the default),
or, with ``--tricks N``, the plays of the last N tricks against the best play double-dummy."""

from __future__ import annotations

import json
import math
import sys
from contextlib import nullcontext

import click
from tabulate import tabulate

from huolong.analysis.hand_review import (BuryJudgement, HandVerdict, JudgedPlay, ReviewSettings, before_bury, decisions,
                                          review_hand)
from huolong.analysis.judge import FLAGGED, LEVEL_THRESHOLDS, POINTS_INACCURACY, JudgeSettings
from huolong.analysis.review import (HandReview, estimates, first_reviewed_ply, plays_to_review,
                                     review)
from huolong.engine import parse_seat, seat_label
from huolong.i18n import N_, _, ngettext, pgettext
from huolong.puzzles.shipped import shown_title

from .common import (
    BadInput, Stopped, ascii_option, color_wanted, json_option, load, no_color_option, open_workers, progress,
    scheduler_option, seed_option, where, workers_option, WholeNumber,
)
from .render import Style, compact_table, outcome_label, value_text, wrap

def grade_label(grade: str | None) -> str:
    """A play's class in words (``None``: a forced play)."""
    labels = {"best": pgettext("a play's class", "best"), "good": pgettext("a play's class", "good"),
              "inaccuracy": pgettext("a play's class", "inaccuracy"), "mistake": pgettext("a play's class", "mistake"),
              "blunder": pgettext("a play's class", "blunder"), None: pgettext("a play's class", "forced")}
    return labels[grade]


@click.command("review", help=N_("""Review recorded hands: every decision judged on what its player could see.

    Each play of every trick, and the dealer's bury, is valued on samples of
    the hidden hands as its player saw them (bot playouts, the exact search
    near the end) and compared with the best play there: its loss, with a
    standard error, and a class — best, good, inaccuracy, mistake, blunder —
    given only beyond the noise. Where the hands are small the double-dummy
    verdict stands beside it. A summary per seat and side ends each hand.

    With --tricks N: the old, faster view — the plays of the last N tricks
    against the best play double-dummy (--advise, --estimate, --plays apply
    there).

    \b
    Examples:
      huolong-solve review example:hand-record
      huolong-solve review hands.hl --position 3 --all --seat S
      huolong-solve review hands.hl --json --workers 2 > review.json
      huolong-solve review hands.hl --tricks 8 --advise --samples 200
    """))
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--position", type=int, metavar="N", help=N_("Review only hand N of each file (1-based)."))
@click.option("--all", "show_all", is_flag=True, help=N_("List every play, not only the mistakes."))
@click.option("--seat", "seat_text", metavar="S|E|N|W", help=N_("List only this seat's plays (the summary keeps all)."))
@click.option("--samples", type=WholeNumber(4), default=None, metavar="N",
              help=N_("Deals of the hidden hands per play, at most (default: the hint's, 320, for the whole "
                      "hand; 100 with --tricks --advise)."))
@click.option("--measure", type=click.Choice(["levels", "points"]), default="levels", show_default=True,
              help=N_("levels: judge by what a play cost in levels, points only where the result is not at stake; "
                      "points: a points-only study."))
@seed_option(N_("Seed of the samples: same seed, same output."))
@workers_option
@click.option("--max-nodes", type=WholeNumber(1), default=None, metavar="N",
              help=N_("Stop the double-dummy search of a position after N nodes, keeping only the verdicts its "
                      "proven bounds settle (default: 2,000,000 for the whole hand, 5,000,000 with --tricks)."))
@click.option("--tricks", type=WholeNumber(1), metavar="N",
              help=N_("Only the last N tricks, double-dummy (the faster, older view)."))
@click.option("--plays", type=click.Choice(["all", "optimal"]), default="all", show_default=True,
              help=N_("With --tricks: all: what each play cost; optimal: only whether it was optimal (faster)."))
@click.option("--advise", "with_advice", is_flag=True,
              help=N_("With --tricks: also judge each play on what its player could see (single-dummy advice)."))
@click.option("--estimate", type=WholeNumber(2), metavar="N",
              help=N_("With --tricks: also estimate the value before every earlier play: the mean of N seeded "
                      "playouts ± its standard error."))
@json_option(N_("Print JSON: a list, one object per hand."))
@no_color_option
@ascii_option
@scheduler_option
def review_command(files, position, show_all, seat_text, samples, measure, seed, workers, max_nodes, tricks, plays,
                   with_advice, estimate, as_json, no_color, ascii_, scheduler):
    records = load(files, position, None)
    for rec in records:
        if not rec.record:
            raise BadInput(_("{where}: not a hand record (no [Play] section) — use solve for positions").format(
                where=where(rec)))
    seat = None
    if seat_text is not None:
        try:
            seat = parse_seat(seat_text)
        except ValueError as e:
            raise BadInput(f"--seat: {e}") from None
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    if tricks is None:
        for name, given in (("--advise", with_advice), ("--estimate", estimate is not None), ("--plays", plays != "all")):
            if given:
                raise BadInput(_("{option} works with --tricks N (the double-dummy view of the last tricks); the "
                                 "whole-hand review already judges every play on what its player could "
                                 "see").format(option=name))
        judge = JudgeSettings(measure=measure) if samples is None else JudgeSettings(samples=samples, measure=measure)
        settings = ReviewSettings(seed=seed, judge=judge, dd_max_nodes=max_nodes or ReviewSettings.dd_max_nodes)
        _review_whole(records, settings, style, show_all, seat, as_json, workers, scheduler)
        return
    _review_tricks(records, tricks, position, max_nodes or 5_000_000, show_all, plays, with_advice, samples or 100,
                   seed, workers, estimate, as_json, style, scheduler, seat)


# -- the whole hand, on each player's information ----------------------------------------------------


def _review_whole(records, settings: ReviewSettings, style: Style, show_all: bool, seat, as_json: bool,  # type: ignore[no-untyped-def]
                  workers, scheduler) -> None:
    out = []
    total = sum(decisions(r) for r in records)
    with open_workers(workers, scheduler) as pool, progress(total, _("decisions")) as bar:
        for number, rec in enumerate(records, start=1):
            printer = None if as_json else ProgressiveReview(rec, settings, style, show_all, seat, first=number == 1)
            verdict = review_hand(rec, settings, pool=pool, on_progress=lambda: bar.update(1),
                                  on_trick=printer.trick if printer else None,
                                  on_bury=printer.bury if printer else None)
            out.append(verdict)
            if printer is not None:
                printer.finish(verdict)
            if verdict.interrupted:
                break
    if as_json:
        click.echo(json.dumps([v.to_dict() for v in out], ensure_ascii=False, indent=1))
    if out and out[-1].interrupted:
        raise Stopped(ngettext("interrupted: {n} hand reviewed, the last one in part",
                               "interrupted: {n} hands reviewed, the last one in part", len(out)).format(n=len(out)))


def clear_bar() -> None:
    """Erase the progress bar's line (stderr) before a hand's text: the bar is drawn again below it at
    its next step, and the text does not start after it on the same line."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


class ProgressiveReview:
    """A hand's review printed as it comes: the heading at once, the bury once judged, then each trick's
    marked plays (every play with ``show_all``) as soon as the trick is judged, and the summary at the end."""

    def __init__(self, record, settings: ReviewSettings, style: Style, show_all: bool, seat: int | None,  # type: ignore[no-untyped-def]
                 first: bool = True, echo=None) -> None:  # type: ignore[no-untyped-def]
        self.record, self.style, self.show_all, self.seat = record, style, show_all, seat
        self.echo = echo or self._echo
        self.waiting: list[tuple[int, list]] = []  # tricks judged before the bury, printed after it
        self.bury_due = before_bury(record) is not None
        self.shown = 0
        self.echo(("\n" if not first else "") + "\n".join(heading_lines(record, settings)))
        if not self.bury_due:
            self.echo(wrap(_bury_text_of(None, _bury_note(record), style)))
            self.echo("")

    def _echo(self, text: str) -> None:
        clear_bar()
        click.echo(text, color=self.style.color)

    def bury(self, judged) -> None:  # type: ignore[no-untyped-def]
        self.echo("\n".join(bury_lines(judged, self.style)))
        self.echo("")
        self.bury_due = False
        for number, plays in self.waiting:
            self.trick(number, plays)
        self.waiting = []

    def trick(self, number: int, plays: list) -> None:  # type: ignore[type-arg]
        if self.bury_due:
            self.waiting.append((number, plays))
            return
        lines = trick_lines(plays, self.style, self.show_all, self.seat)
        if lines:
            self.shown += 1
            self.echo("\n".join(lines))

    def finish(self, verdict: HandVerdict) -> None:
        if self.bury_due:  # stopped before the bury was judged
            self.bury_due = False
            for number, plays in self.waiting:
                self.trick(number, plays)
        if not self.shown and verdict.complete:
            self.echo(no_marks(self.seat))
        self.echo("\n".join(tail_lines(verdict, marked=self.shown > 0)))


def heading_lines(rec, s: ReviewSettings) -> list[str]:  # type: ignore[no-untyped-def]
    title = _("{title}: {event}").format(title=where(rec), event=shown_title(rec.tags, _("hand record")))
    result = rec.tags.get("Result")
    lines = [wrap(_("{title} — result {result}").format(title=title, result=_result_words(result)) if result else title)]
    lines.append(wrap(_("Every decision judged on what its player could see (sampling seed {seed}, --seed; "
                        "not the deal's): the same ranking as the hint and advise give, on up to {samples} deals of "
                        "the hidden hands a play (played out by the bot, exact from {exact} cards a hand); "
                        "double-dummy beside it from {dd} cards a hand.").format(seed=s.seed, samples=s.judge.samples, exact=s.judge.search_cards,
                                        dd=s.dd_cards)))
    return lines


def whole_text(verdict: HandVerdict, style: Style, show_all: bool, seat: int | None = None) -> str:
    """A reviewed hand as text a player reads at 100 columns: the method, the bury, the plays marked
    (or every play), each with its reason, the summary per seat and side, and what the numbers mean."""
    lines = heading_lines(verdict.record, verdict.settings)
    lines.append(wrap(_bury_text_of(verdict.bury, verdict.bury_note, style)) if verdict.bury is None
                 else "\n".join(bury_lines(verdict.bury, style)))
    lines.append("")
    shown = [line for p in verdict.plays for line in play_lines(p, style, show_all, seat)]
    lines += shown or ([no_marks(seat)] if verdict.complete else [])  # stopped: the tail says what was judged
    lines += tail_lines(verdict, marked=bool(shown))
    return "\n".join(lines)


def no_marks(seat: int | None) -> str:
    if seat is None:
        return _("No play marked inaccuracy or worse.")
    return _("No play of {seat} marked inaccuracy or worse.").format(seat=seat_label(seat))


def tail_lines(verdict: HandVerdict, marked: bool = True) -> list[str]:
    lines = []
    if not verdict.complete and not verdict.plays:
        lines.append(_("(stopped before any play was judged)"))
    elif not verdict.complete and not marked:
        lines.append(_("(stopped: {done} of the hand's plays judged, none of them marked inaccuracy or worse)").format(
            done=len(verdict.plays)))
    elif not verdict.complete:
        lines.append(_("(stopped: {done} of the hand's plays judged)").format(done=len(verdict.plays)))
    lines.append("")
    lines.append(_summary_table(verdict))
    lines.append(wrap(_("levels lost: what the plays marked for their levels cost their side on average, added up; "
                        "points lost: the points given away by plays marked for their points alone, where the "
                        "result was not at stake (never more than the side had at stake). A class is given only "
                        "where the lower end of the loss's 95% interval reaches it: an inaccuracy from {inacc} "
                        "levels (with the result unchanged: {points} points, or a 10 or K thrown into the "
                        "opponents' trick that costs points at all), a mistake from {mistake}, a blunder from "
                        "{blunder} levels.").format(
        inacc=_lv(LEVEL_THRESHOLDS[2][1]), mistake=_lv(LEVEL_THRESHOLDS[1][1]), blunder=_lv(LEVEL_THRESHOLDS[0][1]),
        points=f"{POINTS_INACCURACY:.0f}")))
    return lines


def _lv(x: float) -> str:
    return f"{x:.2f}"


def trick_lines(plays: list[JudgedPlay], style: Style, show_all: bool, seat: int | None) -> list[str]:
    return [line for p in plays for line in play_lines(p, style, show_all, seat)]


def play_lines(p: JudgedPlay, style: Style, show_all: bool, seat: int | None) -> list[str]:
    """A judged play as a sentence, and its reasons below it; none when it is not to be shown."""
    j = p.judgement
    if seat is not None and j.seat != seat:
        return []
    if not (show_all or j.flagged or p.dd_verdict is not None):
        return []
    show = whole_plays(style)
    fields = dict(trick=j.trick, seat=seat_label(j.seat), play=show(j.play), mark=MARKS.get(j.grade, ""),
                  grade=grade_label(j.grade), loss=loss_text(j, show(j.best)), best=show(j.best))
    if j.grade is None:
        text = _("Trick {trick}, {seat} {play}: forced.")
    elif not j.flagged and j.could_be in FLAGGED:
        fields["upper"] = grade_label(j.could_be)
        text = (_("Trick {trick}, {seat} {play}: best (perhaps {upper}: within the noise) — {loss}.") if j.grade == "best"
                else _("Trick {trick}, {seat} {play}: good (perhaps {upper}: within the noise) — {loss}."))
    elif not j.flagged and j.grade == "best" and j.noise:
        text = _("Trick {trick}, {seat} {play}: best (within the noise of {best}).")
    elif not j.flagged and j.grade == "best":
        text = _("Trick {trick}, {seat} {play}: best.")
    elif not j.flagged:
        text = _("Trick {trick}, {seat} {play}: good — {loss}.")
    elif j.could_be:
        fields["upper"] = grade_label(j.could_be)
        text = _("Trick {trick}, {seat} {play}{mark}: {grade} (perhaps {upper}: within the noise) — {loss}.")
    else:
        text = _("Trick {trick}, {seat} {play}{mark}: {grade} — {loss}.")
    line = text.format(**fields)
    dd = _dd_text(p)
    if dd:
        line = _("{sentence} Double-dummy: {verdict}.").format(sentence=line, verdict=dd)
    out = [wrap(line)]
    for reason in j.why:
        out.append(_indent(wrap(reason.text(show), 96)))
    return out


def whole_plays(style: Style):  # type: ignore[no-untyped-def]
    """A play as the style writes it, its cards joined by no-break spaces: a pair is never split by a wrap."""
    return lambda play: style.play(play).replace(" ", "\u00a0")


MARKS = {"inaccuracy": " ?!", "mistake": " ?", "blunder": " ??"}


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def loss_text(j, best: str) -> str:  # type: ignore[no-untyped-def]
    """A play's loss against the best play as the player reads it: levels and points apart, never below zero."""
    loss = j.loss
    points, levels = max(0.0, loss.points), max(0.0, loss.levels)
    if j.scale == "points" and j.measure == "levels":
        return _("loses {points} ± {se} points against {best}, no level lost beyond the noise").format(
            points=_num(points), se=_num(loss.points_se), best=best)
    if j.scale == "points":
        return _("loses {points} ± {se} points against {best}").format(points=_num(points), se=_num(loss.points_se),
                                                                       best=best)
    return _("loses {levels} ± {se} levels and {points} points against {best}").format(
        levels=f"{levels:.2f}", se=f"{loss.levels_se:.2f}", points=_num(points), best=best)


def _bury_note(record) -> str | None:  # type: ignore[no-untyped-def]
    start = record.start()
    whole = not start.history and all(h is not None and len(h) == start.shape.hand_size for h in start.hands)
    return "no-kitty" if whole else "not-from-the-start"


def _result_words(tag: str) -> str:
    """A record's ``Result`` tag (``125 kept attackers-take-deal``) in the current language."""
    words = tag.split()
    if len(words) < 3 or not words[0].isdigit():
        return tag
    return (pgettext("a record's result", "{points} dug {outcome}") if words[1] == "dug" else
            pgettext("a record's result", "{points} kept {outcome}")).format(
        points=words[0], outcome=outcome_label(" ".join(words[2:])))


def _bury_text_of(b: BuryJudgement | None, note: str | None, style: Style) -> str:
    if b is None:
        if note == "no-kitty":
            return _("The bury is not judged: the record has no Kitty (the cards the dealer picked up).")
        if note == "not-from-the-start":
            return _("The bury is not judged: the record does not start at the first trick.")
        return _("The bury is not judged.")
    cards = style.cards(sorted(b.made))
    if b.grade == "best" and b.ranked_first:
        return _("Bury by {seat}: {cards} — best: the bury advisor's first choice of the {n} burials it "
                 "tried.").format(seat=seat_label(b.dealer), cards=cards, n=len(b.candidates))
    if b.could_be in FLAGGED:
        return _("Bury by {seat}: {cards} — {grade} (perhaps {upper}: within the noise): loses {levels} ± {se} "
                 "levels against the advisor's first choice, {best}.").format(
            seat=seat_label(b.dealer), cards=cards, grade=grade_label(b.grade), upper=grade_label(b.could_be),
            levels=f"{max(0.0, b.loss.levels):.2f}", se=f"{b.loss.levels_se:.2f}", best=style.cards(sorted(b.best)))
    if b.grade == "best":
        return _("Bury by {seat}: {cards} — best: the advisor's first choice, {best}, is no better beyond the "
                 "noise ({levels} ± {se} levels).").format(
            seat=seat_label(b.dealer), cards=cards, best=style.cards(sorted(b.best)),
            levels=f"{max(0.0, b.loss.levels):.2f}", se=f"{b.loss.levels_se:.2f}")
    return _("Bury by {seat}: {cards}{mark} — {grade}: loses {levels} ± {se} levels against the advisor's first "
             "choice, {best}.").format(
        seat=seat_label(b.dealer), cards=cards, mark=MARKS.get(b.grade, ""), grade=grade_label(b.grade),
        levels=f"{max(0.0, b.loss.levels):.2f}", se=f"{b.loss.levels_se:.2f}", best=style.cards(sorted(b.best)))


def bury_lines(b: BuryJudgement | None, style: Style) -> list[str]:
    if b is None:
        return [wrap(_bury_text_of(None, "no-kitty", style))]
    return [wrap(_bury_text_of(b, None, style))] + [_indent(wrap(r.text(whole_plays(style)), 96)) for r in b.why]


def _num(x: float) -> str:
    return f"{x:.1f}" if abs(x) < 10 else f"{x:.0f}"


def _dd_text(p: JudgedPlay) -> str:
    dd = p.dd
    if dd is None:
        return ""
    if not dd.decided:
        return _("unsolved")
    if dd.solved:
        base = (_("worse result") if dd.worse_result else _("loses {points} points").format(points=dd.loss) if dd.loss
                else _("best"))
    else:
        base = proven_text(dd)
    verdict = p.dd_verdict
    if verdict == "lucky":
        return _("{verdict} (lucky)").format(verdict=base)
    if verdict == "unlucky":
        return _("{verdict} (unlucky)").format(verdict=base)
    return base


def _summary_table(verdict: HandVerdict) -> str:
    summary = verdict.summary()
    rec = verdict.record
    rows = []
    for name in ("S", "E", "N", "W", "S–N", "E–W"):
        v = summary[name]
        if len(name) == 1:
            seat = parse_seat(name)
            label = (_("{seat} (dealer)") if seat == rec.dealer else "{seat}").format(seat=seat_label(seat))
        else:
            first = parse_seat(name[0])
            label = (_("{a}–{b} dealer team") if rec.is_attacker(first) is False else _("{a}–{b} attackers")).format(
                a=seat_label(first), b=seat_label((first + 2) % 4))
        rows.append([label, "—" if math.isnan(v.accuracy) else f"{v.accuracy:.0f}", v.counts["best"], v.counts["good"],
                     v.counts["inaccuracy"], v.counts["mistake"], v.counts["blunder"], v.forced,
                     f"{v.levels_lost:.2f}", f"{v.points_lost:.0f}"])
    return compact_table(rows, [_("who"), _("accuracy"), pgettext("a play's class", "best"),
                                pgettext("a play's class", "good"), _("inacc."), _("mistakes"), _("blunders"),
                                _("forced"), _("levels lost"), _("points lost")])


# -- the last tricks, double-dummy (--tricks) ---------------------------------------------------------


def _review_tricks(records, tricks, position, max_nodes, show_all, plays, with_advice, samples, seed, workers,  # type: ignore[no-untyped-def]
                   estimate, as_json, style: Style, scheduler, seat) -> None:
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
                shown = [r for r in judged if seat is None or r.seat == seat]
                text = review_text(rec, shown, style, show_all)
                if guessed:
                    text += "\n" + estimates_text(guessed, style)
                clear_bar()
                click.echo(("\n" if number > 1 else "") + text, color=style.color)
    if as_json:
        click.echo(json.dumps([hand.to_dict() for hand in out], ensure_ascii=False, indent=1))


def review_text(rec, judged, style: Style, show_all: bool) -> str:  # type: ignore[no-untyped-def]
    title = _("{title}: {event}").format(title=where(rec), event=shown_title(rec.tags, _("hand record")))
    result = rec.tags.get("Result")
    lines = [wrap(_("{title} — result {result}").format(title=title, result=_result_words(result)) if result else title)]
    advised = any(r.advised is not None for r in judged)
    rows = []
    for r in judged:
        if not (show_all or r.is_mistake or r.dd_mistake or not r.decided):
            continue
        if r.solved:
            loss = (_("not optimal") if r.loss is None else _("worse result") if r.worse_result else
                    f"-{r.loss}" if r.loss else _("best"))
            row = [r.trick, seat_label(r.seat), style.play(r.play), _value_text(r.value) if r.value else "—",
                   " / ".join(style.play(p) for p in r.best_plays[:3]), _value_text(r.best), loss]
        elif r.decided:  # beyond the budget, settled by bounds: the two ends that prove it
            mine, best = _proving_ends(r)
            row = [r.trick, seat_label(r.seat), style.play(r.play), mine,
                   " / ".join(style.play(p) for p in r.best_plays[:3]), best, proven_text(r, short=True)]
        else:
            row = [r.trick, seat_label(r.seat), style.play(r.play), _("unsolved"), "", _("unsolved"), _("unsolved")]
        if advised:
            row.append(_information_text(r, style))
        rows.append(row)
    if advised:  # the counts of the marks in the table's last column
        marks = [r.verdict for r in judged]
        mistakes, lucky, unlucky = marks.count("mistake"), marks.count("lucky"), marks.count("unlucky")
    else:
        mistakes, lucky, unlucky = sum(r.dd_mistake for r in judged), 0, 0
    lines.append(wrap(_review_summary(len(judged), mistakes, advised, lucky, unlucky,
                                      sum(not r.decided for r in judged), sum(r.decided and not r.solved for r in judged))))
    if rows:
        headers = [_("trick"), _("seat"), _("played"), _("then worth"), _("best"), _("best worth"), _("loss")]
        headers += [_("on the player's information")] if advised else []
        # fits 100 columns: the verdicts and values wrap first, then the plays
        lines.append(compact_table(rows, headers, wrapped=((6, 7) if advised else (6,), (3, 5), (2, 4))))
        if any(r.decided and not r.solved for r in judged):
            lines.append(wrap(_("* proven by bounds: the search did not finish within --max-nodes, but what it proved "
                                "settles the verdict — the play's best case is below the best play's worst case "
                                "(or no other play can beat it).")))
    return "\n".join(lines)


def _value_text(value) -> str:  # type: ignore[no-untyped-def]
    return _("unsolved") if value is None else value_text(value)


def _proving_ends(r) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """A verdict proven by bounds, as the values that prove it: for a play proven worse, its best
    case and the best play's worst case; for a play proven best, its own worst case."""
    low, high = r.bounds
    best_low, best_high = r.best_bounds
    if r.dd_mistake:
        if r.attacks:
            return _bound_text(high, False), _bound_text(best_low, True)
        return _bound_text(low, True), _bound_text(best_high, False)
    return (_bound_text(low, True) if r.attacks else _bound_text(high, False)), ""


def _bound_text(v, at_least: bool) -> str:  # type: ignore[no-untyped-def]
    if v is None:
        return "—"
    return (_("at least {value}") if at_least else _("at most {value}")).format(value=value_text(v))


def proven_text(r, short: bool = False) -> str:  # type: ignore[no-untyped-def]
    """A verdict proven by bounds: the least the play gave away, a worse result, or best; ``short``:
    as the review's table marks it (a star, explained under the table)."""
    if short:
        if r.worse_result:
            return _("worse result *")
        return _("-{points} or worse *").format(points=r.loss) if r.loss else _("best *")
    if r.worse_result:
        return _("worse result (proven by bounds)")
    if r.loss:
        return _("loses at least {points} points (proven by bounds)").format(points=r.loss)
    return _("best (proven by bounds)")


def _review_summary(plays: int, mistakes: int, advised: bool, lucky: int, unlucky: int, unsolved: int,
                    by_bounds: int = 0) -> str:
    """``12 plays reviewed: 1 mistake, 2 beyond the node budget.``, one sentence of counted parts: each
    count is the number of plays the table marks so."""
    if advised:
        head = ngettext("{plays} plays reviewed: {n} mistake on what the players could see",
                        "{plays} plays reviewed: {n} mistakes on what the players could see", mistakes)
    else:
        head = ngettext("{plays} plays reviewed: {n} mistake", "{plays} plays reviewed: {n} mistakes", mistakes)
    parts = [head.format(plays=plays, n=mistakes)]
    if lucky:
        parts.append(_("{n} lucky (best double-dummy, but another play was better on the player's "
                       "information)").format(n=lucky))
    if unlucky:
        parts.append(_("{n} unlucky (a double-dummy loss, but right on the player's information)").format(n=unlucky))
    if by_bounds:
        parts.append(_("{n} of the verdicts proven by bounds (the search did not finish, but what it proved "
                       "settles them)").format(n=by_bounds))
    if unsolved:
        parts.append(_("{n} beyond the node budget").format(n=unsolved))
    return pgettext("a sentence of parts", "{parts}.").format(parts=pgettext("between parts", ", ").join(parts))


def estimates_text(guessed, style: Style) -> str:  # type: ignore[no-untyped-def]
    """The estimate at the start of each trick before the reviewed ones (the JSON has every play)."""
    rows = [[e.trick, seat_label(e.seat), style.play(e.play), _estimate_cell(e)]
            for i, e in enumerate(guessed) if i == 0 or guessed[i - 1].trick != e.trick]
    return "\n".join([_("Before the reviewed tricks, estimated (the mean of {n} playouts by the bot from each "
                        "position, ± its standard error):").format(n=guessed[0].samples),
                      tabulate(rows, headers=[_("trick"), _("leader"), _("led"), _("attackers' points")],
                               tablefmt="simple", disable_numparse=True)])


def _estimate_cell(e) -> str:  # type: ignore[no-untyped-def]
    """``125.0 ± 2.3``; where every playout ended alike, no "± 0.0": the playouts agree, which says
    nothing of how far the bot's line is from the best one."""
    if e.points_se == 0:
        return _("{points} (all {n} playouts alike)").format(points=f"{e.mean_points:.1f}", n=e.samples)
    return f"{e.mean_points:.1f} ± {e.points_se:.1f}"


def _information_text(r, style: Style) -> str:  # type: ignore[no-untyped-def]
    verdict = r.verdict
    if verdict is None:
        return ""
    if verdict == "right":
        return _("right")
    if verdict == "unlucky":
        return _("unlucky: right on what it could see")
    better = " / ".join(style.play(p) for p in r.advised[:3])
    return (_("lucky: {plays} was better on what it could see") if verdict == "lucky" else
            _("mistake: {plays} was better")).format(plays=better)
