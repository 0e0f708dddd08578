"""Transposition tables are kept for the next search: handed out again empty, never shared, never huge."""

import dataclasses
import random

import pytest

from huolong.solver import solve, tables
from huolong.solver.kernel.layout import T_SHAPE, new_table

from endgames import random_endgame


@pytest.fixture
def fresh_tables(monkeypatch):
    """An empty store of kept tables, and a count of the tables made."""
    made = []

    def counted(size):
        made.append(size)
        return new_table(size)

    monkeypatch.setattr(tables, "_free", {})
    monkeypatch.setattr(tables, "new_table", counted)
    return made


def test_a_table_given_back_is_handed_out_again_empty(fresh_tables):
    table = tables.take(12)
    table[T_SHAPE][:5] = 7  # as if a search had stored entries
    tables.give_back(table)
    again = tables.take(12)
    assert again is table
    assert not again[T_SHAPE].any()
    assert fresh_tables == [1 << 12]


def test_a_table_in_use_is_not_handed_out_twice(fresh_tables):
    first, second = tables.take(12), tables.take(12)
    assert first is not second
    assert len(fresh_tables) == 2


def test_a_big_table_is_not_kept(fresh_tables):
    bits = tables.KEPT_BITS + 1
    table = tables.take(bits)
    tables.give_back(table)
    assert tables.take(bits) is not table


def test_a_solve_gives_its_table_back_to_the_next(fresh_tables):
    pos = random_endgame(random.Random(5), 6)
    solve(pos, line=False)
    solve(pos, line=False)
    assert len(fresh_tables) == 1


def test_a_kept_table_remembers_nothing_of_its_last_search(fresh_tables):
    """The same hands with a bigger multiplier on the bottom: the table's shapes and classes are the same,
    the values are not (a table not emptied answers with the first solve's)."""
    rng = random.Random(8)
    dig_mattered = 0
    for _ in range(20):
        pos = random_endgame(rng, 4)
        bigger = pos.copy()
        bigger.rules = dataclasses.replace(pos.rules, multiplier=pos.rules.multiplier * 4)
        before = values(solve(pos, line=False))
        reused = values(solve(bigger, line=False))
        tables._free.clear()  # nothing kept: the next solve makes a table of its own
        assert reused == values(solve(bigger, line=False)), pos
        dig_mattered += reused != before
    assert dig_mattered >= 5


def values(analysis):
    return [(str(m.play), m.value.points) for m in analysis.moves]
