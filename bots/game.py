"""A whole game played by four policies, hand after hand, from a game file's state (docs/rules.md, "A whole game").

The cards of hand ``n`` of game ``g`` of run ``seed`` come from (seed, g, n)
alone (:func:`~huolong.engine.game.game_deal`); the dealer, level and trump
come from the game so far. Each decision draws its own random stream, named
by the game, the hand and the play's number, so a game resumed from its file
plays on exactly as it would have in one sitting.

A policy may decide the declaration while dealing with a ``show(seat,
received, showing, rng)`` method (make the :class:`~huolong.engine.declaring.Showing`
offered, seeing its cards so far; for three jokers it may return the suit it
names), or, for big jokers alone, ``declare(seat, received, jokers, rng)``;
one without them follows the default rule (declare at the first chance).

>>> from huolong.engine.gamefile import GameHeader
>>> from huolong.bots.policy import policy_of
>>> game = play_game(GameHeader(seed=3, players=("random",) * 4), [policy_of("random")] * 4, max_hands=2)
>>> len(game.hands), game.hands[0].tags["Levels"]
(2, 'SN 3 EW 3')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from huolong.engine import Hand, Position
from huolong.engine.game import Decide, Declaration, GameState, Showing, always, game_deal
from huolong.engine.jokers import KITTY_SHOWN_TAG
from huolong.engine.tribute import apply_tribute
from huolong.engine.shown import TAG as SHOWN_TAG, shown_text
from huolong.engine.gamefile import GameFile, GameHeader, hand_tags
from huolong.engine.seats import Seat

from .policy import Policy
from .table import TableResult, play_table

__all__ = ["deal_next", "play_game", "table_seed"]


def table_seed(header: GameHeader, number: int) -> str:
    """The name of hand ``number``'s random streams (1-based)."""
    return f"game:{header.seed}:{header.game}:{number}"


def _decider(policies: Sequence[Policy], header: GameHeader, number: int) -> Callable[[Seat], Decide]:
    def of(seat: Seat) -> Decide:
        show = getattr(policies[seat], "show", None)
        method = getattr(policies[seat], "declare", None)  # big jokers only (002's questions)
        if show is None and method is None:
            return always
        rng = random.Random(f"{table_seed(header, number)}:declare:{seat}")

        def decide(s: Seat, received: Hand, showing: Showing) -> bool | int:
            if show is not None:
                return show(s, received, showing, rng)  # type: ignore[no-any-return]
            if showing.kind == "big":
                return bool(method(s, received, showing.jokers, rng))  # type: ignore[misc]
            return always(s, received, showing)
        return decide
    return of


def deal_next(header: GameHeader, state: GameState, policies: Sequence[Policy],
              shown: Callable[[Declaration | None], None] | None = None) -> tuple[Position, Declaration | None]:
    """The next hand of the game dealt (before the bury), with its game tags; ``shown`` hears of each
    declaration while dealing (see :func:`~huolong.engine.game.declare`)."""
    number = state.hands + 1
    showings: list[Declaration] = []  # every seat that showed big jokers: all seats saw them (a Shown tag)

    def hear(declared: Declaration | None) -> None:
        if declared is None:
            showings.clear()  # nobody declared: the cards are dealt again
        else:
            showings.append(declared)
        if shown is not None:
            shown(declared)

    deal, declared = game_deal(header.seed, header.game, state.hands, state, header.rules, header.game_rules,
                               _decider(policies, header, number), hear)
    deal.tags = {**dict(header.tags), **hand_tags(state, number, declared)}
    cards = [(d.seat, d.shown()) for d in showings if d.shown() is not None]
    if declared is not None and cards:
        deal.tags[SHOWN_TAG] = shown_text(cards)  # type: ignore[arg-type]
    if header.game_rules.show_bottom == "yes" and declared is not None and declared.shown() is not None:
        deal.tags[KITTY_SHOWN_TAG] = "yes"  # 004: 发牌或反主结束后将底牌公开（若没人亮主，底牌不公开）
    deal = apply_tribute(deal, state.blood)  # 004's 喝血, owed by the last hand
    return deal, declared


def play_game(header: GameHeader, policies: Sequence[Policy], resume: GameFile | None = None,
              max_hands: int | None = None,
              on_deal: Callable[[Position, Declaration | None, GameState], None] | None = None,
              on_show: Callable[[Declaration | None], None] | None = None,
              on_play: Callable[[Position], None] | None = None,
              on_hand: Callable[[GameFile, TableResult], None] | None = None) -> GameFile:
    """Play the game to its end (or ``max_hands`` hands in all) with ``policies`` (S E N W).

    ``resume``: the game as read from its file — its finished hands stand and an unfinished one is played
    on. ``on_show`` hears of each declaration while dealing, ``on_deal`` sees each new hand as dealt, ``on_play`` each position after a play, ``on_hand`` the game
    after each hand (to save it) and the hand's table (its decisions' times).
    """
    game = resume or GameFile(header, [], GameState.start())
    while not game.state.over and (max_hands is None or game.state.hands < max_hands):
        number = game.state.hands + 1
        if game.unfinished is not None:
            start = game.unfinished
            deal, declared = start.start(), None
            deal.tags = dict(start.tags)
        else:
            start = None
            deal, declared = deal_next(header, game.state, policies, on_show)
            if on_deal is not None:
                on_deal(deal, declared, game.state)

        def saving(pos: Position) -> None:
            game.unfinished = pos
            if on_play is not None:
                on_play(pos)

        table = play_table(deal, policies, table_seed(header, number), on_play=saving, resume=start,
                           game_rules=header.game_rules)
        record = table.record
        game.unfinished = None
        game.hands.append(record)
        game.state = game.state.after_hand(record, header.game_rules)
        if on_hand is not None:
            on_hand(game, table)
    return game

