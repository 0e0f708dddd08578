"""``huolong-solve match A B``: a duplicate match between two policies, resumable, on workers or a Dask cluster."""

from __future__ import annotations

import json
import os
import time

import click
from tabulate import tabulate

from huolong.bots import PolicyError, policy_of
from huolong.bots.gamematch import MAX_HANDS, GameScore, GamesSummary, duplicate_game, game_event, game_score, \
    summarise_games
from huolong.bots.match import MatchSummary, TableScore, duplicate_deal, event_of, score_of, summarise
from huolong.engine import HuolongError, Outcome, read_file, write_position
from huolong.engine.game import GameRules
from huolong.engine.gamefile import read_game_text, split_games
from huolong.i18n import N_, _, ngettext

from .render import outcome_label
from .common import (
    BadInput, in_order, Stopped, json_option, no_color_option, open_workers, output_file, parse_rules, progress,
    scheduler_option, seed_option, where, workers_option, write_atomically, WholeNumber,
)

CHECKPOINT_SECONDS = 5.0


def check_policy(spec: str) -> str:
    """A policy spec that can be made (bad ones are bad input, said before any work)."""
    try:
        policy = policy_of(spec)
    except PolicyError as e:
        raise BadInput(str(e)) from None
    if policy.sees_all:
        click.echo(_("note: {name} sees all hands").format(name=spec), err=True)
    return spec


def resume(path: str, seed: int, a: str, b: str) -> tuple[list[str], list[list[TableScore]]]:
    """The records of the deals already in ``path`` (both tables of each), and their scores."""
    if not os.path.exists(path):
        return [], []
    try:
        records = read_file(path)
    except HuolongError as e:
        raise BadInput(_("cannot resume: {error}").format(error=e)) from None
    texts: list[str] = []
    scores: list[list[TableScore]] = []
    for number, rec in enumerate(records):
        index, table = divmod(number, 2)
        wanted = (event_of(seed, index, table + 1), (a, b) if table == 0 else (b, a))
        if (rec.tags.get("Event"), (rec.tags.get("SouthNorth"), rec.tags.get("EastWest"))) != wanted or not rec.is_over():
            raise BadInput(_("{where}: not table {table} of deal {deal} of match {a} {b} --seed {seed}; remove the "
                             "file or write elsewhere (-o)").format(where=where(rec), table=table + 1, deal=index + 1,
                                                                   a=a, b=b, seed=seed))
        if table == 0:
            scores.append([])
        scores[-1].append(score_of(rec, a_sits_south_north=table == 0))
        texts.append(write_position(rec))
    if len(texts) % 2:  # both tables of a deal are written together: an odd count is not this program's file
        raise BadInput(_("{file}: deal {deal} has one table only; remove the file or write elsewhere (-o)").format(
            file=path, deal=len(scores)))
    return texts, scores


@click.command("match", help=N_("""Play a duplicate match between two policies: each deal twice, the policies swapping seats.

    A and B are policies: advise (single-dummy, sees only its own hand),
    fair (the heuristic on what its seat knows), bot (sees all hands),
    random, or module:attr for your own (see docs/bots.md). At table 1 A sits
    S and N, B E and W; at table 2 they swap, with the same cards, level,
    trump and dealer. Prints A's levels per deal (± standard error), the
    attackers' points and dig rate of each side, the outcomes and the time
    per decision. With -o the hand records of every table are written as
    deals finish, and running the same command again resumes the match.

    \b
    Examples:
      huolong-solve match fair random --deals 200 --seed 1
      huolong-solve match advise fair --deals 50 -o match.hl --workers 2
      huolong-solve match mybots:Greedy fair --deals 100 --json
    """))
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--deals", type=WholeNumber(1), default=100, show_default=True, help=N_("Deals to play (each twice)."))
@seed_option(N_("Seed of the match (the deals and every decision): same seed, same output."))
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help=N_("Write the hand records of every table here (resumes a match)."))
@click.option("--rules", "rules", metavar="RULES", default="standard", show_default=True, help=N_("Ruleset of the hands."))
@click.option("--games", type=WholeNumber(1), default=None, metavar="N",
              help=N_("Play N whole games instead of single deals (each twice, the policies swapping seats, the same "
                      "cards hand by hand): games won, hands per game, levels a hand."))
@click.option("--max-hands", type=WholeNumber(1), default=MAX_HANDS, show_default=True, metavar="N",
              help=N_("With --games: a game not over after N hands counts half a win each."))
@click.option("--game-rules", "game_rules", metavar="RULES", default="standard", show_default=True,
              help=N_("With --games: the rules of the whole game — standard (002), 000, 001, 003 or 004, then "
                      "options (docs/rules.md §12)."))
