"""The options common to the commands mean the same everywhere, and every error looks alike."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from cli_runner import run

from huolong.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent


def commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], click.Command]:
    """Every command of the tool by its path, e.g. ("puzzle", "check")."""
    found: dict[tuple[str, ...], click.Command] = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found.update(commands(command, (*path, name)))
        else:
            found[(*path, name)] = command
    return found


COMMANDS = commands()


def option(command: click.Command, name: str) -> click.Option | None:
    return next((p for p in command.params if isinstance(p, click.Option) and name in p.opts), None)


def test_every_command_takes_no_color():
    assert [" ".join(path) for path, c in COMMANDS.items() if option(c, "--no-color") is None] == []


@pytest.mark.parametrize("name", ["--no-color", "--ascii", "--workers", "--scheduler"])
def test_a_common_option_has_one_meaning(name):
    found = {(o.help, o.is_flag, repr(o.type), o.default) for c in COMMANDS.values() if (o := option(c, name))}
    assert len(found) == 1, found


def test_every_seed_is_an_integer_and_says_the_same_seed_gives_the_same_output():
    seeds = [option(c, "--seed") for c in COMMANDS.values() if option(c, "--seed")]
    assert len(seeds) >= 6
    assert all(o.type is click.INT and o.help.endswith(": same seed, same output.") for o in seeds)


def test_every_json_flag_prints_json():
    flags = [option(c, "--json") for c in COMMANDS.values() if option(c, "--json")]
    assert len(flags) >= 8 and all(o.is_flag and o.help.startswith("Print JSON: ") for o in flags)


@pytest.mark.parametrize("args", [
    ("play", "--deals", "1", "--workers", "1", "--json", "--no-color"),
    ("puzzle", "check", "puzzles/themes/tie", "--workers", "1", "--json", "--no-color"),
    ("train", "--stats", "--json", "--no-color", "--store", "{store}"),
])
def test_json_where_the_command_used_to_have_none(args, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = run(*[a.format(store=tmp_path / "t.json") for a in args]).stdout
    assert json.loads(out) is not None


def test_puzzle_check_on_two_workers_says_what_one_does(monkeypatch):
    monkeypatch.chdir(ROOT)
    one = run("puzzle", "check", "puzzles/themes/tie", "--workers", "1", "--json").stdout
    assert run("puzzle", "check", "puzzles/themes/tie", "--workers", "2", "--json").stdout == one


@pytest.mark.parametrize("args", [
    ("play", "--no-colr"),
    ("solve",),
    ("bury", "--samples", "x", "f.hl"),
    ("train", "--kind", "nonsense"),
    ("frobnicate", "--plays", "none"),
])
def test_a_usage_error_is_one_error_line_and_exit_2(args):
    result = run(*args, code=2)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Usage:" not in result.stderr


def test_a_usage_error_points_at_the_commands_help():
    assert run("play", "--no-colr", code=2).stderr == (
        "error: No such option '--no-colr'. Did you mean '--no-color'? (see huolong-solve play --help)\n")


def test_the_console_script_prints_a_usage_error_as_one_line():
    proc = subprocess.run([sys.executable, "-m", "huolong.cli.main", "play", "--deals", "x"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.startswith("error: ") and len(proc.stderr.splitlines()) == 1


def test_a_group_without_its_command_prints_its_help():
    result = run("puzzle")
    assert result.stdout.startswith("Usage: huolong-solve puzzle") and "check" in result.stdout


def test_a_shipped_example_is_named_example_colon_name():
    out = run("example:dig-fight", "--no-color").stdout
    assert out.startswith("Position 1 of 1 (example:dig-fight:1): Dig fight")


def test_an_unknown_example_lists_the_examples():
    err = run("example:dig", code=2).stderr
    assert err.startswith("error: example:dig: no such example (there are: before-bury,") and "dig-fight" in err


def test_a_missing_file_named_like_an_example_points_at_the_installed_one(tmp_path):
    err = run(tmp_path / "dig-fight.hl", code=2).stderr
    assert err.endswith("No such file or directory (the example installed with huolong-solve is example:dig-fight)\n")
