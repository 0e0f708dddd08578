"""``huolong-solve play --seat S``: a hand against the computer in the terminal, then the review of your plays.

You are one seat; the other three play by a policy (``--policy``, default
``advise``: fair, it sees only its own hand). You bury when you are the
dealer. At each of your turns you see your hand, the trick, what the other
seats have shown they lack, and you type a play — ``SA SA``, ``♠A ♠A`` or
``黑桃A 黑桃A`` — or ``hint`` (single-dummy advice for your seat), or ``q``.
Bad input is asked again, with the reason; ``q`` (or the end of input) ends
the game quietly, keeping the plays made so far in the ``-o`` file if one was
given. At the end: the result, the bottom, the record, saved as ``.hl``, and
the review of the whole hand (every decision judged on what its player could
see): your marked plays and every seat's summary.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import click

from huolong.analysis.hand_review import ReviewSettings, decisions, review_hand
from huolong.bots import PolicyError, policies_of
from huolong.bots.table import play_table
from huolong.engine import BIG_JOKER, Hand, HuolongError, Play, Position, Rules, parse_seat, seat_label, write_position
from huolong.engine.cards import suit_of, typed
from huolong.engine.declaring import Showing
from huolong.engine.game import GameRules
from huolong.engine.deal import deal_hand
from huolong.engine.jokers import BOTTOM_SHOWN_TAG, GANGUO_TAG, joker_bury_of, told_sentences
from huolong.engine.sampling import Knowledge, shown_voids
from huolong.i18n import _, ngettext, pgettext
from huolong.solver.playout import deal_seed

from .common import BadInput, color_wanted, open_workers, progress, typed_play, write_atomically
from .hint import indented, show_bury_hint, show_hint
from .render import Style, diagram, hand_lines, header, result_sentence, wrap
from .review import whole_text

QUIT = ("q", "quit", "exit", "退出")
HINT = ("hint", "h", "提示", "?")
YES = ("y", "yes", "是", "亮", "好")
NO = ("n", "no", "否", "不", "不亮")


class Quit(Exception):
    """The player typed q."""


class HumanPolicy:
    """The seat at the keyboard: it decides by prompts, seeing what its seat may see."""

    name = "you"
    sees_all = False

    def __init__(self, style: Style, hint_seed: int) -> None:
        self.style = style
        self.hint_seed = hint_seed
        self.declarer: int | None = None  # who has declared while this hand is dealt (the game tells it)
        self.first_hand = True  # the declarer deals (the game tells it)
        self.every_big_joker = False  # 快龙: the bury must hold every big joker (the game tells it)
        self.game_rules = GameRules()  # a whole game's rules: what the round of 扣王 allows (the game tells it)

    def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand:
        deal = knowledge.position
        view = deal.copy()  # the dealer's hand with the kitty in it, drawn as the diagram draws a hand
        view.hands[deal.dealer] = deal.hands[deal.dealer] + deal.kitty  # type: ignore[operator]
        click.echo("\n" + _("You are the dealer: your hand and the kitty, 45 cards:"))
        for line in hand_lines(view, deal.dealer, self.style):
            click.echo("  " + line, color=self.style.color)
        while True:
            text = ask(_("Bury six cards (or hint, q)"))
            if text.lower() in HINT:
                try:
                    show_bury_hint(deal, self.style, fast=self.every_big_joker)
                except KeyboardInterrupt:
                    click.echo(indented(_("Hint stopped; your turn.")))
                continue
            if not text:  # Enter alone: say what is asked, not "empty play"
                click.echo(indented(_("Type the six cards to bury (e.g. ♠3 ♠4 ♥5, S3 S4 H5 or 黑桃3 黑桃4 红桃5), hint "
                                       "for advice, or q to stop.")))
                continue
            try:
                cards = Hand.from_cards(Play.parse(text).cards)
                deal.bury(cards)  # checked by the engine
            except HuolongError as e:
                click.echo(_("  {error}; try again.").format(error=e))
                continue
            held = (deal.hands[deal.dealer] + deal.kitty).count(BIG_JOKER)  # type: ignore[operator]
            if self.every_big_joker and cards.count(BIG_JOKER) < held:
                click.echo(wrap(ngettext("  快龙 (fast dragon): every big joker must be buried; bury your {n} big "
                                         "joker with five other cards.",
                                         "  快龙 (fast dragon): every big joker must be buried; bury your {n} big "
                                         "jokers with {rest} other cards.", held).format(n=held, rest=6 - held)))
                continue
            return cards

    def swap_jokers(self, knowledge: Knowledge, limit: int, rng: random.Random) -> int:
        """After the dealer's bury (扣王): how many of its big jokers to put into the bottom, 0 … ``limit``."""
        pos = knowledge.position
        told = joker_bury_of(pos)
        buried = told.big_jokers if told is not None else pos.bottom.count(BIG_JOKER)  # type: ignore[union-attr]
        click.echo("\n" + _("Your hand:"))
        for line in hand_lines(pos, knowledge.seat, self.style):
            click.echo("  " + line, color=self.style.color)
        little, plain = self.game_rules.little == "after-big", self.game_rules.take != "lowest"
        if little:  # 004: little jokers after the big ones, and never a point card taken back
            text = ngettext("扣王: the bottom holds {n} big joker so far. You may bury jokers too, big ones first; for "
                            "each you take back one of the bottom's lowest cards that is not a point card.",
                            "扣王: the bottom holds {n} big jokers so far. You may bury jokers too, big ones first; "
                            "for each you take back one of the bottom's lowest cards that is not a point card.", buried)
        elif plain:  # 000, 001: 分值与流星除外
            text = ngettext("扣王: the bottom holds {n} big joker so far. You may bury big jokers too; for each you "
                            "take back one of the bottom's lowest cards that is not a point card. Every big joker in "
                            "the bottom is worth 3 levels to the side that goes up.",
                            "扣王: the bottom holds {n} big jokers so far. You may bury big jokers too; for each you "
                            "take back one of the bottom's lowest cards that is not a point card. Every big joker in "
                            "the bottom is worth 3 levels to the side that goes up.", buried)
        else:
            text = ngettext("扣王: the bottom holds {n} big joker so far. You may bury big jokers too; for each "
                            "you take back one of the bottom's lowest cards. Every big joker in the bottom "
                            "is worth 3 levels to the side that goes up.",
                            "扣王: the bottom holds {n} big jokers so far. You may bury big jokers too; for "
                            "each you take back one of the bottom's lowest cards. Every big joker in the "
                            "bottom is worth 3 levels to the side that goes up.", buried)
        click.echo(wrap(text.format(n=buried)))
        least = min(limit, pos.hands[knowledge.seat].count(BIG_JOKER)) if self.every_big_joker else 0  # type: ignore[union-attr]
        if least:  # 快龙: the big ones must go in, the little ones are a choice
            question = _("快龙: your {least} big jokers go in; how many jokers do you bury in all ({least} to "
                         "{limit})").format(least=least, limit=limit)
        else:
            question = (_("How many jokers do you bury, big ones first (0 to {limit})") if little else
                        ngettext("How many big jokers do you bury (0 or {limit})", "How many big jokers do you bury "
                                 "(0 to {limit})", limit)).format(limit=limit)
        while True:
            answer = typed(ask(question)).rstrip("个张")  # "1个" is a number too
            if answer.isdigit() and least <= int(answer) <= limit:
                return int(answer)
            if least:
                click.echo(_("  Type a number from {least} to {limit}, or q to stop.").format(least=least, limit=limit))
                continue
            click.echo(ngettext("  Type 0 or {limit}, or q to stop.", "  Type a number from 0 to {limit}, or q to "
                                "stop.", limit).format(limit=limit))

    def show(self, seat: int, received: Hand, showing: Showing, rng: random.Random) -> bool | int:
        """While dealing: make ``showing`` (declare, or override the declaration so far)? For three jokers
        (a showing of kind ``any``) the answer is the suit named."""
        click.echo("\n" + ngettext("Your cards so far ({n} card):", "Your cards so far ({n} cards):",
                                   len(received)).format(n=len(received)))
        click.echo("  " + self.style.cards(sorted(received, reverse=True)),
                   color=self.style.color)
        question = wrap(self._question(showing))
        while True:
            answer = typed(ask(question)).lower()
            if showing.kind == "any" and answer not in NO:
                suit = _suit_named(answer)
                if suit is not None:
                    return suit
                click.echo(_("  Type the suit to name (♠ ♥ ♦ ♣, or S H D C), n (no), or q to stop."))
                continue
            if answer in YES:
                return True
            if answer in NO:
                return False
            click.echo(_("  Type y (yes) or n (no), or q to stop."))

    def _question(self, showing: Showing) -> str:
        cards = self.style.play(showing.cards)
        declarer = seat_label(self.declarer) if self.declarer is not None else ""
        deal = self.first_hand
        if showing.kind == "big" and len(showing.cards) == 2 and self.declarer is not None:
            return _("{declarer} declared with a big joker. You hold two: show them to override {declarer}'s "
                     "declaration? Your next plain card sets the trump suit, and you deal (y/n)").format(
                declarer=declarer) if deal else _("{declarer} declared with a big joker. You hold two: show them to "
                                                  "override {declarer}'s declaration? Your next plain card sets the "
                                                  "trump suit (y/n)").format(declarer=declarer)
        if showing.kind == "big" and len(showing.cards) == 2:
            return _("You hold two big jokers. Show them to override the declaration? Your next plain card "
                     "sets the trump suit, and you deal (y/n)")
        if showing.kind in ("big", "little") and showing.over is not None:
            return (_("{declarer} declared with a little joker. Show your big joker to override? Your next plain "
                      "card sets the trump suit, and you deal (y/n)") if deal else
                    _("{declarer} declared with a little joker. Show your big joker to override? Your next plain "
                      "card sets the trump suit (y/n)")).format(declarer=declarer)
        if showing.kind == "big":
            return (_("You received a big joker. Show it and declare? Your next plain card sets the trump suit, "
                      "and you deal (y/n)") if deal else
                    _("You received a big joker. Show it and declare? Your next plain card sets the trump suit (y/n)"))
        if showing.kind == "little":
            return (_("You received a little joker. Show it and declare? Your next plain card sets the trump suit, "
                      "and you deal (y/n)") if deal else
                    _("You received a little joker. Show it and declare? Your next plain card sets the trump suit "
                      "(y/n)"))
        if showing.kind == "any":
            return _("You hold {cards}: show them and name any suit trump? Type the suit (♠ ♥ ♦ ♣, or S H D C), "
                     "or n").format(cards=cards)
        suit = self.style.suit(suit_of(showing.cards.cards[0]))
        if showing.over is not None:
            return _("{declarer} has shown level cards. Show {cards} to override and make {suit} trump (y/n)").format(
                declarer=declarer, cards=cards, suit=suit)
        return (_("Show {cards} and make {suit} trump? You deal (y/n)") if deal else
                _("Show {cards} and make {suit} trump (y/n)")).format(cards=cards, suit=suit)

    def play(self, knowledge: Knowledge, rng: random.Random) -> Play:
        pos = knowledge.position
        show_view(pos, knowledge, self.style)
        while True:
            text = ask(_("{seat} to play (or hint, q)").format(seat=seat_label(pos.to_play)))
            if text.lower() in HINT:
                try:  # Ctrl-C stops the hint, not the game (a ranking under way keeps what it has)
                    show_hint(pos, self.style)
                except KeyboardInterrupt:
                    click.echo(indented(_("Hint stopped; your turn.")))
                continue
            play, why = typed_play(pos, text)
            if why:
                click.echo(wrap(why))
                if not any(ch.isdigit() or ch in "AKQJTakqjt♠♥♦♣" for ch in text):  # not cards at all: say what is
                    click.echo(indented(_("Type the cards to play (e.g. ♠A ♠A, SA SA or 黑桃A 黑桃A; jokers BJ and "
                                           "LJ, or 大王 and 小王), hint for advice, or q to stop.")))
                continue
            return play


