"""``huolong-solve game --seat S``: a whole game against the computer in the terminal, hand after hand until one
team passes A (docs/rules.md, "A whole game").

The game is saved as it goes — after every play — in a game file (``-o``,
default ``huolong-game-SEED.hl``); ``huolong-solve game -o FILE`` resumes it
where it stopped, even inside a hand. Between hands the player may review
the hand just played (the same review as ``huolong-solve review``).
"""

from __future__ import annotations

import os
import random
import shutil

import click

from huolong.bots import PolicyError, policies_of
from huolong.bots.game import play_game
from huolong.bots.table import TableResult
from huolong.engine import HuolongError, Position, parse_seat, seat_label, write_atomically, write_position
from huolong.engine.game import Declaration, GameRules, GameState, hooked_with_j, parse_levels, team_label, team_of
from huolong.engine.gamefile import GameFile, GameHeader, read_game
from huolong.engine.jokers import KITTY_SHOWN_TAG
from huolong.engine.tribute import tribute_of, tribute_sentence
from huolong.engine.seats import partner
from huolong.i18n import N_, _, ngettext

from .common import BadInput, ascii_option, color_wanted, no_color_option, output_file, parse_rules, seed_option
from .game import HumanPolicy, Quit, announcer, ask, bottom_sentence, review_yours, unused_name
from .render import Style, header as position_header, level_label, result_sentence, wrap

NEXT = ("", "n", "next", "下一局", "继续")
REVIEW_SEED = 1  # review's default --seed: the hand reviewed here as huolong-solve review FILE reviews it
REVIEW = ("r", "review", "复盘")


@click.command("game", help=N_("""Play a whole game against the computer in the terminal: hand after hand, each team's level from 3 up, until one team passes the top (A; 10 under rule text 004).

    You are one seat; the other three play by --policy. The first hand's
    dealer and trump are declared while dealing, as --game-rules says (002:
    the first big joker shown; two override one); then the dealer follows
    from each result. The game
    is saved after every play in a game file (-o; default
    huolong-game-SEED.hl): run huolong-solve game -o FILE to resume it. After
    each hand you may review it (r). The hands in the file are ordinary hand
    records: huolong-solve review FILE --position N reviews hand N.

    \b
    Examples:
      huolong-solve game --seat S
      huolong-solve game --seat E --policy fair --seed 7 -o tonight.hl
      huolong-solve game --seat N --game-rules 004  rule text 004's game
      huolong-solve game -o tonight.hl              resume it
    """))
@click.option("--seat", metavar="S|E|N|W", help=N_("Your seat (a new game; a resumed game keeps its own)."))
@click.option("--policy", default="advise", show_default=True, metavar="POLICY",
              help=N_("How the other seats play — advise, fair, bot (sees all hands), random, S=advise,E=fair,… or "
                      "module:attr."))
@seed_option(N_("Seed of the game's deals and the computer's choices (default: a new game each time): same seed, "
                "same output."), default=None)
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help=N_("The game file: written after every play; if it exists, the game in it is resumed."))
@click.option("--rules", "rules", metavar="RULES", default=None,
              help=N_("Ruleset of the hands (default: the one the game rules' rule text gives; standard for 002)."))
@click.option("--game-rules", "game_rules", metavar="RULES", default="standard", show_default=True,
              help=N_("Rules of the whole game: a rule text's game — standard (002), 000, 001, 003 or 004 — then "
                      "options such as top=T, trump=hand, kouwang=attackers-first, dragon=fast, jrules=on "
                      "(docs/rules.md §12)."))
