"""Training puzzles: find, check, theme and rate endgames with one clearly best play.

A **puzzle** is a position where the side to move has exactly one best play
under the outcome objective (plays of identical cards are one play), and
every other play is clearly worse: a worse result, or at least
:data:`CLEAR_LOSS` points less. Like lichess puzzles it may run several
moves: after the answer, the opponents reply with a best play, and the
puzzle goes on while the side's next move is again the only good one. It
always ends on a move of the side that solves it (the "solver's side", both
hands of a partnership — positions are double-dummy).

``Solution`` lists every play of the line in order, replies included,
separated by commas: ``SA SA, S4 S3, SK SK``.

>>> from huolong.engine import read_file
>>> [pos] = read_file("puzzles/examples/keep-bottom.hl")
>>> puzzle = find_puzzle(pos)
>>> [str(p) for p in puzzle.solution], puzzle.themes
(['D8', 'DK', 'S4'], ('keep-bottom',))
"""

from __future__ import annotations

from dataclasses import dataclass

from huolong.engine import TRUMP, Play, Position, seat_name
from huolong.engine.cards import RANKS
from huolong.engine.tricks import play_power

from .search import Analysis, MoveValue, solve

CLEAR_LOSS = 10
MAX_SIDE_MOVES = 4
THEMES = ("dig", "keep-bottom", "ruff", "discard", "pair", "triple", "count", "tie", "points")


@dataclass(frozen=True)
class Puzzle:
    """A verified puzzle: the position, the line (answers and replies), themes, rating."""

    position: Position
    solution: tuple[Play, ...]
    themes: tuple[str, ...]
    rating: int
    analysis: Analysis  # of the starting position

    @property
    def answers(self) -> tuple[Play, ...]:
        """The plays the solver's side must find (every other play of the line)."""
        return self.solution[::2]


class PuzzleError(ValueError):
    """A position is not a puzzle, or a puzzle's tags are wrong."""


def _sides_agree(pos: Position, seat: int) -> bool:
    return pos.is_attacker(pos.to_play) == pos.is_attacker(seat)


def unique_best(analysis: Analysis) -> MoveValue | None:
    """The only best play if every other is clearly worse (a worse result or ≥ 10 points), else ``None``."""
    moves = analysis.moves
    best = [m for m in moves if m.value == analysis.value]
    if len(best) != 1:
        return None
    for m in moves:
        if m is not best[0] and m.value.outcome == analysis.value.outcome and m.loss < CLEAR_LOSS:
            return None
    return best[0]


def is_trivial(pos: Position, analysis: Analysis) -> bool:
    """One legal play, or one left once the obviously absurd are set aside.

    The simple rule: when an opponent is winning the trick and a play cannot
    beat it, feeding it more points than necessary is absurd.
    """
    plays = [m.play for m in analysis.moves]
    if len(plays) <= 1:
        return True
    if not pos.trick:
        return False
    lead, order = pos.trick[0], pos.order
    powers = [play_power(p, lead, order) for p in pos.trick]
    first = max(range(len(powers)), key=lambda i: (powers[i], -i))
    winner = pos.seat_after(pos.leader, first)
    if pos.is_attacker(winner) == pos.is_attacker(pos.to_play):
        return False
    losing = [p for p in plays if play_power(p, lead, order) <= powers[first]]
    least = min((p.points for p in losing), default=0)
    sensible = [p for p in plays if p not in losing or p.points <= least]
    return len(sensible) <= 1


def find_puzzle(pos: Position, max_nodes: int | None = 20_000_000) -> Puzzle | None:
    """The puzzle starting at ``pos``, or ``None`` when the side to move has no single clearly best play."""
    if pos.is_over() or not pos.shape.card_scores:
        return None
    first = solve(pos, "outcome", line=False, max_nodes=max_nodes)
    answer = unique_best(first)
    if answer is None or is_trivial(pos, first):
        return None
    side = pos.to_play
    line = [answer.play]
    current = pos.copy()
    current.play(answer.play)
    side_moves = 1
    while side_moves < MAX_SIDE_MOVES and not current.is_over():
        reply_analysis = solve(current, "outcome", line=False, max_nodes=max_nodes)
        if _sides_agree(current, side):  # partner plays next in the same trick: part of the side's line
            nxt = unique_best(reply_analysis)
            if nxt is None:
                break
            line.append(nxt.play)
            current.play(nxt.play)
            side_moves += 1
            continue
        reply = reply_analysis.moves[0].play
        after = current.copy()
        after.play(reply)
        if after.is_over():
            break
        answer_analysis = solve(after, "outcome", line=False, max_nodes=max_nodes)
        nxt = unique_best(answer_analysis)
        if nxt is None or not _sides_agree(after, side) or is_trivial(after, answer_analysis):
            break
        line += [reply, nxt.play]
        after.play(nxt.play)
        current = after
        side_moves += 1
    # the line ends on the side's move: every extension above adds one last
    return Puzzle(pos, tuple(line), detect_themes(pos, line, first), rate(pos, first, line), first)