@workers_option
@json_option(N_("Print JSON: the match's totals."))
@no_color_option
@scheduler_option
def match_command(a, b, deals, seed, output, rules, games, max_hands, game_rules, workers, as_json, no_color,
                  scheduler):
    ruleset = parse_rules(rules)
    assert ruleset is not None
    if ruleset.is_bridge:
        raise BadInput(_("--rules: match deals Huolong hands, not bridge"))
    given = click.get_current_context().get_parameter_source("rules") is click.core.ParameterSource.COMMANDLINE
    a, b = check_policy(a), check_policy(b)
    if output:
        output_file(output)  # its folder made before the work, not when saving it
    if games is not None:
        try:
            game_ruleset = GameRules.parse(game_rules)
        except HuolongError as e:
            raise BadInput(f"--game-rules: {e}") from None
        if not given:  # the hands as the preset's rule text plays them
            ruleset = game_ruleset.hand_rules()
        match_games(a, b, games, seed, output, ruleset, game_ruleset, max_hands, workers, scheduler, as_json)
        return
    texts, scores = resume(output, seed, a, b) if output else ([], [])
    if len(scores) > deals:
        raise BadInput(_("{file} already holds {n} deals, more than --deals {deals}").format(
            file=output, n=len(scores), deals=deals))
    done = len(scores)
    tasks = [(seed, i, a, b, str(ruleset)) for i in range(done, deals)]
    decisions: list[tuple[str, float, bool]] = []
    started = time.perf_counter()

    def take(deal: dict) -> None:
        texts.extend(t["record"] for t in deal["tables"])
        scores.append([TableScore(t["dealer_side"], t["points"], t["dug"], Outcome(t["outcome"], t["levels"]))
                       for t in deal["tables"]])
        decisions.extend(tuple(d) for t in deal["tables"] for d in t["decisions"])

    interrupted = run_in_order(duplicate_deal, tasks, take, texts, output, workers, scheduler, _("deals"))
    played = len(scores) - done
    if interrupted:
        if output:
            raise Stopped(_("interrupted after {n} of {deals} deals; {file} holds them, run again to resume").format(
                n=len(scores), deals=deals, file=output))
        raise Stopped(_("interrupted after {n} of {deals} deals").format(n=len(scores), deals=deals))
    seconds = (time.perf_counter() - started) / played if played else None
    summary = summarise(a, b, seed, scores, seconds, decisions)
    click.echo(json.dumps(summary.to_dict(), indent=1) if as_json else summary_text(summary))


def run_in_order(fn, tasks: list[tuple], take, texts: list[str], output: str | None, workers, scheduler,  # type: ignore[no-untyped-def]
                 label: str) -> bool:
    """Run ``tasks`` on the workers and ``take`` each result in task order, whatever order they finished in
    (``take`` extends ``texts``, the output file's records); the file is rewritten atomically every few
    seconds and at the end. Whether Ctrl-C stopped it."""
    last_write, interrupted = time.monotonic(), False
    with open_workers(workers, scheduler) as pool, progress(len(tasks), label) as bar:
        try:
            for result in in_order(pool.run(fn, tasks), lambda: bar.update(1)):
                take(result)
                if output and time.monotonic() - last_write > CHECKPOINT_SECONDS:
                    write_atomically(output, "\n".join(texts))
                    last_write = time.monotonic()
        except KeyboardInterrupt:
            interrupted = True
    if output:
        write_atomically(output, "\n".join(texts))
    return interrupted


def _pm(pair: tuple[float, float], digits: int, scale: float = 1.0) -> str:
    mean, se = pair
    if mean != mean:  # no value
        return "—"
    text = f"{scale * mean:+.{digits}f}" if digits == 2 else f"{scale * mean:.{digits}f}"
    return text if se != se else f"{text} ± {scale * se:.{digits}f}"


def summary_text(s: MatchSummary) -> str:
    levels, se = s.a_levels
    lines = [
        ngettext("{a} against {b}: {deals} deal, played at two tables (seed {seed}).",
                 "{a} against {b}: {deals} deals, each played at two tables (seed {seed}).", s.deals).format(
            a=s.a, b=s.b, deals=s.deals, seed=s.seed),
        _("{a} gains {levels} levels a deal ({ratio} standard errors).").format(
            a=s.a, levels=_pm(s.a_levels, 2), ratio=f"{levels / se:+.1f}" if se == se and se > 0 else "—")
        if se == se and se > 0 else
        _("{a} gains {levels} levels a deal (one deal: no standard error yet).").format(a=s.a, levels=_pm(s.a_levels, 2)),
        tabulate([[_("attackers' points a hand"), _pm(s.attack_points["A"], 1), _pm(s.attack_points["B"], 1)],
                  [_("dig rate"), _pm(s.dig_rate["A"], 1, 100) + "%", _pm(s.dig_rate["B"], 1, 100) + "%"]],
                 headers=["", _("{name} attacks").format(name=s.a), _("{name} attacks").format(name=s.b)],
                 tablefmt="simple", disable_numparse=True),
        "",
        tabulate([[outcome_label(name), counts["A"], counts["B"]] for name, counts in s.outcomes.items()],
                 headers=[_("outcome"), _("{name} deals").format(name=s.a), _("{name} deals").format(name=s.b)],
                 tablefmt="simple", disable_numparse=True),
    ]
    if s.decisions:
        lines += ["", tabulate([[name, t["plays"], _seconds(t["median_s"]), _seconds(t["p90_s"]), _seconds(t["max_s"])]
                                for name, t in s.decisions.items()],
                               headers=[_("policy"), _("plays timed"), _("median"), _("p90"), _("max")],
                               tablefmt="simple", disable_numparse=True)]
    if s.seconds_per_deal is not None:
        lines.append(_("{seconds} s a deal (both tables), for the deals played now.").format(
            seconds=f"{s.seconds_per_deal:.2f}"))
    return "\n".join(lines)