@no_color_option
@ascii_option
def game_command(seat, policy, seed, output, rules, game_rules, no_color, ascii_):
    style = Style(color=color_wanted(no_color), ascii=ascii_)
    if output and os.path.exists(output):
        game, path = _resume(output, seat), output
        ctx = click.get_current_context()
        asked = {"policy": policy, "seed": seed, "rules": rules, "game_rules": game_rules}
        given = [f"--{name.replace('_', '-')}" for name in asked
                 if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
                 and not _as_started(game.header, name, asked[name])]
        if given:  # a resumed game keeps its own: an option that would change it is refused, not ignored
            raise BadInput(_("{file}: a game is resumed as it was started; leave out {options} (or write a new "
                             "game elsewhere with -o)").format(file=output, options=", ".join(given)))
    else:
        if seat is None and output:
            raise BadInput(_("{file} does not exist yet: to resume a game, name its file; to start one, choose your "
                             "seat with --seat (S, E, N or W)").format(file=output))
        if seat is None:
            raise BadInput(_("--seat: choose your seat (S, E, N or W) for a new game"))
        game, path = _new(seat, policy, seed, rules, game_rules, output)
    _play(game, path, style)


def _as_started(header: GameHeader, option: str, value: object) -> bool:
    """Whether an option given to a resumed game says what the game was started with (then it is no change)."""
    try:
        if option == "policy":
            specs = _specs(str(value))
            specs[header.you] = "you"  # type: ignore[index]
            return tuple(specs) == header.players
        if option == "seed":
            return value == header.seed
        if option == "rules":
            return str(parse_rules(str(value))) == str(header.rules)
        return str(GameRules.parse(str(value))) == str(header.game_rules)
    except (HuolongError, PolicyError, click.ClickException):
        return False


def _new(seat_text: str, policy: str, seed: int | None, rules_text: str | None, game_rules_text: str,
         output: str | None) -> tuple[GameFile, str]:
    try:
        seat = parse_seat(seat_text)
        policies_of(policy)
        game_rules = GameRules.parse(game_rules_text)
    except (HuolongError, PolicyError) as e:
        raise BadInput(str(e)) from None
    ruleset = parse_rules(rules_text) if rules_text is not None else game_rules.hand_rules()
    assert ruleset is not None
    if ruleset.is_bridge:
        raise BadInput(_("--rules: game plays Huolong hands, not bridge"))
    specs = _specs(policy)
    specs[seat] = "you"
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**6)
    path = output_file(output) if output else unused_name(f"huolong-game-{seed}", ".hl")
    header = GameHeader(seed=seed, players=(specs[0], specs[1], specs[2], specs[3]), rules=ruleset,
                        game_rules=game_rules, tags=(("Event", f"huolong-solve game, seed {seed}"),))
    return GameFile(header, [], GameState.start()), path


def _specs(policy: str) -> list[str]:
    """The policy spec of each seat, S E N W, as ``--policy`` gives them."""
    if "=" not in policy.split(":")[0]:
        return [policy] * 4
    chosen = {parse_seat(part.partition("=")[0]): part.partition("=")[2] for part in policy.split(",")}
    return [chosen.get(s, "advise") for s in range(4)]


def _resume(path: str, seat_text: str | None) -> GameFile:
    try:
        game = read_game(path)
    except HuolongError as e:
        raise BadInput(str(e)) from None
    if game.note and game.edited:  # a hand in the middle does not read: refused, so that no later hand is lost
        raise BadInput(_("{note}, but more hands follow it: correct that hand to resume the game").format(
            note=game.note))
    you = game.header.you
    if you is None:
        raise BadInput(_("{file}: no seat of this game is played at the keyboard (Players has no 'you')").format(
            file=path))
    if seat_text is not None:
        try:
            asked = parse_seat(seat_text)
        except HuolongError as e:
            raise BadInput(str(e)) from None
        if asked != you:
            raise BadInput(_("{file}: you play {seat} in this game, not {asked}; leave out --seat to resume it").format(
                file=path, seat=seat_label(you), asked=seat_label(asked)))
    if game.note:
        kept = unused_name(path, ".orig")
        shutil.copyfile(path, kept)
        click.echo(_("note: {note}; the file as it was is kept in {kept}").format(note=game.note, kept=kept), err=True)
    try:
        policies_of(",".join(f"{s}={p}" for s, p in zip("SENW", game.header.players) if p != "you"))
    except PolicyError as e:
        raise BadInput(_("{file}: {error}").format(file=path, error=e)) from None
    if game.state.over:
        click.echo(winner_sentence(game.state))
        raise BadInput(_("{file}: this game is over; start another with --seat").format(file=path))
    return game


