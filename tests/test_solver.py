"""The solver against the oracle, on named tactical positions, and on its own promises."""

import random
from pathlib import Path

import pytest

from huolong.engine import Position, parse_card, read_file, read_positions
from huolong.solver import SearchAborted, solve

from agreement import OBJECTIVES, check_against_oracle
from endgames import random_endgame

EXAMPLES = Path(__file__).resolve().parent.parent / "puzzles" / "examples"


@pytest.mark.parametrize("plays", ["optimal", "best"])
def test_optimal_and_best_plays_agree_with_every_plays_values(plays):
    rng = random.Random(21)
    for _ in range(40):
        pos = random_endgame(rng, rng.randint(1, 4))
        for objective in ("points", "outcome"):
            full = solve(pos, objective, line=False)
            best_plays = {m.play for m in full.moves if m.value == full.value}
            asked = solve(pos, objective, plays=plays, line=False)
            assert asked.value == full.value
            if plays == "best":
                assert len(asked.moves) == 1 and asked.moves[0].play in best_plays
            else:
                assert {m.play for m in asked.moves} == {m.play for m in full.moves}
                assert {m.play for m in asked.moves if m.optimal} == best_plays
                assert all((m.value is None) == (not m.optimal) for m in asked.moves)


@pytest.mark.parametrize("plays", ["optimal", "best"])
def test_under_the_result_objective_the_optimal_plays_are_those_that_keep_the_result(plays):
    # a result's value is only one that reaches it: a play keeps the result, not that value
    rng = random.Random(24)
    for _ in range(40):
        pos = random_endgame(rng, rng.randint(2, 4))
        full = solve(pos, "result", line=False)
        keeping = {m.play for m in full.moves if m.value.outcome == full.value.outcome}
        asked = solve(pos, "result", plays=plays, line=False)
        assert asked.value.outcome == full.value.outcome
        if plays == "best":
            assert len(asked.moves) == 1 and asked.moves[0].play in keeping
        else:
            assert {m.play for m in asked.moves if m.optimal} == keeping


def test_the_result_objective_agrees_with_the_oracle_on_small_endgames():
    rng = random.Random(22)
    for _ in range(60):
        check_against_oracle(random_endgame(rng, rng.randint(1, 3)), ["result"])


CHUNKS = 40
PER_CHUNK = 50  # 2,000 random endgames in all


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_agrees_with_oracle_on_random_endgames(chunk):
    rng = random.Random(1000 + chunk)
    for _ in range(PER_CHUNK):
        check_against_oracle(random_endgame(rng, rng.randint(1, 4)))


def walk_checking_each_plays_value(pos, rng, objective):
    """Down a random line to the end: at each position, every play's value (one search, one table
    for all the plays) is the value of the position after it, searched on its own."""
    pos = pos.copy()
    while not pos.is_over():
        analysis = solve(pos, objective, line=False)
        for move in analysis.moves:
            after = pos.copy()
            after.play(move.play)
            if not after.is_over():
                assert solve(after, objective, line=False).value == move.value, (str(pos), str(move.play))
        pos.play(rng.choice(analysis.moves).play)


# W to play to a trick N's ♣A already wins. After ♣9, W keeps ♣A ♣Q and N and E a ♣9 each (three
# kinds of trump); after ♣A, W keeps ♣Q ♣9 and the three 9s are one kind. Same cards per seat and
# suit: the first position's classes once matched the second through slots it never wrote.
SAME_SHAPE_FEWER_KINDS = """
[Rules "standard follow=strict"]
[Level "4"]
[Trump "C"]
[Dealer "W"]
[Leader "N"]
[Points "205"]
[Bottom "A82.77.-.4"]
[Deal "S:666.-.AKJ.- -.A3.AT.AQ9 -.A.KJTT.9 T.3.KJ9.9"]
[Trick "CA, C2, CQ"]
"""


def test_a_position_with_fewer_kinds_of_the_same_shape_gets_its_own_value():
    [pos] = read_positions(SAME_SHAPE_FEWER_KINDS)
    walk_checking_each_plays_value(pos, random.Random(0), "points")


def test_each_plays_value_is_the_value_of_the_position_after_it():
    rng = random.Random(31)
    for _ in range(4):
        walk_checking_each_plays_value(random_endgame(rng, rng.randint(5, 6)), rng, rng.choice(["points", "outcome"]))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_each_plays_value_is_the_value_after_it_on_bigger_endgames(chunk):
    """The table's classes are shared between the plays of a search: a class that takes in a
    position it should not shows up as a play whose value is not that of the position after it."""
    rng = random.Random(3100 + chunk)
    for _ in range(8):
        walk_checking_each_plays_value(random_endgame(rng, rng.randint(5, 7)), rng, rng.choice(["points", "outcome"]))


