"""Running the board: the worker processes, the tables for friends, the web server, the browser — and a clean
stop on Ctrl-C."""

from __future__ import annotations

import errno
import ipaddress
import secrets
import signal
import socket
import threading
import webbrowser
from collections.abc import Callable

from huolong.engine import Position

from huolong.i18n import _

from .app import create_app
from huolong.engine import seat_label
from huolong.room import Room
from huolong.room.links import bases, host_link, network_addresses, qr_text, seat_link, watch_link
from huolong.room.store import default_folder

from .positions import BadRequest, Library
from .rooms import Hall
from .workers import Pool, default_background

def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def free_port(host: str, wanted: int) -> int:
    """``wanted`` if it is free on ``host``, else the next free one of the ten after it (0: any)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for port in ([wanted] if wanted == 0 else range(wanted, wanted + 10)):
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
            try:
                probe.bind((host.strip("[]"), port))
            except OSError as e:
                if e.errno == errno.EADDRNOTAVAIL:  # no port will do: the address is not this machine's
                    raise OSError(_("{host} is not an address of this machine: leave out --host (this machine "
                                    "only) or use one of its own addresses").format(host=host)) from None
                continue
            return probe.getsockname()[1]
    raise OSError(_("ports {low}–{high} on {host} are all in use: choose one with --port").format(
        low=wanted, high=wanted + 9, host=host))


def allowed_hosts(host: str, port: int) -> set[str] | None:
    """The Host headers this board answers (DNS rebinding); ``None``: any (a token guards it)."""
    if not is_loopback(host):
        return None
    names = {host, "localhost", "127.0.0.1"} if ":" not in host else {f"[{host.strip('[]')}]", "localhost"}
    return {f"{name}:{port}" for name in names}


def board_url(host: str, port: int, token: str | None) -> str:
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _server_class():  # type: ignore[no-untyped-def]
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server that, asked to stop, first ends the tables' event streams: an open page would
        otherwise hold the shutdown until its timeout, and be cancelled with a traceback."""

        def __init__(self, config, hall: Hall) -> None:  # type: ignore[no-untyped-def]
            super().__init__(config)
            self.hall = hall

        def handle_exit(self, sig: int, frame) -> None:  # type: ignore[no-untyped-def, override]
            self.hall.end_streams()
            super().handle_exit(sig, frame)

    return Server


def _Server(config, hall: Hall):  # type: ignore[no-untyped-def]  # noqa: N802 - made like a class
    return _server_class()(config, hall)


def serve(positions: list[Position], *, port: int, host: str = "127.0.0.1", open_browser: bool = True,
          say: Callable[[str], None] = print, workers: int | None = None, tables: str | None = None,
          table: dict | None = None) -> None:
    """Serve the board until Ctrl-C; the positions of FILE first in its picker, then the examples.

    ``tables``: the folder the tables for friends are saved in (and taken up from); ``table``: a new
    table to open at once (the ``table`` command's options, as ``POST /api/rooms`` takes them), whose
    links and QR codes are printed and whose host page is opened."""
    import uvicorn

    token = None if is_loopback(host) else secrets.token_urlsafe(24)
    wanted, port = port, free_port(host, port)
    if wanted and port != wanted:  # one typed --port 8931 would otherwise open 8931 and meet another server
        say(_("(port {wanted} is in use: the board takes {port})").format(wanted=wanted, port=port))
    library = Library.of_examples(positions)
    pool = Pool(background=workers if workers is not None else default_background())
    hall = Hall(tables if tables is not None else default_folder())
    for problem in hall.problems:
        say(_("warning: a saved table was not taken up: {problem}").format(problem=problem))
    app = create_app(library, pool, hosts=allowed_hosts(host, port), token=token, hall=hall, address=(host, port))
    url = board_url(network_addresses(host)[0], port, token)  # 0.0.0.0 is no address a phone can open
    signal.signal(signal.SIGTERM, _stop)  # uvicorn raises the signal again once it has stopped: end cleanly
    announced = False
    try:  # from here Ctrl-C is the way out, however early it comes: the workers and tables are closed
        if token and table is None:
            say(_("warning: the board listens on {host}, beyond this machine; anyone with the URL (its token) can "
                  "use it").format(host=host))
        if table is not None:
            room = None if table.get("new") else hall.latest_unfinished()
            if room is not None:
                say(_("Table {room} taken up where it was (hand {n}): its links still work. (--new opens "
                      "another.)").format(room=room.id, n=max(1, room.number)))
            else:
                try:
                    room = hall.create(table)
                except BadRequest as e:
                    raise ValueError(str(e)) from None
            url = _announce_table(hall, room, host, port, table.get("color", True), say)
        else:
            say(_("The board is at {url}  (Ctrl-C stops it)").format(url=url))
        announced = True
        if not pool.ready:
            say(_("(the solver's kernel loads in the background: a few seconds, or up to a minute where it must be "
                  "compiled for this machine first; the board shows positions meanwhile)"))
        config = uvicorn.Config(app, host=host.strip("[]"), port=port, log_level="warning", lifespan="off",
                                limit_concurrency=256, timeout_graceful_shutdown=2)
        server = _Server(config, hall)
        if open_browser:
            threading.Timer(0.8, lambda: webbrowser.open(url)).start()
        server.run()
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: for the board it is the way out
        pass
    finally:
        hall.close()
        pool.close()
        if announced:
            say(_("The board has stopped."))


def _announce_table(hall: Hall, room: Room, host: str, port: int, color: bool, say: Callable[[str], None]) -> str:
    """Print each seat's link and QR code, and the spectators' link; the host's own link (to open)."""
    mine = room.host_seat
    seat = "SENW"[mine] if mine is not None else None
    base = bases(host, port)[0]
    if is_loopback(host):
        say(_("The table is open on this machine only. For friends' phones on your network, start it with "
              "--lan."))
    else:
        say(_("The table is open to your network at {address}: whoever has a seat's link can sit there, so give "
              "each link only to its friend.").format(address=base))
    for seat_letter, chair in zip("SENW", room.chairs):
        if not chair.human:
            say(_("{seat}: the computer ({policy})").format(seat=seat_label("SENW".index(seat_letter)),
                                                           policy=chair.policy))
        elif "SENW".index(seat_letter) == mine:
            say(_("{seat}: you").format(seat=seat_label(mine)))
        else:
            link = seat_link(base, room.id, seat_letter, chair.key)
            say(_("{seat}: {link}").format(seat=seat_label("SENW".index(seat_letter)), link=link))
            if not is_loopback(host):
                say(qr_text(link, color))
    say(_("Spectators: {link}").format(link=watch_link(base, room.id, room.watch_key)))
    mine_key = room.chairs[mine].key if mine is not None else None
    url = host_link(base, room.id, room.host_key, seat, mine_key)
    say(_("Your page (the host's: start the game there): {url}  (Ctrl-C stops the table; the game is saved in "
          "{folder})").format(url=url, folder=hall.folder))
    return url


__all__ = ["allowed_hosts", "board_url", "free_port", "is_loopback", "serve"]
