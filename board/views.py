"""What the board shows of a position, as JSON: the table, the legal plays, the cards still out.

Everything here is read from the engine — the browser implements no rules.
A view is the same whether the page asks for the whole table or for one
seat's sight of it (``viewer``): the hands the viewer cannot see are then
only counted, with the voids they have shown.

>>> from huolong.puzzles import read_example
>>> [pos] = read_example("dig-fight")
>>> view = position_view(pos)
>>> view["to_play"], view["legal"]
('W', ['S4', 'DK', 'DK DK'])
>>> view["hands"]["E"]["suits"][0]
{'suit': 'T', 'cards': ['CT', 'CT']}

The kitty before the bury is the dealer's alone to see:

>>> [deal] = read_example("before-bury")
>>> len(position_view(deal)["kitty"]), position_view(deal, viewer=0)["kitty"] is None, position_view(deal, viewer=1)["kitty"]
(6, False, None)
"""

from __future__ import annotations

from huolong.engine import TRUMP, HuolongError, Position, card_points, card_token, seat_name
from huolong.engine.cards import NUM_KINDS, SUITS
from huolong.engine.jokers import BOTTOM_SHOWN_TAG, GANGUO_TAG, KITTY_SHOWN_TAG, joker_bury_of, told_sentences
from huolong.engine.outcome import WIN_GAME_POINTS, levels_reason
from huolong.engine.sampling import Knowledge
from huolong.engine.tribute import tribute_of, tribute_sentence
from huolong.engine.seats import Seat

def suit_name(suit: int) -> str:
    """``T`` for trumps, else the suit's letter (S H D C)."""
    return "T" if suit == TRUMP else SUITS[suit]


def hand_view(pos: Position, seat: Seat, visible: bool = True) -> dict:
    """A hand by effective suit, trumps first (as the CLI's diagram orders it), or its size alone."""
    hand = pos.hands[seat]
    if hand is None:
        return {"count": None, "visible": False, "suits": []}
    if not visible:
        return {"count": len(hand), "visible": False, "suits": []}
    return {"count": len(hand), "visible": True,
            "suits": [{"suit": suit_name(s), "cards": [card_token(c) for c in cards]}
                      for s, cards in pos.order.by_suit(hand)]}


def trick_view(pos: Position, leader: Seat, plays) -> list[dict]:  # type: ignore[no-untyped-def]
    return [{"seat": seat_name(pos.seat_after(leader, i)), "play": str(p)} for i, p in enumerate(plays)]


def shown_voids(pos: Position) -> dict[str, list[str]]:
    """The effective suits each seat has shown it lacks, from the play so far (public knowledge)."""
    if pos.hands[pos.to_play] is None or not pos.shape.card_scores:
        return {}
    voids = Knowledge.of(pos, pos.to_play).voids
    return {seat_name(s): [suit_name(v) for v in sorted(voids[s], key=lambda v: (v != TRUMP, v))]
            for s in range(4) if voids[s]}


def cards_out(pos: Position, viewer: Seat | None = None) -> dict | None:
    """The card kinds still in the hands (copies of each) and their points; for a ``viewer``, the cards
    it cannot see (the engine's :meth:`Knowledge.out`: the other hands, and the bottom unless it is the
    dealer), which it can count without knowing who holds them. ``None`` when they are unknown."""
    counts = [0] * NUM_KINDS
    if viewer is None and any(h is None for h in pos.hands):  # one hand given: what is out is what it cannot see
        given = [s for s in range(4) if pos.hands[s] is not None]
        if len(given) != 1:
            return None
        viewer = given[0]
    if viewer is not None:
        try:
            held = list(Knowledge.of(pos, viewer).out())
        except HuolongError:
            return None
    else:
        held = [card for hand in pos.hands for card in (hand or ())]
    for card in held:
        counts[card] += 1
    kinds = [{"card": card_token(c), "copies": counts[c]} for c in range(NUM_KINDS) if counts[c]]
    return {"kinds": kinds, "points": sum(card_points(c) * n for c, n in enumerate(counts))}


