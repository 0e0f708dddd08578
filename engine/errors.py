"""The engine's errors: all are ``ValueError`` subclasses that echo the bad input, cut to a readable length."""

from __future__ import annotations

from huolong.i18n import _

#: At most this many characters of the user's input are quoted in an error (a whole 100 MB line is no help).
QUOTE_LIMIT = 60


def excerpt(text: str) -> str:
    """``text`` as an error quotes it: at most :data:`QUOTE_LIMIT` characters, ``…`` marking a cut.

    >>> quoted = "invalid line {line!r}".format(line=excerpt("x" * 1000))
    >>> len(quoted), quoted[-4:]
    (75, "xx…'")
    >>> excerpt("short")
    'short'
    """
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT - 1] + "…"


class HuolongError(ValueError):
    """Base class of every error about bad input."""


class CardError(HuolongError):
    """A card token, hand string or play that cannot be read."""


class RulesError(HuolongError):
    """A ruleset string with an unknown option or a bad value."""


class IllegalPlayError(HuolongError):
    """A play that the rules do not allow in this position."""


class PositionError(HuolongError):
    """A position that breaks a validity rule (card counts, hand sizes, …)."""


class DealFileError(HuolongError):
    """A deal file that cannot be read; carries the file name and line (``None``: the whole file).

    >>> str(DealFileError("card ♠A appears 4 times (at most 3)", "deal.hl", 7))
    'deal.hl:7: card ♠A appears 4 times (at most 3)'
    >>> str(DealFileError("no position in the file", "empty.hl"))
    'empty.hl: no position in the file'
    """

    def __init__(self, message: str, filename: str = "<string>", line: int | None = None) -> None:
        self.message = message
        self.filename = filename
        self.line = line
        where = _("{file}:{line}: {message}") if line is not None else _("{file}: {message}")
        super().__init__(where.format(file=filename, line=line, message=message))
