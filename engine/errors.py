"""The engine's errors: all are ``ValueError`` subclasses that echo the bad input."""

from __future__ import annotations


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
        super().__init__(f"{filename}:{line}: {message}" if line is not None else f"{filename}: {message}")
