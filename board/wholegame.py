"""The board's whole game: the next hand dealt and each finished hand added, over the game file's text.

The server keeps no game: the page holds the game file's text (in the browser's storage, so that closing
the tab loses nothing) and sends it with each request; every request replays it through the engine
(:func:`~huolong.engine.gamefile.read_game_text`), so a game that does not follow its rules is refused.
While the first hand is dealt, the player's seat is asked whether to declare: the page sends the answers
given so far, and the deal is replayed from the seed until a new question or the dealt hand.
"""

from __future__ import annotations

import random

from huolong.bots import PolicyError, policies_of
from huolong.bots.table import decide_swap, ganguo_bury, is_ganguo_deal, round_after_bury
from huolong.engine import BIG_JOKER, Hand, HuolongError, Position, Rules, card_token, read_positions, seat_name, \
    write_position
from huolong.engine.jokers import every_joker_buried, joker_bury_of, told_sentences
from huolong.bots.game import deal_next
from huolong.engine.game import Declaration, GameRules, GameState
from huolong.engine.gamefile import GameFile, GameHeader, read_game_text
from huolong.engine.order import SUITS
from huolong.engine.seats import parse_seat
from huolong.i18n import _

from .positions import BadRequest

MAX_SEED = 10**9


class _Question(Exception):
    """The player's seat must decide whether to make a showing while dealing (亮主, 反主)."""

    def __init__(self, received, showing) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.received, self.showing = received, showing


def _game_of(data: dict) -> GameFile:
    """The game a request names: its game file's text, or a new game's seat, policy and seed."""
    text = data.get("game")
    if text is not None:
        if not isinstance(text, str):
            raise BadRequest(_("game: the game file's text"))
        game = _replayed(text)
        if game.header.you is None:
            raise BadRequest(_("game: no seat of this game is played by you (Players has no 'you')"))
        return game
    try:
        seat = parse_seat(str(data.get("seat", "")))
        policy = str(data.get("policy") or "advise")
        policies_of(policy)
        game_rules = GameRules.parse(str(data.get("game_rules") or "standard"))
        rules = Rules.parse(str(data["rules"])) if data.get("rules") else game_rules.hand_rules()
    except (HuolongError, PolicyError) as e:
        raise BadRequest(str(e)) from None
    seed = data.get("seed")
    if not isinstance(seed, int) or not 1 <= seed <= MAX_SEED:
        raise BadRequest(_("seed: a whole number from 1 to {most}, not {seed!r}").format(most=MAX_SEED, seed=seed))
    if rules.is_bridge:
        raise BadRequest(_("--rules: game plays Huolong hands, not bridge"))
    players = [policy] * 4
    players[seat] = "you"
    return GameFile(GameHeader(seed=seed, players=tuple(players), rules=rules, game_rules=game_rules,  # type: ignore[arg-type]
                               tags=(("Event", f"huolong-solve board game, seed {seed}"),)), [], GameState.start())


def _replayed(text: str) -> GameFile:
    """A game file's text read and replayed whole: anything it cannot read is the request's error."""
    try:
        game = read_game_text(text, "game")
    except HuolongError as e:
        raise BadRequest(str(e)) from None
    if game.note:
        raise BadRequest(game.note)
    return game


def game_state_dict(game: GameFile) -> dict:
    """Where a game stands, as the pages show it: levels, dealer, trump, money, whether it is over."""
    s = game.state
    shown = lambda level: "10" if level == "T" else level  # noqa: E731 - levels as players read them
    return {"levels": [shown(level) for level in s.levels], "dealer": seat_name(s.dealer) if s.dealer is not None else None,
            "trump": SUITS[s.trump] if s.trump is not None else None, "hands": s.hands, "over": s.over,
            "winner": ("SN", "EW")[s.winner] if s.winner is not None else None, "passed": s.passed,
            "top": shown(game.header.game_rules.top), "money": list(s.money),
            "game_rules": game.header.game_rules.label(), "trump_each_hand": game.header.game_rules.trump == "hand"}


def state_dict(game: GameFile) -> dict:
    """The game against the computer: where it stands, and who plays."""
    return {**game_state_dict(game), "you": seat_name(game.header.you),  # type: ignore[arg-type]
            "seed": game.header.seed, "policy": next(p for p in game.header.players if p != "you")}


def next_hand(data: dict) -> dict:
    """The next hand of the game dealt, or the question the player's seat must answer while dealing."""
    game = _game_of(data)
    if game.state.over:
        raise BadRequest(_("this game is over"))
    if game.unfinished is not None:
        raise BadRequest(_("game: its last hand is not finished"))
    answers = data.get("answers", [])
    if not isinstance(answers, list) or not all(isinstance(a, bool) or a in SUIT_NAMES for a in answers):
        raise BadRequest(_("answers: a list of true or false (or, for three jokers, the suit named: S, H, D or C)"))
    you = game.header.you
    policies = [_Asked([a if isinstance(a, bool) else SUIT_NAMES.index(a) for a in answers])
                if seat == you else _computer for seat in range(4)]
    try:
        deal, declared = deal_next(game.header, game.state, policies)  # type: ignore[arg-type]
    except _Question as q:
        s = q.showing
        return {"game": game.text(), "state": state_dict(game), "question": {
            "received": [card_token(c) for c in sorted(q.received, reverse=True)], "jokers": s.jokers,
            "kind": s.kind, "cards": [card_token(c) for c in s.cards.cards],
            "declarer": seat_name(s.over) if s.over is not None else None}}
    if is_ganguo_deal(deal, game.header.game_rules):  # 干锅: the bottom stays as dealt, no bury to make
        deal = ganguo_bury(deal)
    return {"game": game.text(), "state": state_dict(game), "hand": game.state.hands + 1,
            "deal": write_position(deal), "declaration": declaration_dict(declared)}