def _play(game: GameFile, path: str, style: Style) -> None:
    header = game.header
    you = header.you
    assert you is not None
    policies = policies_of(",".join(f"{s}={p}" for s, p in zip("SENW", header.players) if p != "you"))
    human = policies[you] = HumanPolicy(style, header.seed)
    human.first_hand = game.state.dealer is None
    say = announcer(you, style)
    others = sorted({p for p in header.players if p != "you"})

    finished = [header.text()] + [write_position(h) for h in game.hands]  # the text of the hands over, kept

    def save() -> None:
        now = [write_position(game.unfinished)] if game.unfinished is not None else []
        write_atomically(path, "\n".join(finished + now))

    if not game.hands and game.unfinished is None:
        click.echo(_("A whole game: S–N against E–W, each from level 3, until one team passes {top}.").format(
            top=level_label(header.game_rules.top)))
    click.echo(_("Game rules: {rules} (the rule text's number and any options changed; docs/rules.md §12).")
               .format(rules=header.game_rules.label()))
    click.echo(_("You are {seat} (your partner is {partner}); the others play by {policy}. Seed {seed}.").format(
        seat=seat_label(you), partner=seat_label(partner(you)), policy=", ".join(others), seed=header.seed))
    click.echo(_("The game is saved in {file} after every play; huolong-solve game -o {file} resumes it.").format(
        file=path))

    def on_deal(deal: Position, declared: Declaration | None, state: GameState) -> None:
        human.every_big_joker = header.game_rules.dragon == "fast" and deal.level != "J"
        human.game_rules = header.game_rules
        click.echo("\n" + _("Hand {n}: S–N at {sn}, E–W at {ew}.").format(n=state.hands + 1,
                                                                             sn=level_label(state.levels[0]),
                                                                             ew=level_label(state.levels[1])))
        if declared is not None:
            click.echo(wrap(declaration_sentence(declared, style)), color=style.color)
        click.echo(position_header(deal, style, hide_bottom=True), color=style.color)
        paid = tribute_of(deal)
        if paid is not None:
            click.echo(wrap(tribute_sentence(paid, you, style.play)), color=style.color)
        if deal.tags.get(KITTY_SHOWN_TAG):
            cards = [c for _suit, cs in deal.order.by_suit(deal.kitty) for c in cs]  # type: ignore[arg-type]
            click.echo(wrap(_("The bottom as dealt is shown to all: {cards}.").format(cards=style.cards(cards))),
                       color=style.color)

    def on_show(declared: Declaration | None) -> None:
        human.declarer = declared.seat if declared is not None else None  # the question of 反主 names the seat
        if declared is None:
            click.echo(_("Nobody declared while dealing: the cards are dealt again."))
        elif declared.how in ("bottom", "draw", "turn"):
            return  # nobody declared: the hand's sentence says how the trump was found
        elif declared.how == "big" and declared.cards is None and declared.jokers == 1:
            click.echo(_("While dealing, {seat} shows a big joker and declares.").format(seat=seat_label(declared.seat)))
        elif declared.how == "big" and declared.cards is None:
            click.echo(_("While dealing, {seat} shows two big jokers and overrides {declarer}'s declaration.").format(
                seat=seat_label(declared.seat), declarer=seat_label(declared.overrode)))
        elif declared.added:
            click.echo(_("While dealing, {seat} adds to its declaration: {cards}.").format(
                seat=seat_label(declared.seat), cards=style.play(declared.shown())), color=style.color)
        elif declared.overrode is None:
            click.echo(_("While dealing, {seat} shows {cards} and declares.").format(
                seat=seat_label(declared.seat), cards=style.play(declared.shown())), color=style.color)
        else:
            click.echo(_("While dealing, {seat} shows {cards} and overrides {declarer}'s declaration.").format(
                seat=seat_label(declared.seat), cards=style.play(declared.shown()),
                declarer=seat_label(declared.overrode)), color=style.color)

    def on_play(pos: Position) -> None:
        say(pos)
        save()

    def on_hand(done: GameFile, table: TableResult) -> None:
        human.first_hand = False  # the next hands' dealers come from the results
        record = table.record
        finished.append(write_position(record))
        save()
        click.echo("\n" + wrap(result_sentence(record.points, record.dug, record.result(), record.jokers_in_bottom)))
        click.echo(wrap(bottom_sentence(record, style)), color=style.color)
        click.echo(wrap(after_sentence(done.state, record)))
        why = j_rules_sentence(header.game_rules, record)
        if why:
            click.echo(wrap(why))
        click.echo(money_sentence(done.state))
        if done.state.over:
            return
        while True:
            answer = ask(_("Enter: next hand · r: review this hand · q: stop"))
            if answer.lower() in REVIEW:  # the review `review FILE --position N` gives: its line, its seed
                record.origin = (path, 1 + sum(text.count("\n") + 1 for text in finished[:-1]))
                review_yours(record, you, style, REVIEW_SEED)
                continue
            if answer.lower() in NEXT:
                return
            click.echo(_("  Press Enter for the next hand, r to review this one, or q to stop."))

    if game.hands or game.unfinished is not None:  # resumed: where the game stands before anything is asked
        click.echo(money_sentence(game.state))
    if game.unfinished is not None:
        click.echo("\n" + _("Hand {n} goes on where it stopped: S–N at {sn}, E–W at {ew}.").format(
            n=game.state.hands + 1, sn=level_label(game.state.levels[0]), ew=level_label(game.state.levels[1])))
    elif game.hands:
        click.echo("\n" + _("Hand {n} is dealt: S–N at {sn}, E–W at {ew}.").format(
            n=game.state.hands + 1, sn=level_label(game.state.levels[0]), ew=level_label(game.state.levels[1])))
    try:
        play_game(header, policies, resume=game, on_deal=on_deal, on_show=on_show, on_play=on_play, on_hand=on_hand)
    except Quit:
        save()
        if game.unfinished is not None:
            click.echo(_("Game stopped inside hand {n}, its plays so far saved; resume it with: huolong-solve game "
                         "-o {file}").format(n=len(game.hands) + 1, file=path))
        else:
            click.echo(ngettext("Game stopped after {n} hand; resume it with: huolong-solve game -o {file}",
                                "Game stopped after {n} hands; resume it with: huolong-solve game -o {file}",
                                len(game.hands)).format(n=len(game.hands), file=path))
        return
    save()
    click.echo("\n" + wrap(winner_sentence(game.state)))
    click.echo(money_sentence(game.state))
    click.echo(_("You won.") if team_of(you) == game.state.winner else _("You lost."))
    click.echo(_("The game is in {file}: huolong-solve review {file} --position N reviews hand N.").format(file=path))


