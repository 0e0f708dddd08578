"""What a puzzle is about: its themes, a first difficulty estimate, and one sentence of why.

All three are read from the solution and the solver's values of the
alternatives — nothing is written by hand.

>>> from huolong.engine import read_file
>>> from huolong.solver.search import solve
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> analysis = solve(pos, "outcome", line=False)
>>> why(pos, analysis, "result")
'only D8 keeps the bottom; C5 lets E–W dig: attackers-up 3'
"""

from __future__ import annotations

import re

from huolong.engine import OUTCOME_NAMES, TRUMP, Outcome, Play, Position, parse_seat, seat_label, seat_name
from huolong.i18n import N_, _
from huolong.engine.cards import RANKS
from huolong.engine.tricks import play_power

from huolong.solver.search import Analysis

THEMES = ("dig", "keep-bottom", "ruff", "discard", "pair", "triple", "count", "tie", "points")
# the themes as a player reads them (the names above are data: files, --theme, JSON)
_THEME_LABELS = {"dig": N_("dig"), "keep-bottom": N_("keep-bottom"), "ruff": N_("ruff"), "discard": N_("discard"),
                 "pair": N_("pair"), "triple": N_("triple"), "count": N_("count"), "tie": N_("tie"),
                 "points": N_("points")}


def theme_label(theme: str) -> str:
    """A theme's name in the current language (an unknown one as it is)."""
    return _(_THEME_LABELS[theme]) if theme in _THEME_LABELS else theme


def detect_themes(pos: Position, line: list[Play] | tuple[Play, ...], analysis: Analysis,
                  kind: str) -> tuple[str, ...]:
    """The themes of a puzzle, read from its solution and the values of the alternatives."""
    themes: set[str] = {"points"} if kind == "points" else set()
    best = analysis.value
    mover_attacks = pos.is_attacker(pos.to_play)
    others = [m.value for m in analysis.moves if m.value != best]
    if mover_attacks and best.dug and any(not v.dug for v in others):
        themes.add("dig")
    if not mover_attacks and not best.dug and any(v.dug for v in others):
        themes.add("keep-bottom")
    threshold = pos.rules.threshold
    if any((v.points >= threshold) != (best.points >= threshold) for v in others):
        themes.add("count")
    order = pos.order
    p = pos.copy()
    side = pos.to_play
    for play in line:
        own = pos.is_attacker(p.to_play) == pos.is_attacker(side)
        if own:  # leading a pair or triple, or following one
            if len(play) == 2:
                themes.add("pair")
            if len(play) == 3:
                themes.add("triple")
            if p.trick:
                led = order.effective_suit(p.trick[0].cards[0])
                suits = {order.effective_suit(c) for c in play.cards}
                if led != TRUMP and led not in suits:
                    if suits == {TRUMP} and play.is_unit:
                        themes.add("ruff")
                    elif TRUMP not in suits:
                        themes.add("discard")
        if p.trick and ties(p, play):
            themes.add("tie")
        p.play(play)
    if pos.trick and any(ties(pos, m.play) for m in analysis.moves if m.value != best):
        themes.add("tie")  # a tempting equal card that loses the tie to the earlier play
    return tuple(t for t in THEMES if t in themes)


def may_have_theme(pos: Position, theme: str) -> bool:
    """A cheap test before solving: can a puzzle here have ``theme`` at all?"""
    if theme == "triple":  # the side to move holds one, or one was led
        hand = pos.hands[pos.to_play]
        return (hand is not None and 3 in hand.counts) or (bool(pos.trick) and len(pos.trick[0]) == 3)
    if theme == "tie":
        return bool(pos.trick) and any(ties(pos, p) for p in pos.legal_plays())
    if theme == "pair":
        return any(n >= 2 for h in pos.hands if h is not None for n in h.counts)
    return True


def ties(pos: Position, play: Play) -> bool:
    """Does ``play`` equal the trick's best so far with different cards — a 副级 or 副2 tie the earlier play wins?"""
    order, lead = pos.order, pos.trick[0]
    power = play_power(play, lead, order)
    if power < 0:
        return False
    best = max(pos.trick, key=lambda q: play_power(q, lead, order))
    if play_power(best, lead, order) != power or best.cards[0] == play.cards[0]:
        return False
    card = play.cards[0]
    return card < 52 and RANKS[card % 13] in (pos.level, "2")


def rate(pos: Position, analysis: Analysis, side_moves: int, themes: tuple[str, ...] = ()) -> int:
    """A first difficulty estimate, about 800–2400 like chess puzzle ratings; the trainer's
    Glicko-2 ratings start from it and learn from the players' attempts.

    650, plus 100 for each other play to choose from (up to 8), plus 350 for
    each further move the side must find, plus 60 for each card in hand (up
    to 10: a longer ending is harder to see through), plus 300 when the
    answer gives up points that another play would take (a sacrifice), plus
    150 for each of the subtle themes (tie, triple, discard); minus 100 when
    every wrong play loses by 40 points or more.
    """
    best = analysis.value
    wrong = [m for m in analysis.moves if m.value != best]
    rating = 650 + 100 * min(8, len(wrong)) + 350 * (side_moves - 1) + 60 * min(10, pos.cards_left)
    if any(m.loss is not None and m.loss < 0 for m in wrong):  # a wrong play with more points for the mover's side
        rating += 300
    rating += 150 * sum(t in themes for t in ("tie", "triple", "discard"))
    if wrong and all(m.loss is not None and m.loss >= 40 for m in wrong):
        rating -= 100
    return max(800, min(2400, rating))


