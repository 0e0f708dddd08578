"""``huolong-solve play --seat S``: a hand against the computer in the terminal, then the review of your plays.

You are one seat; the other three play by a policy (``--policy``, default
``advise``: fair, it sees only its own hand). You bury when you are the
dealer. At each of your turns you see your hand, the trick, what the other
seats have shown they lack, and you type a play — ``SA SA``, ``♠A ♠A`` or
``黑桃A 黑桃A`` — or ``hint`` (single-dummy advice for your seat), or ``q``.
Bad input is asked again, with the reason. At the end: the result, the
record, saved as ``.hl``, and the review of the whole hand (every decision
judged on what its player could see): your marked plays and every seat's
summary.
"""

from __future__ import annotations

import random

import click

from huolong.analysis.advice import advise
from huolong.analysis.burial import rank_burials
from huolong.bots import policies_of
from huolong.bots.table import play_table
from huolong.engine import Hand, HuolongError, Play, Position, Rules, seat_label, write_position
from huolong.engine.deal import deal_hand
from huolong.engine.sampling import Knowledge, shown_voids
from huolong.i18n import _
from huolong.solver.playout import deal_seed

from .common import Stopped, typed_play, write_atomically
from .render import Style, diagram, header, result_sentence

HINT_SAMPLES = 48
QUIT = ("q", "quit", "exit", "退出")
HINT = ("hint", "h", "提示", "?")


class Quit(Exception):
    """The player typed q."""


class HumanPolicy:
    """The seat at the keyboard: it decides by prompts, seeing what its seat may see."""

    name = "you"
    sees_all = False

    def __init__(self, style: Style, hint_seed: int) -> None:
        self.style = style
        self.hint_seed = hint_seed

    def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand:
        deal = knowledge.position
        held = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator]
        click.echo("\n" + _("You are the dealer: your hand and the kitty, 45 cards:"))
        click.echo("  " + self.style.cards([c for _suit, cards in deal.order.by_suit(held) for c in cards]),
                   color=self.style.color)
        while True:
            text = click.prompt(_("Bury six cards (or hint, q)"), default="", show_default=False).strip()
            if text.lower() in QUIT:
                raise Quit
            if text.lower() in HINT:
                ranking = rank_burials(deal, samples=300, seed=self.hint_seed)
                for c in ranking.candidates[:3]:
                    click.echo("  " + _("{cards}: swing {swing}").format(cards=self.style.cards(list(c.bury)),
                                                                         swing=f"{c.swing:+.2f} ± {c.swing_se:.2f}"),
                               color=self.style.color)
                continue
            try:
                cards = Hand.from_cards(Play.parse(text).cards)
                deal.bury(cards)  # checked by the engine
            except HuolongError as e:
                click.echo(_("  {error}; try again.").format(error=e))
                continue
            return cards

    def play(self, knowledge: Knowledge, rng: random.Random) -> Play:
        pos = knowledge.position
        show_view(pos, knowledge, self.style)
        while True:
            text = click.prompt(_("{seat} to play (or hint, q)").format(seat=seat_label(pos.to_play)), default="",
                                show_default=False).strip()
            if text.lower() in QUIT:
                raise Quit
            if text.lower() in HINT:
                advice = advise(pos, samples=HINT_SAMPLES, seed=self.hint_seed, true_values=False, search_cards=8)
                for p in advice.plays[:3]:
                    click.echo("  " + _("{play}: swing {swing}, attackers' points {points}").format(
                        play=self.style.play(p.play), swing=f"{p.swing:+.2f}", points=f"{p.mean_points:.0f}"),
                        color=self.style.color)
                continue
            play, why = typed_play(pos, text)
            if why:
                click.echo(why)
                continue
            return play


def show_view(pos: Position, knowledge: Knowledge, style: Style) -> None:
    """The table as the seat to play sees it."""
    seat = knowledge.seat
    hidden = {s: shown_voids(knowledge).get(s, []) for s in range(4) if s != seat}
    click.echo("")
    click.echo(header(pos, style, hide_bottom=seat != pos.dealer), color=style.color)
    click.echo(diagram(pos, style, hidden), color=style.color)


def play_game(seat: int, policy: str, seed: int, rules: Rules, style: Style, output: str) -> None:
    """Deal, play with the human at ``seat`` and ``policy`` elsewhere, then the result and the review."""
    deal = deal_hand(deal_seed(seed, 0), rules)
    deal.tags = {"Event": f"huolong-solve play --seat {'SENW'[seat]} --seed {seed}", "You": "SENW"[seat],
                 "Others": policy}
    policies = policies_of(policy)
    policies[seat] = HumanPolicy(style, seed)
    click.echo(_("You are {seat}; the others play by {policy}. Deal seed {seed} (the same --seed deals it again).")
               .format(seat=seat_label(seat), policy=policy, seed=seed))
    click.echo(header(deal, style, hide_bottom=True), color=style.color)

    def announce(after: Position) -> None:
        if not after.history and not after.trick:
            return
        trick = after.trick or list(after.history[-1].plays)
        leader = after.leader if after.trick else after.history[-1].leader
        who = after.seat_after(leader, len(trick) - 1)
        if who != seat:
            click.echo(_("{seat} plays {play}.").format(seat=seat_label(who), play=style.play(trick[-1])),
                       color=style.color)
        if not after.trick:
            won = after.history[-1]
            click.echo(_("Trick {number} to {seat} ({points} points).").format(
                number=len(after.history), seat=seat_label(won.winner), points=won.points))

    try:
        played = play_table(deal, policies, f"game:{seed}", on_play=announce)
    except Quit:
        raise Stopped(_("you stopped the game")) from None
    record = played.record
    write_atomically(output, write_position(record))
    record.origin = (output, 1)
    click.echo("\n" + result_sentence(record.points, record.dug, record.result()))
    click.echo(_("The hand record is in {file}.").format(file=output))
    review_yours(record, seat, style, seed)


def review_yours(record: Position, seat: int, style: Style, seed: int) -> None:
    """The whole hand judged on what each player could see (the same review as ``huolong-solve review``):
    your marked plays, and the summary of every seat."""
    from huolong.analysis.hand_review import ReviewSettings, decisions, review_hand

    from .common import open_workers, progress
    from .review import whole_text

    click.echo("\n" + _("Reviewing the hand: every decision judged on what its player could see (Ctrl-C skips it)."))
    with open_workers(None, None) as pool, progress(decisions(record), _("decisions")) as bar:
        verdict = review_hand(record, ReviewSettings(seed=seed), pool=pool, on_progress=lambda: bar.update(1))
    if verdict.interrupted:
        click.echo(_("Review skipped; run it again with: huolong-solve review {file}").format(
            file=record.origin[0] if record.origin else "FILE"))
        return
    click.echo(whole_text(verdict, style, show_all=False, seat=seat), color=style.color)
