"""Entering a deal on the board: a hand checked as it is typed, a position built from the editor's
fields (the engine checks every rule of it), and random deals and endgames.

>>> check_hand("AK.T5.-.3")["count"]
5
>>> check_hand("AX.-.-.-")["error"]
"invalid rank 'X' in hand string 'AX.-.-.-'"
"""

from __future__ import annotations

import random

from huolong.engine import Hand, HuolongError, Position, Rules, write_position
from huolong.engine.deal import deal_hand
from huolong.solver.playout import play_hand

from huolong.i18n import _

from .positions import BadRequest, parse

SEATS = "SENW"


def check_hand(text: object) -> dict:
    """A hand string as the editor's field holds it: its cards, or the engine's message."""
    if not isinstance(text, str):
        raise BadRequest(_("text: a hand string like AK.T5.-.3"))
    try:
        hand = Hand.parse(text) if text.strip() not in ("", "-") else Hand()
    except HuolongError as e:
        return {"ok": False, "error": str(e), "count": None, "points": None}
    return {"ok": True, "error": None, "count": len(hand), "points": hand.points, "hand": str(hand)}


def build_position(fields: dict) -> str:
    """The editor's fields as deal-file text; the engine's first complaint as a :class:`BadRequest`.

    ``hands``: hand strings by seat (``-`` or empty for an unknown hand);
    ``bottom`` or, before the bury, ``kitty``; ``level``, ``trump``,
    ``dealer``, ``leader``, ``points``, ``rules``, ``event``.
    """
    hands = fields.get("hands")
    if not isinstance(hands, dict):
        raise BadRequest(_("hands: a hand string for each seat S E N W"))
    tags = [("Event", fields.get("event") or "entered on the board"), ("Rules", fields.get("rules") or "standard"),
            ("Level", fields.get("level")), ("Trump", fields.get("trump")), ("Dealer", fields.get("dealer"))]
    if fields.get("kitty"):
        tags.append(("Kitty", fields["kitty"]))
    else:
        tags += [("Leader", fields.get("leader") or fields.get("dealer")), ("Points", str(fields.get("points") or 0)),
                 ("Bottom", fields.get("bottom") or "-.-.-.-")]
    deal = " ".join((hands.get(seat) or "-").strip() or "-" for seat in SEATS)
    tags.append(("Deal", f"S:{deal}"))
    text = "".join(f'[{name} "{value}"]\n' for name, value in tags if value not in (None, ""))
    [pos] = parse(text, "<editor>")
    return write_position(pos)


def random_endgame(seed: int, cards: int, rules: Rules) -> Position:
    """A random deal played down by the bot (its bury, then every seat) to ``cards`` cards a hand, at the
    start of a trick: the points so far are those the play made."""
    rng = random.Random(f"board-endgame:{seed}")
    record = play_hand(deal_hand(rng, rules), rng.getrandbits(63)).record
    pos = record.start()
    for trick in record.history:
        if pos.cards_left <= cards:
            break
        for play in trick.plays:
            pos.play(play)
    out = pos.endgame()
    out.tags = {"Event": f"random endgame, {out.cards_left} cards a hand, seed {seed}"}
    return out


