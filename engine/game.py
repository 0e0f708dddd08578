"""A whole game: each team's level carried from hand to hand until one side wins (docs/rules.md, "A whole game").

The default follows seed 002, the project's default ruleset: both teams start
at 3; a hand is played at the dealer team's level; the dealer team goes up
when it keeps the attackers under the threshold and the bottom safe, the
attackers go up when they take the deal and dig the bottom (the hand's
:class:`~.outcome.Outcome` says how many levels). The next dealer follows
from the result: the dealer team won (the attackers under the threshold) →
the dealer's partner deals; the attackers took the deal → the seat after the
dealer. A team playing the top level (A) that goes up as the dealer team
has passed it and wins the game; an outright result ends it at once.

>>> from huolong.engine.seats import EAST, WEST, seat_name
>>> state = GameState.start()
>>> state = state.after(Outcome("dealer-up", 1), dealer=EAST, trump=1)  # E–W went up from 3
>>> state.levels, seat_name(state.dealer), state.level
(('3', '4'), 'W', '4')
>>> state = state.after(Outcome("attackers-up", 3), dealer=WEST, trump=1)  # S–N took the deal, up 3
>>> state.levels, seat_name(state.dealer), state.winner
(('6', '4'), 'S', None)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace

from huolong.i18n import N_, _, join

from .cards import BIG_JOKER, LITTLE_JOKER, Card, Hand, all_cards, rank_of
from .errors import HuolongError, RulesError, excerpt
from .declaring import DECLARE_CHOICES, FIRST_CHOICES, NOBODY_CHOICES, Decide, Declaration, Showing, always, declare
from .jokers import GANGUO_TAG, TAKE_CHOICES
from .tribute import blood
from .order import LEVELS
from .outcome import Outcome
from .position import FULL_HAND, Position
from .rules import Rules
from .seats import Seat, next_seat, partner

__all__ = ["Decide", "Declaration", "GameError", "GameRules", "GameState", "PRESETS", "Showing", "always", "declare",
           "deck_of", "game_deal", "hooked_with_j", "team_of", "TEAM_NAMES"]

TEAM_NAMES = ("SN", "EW")  # team 0: S and N, team 1: E and W (as files write them)
TOP_CHOICES = ("A", "T")
TRUMP_CHOICES = ("game", "hand")


class GameError(HuolongError):
    """A game that does not follow the rules of a whole game (a wrong dealer, level or trump)."""


def team_of(seat: Seat) -> int:
    """0 for S–N, 1 for E–W."""
    return seat % 2


@dataclass(frozen=True)
class GameRules:
    """The options of a whole game (docs/rules.md, "A whole game"), as data; each rule text is a preset.

    - ``top``: the last level, played to pass it — ``A`` (seeds 000–003) or ``T`` (seed 004: 打过10就结束);
    - ``trump``: ``game`` — the first hand's declaration sets the trump suit for the whole game (001, 002);
      ``hand`` — every hand's trump is declared again while dealing, the same way (000, 003, 004);
    - ``kouwang``: who may bury big jokers after the dealer's bury (扣王, 载王) — ``any`` seat in turn (000,
      001, 002, 004), the ``attackers-first`` (003: 以闲家拿牌为先), or the ``dealer`` alone;
    - ``take``: what such a seat takes back, one of :data:`~.jokers.TAKE_CHOICES`;
    - ``third``: ``must`` — with two big jokers in the bottom the third must follow (000/001: 请大王) — or ``free``;
    - ``dragon``: ``slow`` — burying big jokers is a choice (慢龙) — or ``fast`` — every big joker must be
      buried, except at level J (快龙, 000/001);
    - ``jrules``: ``on`` — 001's 遇J A不过 (attackers at J or A do not go up) and J可钩到底 (a dealer team at J
      whose bottom is dug with a J falls back to 3) — or ``off``;
    - ``declare``, ``first``, ``nobody``: how trump is declared while dealing, on the first hand, and when
      nobody declares (:mod:`.declaring`);
    - ``little``: ``after-big`` — little jokers may be buried in the round of 扣王 after a seat's big ones
      (004) — or ``no``; ``ganguo``: ``on`` — 004's 干锅 (:func:`~.jokers.is_ganguo`); ``show_bottom``: ``yes``
      — the bottom is shown after the declaration, and again after a round in which jokers were buried (004);
    - ``tribute``: ``on`` — 004's 喝血 / 进贡 before each hand but the first (:mod:`.tribute`) — or ``off``.

    A preset is named after its rule text (``000`` … ``004``; ``standard`` is 002) and takes options after it.

    >>> rules = GameRules.parse("top=T trump=hand")
    >>> rules.top, rules.trump, rules.kouwang, rules.declare
    ('T', 'hand', 'any', 'big')
    >>> str(GameRules()), str(GameRules.parse("top=T")), str(GameRules.parse("001 dragon=fast"))
    ('standard', 'standard top=T', '001 dragon=fast')
    """

    top: str = "A"
    trump: str = "game"
    kouwang: str = "any"
    take: str = "lowest"
    third: str = "free"
    dragon: str = "slow"
    jrules: str = "off"
    declare: str = "big"
    first: str = "same"
    nobody: str = "redeal"
    little: str = "no"
    ganguo: str = "off"
    show_bottom: str = "no"
    tribute: str = "off"
    preset: str = field(default="standard", repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, choices in GAME_CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise RulesError(_("invalid value {value!r} for {name}: use {choices}").format(
                    value=excerpt(str(value)), name=name, choices=join(choices)))

    @classmethod
    def parse(cls, text: str) -> GameRules:
        """A preset (``standard``, ``000`` … ``004``; ``standard`` when left out) followed by ``option=value``
        words."""
        words = text.split()
        preset = "standard"
        if words and (words[0] in PRESETS or words[0] in PRESET_ALIASES):
            preset = PRESET_ALIASES.get(words[0], words[0])
            words.pop(0)
        elif words and "=" not in words[0]:
            raise RulesError(_("unknown game rules {name!r}: a rule text's preset is one of {presets}, then options "
                               "(option=value)").format(name=excerpt(words[0]), presets=join(
                                   ["standard", "000", "001", "002", "003", "004"])))
        options: dict[str, str] = dict(PRESETS[preset])
        known = {f.name for f in fields(cls)} - {"preset"}
        for word in words:
            name, eq, value = word.partition("=")
            if not eq:
                raise RulesError(_("invalid game rule {word!r}: expected option=value").format(word=excerpt(word)))
            if name not in known:
                raise RulesError(_("unknown game rule {name!r} in {text!r}: use {options}").format(
                    name=excerpt(name), text=excerpt(text), options=join(GAME_CHOICES)))
            options[name] = value.upper() if name == "top" else value
        return cls(**options, preset=preset)

    def hand_rules(self) -> Rules:
        """The ruleset of the hands the preset's rule text gives.

        >>> str(GameRules.parse("003").hand_rules())
        'standard zero=plus2 three_jokers=levels'
        """
        return Rules.parse(PRESET_RULES[self.preset])

    def label(self) -> str:
        """The rules as a player names them: the rule text's number, then the options changed (``002``,
        ``001 dragon=fast``)."""
        return " ".join([PRESET_SOURCES[self.preset]] + str(self).split()[1:])

    def __str__(self) -> str:
        base = GameRules(**PRESETS[self.preset])
        words = [self.preset] + [f"{f.name}={getattr(self, f.name)}" for f in fields(self)
                                 if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)]
        return " ".join(words)


GAME_CHOICES: dict[str, tuple[str, ...]] = {
    "top": TOP_CHOICES, "trump": TRUMP_CHOICES, "kouwang": ("any", "attackers-first", "dealer"),
    "take": TAKE_CHOICES, "third": ("free", "must"), "dragon": ("slow", "fast"), "jrules": ("off", "on"),
    "declare": DECLARE_CHOICES, "first": FIRST_CHOICES, "nobody": NOBODY_CHOICES,
    "little": ("no", "after-big"), "ganguo": ("off", "on"), "show_bottom": ("no", "yes"), "tribute": ("off", "on"),
}
#: Each rule text's game (docs/rules.md, "Presets"); ``standard`` is 002's. What a text leaves open is 002's.
PRESETS: dict[str, dict[str, str]] = {
    "standard": {},
    "000": {"take": "lowest-no-points-triples", "third": "must", "jrules": "on", "declare": "jokers",
            "nobody": "bottom"},
    "001": {"take": "lowest-no-points-triples", "third": "must", "jrules": "on", "declare": "jokers",
            "nobody": "bottom"},
    "003": {"trump": "hand", "kouwang": "attackers-first", "declare": "jokers"},
    "004": {"top": "T", "trump": "hand", "take": "lowest-no-points", "declare": "level", "first": "big-fixed",
            "nobody": "draw", "little": "after-big", "ganguo": "on", "show_bottom": "yes", "tribute": "on"},
}
PRESET_ALIASES = {"002": "standard"}
#: The hands' ruleset each rule text gives (docs/rules.md, "Presets"): a game under a preset plays its hands so,
#: unless a ruleset is given. 000 and 003: 光头 (zero=plus2); 001: 扣的底牌中分值不能超过40分; none of 000, 001
#: and 003 ends the game with three big jokers in the bottom (002 and 004 do).
PRESET_RULES = {"standard": "standard", "000": "standard bury_limit=40 zero=plus2 three_jokers=levels",
                "001": "standard bury_limit=40 three_jokers=levels", "003": "standard zero=plus2 three_jokers=levels",
                "004": "standard three_jokers=outright-both"}
#: The rule text each preset follows, as ``--help`` and the board name it.
PRESET_SOURCES = {"000": "000", "001": "001", "standard": "002", "003": "003", "004": "004"}


def climb(level: str, levels: int, top: str) -> str:
    """A team's level after going up ``levels``: never past ``top``, which must be played to be passed.

    >>> climb("Q", 3, "A"), climb("3", 1, "A"), climb("9", 3, "T")
    ('A', '4', 'T')
    """
    return LEVELS[min(LEVELS.index(level) + levels, LEVELS.index(top))]


@dataclass(frozen=True)
class GameState:
    """Where a game stands before a hand: both teams' levels, the dealer and the trump (None before the first
    declaration), the hands played, and the winning team once it is over."""

    levels: tuple[str, str] = ("3", "3")
    dealer: Seat | None = None
    trump: int | None = None
    hands: int = 0
    winner: int | None = None  # 0 S–N, 1 E–W
    passed: bool = False  # the winner passed the top (else an outright result ended the game)
    money: tuple[int, int] = (0, 0)  # 002's score: 10 a level to the side that goes up, from the other; 100 outright
    blood: int = 0  # the cards the next dealer drinks (004's 喝血), from the last hand

    @classmethod
    def start(cls) -> GameState:
        return cls()

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def level(self) -> str | None:
        """The level of the next hand: the dealer team's (None before the first declaration)."""
        return None if self.dealer is None else self.levels[team_of(self.dealer)]

    def after(self, outcome: Outcome, dealer: Seat, trump: int, rules: GameRules | None = None,
              hooked: bool = False) -> GameState:
        """The state after a hand dealt by ``dealer`` with ``trump`` ended with ``outcome`` (seed 002);
        ``hooked``: the attackers dug a J-level dealer team's bottom with a J (001's J可钩到底, see
        :func:`hooked_with_j`), which matters under ``jrules=on``."""
        rules = rules or GameRules()
        dealers, attackers = team_of(dealer), 1 - team_of(dealer)
        levels = list(self.levels)
        blocked = rules.jrules == "on" and levels[attackers] in ("J", "A")  # 遇J A不过: they take the deal only
        state = replace(self, hands=self.hands + 1, trump=trump,
                        money=_money(self.money, outcome, dealers, blocked))
        if outcome.name == "dealer-win-game":
            return replace(state, dealer=dealer, winner=dealers)
        if outcome.name == "attackers-win-game":
            return replace(state, dealer=dealer, winner=attackers)
        if outcome.name in ("dealer-up", "dealer-keeps"):
            if outcome.name == "dealer-up":
                if levels[dealers] == rules.top:  # the top played and won: passed
                    return replace(state, dealer=dealer, winner=dealers, passed=True)
                levels[dealers] = climb(levels[dealers], outcome.levels, rules.top)
            return replace(state, levels=(levels[0], levels[1]), dealer=partner(dealer))
        if outcome.name == "attackers-up" and not blocked:  # the attackers take the deal; the top is passed only as dealers
            levels[attackers] = climb(levels[attackers], outcome.levels, rules.top)
        if rules.jrules == "on" and hooked:  # J可钩到底: the J-level dealer team falls back to 3
            levels[dealers] = LEVELS[0]
        return replace(state, levels=(levels[0], levels[1]), dealer=next_seat(dealer))

    def after_hand(self, record: Position, rules: GameRules | None = None) -> GameState:
        """The state after the finished hand ``record`` (with 004's tribute owed to the next dealer)."""
        state = self.after(record.result(), record.dealer, record.trump, rules,  # type: ignore[arg-type]
                           hooked_with_j(record))
        if rules is None or rules.tribute != "on" or record.bottom is None:
            return replace(state, blood=0)
        owed = blood(record.points, record.dug, record.bottom.count(BIG_JOKER), record.bottom.count(LITTLE_JOKER),
                     record.rules.threshold, bool(record.tags.get(GANGUO_TAG)))
        return replace(state, blood=owed)

    def levels_text(self) -> str:
        """``SN 5 EW 3``: the Levels tag of a game file."""
        return f"{TEAM_NAMES[0]} {self.levels[0]} {TEAM_NAMES[1]} {self.levels[1]}"


