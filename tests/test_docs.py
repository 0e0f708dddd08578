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
] + [package.__name__ for package in PACKAGES] + ["huolong.board.messages", "huolong.board.editor", "huolong.board.views", "huolong.board.positions"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


# The documentation: README.md is the landing page, docs/PAGE.md the reference, and every page has a
# Chinese twin (README.zh.md, docs/zh/PAGE.md) with the same sections.

import pathlib
import re
import shlex

import click

from huolong.cli.main import cli

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
ENGLISH_PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
CHINESE_PAGES = [ROOT / "README.zh.md", *sorted((DOCS / "zh").glob("*.md"))]
ALL_PAGES = ENGLISH_PAGES + CHINESE_PAGES
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def chinese_twin(page: pathlib.Path) -> pathlib.Path:
    """README.md's twin is README.zh.md; docs/PAGE.md's is docs/zh/PAGE.md."""
    return ROOT / "README.zh.md" if page == ROOT / "README.md" else DOCS / "zh" / page.name


def prose(page: pathlib.Path) -> str:
    """The page without its fenced code blocks (a `#` there is a shell comment, not a heading)."""
    return FENCE.sub("", page.read_text(encoding="utf-8"))


def heading_levels(page: pathlib.Path) -> list[int]:
    return [len(match.group(1)) for match in re.finditer(r"^(#{1,6}) ", prose(page), re.M)]


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: pathlib.Path) -> set[str]:
    return {anchor(match.group(1)) for match in re.finditer(r"^#{1,6} (.+)$", prose(page), re.M)}


def test_there_is_a_reference_page_for_each_command_family():
    names = {page.name for page in DOCS.glob("*.md")}
    assert {"review.md", "bots.md", "advise.md", "puzzles.md", "board.md", "solve.md", "api.md", "format.md",
            "rules.md"} <= names


@pytest.mark.parametrize("page", ENGLISH_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_page_has_a_chinese_twin_with_the_same_sections(page):
    twin = chinese_twin(page)
    assert twin.exists(), f"{twin.relative_to(ROOT)} is missing"
    assert heading_levels(twin) == heading_levels(page)


def test_every_chinese_page_has_an_english_original():
    originals = {chinese_twin(page) for page in ENGLISH_PAGES}
    assert [page for page in CHINESE_PAGES if page not in originals] == []


@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_its_heading(page):
    broken = []
    for target in LINK.findall(prose(page)):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(target)
        elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            broken.append(target)
    assert broken == []


def test_the_readme_is_a_landing_page_of_at_most_150_lines():
    for page in (ROOT / "README.md", ROOT / "README.zh.md"):
        assert len(page.read_text(encoding="utf-8").splitlines()) <= 150, page.name


def test_the_readmes_give_the_test_command_ci_runs_verbatim():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    [command] = re.findall(r"^(python3 -m venv \.venv && .*?) \|\| status=", ci, re.M)
    for page in (ROOT / "README.md", ROOT / "README.zh.md"):
        assert command + "\n" in page.read_text(encoding="utf-8"), page.name


@pytest.mark.parametrize("page", CHINESE_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_chinese_prose_uses_full_width_punctuation(page):
    text = re.sub(r"`[^`\n]*`", "", prose(page))  # code spans keep their ASCII
    text = re.sub(r"\]\([^)]*\)", "]", text)  # and so do link targets
    assert re.findall(r".{0,12}[\u4e00-\u9fff][,:;?!(].{0,12}", text) == []
    assert re.findall(r".{0,12}[,:;!?][\u4e00-\u9fff].{0,12}", text) == []



@pytest.mark.parametrize("page", CHINESE_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_chinese_paragraphs_are_not_broken_between_two_characters(page):
    """A line break inside a Chinese paragraph shows as a space in most browsers: a paragraph is one line."""
    lines = prose(page).splitlines()
    broken = [f"{a[-8:]}⏎{b[:8]}" for a, b in zip(lines, lines[1:])
              if not a.startswith(("#", "|")) and re.search(r"[\u4e00-\u9fff，。：；、）]$", a) and re.match(r"[\u4e00-\u9fff（]", b)]
    assert broken == []

def command_lines(page: pathlib.Path) -> list[str]:
    """Every `huolong-solve …` line of the page's shell blocks, without its comment."""
    lines = []
    for block in re.findall(r"^```sh\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M):
        for line in block.splitlines():
            line = re.sub(r"^(\.venv/bin/)?", "", line.strip())
            if line.startswith("huolong-solve ") or line == "huolong-solve":
                lines.append(line.split("  #")[0].strip())
    return lines


def resolve(words: list[str]) -> tuple[click.Command, list[str]]:
    """The command a line runs (the default, `solve`, when it names none) and the words after it."""
    command: click.Command = cli
    rest = list(words)
    while isinstance(command, click.Group):
        name = next((word for word in rest if not word.startswith("-")), None)
        sub = command.get_command(click.Context(command), name) if name else None
        if sub is None:
            return (cli.get_command(click.Context(cli), "solve"), rest) if command is cli else (command, rest)
        rest.remove(name)
        command = sub
    return command, rest


def options_of(command: click.Command) -> set[str]:
    return {option for param in command.params for option in (*param.opts, *param.secondary_opts)} | {
        "--help", "-h"}


DOCUMENTED_COMMANDS = [(page, line) for page in ALL_PAGES for line in command_lines(page)]


@pytest.mark.parametrize("page, line", DOCUMENTED_COMMANDS,
                         ids=[f"{page.relative_to(ROOT)}:{line}" for page, line in DOCUMENTED_COMMANDS])
def test_every_documented_command_exists_with_the_options_it_shows(page, line):
    words = shlex.split(line.split(" > ")[0].split(" < ")[0].replace("[", "").replace("]", ""))[1:]
    while "--lang" in words:  # read before the command, wherever it is
        index = words.index("--lang")
        del words[index:index + 2]
    command, rest = resolve(words)
    unknown = [word.split("=")[0] for word in rest
               if word.startswith("-") and word != "-" and word.split("=")[0] not in options_of(command)]
    assert unknown == [], f"{command.name} has no option {unknown}"


def test_the_api_pages_solve_example_prints_what_its_comment_says(monkeypatch, capsys):
    for page in (DOCS / "api.md", DOCS / "zh" / "api.md"):
        [example, *_] = re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
        [expected] = re.findall(r"print\(analysis\.value\)\s+# (.+)", example)
        monkeypatch.chdir(ROOT)  # the example names the example file from the repository's root
        exec(compile(example, str(page), "exec"), {})
        assert capsys.readouterr().out.splitlines()[0] == expected.strip()