def _suit_named(text: str) -> int | None:
    """The suit a player named: ♠ ♥ ♦ ♣, S H D C, or its Chinese name."""
    from huolong.engine.cards import CHINESE_SUITS, SUIT_SYMBOLS, SUITS

    text = text.strip()
    for names in (SUIT_SYMBOLS, SUITS.lower()):
        if len(text) == 1 and text in names:
            return names.index(text)
    return CHINESE_SUITS.get(text)


def ask(question: str) -> str:
    """The player's answer, stripped; ``q`` — or the end of input (Ctrl-D) or Ctrl-C at the prompt —
    raises :class:`Quit`, which ends the game as ``q`` does."""
    try:
        text = click.prompt(question, default="", show_default=False,
                            prompt_suffix=pgettext("after a question", ": ")).strip()
    except click.Abort:  # click's answer to EOF and to Ctrl-C while it waits
        click.echo("")
        raise Quit from None
    if text in QUIT or (text.lower() in QUIT and text.lower() != "q"):  # "Q" alone may be a queen: asked again
        raise Quit
    return text


def show_view(pos: Position, knowledge: Knowledge, style: Style) -> None:
    """The table as the seat to play sees it."""
    seat = knowledge.seat
    hidden = {s: shown_voids(knowledge).get(s, []) for s in range(4) if s != seat}
    click.echo("")
    click.echo(header(pos, style, hide_bottom=seat != pos.dealer and not pos.tags.get(BOTTOM_SHOWN_TAG)),
               color=style.color)
    click.echo(diagram(pos, style, hidden), color=style.color)


