"""The work a board's worker process does: each task takes the page's parameters, a stop token and an
``emit`` for what it has so far, and returns the same ``to_dict()`` JSON the CLI prints.

Positions travel as deal-file text and plays, and are rebuilt here by the
engine, so a task is the same computation as the CLI's on the same file:
``analyse`` is ``solve --json``, ``advise`` is ``advise --json``, ``bury``
is ``bury --json``; ``graph`` walks a hand record backwards with exact
values (as ``review`` judges a play) and estimates the rest as ``review
--estimate`` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from huolong.analysis.advice import Advice, advise, verdict
from huolong.analysis.burial import BURY_SAMPLES, rank_burials
from huolong.analysis.ranking import Settings as RankingSettings
from huolong.analysis.judge import JudgeSettings
from huolong.analysis.review import estimate
from huolong.bots import NAMES, policy_of
from huolong.bots.table import decide_bury, decide_play
from huolong.engine import Position, card_token, parse_seat
from huolong.i18n import _
from huolong.solver import SearchAborted, SolverError, StopToken, solve, stopped_dict
from huolong.solver.jobs import default_workers

from .positions import BadRequest, Library, node, start_and_line

Emit = Callable[[dict], None]
OBJECTIVES = ("outcome", "points", "result")
SEEDS = (-(2**31), 2**31)  # a seed a request may give (the page shows it, to deal a game again)


def _number(params: dict, key: str, default: float, low: float, high: float) -> float:
    value = params.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise BadRequest(_("{key}: expected a number from {low} to {high}, got {value!r}").format(
            key=key, low=f"{low:g}", high=f"{high:g}", value=value))
    return value


def _objective(params: dict) -> str:
    objective = params.get("objective", "outcome")
    if objective not in OBJECTIVES:
        raise BadRequest(_("objective: use {choices}, not {objective!r}").format(choices=", ".join(OBJECTIVES),
                                                                                objective=objective))
    return objective


def budget(params: dict) -> tuple[float, int]:
    """(seconds, nodes) of one interactive solve: a few seconds by default, never unbounded."""
    return (_number(params, "seconds", 3.0, 0.05, 600.0), int(_number(params, "nodes", 50_000_000, 1_000, 10**10)))


def seed_of(params: dict) -> int:
    """The request's seed: a whole number (1 if none)."""
    seed = params.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not SEEDS[0] <= seed <= SEEDS[1]:
        raise BadRequest(_("seed: a whole number from {low} to {high}, not {seed!r}").format(
            low=SEEDS[0], high=SEEDS[1], seed=seed))
    return seed


def _count(params: dict, key: str, default: int, low: int, high: int) -> int:
    return int(_number(params, key, default, low, high))


def _seat(params: dict) -> int | None:
    seat = params.get("seat")
    if seat is None:
        return None
    if not isinstance(seat, str):
        raise BadRequest(_("seat: one of S E N W, not {seat!r}").format(seat=seat))
    return parse_seat(seat)


def _policy(params: dict) -> str:
    """A policy by name (never ``module:attr`` from a request)."""
    name = params.get("policy", "advise")
    if name not in NAMES:
        raise BadRequest(_("policy: one of {choices}, not {name!r}").format(choices=", ".join(NAMES), name=name))
    return name


@dataclass(frozen=True)
class Settings:
    """A task's options, checked: what the request asked for, or the task's default."""

    objective: str = "outcome"
    seconds: float = 3.0
    nodes: int = 50_000_000
    samples: int = 0
    seed: int = 1
    seat: int | None = None
    policy: str = "advise"


