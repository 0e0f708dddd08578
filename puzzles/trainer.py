"""The trainer's memory: the player's Glicko-2 rating, each puzzle's, and every attempt.

It lives in the user's data folder (``platformdirs``), or where
``HUOLONG_SOLVE_TRAINER`` points, as one JSON file written atomically. A
missing or unreadable file starts a fresh record, with a warning.

A puzzle's rating starts from its ``Rating`` tag (a formula's estimate,
uncertain: RD 250) and learns from every attempt, as the player's does:
solving is a win over the puzzle, failing a loss.

>>> import tempfile, os
>>> store = Trainer.load(os.path.join(tempfile.mkdtemp(), "t.json"))
>>> store.warning
'no trainer record yet: starting fresh'
>>> before = store.player.rating
>>> _ = store.record("p1", 1500, solved=True, themes=("dig",), kind="result")
>>> store.player.rating > before, Trainer.load(store.path).attempts[0].solved
(True, True)
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from huolong.engine import Position, write_atomically
from huolong.i18n import _

from .glicko import Rating

STORE_ENV = "HUOLONG_SOLVE_TRAINER"
VERSION = 1
PUZZLE_RD = 250.0  # how far a puzzle's first estimate may be off
NEAR = 10  # choose among this many unseen puzzles nearest the player's rating


def default_store() -> Path:
    """``$HUOLONG_SOLVE_TRAINER``, else ``trainer.json`` in the user's data folder."""
    if os.environ.get(STORE_ENV):
        return Path(os.environ[STORE_ENV])
    import platformdirs

    return platformdirs.user_data_path("huolong-solve") / "trainer.json"


def puzzle_id(pos: Position) -> str:
    """A puzzle's identity: its position and solution, wherever the file is."""
    text = "|".join([str(pos.rules), str(pos.level), str(pos.trump), str(pos.dealer), str(pos.leader), str(pos.points),
                     str(pos.bottom), *(str(h) for h in pos.hands), *(str(p) for p in pos.trick),
                     pos.tags.get("Solution", "")])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class Attempt:
    puzzle: str
    solved: bool
    themes: list[str]
    kind: str
    rating_before: float
    rating_after: float
    when: float


@dataclass
class Trainer:
    """The player's rating, the puzzles' ratings and the attempts, as kept in ``path``."""

    path: Path
    player: Rating = field(default_factory=Rating)
    puzzles: dict[str, Rating] = field(default_factory=dict)
    attempts: list[Attempt] = field(default_factory=list)
    warning: str | None = None

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> Trainer:
        """The record at ``path`` (default: :func:`default_store`); a fresh one if it is missing or unreadable."""
        path = Path(path) if path is not None else default_store()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") != VERSION:
                raise ValueError(f"version {data.get('version')!r}")
            return cls(path, Rating(**data["player"]), {k: Rating(**v) for k, v in data["puzzles"].items()},
                       [Attempt(**a) for a in data["attempts"]])
        except FileNotFoundError:
            return cls(path, warning=_("no trainer record yet: starting fresh"))
        except (OSError, ValueError, KeyError, TypeError) as e:
            return cls(path, warning=_("the trainer record {path} cannot be read ({error}): starting fresh").format(
                path=path, error=e))

    def save(self) -> None:
        """Write the record atomically: a crash leaves the old record or the new, never half."""
        data = {"version": VERSION, "player": asdict(self.player),
                "puzzles": {k: asdict(v) for k, v in self.puzzles.items()},
                "attempts": [asdict(a) for a in self.attempts]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, json.dumps(data, indent=1))

    def rating_of(self, pid: str, estimate: float) -> Rating:
        """A puzzle's rating: learned from attempts, or its first estimate."""
        return self.puzzles.get(pid, Rating(estimate, PUZZLE_RD))

    def record(self, pid: str, estimate: float, solved: bool, themes: Sequence[str], kind: str) -> float:
        """Rate one attempt (both the player and the puzzle move), save; the player's rating change."""
        puzzle = self.rating_of(pid, estimate)
        before = self.player
        self.player = before.updated([(puzzle, 1.0 if solved else 0.0)])
        self.puzzles[pid] = puzzle.updated([(before, 0.0 if solved else 1.0)])
        self.attempts.append(Attempt(pid, solved, list(themes), kind, before.rating, self.player.rating, time.time()))
        self.save()
        return self.player.rating - before.rating

    def choose(self, candidates: Sequence[tuple[str, float]], rng: random.Random) -> int:
        """Which of ``candidates`` (id, first estimate) to pose next: one of the unseen puzzles
        nearest the player's rating (all seen: the least recently seen of the nearest)."""
        seen: dict[str, int] = {}
        for number, attempt in enumerate(self.attempts):
            seen[attempt.puzzle] = number
        target = self.player.rating
        order = sorted(range(len(candidates)),
                       key=lambda i: (seen.get(candidates[i][0], -1),
                                      abs(self.rating_of(*candidates[i]).rating - target)))
        fresh = [i for i in order if candidates[i][0] not in seen]
        pool = fresh[:NEAR] if fresh else order[:NEAR]
        return rng.choice(pool)

    def stats(self) -> dict:
        """Rating, attempts and success, overall and per theme and kind."""
        def tally(attempts: list[Attempt]) -> dict:
            solved = sum(a.solved for a in attempts)
            return {"attempts": len(attempts), "solved": solved,
                    "success": round(solved / len(attempts), 3) if attempts else None}

        themes = sorted({t for a in self.attempts for t in a.themes})
        kinds = sorted({a.kind for a in self.attempts})
        return {"rating": round(self.player.rating), "rd": round(self.player.rd), **tally(self.attempts),
                "themes": {t: tally([a for a in self.attempts if t in a.themes]) for t in themes},
                "kinds": {k: tally([a for a in self.attempts if a.kind == k]) for k in kinds}}
