"""The CLI's text output on the examples is what it was before the packages were rearranged."""


import pytest

from golden import COMMANDS, GOLDEN, run

ROOT = GOLDEN.parent.parent


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_text_output_on_the_examples_is_byte_identical_to_the_golden_file(name, monkeypatch):
    monkeypatch.chdir(ROOT)  # the commands name the examples from the repository's root
    assert run(name) == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