MONEY_PER_LEVEL, MONEY_OUTRIGHT = 10, 100


def _money(money: tuple[int, int], outcome: Outcome, dealers: int, blocked: bool) -> tuple[int, int]:
    """002's score after a hand (积分计算): the side that goes up wins 10 a level from the other (升一级得10分,
    另一方相应的减分); a game won outright, 100 (各加100分); a change of deal alone, nothing."""
    gain = {"dealer-up": (dealers, MONEY_PER_LEVEL * outcome.levels),
            "attackers-up": (1 - dealers, 0 if blocked else MONEY_PER_LEVEL * outcome.levels),
            "dealer-win-game": (dealers, MONEY_OUTRIGHT),
            "attackers-win-game": (1 - dealers, MONEY_OUTRIGHT)}.get(outcome.name)
    if gain is None:
        return money
    team, amount = gain
    out = list(money)
    out[team] += amount
    out[1 - team] -= amount
    return out[0], out[1]


def hooked_with_j(record: Position) -> bool:
    """Did the attackers take the deal from a dealer team at J by digging its bottom with a J (001: J可钩到底,
    必须通过J挖掉庄家的底)? The hand is over, played at J, the attackers reached the threshold and won the last
    trick with a play of J's."""
    if not record.is_over() or record.level != "J" or not record.dug or not record.history:
        return False
    last = record.history[-1]
    winning = last.plays[(last.winner - last.leader) * record.shape.direction % 4]
    return record.points >= record.rules.threshold and all(rank_of(c) == "J" for c in winning.cards)


