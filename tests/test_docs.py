"""The ``>>>`` examples in the docstrings are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import huolong.analysis
import huolong.bots
import huolong.engine
import huolong.i18n
import huolong.puzzles
import huolong.solver

PACKAGES = (huolong.i18n, huolong.engine, huolong.solver, huolong.analysis, huolong.puzzles, huolong.bots)
MODULES = [
    info.name
    for package in PACKAGES
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
] + [package.__name__ for package in PACKAGES] + ["huolong.board.messages"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
