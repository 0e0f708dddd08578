"""The languages huolong-solve speaks: English (the source text) and Chinese (中文, the zh_CN catalog).

Every sentence a user reads is marked where it is written — ``_("…")`` when it
is shown, ``N_("…")`` where it is only defined — and looked up at the moment it
is shown, in the language of the moment: the process's (set once by the CLI
from ``--lang``, ``HUOLONG_SOLVE_LANG`` or the locale) unless a block of code
says otherwise with :func:`use` (the board, per request). Messages hold
``{name}`` fields filled by ``str.format`` after the lookup, so a translation
may put them in any order; nothing is built by joining fragments.

The catalogs are gettext ``.po`` files under ``locale/``, compiled to ``.mo``
and shipped in the package; ``python -m huolong.i18n.catalogs`` (Babel)
extracts, updates and compiles them. Numbers are written the same way in
both languages (CLDR's zh_CN uses ``.`` and ``,`` as English does).

>>> with use("zh"):
...     _("dealer"), ngettext("({n} card)", "({n} cards)", 3).format(n=3)
('庄家', '（3 张）')
>>> _("dealer")
'dealer'
>>> parse_language("zh_CN.UTF-8"), parse_language("C")
('zh', 'en')
"""

from __future__ import annotations

import gettext as _gettext
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Iterable, Iterator, Mapping

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "UnknownLanguage", "N_", "_", "from_accept_language",
           "from_environment", "join", "language", "ngettext", "normalize", "parse_language", "pgettext",
           "set_language", "use"]

DOMAIN = "huolong"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages, by the short name ``--lang`` takes, and the catalog each reads.
LANGUAGES = {"en": "en", "zh": "zh_CN"}
#: The environment variable that chooses the language over the locale (``--lang`` overrides it).
ENV_VAR = "HUOLONG_SOLVE_LANG"
#: gettext's order: the first of these that is set names the language(s).
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    """A language huolong-solve does not speak."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(_("unknown language {text!r}: use zh (中文) or en (English)").format(text=text))


_default = "en"
_current: ContextVar[str | None] = ContextVar("huolong_language", default=None)


def language() -> str:
    """The language messages are shown in now: ``"en"`` or ``"zh"``."""
    return _current.get() or _default


def set_language(lang: str) -> None:
    """Make ``lang`` the process's language (the CLI does this once, before any output)."""
    global _default
    _default = parse_language(lang)


@contextmanager
def use(lang: str) -> Iterator[str]:
    """Show the messages of a block of code in ``lang`` (this thread or task only)."""
    token = _current.set(parse_language(lang))
    try:
        yield language()
    finally:
        _current.reset(token)


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of a language. English is the source text, so its catalog may be absent."""
    return _gettext.translation(DOMAIN, LOCALE_DIR, [LANGUAGES[lang]], fallback=lang == "en")


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (Chinese has one form; English two)."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, for a short word whose sense its ``context`` names."""
    return translations(language()).pgettext(context, message)


def join(items: Iterable[str]) -> str:
    """The items of a list as a sentence shows them, in the current language: ``a, b, c`` (``a、b、c``).

    >>> with use("zh"):
    ...     join(["♠", "♥"])
    '♠、♥'
    """
    return pgettext("between list items", ", ").join(items)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog where it is defined; it is translated where it is shown."""
    return message


def normalize(name: str) -> str | None:
    """The language of a locale or language name (``zh_CN.UTF-8``, ``zh-Hans``, ``en_US``, ``C``), or
    ``None`` when it is neither Chinese nor English."""
    text = name.strip().lower().replace("-", "_")
    base = text.split(".")[0].split("@")[0]
    if base in ("c", "posix") or base.split("_")[0] == "en" or base == "english":
        return "en"
    if base.split("_")[0] == "zh" or base in ("chinese", "中文", "cn"):
        return "zh"
    return None


def parse_language(text: str) -> str:
    """``"en"`` or ``"zh"`` for a name of either; :class:`UnknownLanguage` otherwise."""
    lang = normalize(text)
    if lang is None:
        raise UnknownLanguage(text)
    return lang


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``HUOLONG_SOLVE_LANG`` first, then the locale the way
    gettext reads it — the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set,
    its first name we speak (``LANGUAGE`` may list several, ``fr:zh``). English otherwise.

    >>> from_environment({"LANG": "zh_CN.UTF-8"}), from_environment({"LANGUAGE": "fr:zh_TW", "LANG": "C"})
    ('zh', 'zh')
    >>> from_environment({"HUOLONG_SOLVE_LANG": "en", "LANG": "zh_CN.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    if environ.get(ENV_VAR):
        return parse_language(environ[ENV_VAR])
    for var in LOCALE_VARS:
        if environ.get(var):
            for name in environ[var].split(":"):
                if name and (lang := normalize(name)):
                    return lang
            return "en"
    return "en"


def from_accept_language(header: str | None) -> str:
    """The language a browser prefers among ours (an HTTP ``Accept-Language``), English by default.

    >>> from_accept_language("zh-CN,zh;q=0.9,en;q=0.8"), from_accept_language("de, en;q=0.5")
    ('zh', 'en')
    """
    ranked = []
    for index, part in enumerate((header or "").split(",")):
        name, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        lang = normalize(name) if name and name != "*" else None
        if lang and quality > 0:
            ranked.append((-quality, index, lang))
    return min(ranked)[2] if ranked else "en"
