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

from huolong.engine import Position, seat_label
from huolong.engine.dealfile import result_text
from huolong.engine.sampling import Knowledge
from huolong.i18n import _

from .policy import Policy, PolicyError

__all__ = ["Decision", "IllegalDecision", "TableResult", "play_table"]


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


def decide_bury(deal: Position, policy: Policy, rng: random.Random) -> Position:
    """The deal after the dealer's policy buried; its bury is checked by the engine."""
    cards = policy.bury(Knowledge.of(deal, deal.dealer), rng)
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


def play_table(deal: Position, policies: Sequence[Policy], seed: str,
               on_play: Callable[[Position], None] | None = None, resume: Position | None = None) -> TableResult:
    """Play ``deal`` (before the bury) to the end with ``policies`` (S E N W); ``seed`` names the table.

    ``resume``: the same hand part-played (a record after the bury): play goes on from it, each decision
    drawing the random stream it would have drawn in one sitting. ``on_play`` sees the position after the
    bury, then after each play."""
    result = TableResult(deal)
    if resume is None:
        started = time.perf_counter()
        pos = decide_bury(deal, policies[deal.dealer], random.Random(f"{seed}:bury"))
        result.decisions.append(Decision(policies[deal.dealer].name, time.perf_counter() - started, bury=True))
        pos.record = True
        pos.tags = dict(deal.tags)
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
