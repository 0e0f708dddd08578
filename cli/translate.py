"""The command line in the user's language: which language, click's own words, every command's help.

The language is chosen once, before any output: ``--lang`` anywhere on the
command line, else ``HUOLONG_SOLVE_LANG``, else the locale (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. Help texts are written
in English and marked with ``N_``; :func:`localize` puts each command's help in
the chosen language just before click shows it. Click marks its own messages
(``Usage:``, ``Options:``, its usage errors) with the standard ``gettext``;
:func:`route_click_messages` sends them to our catalog, which translates them.
What click does not mark — the placeholders of the usage line and the option
list (``[OPTIONS]``, ``FILES...``, ``INTEGER RANGE``), ``[required]``, a
range (``x>=1``) — :func:`localize` and :class:`HelpFormatter` translate; and
:class:`HelpFormatter` lays Chinese out as Chinese: lines measured in columns
(a Chinese character takes two), broken between characters but never before a
closing mark (，。）) nor after an opening one (（), headings with a full-width
colon.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

import click
import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.termui
import click.types

from huolong.i18n import (LANGUAGES, N_, _, from_environment, language, ngettext, parse_language, pgettext,
                          set_language)

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


#: The placeholders of help that click does not mark for translation: its words for the options and the
#: subcommand in a usage line, its type names (a metavar not given), and the metavars of our commands.
PLACEHOLDERS = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."), N_("required"),
                N_("TEXT"), N_("INTEGER"), N_("INTEGER RANGE"), N_("FLOAT"), N_("FLOAT RANGE"), N_("BOOLEAN"),
                N_("FILE"), N_("FILES"), N_("PATH"), N_("PATHS"), N_("DIRECTORY"), N_("SECONDS"), N_("LEVELS"),
                N_("RULES"), N_("POLICY"), N_("LOW-HIGH"), N_("N|LOW-HIGH"), N_("tcp://HOST:PORT"))


#: click's names of its number types, which its errors show ("'x' is not a valid integer range").
TYPE_NAMES = (N_("integer"), N_("integer range"), N_("float"), N_("float range"))


def _english_type_name(param_type: click.ParamType) -> str:
    """The name click gives a type, whatever language :func:`localize` last put it in."""
    return param_type.__dict__.get("_english_name", param_type.name)


def _default_metavar(param: click.Parameter) -> str | None:
    """The metavar click would show for ``param`` when none is given, if it is a plain word (a
    ``Choice`` lists its values, which are data)."""
    if type(param.type).get_metavar is not click.ParamType.get_metavar:
        return None
    if isinstance(param, click.Argument):
        word = (param.name or "").upper()
        word = _(word) if word in PLACEHOLDERS else word
        word = word if param.required else f"[{word}]"
        return f"{word}..." if param.nargs != 1 else word
    word = _english_type_name(param.type).upper()
    word = _(word) if word in PLACEHOLDERS else word
    return f"{word}..." if param.nargs != 1 else word


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
    command.__dict__.setdefault("_english_options_metavar", command.options_metavar)
    if command._english_options_metavar:  # type: ignore[attr-defined]
        command.options_metavar = _(command._english_options_metavar)  # type: ignore[attr-defined]
    if isinstance(command, click.Group):
        command.__dict__.setdefault("_english_subcommand_metavar", command.subcommand_metavar)
        command.subcommand_metavar = _(command._english_subcommand_metavar)  # type: ignore[attr-defined]
    for param in command.params:
        if isinstance(param, click.Option):
            source = param.__dict__.setdefault("_english_help", param.help)
            param.help = _(source) if source else source
        if _english_type_name(param.type) in TYPE_NAMES:  # its errors name it
            param.type._english_name = _english_type_name(param.type)  # type: ignore[attr-defined]
            param.type.name = _(param.type._english_name)  # type: ignore[attr-defined]
        metavar = param.__dict__.setdefault("_english_metavar", param.metavar)
        param.metavar = (_(metavar) if metavar in PLACEHOLDERS else metavar) if metavar else _default_metavar(param)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            localize(sub)


def choose_language(args: list[str], environ: Mapping[str, str] | None = None) -> str:
    """Set the process's language from a command line and the environment; return it."""
    lang = language_of(args, environ)
    set_language(lang)
    return lang


# -- help laid out in the user's language -----------------------------------------------------------

#: Marks a line may not start with (closing punctuation) or end with (opening punctuation).
NO_BREAK_BEFORE = set("，。、；：！？）」』”’》〉…—%,.;:!?)]}")
NO_BREAK_AFTER = set("（「『“‘《〈([{")
#: click's note after an option's help: ``  [default: 10; x>=1]``.
CLICK_NOTE = re.compile(r"\s*\[([^\[\]]*)\]$")
#: A range as click writes it: ``x>=1``, ``x>0``, ``0<=x<=39``.
RANGE = re.compile(r"^(?:(?P<low>-?[\d.]+)(?P<lop><=?))?x(?:(?P<hop>[<>]=?)(?P<high>-?[\d.]+))?$")


def is_wide(char: str) -> bool:
    """A character a terminal shows two columns wide (Chinese characters, full-width punctuation)."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes."""
    return sum(2 if is_wide(c) else 1 for c in text)


