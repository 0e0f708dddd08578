"""Ruleset options (RULES.md, "Ruleset options") as data.

>>> rules = Rules.parse("standard follow=strict multiplier=3")
>>> rules.follow, rules.multiplier
('strict', 3)
>>> str(rules)
'standard follow=strict multiplier=3'
>>> str(Rules())
'standard'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .errors import RulesError

FOLLOW_CHOICES = ("free", "strict")
ZERO_CHOICES = ("outright", "plus2")


@dataclass(frozen=True)
class Rules:
    """A Huolong ruleset. Every field is one option of RULES.md.

    - ``follow``: ``free`` (活棒) or ``strict`` (死棒);
    - ``multiplier``: the factor on the bottom's points when the attackers dig it;
    - ``bury_limit``: most points the dealer may bury, ``None`` for no limit;
    - ``zero``: ``outright`` (P = 0 undug ends the game) or ``plus2`` (dealer up ≥ 2);
    - ``threshold``: the attackers' points that take the deal.
    """

    follow: str = "free"
    multiplier: int = 2
    bury_limit: int | None = None
    zero: str = "outright"
    threshold: int = 120

    def __post_init__(self) -> None:
        if self.follow not in FOLLOW_CHOICES:
            raise RulesError(f"invalid value {self.follow!r} for follow: use free or strict")
        if self.zero not in ZERO_CHOICES:
            raise RulesError(f"invalid value {self.zero!r} for zero: use outright or plus2")
        if not isinstance(self.multiplier, int) or self.multiplier < 1:
            raise RulesError(f"invalid value {self.multiplier!r} for multiplier: an integer ≥ 1")
        if self.bury_limit is not None and (not isinstance(self.bury_limit, int) or self.bury_limit < 0):
            raise RulesError(f"invalid value {self.bury_limit!r} for bury_limit: points ≥ 0 or none")
        if not isinstance(self.threshold, int) or self.threshold < 0:
            raise RulesError(f"invalid value {self.threshold!r} for threshold: points ≥ 0")

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``standard`` followed by ``option=value`` words; unknown options are errors."""
        words = text.split()
        if not words:
            return cls()
        if words[0] == "standard":
            words = words[1:]
        options: dict[str, object] = {}
        known = {f.name for f in fields(cls)}
        for word in words:
            name, eq, value = word.partition("=")
            if not eq:
                raise RulesError(f"invalid ruleset word {word!r}: expected option=value")
            if name not in known:
                raise RulesError(f"unknown ruleset option {name!r} in {text!r}")
            if name in options:
                raise RulesError(f"ruleset option {name!r} given twice in {text!r}")
            options[name] = _convert(name, value)
        return cls(**options)  # type: ignore[arg-type]

    def with_options(self, **changes: object) -> Rules:
        return replace(self, **changes)  # type: ignore[arg-type]

    def __str__(self) -> str:
        default = Rules()
        words = ["standard"]
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                words.append(f"{f.name}={'none' if value is None else value}")
        return " ".join(words)


def _convert(name: str, value: str) -> object:
    if name in ("follow", "zero"):
        return value
    if name == "bury_limit" and value == "none":
        return None
    try:
        return int(value)
    except ValueError:
        raise RulesError(f"invalid value {value!r} for {name}: expected an integer") from None
