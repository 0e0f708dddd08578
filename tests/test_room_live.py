"""A table over a real server: live updates by server-sent events, a dropped connection, a restart."""

from __future__ import annotations

import threading

import httpx2 as httpx  # the test extra's HTTP client (httpx's maintained fork)
import pytest

from huolong.board.rooms import Hall

from live_server import LiveServer, events
from room_helpers import answer, query


@pytest.fixture
def server(tmp_path):
    live = LiveServer(Hall(tmp_path / "tables", pace=0, rate=1000.0))
    yield live
    live.stop()


def new_table(base: str, people=("S", "N")) -> tuple[str, dict, dict]:  # type: ignore[no-untyped-def]
    made = httpx.post(f"{base}/api/rooms", json={"policy": "random", "people": list(people), "seat": "S",
                                                   "hands": 1, "seed": 9})
    assert made.status_code == 200, made.text
    data = made.json()
    host = query(data["host_link"])
    seats = {s: query(link) for s, link in data["addresses"][0]["seats"].items()}
    return data["id"], host, seats


def first_view(base: str, room: str, creds: dict) -> dict:
    with httpx.stream("GET", f"{base}/api/room/{room}/events", params=creds, timeout=10) as r:
        assert r.status_code == 200
        return next(events(r))


def test_every_seat_sees_each_change_without_reloading(server):
    base = server.base
    room, host, seats = new_table(base)
    me = {k: host[k] for k in ("seat", "key")}
    httpx.post(f"{base}/api/room/{room}/join", json=seats["N"])
    watch = {"watch": server.hall.rooms[room].watch_key}
    seen: dict[str, list[dict]] = {"S": [], "N": [], "watch": []}
    stop = threading.Event()

    def listen(name: str, creds: dict) -> None:
        with httpx.stream("GET", f"{base}/api/room/{room}/events", params=creds, timeout=30) as r:
            for v in events(r):
                seen[name].append(v)
                if stop.is_set() or v["phase"] != "lobby":
                    return

    threads = [threading.Thread(target=listen, args=(n, c)) for n, c in (("S", me), ("N", seats["N"]), ("watch", watch))]
    for t in threads:
        t.start()
    while not all(seen.values()):
        threading.Event().wait(0.02)
    assert httpx.post(f"{base}/api/room/{room}/host", json={**host, "action": "start"}).status_code == 200
    for t in threads:
        t.join(timeout=20)
    stop.set()
    assert all(v[-1]["phase"] != "lobby" for v in seen.values())  # the start reached every page, unasked
    assert seen["N"][-1]["you"] == "N" and seen["watch"][-1]["you"] is None


def test_a_dropped_connection_comes_back_to_the_same_seat_and_state(server):
    base = server.base
    room, host, seats = new_table(base)
    httpx.post(f"{base}/api/room/{room}/join", json=seats["N"])
    httpx.post(f"{base}/api/room/{room}/host", json={**host, "action": "start"})
    me = {k: host[k] for k in ("seat", "key")}
    plays = 0
    while plays < 6:  # into the hand, mid-trick
        for creds in (me, seats["N"]):
            v = httpx.get(f"{base}/api/room/{room}/view", params=creds).json()
            if v["question"] and v["question"]["kind"] == "play":
                plays += 1
            _answer(base, room, creds, v)
    before = first_view(base, room, seats["N"])  # the phone sleeps: its stream is gone
    again = first_view(base, room, seats["N"])  # and comes back
    now = httpx.get(f"{base}/api/room/{room}/view", params=seats["N"]).json()
    assert again["you"] == "N" and again["version"] >= before["version"]
    assert again["version"] == now["version"] and again["table"]["hands"]["N"] == now["table"]["hands"]["N"]


def _answer(base: str, room: str, creds: dict, v: dict) -> None:
    class Client:  # room_helpers.answer posts through a client with .post
        @staticmethod
        def post(path, json):  # type: ignore[no-untyped-def]
            return httpx.post(base + path, json=json)

    answer(Client, room, creds, v)


def test_an_event_stream_with_a_wrong_key_is_refused(server):
    base = server.base
    room, host, seats = new_table(base)
    for creds in ({"seat": "N", "key": host["key"]}, {"seat": "N"}, {}, {"watch": "guess"}):
        with httpx.stream("GET", f"{base}/api/room/{room}/events", params=creds, timeout=10) as r:
            assert r.status_code == 403


def test_a_stream_open_when_the_host_takes_the_seat_back_is_told_and_closed(server):
    base = server.base
    room, host, seats = new_table(base)
    got: list[str] = []
    with httpx.stream("GET", f"{base}/api/room/{room}/events", params=seats["N"], timeout=20) as r:
        lines = r.iter_lines()
        for line in lines:
            if line.startswith("data: "):
                break
        httpx.post(f"{base}/api/room/{room}/host", json={**host, "action": "seat", "target": "N", "human": False})
        httpx.post(f"{base}/api/room/{room}/host", json={**host, "action": "seat", "target": "N", "human": True})
        for line in lines:  # the stream ends after its last word
            got.append(line)
    assert "event: gone" in got
    assert not any('"you": "N"' in line for line in got)


def test_ctrl_c_with_pages_open_stops_at_once_and_quietly(tmp_path):
    """An open page's event stream once held the stop until uvicorn's timeout, and printed tracebacks."""
    import os
    import re
    import signal
    import subprocess
    import sys

    env = {**os.environ, "PYTHONUNBUFFERED": "1", "HUOLONG_SOLVE_TABLES": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "huolong.cli.main", "table", "--no-browser", "--port", "0",
                             "--people", "S,N"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines = []
    while not any("host=" in line for line in lines):
        lines.append(proc.stdout.readline())
    link = re.search(r"N: (http://\S+)", "".join(lines)).group(1)
    base, query = link.split("/room/")
    room, params = query.split("?")
    creds = dict(p.split("=") for p in params.split("&"))
    opened = threading.Event()

    def page() -> None:
        try:
            with httpx.stream("GET", f"{base}/api/room/{room}/events", params=creds, timeout=30) as r:
                for _line in r.iter_lines():
                    opened.set()
        except httpx.HTTPError:
            pass

    readers = [threading.Thread(target=page, daemon=True) for _ in range(3)]
    for reader in readers:
        reader.start()
    assert opened.wait(10)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "The board has stopped." in out
    assert "Traceback" not in out and "ERROR" not in out, out  # a stream held to the timeout is cancelled, loudly
