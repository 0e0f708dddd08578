"""One table: a deal played to the end by four policies — the dealer's bury, then every play.

Each decision gets its own random stream, named by the table's seed and the
play's number, so a table replays the same whatever ran before it, in
whatever process. Every play is checked by the engine: a policy that
returns an illegal play stops the table with :class:`IllegalDecision`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from huolong.engine import BIG_JOKER, LITTLE_JOKER, Hand, Position, seat_label
from huolong.engine.game import GameRules
from huolong.engine.jokers import BOTTOM_SHOWN_TAG, GANGUO_TAG, KITTY_SHOWN_TAG, every_joker_buried, is_ganguo, joker_round
from huolong.engine.dealfile import result_text
from huolong.engine.sampling import Knowledge
from huolong.i18n import _

from .policy import Policy, PolicyError

__all__ = ["Decision", "IllegalDecision", "TableResult", "decide_swap", "ganguo_bury", "is_ganguo_deal", "play_table",
           "round_after_bury"]


class IllegalDecision(PolicyError):
    """A policy's bury or play that the rules do not allow."""


@dataclass(frozen=True)
class Decision:
    """How long one decision took, and whose it was."""

    policy: str
    seconds: float
    bury: bool = False


@dataclass
class TableResult:
    record: Position  # the hand record, with its Result tag
    decisions: list[Decision] = field(default_factory=list)


def decide_bury(deal: Position, policy: Policy, rng: random.Random, every_big_joker: bool = False) -> Position:
    """The deal after the dealer's policy buried; its bury is checked by the engine. ``every_big_joker``
    (快龙): the bury holds every big joker the dealer has — a policy's bury without them is given them in
    place of the cards it would most like to keep."""
    cards = policy.bury(Knowledge.of(deal, deal.dealer), rng)
    if every_big_joker:
        cards = every_joker_buried(Hand.parse(str(cards)) if isinstance(cards, str) else cards,
                                   deal.hands[deal.dealer] + deal.kitty, deal.order)  # type: ignore[operator]
    try:
        return deal.bury(cards)
    except ValueError as e:
        raise IllegalDecision(_("policy {name} buried {cards}: {error}").format(name=policy.name, cards=cards,
                                                                                error=e)) from None


def decide_play(pos: Position, policy: Policy, rng: random.Random):  # type: ignore[no-untyped-def]
    """The play ``policy`` makes for the seat to move, checked by the engine."""
    play = policy.play(Knowledge.of(pos, pos.to_play), rng)
    error = pos.play_error(play)
    if error:
        raise IllegalDecision(_("policy {name} played {play} for {seat}: {error}").format(
            name=policy.name, play=play, seat=seat_label(pos.to_play), error=error))
    return play


def decide_swap(seat: int, limit: int, pos: Position, policy: Policy, rng: random.Random) -> int:
    """How many big jokers ``seat`` buries in the round of 扣王 (0 … ``limit``): the policy's
    ``swap_jokers(knowledge, limit, rng)``, or none for a policy without one (docs/bots.md)."""
    method = getattr(policy, "swap_jokers", None)
    n = int(method(Knowledge.of(pos, seat), limit, rng)) if method is not None else 0
    if not 0 <= n <= limit:
        raise IllegalDecision(_("policy {name} buried {n} big jokers for {seat}: it may bury 0 to {limit}").format(
            name=policy.name, n=n, seat=seat_label(seat), limit=limit))
    return n


def is_ganguo_deal(deal: Position, game_rules: GameRules) -> bool:
    """Is this deal 干锅 under the game rules (004: the bottom stays as dealt)?"""
    if game_rules.ganguo != "on" or deal.kitty is None:
        return False
    if game_rules.show_bottom == "yes" and not deal.tags.get(KITTY_SHOWN_TAG):
        return False  # 干锅 is seen when the bottom is shown (公开底牌后…称为干锅); not shown when nobody declared
    return is_ganguo(deal.kitty, deal.order)


def ganguo_bury(deal: Position) -> Position:
    """干锅: the dealer keeps the bottom as dealt (底牌不能替换), marked so that its jokers count for nothing."""
    pos = deal.bury(deal.kitty)  # type: ignore[arg-type]
    pos.tags = {**deal.tags, GANGUO_TAG: "yes", BOTTOM_SHOWN_TAG: "yes"}  # it was shown, and stays as it was
    return pos


def round_after_bury(pos: Position, game_rules: GameRules, fast: bool,
                     choose: Callable[[int, int, Position], int]) -> Position:
    """The round of 扣王 after the dealer's bury (each seat's choice from ``choose``), and 004's bottom turned up
    when jokers were buried (扣王时底牌必须亮给大家看)."""
    pos, _round = joker_round(pos, game_rules.kouwang, game_rules.take, game_rules.third, fast, choose,
                              little=game_rules.little == "after-big")
    if game_rules.show_bottom == "yes" and any(c in (BIG_JOKER, LITTLE_JOKER) for c in pos.bottom):  # type: ignore[union-attr]
        pos.tags[BOTTOM_SHOWN_TAG] = "yes"
    return pos


def play_table(deal: Position, policies: Sequence[Policy], seed: str,
               on_play: Callable[[Position], None] | None = None, resume: Position | None = None,
               game_rules: GameRules | None = None) -> TableResult:
    """Play ``deal`` (before the bury) to the end with ``policies`` (S E N W); ``seed`` names the table.

    ``resume``: the same hand part-played (a record after the bury): play goes on from it, each decision
    drawing the random stream it would have drawn in one sitting. ``on_play`` sees the position after the
    bury, then after each play. ``game_rules``: a whole game's hand — after the dealer's bury comes the
    round of 扣王 those rules give (see :func:`~huolong.engine.jokers.joker_round`); a single hand has none."""
    result = TableResult(deal)
    if resume is None:
        started = time.perf_counter()
        fast = game_rules is not None and game_rules.dragon == "fast" and deal.level != "J"
        ganguo = game_rules is not None and is_ganguo_deal(deal, game_rules)
        if ganguo:  # 干锅: the bottom stays as dealt, and nobody buries jokers
            pos = ganguo_bury(deal)
        else:
            pos = decide_bury(deal, policies[deal.dealer], random.Random(f"{seed}:bury"), every_big_joker=fast)
            result.decisions.append(Decision(policies[deal.dealer].name, time.perf_counter() - started, bury=True))
        pos.record = True
        if not ganguo:
            pos.tags = dict(deal.tags)
        if game_rules is not None and not ganguo:
            def choose(seat: int, limit: int, now: Position) -> int:
                return decide_swap(seat, limit, now, policies[seat], random.Random(f"{seed}:jokers:{seat}"))
            pos = round_after_bury(pos, game_rules, fast, choose)
        if on_play is not None:  # the bury made: a game saved now resumes after it, not at the declaration
            on_play(pos)
    else:
        pos = resume.copy()
    ply = sum(len(t.plays) for t in pos.history) + len(pos.trick)
    while not pos.is_over():
        policy = policies[pos.to_play]
        started = time.perf_counter()
        play = decide_play(pos, policy, random.Random(f"{seed}:{ply}"))
        result.decisions.append(Decision(policy.name, time.perf_counter() - started))
        pos.play(play)
        ply += 1
        if on_play is not None:
            on_play(pos)
    pos.tags["Result"] = result_text(pos)
    result.record = pos
    return result