SUIT_NAMES = ("S", "H", "D", "C")


class _Computer:
    """A computer seat while dealing: the default rule (docs/rules.md §12)."""

    name = "computer"


_computer = _Computer()


class _Asked:
    """Your seat while dealing: the answers given so far, then the question to ask."""

    name = "you"

    def __init__(self, answers: list) -> None:  # type: ignore[type-arg]
        self.answers = answers

    def show(self, seat, received, showing, rng):  # type: ignore[no-untyped-def]
        if not self.answers:
            raise _Question(received, showing)
        return self.answers.pop(0)


def bury_in_game(deal: Position, cards: Hand, data: dict) -> dict:
    """The bury of a whole game's hand, then the round of 扣王 its game rules give: the computer seats
    decide by their policy, your seat by ``jokers`` (how many big jokers it buries) — or, not yet given,
    the question it must answer. Under 快龙 a computer dealer's bury takes in every big joker; yours must."""
    game = _game_of(data)
    rules, you = game.header.game_rules, game.header.you
    fast = rules.dragon == "fast" and deal.level != "J"
    held = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator]
    if fast and cards.count(BIG_JOKER) < held.count(BIG_JOKER):
        if deal.dealer == you:
            raise BadRequest(_("快龙 (fast dragon): every big joker must be buried; the bury holds {n} of your "
                               "{held}").format(n=cards.count(BIG_JOKER), held=held.count(BIG_JOKER)))
        cards = every_joker_buried(cards, held, deal.order)
    buried = deal.bury(cards)
    buried.tags = dict(deal.tags)
    answer = data.get("jokers")
    if answer is not None and (not isinstance(answer, int) or isinstance(answer, bool)):
        raise BadRequest(_("jokers: how many big jokers you bury, a whole number"))
    policies = policies_of(",".join(f"{s}={p}" for s, p in zip("SENW", game.header.players) if p != "you"))

    def choose(seat: int, limit: int, now: Position) -> int:
        if seat != you:
            return decide_swap(seat, limit, now, policies[seat], random.Random(f"board-jokers:{seat}"))
        least = min(limit, now.hands[seat].count(BIG_JOKER)) if fast else 0  # type: ignore[union-attr]
        if answer is None:
            raise _SwapQuestion(limit, now.bottom.count(BIG_JOKER), least)  # type: ignore[union-attr]
        if not least <= answer <= limit:
            raise BadRequest(_("jokers: from {least} to {limit}, not {n}").format(least=least, limit=limit, n=answer))
        return answer

    try:
        after = round_after_bury(buried, rules, fast, choose)
    except _SwapQuestion as q:
        return {"question": {"limit": q.limit, "least": q.least, "bottom_jokers": q.bottom_jokers,
                             "little": rules.little == "after-big"},
                "bury": str(cards)}
    told = joker_bury_of(after)
    return {"text": write_position(after), "told": told_sentences(told, you, deal.dealer, lambda p: p.unicode())}  # type: ignore[arg-type]


class _SwapQuestion(Exception):
    """Your seat must say how many big jokers it buries after the dealer's bury."""

    def __init__(self, limit: int, bottom_jokers: int, least: int = 0) -> None:
        super().__init__()
        self.limit, self.bottom_jokers, self.least = limit, bottom_jokers, least


def declaration_dict(declared: Declaration | None) -> dict | None:
    if declared is None:
        return None
    shown = declared.shown() or declared.cards
    return {"seat": seat_name(declared.seat), "jokers": declared.jokers, "trump": SUITS[declared.trump],
            "from_bottom": declared.from_bottom, "how": declared.how, "added": declared.added,
            "cards": [card_token(c) for c in shown.cards] if shown is not None else [],
            "overrode": seat_name(declared.overrode) if declared.overrode is not None else None}


def add_hand(data: dict) -> dict:
    """The game with a finished hand added (the hand must follow from the game, or the request is refused)."""
    game = _game_of(data)
    text = data.get("record")
    if not isinstance(text, str):
        raise BadRequest(_("record: the finished hand's record"))
    try:
        records = read_positions(text, "record")
    except HuolongError as e:
        raise BadRequest(str(e)) from None
    if len(records) != 1 or not records[0].record or not records[0].is_over():
        raise BadRequest(_("record: one finished hand record"))
    record: Position = records[0]
    if game.state.over:
        raise BadRequest(_("this game is over"))
    added = _replayed(game.text() + "\n" + write_position(record))
    if len(added.hands) != len(game.hands) + 1:
        raise BadRequest(_("record: one finished hand record"))
    return {"game": added.text(), "state": state_dict(added), "hand": len(added.hands),
            "result": {"points": record.points, "dug": record.dug, "outcome": str(record.result()),
                       "dealer": seat_name(record.dealer)}}
