"""The command line in the user's language: which language, click's own words, every command's help.

The language is chosen once, before any output: ``--lang`` anywhere on the
command line, else ``HUOLONG_SOLVE_LANG``, else the locale (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. Help texts are written
in English and marked with ``N_``; :func:`localize` puts each command's help in
the chosen language just before click shows it. Click marks its own messages
(``Usage:``, ``Options:``, its usage errors) with the standard ``gettext``;
:func:`route_click_messages` sends them to our catalog, which translates them.
"""

from __future__ import annotations

from collections.abc import Mapping

import click
import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.termui
import click.types

from huolong.i18n import LANGUAGES, N_, _, from_environment, ngettext, parse_language, set_language

LANG_HELP = N_("Language of the text: zh (中文) or en (English). Default: HUOLONG_SOLVE_LANG, else the locale "
               "(LANGUAGE, LC_ALL, LC_MESSAGES, LANG).")
_CLICK_MODULES = (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.termui,
                  click.types)


def language_of(args: list[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for: its ``--lang`` (the last one), else the environment's.
    Raises :class:`~huolong.i18n.UnknownLanguage` for a language we do not speak."""
    chosen = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            chosen = args[i + 1]
        elif arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
    return parse_language(chosen) if chosen is not None else from_environment(environ)


def route_click_messages() -> None:
    """Send click's own messages through our catalog (click looks its ``_`` up when it shows one)."""
    for module in _CLICK_MODULES:
        if hasattr(module, "_"):
            module._ = _  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]


def lang_option() -> click.Option:
    return click.Option(["--lang"], type=click.Choice(sorted(LANGUAGES)), expose_value=False, is_eager=True,
                        help=LANG_HELP)


def localize(command: click.Command) -> None:
    """Put the help of ``command`` and of everything under it in the current language; every
    command also learns ``--lang`` (read before click parses, so that even its errors are translated)."""
    english = command.__dict__.setdefault("_english", {"help": command.help, "short_help": command.short_help,
                                                       "epilog": command.epilog})
    for name, text in english.items():
        setattr(command, name, _(text) if text else text)
    command._help_option = None  # click makes --help's option once, in the language of that moment
    if not any(p.name == "lang" for p in command.params):
        command.params.append(lang_option())
    for param in command.params:
        if isinstance(param, click.Option):
            source = param.__dict__.setdefault("_english_help", param.help)
            param.help = _(source) if source else source
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            localize(sub)


def choose_language(args: list[str], environ: Mapping[str, str] | None = None) -> str:
    """Set the process's language from a command line and the environment; return it."""
    lang = language_of(args, environ)
    set_language(lang)
    return lang