def example(name):
    [pos] = read_file(EXAMPLES / name)
    return pos


def test_format_example_agrees_with_oracle():
    check_against_oracle(example("format-example.hl"))


def test_giving_up_points_to_dig():
    pos = example("dig-fight.hl")
    check_against_oracle(pos)
    by_points = solve(pos, "points")
    by_outcome = solve(pos, "outcome")
    assert not by_points.value.dug and by_outcome.value.dug
    assert by_outcome.value.points < by_points.value.points  # the dig costs points ...
    assert by_outcome.value.outcome.rank < by_points.value.outcome.rank  # ... and wins a better result
    best_for_outcome = {m.play for m in by_outcome.moves if m.value == by_outcome.value}
    assert by_points.moves[0].play not in best_for_outcome


def test_level_card_tie_goes_to_the_earlier_play():
    pos = example("level-tie.hl")
    check_against_oracle(pos)
    analysis = solve(pos, "outcome")
    best = {str(m.play) for m in analysis.moves if m.value == analysis.value}
    assert best == {"LJ"} and analysis.value.outcome.name == "attackers-up"
    # N's ♠J only ties E's ♥J (equal level cards): without the joker, the earlier ♥J keeps the trick
    assert pos.order.power(parse_card("SJ")) == pos.order.power(parse_card("HJ"))
    after = pos.copy()
    after.play("D5")
    assert after.history[-1].winner == pos.leader


def test_ruffing_a_pair_takes_a_trump_pair():
    pos = example("pair-ruff.hl")
    check_against_oracle(pos)
    analysis = solve(pos, "outcome")
    best = [m for m in analysis.moves if m.value == analysis.value]
    assert [str(m.play) for m in best] == ["DQ DQ"]  # the pair of trumps, not two different trumps


def test_strict_follow_changes_the_value():
    pos = example("strict-follow.hl")
    assert pos.rules.follow == "strict"
    check_against_oracle(pos, ["outcome"])
    strict = solve(pos, "outcome", line=False).value
    pos.rules = pos.rules.with_options(follow="free")
    check_against_oracle(pos, ["outcome"])
    assert solve(pos, "outcome", line=False).value != strict


def test_keeping_the_bottom_at_a_cost():
    pos = example("keep-bottom.hl")
    check_against_oracle(pos)
    by_points = solve(pos, "points")
    by_outcome = solve(pos, "outcome")
    assert by_points.value.dug and not by_outcome.value.dug
    assert by_outcome.value.points > by_points.value.points  # the dealer team gives up points to keep the bottom
    assert by_outcome.value.outcome.rank > by_points.value.outcome.rank


def last_trick(west):
    return Position.from_hands(["QQ.-.-.-", "-.-.77.-", "-.-.-.-", west], level="3", trump="H", dealer="N",
                               leader="N", bottom="K5.-.T4.43", trick=["SA SA"], points=100)


def test_winning_the_last_trick_with_a_trump_pair():
    analysis = solve(last_trick("-.44.-.-"))
    assert analysis.value.dug and analysis.value.points == 150
    assert analysis.line[-1].winner == 3  # W ruffs the ♠A pair with the ♥4 pair


def test_two_different_trumps_cannot_win_a_pair_trick():
    analysis = solve(last_trick("-.54.-.-"))
    assert not analysis.value.dug and analysis.value.points == 100  # N keeps the trick and its ♥5


def test_best_line_reaches_the_value():
    rng = random.Random(5)
    for _ in range(30):
        pos = random_endgame(rng, rng.randint(1, 4))
        for objective in OBJECTIVES:
            analysis = solve(pos, objective)
            replay = pos.copy()
            for trick in analysis.line:
                for play in trick.plays[len(replay.trick):]:
                    replay.play(play)
                assert replay.history[-1].winner == trick.winner
            assert replay.is_over()
            if objective == "result":  # the line keeps the result; its points are only a value that reaches it
                assert replay.result() == analysis.value.outcome
            else:
                assert (replay.points, replay.dug) == (analysis.value.points, analysis.value.dug)


