"""Every hand played at a table lands in the review: one job the whole table shares, each seat's summary."""

from __future__ import annotations

import time

from room_helpers import make_client, open_table, play_out


def test_a_finished_hand_is_reviewed_once_for_the_whole_table(tmp_path, pool):
    client, hall = make_client(tmp_path, pool=pool)
    try:
        room, host, seats = open_table(client, people=("S",))
        me = {k: host[k] for k in ("seat", "key")}
        client.post(f"/api/room/{room}/host", json={**host, "action": "start"})
        play_out(client, room, {"S": me})
        watch = {"watch": hall.rooms[room].watch_key}
        first = client.post(f"/api/room/{room}/review", json={**me, "hand": 1}).json()
        again = client.post(f"/api/room/{room}/review", json={**watch, "hand": 1}).json()
        assert first["id"] == again["id"]  # the spectator's ask joins the same job
        deadline = time.monotonic() + 600
        while True:
            state = client.get(f"/api/room/{room}/review", params={**me, "hand": 1}).json()
            if state["state"] in ("done", "error", "cancelled"):
                break
            assert time.monotonic() < deadline, "the review did not finish"
            time.sleep(0.5)
        assert state["state"] == "done", state.get("error")
        summary = state["result"]["summary"]
        assert set("SENW") <= set(summary) and all(summary[s]["decisions"] >= 0 for s in "SENW")
        assert any(p["seat"] == "S" for p in state["result"]["plays"])
        kept = client.get(f"/api/room/{room}/review", params={**me, "hand": 1}).json()
        assert kept["result"]["summary"] == summary  # kept for the table after the job is gone
        assert client.post(f"/api/room/{room}/review", json={**me, "hand": 2}).status_code == 400
    finally:
        hall.close()
