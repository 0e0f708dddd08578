"""The links to a room's seats: the machine's real network addresses (a phone cannot open 0.0.0.0),
and each link as a QR code to scan — in the terminal, or as SVG on the page.

>>> seat_link("http://192.168.1.20:8931", "r4nd0m", "S", "k3y")
'http://192.168.1.20:8931/room/r4nd0m?seat=S&key=k3y'
>>> "<svg" in qr_svg("http://192.168.1.20:8931/room/r4nd0m?seat=S&key=k3y")
True
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlencode

__all__ = ["bases", "host_link", "network_addresses", "qr_lines", "qr_svg", "qr_text", "seat_link", "watch_link"]


def network_addresses(host: str) -> list[str]:
    """The addresses others can reach a server bound to ``host`` at: ``host`` itself when it is one
    address, else (0.0.0.0, ::) this machine's addresses on its networks, the one of the default route
    first; loopback only when there is nothing else."""
    try:
        bound = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return [host]  # a name: what the host typed is what the friends type
    if not bound.is_unspecified:
        return [str(bound)]
    found: list[str] = []
    try:  # the address of the default route: no packet is sent by a UDP socket's connect
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    usable = [a for a in dict.fromkeys(found) if not ipaddress.ip_address(a).is_loopback
              and not ipaddress.ip_address(a).is_unspecified]
    return usable or ["127.0.0.1"]


def _base(address: str, port: int) -> str:
    shown = f"[{address}]" if ":" in address else address
    return f"http://{shown}:{port}"


def seat_link(base: str, room_id: str, seat: str, key: str) -> str:
    """The link that seats a person at ``seat``: its secret is in it."""
    return f"{base}/room/{room_id}?" + urlencode({"seat": seat, "key": key})


def watch_link(base: str, room_id: str, key: str) -> str:
    """The link for spectators: what is public, and every hand once it is over."""
    return f"{base}/room/{room_id}?" + urlencode({"watch": key})


def host_link(base: str, room_id: str, host_key: str, seat: str | None, seat_key: str | None) -> str:
    """The host's link: the room's controls, and the host's own seat if it has one."""
    query = {"host": host_key}
    if seat is not None and seat_key is not None:
        query.update(seat=seat, key=seat_key)
    return f"{base}/room/{room_id}?" + urlencode(query)


def bases(host: str, port: int) -> list[str]:
    """``http://ADDRESS:PORT`` for each address friends can reach."""
    return [_base(a, port) for a in network_addresses(host)]


def qr_svg(link: str) -> str:
    """The link's QR code as an inline SVG (dark modules on a white quiet zone of four), sized by the page: no
    width or height, a viewBox."""
    import segno

    return segno.make(link, error="m").svg_inline(scale=4, border=4, dark="#111", light="#fff", omitsize=True)


def qr_lines(link: str) -> list[str]:
    """The link's QR code drawn with half blocks, two rows of modules a line: dark modules are the glyphs,
    so it reads as drawn on a light background (:func:`qr_text` gives it one)."""
    import segno

    matrix = [list(row) for row in segno.make(link, error="m").matrix_iter(scale=1, border=2)]
    if len(matrix) % 2:
        matrix.append([0] * len(matrix[0]))
    glyphs = {(1, 1): "█", (1, 0): "▀", (0, 1): "▄", (0, 0): " "}
    return ["".join(glyphs[(top, bottom)] for top, bottom in zip(matrix[r], matrix[r + 1]))
            for r in range(0, len(matrix), 2)]


def qr_text(link: str, color: bool = True) -> str:
    """The terminal's QR code: black on white whatever the terminal's colours (ANSI), or, without colour,
    the glyphs alone (a light terminal)."""
    if not color:
        return "\n".join(qr_lines(link))
    return "\n".join(f"\x1b[30;47m{line}\x1b[0m" for line in qr_lines(link))