def parse_levels(text: str) -> tuple[str, str]:
    """The Levels tag: ``SN 5 EW 3``."""
    words = text.split()
    if len(words) != 4 or (words[0], words[2]) != TEAM_NAMES or any(w.upper() not in LEVELS for w in words[1::2]):
        raise GameError(_("invalid Levels {text!r}: expected 'SN level EW level', e.g. 'SN 5 EW 3'").format(
            text=excerpt(text)))
    return words[1].upper(), words[3].upper()


def deck_of(rng: random.Random) -> tuple[list[Card], Seat]:
    """A shuffled deck of the three packs and the seat dealt its first card."""
    deck = all_cards()
    rng.shuffle(deck)
    return deck, rng.randrange(4)


def dealt(deck: list[Card], first: Seat) -> tuple[list[Hand], Hand]:
    """The four hands and the kitty: the deck dealt a card at a time in play order from ``first``."""
    cards: list[list[Card]] = [[] for _ in range(4)]
    for j, card in enumerate(deck[: 4 * FULL_HAND]):
        cards[(first + j) % 4].append(card)
    return [Hand.from_cards(c) for c in cards], Hand.from_cards(deck[4 * FULL_HAND:])


def game_deal(seed: int, game: int, hand: int, state: GameState, rules: Rules | None = None,
              game_rules: GameRules | None = None,
              decide: Callable[[Seat], Decide] | None = None,
              shown: Callable[[Declaration | None], None] | None = None) -> tuple[Position, Declaration | None]:
    """Hand ``hand`` (0-based) of game ``game`` of run ``seed``, as dealt before the bury, and the declaration
    that set its dealer and trump (None when the state already did).

    The cards come from (seed, game, hand) alone, whatever the state: the same cards at every table of a
    match. When nobody declares, the cards are dealt again from the same stream (seed 002: 重新发牌), or the
    bottom sets the trump (``nobody`` of the game rules, :mod:`.declaring`).
    """
    rules, game_rules = rules or Rules(), game_rules or GameRules()
    rng = random.Random(f"huolong-solve-game:{seed}:{game}:{hand}")
    draws = random.Random(f"huolong-solve-game:{seed}:{game}:{hand}:draw")  # the bottom's card drawn (004)
    first_hand = state.dealer is None
    level = "3" if first_hand else state.levels[team_of(state.dealer)]  # type: ignore[arg-type]
    while True:
        deck, first = deck_of(rng)
        needs = first_hand or game_rules.trump == "hand"
        found = declare(deck, first, decide, shown, way=game_rules.declare, level=level,
                        fixed=first_hand and game_rules.first == "big-fixed", nobody=game_rules.nobody,
                        first_hand=first_hand, rng=draws) if needs else None
        if needs and found is None:
            continue
        hands, kitty = dealt(deck, first)
        if found is not None:
            dealer, trump = (found.seat if state.dealer is None else state.dealer), found.trump
        else:
            dealer, trump = state.dealer, state.trump  # type: ignore[assignment]
        level = state.levels[team_of(dealer)]
        pos = Position(level=level, trump=trump, dealer=dealer, hands=list(hands), kitty=kitty, leader=dealer,
                       rules=rules)
        return pos, found


TEAM_LABELS = (N_("S–N"), N_("E–W"))


def team_label(team: int) -> str:
    """The team as text shows it: ``S–N`` (南北 in Chinese)."""
    return _(TEAM_LABELS[team])

