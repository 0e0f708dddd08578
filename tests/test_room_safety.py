"""Nobody at a table sees cards they should not, nor acts for another seat: every request a page can send,
tried with a stolen, guessed, replayed or missing credential, is refused and shows nothing hidden; every
sight a link gives holds only what its seat may see. The attempts are counted (bench/RESULTS.md)."""

from __future__ import annotations

import json
import secrets

import pytest

from room_helpers import answer, make_client, open_table, view

ENDPOINTS = [  # (method, path after /api/room/ID, body) — every request a table's page sends
    ("GET", "/view", None), ("GET", "/events", None), ("GET", "/links", None), ("GET", "/record?hand=game", None),
    ("GET", "/record?hand=1", None), ("GET", "/review?hand=1", None), ("POST", "/review", {"hand": 1}),
    ("POST", "/act", {"kind": "play", "value": "SA"}), ("POST", "/act", {"kind": "bury", "value": "S2 S3 S4 S5 S6 S7"}),
    ("POST", "/act", {"kind": "declare", "value": True}), ("POST", "/act", {"kind": "jokers", "value": 0}),
    ("POST", "/join", {"name": "mallory"}), ("POST", "/ready", {"now": True}),
    ("POST", "/host", {"action": "start"}), ("POST", "/host", {"action": "seat", "target": "N", "human": False}),
    ("POST", "/host", {"action": "timer", "seconds": 5}),
]


@pytest.fixture
def table(tmp_path):
    """A table mid-hand: the host at S, a friend at N, the computer at E and W; and an old link of W's."""
    client, hall = make_client(tmp_path)
    room, host, seats = open_table(client, people=("S", "N", "W"))
    old_w = dict(seats["W"])
    client.post(f"/api/room/{room}/host", json={**host, "action": "seat", "target": "W", "human": False})
    client.post(f"/api/room/{room}/join", json=seats["N"])
    client.post(f"/api/room/{room}/host", json={**host, "action": "start"})
    me = {k: host[k] for k in ("seat", "key")}
    for _ in range(400):  # into the play, a few tricks in
        acted = False
        for creds in (me, seats["N"]):
            acted = answer(client, room, creds, view(client, room, creds)) or acted
        v = view(client, room, me)
        if v["phase"] == "play" and v["table"]["tricks_done"] >= 2:
            break
    yield client, hall, room, host, me, seats["N"], old_w
    hall.close()


def hidden_cards(hall, room_id: str, seat: str | None) -> set[str]:  # type: ignore[no-untyped-def]
    """The card tokens ``seat`` may not see now: another hand's cards, and the bottom's unless it deals,
    that it does not hold itself (three packs: a card it holds may also be elsewhere) nor saw played."""
    from huolong.engine import card_token

    room = hall.rooms[room_id]
    pos = room.pos
    mine = set() if seat is None else {card_token(c) for c in pos.hands["SENW".index(seat)]}
    if seat is not None and pos.dealer == "SENW".index(seat):
        mine |= {card_token(c) for c in pos.bottom}  # the dealer's own bury
    others = {card_token(c) for s in range(4) if seat is None or s != "SENW".index(seat) for c in pos.hands[s]}
    if seat is None or pos.dealer != "SENW".index(seat):
        others |= {card_token(c) for c in pos.bottom}
    played = {card_token(c) for t in pos.history for p in t.plays for c in p.cards} | \
             {card_token(c) for p in pos.trick for c in p.cards}
    return others - mine - played


def request(client, method, room, path, creds, body):  # type: ignore[no-untyped-def]
    url = f"/api/room/{room}{path}"
    if method == "GET":
        return client.get(url, params=creds)
    return client.post(url, json={**creds, **(body or {})})


