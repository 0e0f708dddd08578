"""Entering a deal on the board: a hand checked as it is typed, a position built from the editor's
fields (the engine checks every rule of it), and random deals and endgames.

>>> check_hand("AK.T5.-.3")["count"]
5
>>> check_hand("AX.-.-.-")["error"]
"invalid rank 'X' in hand string 'AX.-.-.-'"
>>> check_hand("AAAA.-.-.-")["error"]
'♠A: 4 given, only 3 in the packs'

A deal after the bury may leave its bottom out: six cards the hands do not hold fill it, as a dealer would
bury them — small plain cards worth no points, no level card, 2 or trump where the cards left allow (a dig
then adds no points, and no level for a joker):

>>> text = build_position({"hands": {"S": "AA.2.-.-.B", "E": "K.T5.-.3", "N": "Q.A.-.-.LL", "W": "55.K.3.-"},
...                        "level": "3", "trump": "H", "dealer": "N", "leader": "S", "points": 95})
>>> [line for line in text.splitlines() if line.startswith("[Bottom")]
['[Bottom "444.-.444.-"]']

A whole deal leaves exactly six cards: they are the bottom.

>>> from huolong.puzzles import read_example
>>> start = read_example("hand-record")[0].start()
>>> hands = {seat: str(hand) for seat, hand in zip(SEATS, start.hands)}
>>> build_position({"hands": hands, "level": "Q", "trump": "D", "dealer": "W"}).count('[Bottom "64.3.-.864"]')
1
"""

from __future__ import annotations

import random

from huolong.engine import Hand, HuolongError, Play, Position, Rules, write_position
from huolong.engine.cards import BIG_JOKER, COPIES, LITTLE_JOKER, NUM_KINDS, card_points, card_unicode
from huolong.engine.order import TRUMP, TrumpOrder, parse_level, parse_suit
from huolong.engine.deal import deal_hand
from huolong.solver.playout import play_hand

from huolong.i18n import _

from .positions import BadRequest, parse

SEATS = "SENW"


def read_hand(text: str) -> Hand:
    """An editor field: a hand string (``AK.T5.-.3``), or the cards one by one as a player types them
    (``黑桃A 黑桃K 红桃10``, ``SA SK HT``); ``-`` or nothing for no cards.

    >>> str(read_hand("红桃A，红桃K、黑桃５")), str(read_hand("AK.T5.-.3"))
    ('5.AK.-.-', 'AK.T5.-.3')
    """
    text = text.strip()
    if text in ("", "-"):
        return Hand()
    if "." in text:
        return Hand.parse(text)
    return Hand.from_cards(Play.parse(text).cards)


def as_hand_string(text: object) -> str:
    """An editor field as the file's hand string (``-`` for none); as typed where it cannot be read."""
    if not isinstance(text, str) or text.strip() in ("", "-"):
        return "-"
    try:
        return str(read_hand(text))
    except HuolongError:
        return text.strip()


def check_hand(text: object) -> dict:
    """An editor field (:func:`read_hand`): its cards as a hand string, or the engine's message."""
    if not isinstance(text, str):
        raise BadRequest(_("text: a hand string like AK.T5.-.3"))
    try:
        hand = read_hand(text)
    except HuolongError as e:
        return {"ok": False, "error": str(e), "count": None, "points": None}
    over = over_used(hand.counts)
    if over:
        return {"ok": False, "error": over, "count": len(hand), "points": hand.points}
    return {"ok": True, "error": None, "count": len(hand), "points": hand.points, "hand": str(hand)}


def over_used(counts: tuple[int, ...] | list[int]) -> str | None:
    """The first card given more often than the packs hold it, as a player reads it; else ``None``."""
    for card, n in enumerate(counts):
        if n > COPIES:
            return _("{card}: {n} given, only {copies} in the packs").format(card=card_unicode(card), n=n,
                                                                             copies=COPIES)
    return None


def pointless_bottom(hands: list[str], level: str | None = None, trump: str | None = None) -> str:
    """Six cards no hand holds, as a hand string: the bottom of a deal entered without one — what a dealer
    would bury: small plain cards worth no points first (3s first), never a level card, a 2 or a trump
    while another card is left, so that a dig adds nothing where the cards left allow it; a whole deal
    leaves exactly six, and they are the bottom.

    >>> pointless_bottom([], level="3", trump="H")  # no 3 (level cards), no heart: ♠4 ♠4 ♠4 ♦4 ♦4 ♦4
    '444.-.444.-'
    """
    left = [COPIES] * NUM_KINDS
    for text in hands:
        if text.strip() not in ("", "-"):
            for card, n in enumerate(read_hand(text).counts):
                left[card] -= n
    try:  # the engine's trumps: the jokers, the 2s, the level cards and the trump suit
        trump_order: TrumpOrder | None = TrumpOrder(parse_level(level or ""), parse_suit(trump or ""))
    except HuolongError:  # a level or suit it cannot read: the file's error, said when it is read
        trump_order = None

    def trumps(c: int) -> bool:
        return c >= LITTLE_JOKER if trump_order is None else trump_order.effective_suit(c) == TRUMP

    order = sorted(range(NUM_KINDS), key=lambda c: (c == BIG_JOKER or card_points(c) > 0, trumps(c),  # plain first
                                                     (c % 13 - 1) % 13 if c < 52 else 13, c))  # 3s first, 2s last
    bottom: list[int] = []
    for card in order:
        take = max(0, min(left[card], 6 - len(bottom)))
        bottom += [card] * take
    return str(Hand.from_cards(bottom))


def build_position(fields: dict) -> str:
    """The editor's fields as deal-file text; the engine's first complaint as a :class:`BadRequest`.

    ``hands``: hand strings by seat (``-`` or empty for an unknown hand);
    ``bottom`` or, before the bury, ``kitty``; ``level``, ``trump``,
    ``dealer``, ``leader``, ``points``, ``rules``, ``event``.
    """
    hands = fields.get("hands")
    if not isinstance(hands, dict):
        raise BadRequest(_("hands: a hand string for each seat S E N W"))
    # a field may list its cards one by one: the file takes hand strings (one the editor cannot read is left as
    # typed, for the engine to name its line and fault)
    deal_hands = [as_hand_string(hands.get(seat)) for seat in SEATS]
    fields = {**fields, **{name: as_hand_string(fields[name]) for name in ("bottom", "kitty")
                           if isinstance(fields.get(name), str) and fields[name].strip()}}
    tags = [("Event", fields.get("event") or "entered on the board"), ("Rules", fields.get("rules") or "standard"),
            ("Level", fields.get("level")), ("Trump", fields.get("trump")), ("Dealer", fields.get("dealer"))]
    if fields.get("kitty"):
        tags.append(("Kitty", fields["kitty"]))
    if not fields.get("kitty"):
        bottom = fields.get("bottom") or "-.-.-.-"
        if isinstance(bottom, str) and bottom.strip() in ("", "-", "-.-.-.-"):
            try:
                bottom = pointless_bottom([h for h in deal_hands if isinstance(h, str)], fields.get("level"),
                                          fields.get("trump"))
            except HuolongError as e:
                raise BadRequest(str(e)) from None
        tags += [("Leader", fields.get("leader") or fields.get("dealer")), ("Points", str(fields.get("points") or 0)),
                 ("Bottom", bottom)]
    deal = " ".join(deal_hands)
    tags.append(("Deal", f"S:{deal}"))
    text = "".join(f'[{name} "{value}"]\n' for name, value in tags if value not in (None, ""))
    [pos] = parse(text, _("<editor>"))
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


