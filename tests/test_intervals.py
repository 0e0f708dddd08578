"""Proven intervals: a search under a budget shares it among the plays and proves each an interval
(solver/intervals.py). Every claim is checked against the exact values of an unlimited solve."""

import json
import random

import pytest

from huolong.engine.deal import play_randomly, random_deal
from huolong.solver import SearchAborted, solve

from endgames import random_endgame


def realistic(seed: int, cards: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    return play_randomly(random_deal(rng), rng, cards).endgame()


def stopped(pos, objective: str, budget: int):  # type: ignore[no-untyped-def]
    try:
        return solve(pos, objective, max_nodes=budget, line=False, intervals=True)
    except SearchAborted as stop:
        return stop


def test_with_enough_budget_the_rounds_give_every_plays_exact_value():
    for seed in range(6):
        pos = realistic(seed, 6)
        exact = solve(pos, "points", line=False)
        shared = solve(pos, "points", line=False, max_nodes=10**9, intervals=True)
        assert {m.play: m.value for m in shared.moves} == {m.play: m.value for m in exact.moves}
        assert shared.value == exact.value


@pytest.mark.parametrize("objective", ["points", "outcome"])
def test_every_proven_interval_holds_the_plays_exact_value(objective):
    """Stopped at each fifth of what the whole solve takes: each play's exact value lies in its
    interval; a play proven worse is worse than the best; a play proven best is best; a worse
    result proven is a worse result."""
    claims = {"at least": 0, "at most": 0, "worse": 0, "best": 0, "result": 0}
    rng = random.Random(54)
    for n in range(14):
        pos = realistic(100 + n, 7) if n % 2 else random_endgame(rng, 6)
        exact = solve(pos, objective, line=False)
        values = {m.play: m.value for m in exact.moves}

        def order(v):  # type: ignore[no-untyped-def]  # the kernel's order of values under the objective
            return (-v.outcome.rank if objective == "outcome" else 0, v.points, v.dug)

        mine = pos.is_attacker(pos.to_play)
        for share in (0.2, 0.4, 0.6, 0.8):
            stop = stopped(pos, objective, max(1, int(share * exact.nodes)))
            if not isinstance(stop, SearchAborted):
                continue
            assert {i.play for i in stop.intervals} == set(values)
            for i in stop.intervals:
                v = values[i.play]
                if i.at_least is not None:
                    assert order(i.at_least) <= order(v), (str(pos), i, v)
                    claims["at least"] += 1
                if i.at_most is not None:
                    assert order(v) <= order(i.at_most), (str(pos), i, v)
                    claims["at most"] += 1
                if i.proven_worse:
                    assert (order(v) < order(exact.value)) if mine else (order(v) > order(exact.value)), i
                    lost = (exact.value.points - v.points) if mine else (v.points - exact.value.points)
                    assert i.loss_at_least is not None and (i.loss_at_least <= lost or v.outcome != exact.value.outcome)
                    claims["worse"] += 1
                if i.proven_best:
                    assert v == exact.value, i
                    claims["best"] += 1
                if i.worse_result:
                    assert v.outcome != exact.value.outcome, i
                    claims["result"] += 1
    assert min(claims["at least"], claims["at most"], claims["worse"], claims["best"]) >= 5, claims


def test_a_stopped_solve_gives_every_play_its_interval_in_json():
    from huolong.solver import stopped_dict

    pos = realistic(7, 9)
    exact = solve(pos, "points", line=False)
    stop = stopped(pos, "points", exact.nodes // 3)
    assert isinstance(stop, SearchAborted)
    data = json.loads(json.dumps(stopped_dict(pos, "points", "all", stop)))
    moves = data["stopped"]["moves"]
    assert {m["play"] for m in moves} == {str(m.play) for m in exact.moves}
    assert all(set(m) >= {"at_least", "at_most", "exact", "proven_worse", "proven_best"} for m in moves)


def test_bridge_intervals_count_the_tricks_of_the_side_to_play():
    from bridge_deals import random_bridge_endgame

    rng = random.Random(11)
    checked = 0
    for _ in range(10):
        pos = random_bridge_endgame(rng, 8)
        exact = solve(pos, "points", line=False)
        values = {m.play: m.value.points for m in exact.moves}
        stop = stopped(pos, "points", max(1, exact.nodes // 3))
        if not isinstance(stop, SearchAborted):
            continue
        for i in stop.intervals:
            assert i.at_least is None or i.at_least.points <= values[i.play]
            assert i.at_most is None or values[i.play] <= i.at_most.points
            assert not i.proven_worse or values[i.play] < exact.value.points
            checked += (i.at_least is not None) + (i.at_most is not None)
    assert checked >= 10


def test_the_review_judges_planted_errors_by_bounds_as_the_exact_search_does():
    """Planted errors whose answer is known: in realistic endgames the worst play (and, as a control,
    a best one) judged as the review judges a play, under a third of the nodes the exact solve takes.
    Every verdict the bounds settle is the exact one, and the least loss named is at most the exact
    loss."""
    from huolong.analysis.review import _judge

    settled = {"worse": 0, "best": 0}
    for seed in range(200, 240):
        pos = realistic(seed, 8)
        exact = solve(pos, "outcome", line=False)
        planted, best = exact.moves[-1], exact.moves[0]
        if planted.value == exact.value:
            continue
        for move in (planted, best):
            judged = _judge(pos, 1, move.play, "outcome", max(1, exact.nodes // 3), "all")
            if judged.solved:
                continue
            assert judged.dd_mistake == (move is planted) or not judged.decided, (str(pos), judged)
            if judged.decided and move is planted:
                assert judged.loss <= abs(planted.loss) or planted.value.outcome != exact.value.outcome, judged
                assert not judged.worse_result or planted.value.outcome != exact.value.outcome, judged
            settled["worse" if judged.dd_mistake else "best"] += judged.decided
    assert min(settled.values()) >= 3, settled


def test_a_play_proven_worse_by_bounds_says_so_in_the_review_json():
    from huolong.analysis.review import _judged_by_bounds
    from huolong.engine import Play

    def planted():  # type: ignore[no-untyped-def]  # a position, its worst play, and a stop that proves it worse
        for seed in range(3, 30):
            pos = realistic(seed, 9)
            exact = solve(pos, "outcome", line=False)
            worst = exact.moves[-1]
            if worst.value == exact.value:
                continue
            for budget in (exact.nodes // 4, exact.nodes // 2):
                stop = stopped(pos, "outcome", budget)
                if isinstance(stop, SearchAborted) and next(i for i in stop.intervals
                                                            if i.play == worst.play).proven_worse:
                    return pos, worst, stop
        raise AssertionError("no seed left the worst play proven worse")

    pos, worst, stop = planted()
    judged = _judged_by_bounds(1, pos.to_play, worst.play, stop, pos.is_attacker(pos.to_play))
    data = judged.to_dict()
    assert data["proof"] == "bounds" and data["solved"] is False and judged.dd_mistake
    assert set(data["bounds"]) == {"at_least", "at_most", "best_at_least", "best_at_most"}
    assert isinstance(Play.parse(data["play"]), Play)
    assert len(data["best_plays"]) == 1 and data["best_plays"][0] != data["play"]  # the play it is proven worse than