# -- themes ---------------------------------------------------------------------------


def detect_themes(pos: Position, line: list[Play] | tuple[Play, ...], analysis: Analysis) -> tuple[str, ...]:
    """The themes of a puzzle, read from its solution and the values of the alternatives."""
    themes: set[str] = set()
    best = analysis.value
    mover_attacks = pos.is_attacker(pos.to_play)
    others = [m.value for m in analysis.moves if m.value != best]
    if mover_attacks and best.dug and any(not v.dug for v in others):
        themes.add("dig")
    if not mover_attacks and not best.dug and any(v.dug for v in others):
        themes.add("keep-bottom")
    threshold = pos.rules.threshold
    if any((v.points >= threshold) != (best.points >= threshold) for v in others):
        themes.add("count")
    if others and all(v.outcome == best.outcome for v in others):
        themes.add("points")  # the result is safe either way: the lesson is card points
    order = pos.order
    p = pos.copy()
    side = pos.to_play
    for play in line:
        own = pos.is_attacker(p.to_play) == pos.is_attacker(side)
        if own:  # leading a pair or triple, or following one
            if len(play) == 2:
                themes.add("pair")
            if len(play) == 3:
                themes.add("triple")
            if p.trick:
                led = order.effective_suit(p.trick[0].cards[0])
                suits = {order.effective_suit(c) for c in play.cards}
                if led != TRUMP and led not in suits:
                    if suits == {TRUMP} and play.is_unit:
                        themes.add("ruff")
                    elif TRUMP not in suits:
                        themes.add("discard")
        if p.trick and _ties(p, play):
            themes.add("tie")
        p.play(play)
    if pos.trick and any(_ties(pos, m.play) for m in analysis.moves if m.value != best):
        themes.add("tie")  # a tempting equal card that loses the tie to the earlier play
    return tuple(t for t in THEMES if t in themes)


def may_have_theme(pos: Position, theme: str) -> bool:
    """A cheap test before solving: can a puzzle here have ``theme`` at all?"""
    if theme == "triple":
        return any(n == 3 for h in pos.hands if h is not None for n in h.counts) or (
            bool(pos.trick) and len(pos.trick[0]) == 3)
    if theme == "tie":
        return bool(pos.trick) and any(_ties(pos, p) for p in pos.legal_plays())
    if theme == "pair":
        return any(n >= 2 for h in pos.hands if h is not None for n in h.counts)
    return True


def _ties(pos: Position, play: Play) -> bool:
    """Does ``play`` equal the trick's best so far with different cards — a 副级 or 副2 tie the earlier play wins?"""
    order, lead = pos.order, pos.trick[0]
    power = play_power(play, lead, order)
    if power < 0:
        return False
    best = max(pos.trick, key=lambda q: play_power(q, lead, order))
    if play_power(best, lead, order) != power or best.cards[0] == play.cards[0]:
        return False
    card = play.cards[0]
    return card < 52 and RANKS[card % 13] in (pos.level, "2")


# -- rating ------------------------------------------------------------------------------


def rate(pos: Position, analysis: Analysis, line: list[Play] | tuple[Play, ...]) -> int:
    """A difficulty estimate, about 800–2400 like chess puzzle ratings.

    1000, plus 120 for each tempting wrong play (one that keeps the result
    but loses under 30 points, or the only alternatives there are), plus 150
    for each further move the solver's side must find, plus up to 200 for
    how many plays there were to choose from, minus 100 when the wrong
    plays all lose the result by a lot (easy to see).
    """
    best = analysis.value
    wrong = [m for m in analysis.moves if m.value != best]
    tempting = [m for m in wrong if m.value.outcome == best.outcome and m.loss < 30]
    rating = 1000 + 120 * len(tempting) + 150 * (len(line[::2]) - 1) + min(200, 20 * len(analysis.moves))
    if wrong and all(m.value.outcome != best.outcome and m.loss >= 40 for m in wrong):
        rating -= 100
    return max(800, min(2400, rating))


# -- verifying a puzzle file -----------------------------------------------------------


def parse_solution(text: str) -> list[Play]:
    """The plays of a ``Solution`` tag: ``SA SA, S4 S3, SK SK``."""
    return [Play.parse(part) for part in text.split(",") if part.strip()]


