"""The result of a hand (docs/rules.md §11) and the order the solver plays for.

>>> from .rules import Rules
>>> hand_result(135, True, 0, Rules())
Outcome(name='attackers-up', levels=1)
>>> hand_result(0, False, 0, Rules(zero="plus2"))
Outcome(name='dealer-up', levels=2)
"""

from __future__ import annotations

from dataclasses import dataclass

from huolong.i18n import N_, _, ngettext

from .rules import Rules

#: Outcome names, best for the attackers first (the solver's order).
OUTCOME_NAMES = (
    "attackers-win-game",
    "attackers-up",
    "attackers-take-deal",
    "dealer-keeps",
    "dealer-up",
    "dealer-win-game",
)
#: The outcome names as text shows them (the names themselves are data: files, JSON).
OUTCOME_LABELS = {"attackers-win-game": N_("attackers-win-game"), "attackers-up": N_("attackers-up"),
                  "attackers-take-deal": N_("attackers-take-deal"), "dealer-keeps": N_("dealer-keeps"),
                  "dealer-up": N_("dealer-up"), "dealer-win-game": N_("dealer-win-game")}
#: The outcomes that carry levels, with their levels (``attackers-up 1``) as text shows them.
LEVELLED_LABELS = {"attackers-up": N_("attackers-up {n}"), "dealer-up": N_("dealer-up {n}")}
WIN_GAME_POINTS = 300


@dataclass(frozen=True)
class Outcome:
    """A hand's result: one of :data:`OUTCOME_NAMES` and the levels gained (0 where none)."""

    name: str
    levels: int = 0

    @property
    def rank(self) -> int:
        """0 for the attackers' best result … 5 for their worst."""
        return OUTCOME_NAMES.index(self.name)

    def describe(self) -> str:
        """A short sentence about the result, in the current language."""
        if self.name == "attackers-up":
            return ngettext("the attackers take the deal and go up {n} level",
                            "the attackers take the deal and go up {n} levels", self.levels).format(n=self.levels)
        if self.name == "dealer-up":
            return ngettext("the dealer team keeps the deal and goes up {n} level",
                            "the dealer team keeps the deal and goes up {n} levels", self.levels).format(n=self.levels)
        return {
            "attackers-win-game": _("the attackers win the game outright"),
            "attackers-take-deal": _("the attackers take the deal, with no level change"),
            "dealer-keeps": _("the dealer team keeps the deal, with no level change"),
            "dealer-win-game": _("the dealer team wins the game outright"),
        }[self.name]

    def label(self) -> str:
        """The outcome as a table shows it: its name and levels (``attackers-up 1``), in the current language."""
        if self.levels and self.name in LEVELLED_LABELS:
            return _(LEVELLED_LABELS[self.name]).format(n=self.levels)
        name = _(OUTCOME_LABELS[self.name])
        return f"{name} {self.levels}" if self.levels else name

    def __str__(self) -> str:
        return f"{self.name} {self.levels}" if self.levels else self.name


def level_step(jokers_in_bottom: int) -> int:
    """k: the levels a side goes up — 3 per big joker buried, else 1."""
    return 3 * jokers_in_bottom if jokers_in_bottom > 0 else 1


def hand_result(points: int, dug: bool, jokers_in_bottom: int, rules: Rules, little_jokers: int = 0) -> Outcome:
    """Result of a hand from the attackers' final score (bottom bonus included) and the dig; ``little_jokers``
    in the bottom end the game too when they are three under ``three_jokers=outright-both`` (004)."""
    k = level_step(jokers_in_bottom)
    outright = ((jokers_in_bottom == 3 and rules.three_jokers in ("outright", "outright-both"))
                or (little_jokers == 3 and rules.three_jokers == "outright-both"))
    if points >= WIN_GAME_POINTS:
        return Outcome("attackers-win-game")
    if points >= rules.threshold:
        if not dug:
            return Outcome("attackers-take-deal")
        return Outcome("attackers-win-game") if outright else Outcome("attackers-up", k)
    if dug:
        return Outcome("dealer-keeps")
    if points == 0:
        if rules.zero == "outright":
            return Outcome("dealer-win-game")
        k = max(2, k)
    return Outcome("dealer-win-game") if outright else Outcome("dealer-up", k)


def levels_reason(outcome: Outcome, points: int, jokers_in_bottom: int) -> str | None:
    """Why a side went up as many levels as it did (§11: one level, three a big joker buried; two when the
    attackers took nothing), in the current language; ``None`` for an outcome without levels.

    >>> levels_reason(Outcome("attackers-up", 1), 230, 0)
    'No big joker was buried: one level.'
    >>> levels_reason(Outcome("dealer-up", 6), 80, 2)
    '2 big jokers were buried: 3 levels each.'
    """
    if outcome.name not in ("attackers-up", "dealer-up"):
        return None
    if jokers_in_bottom:
        return ngettext("{n} big joker was buried: 3 levels.", "{n} big jokers were buried: 3 levels each.",
                        jokers_in_bottom).format(n=jokers_in_bottom)
    if outcome.name == "dealer-up" and points == 0:
        return _("The attackers took no points: two levels.")
    return _("No big joker was buried: one level.")


def outcome_key(points: int, dug: bool, jokers_in_bottom: int, rules: Rules) -> tuple[int, int]:
    """What the attackers maximise under the outcome objective: (class, points).

    Higher is better for the attackers; the dealer team minimises it. Within a
    class the attackers prefer more points and the dealer team fewer.
    """
    return (5 - hand_result(points, dug, jokers_in_bottom, rules).rank, points)