def play_against_the_computer(seat: str, policy: str, seed: int, rules: Rules, output: str | None, no_color: bool,
                              ascii_: bool) -> None:
    """``play --seat``: one hand in the terminal; a new deal unless --seed names one."""
    try:
        seat_number = parse_seat(seat)
        policies_of(policy)
    except (HuolongError, PolicyError) as e:
        raise BadInput(str(e)) from None
    ctx = click.get_current_context()
    if ctx.get_parameter_source("seed") is not click.core.ParameterSource.COMMANDLINE:
        seed = random.SystemRandom().randrange(1, 10**6)
    play_game(seat_number, policy, seed, rules, Style(color=color_wanted(no_color), ascii=ascii_), output)


def play_game(seat: int, policy: str, seed: int, rules: Rules, style: Style, output: str | None) -> None:
    """Deal, play with the human at ``seat`` and ``policy`` elsewhere, then the result, the bottom and the
    review. The record goes to ``output`` (default ``huolong-solve-game-SEED.hl``); ``q`` ends the game
    quietly, keeping the hand so far in ``output`` if one was given."""
    deal = deal_hand(deal_seed(seed, 0), rules)
    deal.tags = {"Event": f"huolong-solve play --seat {'SENW'[seat]} --seed {seed}", "You": "SENW"[seat],
                 "Others": policy}
    policies = policies_of(policy)
    policies[seat] = HumanPolicy(style, seed)
    click.echo(_("You are {seat}; the others play by {policy}. Deal seed {seed} (the same --seed deals it again).")
               .format(seat=seat_label(seat), policy=policy, seed=seed))
    click.echo(header(deal, style, hide_bottom=True), color=style.color)
    table: list[Position] = []  # the hand as it stands, once the bury is made
    say = announcer(seat, style)

    def announce(after: Position) -> None:
        table[:] = [after]
        say(after)

    try:
        played = play_table(deal, policies, f"game:{seed}", on_play=announce)
    except Quit:
        stop_game(table[0] if table else None, output)
        return
    record = played.record
    output = output or unused_name(f"huolong-solve-game-{seed}", ".hl")
    write_atomically(output, write_position(record))
    record.origin = (output, 1)
    click.echo("\n" + wrap(result_sentence(record.points, record.dug, record.result(), record.jokers_in_bottom)))
    click.echo(wrap(bottom_sentence(record, style)), color=style.color)
    click.echo(_("The hand record is in {file}.").format(file=output))
    review_yours(record, seat, style, seed)


