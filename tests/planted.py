"""Planted blunders: a hand record with one play replaced by a point card thrown into a trick the
opponents have already won — the seat is last to play, no legal play of it could win the trick, and a
pointless card was legal — then the hand played on by the same policies. A whole-hand review should mark
the planted play (tests/test_hand_review.py, bench/review_quality.py).

>>> from huolong.engine import read_file
>>> [record] = read_file("puzzles/examples/hand-record.hl")
>>> found = candidates(record)
>>> all(c.planted.points > 0 and c.before.to_play == c.before.seat_after(c.before.leader, 3) for c in found), len(found) > 0
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from huolong.analysis.review import recorded_plays
from huolong.bots import policy_of
from huolong.bots.table import decide_play
from huolong.engine import Play, Position
from huolong.engine.dealfile import result_text
from huolong.engine.tricks import trick_winner

LAST_TRICK = 25  # plant in tricks 1 to 25


@dataclass(frozen=True)
class Candidate:
    ply: int  # the play replaced: its index in the record
    trick: int
    before: Position  # the position before it
    planted: Play  # the legal play with the most points (ties: the first in text order)
    original: Play


def candidates(record: Position, last_trick: int = LAST_TRICK) -> list[Candidate]:
    """Every play of the record a blunder can be planted on: fourth in its trick, the trick already the
    opponents', no legal play that wins it, a legal play with points and one without, and a play made
    that is not the one planted (else nothing would be replaced)."""
    pos = record.start()
    out = []
    for ply, (trick, play) in enumerate(recorded_plays(record)):
        if trick > last_trick:
            break
        if len(pos.trick) == 3:
            seat = pos.to_play
            winner = pos.seat_after(pos.leader, trick_winner(pos.trick, pos.order))
            legal = pos.legal_plays()
            if (pos.is_attacker(winner) != pos.is_attacker(seat)
                    and all(trick_winner([*pos.trick, p], pos.order) != 3 for p in legal)
                    and any(p.points == 0 for p in legal) and any(p.points > 0 for p in legal)):
                planted = max((p for p in legal if p.points > 0), key=lambda p: (p.points, [-c for c in p.cards]))
                if planted != play:
                    out.append(Candidate(ply, trick, pos.copy(), planted, play))
        pos.play(play)
    return out


def choose(record: Position, seed: int) -> Candidate | None:
    """One candidate of the record, chosen by the seed (``None`` when it has none)."""
    found = candidates(record)
    return random.Random(f"plant:{seed}").choice(found) if found else None


def play_on(record: Position, candidate: Candidate, seed: int) -> Position:
    """The record with the planted play, then the hand played to its end by the record's policies (its
    ``SouthNorth`` / ``EastWest`` tags, else ``fair``); a new hand record with its ``Result`` tag."""
    pos = candidate.before.copy()
    pos.record = True
    pos.tags = {**record.tags, "Planted": f"ply {candidate.ply + 1}: {candidate.planted} for {candidate.original}"}
    pos.play(candidate.planted)
    names = (record.tags.get("SouthNorth", "fair"), record.tags.get("EastWest", "fair"))
    policies = [policy_of(names[s % 2]) for s in range(4)]
    ply = candidate.ply + 1
    while not pos.is_over():
        pos.play(decide_play(pos, policies[pos.to_play], random.Random(f"planted:{seed}:{ply}")))
        ply += 1
    pos.tags["Result"] = result_text(pos)
    return pos


def tail(record: Position, trick: int) -> Position:
    """The record from trick ``trick`` on, as a hand record of its own (it starts there, so a review of
    it is quick: small hands, and no bury to judge)."""
    pos = record.rewound(trick=trick).endgame()
    pos.record = True
    pos.tags = {**record.tags, "Event": f"{record.tags.get('Event', 'record')}, from trick {trick}"}
    for _trick, play in recorded_plays(record)[4 * (trick - 1):]:
        pos.play(play)
    pos.tags["Result"] = result_text(pos)
    return pos