def _seconds(x: float | None) -> str:
    return "—" if x is None else f"{x:.3f} s"



# -- whole games ----------------------------------------------------------------------------------------


def resume_games(path: str, seed: int, a: str, b: str, max_hands: int) -> tuple[list[str], list[list[GameScore]]]:
    """The games already in ``path`` (both tables of each), as text, and their scores."""
    if not os.path.exists(path):
        return [], []
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        parts = [read_game_text(t, path) for t in split_games(text) if t.strip()]
    except (OSError, UnicodeDecodeError, HuolongError) as e:
        raise BadInput(_("cannot resume: {error}").format(error=e)) from None
    texts: list[str] = []
    scores: list[list[GameScore]] = []
    for number, game in enumerate(parts):
        index, table = divmod(number, 2)
        players = (a, b, a, b) if table == 0 else (b, a, b, a)
        whole = game.note is None and game.unfinished is None and (game.state.over or game.state.hands == max_hands)
        if dict(game.header.tags).get("Event") != game_event(seed, index, table + 1) or \
                game.header.players != players or not whole:
            raise BadInput(_("{file}: game {n} is not table {table} of game {game} of match {a} {b} --games --seed "
                             "{seed}; remove the file or write elsewhere (-o)").format(
                file=path, n=number + 1, table=table + 1, game=index + 1, a=a, b=b, seed=seed))
        if table == 0:
            scores.append([])
        scores[-1].append(game_score(game, a_team=table))
        texts.append(game.text())
    if len(texts) % 2:
        raise BadInput(_("{file}: game {game} has one table only; remove the file or write elsewhere (-o)").format(
            file=path, game=len(scores)))
    return texts, scores


def match_games(a: str, b: str, games: int, seed: int, output: str | None, rules, game_rules: GameRules,  # type: ignore[no-untyped-def]
                max_hands: int, workers, scheduler, as_json: bool) -> None:
    texts, scores = resume_games(output, seed, a, b, max_hands) if output else ([], [])
    if len(scores) > games:
        raise BadInput(_("{file} already holds {n} games, more than --games {games}").format(
            file=output, n=len(scores), games=games))
    done = len(scores)
    tasks = [(seed, i, a, b, str(rules), str(game_rules), max_hands) for i in range(done, games)]
    started = time.perf_counter()

    def take(game: dict) -> None:
        texts.extend(t["text"] for t in game["tables"])
        scores.append([GameScore(t["a_won"], t["hands"], t["a_levels"], t["b_levels"]) for t in game["tables"]])

    interrupted = run_in_order(duplicate_game, tasks, take, texts, output, workers, scheduler, _("games"))
    played = len(scores) - done
    if interrupted:
        if output:
            raise Stopped(_("interrupted after {n} of {games} games; {file} holds them, run again to resume").format(
                n=len(scores), games=games, file=output))
        raise Stopped(_("interrupted after {n} of {games} games").format(n=len(scores), games=games))
    seconds = (time.perf_counter() - started) / played if played else None
    summary = summarise_games(a, b, seed, scores, seconds, played, str(rules), str(game_rules))
    click.echo(json.dumps(summary.to_dict(), indent=1) if as_json else games_text(summary))


def games_text(s: GamesSummary) -> str:
    wins, se = s.a_wins
    lines = [
        ngettext("{a} against {b}: {games} game, played at two tables (seed {seed}; {played} played now).",
                 "{a} against {b}: {games} games, each played at two tables (seed {seed}; {played} played now).",
                 s.games).format(a=s.a, b=s.b, games=s.games, seed=s.seed, played=s.played_now),
        _("{a} wins {share} of the games.").format(a=s.a, share=_pm(s.a_wins, 1, 100) + "%") if se == se and se > 0
        else _("{a} wins {share} of the games (too few games, or all alike: no standard error yet).").format(
            a=s.a, share=_pm((wins, float("nan")), 1, 100) + "%"),
        _("{hands} hands a game; {a} gains {levels} levels a hand over {b}.").format(
            hands=_pm(s.hands_per_game, 1), a=s.a, levels=_pm(s.a_levels_per_hand, 2), b=s.b),
    ]
    if s.unfinished:
        lines.append(ngettext("{n} game was not over within --max-hands: half a win each.",
                              "{n} games were not over within --max-hands: half a win each.", s.unfinished).format(
            n=s.unfinished))
    if s.seconds_per_game is not None:
        lines.append(_("{seconds} s a game (both tables), for the games played now.").format(
            seconds=f"{s.seconds_per_game:.2f}"))
    return "\n".join(lines)