def declaration_sentence(declared: Declaration, style: Style) -> str:
    suit = style.suit(declared.trump)
    seat = seat_label(declared.seat)
    if declared.how == "bottom":
        return _("Nobody declared while dealing: the bottom's first plain card makes {suit} trump, and {seat}, "
                 "dealt the first card, deals.").format(suit=suit, seat=seat)
    if declared.how == "draw":
        return _("Nobody declared while dealing: {card}, drawn from the bottom, makes {suit} trump.").format(
            card=style.play(declared.cards), suit=suit)
    if declared.how == "turn":
        return _("Nobody declared while dealing: each seat turned a card of the bottom; {seat} turned the highest, "
                 "{card}, and deals with {suit} trump.").format(seat=seat, card=style.play(declared.cards), suit=suit)
    if declared.cards is not None:  # a little joker, level cards, three jokers, or 004's fixed big joker
        shown = style.play(declared.shown())
        if declared.how in ("level", "any"):
            text = (_("While dealing, {seat} showed {cards}: {suit} is trump.") if declared.overrode is None else
                    _("While dealing, {seat} showed {cards}, overriding {declarer}: {suit} is trump."))
        elif declared.from_bottom:
            text = _("While dealing, {seat} showed {cards} and received no plain card after it: the bottom's first "
                     "plain card makes {suit} trump.")
        else:
            text = (_("While dealing, {seat} showed {cards}: the next plain card {seat} received makes {suit} trump.")
                    if declared.overrode is None else
                    _("While dealing, {seat} showed {cards}, overriding {declarer}: the next plain card {seat} "
                      "received makes {suit} trump."))
        declarer = seat_label(declared.overrode) if declared.overrode is not None else ""
        return text.format(seat=seat, cards=shown, suit=suit, declarer=declarer)
    if declared.from_bottom:
        text = ngettext("While dealing, {seat} showed {n} big joker and received no plain card after it: the "
                        "bottom's first plain card makes {suit} trump.",
                        "While dealing, {seat} showed {n} big jokers and received no plain card after them: the "
                        "bottom's first plain card makes {suit} trump.", declared.jokers)
    elif declared.overrode is None:
        text = _("While dealing, {seat} showed a big joker: the next plain card {seat} received makes {suit} trump.")
    else:
        text = _("While dealing, {seat} showed two big jokers, overriding {declarer}: the next plain card {seat} "
                 "received makes {suit} trump.")
    declarer = seat_label(declared.overrode) if declared.overrode is not None else ""
    return text.format(seat=seat_label(declared.seat), n=declared.jokers, suit=suit, declarer=declarer)


