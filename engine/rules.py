"""Ruleset options (docs/rules.md, "Ruleset options") as data.

>>> rules = Rules.parse("standard follow=strict multiplier=3")
>>> rules.follow, rules.multiplier
('strict', 3)
>>> str(rules)
'standard follow=strict multiplier=3'
>>> str(Rules())
'standard'
>>> bridge = Rules.parse("bridge")
>>> bridge.shape.copies, bridge.shape.direction
(1, -1)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from huolong.i18n import N_, _, pgettext

from .errors import RulesError, excerpt

FOLLOW_CHOICES = ("free", "strict")


@dataclass(frozen=True)
class GameShape:
    """What kind of trick-taking game a ruleset describes.

    Huolong is the game of this project; bridge is the special case used to
    check the search against DDS: one pack, no jokers, no permanent trumps,
    singles only, clockwise, and a trick (not its cards) is what counts.
    """

    name: str
    copies: int  # copies of each card kind
    jokers: bool
    level_trumps: bool  # level cards and 2s are trumps
    max_unit: int  # largest unit that may be led
    direction: int  # +1: S → E → N → W (counter-clockwise); −1: N → E → S → W (clockwise)
    hand_size: int
    bottom_size: int
    card_scores: bool  # 5s, 10s and Ks score their points
    trick_score: int  # what each trick itself scores


HUOLONG = GameShape("huolong", 3, True, True, 3, 1, 39, 6, True, 0)
BRIDGE = GameShape("bridge", 1, False, False, 1, -1, 13, 0, False, 1)
GAMES = {"standard": HUOLONG, "bridge": BRIDGE}
ZERO_CHOICES = ("outright", "plus2")
#: How text names a ruleset's game (with its way of following) and each option that is not the default.
GAME_LABELS = {("standard", "free"): N_("standard"), ("standard", "strict"): N_("standard follow=strict"),
               ("bridge", "free"): N_("bridge")}
OPTION_LABELS = {"multiplier": N_("multiplier={value}"), "bury_limit": N_("bury_limit={value}"),
                 "threshold": N_("threshold={value}")}
VALUE_LABELS = {("bury_limit", None): N_("bury_limit=none"), ("zero", "plus2"): N_("zero=plus2"),
                ("zero", "outright"): N_("zero=outright"), ("three_jokers", "levels"): N_("three_jokers=levels"),
                ("three_jokers", "outright"): N_("three_jokers=outright"),
                ("three_jokers", "outright-both"): N_("three_jokers=outright-both")}
THREE_JOKERS_CHOICES = ("outright", "levels", "outright-both")


@dataclass(frozen=True)
class Rules:
    """A Huolong ruleset. Every field is one option of docs/rules.md.

    - ``follow``: ``free`` (活棒) or ``strict`` (死棒);
    - ``multiplier``: the factor on the bottom's points when the attackers dig it;
    - ``bury_limit``: most points the dealer may bury, ``None`` for no limit;
    - ``zero``: ``outright`` (P = 0 undug ends the game) or ``plus2`` (dealer up ≥ 2);
    - ``threshold``: the attackers' points that take the deal;
    - ``three_jokers``: ``outright`` — all three big jokers in the bottom end the game for the side that goes
      up (002) — or ``levels`` — they are 9 levels like any others (000, 001, 003 name no such end) — or
      ``outright-both`` — three big or three little jokers end it (004: 底牌中扣了3大王或3小王).
    """

    game: str = "standard"
    follow: str = "free"
    multiplier: int = 2
    bury_limit: int | None = None
    zero: str = "outright"
    threshold: int = 120
    three_jokers: str = "outright"

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise RulesError(_("unknown game {game!r}: use standard or bridge").format(game=excerpt(str(self.game))))
        if self.follow not in FOLLOW_CHOICES:
            raise RulesError(_("invalid value {value!r} for follow: use free or strict").format(
                value=excerpt(str(self.follow))))
        if self.zero not in ZERO_CHOICES:
            raise RulesError(_("invalid value {value!r} for zero: use outright or plus2").format(
                value=excerpt(str(self.zero))))
        if not isinstance(self.multiplier, int) or self.multiplier < 1:
            raise RulesError(_("invalid value {value!r} for multiplier: an integer ≥ 1").format(
                value=self.multiplier))
        if self.bury_limit is not None and (not isinstance(self.bury_limit, int) or self.bury_limit < 0):
            raise RulesError(_("invalid value {value!r} for bury_limit: points ≥ 0 or none").format(
                value=self.bury_limit))
        if self.three_jokers not in THREE_JOKERS_CHOICES:
            raise RulesError(_("invalid value {value!r} for three_jokers: use outright, levels or outright-both").format(
                value=excerpt(str(self.three_jokers))))
        if not isinstance(self.threshold, int) or self.threshold < 0:
            raise RulesError(_("invalid value {value!r} for threshold: points ≥ 0").format(
                value=self.threshold))

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``standard`` followed by ``option=value`` words; unknown options are errors."""
        words = text.split()
        if not words:
            return cls()
        options: dict[str, object] = {}
        if words[0] in GAMES:
            options["game"] = words.pop(0)
        known = {f.name for f in fields(cls)} - {"game"}
        for word in words:
            name, eq, value = word.partition("=")
            if not eq:
                raise RulesError(_("invalid ruleset word {word!r}: expected option=value").format(word=excerpt(word)))
            if name not in known:
                raise RulesError(_("unknown ruleset option {name!r} in {text!r}").format(name=excerpt(name),
                                                                                           text=excerpt(text)))
            if name in options:
                raise RulesError(_("ruleset option {name!r} given twice in {text!r}").format(
                    name=name, text=excerpt(text)))
            options[name] = _convert(name, value)
        rules = cls(**options)  # type: ignore[arg-type]
        if rules.game == "bridge" and len(options) > 1:
            raise RulesError(_("the bridge ruleset takes no options: {text!r}").format(text=excerpt(text)))
        return rules

    @property
    def shape(self) -> GameShape:
        return GAMES[self.game]

    @property
    def is_bridge(self) -> bool:
        return self.game == "bridge"

    def with_options(self, **changes: object) -> Rules:
        return replace(self, **changes)  # type: ignore[arg-type]

    def label(self) -> str:
        """The ruleset as text shows it, in the current language: ``standard follow=strict`` in
        English (what ``--rules`` takes), 标准（死棒） in Chinese.

        >>> from huolong.i18n import use
        >>> with use("zh"):
        ...     Rules.parse("standard follow=strict multiplier=3").label()
        '标准（死棒），抠底 3 倍'
        """
        default = Rules()
        words = [_(GAME_LABELS.get((self.game, self.follow), self.game))]
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("game", "follow") or value == getattr(default, f.name):
                continue
            if (f.name, value) in VALUE_LABELS:
                words.append(_(VALUE_LABELS[f.name, value]))
            else:
                words.append(_(OPTION_LABELS[f.name]).format(value=value))
        return pgettext("between rule options", " ").join(words)

    def __str__(self) -> str:
        default = Rules()
        words = [self.game]
        for f in fields(self):
            if f.name == "game":
                continue
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                words.append(f"{f.name}={'none' if value is None else value}")
        return " ".join(words)


def _convert(name: str, value: str) -> object:
    if name in ("follow", "zero", "three_jokers"):
        return value
    if name == "bury_limit" and value == "none":
        return None
    try:
        return int(value)
    except ValueError:
        raise RulesError(_("invalid value {value!r} for {name}: expected an integer").format(
            value=excerpt(value), name=name)) from None