def announcer(seat: int, style: Style) -> Callable[[Position], None]:
    """What the player at ``seat`` is told after each play: the others' plays and who won each trick."""
    def announce(after: Position) -> None:
        if not after.history and not after.trick:
            if after.tags.get(GANGUO_TAG):
                click.echo(wrap(_("干锅: the bottom as dealt holds no card of the trump suit but level cards, or only "
                                  "trumps: it stays as it is, nobody buries jokers, and its jokers count for nothing.")))
            told = joker_bury_of(after)
            if told is not None:  # the bury and its round of 扣王 are made: the table is told who buried jokers
                for sentence in told_sentences(told, seat, after.dealer, style.play):
                    click.echo(wrap(sentence), color=style.color)
            if after.tags.get(BOTTOM_SHOWN_TAG) and seat != after.dealer:
                cards = [c for _suit, cs in after.order.by_suit(after.bottom) for c in cs]  # type: ignore[arg-type]
                click.echo(wrap(_("Jokers were buried: the bottom is turned up for all: {cards}.").format(
                    cards=style.cards(cards))), color=style.color)
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
    return announce


def unused_name(stem: str, suffix: str) -> str:
    """``stem + suffix``, or ``stem-2 + suffix``, … — the first that names no file: a replayed seed
    never overwrites the record of an earlier game."""
    name, n = stem + suffix, 2
    while os.path.exists(name):
        name, n = f"{stem}-{n}{suffix}", n + 1
    return name


