"""The trainer's memory: the player's Glicko-2 rating, each puzzle's, and every attempt.

It lives in the user's data folder (``platformdirs``), or where
``HUOLONG_SOLVE_TRAINER`` points, as one JSON file written atomically. A
missing or unreadable file starts a fresh record, with a warning; an
unreadable one is first renamed aside, never overwritten.

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
import math
import os
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from huolong.engine import HuolongError, Position, excerpt, write_atomically
from huolong.engine.files import os_reason
from huolong.i18n import _
from huolong.solver import solve

from .glicko import Rating
from .themes import why

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


def why_at(puzzle: Position, at: Position) -> str | None:
    """The sentence of why (in English, as a ``Why`` tag holds it) for the solving side's move at ``at``,
    a position on the puzzle's solution: the puzzle's own ``Why`` at its first move (it explains that
    one); at a later move, what the values there say. ``None`` when there is nothing to say: no tag at
    the first move, or a later move where every play is worth the same (a puzzle not checked)."""
    if len(at.history) == len(puzzle.history) and len(at.trick) == len(puzzle.trick):
        return puzzle.tags.get("Why")
    analysis = solve(at, "outcome", line=False)
    if all(m.value == analysis.value for m in analysis.moves):
        return None
    return why(at, analysis, puzzle.tags.get("Kind", "result"))


class UnreadableRecord(ValueError):
    """Why a trainer record cannot be read, in a player's words."""


class TrainerRecordError(HuolongError):
    """A trainer record that can be neither read nor moved aside: it is left alone, and nothing is posed."""


def _set_aside(path: Path, reason: str) -> Path:
    """Rename an unreadable record to ``FILE.broken-YYYYMMDD-HHMMSS`` beside it, so that the fresh
    record saved later never overwrites it; the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.broken-{stamp}")
    number = 1
    while kept.exists():
        number += 1
        kept = path.with_name(f"{path.name}.broken-{stamp}-{number}")
    try:
        path.rename(kept)
    except OSError as e:
        raise TrainerRecordError(_("the trainer record {path} cannot be read ({reason}) nor moved aside ({error}); "
                                   "move it yourself, or choose another with --store").format(
            path=path, reason=reason, error=os_reason(e))) from None
    return kept


def _parse_record(data: bytes) -> tuple[Rating, dict[str, Rating], list[Attempt]]:
    """The player's rating, the puzzles' and the attempts of a record's bytes; :class:`UnreadableRecord`
    says what is wrong with them."""
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise UnreadableRecord(_("it is not a JSON file")) from None
    if not isinstance(record, dict) or not {"version", "player", "puzzles", "attempts"} <= record.keys():
        raise UnreadableRecord(_("it is not a trainer record"))
    if record["version"] != VERSION:
        raise UnreadableRecord(_("it was written by another version of huolong-solve (record version {version})").format(
            version=excerpt(str(record["version"]))))
    try:
        puzzles = record["puzzles"]
        attempts = record["attempts"]
        if not isinstance(puzzles, dict) or not isinstance(attempts, list):
            raise TypeError
        return (_rating(record["player"]), {str(k): _rating(v) for k, v in puzzles.items()},
                [_attempt(a) for a in attempts])
    except (TypeError, ValueError):
        raise UnreadableRecord(_("its ratings or attempts are damaged")) from None


def _number(value: object) -> float:
    """A finite number of a record (a bool or a string is damage, not a number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TypeError(value)
    return float(value)


def _rating(data: object) -> Rating:
    if not isinstance(data, dict) or set(data) != {"rating", "rd", "volatility"}:
        raise TypeError(data)
    return Rating(_number(data["rating"]), _number(data["rd"]), _number(data["volatility"]))


def _attempt(data: object) -> Attempt:
    if not isinstance(data, dict) or set(data) != {f.name for f in fields(Attempt)}:
        raise TypeError(data)
    themes, texts = data["themes"], (data["puzzle"], data["kind"])
    if not isinstance(data["solved"], bool) or not isinstance(themes, list) \
            or not all(isinstance(t, str) for t in [*themes, *texts]):
        raise TypeError(data)
    return Attempt(data["puzzle"], data["solved"], themes, data["kind"], _number(data["rating_before"]),
                   _number(data["rating_after"]), _number(data["when"]))


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
        """The record at ``path`` (default: :func:`default_store`); a fresh one if it is missing or unreadable.

        A damaged record is never overwritten: it is renamed aside (``FILE.broken-TIME``) first, and the
        warning says where it is kept. One that cannot be opened, or moved aside, is :class:`TrainerRecordError`.
        """
        path = Path(path) if path is not None else default_store()
        try:
            player, puzzles, attempts = _parse_record(path.read_bytes())
            return cls(path, player, puzzles, attempts)
        except FileNotFoundError:
            return cls(path, warning=_("no trainer record yet: starting fresh"))
        except OSError as e:  # a folder, no permission: not damage, so nothing is moved or started afresh
            raise TrainerRecordError(_("the trainer record {path} cannot be read: {reason}").format(
                path=path, reason=os_reason(e))) from None
        except UnreadableRecord as e:
            kept = _set_aside(path, str(e))
            return cls(path, warning=_("the trainer record {path} cannot be read ({reason}); it is kept as {kept} "
                                       "and a new record starts").format(path=path, reason=e, kept=kept))

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