def position_view(pos: Position, viewer: Seat | None = None, spectator: bool = False) -> dict:
    """The table as JSON. ``viewer``: the seat whose sight it is (the others face down); ``spectator``:
    nobody's sight, every hand face down (what is public)."""
    bridge = not pos.shape.card_scores
    over = pos.is_over()
    sees_all = viewer is None and not spectator
    visible = [sees_all or s == viewer for s in range(4)]
    bottom_seen = sees_all or viewer == pos.dealer or over or bool(pos.tags.get(BOTTOM_SHOWN_TAG))
    last = pos.history[-1] if pos.history else None
    view = {
        "rules": str(pos.rules),
        "rules_label": pos.rules.label(),  # as the page shows it, in the request's language
        "bridge": bridge,
        "level": pos.level,
        "trump": suit_name(pos.trump) if pos.trump is not None else None,
        "dealer": seat_name(pos.dealer),
        "attackers": [seat_name(s) for s in sorted(pos.attackers)],
        "leader": seat_name(pos.leader),
        "to_play": None if over or pos.is_before_bury else seat_name(pos.to_play),
        "over": over,
        "before_bury": pos.is_before_bury,
        "points": pos.points,
        "threshold": pos.rules.threshold,
        "win_game": WIN_GAME_POINTS,
        "tricks_done": len(pos.history),
        "tricks_left": 0 if over else max(len(h) if h is not None else 0 for h in pos.hands),
        # the bottom is the dealer's to see until the hand ends, when it is turned up for all: another seat's
        # sight of the table leaves its cards out (the page learns its points from the result)
        "bottom": None if pos.bottom is None or not bottom_seen else
        [card_token(c) for c in sorted(pos.bottom, key=_display_key(pos))],
        "bottom_visible": bottom_seen,
        "bottom_hidden": pos.bottom is not None and not bottom_seen,  # there is one, face down
        "bottom_points": pos.bottom_points if bottom_seen else None,
        "dig_value": pos.dig_value if bottom_seen else None,
        # the kitty is the dealer's to see, as the bottom is: another seat's sight of the table leaves it out
        "kitty": None if pos.kitty is None or not (sees_all or viewer == pos.dealer)
        else [card_token(c) for c in sorted(pos.kitty, key=_display_key(pos))],
        "hands": {seat_name(s): hand_view(pos, s, visible[s]) for s in range(4)},
        "trick": trick_view(pos, pos.leader, pos.trick),
        "last_trick": None if last is None else {"leader": seat_name(last.leader),
                                                 "plays": trick_view(pos, last.leader, last.plays),
                                                 "winner": seat_name(last.winner), "points": last.points},
        "legal": [] if over or pos.is_before_bury or pos.hands[pos.to_play] is None
        else [str(p) for p in pos.legal_plays()],
        "out": None if spectator else cards_out(pos, viewer),
        "voids": shown_voids(pos),
        "result": None if not over or bridge else {"points": pos.points, "dug": pos.dug, "outcome": str(pos.result()),
                                                    # why the levels are what they are, in the page's language
                                                    "why": levels_reason(pos.result(), pos.points, pos.jokers_in_bottom)},
        "event": pos.tags.get("Event"),
        "viewer": seat_name(viewer) if viewer is not None else None,
    }
    return view


def told_view(pos: Position, hearer: Seat | None) -> dict:
    """What the table was told of this hand, as ``hearer`` heard it (``None``: everything, the analysis
    board's sight): 004's 干锅, the bottom as dealt shown to all, 喝血, the round of 扣王 — in the request's
    language."""
    out: dict = {}
    if pos.tags.get(GANGUO_TAG):
        out["ganguo"] = True  # 004's 干锅: the bottom stayed as dealt
    if pos.tags.get(KITTY_SHOWN_TAG) and pos.kitty is not None:  # 004: the bottom as dealt, shown to all
        out["kitty_shown"] = [card_token(c) for c in sorted(pos.kitty, key=lambda c: -c)]
    paid = tribute_of(pos)
    if paid is not None:
        out["tribute"] = tribute_sentence(paid, hearer, lambda p: p.unicode())
    told = joker_bury_of(pos)
    if told is not None:
        out["told"] = told_sentences(told, hearer, pos.dealer, lambda p: p.unicode())
        out["bottom_jokers"] = told.big_jokers  # every seat was told
    return out


def _display_key(pos: Position):  # type: ignore[no-untyped-def]
    order = pos.order
    suits = order.suits
    return lambda c: (suits.index(order.effective_suit(c)) if order.effective_suit(c) in suits else 9,
                      -order.power(c), c)
