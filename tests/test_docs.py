"""The ``>>>`` examples in the docstrings are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import huolong.engine
import huolong.solver

MODULES = [
    info.name
    for package in (huolong.engine, huolong.solver)
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
] + ["huolong.engine", "huolong.solver"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
