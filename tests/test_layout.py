"""The layout tells the architecture: imports run one way, i18n ← engine ← solver ← analysis / puzzles ← bots ← room ← board ← cli.

Each package may import the packages below it and never one beside or above
it, so the search never depends on what is built on it, and the engine stays
pure Python. Checked twice: statically, every ``import`` in every module
(those inside functions too), and by importing each package in a fresh
interpreter and looking at what it loaded.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIRS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]

# A package may import those of a lower level only (and itself).
LEVEL = {
    "huolong.i18n": 0,  # the message catalogs: every package below shows words
    "huolong.engine": 1,
    "huolong.solver": 2,
    "huolong.solver.kernel": 2,
    "huolong.analysis": 3,
    "huolong.puzzles": 3,
    "huolong.bots": 4,  # the computer players: their advice and bury come from the analyses
    "huolong.room": 5,  # a table for friends: a game the server keeps, seats for people and computers
    "huolong.board": 6,
    "huolong.cli": 7,  # its board command starts the board; the board never imports the CLI
}


def top_package(module: str) -> str | None:
    """The package of LEVEL that ``module`` belongs to (the longest that matches)."""
    matches = [p for p in LEVEL if module == p or module.startswith(p + ".")]
    return max(matches, key=len) if matches else None


def imports_of(path: Path, module: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the file, relative ones resolved."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def modules() -> list[tuple[Path, str]]:
    out = []
    for package, folder in PACKAGE_DIRS.items():
        for path in sorted((ROOT / folder).glob("*.py")):
            out.append((path, package if path.name == "__init__.py" else f"{package}.{path.stem}"))
    return out


def allowed(importer: str, imported: str) -> bool:
    own, other = top_package(importer), top_package(imported)
    if other is None or own is None:
        return True  # the standard library and third-party packages
    if own == other or {own, other} == {"huolong.solver", "huolong.solver.kernel"}:
        return own != "huolong.solver.kernel" or other == own  # the kernel imports nothing of the Python side
    return LEVEL[other] < LEVEL[own]


def test_the_layout_test_knows_every_package():
    assert set(PACKAGE_DIRS) == set(LEVEL)


@pytest.mark.parametrize("path,module", modules(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_import_runs_downwards(path, module):
    wrong = [f"{path.relative_to(ROOT)}:{line}: {module} imports {name}"
             for line, name in imports_of(path, module) if not allowed(module, name)]
    assert wrong == []


def test_the_check_catches_an_upward_import():
    assert not allowed("huolong.solver.search", "huolong.analysis.advice")
    assert not allowed("huolong.engine.position", "huolong.solver")
    assert not allowed("huolong.analysis.review", "huolong.puzzles.themes")  # beside, not below
    assert not allowed("huolong.solver.kernel.search", "huolong.solver.encode")
    assert allowed("huolong.cli.main", "huolong.puzzles")
    assert allowed("huolong.solver.search", "huolong.solver.kernel.root")


@pytest.mark.parametrize("package", sorted(LEVEL))
def test_importing_a_package_loads_nothing_above_it(package):
    code = ("import sys, importlib; importlib.import_module(sys.argv[1]); "
            "print('\\n'.join(m for m in sys.modules if m.startswith('huolong.') or m == 'numba'))")
    loaded = subprocess.run([sys.executable, "-c", code, package], capture_output=True, text=True, check=True,
                            cwd=ROOT / "tests").stdout.split()
    parents = {p for p in LEVEL if package.startswith(p + ".")}  # Python imports a package's parents first
    above = [m for m in loaded if (p := top_package(m)) and p != package and p not in parents
             and not allowed(package, m)]
    assert above == []
    if package == "huolong.engine":
        assert "numba" not in loaded  # the engine is pure Python
