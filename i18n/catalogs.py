"""Keeping the message catalogs: extract the marked messages, update the ``.po`` files, compile them.

A maintainer's tool (it needs Babel, ``pip install '.[test]'``); the installed
program reads only the compiled ``.mo`` files. From a clone::

    python -m huolong.i18n.catalogs update    # sources → locale/huolong.pot → each .po (new messages empty)
    python -m huolong.i18n.catalogs compile   # each .po → .mo
    python -m huolong.i18n.catalogs check     # what is untranslated, fuzzy, mistyped or not compiled

The messages are those of every package of huolong-solve marked with ``_``,
``N_``, ``ngettext`` or ``pgettext``, and click's own (its usage errors and the
words of ``--help``), read from the installed click, so that a user of the
Chinese CLI meets no English sentence from the library either.
"""

from __future__ import annotations

import importlib
import io
import re
import sys
from pathlib import Path

from . import DOMAIN, LANGUAGES, LOCALE_DIR

PACKAGES = ("huolong.i18n", "huolong.engine", "huolong.solver", "huolong.analysis", "huolong.puzzles",
            "huolong.bots", "huolong.room", "huolong.board", "huolong.cli")
#: The click modules whose messages a command-line user can meet.
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
POT = LOCALE_DIR / f"{DOMAIN}.pot"
FIELD = re.compile(r"\{[^{}]*\}")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / LANGUAGES[lang] / "LC_MESSAGES" / f"{DOMAIN}.po"


def sources() -> list[tuple[Path, str]]:
    """(file, name shown in the catalog) of every module whose messages are extracted."""
    out = []
    for package in PACKAGES:
        folder = Path(importlib.import_module(package).__file__).parent  # type: ignore[arg-type]
        out += [(path, f"{package}/{path.name}") for path in sorted(folder.glob("*.py"))]
    import click

    click_dir = Path(click.__file__).parent
    out += [(click_dir / f"{name}.py", f"click/{name}.py") for name in CLICK_MODULES]
    return out


def extract():  # type: ignore[no-untyped-def]
    """The template catalog: every marked message of the sources."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    template = Catalog(project="huolong-solve", domain=DOMAIN, charset="utf-8")
    for path, name in sources():
        for line, message, comments, context in extract_from_file("python", str(path), keywords=KEYWORDS,
                                                                   comment_tags=("TRANSLATORS:",)):
            template.add(message, None, [(name, line)], auto_comments=comments, context=context)
    return template


def read(lang: str):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=LANGUAGES[lang], domain=DOMAIN)


def write(catalog, path: Path) -> None:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def update() -> None:
    """Write the template and merge it into each language's catalog (new messages untranslated)."""
    from babel.messages.catalog import Catalog

    template = extract()
    write(template, POT)
    for lang, locale in LANGUAGES.items():
        catalog = read(lang) if po_path(lang).exists() else Catalog(locale=locale, domain=DOMAIN,
                                                                    project="huolong-solve")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(catalog, po_path(lang))


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes of a language's ``.po``."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, read(lang))
    return buffer.getvalue()


def compile_all() -> None:
    for lang in LANGUAGES:
        po_path(lang).with_suffix(".mo").write_bytes(compiled(lang))


def fields(text: str) -> list[str]:
    """The ``{fields}`` of a message, without their ``!r``: a Chinese translation quotes a value in
    full-width quotes (“{token}”) where the English shows its ``repr`` in ASCII ones."""
    return sorted(f.replace("!r", "") for f in FIELD.findall(text))


def problems(lang: str = "zh") -> list[str]:
    """What keeps the catalog of ``lang`` from covering the sources: a message missing, untranslated
    or fuzzy, a translation whose ``{fields}`` differ from the source's, a stale ``.mo``."""
    catalog = read(lang)
    found = []
    for message in extract():
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        key = message.id if isinstance(message.id, str) else message.id[0]
        where = ", ".join(f"{f}:{n}" for f, n in message.locations)
        if entry is None:
            found.append(f"{where}: {key!r} is not in the {lang} catalog (run: python -m huolong.i18n.catalogs update)")
            continue
        strings = entry.string if isinstance(entry.string, (list, tuple)) else [entry.string]
        if lang != "en" and (not all(strings) or entry.fuzzy):
            found.append(f"{where}: {key!r} has no {lang} translation")
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        for text in strings:
            if text and lang != "en" and fields(text) != fields(ids[-1]) and fields(text) != fields(ids[0]):
                found.append(f"{where}: {key!r}: the {lang} translation's fields {fields(text)} are not "
                             f"the message's {fields(ids[-1])}")
    mo = po_path(lang).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled(lang):
        found.append(f"{mo}: out of date with its .po (run: python -m huolong.i18n.catalogs compile)")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = [p for lang in LANGUAGES for p in problems(lang)]
        print("\n".join(found) or "the catalogs are complete")
        return 1 if found else 0
    else:
        print("usage: python -m huolong.i18n.catalogs update|compile|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
