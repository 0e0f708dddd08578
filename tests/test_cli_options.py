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
    assert all(isinstance(o.type, click.types.IntParamType) and o.help.endswith(": same seed, same output.")
               for o in seeds)


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


# -- never a traceback, never a lost file ------------------------------------------------------------

KEEP_BOTTOM = ROOT / "puzzles" / "examples" / "keep-bottom.hl"


@pytest.mark.parametrize("args", [
    ("play", "--deals", "1", "--workers", "1", "-o", "{dir}/x.hl"),
    ("match", "fair", "random", "--deals", "1", "--workers", "1", "-o", "{dir}/m.hl"),
    ("batch", str(KEEP_BOTTOM), "--workers", "1", "-o", "{dir}/b.jsonl"),
], ids=["play", "match", "batch"])
def test_an_output_file_in_a_folder_that_does_not_exist_gets_its_folder(args, tmp_path):
    folder = tmp_path / "new" / "folder"
    result = run(*[a.format(dir=folder) for a in args])
    assert "Traceback" not in result.output
    [written] = folder.iterdir()
    assert written.stat().st_size > 0


@pytest.mark.parametrize("args", [
    ("play", "--deals", "1", "-o", "{file}/x.hl"),
    ("match", "fair", "random", "--deals", "1", "-o", "{file}/m.hl"),
    ("batch", str(KEEP_BOTTOM), "-o", "{file}/b.jsonl"),
    ("train", "--store", "{file}/t.json"),
], ids=["play", "match", "batch", "train"])
def test_an_output_folder_that_is_a_file_is_refused_before_any_work(args, tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine\n")
    err = run(*[a.format(file=blocker) for a in args], code=2).stderr
    assert err.endswith(f"{blocker} is a file, not a folder\n") and len(err.splitlines()) == 1
    assert blocker.read_text() == "mine\n"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, where no file can be made")
@pytest.mark.parametrize("args", [("play", "--deals", "1", "-o", "/proc/hands.hl"),
                                  ("batch", str(KEEP_BOTTOM), "-o", "/proc/out.jsonl")], ids=["play", "batch"])
def test_an_output_file_that_cannot_be_written_is_refused_before_any_work(args):
    err = run(*args, code=2).stderr
    assert err == f"error: {args[-1]}: cannot be written: No such file or directory\n"


def test_batch_will_not_write_over_a_file_that_is_not_its_output(tmp_path):
    """Naming the deal file as the output by mistake: it is refused, not cut down to nothing."""
    deal = tmp_path / "deal.hl"
    deal.write_text(KEEP_BOTTOM.read_text())
    err = run("batch", deal, "-o", deal, code=2).stderr
    assert err.startswith(f"error: {deal}:1: not a line of huolong-solve batch (") and "write elsewhere (-o)" in err
    assert deal.read_text() == KEEP_BOTTOM.read_text()


def test_an_error_quotes_at_most_a_short_piece_of_a_long_line(tmp_path):
    huge = tmp_path / "one-line.hl"
    huge.write_text("x" * 1_000_000)
    err = run(huge, code=2).stderr
    assert err.startswith(f"error: {huge}:1: unexpected line 'xxx") and "x…'" in err and len(err) < 250


@pytest.mark.parametrize("tag", ['[Deal "S:{}"]', '[Rules "standard {}=1"]', '[Points "{}"]'])
def test_a_long_tag_value_is_cut_where_the_error_quotes_it(tag, tmp_path):
    text = KEEP_BOTTOM.read_text()
    name = tag.split()[0][1:]
    lines = [line for line in text.splitlines() if not line.startswith(f"[{name} ")]
    (tmp_path / "long.hl").write_text("\n".join([tag.format("A" * 100_000), *lines]) + "\n")
    err = run(tmp_path / "long.hl", code=2).stderr
    assert "…'" in err and len(err) < 300


def test_an_unknown_language_in_the_environment_falls_back_with_a_note():
    result = run("example:keep-bottom", "--no-line", env={"HUOLONG_SOLVE_LANG": "fr", "LANGUAGE": None, "LC_ALL": None,
                                                          "LC_MESSAGES": None, "LANG": "C.UTF-8"})
    assert result.stderr.startswith("note: HUOLONG_SOLVE_LANG=fr is not a language huolong-solve speaks (zh or en)")
    assert result.stdout.startswith("Position 1 of 1")


def test_the_environment_falls_back_to_the_locales_language():
    result = run("example:keep-bottom", "--no-line", env={"HUOLONG_SOLVE_LANG": "fr", "LANGUAGE": None, "LC_ALL": None,
                                                          "LC_MESSAGES": None, "LANG": "zh_CN.UTF-8"})
    assert result.stderr.startswith("注意：HUOLONG_SOLVE_LANG=fr 不是") and result.stdout.startswith("局面 1/1")


def test_a_file_error_in_chinese_has_a_full_width_colon(tmp_path):
    err = run("--lang", "zh", tmp_path / "none.hl", code=2).stderr
    assert err == f"错误：{tmp_path / 'none.hl'}：没有这个文件或目录\n"


# -- messages a player understands ---------------------------------------------------------------------------


def test_a_bridge_deal_read_without_the_bridge_rules_hints_at_them(tmp_path):
    pbn = tmp_path / "board.pbn"
    pbn.write_text((ROOT / "puzzles" / "examples" / "bridge-endgame.pbn").read_text())
    err = run(pbn, code=2).stderr
    assert err.startswith(f"error: {pbn}:") and err.endswith(
        "missing required tag Level: this looks like a bridge deal (PBN); read it with --rules bridge\n")


def test_every_option_says_what_it_does():
    missing = [(" ".join(path), p.opts[0]) for path, command in COMMANDS.items()
               for p in command.params if isinstance(p, click.Option) and not p.help]
    assert missing == []


def test_a_trick_beyond_the_record_says_how_many_tricks_it_holds():
    err = run("advise", "example:hand-record", "--trick", "999", code=2).stderr
    assert err.startswith("error: example:hand-record:") and "there is no trick 999: the record holds" in err


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_a_binary_file_is_said_to_be_no_text_at_the_line_of_its_first_bad_byte(source, tmp_path):
    data = b'[Level "3"]\n[Trump "H"]\n\xff\xfe\x00\n'
    path = tmp_path / "deal.hl"
    path.write_bytes(data)
    name = str(path) if source == "file" else "<stdin>"
    err = run(path if source == "file" else "-", input=data if source == "stdin" else None, code=2).stderr
    assert err.startswith(f"error: {name}:3: not a UTF-8 text file (") and len(err.splitlines()) == 1


def test_an_output_named_as_a_folder_is_refused_before_any_work(tmp_path):
    err = run("play", "--deals", "1", "-o", f"{tmp_path}/hands/", code=2).stderr
    assert err == f"error: {tmp_path}/hands/ is a folder: name a file in it\n" and not (tmp_path / "hands").exists()


def test_a_mistyped_command_is_not_taken_for_a_file():
    err = run("plya", code=2).stderr
    assert "did you mean play?" in err and "No such file" not in err


def test_a_file_error_keeps_the_machine_readable_file_line_prefix_in_chinese(tmp_path):
    bad = tmp_path / "bad.hl"
    bad.write_text('[Level "Q"]\n[Level "Q"]\n')
    err = run("--lang", "zh", bad, code=2).stderr
    assert err.startswith(f"错误：{bad}:2: ")