def stop_game(pos: Position | None, output: str | None) -> None:
    """``q``: the game ends (exit status 0, not an error); with ``-o``, the plays made so far are kept there."""
    plays = sum(len(t.plays) for t in pos.history) + len(pos.trick) if pos is not None else 0
    if output is None or pos is None or not plays:
        click.echo(_("Game stopped."))
        return
    write_atomically(output, write_position(pos))
    click.echo(ngettext("Game stopped after {n} play; the hand so far is in {file}.",
                        "Game stopped after {n} plays; the hand so far is in {file}.", plays).format(n=plays, file=output))


def bottom_sentence(record: Position, style: Style) -> str:
    """The bottom (the six cards the dealer buried) at the end of the hand, and what it was worth."""
    bottom = record.start().bottom
    if bottom is None:
        return _("The bottom is not in the record.")
    cards = style.cards([c for _suit, cs in record.order.by_suit(bottom) for c in cs])
    if record.tags.get(GANGUO_TAG):
        return ngettext("The bottom, kept as dealt (干锅): {cards} ({points} point).",
                        "The bottom, kept as dealt (干锅): {cards} ({points} points).", bottom.points).format(
            cards=cards, points=bottom.points)
    return ngettext("The bottom, buried by {seat}: {cards} ({points} point).",
                    "The bottom, buried by {seat}: {cards} ({points} points).", bottom.points).format(
        seat=seat_label(record.dealer), cards=cards, points=bottom.points)


def review_yours(record: Position, seat: int, style: Style, seed: int) -> None:
    """The whole hand judged on what each player could see (the same review as ``huolong-solve review``):
    your marked plays, and the summary of every seat."""
    click.echo("\n" + _("Reviewing the hand: every decision judged on what its player could see (Ctrl-C skips it)."))
    with open_workers(None, None) as pool, progress(decisions(record), _("decisions")) as bar:
        # the review's default seed, as the hint's: `huolong-solve review FILE` gives the same verdicts
        verdict = review_hand(record, ReviewSettings(), pool=pool, on_progress=lambda: bar.update(1))
    if verdict.interrupted:
        click.echo(_("Review skipped; run it again with: huolong-solve review {file}").format(
            file=record.origin[0] if record.origin else "FILE"))
        return
    click.echo(whole_text(verdict, style, show_all=False, seat=seat), color=style.color)