def settings(kind: str, params: dict) -> Settings:
    """The options of a ``kind`` task, each checked (a bad one raises :class:`BadRequest`): the server
    checks them when the job is asked for, and the task reads them here when it runs."""
    if kind == "analyse":
        seconds, nodes = budget(params)
        return Settings(objective=_objective(params), seconds=seconds, nodes=nodes)
    if kind == "graph":
        seconds, nodes = budget(params)
        return Settings(objective=_objective(params), seconds=seconds, nodes=nodes, seed=seed_of(params),
                        samples=_count(params, "samples", 20, 2, 1000))
    if kind == "advise":
        return Settings(objective=_objective(params), seat=_seat(params), seed=seed_of(params),
                        samples=_count(params, "samples", RankingSettings.samples, 1, 100_000))
    if kind == "bury":
        return Settings(samples=_count(params, "samples", BURY_SAMPLES, 2, 100_000), seed=seed_of(params),
                        seconds=_number(params, "seconds", 120.0, 1.0, 3600.0))
    if kind == "move":
        return Settings(policy=_policy(params), seed=seed_of(params))
    if kind == "review":
        return Settings(samples=_count(params, "samples", JudgeSettings.samples, 4, 1000), seed=seed_of(params))
    raise BadRequest(_("kind: one of {choices}, not {kind!r}").format(choices=", ".join(RUNNERS), kind=kind))


def _node(params: dict) -> Position:
    return node(Library([]), params["root"], params.get("plays", []))


def analyse(params: dict, stop: StopToken, emit: Emit) -> dict:
    """``solve --json`` of the node, under the budget: ``{"analysis": …}`` or ``{"stopped": …}``."""
    pos = _node(params)
    options = settings("analyse", params)
    if pos.is_before_bury or any(h is None for h in pos.hands):
        raise BadRequest(_("double-dummy values need every hand and the bottom"))
    try:
        analysis = solve(pos, options.objective, plays="all", max_nodes=options.nodes, max_seconds=options.seconds,
                         line=True, stop=stop, intervals=True)
    except SearchAborted as e:
        return stopped_dict(pos, options.objective, "all", e)
    return {"analysis": analysis.to_dict()}


def graph(params: dict, stop: StopToken, emit: Emit) -> dict:
    """The value before every play of the main line, from the end backwards: exact while each
    position solves within the budget (each play's loss against the best, as ``review`` has it),
    then the mean of seeded playouts ± its standard error (``review --estimate``)."""
    start, line = start_and_line(Library([]).root(params["root"]))
    options = settings("graph", params)
    objective, seconds, nodes, samples, seed = (options.objective, options.seconds, options.nodes, options.samples,
                                                options.seed)
    positions = [start.copy()]
    for play in line:
        after = positions[-1].copy()
        after.play(play)
        positions.append(after)
    count = len(line)
    exact: dict[int, dict] = {}  # ply: the value before it (the last: the end of the hand)
    end = positions[-1]
    if end.is_over() and end.shape.card_scores:
        exact[count] = {"points": end.points, "dug": end.dug, "outcome": str(end.result())}
        emit({"ply": count, "value": exact[count]})
    ply = count - 1
    while ply >= 0 and not stop.cancelled:
        pos = positions[ply]
        try:
            analysis = solve(pos, objective, plays="best", max_nodes=nodes, max_seconds=seconds, line=False, stop=stop)
        except SearchAborted:
            break
        value = analysis.value
        point = {"ply": ply, "seat": "SENW"[pos.to_play], "play": str(line[ply]), "value": value.to_dict(),
                 "best_play": str(analysis.moves[0].play) if analysis.moves else None}
        if ply + 1 in exact:
            point.update(_loss(pos, value.to_dict(), exact[ply + 1]))
        exact[ply] = value.to_dict()
        emit(point)
        ply -= 1
    exact_from = ply + 1
    for j in range(ply, -1, -1):
        if stop.cancelled:
            break
        mean, se = estimate(positions[j], samples, seed, j)
        emit({"ply": j, "seat": "SENW"[positions[j].to_play], "play": str(line[j]),
              "estimate": {"mean_points": round(mean, 2), "points_se": round(se, 2), "samples": samples}})
    return {"plies": count, "exact_from": exact_from, "cancelled": stop.cancelled}


def _loss(pos: Position, best: dict, after: dict) -> dict:
    """The play's loss against the best, from its side (the attackers want points), as ``review``
    has it: the value after the play is the value of the play made."""
    sign = 1 if pos.is_attacker(pos.to_play) else -1
    loss = sign * (best["points"] - after["points"])
    return {"loss": loss, "worse_result": best.get("outcome") != after.get("outcome")}


