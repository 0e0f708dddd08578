"""Why a play was worse than the best, in the player's terms, drawn from the deals themselves.

A flagged play and the best play were valued on the same fresh deals of what
the player could see, so what happened on each deal can be counted: the
trick the play was made to — who won it and the points in it — and the end
of the hand — the dig, the points line, an outright end. The reasons say
what changed and how often ("in 84 % of the deals you could face"), at most
two sentences: what the play did to the trick, then what it did to the
hand's result (or, where the result was not at stake, to the points).

Each reason is data (a kind and its numbers, for JSON) and a sentence from
the message catalogs, in the language of the moment.

>>> from huolong.engine import Play
>>> r = Reason("dig", {"play": Play.parse("S3"), "best": Play.parse("SA"), "p_made": 0.4, "p_best": 0.05})
>>> r.text()
'After ♠3 the attackers dig the bottom in 40% of the deals you could face, against 5% after ♠A.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from huolong.engine import Play, Position
from huolong.engine.seats import parse_seat, seat_label, seat_name
from huolong.engine.tricks import trick_winner
from huolong.i18n import N_, _

from .race import mean

TRICK_GAP = 0.2  # the best play wins the trick this much more often: worth saying
SURE = 0.995  # "had already won": the trick was decided before the play


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


@dataclass(frozen=True)
class Reason:
    """One sentence of why: its ``kind`` and the numbers it says (plays as :class:`Play`)."""

    kind: str
    data: dict = field(default_factory=dict)

    def text(self, show: Callable[[Play], str] = Play.unicode) -> str:
        """The sentence in the current language; ``show`` writes a play (the caller's card style)."""
        d = {k: (show(v) if isinstance(v, Play) else v) for k, v in self.data.items()}
        for key in PERCENTS:
            if key in d:
                d[key] = _pct(d[key])
        if "winner" in d:
            d["winner"] = seat_label(parse_seat(d["winner"]))
        return _(TEXTS[self.kind]).format(**d)

    def to_dict(self) -> dict:
        return {"kind": self.kind, **{k: (str(v) if isinstance(v, Play) else v) for k, v in self.data.items()},
                "text": self.text()}


PERCENTS = ("p_made", "p_best", "p")  # shares of the deals, written as percentages
#: The sentences, by kind (the board writes them from the same catalog entries).
TEXTS: dict[str, str] = {
    # the trick the play was made to
    "gift-sure": N_("{play} gives {winner} {points} points: {winner}'s {winning} had already won the trick; "
        "{best} gives {best_points}."),
    "gift": N_("{play} puts {points} points into this trick, which your opponents win in {p} of the deals "
        "you could face; {best} puts in {best_points}."),
    "trick": N_("{best} wins this trick for your side in {p_best} of the deals you could face, {play} in "
        "{p_made}."),
    # the hand's result
    "dig": N_("After {play} the attackers dig the bottom in {p_made} of the deals you could face, against "
        "{p_best} after {best}."),
    "line": N_("After {play} the attackers reach {threshold} points in {p_made} of the deals you could face, "
        "against {p_best} after {best}."),
    "dealer-outright": N_("After {play} the dealer team wins the game outright (the attackers take no "
        "points) in {p_made} of the deals you could face, against {p_best} after {best}."),
    "attackers-outright": N_("After {play} the attackers win the game outright ({points} points) in {p_made} "
        "of the deals you could face, against {p_best} after {best}."),
    "levels": N_("{play} leaves your side worse off than {best} in {p_made} of the deals you could face, and "
        "better off in {p_best}."),
    # the bury
    "bury-dig": N_("Your bottom {bury} holds {points} points: the attackers dig it in {p_made} of the deals "
        "you could face; {best} ({best_points} points) is dug in {p_best}."),
    "bury-line": N_("With your bottom {bury} the attackers reach {threshold} points in {p_made} of the deals "
        "you could face, against {p_best} with {best}."),
    "bury-dealer-outright": N_("With your bottom {bury} your team wins the game outright (the attackers take "
        "no points) in {p_made} of the deals you could face, against {p_best} with "
        "{best}."),
    "bury-attackers-outright": N_("With your bottom {bury} the attackers win the game outright ({points} "
        "points) in {p_made} of the deals you could face, against {p_best} with "
        "{best}."),
    # where the result is not at stake
    "points": N_("After {play} the attackers end with {made_points} points on average, against {best_points} "
        "after {best}; the result is the same on {p} of the deals you could face."),
}


def reasons(pos: Position, made, best, scale: str) -> list[Reason]:  # type: ignore[no-untyped-def]
    """Why ``made`` (a :class:`~.ranking.PlayTally`) did worse than ``best`` on the same deals, from the
    mover's point of view in ``pos`` (before the play): what it did to the trick, then to the hand."""
    out = []
    trick = _trick_reason(pos, made, best)
    if trick is not None:
        out.append(trick)
    hand = _result_reason(pos, made, best) if scale == "levels" else None
    out.append(hand if hand is not None else _points_reason(made, best))
    return out


def _trick_reason(pos: Position, made, best) -> Reason | None:  # type: ignore[no-untyped-def]
    points, best_points = made.play.points, best.play.points
    won_made = [w for w in made.trick_won if w is not None]
    won_best = [w for w in best.trick_won if w is not None]
    if not won_made or not won_best:
        return None
    lost_made = 1 - mean([float(w) for w in won_made])
    if points > best_points and lost_made >= 0.5:
        sure = _already_won(pos)
        if sure is not None and lost_made >= SURE:
            winner, winning = sure
            return Reason("gift-sure", {"play": made.play, "best": best.play, "points": points,
                                        "best_points": best_points, "winner": seat_name(winner),
                                        "winning": winning})
        return Reason("gift", {"play": made.play, "best": best.play, "points": points, "best_points": best_points,
                               "p": lost_made})
    p_made, p_best = 1 - lost_made, mean([float(w) for w in won_best])
    if p_best - p_made >= TRICK_GAP:
        return Reason("trick", {"play": made.play, "best": best.play, "p_made": p_made, "p_best": p_best})
    return None


def _already_won(pos: Position) -> tuple[int, Play] | None:
    """(seat, play) of the opponent whose play had won the trick before the mover, the last to play, could
    do anything about it; else ``None``."""
    if len(pos.trick) != 3:
        return None
    ahead = trick_winner(pos.trick, pos.order)
    winner = pos.seat_after(pos.leader, ahead)
    if pos.is_attacker(winner) == pos.is_attacker(pos.to_play):
        return None
    if any(trick_winner([*pos.trick, p], pos.order) == 3 for p in pos.legal_plays()):
        return None
    return winner, pos.trick[ahead]


def _result_reason(pos: Position, made, best) -> Reason | None:  # type: ignore[no-untyped-def]
    """The change of result that cost the mover's side the most levels, net, over the deals — the dig, the
    points line or an outright end — said as how often it happens after each play; where no one change
    tells it (they cancel out deal by deal), how often the play leaves the side worse off and better off."""
    threshold = pos.rules.threshold
    n = min(made.samples, best.samples)
    cost: Counter[str] = Counter()
    for i in range(n):
        lost = best.side_swings[i] - made.side_swings[i]
        if not lost:
            continue
        if made.dug[i] != best.dug[i]:
            cost["dig"] += lost
        elif (made.points[i] >= threshold) != (best.points[i] >= threshold):
            cost["line"] += lost
        else:
            cost[_outright(made.outcomes[i], best.outcomes[i])] += lost
    attacker = pos.is_attacker(pos.to_play)
    for kind, lost in cost.most_common():
        if lost <= 0:
            break
        data = {"play": made.play, "best": best.play}
        if kind == "dig":
            data.update(p_made=mean([float(d) for d in made.dug]), p_best=mean([float(d) for d in best.dug]))
            worse = data["p_made"] < data["p_best"] if attacker else data["p_made"] > data["p_best"]
        elif kind == "line":
            data.update(threshold=threshold, p_made=made.p_reaching(threshold), p_best=best.p_reaching(threshold))
            worse = data["p_made"] < data["p_best"] if attacker else data["p_made"] > data["p_best"]
        else:
            won = "dealer-win-game" if kind == "dealer-outright" else "attackers-win-game"
            data.update(p_made=_share(made.outcomes, won), p_best=_share(best.outcomes, won), points=OUTRIGHT_POINTS)
            good_for_mover = (won == "attackers-win-game") == attacker
            worse = data["p_made"] < data["p_best"] if good_for_mover else data["p_made"] > data["p_best"]
        if worse and round(100 * data["p_made"]) != round(100 * data["p_best"]):  # a difference the words show
            return Reason(kind, data)
    if not n:
        return None
    worse_off = mean([float(made.side_swings[i] < best.side_swings[i]) for i in range(n)])
    better_off = mean([float(made.side_swings[i] > best.side_swings[i]) for i in range(n)])
    if worse_off <= better_off:
        return None
    return Reason("levels", {"play": made.play, "best": best.play, "p_made": worse_off, "p_best": better_off})


OUTRIGHT_POINTS = 300


def _outright(made: str, best: str) -> str:
    """Which outright end made the difference on a deal where neither the dig nor the line did."""
    return "attackers-outright" if "attackers-win-game" in (made.split()[0], best.split()[0]) else "dealer-outright"


def _share(outcomes: list[str], name: str) -> float:
    return mean([float(o.split()[0] == name) for o in outcomes])


def _points_reason(made, best) -> Reason:  # type: ignore[no-untyped-def]
    n = min(made.samples, best.samples)
    same = mean([float(made.side_swings[i] == best.side_swings[i]) for i in range(n)])
    return Reason("points", {"play": made.play, "best": best.play, "made_points": round(made.mean_points),
                             "best_points": round(best.mean_points), "p": same})


def bury_reasons(deal: Position, made, best) -> list[Reason]:  # type: ignore[no-untyped-def]
    """Why the bury ``made`` (a :class:`~.burial.Candidate`) did worse for the dealer team than ``best`` on
    the same deals: the change of result that cost the most deals."""
    threshold = deal.rules.threshold
    causes: Counter[str] = Counter()
    for i in range(min(made.samples, best.samples)):
        if made.swings[i] >= best.swings[i]:  # the dealer team's level change
            continue
        if made.dug[i] != best.dug[i]:
            causes["bury-dig"] += 1
        elif (made.points[i] >= threshold) != (best.points[i] >= threshold):
            causes["bury-line"] += 1
        elif "win-game" in made.outcomes[i] + best.outcomes[i]:
            causes["bury-" + _outright(made.outcomes[i], best.outcomes[i])] += 1
        # else: the levels the jokers in the bottom are worth, which no sentence here tells
    if not causes:
        return []
    kind = causes.most_common(1)[0][0]
    bury, other = Play(tuple(sorted(made.bury))), Play(tuple(sorted(best.bury)))
    data: dict = {"bury": bury, "best": other}
    if kind == "bury-dig":
        data.update(points=made.bury.points, best_points=best.bury.points, p_made=made.p_dug, p_best=best.p_dug)
    elif kind == "bury-line":
        data.update(threshold=threshold, p_made=made.p_reaching(threshold), p_best=best.p_reaching(threshold))
    else:
        won = "dealer-win-game" if kind == "bury-dealer-outright" else "attackers-win-game"
        data.update(p_made=_share(made.outcomes, won), p_best=_share(best.outcomes, won), points=OUTRIGHT_POINTS)
    if round(100 * data["p_made"]) == round(100 * data["p_best"]):
        return []  # "in 0 % … against 0 %": a difference the words would not show
    return [Reason(kind, data)]
