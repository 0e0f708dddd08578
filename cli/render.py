"""Text rendering of positions and analyses: the compass diagram, header, tables.

Presentation only: everything shown comes from the engine and the solver.
"""

from __future__ import annotations

import re
import unicodedata

import click
from tabulate import tabulate

from huolong.engine import BIG_JOKER, LITTLE_JOKER, OUTCOME_NAMES, TRUMP, Hand, Outcome, Play, Position, seat_label
from huolong.i18n import _, ngettext, pgettext
from huolong.engine.cards import RANKS, SUIT_SYMBOLS, SUITS, card_token, card_unicode, parse_card
from huolong.engine.seats import NORTH, SOUTH, WEST, EAST
from huolong.engine.jokers import joker_bury_of
from huolong.engine.outcome import levels_reason
from huolong.solver import Analysis

RED_SUITS = (1, 2)  # hearts, diamonds
_CARD_TOKEN = re.compile(r"\b(?:[SHDC](?:10|[2-9TJQKA])|BJ|LJ)\b")


class Style:
    """How to draw cards: symbols or ASCII, colour or not."""

    def __init__(self, color: bool, ascii: bool) -> None:
        self.color = color
        self.ascii = ascii

    def paint(self, text: str, red: bool) -> str:
        return click.style(text, fg="red") if self.color and red else text

    def card(self, card: int) -> str:
        text = card_token(card) if self.ascii else card_unicode(card)
        return self.paint(text, card == BIG_JOKER or (card < LITTLE_JOKER and card // 13 in RED_SUITS))

    def suit(self, suit: int) -> str:
        text = SUITS[suit] if self.ascii else SUIT_SYMBOLS[suit]
        return self.paint(text, suit in RED_SUITS)

    def play(self, play: Play) -> str:
        return " ".join(self.card(c) for c in play.cards)

    def cards(self, cards: list[int] | Hand) -> str:
        return " ".join(self.card(c) for c in cards)

    def sentence(self, text: str) -> str:
        """A sentence of the deal file (a puzzle's ``Why``) with its ASCII card tokens drawn in this style."""
        return _CARD_TOKEN.sub(lambda m: self.card(parse_card(m.group(0))), text)

    @property
    def trump_mark(self) -> str:
        return "T*" if self.ascii else pgettext("the trumps' row of a hand", "★")


def width(text: str) -> int:
    """Display width: ANSI codes take none, East Asian wide characters take two."""
    text = click.unstyle(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


NO_LINE_START = set("，。、：；！？）」』”’%")  # Chinese punctuation never starts a line


def wrap(text: str, size: int = 100) -> str:
    """A paragraph broken into lines of at most ``size`` columns: at spaces, and between any two
    Chinese characters (which have no spaces), never before Chinese punctuation.

    >>> print(wrap("one two three", 7))
    one two
    three
    >>> print(wrap("每一手牌都按出牌人当时所见来评判。", 10))
    每一手牌都
    按出牌人当
    时所见来评
    判。
    >>> red = click.style("♥4", fg="red") + " " + click.style("♦3", fg="red")
    >>> wrap(red, 5) == red  # colour takes no width
    True
    """
    out: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []  # characters, and colour codes kept whole (they take no width)
        last_break = 0
        for unit in _ANSI_OR_CHAR.findall(paragraph):
            line.append(unit)
            if width("".join(line).rstrip(" ")) <= size:
                if _may_break_after(unit):
                    last_break = len(line)  # a line may end after a space or a wide character
                continue
            cut = last_break if last_break else len(line) - 1
            while 0 < cut < len(line) and line[cut] in NO_LINE_START:
                cut -= 1  # keep the punctuation with the character before it
            if cut <= 0:
                cut = len(line) - 1
            out.append("".join(line[:cut]).rstrip())
            line = line[cut:]
            while line and line[0] == " ":
                line.pop(0)
            last_break = max((i + 1 for i, u in enumerate(line) if _may_break_after(u)), default=0)
        out.append("".join(line).rstrip())
    return "\n".join(out)


_ANSI_OR_CHAR = re.compile(r"\x1b\[[;?0-9]*[a-zA-Z]|.", re.S)


def _may_break_after(unit: str) -> bool:
    return unit == " " or (len(unit) == 1 and unicodedata.east_asian_width(unit) in "WF")


def compact_table(rows: list[list], headers: list[str], size: int = 100,  # type: ignore[type-arg]
                  wrapped: tuple[tuple[int, ...], ...] = ()) -> str:
    """A table as tabulate's "simple" draws one, but with two spaces between columns and none added
    to the headers, so that a wide table fits ``size`` columns; wide characters and colour are measured
    right. Where it would still be wider, cells are broken over several lines, at spaces or between
    Chinese characters: ``wrapped`` lists groups of columns (indices) in the order they give way, the
    widest of a group first, each down to its header's width or its longest word.

    >>> print(compact_table([[1, "SA SK SQ SJ", "lost 10"]], ["#", "play", "loss"], size=17, wrapped=((1,), (2,))))
    #  play   loss
    -  -----  -------
    1  SA SK  lost 10
       SQ SJ
    """
    cells = [[str(c) for c in row] for row in [headers, *rows]]
    widths = [max(width(row[i]) for row in cells) for i in range(len(headers))]
    least = {i: max([width(headers[i])] + [width(word) for row in cells[1:] for word in row[i].split(" ")])
             for group in wrapped for i in group}
    for group in wrapped:
        while sum(widths) + 2 * (len(widths) - 1) > size:
            narrowable = [i for i in group if widths[i] > least[i]]
            if not narrowable:
                break
            widths[max(narrowable, key=lambda i: widths[i])] -= 1
    lines = []
    for row in cells:
        parts = [wrap(c, widths[i]).split("\n") if i in least else [c] for i, c in enumerate(row)]
        for k in range(max(len(p) for p in parts)):
            lines.append("  ".join(pad(p[k] if k < len(p) else "", w) for p, w in zip(parts, widths, strict=True))
                         .rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))  # the headers are never broken: one line
    return "\n".join(lines)


def pad(text: str, size: int) -> str:
    return text + " " * max(0, size - width(text))


def hand_lines(pos: Position, seat: int, style: Style) -> list[str]:
    """A hand by effective suit, trumps first: one line per suit."""
    hand = pos.hands[seat]
    if hand is None:
        return [_("(unknown)")]
    lines = []
    for suit, cards in pos.order.by_suit(hand):
        if suit == TRUMP:
            body = style.cards(cards) if cards else "-"
            lines.append(f"{style.trump_mark} {body}")
        else:
            ranks = " ".join(("10" if RANKS[c % 13] == "T" and not style.ascii else RANKS[c % 13]) for c in cards)
            lines.append(f"{style.suit(suit)} {ranks or '-'}")
    return lines


def hidden_lines(pos: Position, seat: int, voids: list[int], style: Style) -> list[str]:
    """A hand the viewer cannot see: its number of cards, and the suits it has shown it lacks."""
    hand = pos.hands[seat]
    lines = [ngettext("({n} card)", "({n} cards)", len(hand)).format(n=len(hand)) if hand is not None
             else _("(? cards)")]
    if voids and (hand is None or len(hand)):  # an empty hand lacks everything: nothing to say
        shown = [style.trump_mark if s == TRUMP else style.suit(s) for s in voids]
        lines.append(_("void: {suits}").format(suits=" ".join(shown)))
    return lines


def diagram(pos: Position, style: Style, hidden: dict[int, list[int]] | None = None) -> str:
    """N on top, W left, E right, S at the bottom. ``hidden`` maps the seats the viewer cannot see to
    the suits they have shown they lack."""
    role = _("{seat} (declarer)") if pos.rules.is_bridge else _("{seat} (dealer)")
    hidden = hidden or {}
    blocks = {seat: [role.format(seat=seat_label(seat)) if seat == pos.dealer else seat_label(seat)]
              + (hidden_lines(pos, seat, hidden[seat], style) if seat in hidden else hand_lines(pos, seat, style))
              for seat in range(4)}
    west_width = max(width(line) for line in blocks[WEST]) + 4
    indent = " " * max(12, west_width // 2 + 4)
    out = [indent + line for line in blocks[NORTH]]
    rows = max(len(blocks[WEST]), len(blocks[EAST]))
    middle_width = max(west_width, 2 * len(indent))
    for i in range(rows):
        west = blocks[WEST][i] if i < len(blocks[WEST]) else ""
        east = blocks[EAST][i] if i < len(blocks[EAST]) else ""
        out.append(pad(west, middle_width) + east)
    out += [indent + line for line in blocks[SOUTH]]
    return "\n".join(line.rstrip() for line in out)


def header(pos: Position, style: Style, hide_bottom: bool = False) -> str:
    if pos.rules.is_bridge:
        return bridge_header(pos, style)
    dealer_team = team(pos, pos.dealer)
    attackers = "–".join(seat_label(s) for s in sorted(pos.attackers))
    trump = style.suit(pos.trump)
    told = joker_bury_of(pos) if hide_bottom else None
    bottom = (_("hidden (a dig is worth {multiplier}× its points)").format(multiplier=pos.rules.multiplier)
              if hide_bottom and not (told and told.big_jokers) else
              ngettext("hidden, with {n} big joker (a dig is worth {multiplier}× its points)",
                       "hidden, with {n} big jokers (a dig is worth {multiplier}× its points)",
                       told.big_jokers).format(n=told.big_jokers, multiplier=pos.rules.multiplier)
              if hide_bottom and told else
              _("{cards} ({points} points; a dig is worth {dig})").format(
                  cards=style.cards(pos.bottom) if pos.bottom else "?", points=pos.bottom_points, dig=pos.dig_value))
    lines = [
        _("Level {level}, trump {trump}. Dealer {dealer}: {team} is the dealer team, {attackers} attack. "
          "Rules: {rules}.").format(level=level_label(pos.level), trump=trump, dealer=seat_label(pos.dealer),
                                    team=dealer_team, attackers=attackers, rules=pos.rules.label()),
        _("Attackers' points so far: {points}. Bottom: {bottom}.").format(points=pos.points, bottom=bottom),
    ]
    lines.append(_to_play(pos, style))
    return "\n".join(lines)


def _to_play(pos: Position, style: Style) -> str:
    if pos.is_over():
        return ngettext("The hand is over ({n} trick recorded).", "The hand is over ({n} tricks recorded).",
                        len(pos.history)).format(n=len(pos.history))
    lines = []
    if pos.trick:
        played = pgettext("between parts", ", ").join(f"{seat_label(pos.seat_after(pos.leader, i))} {style.play(p)}"
                                                      for i, p in enumerate(pos.trick))
        lines.append(_("Trick in progress: {plays}.").format(plays=played))
    if not pos.trick:
        text = ngettext("{seat} to lead, {n} card in hand.", "{seat} to lead, {n} cards in hand.", pos.cards_left)
    else:
        text = ngettext("{seat} to play, {n} card in hand.", "{seat} to play, {n} cards in hand.", pos.cards_left)
    lines.append(text.format(seat=seat_label(pos.to_play), n=pos.cards_left))
    return "\n".join(lines)


def team(pos: Position, seat: int) -> str:
    return f"{seat_label(seat)}–{seat_label((seat + 2) % 4)}"


def level_label(level: str | None) -> str:
    """A level as the text shows it: ``10`` as the cards show the ten (``♥10``), not the files' ``T``."""
    return "10" if level == "T" else str(level)


def bridge_header(pos: Position, style: Style) -> str:
    defenders = pos.seat_after(pos.dealer)
    if pos.trump is None:
        first = _("Bridge, no trump. Declarer {declarer} ({team}); {defenders} defend.")
    else:
        first = _("Bridge, trumps {trump}. Declarer {declarer} ({team}); {defenders} defend.")
    return "\n".join([
        first.format(trump=style.suit(pos.trump) if pos.trump is not None else "", declarer=seat_label(pos.dealer),
                     team=team(pos, pos.dealer), defenders=team(pos, defenders)),
        _("Tricks won by the defenders so far: {points}.").format(points=pos.points),
        _to_play(pos, style),
    ])


def result_sentence(points: int, dug: bool, outcome: Outcome, jokers_in_bottom: int | None = None) -> str:
    """How a hand ended, in one sentence; given the big jokers buried, a second says why the levels are
    what they are."""
    text = (_("Result: the attackers finished with {points} and dug the bottom; {outcome}.") if dug else
            _("Result: the attackers finished with {points} and did not dig the bottom; {outcome}."))
    said = text.format(points=points, outcome=outcome.describe())
    why = None if jokers_in_bottom is None else levels_reason(outcome, points, jokers_in_bottom)
    return said if why is None else _("{sentence} {next}").format(sentence=said, next=why)


def sentence(analysis: Analysis) -> str:
    value = analysis.value
    if analysis.position.is_over() and value.outcome is not None:
        return result_sentence(value.points, value.dug, value.outcome)
    if value.outcome is None:
        pos = analysis.position
        return _("Best play: {team}, to play, take {tricks} of the {left} remaining tricks.").format(
            team=team(pos, pos.to_play), tricks=value.points, left=pos.cards_left)
    text = (_("Best play: the attackers reach {points} and dig the bottom; {outcome}.") if value.dug else
            _("Best play: the attackers reach {points} and the dealer team keeps the bottom; {outcome}."))
    return text.format(points=value.points, outcome=value.outcome.describe())


def outcome_label(text: str) -> str:
    """An outcome written as data (``attackers-up 1``) as a table shows it in the current language."""
    name, _sep, levels = text.partition(" ")
    return Outcome(name, int(levels or 0)).label() if name in OUTCOME_NAMES else text


def value_text(value) -> str:  # type: ignore[no-untyped-def]
    """A value as a table shows it: ``160 dug attackers-up 3``, in the current language."""
    return (_("{points} dug {outcome}") if value.dug else _("{points} {outcome}")).format(
        points=value.points, outcome=value.outcome.label() if value.outcome is not None else "")


def value_phrase(value) -> str:  # type: ignore[no-untyped-def]
    """A value as a sentence says it: ``160 points with the bottom dug (the attackers take the deal
    and go up 3 levels)``, in the current language."""
    text = (_("{points} points with the bottom dug ({outcome})") if value.dug else
            _("{points} points with the bottom kept ({outcome})"))
    return text.format(points=value.points, outcome=value.outcome.describe())


def loss_text(analysis: Analysis, move) -> str:  # type: ignore[no-untyped-def]
    """Against the best play: the points given up, or a worse result (outcome objective); under
    the result objective only the result (its points are only a value that reaches it)."""
    if analysis.objective == "result":
        return _("best") if move.value.outcome == analysis.value.outcome else _("worse result")
    if move.value == analysis.value:
        return _("best")
    if analysis.objective == "outcome" and move.value.outcome != analysis.value.outcome:
        return _("worse result")
    return f"{-move.loss:+d}" if move.loss else _("dig")


def moves_table(analysis: Analysis, style: Style) -> str:
    if analysis.value.outcome is None:
        rows = [[style.play(m.play), _or_dash(m.value and m.value.points), _loss_or_optimal(analysis, m)]
                for m in analysis.moves]
        return tabulate(rows, headers=[_("play"), _("tricks"), _("loss")], tablefmt="simple", disable_numparse=True)
    rows = [
        [style.play(m.play), _or_dash(m.value and m.value.points),
         _or_dash(m.value and (_("yes") if m.value.dug else _("no"))), _or_dash(m.value and m.value.outcome.label()),
         _loss_or_optimal(analysis, m)]
        for m in analysis.moves
    ]
    return tabulate(rows, headers=[_("play"), _("points"), _("dug"), _("outcome"), _("loss")], tablefmt="simple",
                    disable_numparse=True)


def intervals_table(stop, style: Style) -> str:  # type: ignore[no-untyped-def]
    """Every play's proven interval after a stopped search (``solve(intervals=True)``), as a table."""
    def edge(v) -> str:  # type: ignore[no-untyped-def]
        return "—" if v is None else str(v.points)

    def proved(i) -> str:  # type: ignore[no-untyped-def]
        if i.worse_result:
            return _("worse result (proven by bounds)")
        if i.proven_worse:
            return _("worse (proven by bounds)")
        if i.proven_best:
            return _("best") if i.exact else _("best (proven by bounds)")
        return _("exact") if i.exact else ""

    rows = [[style.play(i.play), edge(i.at_least), edge(i.at_most),
             _("≥ {n}").format(n=i.loss_at_least) if i.proven_worse and i.loss_at_least else "", proved(i)]
            for i in stop.intervals]
    bridge = stop.intervals and stop.intervals[0].worse_result is None
    what = _("tricks") if bridge else _("points")
    return tabulate(rows, headers=[_("play"), _("at least ({what})").format(what=what),
                                   _("at most ({what})").format(what=what), _("loss"), _("proved")],
                    tablefmt="simple", disable_numparse=True)


def _or_dash(value) -> str:  # type: ignore[no-untyped-def]
    return "—" if value is None else str(value)


def _loss_or_optimal(analysis: Analysis, move) -> str:  # type: ignore[no-untyped-def]
    if move.optimal is not None:
        return _("optimal") if move.optimal else _("not optimal")
    if analysis.value.outcome is None:
        return _("best") if move.value == analysis.value else f"{-move.loss:+d}"
    return loss_text(analysis, move)


def line_table(analysis: Analysis, style: Style) -> str:
    rows = []
    for number, trick in enumerate(analysis.line, start=1):
        pos = analysis.position
        plays = [f"{seat_label(pos.seat_after(trick.leader, i))} {style.play(p)}" for i, p in enumerate(trick.plays)]
        rows.append([number, seat_label(trick.leader), *plays,
                     seat_label(trick.winner) if trick.winner is not None else "", trick.points])
    headers = ["#", _("leader"), _("1st"), _("2nd"), _("3rd"), _("4th"), _("winner"),
               _("tricks") if pos.rules.is_bridge else _("points")]
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