def test_solving_a_finished_hand_gives_its_result():
    [pos] = read_positions("""[Level "3"]\n[Trump "H"]\n[Dealer "S"]\n[Bottom "-.-.-.443322"]
[Deal "S:AK.-.-.- Q5.-.-.- JT.-.-.- 98.-.-.-"]\n[Play "S"]\nS: SA, S5, SJ, S9\nS: SK, SQ, ST, S8\n""")
    analysis = solve(pos)
    assert analysis.moves == [] and analysis.value.outcome.name == "dealer-win-game"


def test_max_nodes_stops_the_search_with_a_clear_error():
    pos = example("dig-fight.hl")
    with pytest.raises(SearchAborted, match="node limit"):
        solve(pos, max_nodes=5)


def stopped_bounds(pos: Position, plays: str, budget: int):  # type: ignore[no-untyped-def]
    """What a solve stopped after ``budget`` nodes had proved: ``(at least, at most)``."""
    with pytest.raises(SearchAborted) as stop:
        solve(pos, "points", plays=plays, max_nodes=budget)
    return stop.value.bounds


@pytest.mark.parametrize("game", ["huolong", "bridge"])
def test_a_stopped_search_reports_bounds_the_exact_value_lies_within(game):
    """Every play, the optimal plays or one best play, stopped at each tenth of the nodes the whole
    solve takes: whatever it says it proved holds of the exact value."""
    from bridge_deals import random_bridge_endgame

    from huolong.engine.deal import play_randomly, random_deal

    rng = random.Random(5)
    proved = {"at least": 0, "at most": 0}
    for _ in range(12):
        if game == "bridge":
            pos = random_bridge_endgame(rng, 7)
        else:
            pos = play_randomly(random_deal(rng), rng, 6).endgame()
        for plays in ("all", "optimal", "best"):
            exact = solve(pos, "points", plays=plays)
            for share in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
                low, high = stopped_bounds(pos, plays, max(1, int(share * exact.nodes)))
                if low is not None:
                    assert low.points <= exact.value.points, (str(pos), plays, share)
                    proved["at least"] += 1
                if high is not None:
                    assert exact.value.points <= high.points, (str(pos), plays, share)
                    proved["at most"] += 1
    assert min(proved.values()) >= 5, proved  # both kinds of bound were put to the test


def test_a_search_stopped_on_two_threads_reports_bounds_the_exact_value_lies_within():
    """Each thread scores its own plays: what each had proved of the one it was on counts too."""
    from huolong.engine.deal import play_randomly, random_deal

    rng = random.Random(6)
    proved = 0
    for _ in range(6):
        pos = play_randomly(random_deal(rng), rng, 8).endgame()
        exact = solve(pos, "points", line=False)
        for share in (0.1, 0.3, 0.5, 0.7, 0.9):
            with pytest.raises(SearchAborted) as stop:
                solve(pos, "points", threads=2, line=False, max_nodes=max(1, int(share * exact.nodes / 2)))
            low, high = stop.value.bounds
            assert low is None or low.points <= exact.value.points, (str(pos), share)
            assert high is None or exact.value.points <= high.points, (str(pos), share)
            proved += low is not None or high is not None
    assert proved >= 10


def test_a_deal_before_the_bury_cannot_be_solved():
    hand = "AAAKKKQQQJJJ.TTT999888777.666555444.333222"
    [pos] = read_positions(f'[Level "3"]\n[Trump "S"]\n[Dealer "S"]\n[Kitty "-.-.-.-.BBBLLL"]\n[Deal "S:{hand} - - -"]')
    with pytest.raises(ValueError, match="before the bury"):
        solve(pos)


def test_values_are_the_same_in_every_run():
    pos = example("dig-fight.hl")
    first, second = solve(pos, "outcome"), solve(pos, "outcome")
    assert [(m.play, m.value) for m in first.moves] == [(m.play, m.value) for m in second.moves]
    assert first.line == second.line


def test_two_threads_give_the_same_values_as_one():
    """Positions of more than 7 cards a hand are scored on both threads, each with its own table."""
    from huolong.engine.deal import play_randomly, random_deal
    from huolong.solver.search import Search

    rng = random.Random(31)
    done = 0
    while done < 3:
        pos = play_randomly(random_deal(rng), rng, 8).endgame()
        if pos.cards_left < 8:
            continue
        done += 1
        assert Search(pos, "points", threads=2).threads == 2
        one, two = solve(pos, "outcome", line=False), solve(pos, "outcome", line=False, threads=2)
        assert [(m.play, m.value) for m in one.moves] == [(m.play, m.value) for m in two.moves]
