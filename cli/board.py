"""``huolong-solve board``: the analysis board in the browser."""

from __future__ import annotations

import click

from huolong.i18n import N_

from .common import BadInput, load, no_color_option

DEFAULT_PORT = 8765  # the board's port unless --port says otherwise (the next free one if taken)


@click.command("board", help=N_("""Open the analysis board in the browser: see a deal, click through it, enter one, every play valued.

    FILES (deal files, hand records, deals before the bury, or example:NAME)
    are offered first in the board's picker, then the shipped examples; the
    page also opens a pasted or uploaded .hl file and has an editor for a new
    deal. Ctrl-C stops the board and its worker processes.

    \b
    Examples:
      huolong-solve board
      huolong-solve board example:hand-record
      huolong-solve board my-hands.hl --no-browser --port 9000
    """))
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True))
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True, metavar="N",
              help=N_("Port to listen on (the next free one if it is taken; 0: any)."))
@click.option("--host", default="127.0.0.1", show_default=True, metavar="H",
              help=N_("Address to listen on. The default, 127.0.0.1, is this machine only; any other address "
                      "is open to the network and needs the token printed in the URL."))
@click.option("--no-browser", is_flag=True, help=N_("Do not open the browser; just print the URL."))
@no_color_option
def board_command(files, port, host, no_browser, no_color):
    from huolong.board.server import serve  # the web stack: loaded only for this command

    positions = load(files, None, None, allow_before_bury=True) if files else []
    try:
        serve(positions, host=host, port=port, open_browser=not no_browser, say=click.echo)
    except OSError as e:
        raise BadInput(str(e)) from None
