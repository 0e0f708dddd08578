"""Text rendering of positions and analyses: the compass diagram, header, tables.

Presentation only: everything shown comes from the engine and the solver.
"""

from __future__ import annotations

import re
import unicodedata

import click
from tabulate import tabulate

from huolong.engine import BIG_JOKER, LITTLE_JOKER, TRUMP, Hand, Play, Position, seat_name
from huolong.engine.cards import RANKS, SUIT_SYMBOLS, SUITS, card_token, card_unicode, parse_card
from huolong.engine.seats import NORTH, SOUTH, WEST, EAST
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
        return "T*" if self.ascii else "★"


def width(text: str) -> int:
    """Display width: ANSI codes take none, East Asian wide characters take two."""
    text = click.unstyle(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, size: int) -> str:
    return text + " " * max(0, size - width(text))


def hand_lines(pos: Position, seat: int, style: Style) -> list[str]:
    """A hand by effective suit, trumps first: one line per suit."""
    hand = pos.hands[seat]
    if hand is None:
        return ["(unknown)"]
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
    lines = [f"({len(hand) if hand is not None else '?'} cards)"]
    if voids:
        shown = [style.trump_mark if s == TRUMP else style.suit(s) for s in voids]
        lines.append("void: " + " ".join(shown))
    return lines


def diagram(pos: Position, style: Style, hidden: dict[int, list[int]] | None = None) -> str:
    """N on top, W left, E right, S at the bottom. ``hidden`` maps the seats the viewer cannot see to
    the suits they have shown they lack."""
    role = " (declarer)" if pos.rules.is_bridge else " (dealer)"
    hidden = hidden or {}
    blocks = {seat: [f"{seat_name(seat)}{role if seat == pos.dealer else ''}"]
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
    dealer_team = f"{seat_name(pos.dealer)}–{seat_name((pos.dealer + 2) % 4)}"
    attackers = "–".join(seat_name(s) for s in sorted(pos.attackers))
    trump = style.suit(pos.trump)
    bottom = (f"hidden (a dig is worth {pos.rules.multiplier}× its points)" if hide_bottom else
              f"{style.cards(pos.bottom) if pos.bottom else '?'} ({pos.bottom_points} points; "
              f"a dig is worth {pos.dig_value})")
    lines = [
        f"Level {pos.level}, trump {trump}. Dealer {seat_name(pos.dealer)}: {dealer_team} is the dealer team, "
        f"{attackers} attack. Rules: {pos.rules}.",
        f"Attackers' points so far: {pos.points}. Bottom: {bottom}.",
    ]
    lines.append(_to_play(pos, style))
    return "\n".join(lines)


def _to_play(pos: Position, style: Style) -> str:
    if pos.is_over():
        return f"The hand is over ({len(pos.history)} tricks recorded)."
    lines = []
    if pos.trick:
        played = ", ".join(f"{seat_name(pos.seat_after(pos.leader, i))} {style.play(p)}" for i, p in enumerate(pos.trick))
        lines.append(f"Trick in progress: {played}.")
    verb = "lead" if not pos.trick else "play"
    lines.append(f"{seat_name(pos.to_play)} to {verb}, {pos.cards_left} card{'s' if pos.cards_left != 1 else ''} in hand.")
    return "\n".join(lines)


def team(pos: Position, seat: int) -> str:
    return f"{seat_name(seat)}–{seat_name((seat + 2) % 4)}"


def bridge_header(pos: Position, style: Style) -> str:
    strain = "no trump" if pos.trump is None else f"trumps {style.suit(pos.trump)}"
    defenders = pos.seat_after(pos.dealer)
    return "\n".join([
        f"Bridge, {strain}. Declarer {seat_name(pos.dealer)} ({team(pos, pos.dealer)}); {team(pos, defenders)} defend.",
        f"Tricks won by the defenders so far: {pos.points}.",
        _to_play(pos, style),
    ])


def sentence(analysis: Analysis) -> str:
    value = analysis.value
    if analysis.position.is_over() and value.outcome is not None:
        dig = "dug the bottom" if value.dug else "did not dig the bottom"
        return f"Result: the attackers finished with {value.points} and {dig}; {value.outcome.describe()}."
    if value.outcome is None:
        pos = analysis.position
        return (f"Best play: {team(pos, pos.to_play)}, to play, take {value.points} of the "
                f"{pos.cards_left} remaining tricks.")
    dig = "and dig the bottom" if value.dug else "and the dealer team keeps the bottom"
    result = value.outcome.describe()
    return f"Best play: the attackers reach {value.points} {dig}; {result}."


def loss_text(analysis: Analysis, move) -> str:  # type: ignore[no-untyped-def]
    """Against the best play: the points given up, or a worse result (outcome objective); under
    the result objective only the result (its points are only a value that reaches it)."""
    if analysis.objective == "result":
        return "best" if move.value.outcome == analysis.value.outcome else "worse result"
    if move.value == analysis.value:
        return "best"
    if analysis.objective == "outcome" and move.value.outcome != analysis.value.outcome:
        return "worse result"
    return f"{-move.loss:+d}" if move.loss else "dig"


def moves_table(analysis: Analysis, style: Style) -> str:
    if analysis.value.outcome is None:
        rows = [[style.play(m.play), _or_dash(m.value and m.value.points), _loss_or_optimal(analysis, m)]
                for m in analysis.moves]
        return tabulate(rows, headers=["play", "tricks", "loss"], tablefmt="simple", disable_numparse=True)
    rows = [
        [style.play(m.play), _or_dash(m.value and m.value.points),
         _or_dash(m.value and ("yes" if m.value.dug else "no")), _or_dash(m.value and str(m.value.outcome)),
         _loss_or_optimal(analysis, m)]
        for m in analysis.moves
    ]
    return tabulate(rows, headers=["play", "points", "dug", "outcome", "loss"], tablefmt="simple",
                    disable_numparse=True)


def _or_dash(value) -> str:  # type: ignore[no-untyped-def]
    return "—" if value is None else str(value)


def _loss_or_optimal(analysis: Analysis, move) -> str:  # type: ignore[no-untyped-def]
    if move.optimal is not None:
        return "optimal" if move.optimal else "not optimal"
    if analysis.value.outcome is None:
        return "best" if move.value == analysis.value else f"{-move.loss:+d}"
    return loss_text(analysis, move)


def line_table(analysis: Analysis, style: Style) -> str:
    rows = []
    for number, trick in enumerate(analysis.line, start=1):
        pos = analysis.position
        plays = [f"{seat_name(pos.seat_after(trick.leader, i))} {style.play(p)}" for i, p in enumerate(trick.plays)]
        rows.append([number, seat_name(trick.leader), *plays,
                     seat_name(trick.winner) if trick.winner is not None else "", trick.points])
    headers = ["#", "leader", "1st", "2nd", "3rd", "4th", "winner", "tricks" if pos.rules.is_bridge else "points"]
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
