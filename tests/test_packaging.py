"""The install ships every package of the source tree (an editable install would hide a missing one)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def source_packages() -> set[str]:
    """Every folder with an ``__init__.py`` under the three code folders, by its installed name."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    tops = {folder: name for name, folder in config["package-dir"].items() if "/" not in folder}
    found = set()
    for folder, name in tops.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((name, *relative)))
    return found


def test_every_source_package_is_installed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert source_packages() - set(config["packages"]) == set()


def test_every_installed_package_has_a_folder():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for name in config["packages"]:
        folder = config["package-dir"][name]
        assert (ROOT / folder / "__init__.py").is_file(), name