def _atoms(text: str) -> list[str]:
    """``text`` cut where a line may break: at spaces (kept as atoms of their own) and between wide
    characters, never before a closing mark nor after an opening one; other runs (words, options,
    card tokens) stay whole."""
    pieces = re.findall(r"\s+|[^\s]", text)
    atoms: list[str] = []
    for piece in pieces:
        prev = atoms[-1] if atoms else ""
        joins = prev and not prev.isspace() and not piece.isspace() and (
            piece[0] in NO_BREAK_BEFORE or prev[-1] in NO_BREAK_AFTER
            or not (is_wide(piece[0]) or is_wide(prev[-1])))
        if joins:
            atoms[-1] = prev + piece
        else:
            atoms.append(piece)
    glued: list[str] = []  # a number stays with the word it counts: "2 分", "200 次"
    for atom in atoms:
        if len(glued) >= 2 and glued[-1] == " " and glued[-2][-1].isdigit() and is_wide(atom[0]):
            glued[-2:] = [glued[-2] + " " + atom]
        else:
            glued.append(atom)
    return glued


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` columns (an atom longer than a line gets a line of its own)."""
    lines: list[str] = []
    line, filled, space = initial_indent, False, ""
    for atom in _atoms(text.strip()):
        if atom.isspace():
            space = " "
            continue
        if filled and columns(line) + len(space) + columns(atom) > width:
            lines.append(line)
            line, space = subsequent_indent, ""
        line += (space if filled else "") + atom
        filled, space = True, ""
    lines.append(line)
    return lines


def _joined(lines: Iterable[str]) -> str:
    """The lines of a paragraph as one text: a space between words, none between Chinese characters."""
    out = ""
    for line in lines:
        line = line.strip()
        if out and line:
            out += "" if is_wide(out[-1]) or is_wide(line[0]) else " "
        out += line
    return out


def wrap_paragraphs(text: str, width: int, indent: str = "") -> str:
    """Help text wrapped as click does (paragraphs apart by a blank line, a paragraph after a ``\\b``
    line kept as written), but measured and broken as Chinese needs."""
    paragraphs: list[list[str]] = [[]]
    for line in text.expandtabs().splitlines():
        if line.strip():
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    out = []
    for lines in (p for p in paragraphs if p):
        extra = " " * (len(lines[0]) - len(lines[0].lstrip()))
        if lines[0].strip() == "\b":
            out.append("\n".join(indent + extra + line for line in lines[1:]))
        else:
            out.append("\n".join(wrap(_joined(lines), width, indent + extra, indent + extra)))
    return "\n\n".join(out)


def _range_words(text: str) -> str:
    """A range as click writes it (``x>=1``) in words of the current language."""
    m = RANGE.match(text)
    if not m:
        return text
    low, high, lop, hop = m["low"], m["high"], m["lop"], m["hop"]
    if low is None and hop in (">=", ">"):  # x>=1, x>0
        return (_("at least {low}") if hop == ">=" else _("more than {low}")).format(low=high)
    if low is None:  # x<=9, x<9
        return (_("at most {high}") if hop == "<=" else _("less than {high}")).format(high=high)
    if lop == "<=" and hop == "<=":
        return _("{low} to {high}").format(low=low, high=high)
    return text


def _notes(help_text: str) -> tuple[str, str]:
    """An option's help and click's note after it (``  [default: 10; x>=1]``), the note in the current
    language's form (``（默认：10；至少 1）``)."""
    m = CLICK_NOTE.search(help_text)
    if not m:
        return help_text, ""
    parts = [_range_words(part) for part in m.group(1).split("; ")]
    note = pgettext("between notes", "; ").join(parts)
    return help_text[:m.start()], pgettext("a note after a help text", "  [{note}]").format(note=note)


class HelpFormatter(click.HelpFormatter):
    """click's help layout; in a language other than English, with the words click does not mark
    translated and the text measured and broken the way that language needs."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if language() == "en":
            return super().write_usage(prog, args, prefix)
        start = f"{' ' * self.current_indent}{prefix or _('Usage:')}{prog}"
        if not args:
            self.write(start + "\n")
            return
        self.write("\n".join(wrap(args, self.width, start + " ", " " * (columns(start) + 1))) + "\n")

    def write_heading(self, heading: str) -> None:
        if language() == "en":
            return super().write_heading(heading)
        self.write(" " * self.current_indent + pgettext("a heading of the help", "{heading}:").format(
            heading=heading) + "\n")

    def write_text(self, text: str) -> None:
        if language() == "en":
            return super().write_text(text)
        self.write(wrap_paragraphs(text, self.width, " " * self.current_indent) + "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        if language() == "en":
            return super().write_dl(rows, col_max, col_spacing)
        rows = list(rows)
        first_col = min(max((columns(first) for first, _second in rows), default=0), col_max) + col_spacing
        indent = " " * self.current_indent
        for first, second in rows:
            self.write(indent + first)
            if not second:
                self.write("\n")
                continue
            lead = indent + " " * first_col
            width = max(self.width - first_col - 2, 10) + len(lead)
            text, note = _notes(second)
            lines = wrap_paragraphs(text, width, lead).splitlines() if text.strip() else [lead]
            if note:  # the note stays whole, after the text or on a line of its own
                if lines[-1].strip() and columns(lines[-1] + note) > width:
                    lines.append(lead)
                lines[-1] += note if lines[-1].strip() else note.strip()
            if columns(first) <= first_col - col_spacing:
                self.write(" " * (first_col - columns(first)) + lines[0][len(lead):])
            else:
                self.write("\n" + lines[0])
            self.write("".join("\n" + line for line in lines[1:]) + "\n")


click.Context.formatter_class = HelpFormatter