def advise_task(params: dict, stop: StopToken, emit: Emit) -> dict:
    """``advise --json`` for the seat to play at the node, round by round."""
    pos = _node(params)
    options = settings("advise", params)
    try:
        advice = advise(pos, seat=options.seat, samples=options.samples, seed=options.seed, workers=default_workers(),
                        objective=options.objective, stop=stop, on_round=lambda a: emit(shown(a)))
    except SolverError as e:
        raise BadRequest(str(e)) from None
    return {**shown(advice), "interrupted": advice.interrupted}


def shown(advice: Advice) -> dict:
    """``advise --json``, and the hint's sentence (``verdict``, in the page's language) as the terminal gives it."""
    return {**advice.to_dict(), "verdict": verdict(advice)}


def bury_task(params: dict, stop: StopToken, emit: Emit) -> dict:
    """``bury --json`` for a deal before the bury, round by round."""
    deal = Library([]).root(params["root"])
    if not deal.is_before_bury:
        raise BadRequest(_("this is not a deal before the bury (Kitty, no Bottom)"))
    options = settings("bury", params)
    answer = rank_burials(deal, samples=options.samples, seed=options.seed, seconds=options.seconds,
                          stop=stop, on_round=lambda a: emit(a.to_dict()))
    return answer.to_dict()


def move_task(params: dict, stop: StopToken, emit: Emit) -> dict:
    """The computer's decision at the node, by a named policy (never ``module:attr`` from a request):
    ``{"bury": "S3 S4 …"}`` before the bury, else ``{"play": "SA SA"}``. Seeded by the node, so a
    game replays the same."""
    options = settings("move", params)
    pos = _node(params)
    rng = random.Random(f"board-game:{options.seed}:{len(params.get('plays', []))}")
    if pos.is_before_bury:
        buried = decide_bury(pos, policy_of(options.policy), rng)
        return {"bury": " ".join(card_token(c) for c in buried.bottom)}  # type: ignore[union-attr]
    if pos.is_over():
        raise BadRequest(_("the hand is over: there is no play to make"))
    return {"play": str(decide_play(pos, policy_of(options.policy), rng))}


def review_task(params: dict, stop: StopToken, emit: Emit) -> dict:
    """``review --json`` of a hand record: every decision judged on what its player could see, on
    processes of its own (every core). Items as they come: ``{"bury": …}`` once the bury is judged,
    then ``{"trick": n, "plays": […], "done": k, "total": m}`` for each trick in order."""
    from huolong.analysis.hand_review import ReviewSettings, decisions, method, review_hand, summarise
    from huolong.solver.jobs import Workers

    record = Library([]).root(params["root"])
    if not record.record:
        raise BadRequest(_("not a hand record (no [Play] section): there is nothing to review"))
    options = settings("review", params)
    review = ReviewSettings(seed=options.seed, judge=JudgeSettings(samples=options.samples))
    total = decisions(record)
    judged = [0]
    so_far: list = []
    bury_judged: list = [None]
    emit({"method": method(review), "done": 0, "total": total})

    def summary() -> dict:
        return {name: v.to_dict() for name, v in summarise(so_far, bury_judged[0]).items()}

    def on_trick(number: int, plays: list) -> None:
        so_far.extend(plays)
        emit({"trick": number, "plays": [p.to_dict() for p in plays], "summary": summary(), "done": judged[0],
              "total": total})

    def on_bury(bury) -> None:  # type: ignore[no-untyped-def]
        bury_judged[0] = bury
        emit({"bury": bury.to_dict() if bury else None, "summary": summary(), "done": judged[0], "total": total})

    def on_progress() -> None:
        judged[0] += 1

    pool = Workers(max(1, int(_number(params, "workers", default_workers(), 1, 64))), spawn=True)
    try:
        verdict = review_hand(record, review, pool=pool, stop=stop, on_trick=on_trick, on_bury=on_bury,
                              on_progress=on_progress)
    finally:
        pool.close(wait_for_tasks=not stop.cancelled)
    return verdict.to_dict()


RUNNERS: dict[str, Callable[[dict, StopToken, Emit], dict]] = {
    "analyse": analyse, "graph": graph, "advise": advise_task, "bury": bury_task, "move": move_task,
    "review": review_task,
}
