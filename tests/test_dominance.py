"""Point dominance between twin cards: which plays the search may leave out, and that none of them
is ever better than the play it keeps (against the oracle)."""

import random

import numpy as np
import pytest
from agreement import check_against_oracle
from endgames import split_ties_endgame, twin_endgame
from numba import njit
from oracle import Oracle

from huolong.engine import Position
from huolong.solver.encode import encode
from huolong.solver.kernel.dominance import drop_dominated
from huolong.solver.kernel.layout import LINK_UNEVEN, search_buffers
from huolong.solver.kernel.moves import generate


@njit
def generated_and_kept(h, tr, tlen, seat, strict, K, ms, prev, ctrl, generated):
    """Generate the plays of the seat to move into ``ms`` (a copy into ``generated``), drop the
    dominated ones: ``(plays generated, plays kept)``; the kept ones are ``ms[:kept]``."""
    tno = np.int64(0)
    first = np.int64(0)
    n = generate(h, tr, tno, tlen, seat, strict, K, prev, ms, first, ctrl)
    generated[:n] = ms[:n]
    kept = n
    if prev[LINK_UNEVEN] > 0:
        kept, _ = drop_dominated(h, tr, tno, tlen, seat, ms, first, n, K, prev)
    return n, kept


def plays_kept(pos: Position) -> tuple[set, set]:
    """The plays the search generates for the seat to move, and those of them it keeps."""
    enc = encode(pos, "points")
    ms, _, prev, ctrl, _, _ = search_buffers(4096)
    seat = np.int64((enc.seat(pos.leader) + len(pos.trick)) & 3)
    generated = np.zeros_like(ms)
    n, kept = generated_and_kept(enc.hands(pos), enc.trick(pos), np.int64(len(pos.trick)), seat,
                                 np.int64(pos.rules.follow == "strict"), enc.K, ms, prev, ctrl, generated)
    return {enc.play(int(c)) for c in generated[:n]}, {enc.play(int(c)) for c in ms[:kept]}


def discard_to(trick: list[str]) -> Position:
    """S, last to a spade trick and void in spades, holds the ♣K and ♣Q that no one else has."""
    return Position.from_hands(["-.-.A.KQ", "-.-.89.-", "-.-.JQ.-", "-.-.67.-"], level="3", trump="H", dealer="E",
                               leader="E", bottom="-.-.222345.-", trick=trick)


def test_the_king_not_the_queen_goes_on_a_trick_the_partner_has_won():
    generated, kept = plays_kept(discard_to(["S9", "SA", "S6"]))  # N's ace holds the trick
    assert {str(p) for p in generated} == {"CK", "CQ", "DA"}
    assert {str(p) for p in kept} == {"CK", "DA"}


def test_the_queen_not_the_king_goes_on_a_trick_the_opponents_have_won():
    generated, kept = plays_kept(discard_to(["SA", "S6", "S9"]))  # E's ace holds the trick
    assert {str(p) for p in generated} == {"CK", "CQ", "DA"}
    assert {str(p) for p in kept} == {"CQ", "DA"}


def test_no_play_is_dropped_while_the_trick_is_open():
    """N, second to the ace's trick and void in spades, discards a club: S, still to come, may ruff
    it for N's side or not, so the trick is not settled yet and both twins stay."""
    pos = Position.from_hands(["-.2.9.-", "-.-.8.-", "-.-.-.KQ", "-.-.78.-"], level="3", trump="H",
                              dealer="E", leader="E", bottom="-.-.222345.-", trick=["SA"])
    generated, kept = plays_kept(pos)
    assert kept == generated


def test_the_queen_and_the_ace_around_a_king_are_equivalent_while_the_trick_is_open():
    """N alone holds the ♣Q K A: whoever takes the trick, the Q and the A move no points
    when swapped, so only the Q of the two is searched; the K stays (its 10 points)."""
    pos = Position.from_hands(["-.2.99.-", "-.-.88.-", "-.-.-.QKA", "-.-.677.-"], level="3", trump="H",
                              dealer="E", leader="E", bottom="-.-.222345.-", trick=["SA"])
    generated, kept = plays_kept(pos)
    assert {str(p) for p in generated} == {"CQ", "CK", "CA"}
    assert {str(p) for p in kept} == {"CQ", "CK"}


def test_a_dropped_play_is_never_better_than_the_best_kept_one():
    """Exhaustively, on random small endgames where the seat to move holds twins."""
    rng = random.Random(31)
    dropped_somewhere = 0
    for _ in range(300):
        pos = twin_endgame(rng, rng.randint(2, 3))
        generated, kept = plays_kept(pos)
        if kept == generated:
            continue
        dropped_somewhere += 1
        values = Oracle("points").moves(pos.copy())
        pick = max if pos.is_attacker(pos.to_play) else min
        assert pick(values[p] for p in kept) == pick(values.values()), str(pos)
    assert dropped_somewhere >= 100


def agrees_with_the_oracle(make_endgame, seed: int, count: int) -> None:
    """``count`` endgames of 2–4 cards a hand from ``make_endgame``, each checked against the oracle."""
    rng = random.Random(seed)
    for _ in range(count):
        check_against_oracle(make_endgame(rng, rng.randint(2, 4)))


def test_the_solver_agrees_with_the_oracle_on_endgames_full_of_twins():
    agrees_with_the_oracle(twin_endgame, 32, 20)


TWIN_CHUNKS = 8
TWINS_PER_CHUNK = 30  # 240 endgames in all


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(TWIN_CHUNKS))
def test_the_solver_agrees_with_the_oracle_on_many_endgames_full_of_twins(chunk):
    agrees_with_the_oracle(twin_endgame, 3300 + chunk, TWINS_PER_CHUNK)


def test_the_solver_agrees_with_the_oracle_when_equal_power_cards_are_split_between_hands():
    agrees_with_the_oracle(split_ties_endgame, 41, 10)


SPLIT_TIE_CHUNKS = 4
SPLIT_TIES_PER_CHUNK = 50  # 200 endgames in all


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SPLIT_TIE_CHUNKS))
def test_the_solver_agrees_with_the_oracle_on_many_endgames_with_split_equal_power_cards(chunk):
    agrees_with_the_oracle(split_ties_endgame, 4100 + chunk, SPLIT_TIES_PER_CHUNK)