def verify(pos: Position, max_nodes: int | None = 20_000_000) -> list[str]:
    """What is wrong with a puzzle position's ``Solution`` and ``Theme`` tags (empty when it is sound)."""
    if "Solution" not in pos.tags:
        return ["no Solution tag"]
    try:
        solution = parse_solution(pos.tags["Solution"])
    except ValueError as e:
        return [f"Solution: {e}"]
    if not solution:
        return ["Solution is empty"]
    side = pos.to_play
    current = pos.copy()
    first: Analysis | None = None
    for number, play in enumerate(solution, start=1):
        if current.is_over():
            return [f"Solution play {number} ({play}) comes after the end of the hand"]
        analysis = solve(current, "outcome", line=False, max_nodes=max_nodes)
        first = first or analysis
        if _sides_agree(current, side):
            best = unique_best(analysis)
            if best is None:
                return [f"Solution play {number}: {seat_name(current.to_play)} has no single clearly best play"]
            if best.play != play:
                return [f"Solution play {number} is {play}, but the only best play is {best.play}"]
            if number == 1 and is_trivial(current, analysis):
                return ["the puzzle is trivial (one sensible play)"]
        elif not any(m.play == play and m.value == analysis.value for m in analysis.moves):
            return [f"Solution play {number} ({play}) is not a best reply"]
        current.play(play)
    if not pos.is_attacker(side) == pos.is_attacker(_mover_of_last(pos, solution)):
        return ["the Solution must end on a move of the solving side"]
    assert first is not None
    themes = detect_themes(pos, solution, first)
    given = tuple(pos.tags.get("Theme", "").split())
    if sorted(given) != sorted(themes):
        return [f"Theme is {' '.join(given) or '(none)'}, but the solution shows {' '.join(themes) or '(none)'}"]
    return []


def _mover_of_last(pos: Position, solution: list[Play]) -> int:
    p = pos.copy()
    seat = p.to_play
    for play in solution:
        seat = p.to_play
        p.play(play)
    return seat


# -- generating ------------------------------------------------------------------------------


def puzzle_record(puzzle: Puzzle, source: str) -> Position:
    """The puzzle as a position with its tags (Event, Solution, Theme, Rating, Source) and the line as a comment."""
    pos = puzzle.position.endgame()
    seat = "SENW"[pos.to_play]
    pos.tags = {
        "Event": f"Puzzle: {seat} to play ({', '.join(puzzle.themes) or 'endgame'})",
        "Solution": ", ".join(str(p) for p in puzzle.solution),
        "Theme": " ".join(puzzle.themes),
        "Rating": str(puzzle.rating),
        "Source": source,
    }
    value = puzzle.analysis.value
    pos.comments = [
        f"% {seat} to play. Best: {puzzle.solution[0]} — the attackers end with {value.points}"
        f"{' and dig' if value.dug else ''}: {value.outcome}.",
        "% Line: " + ", ".join(str(p) for p in puzzle.solution),
    ]
    return pos


TRIES_PER_DEAL = 8


def puzzles_from_deal(seed: int, index: int, tricks: tuple[int, int], theme: str | None,
                      max_nodes: int = 2_000_000) -> list[Position]:
    """At most one puzzle from deal ``index`` of a playout run.

    The hand is played out by the bot; up to :data:`TRIES_PER_DEAL` of its
    positions with ``tricks`` (low, high) tricks left in the recorded play,
    in a seeded random order, are tried; the first that is a puzzle (with
    ``theme``, if given) is kept. Positions beyond ``max_nodes`` are skipped.
    """
    import random

    from huolong.engine import Rules

    from .playout import play_deal
    from .search import SearchAborted

    record = play_deal(seed, index, Rules(), exact_cards=4).record
    total = len(record.history)
    plies: list[Position] = []
    pos = record.start()
    for number, trick in enumerate(record.history, start=1):
        left = total - number + 1
        for play in trick.plays:
            if tricks[0] <= left <= tricks[1]:
                plies.append(pos.endgame())
            pos.play(play)
    random.Random(f"puzzle:{seed}:{index}").shuffle(plies)
    if theme is not None:
        plies = [p for p in plies if may_have_theme(p, theme)]
    for candidate in plies[:TRIES_PER_DEAL]:
        try:
            puzzle = find_puzzle(candidate.endgame(), max_nodes=max_nodes)
        except SearchAborted:
            continue
        if puzzle is None or (theme is not None and theme not in puzzle.themes):
            continue
        return [puzzle_record(puzzle, f"huolong-solve puzzle generate --seed {seed}, deal {index + 1}")]
    return []
