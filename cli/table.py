"""``huolong-solve table``: a table for friends — the board's server with one new table, its links printed."""

from __future__ import annotations

import re

import click

from huolong.engine import HuolongError, parse_seat
from huolong.i18n import N_, _

from .board import DEFAULT_PORT
from .common import BadInput, no_color_option, seed_option


@click.command("table", help=N_("""Open a table for friends: each person plays a seat from a phone or a computer, the computer plays the other seats, every hand is recorded and can be reviewed.

    Prints a link for each seat (and, with --lan, a QR code to scan), and
    opens your page: you are the host, at --seat, and start the game when
    your friends have joined; seats nobody took are the computer's. Each
    link holds its seat's secret: a link shows its own seat's cards and
    nobody else's. By default the table is on this machine only; --lan
    opens it to your network (the friends' phones on the same Wi-Fi).

    The game is saved after every play (--folder): started again, the
    command takes up the table still in play, where it was, and its links
    still work (--new opens another). The game file (ID.hl) is read by
    every other command.

    \b
    Examples:
      huolong-solve table --lan
      huolong-solve table --lan --people S,N --game-rules 004 --timer 60
      huolong-solve table --hands 1 --computer fair
    """))
@click.option("--lan", is_flag=True, help=N_("Open the table to your network (listen on 0.0.0.0): friends' phones "
                                             "on the same network can join."))
@click.option("--host", default=None, metavar="H",
              help=N_("Address to listen on (default 127.0.0.1, this machine only; --lan: 0.0.0.0)."))
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True, metavar="N",
              help=N_("Port to listen on (the next free one if it is taken; 0: any)."))
@click.option("--seat", default="S", show_default=True, metavar="S|E|N|W|none",
              help=N_("Your own seat at the table (none: you host and watch)."))
@click.option("--people", default="S,E,N,W", show_default=True, metavar="SEATS",
              help=N_("The seats kept for people (the others are the computer's from the start)."))
@click.option("--computer", "policy", default="advise", show_default=True, metavar="POLICY",
              help=N_("How the computer plays its seats — advise, fair, bot (sees all hands) or random."))
@click.option("--hands", type=click.IntRange(1, 999), default=None, metavar="N",
              help=N_("Play N hands (default: a whole game, until one team passes the top)."))
@click.option("--timer", type=click.IntRange(5, 3600), default=None, metavar="SECONDS",
              help=N_("Time for each decision; then the computer decides for the seat (default: no timer)."))
@click.option("--rules", "rules", metavar="RULES", default=None,
              help=N_("Ruleset of the hands (default: the one the game rules' rule text gives; standard for 002)."))
@click.option("--game-rules", "game_rules", metavar="RULES", default="standard", show_default=True,
              help=N_("Rules of the whole game: a rule text's game — standard (002), 000, 001, 003 or 004 — then "
                      "options (docs/rules.md §12)."))
@click.option("--folder", type=click.Path(file_okay=False), default=None,
              help=N_("Where the tables are saved (default: the tables folder in your data folder)."))
@seed_option(N_("Seed of the game's deals (default: a new game each time): same seed, same output."), default=None)
@click.option("--new", "new", is_flag=True, help=N_("Open a new table even when one saved in the folder is still in "
                                                   "play (by default that one is taken up, its links unchanged)."))
@click.option("--no-browser", is_flag=True, help=N_("Do not open the browser; just print the links."))
@no_color_option
def table_command(lan, host, port, seat, people, policy, hands, timer, rules, game_rules, folder, seed, new, no_browser,
                  no_color):
    from huolong.board.server import serve  # the web stack: loaded only for this command

    if lan and host is not None:
        raise BadInput(_("--lan and --host: give one (--lan listens on 0.0.0.0)"))
    mine = "NONE" if seat.strip().lower() in ("none", "无") else _seat_letter(seat)
    if mine is None:
        raise BadInput(_("--seat: one of S, E, N, W or none, not {seat!r}").format(seat=seat))
    seats = [_seat_letter(p) for p in re.split(r"[,，、\s]+", people) if p.strip()]
    if not seats or None in seats:
        raise BadInput(_("--people: seats among S, E, N, W, e.g. S,N — not {people!r}").format(people=people))
    if mine != "NONE" and mine not in seats:
        seats.append(mine)
    table = {"game_rules": game_rules, "rules": rules, "policy": policy, "people": seats, "hands": hands,
             "timer": timer, "seed": seed, "seat": None if mine == "NONE" else mine, "new": new,
             "color": not no_color}
    try:
        serve([], host=host or ("0.0.0.0" if lan else "127.0.0.1"), port=port, open_browser=not no_browser,
              say=click.echo, tables=folder, table=table)
    except (OSError, ValueError) as e:
        raise BadInput(str(e)) from None


def _seat_letter(text: str) -> str | None:
    """S, E, N or W for a seat as the other commands read it (S, south, 南 …), else None."""
    try:
        return "SENW"[parse_seat(text.strip())]
    except (HuolongError, ValueError):
        return None
