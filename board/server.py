"""Running the board: the worker processes, the web server, the browser — and a clean stop on Ctrl-C."""

from __future__ import annotations

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
from .positions import Library
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
            except OSError:
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


def serve(positions: list[Position], *, port: int, host: str = "127.0.0.1", open_browser: bool = True,
          say: Callable[[str], None] = print, workers: int | None = None) -> None:
    """Serve the board until Ctrl-C; the positions of FILE first in its picker, then the examples."""
    import uvicorn

    token = None if is_loopback(host) else secrets.token_urlsafe(24)
    wanted, port = port, free_port(host, port)
    if wanted and port != wanted:  # one typed --port 8931 would otherwise open 8931 and meet another server
        say(_("(port {wanted} is in use: the board takes {port})").format(wanted=wanted, port=port))
    library = Library.of_examples(positions)
    pool = Pool(background=workers if workers is not None else default_background())
    app = create_app(library, pool, hosts=allowed_hosts(host, port), token=token)
    url = board_url(host, port, token)
    if token:
        say(_("warning: the board listens on {host}, beyond this machine; anyone with the URL (its token) can use "
              "it").format(host=host))
    say(_("The board is at {url}  (Ctrl-C stops it)").format(url=url))
    if not pool.ready:
        say(_("(the solver's kernel loads in the background: a few seconds, or up to a minute where it must be "
              "compiled for this machine first; the board shows positions meanwhile)"))
    config = uvicorn.Config(app, host=host.strip("[]"), port=port, log_level="warning", lifespan="off",
                            limit_concurrency=64, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    if open_browser:
        threading.Timer(0.8, lambda: webbrowser.open(url)).start()
    signal.signal(signal.SIGTERM, _stop)  # uvicorn raises the signal again once it has stopped: end cleanly
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: for the board it is the way out
        pass
    finally:
        pool.close()
        say(_("The board has stopped."))


__all__ = ["allowed_hosts", "board_url", "free_port", "is_loopback", "serve"]