def test_every_request_with_a_bad_credential_is_refused_and_shows_nothing(table):
    client, hall, room, host, me, friend, old_w = table
    guessed = secrets.token_urlsafe(18)
    credentials = {
        "stolen: S's key with N's seat": {"seat": "N", "key": me["key"]},
        "stolen: N's key with S's seat": {"seat": "S", "key": friend["key"]},
        "stolen: the host's key as a seat's": {"seat": "N", "key": host["host"]},
        "stolen: the spectators' key as a seat's": {"seat": "E", "key": hall.rooms[room].watch_key},
        "guessed key": {"seat": "N", "key": guessed},
        "guessed host": {"host": guessed},
        "guessed spectator": {"watch": guessed},
        "replayed: W's link from before W was given to the computer": old_w,
        "replayed: N's key, one character changed": {"seat": "N", "key": friend["key"][:-1] + ("A" if friend["key"][-1] != "A" else "B")},
        "missing": {},
        "missing key": {"seat": "N"},
        "empty key": {"seat": "N", "key": ""},
        "a computer's seat": {"seat": "E", "key": guessed},
        "a long key": {"seat": "N", "key": "x" * 5000},
    }
    before = hall.rooms[room].version
    attempts = 0
    for name, creds in credentials.items():
        for method, path, body in ENDPOINTS:
            r = request(client, method, room, path, creds, body)
            attempts += 1
            assert r.status_code in ((403, 413) if name == "a long key" else (403,)), (name, method, path, r.status_code,
                                                                                        r.text[:200])
            assert set(r.json()) == {"error"}, (name, path)
            assert "hands" not in r.text and "bottom" not in r.text.lower()
        r = client.get("/api/room/nosuchroom/view", params=creds)  # another table's id: nothing either
        attempts += 1
        assert r.status_code in (403, 404)
    assert hall.rooms[room].version == before  # nothing changed
    assert attempts >= 220
    print(f"\n{attempts} attempts with a bad credential, all refused")


def test_a_seats_link_cannot_act_for_another_seat_nor_use_the_hosts_controls(table):
    client, hall, room, host, me, friend, old_w = table
    v = view(client, room, me)
    to_play = v["waiting_for"]
    other = friend if to_play == "S" else me
    legal_for_mover = view(client, room, friend if to_play == "N" else me)["table"]["legal"] or ["SA"]
    before = hall.rooms[room].version
    attempts = 0
    for play in legal_for_mover[:5]:
        r = client.post(f"/api/room/{room}/act", json={**other, "kind": "play", "value": play})
        attempts += 1
        assert r.status_code == 400 and "turn" in r.json()["error"]
    for body in ({"action": "start"}, {"action": "seat", "target": "S", "human": False}, {"action": "timer", "seconds": 5}):
        for creds in (friend, me, {"watch": hall.rooms[room].watch_key}):
            r = client.post(f"/api/room/{room}/host", json={**creds, **body})
            attempts += 1
            assert r.status_code == 403
        r = client.get(f"/api/room/{room}/links", params=friend)
        attempts += 1
        assert r.status_code == 403
    watch = {"watch": hall.rooms[room].watch_key}
    for kind, value in (("play", "SA"), ("declare", True)):
        r = client.post(f"/api/room/{room}/act", json={**watch, "kind": kind, "value": value})
        attempts += 1
        assert r.status_code == 403
    assert hall.rooms[room].version == before
    print(f"\n{attempts} attempts to act for another seat or as the host, all refused")


def test_every_sight_holds_only_what_its_seat_may_see(table):
    client, hall, room, host, me, friend, old_w = table
    sights = {"S": me, "N": friend, None: {"watch": hall.rooms[room].watch_key}, "host": {"host": host["host"]}}
    for seat, creds in sights.items():
        sight_seat = seat if seat in ("S", "N") else None
        text = view(client, room, creds)
        body = json.dumps(text)
        for key in [c.key for c in hall.rooms[room].chairs] + [hall.rooms[room].host_key, hall.rooms[room].watch_key]:
            assert key not in body  # no link's secret is ever in a view
        hidden = hidden_cards(hall, room, sight_seat)
        tb = text["table"]
        shown = {c for s, h in tb["hands"].items() for row in h["suits"] for c in row["cards"]}
        shown |= set(tb["bottom"] or []) | set(tb["kitty"] or []) | {c for p in tb["legal"] for c in p.split()}
        assert not (shown & hidden), (seat, shown & hidden)
        if sight_seat is None:
            assert all(not h["visible"] for h in tb["hands"].values()) and tb["out"] is None


def test_a_seats_hand_record_and_game_file_hold_no_hand_still_in_play(table):
    client, hall, room, host, me, friend, old_w = table
    game = client.get(f"/api/room/{room}/record", params={**friend, "hand": "game"})
    assert game.status_code == 200 and "[Deal" not in game.text  # the hand in play is not in the file
    assert client.get(f"/api/room/{room}/record", params={**friend, "hand": "1"}).status_code == 400


def test_an_oversized_or_malformed_request_is_refused_and_the_table_goes_on(table):
    client, hall, room, host, me, friend, old_w = table
    r = client.post(f"/api/room/{room}/act", content=b'{"kind": "play", "value": "' + b"S" * 8000 + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code in (400, 413)
    for raw in (b"[]", b"null", b'"x"', b"{", b"\xff\xfe"):
        r = client.post(f"/api/room/{room}/act", content=raw, headers={"content-type": "application/json"})
        assert r.status_code in (400, 403)
    assert view(client, room, me)["phase"] == "play"