def after_sentence(state: GameState, record: Position) -> str:
    """Where the game stands after a hand: both levels and the next dealer, or the winner."""
    if state.over:
        return winner_sentence(state)
    dealer_team = team_of(record.dealer)
    keeps = team_of(state.dealer) == dealer_team  # type: ignore[arg-type]
    text = (_("{team} keep the deal; S–N at {sn}, E–W at {ew}; {seat} deals next.") if keeps else
            _("{team} take the deal; S–N at {sn}, E–W at {ew}; {seat} deals next."))
    return text.format(team=team_label(team_of(state.dealer)), sn=level_label(state.levels[0]),  # type: ignore[arg-type]
                       ew=level_label(state.levels[1]), seat=seat_label(state.dealer))  # type: ignore[arg-type]


def money_sentence(state: GameState) -> str:
    """002's score so far (10 a level, 100 for a game won outright)."""
    return _("Score at 10 a level: S–N {sn:+d}, E–W {ew:+d}.").format(sn=state.money[0], ew=state.money[1])


def j_rules_sentence(rules: GameRules, record: Position) -> str | None:
    """Why 001's J rules changed the levels of this hand, if they did (遇J A不过, J可钩到底)."""
    if rules.jrules != "on" or "Levels" not in record.tags:
        return None
    levels = parse_levels(record.tags["Levels"])
    attackers = 1 - team_of(record.dealer)
    if hooked_with_j(record):
        return _("{team} dug the bottom with a J at level J: {dealers} fall back to 3 (J可钩到底).").format(
            team=team_label(attackers), dealers=team_label(1 - attackers))
    if record.result().name == "attackers-up" and levels[attackers] in ("J", "A"):
        return _("{team} were at {level}: they take the deal without going up (遇J A不过).").format(
            team=team_label(attackers), level=level_label(levels[attackers]))
    return None


def winner_sentence(state: GameState) -> str:
    team = state.winner
    assert team is not None
    if state.passed:
        text = ngettext("{team} win the game: they passed {top} in {n} hand.",
                        "{team} win the game: they passed {top} in {n} hands.", state.hands)
    else:
        text = ngettext("{team} win the game outright, in {n} hand.", "{team} win the game outright, in {n} hands.",
                        state.hands)
    return text.format(team=team_label(team), top=level_label(state.levels[team]), n=state.hands)