# -- one sentence of why ---------------------------------------------------------------------


def _team(pos: Position, attackers: bool) -> str:
    """``S–N`` or ``E–W``."""
    seat = (pos.dealer + (1 if attackers else 0)) % 2
    return f"{seat_name(seat)}–{seat_name(seat + 2)}"  # letters: the sentence goes into the file


#: The sentences of why, by case. A puzzle file's ``Why`` tag holds the English one (files are the same
#: in every language); :func:`why_text` shows it in the current language.
WHY = {
    "takes": N_("only {answer} takes the attackers to {points} ({outcome} either way); {other} takes {loss} "
                "fewer: {other_points}"),
    "holds": N_("only {answer} holds the attackers to {points} ({outcome} either way); {other} gives them "
                "{loss} more: {other_points}"),
    "dig": N_("only {answer} digs the bottom; {other} lets {team} keep it: {other_outcome}"),
    "keep": N_("only {answer} keeps the bottom; {other} lets {team} dig: {other_outcome}"),
    "reach": N_("only {answer} reaches {threshold}; {other} stops at {other_points}: {other_outcome}"),
    "under": N_("only {answer} holds the attackers under {threshold}; {other} lets them reach {other_points}: "
                "{other_outcome}"),
    "keeps": N_("only {answer} keeps {outcome}; {other} ends in: {other_outcome}"),
}
_WHY_FIELD = {"answer": r"(?P<answer>.+?)", "other": r"(?P<other>.+?)", "team": r"(?P<team>\S+)",
              "outcome": r"(?P<outcome>[a-z-]+(?: \d+)?)", "other_outcome": r"(?P<other_outcome>[a-z-]+(?: \d+)?)"}


def why(pos: Position, analysis: Analysis, kind: str) -> str:
    """What the answer achieves and what the most tempting other play gives away, from the values
    (in English: it is what a puzzle file's ``Why`` tag holds).

    ``"only CK CK keeps the bottom; DA lets E–W dig: attackers-up 1"``
    """
    best = analysis.value
    answer = next(m for m in analysis.moves if m.value == best).play
    tempting = next(m for m in analysis.moves if m.value != best)  # the moves come best first
    attacks = pos.is_attacker(pos.to_play)
    other = tempting.value
    fields = {"answer": answer, "other": tempting.play, "points": best.points, "outcome": best.outcome,
              "loss": tempting.loss, "other_points": other.points, "other_outcome": other.outcome,
              "threshold": pos.rules.threshold}
    if kind == "points":
        return WHY["takes" if attacks else "holds"].format(**fields)
    threshold = pos.rules.threshold
    if attacks and best.dug and not other.dug:
        return WHY["dig"].format(team=_team(pos, False), **fields)
    if not attacks and not best.dug and other.dug:
        return WHY["keep"].format(team=_team(pos, True), **fields)
    if attacks and best.points >= threshold > other.points:
        return WHY["reach"].format(**fields)
    if not attacks and best.points < threshold <= other.points:
        return WHY["under"].format(**fields)
    return WHY["keeps"].format(**fields)


def why_text(sentence: str) -> str:
    """A ``Why`` tag's sentence in the current language (one not written by :func:`why` as it is).

    >>> from huolong.i18n import use
    >>> with use("zh"):
    ...     why_text("only CK CK keeps the bottom; DA lets E–W dig: attackers-up 1")
    '只有 CK CK 能保底；DA 会让东–西抠底：抓分方上台并升 1 级'
    """
    for template in WHY.values():
        pattern = re.escape(template)
        for name in re.findall(r"\{(\w+)\}", template):
            pattern = pattern.replace(re.escape("{" + name + "}"), _WHY_FIELD.get(name, rf"(?P<{name}>\d+)"), 1)
            pattern = pattern.replace(re.escape("{" + name + "}"), rf"(?P={name})")
        match = re.fullmatch(pattern, sentence)
        if match:
            fields = match.groupdict()
            if any(fields.get(n) and fields[n].partition(" ")[0] not in OUTCOME_NAMES
                   for n in ("outcome", "other_outcome")):
                continue
            for name in ("outcome", "other_outcome"):
                if fields.get(name):
                    outcome_name, _sp, levels = fields[name].partition(" ")
                    fields[name] = Outcome(outcome_name, int(levels or 0)).label()
            if fields.get("team"):
                fields["team"] = "–".join(seat_label(parse_seat(s)) for s in fields["team"].split("–"))
            return _(template).format(**fields)
    return sentence
