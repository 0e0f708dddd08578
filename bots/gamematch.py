"""Duplicate matches of whole games: every game played twice, the two policies swapping seats on the same cards.

Game ``g`` of a match with seed ``s`` deals its hand ``n`` from (s, g, n)
alone (:func:`~huolong.engine.game.game_deal`), whatever the state: at table
1 policy A sits S and N, at table 2 E and W, and hand ``n`` of both tables
has the same cards even where the dealers and levels differ. A game that has
not ended after ``max_hands`` hands counts as half a win each.

>>> rec = duplicate_game(3, 0, "random", "random", "standard", "standard", max_hands=2)
>>> [t["table"] for t in rec["tables"]], rec["tables"][0]["hands"]
([1, 2], 2)
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from huolong.engine import Rules
from huolong.engine.game import GameRules, GameState
from huolong.engine.gamefile import GameFile, GameHeader
from huolong.engine.order import LEVELS

from .game import play_game
from .match import _mean_se, _policy, _round

__all__ = ["GameScore", "GamesSummary", "duplicate_game", "game_event", "game_score", "summarise_games"]

MAX_HANDS = 200


def game_event(seed: int, index: int, table: int) -> str:
    return f"huolong-solve match --games, seed {seed}, game {index + 1}, table {table}"


@dataclass(frozen=True)
class GameScore:
    """One table's game, from A's side."""

    a_won: float  # 1 A's team won, 0 B's, 0.5 not over within the hands allowed
    hands: int
    a_levels: int  # the levels A's team climbed (3 → its last level; passing the top counts one more)
    b_levels: int

    def to_dict(self) -> dict:
        return {"a_won": self.a_won, "hands": self.hands, "a_levels": self.a_levels, "b_levels": self.b_levels}


def climbed(state: GameState, team: int) -> int:
    """Levels a team climbed in a game: from 3 to its level, one more if it passed the top."""
    return LEVELS.index(state.levels[team]) + int(state.passed and state.winner == team)


def game_score(game: GameFile, a_team: int) -> GameScore:
    state = game.state
    won = 0.5 if state.winner is None else float(state.winner == a_team)
    return GameScore(won, state.hands, climbed(state, a_team), climbed(state, 1 - a_team))


def duplicate_game(seed: int, index: int, a: str, b: str, rules_text: str, game_rules_text: str,
                   max_hands: int = MAX_HANDS) -> dict:
    """Game ``index`` played at both tables (a picklable task): each table's game file text, its score and
    its decisions' times."""
    rules, game_rules = Rules.parse(rules_text), GameRules.parse(game_rules_text)
    tables = []
    for table, (south_north, east_west) in enumerate(((a, b), (b, a)), start=1):
        header = GameHeader(seed=seed, players=(south_north, east_west, south_north, east_west), rules=rules,
                            game_rules=game_rules, game=index, tags=(("Event", game_event(seed, index, table)),))
        decisions: list[tuple[str, float, bool]] = []
        game = play_game(header, [_policy(south_north), _policy(east_west)] * 2, max_hands=max_hands,
                         on_hand=lambda g, t: decisions.extend((d.policy, d.seconds, d.bury) for d in t.decisions))
        score = game_score(game, a_team=0 if table == 1 else 1)
        tables.append({"table": table, "text": game.text(), **score.to_dict(), "decisions": decisions})
    return {"game": index + 1, "tables": tables}


@dataclass
class GamesSummary:
    """A match of games: its totals (the JSON ``match --games --json`` prints)."""

    a: str
    b: str
    seed: int
    games: int
    a_wins: tuple[float, float]  # A's share of the two tables' games, per game: mean and standard error
    hands_per_game: tuple[float, float]
    a_levels_per_hand: tuple[float, float]  # (A's levels climbed − B's) per hand, per game
    unfinished: int  # tables whose game had not ended within the hands allowed
    seconds_per_game: float | None
    played_now: int = 0  # the games played by this run (the rest were read from the file)
    rules: str = "standard"
    game_rules: str = "standard"

    def to_dict(self) -> dict:
        pair = lambda x: {"mean": _round(x[0]), "se": _round(x[1])}  # noqa: E731
        return {"a": self.a, "b": self.b, "seed": self.seed, "games": self.games, "a_wins": pair(self.a_wins),
                "hands_per_game": pair(self.hands_per_game), "a_levels_per_hand": pair(self.a_levels_per_hand),
                "unfinished": self.unfinished, "played_now": self.played_now, "rules": self.rules,
                "game_rules": self.game_rules,
                "seconds_per_game": _round(self.seconds_per_game) if self.seconds_per_game is not None else None}


def summarise_games(a: str, b: str, seed: int, games: list[list[GameScore]], seconds: float | None,
                    played_now: int = 0, rules: str = "standard", game_rules: str = "standard") -> GamesSummary:
    """The totals of scored games (each: its two tables)."""
    wins = [statistics.fmean(t.a_won for t in pair) for pair in games]
    hands = [float(t.hands) for pair in games for t in pair]
    per_hand = [sum(t.a_levels - t.b_levels for t in pair) / max(1, sum(t.hands for t in pair)) for pair in games]
    unfinished = sum(t.a_won == 0.5 for pair in games for t in pair)
    return GamesSummary(a, b, seed, len(games), _mean_se(wins), _mean_se(hands), _mean_se(per_hand), unfinished,
                        seconds, played_now, rules, game_rules)
