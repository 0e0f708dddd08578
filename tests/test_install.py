"""A plain, non-editable install works away from the clone: the puzzles and examples are installed.

The install goes into a new virtual environment that borrows this one's
third-party packages (numba, click, …: a ``.pth`` file) but holds its own
copy of huolong-solve, built from the source tree as ``pip install .``
builds it; every command runs from an empty folder, so nothing of the clone
can be found by accident.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the installed huolong-solve command, an empty folder to run it in, its environment)."""
    home = tmp_path_factory.mktemp("fresh")
    env_dir = home / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(ROOT)],
                   check=True, capture_output=True, cwd=home)
    empty = home / "elsewhere"
    empty.mkdir()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(home / "numba-cache"),
           "HUOLONG_SOLVE_TRAINER": str(home / "trainer.json")}
    return env_dir / "bin" / "huolong-solve", empty, env


def run(installed, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    command, folder, env = installed
    return subprocess.run([str(command), *args], input=stdin, capture_output=True, text=True, cwd=folder, env=env,
                          timeout=600)


@pytest.mark.slow
def test_the_install_is_its_own_copy_not_the_clone(installed):
    command, folder, env = installed
    where = subprocess.run([str(command.parent / "python"), "-c", "import huolong.puzzles; print(huolong.puzzles.__file__)"],
                           capture_output=True, text=True, cwd=folder, env=env, check=True).stdout
    assert str(command.parent.parent) in where and str(ROOT) not in where


@pytest.mark.slow
def test_train_help_runs_from_an_install(installed):
    proc = run(installed, "train", "--help")
    assert proc.returncode == 0 and "without them, the puzzles installed" in proc.stdout


@pytest.mark.slow
def test_puzzle_check_with_no_path_checks_the_installed_puzzles(installed):
    proc = run(installed, "puzzle", "check", "--json")
    assert proc.returncode == 0, proc.stderr
    checked = json.loads(proc.stdout)
    shipped = [p for p in (ROOT / "puzzles").rglob("*.hl") if p.parent.name != "examples"]
    assert len(checked) == len(shipped)
    assert all(c["problems"] == [] for c in checked)
    assert all(str(ROOT) not in c["file"] for c in checked)


@pytest.mark.slow
def test_an_installed_example_solves(installed):
    proc = run(installed, "example:dig-fight", "--no-color")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Position 1 of 1 (example:dig-fight:1): Dig fight")
    assert "Best play: the attackers reach 175 and dig the bottom" in proc.stdout
    assert "compiling" not in proc.stderr  # the first answer after the install: the build compiled the kernel


@pytest.mark.slow
def test_the_build_compiled_the_kernel_for_what_the_install_runs(installed):
    """``pip install .`` compiles the kernel while it builds the package, for the Numba, Python and
    sources that the install runs: the first solve loads it rather than compiling for a minute."""
    command, folder, env = installed
    check = "from huolong.solver.kernel import prebuilt; m = prebuilt._manifest(); print(m is not None and prebuilt.fits(m))"
    out = subprocess.run([str(command.parent / "python"), "-c", check], capture_output=True, text=True, cwd=folder,
                         env=env, check=True).stdout
    assert out == "True\n"


@pytest.mark.slow
def test_train_with_no_path_poses_an_installed_puzzle(installed):
    proc = run(installed, "train", "--count", "1", "--seed", "1", "--no-color", stdin="q\n")
    assert proc.returncode == 0, proc.stderr
    assert "Puzzle 1 of 1" in proc.stdout and "Stopped." in proc.stdout
