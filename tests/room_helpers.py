"""What the table-for-friends tests share: a board app with a hall of rooms, and people playing through it."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

from board_helpers import client_for


def make_client(tmp_path, token=None, pool=None, rate=1000.0):  # type: ignore[no-untyped-def]
    from huolong.board.app import create_app
    from huolong.board.positions import Library
    from huolong.board.rooms import Hall

    hall = Hall(tmp_path / "tables", pace=0, rate=rate)
    hosts = None if token else {"127.0.0.1:8765", "localhost:8765"}
    app = create_app(Library.of_examples([]), pool, hosts=hosts, token=token, hall=hall, address=("127.0.0.1", 8765))
    return client_for(app), hall


def query(link: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(link).query).items()}


def open_table(client, people=("S", "N"), **options) -> tuple[str, dict, dict]:  # type: ignore[no-untyped-def]
    """A table with the host at S: its id, the host's credentials, each person seat's credentials."""
    body = {"policy": "random", "people": list(people), "seat": "S", "hands": 1, "seed": 5, **options}
    made = client.post("/api/rooms", json=body)
    assert made.status_code == 200, made.text
    data = made.json()
    seats = {s: query(link) for s, link in data["addresses"][0]["seats"].items()}
    return data["id"], query(data["host_link"]), seats


def started_table(client, people=("S", "N"), **options) -> tuple[str, dict, dict, dict]:  # type: ignore[no-untyped-def]
    """A table whose people have joined and whose host has started it: its id, the host's credentials,
    the host's seat's (S) and every person seat's."""
    room, host, seats = open_table(client, people=people, **options)
    for creds in seats.values():
        client.post(f"/api/room/{room}/join", json=creds)
    assert client.post(f"/api/room/{room}/host", json={**host, "action": "start"}).json() == {"ok": True}
    me = {k: host[k] for k in ("seat", "key")}
    return room, host, me, {**seats, "S": me}


def view(client, room: str, creds: dict) -> dict:  # type: ignore[no-untyped-def]
    r = client.get(f"/api/room/{room}/view", params=creds)
    assert r.status_code == 200, r.text
    return r.json()


def answer(client, room: str, creds: dict, v: dict) -> bool:  # type: ignore[no-untyped-def]
    """Make the decision the view asks of this seat (the first legal play, the lowest cards to bury,
    declare at once, no big joker buried beyond what must be); False when nothing is asked."""
    q = v["question"]
    if q is None:
        return False
    if q["kind"] == "declare":
        value = "S" if q["showing"] == "any" else True
    elif q["kind"] == "jokers":
        value = q["least"]
    elif q["kind"] == "bury":
        seat = v["you"]
        cards = [c for row in v["table"]["hands"][seat]["suits"] for c in row["cards"]] + v["table"]["kitty"]
        jokers = [c for c in cards if c == "BJ"] if q["fast"] else []
        rest = [c for c in reversed(cards) if c != "BJ" or not q["fast"]]
        value = " ".join((jokers + rest)[: q["size"]])
    else:
        value = v["table"]["legal"][0]
    r = client.post(f"/api/room/{room}/act", json={**creds, "kind": q["kind"], "value": value})
    assert r.status_code == 200, r.text
    return True


def play_out(client, room: str, seats: dict, until=("over", "finished"), timeout: float = 120.0, check=None) -> dict:  # type: ignore[no-untyped-def]
    """Every person seat answers what it is asked until the phase is one of ``until``; ``check(seat, view)``
    sees every view on the way. The last view of the first seat."""
    deadline = time.monotonic() + timeout
    while True:
        acted = False
        for seat, creds in seats.items():
            v = view(client, room, creds)
            if check is not None:
                check(seat, v)
            if v["phase"] in until:
                return v
            acted = answer(client, room, creds, v) or acted
        assert time.monotonic() < deadline, f"the table did not reach {until}"
        if not acted:
            time.sleep(0.05)
