"""The board's JSON API, driven with a test client against real worker processes: every endpoint, the
same JSON as the CLI, bad input answered with 400 and one line, the guards, cancellation."""

from __future__ import annotations

import os
import random
import re
import threading
import time
from pathlib import Path

import pytest

import huolong.board
from board_helpers import EXAMPLES, cli_json, client_for, wait_job, without_timing
from endgames import random_endgame
from planted import tail

from huolong.board import Library, create_app
from huolong.engine.cards import card_unicode
from huolong.board.workers import BACKGROUND, QUEUE_LIMIT, SCREEN, Job, Lanes
from huolong.engine import Hand, Play, read_file, read_positions, write_position

HOSTS = {"127.0.0.1:8765", "localhost:8765"}


@pytest.fixture(scope="module")
def library():
    return Library.of_examples(read_file(EXAMPLES / "strict-follow.hl"))


@pytest.fixture(scope="module")
def client(library, pool):
    return client_for(create_app(library, pool, hosts=HOSTS))


def example(library, name: str) -> dict:
    return {"file": library.index(name)}


def big_position_text(seed: int = 11) -> str:
    """Twenty cards a hand: far beyond a fraction of a second's search."""
    return write_position(random_endgame(random.Random(seed), 20, kinds=54))


def tab(name: str) -> dict:
    """The header by which a page names its tab."""
    return {"X-Huolong-Tab": name}


# -- positions and views ------------------------------------------------------------------------


def test_the_picker_lists_the_files_positions_then_the_examples(client):
    positions = client.get("/api/positions").json()["positions"]
    assert positions[0]["name"].endswith("strict-follow.hl:1") and positions[0]["given"]
    assert not any(p["given"] for p in positions[1:])
    names = [p["name"] for p in positions]
    assert "example:dig-fight:1" in names and "example:hand-record:1" in names
    kinds = {p["name"]: p["kind"] for p in positions}
    assert kinds["example:hand-record:1"] == "record" and kinds["example:before-bury:1"] == "before-bury"


def test_a_view_shows_the_table_as_the_engine_has_it(client, library):
    view = client.post("/api/view", json={"root": example(library, "dig-fight"), "plays": []}).json()
    assert view["to_play"] == "W" and view["legal"] == ["S4", "DK", "DK DK"]
    assert view["points"] == 145 and view["trump"] == "C" and view["level"] == "Q" and view["dealer"] == "S"
    assert view["hands"]["E"]["suits"][0] == {"suit": "T", "cards": ["CT", "CT"]}  # trumps first
    assert view["bottom"] == ["CA", "C6", "SJ", "H9", "H7", "H3"]
    assert view["out"]["points"] == 60


def test_a_view_after_plays_is_the_engines_replay(client, library):
    view = client.post("/api/view", json={"root": example(library, "dig-fight"), "plays": ["DK", "D4"]}).json()
    assert view["trick"] == [{"seat": "W", "play": "DK"}, {"seat": "S", "play": "D4"}] and view["to_play"] == "E"


def test_a_record_opens_at_its_start_with_its_plays_as_the_main_line(client, library):
    view = client.post("/api/view", json={"root": example(library, "hand-record"), "plays": []}).json()
    [record] = read_file(EXAMPLES / "hand-record.hl")
    assert len(view["main_line"]) == sum(len(t.plays) for t in record.history)
    assert view["hands"]["S"]["count"] == 39 and view["to_play"] == "W"
    assert [{k: v for k, v in t.items() if k != "seats"} for t in view["main_tricks"]] == [
        {"leader": "SENW"[t.leader], "winner": "SENW"[t.winner], "points": t.points} for t in record.history]
    assert view["main_tricks"][0]["seats"] == ["W", "S", "E", "N"]


def test_one_seats_sight_shows_only_its_hand_and_counts_what_is_out(client, library):
    view = client.post("/api/view", json={"root": example(library, "dig-fight"), "plays": [], "viewer": "W"}).json()
    assert view["hands"]["W"]["visible"] and not view["hands"]["E"]["visible"] and view["hands"]["E"]["count"] == 3
    assert not view["bottom_visible"] and view["bottom_hidden"]  # W is not the dealer: the bottom is face down,
    assert view["bottom"] is None and view["bottom_points"] is None  # and neither its cards nor its points leave
    [pos] = read_file(EXAMPLES / "dig-fight.hl")
    unseen = [h for s, h in enumerate(pos.hands) if s != 3] + [pos.bottom]  # W cannot see these
    assert view["out"]["points"] == sum(h.points for h in unseen)


def test_a_deal_before_the_bury_with_one_hand_given_counts_what_that_seat_cannot_see(client, library):
    view = client.post("/api/view", json={"root": example(library, "before-bury"), "plays": []}).json()
    [pos] = read_file(EXAMPLES / "before-bury.hl")
    assert sum(k["copies"] for k in view["out"]["kinds"]) == 162 - 39 - 6  # not the dealer's own 45 cards
    assert view["out"]["points"] == 300 - pos.hands[0].points - pos.kitty.points


def test_the_bottom_is_turned_up_for_every_seat_when_the_hand_ends(client, library):
    root = example(library, "hand-record")
    plays = client.post("/api/view", json={"root": root, "plays": []}).json()["main_line"]
    during = client.post("/api/view", json={"root": root, "plays": plays[:-1], "viewer": "S"}).json()
    assert during["bottom"] is None and during["bottom_hidden"]  # S does not deal: face down while it lasts
    over = client.post("/api/view", json={"root": root, "plays": plays, "viewer": "S"}).json()
    assert over["over"] and len(over["bottom"]) == 6 and over["bottom_visible"] and over["bottom_points"] is not None
    outcome = over["result"]["outcome"]
    assert over["result"]["why"] is None if not outcome.startswith(("attackers-up", "dealer-up")) else \
        over["result"]["why"].endswith("level.") or over["result"]["why"].endswith("levels.")  # why so many levels


def test_an_illegal_play_is_a_400_with_the_engines_reason(client, library):
    response = client.post("/api/view", json={"root": example(library, "dig-fight"), "plays": ["SA"]})
    assert response.status_code == 400 and response.json() == {"error": "play 1 (SA): not legal: ♠A is not in the hand"}


@pytest.mark.parametrize("body,message", [
    ({"root": {"file": 999}}, "root: there is no position 999"),
    ({"root": "dig"}, "root: expected"),
    ({"root": {"text": "[Level \"3\"]\n[Level \"4\"]\n"}}, "<pasted>:2: "),
    ({"root": {"file": 0}, "plays": "SA"}, "plays: expected a list"),
    ({"root": {"file": 0}, "plays": [], "viewer": "X"}, "viewer: one of S E N W"),
])
def test_bad_input_is_a_400_with_one_line(client, body, message):
    response = client.post("/api/view", json=body)
    assert response.status_code == 400 and message in response.json()["error"]
    assert "\n" not in response.json()["error"]


def test_a_body_that_is_not_json_is_a_400(client):
    response = client.post("/api/view", content=b"{nope", headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"] == "the request body is not JSON"


def test_an_oversized_body_is_refused_and_the_server_goes_on(client, library):
    response = client.post("/api/open", content=b"x" * (300 * 1024))
    assert response.status_code == 413
    assert response.json() == {"error": "the request body is over 256 KB"}
    assert client.post("/api/view", json={"root": example(library, "dig-fight")}).status_code == 200


def test_an_oversized_chunked_body_gets_the_same_answer_as_one_with_a_length(client, library):
    """Sent in chunks, without a Content-Length, a body over the limit is refused as it is read: 413, the
    same line as when its length is announced."""
    def chunks():
        for _ in range(300):
            yield b"x" * 1024

    response = client.post("/api/open", content=chunks())
    assert response.request.headers.get("transfer-encoding") == "chunked"
    assert "content-length" not in response.request.headers
    assert response.status_code == 413 and response.json() == {"error": "the request body is over 256 KB"}
    assert client.post("/api/view", json={"root": example(library, "dig-fight")}).status_code == 200


def test_opening_a_pasted_file_lists_its_positions(client):
    text = (EXAMPLES / "dig-fight.hl").read_text() + "\n" + (EXAMPLES / "keep-bottom.hl").read_text()
    found = client.post("/api/open", json={"text": text, "name": "two.hl"}).json()["positions"]
    assert [p["index"] for p in found] == [0, 1]
    bad = client.post("/api/open", json={"text": "[Deal \"S:AK\"]\n", "name": "bad.hl"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("bad.hl:1: ")


# -- the guards ---------------------------------------------------------------------------------


def test_a_request_for_another_host_is_refused(client):
    response = client.get("/api/status", headers={"Host": "rebind.example:8765"})
    assert response.status_code == 403 and "not this board's address" in response.json()["error"]


def test_a_state_changing_request_from_another_origin_is_refused(client, library):
    response = client.post("/api/view", json={"root": example(library, "dig-fight")},
                           headers={"Origin": "http://evil.example"})
    assert response.status_code == 403
    same = client.post("/api/view", json={"root": example(library, "dig-fight")},
                       headers={"Origin": "http://127.0.0.1:8765"})
    assert same.status_code == 200


def test_beyond_loopback_every_request_needs_the_token(library):
    guarded = client_for(create_app(library, None, hosts=None, token="s3cret"))
    assert guarded.get("/api/status").status_code == 403
    assert guarded.get("/?token=wrong").status_code == 403
    page = guarded.get("/?token=s3cret")
    assert page.status_code == 200 and "huolong_board_token" in page.headers["set-cookie"]
    assert guarded.get("/api/status").status_code == 200  # the cookie set by the page


def test_the_page_and_its_files_are_served_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/main.js">' in page.text
    static = Path(huolong.board.__file__).parent / "static"
    names = sorted(p.name for p in static.iterdir() if p.suffix in (".js", ".css"))
    files = {name: client.get(f"/static/{name}") for name in names}
    assert all(r.status_code == 200 for r in files.values())
    # ES modules are served as JavaScript, and every module the page imports is in the package
    assert all("javascript" in files[n].headers["content-type"] for n in names if n.endswith(".js"))
    imported = {m for n in names if n.endswith(".js") for m in re.findall(r'from "\./([\w-]+\.js)"', files[n].text)}
    assert imported and imported <= set(names)
    # nothing is fetched from elsewhere: no CDN, no web font, no remote script
    assert 'src="http' not in page.text and 'href="http' not in page.text
    assert all("url(http" not in r.text and "fetch(\"http" not in r.text and "import(\"http" not in r.text
               for r in files.values())
    assert client.get("/static/../app.py").status_code == 404


def test_a_thousand_malformed_bodies_never_give_a_5xx(client):
    rng = random.Random(7)
    paths = ["/api/view", "/api/analyse", "/api/jobs", "/api/open", "/api/export", "/api/bury", "/api/editor/check",
             "/api/editor/build", "/api/random"]
    junk = [b"", b"[]", b"null", b"{\"root\": 5}", b"{\"root\": {\"file\": -1}}", b"{\"root\": {\"text\": 3}}",
            b"{\"kind\": \"graph\", \"root\": {\"file\": 0}, \"seconds\": \"x\"}", b"\xff\xfe", b"{\"hands\": 1}",
            b"{\"cards\": 99}", b"{\"text\": []}", b"{\"root\": {\"file\": 0}, \"plays\": [1, 2]}"]
    for _ in range(1000):
        body = rng.choice(junk) if rng.random() < 0.7 else bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
        response = client.post(rng.choice(paths), content=body, headers={"Content-Type": "application/json"})
        assert response.status_code < 500, (response.status_code, body, response.text)
    assert client.get("/api/status").status_code == 200


# -- values: the same JSON as the CLI ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["dig-fight", "keep-bottom", "pair-ruff", "level-tie", "strict-follow"])
def test_values_equal_solve_json(client, library, name):
    data = client.post("/api/analyse", json={"root": example(library, name), "plays": []}).json()
    [cli] = cli_json(EXAMPLES / f"{name}.hl", "--json")
    assert without_timing(data["analysis"]) == without_timing(cli)


def test_values_after_a_play_equal_solve_json_of_that_position(client, library, tmp_path):
    data = client.post("/api/analyse", json={"root": example(library, "dig-fight"), "plays": ["DK"]}).json()
    [pos] = read_file(EXAMPLES / "dig-fight.hl")
    pos.play(pos.legal_plays()[1])
    path = tmp_path / "after.hl"
    path.write_text(write_position(pos))
    assert without_timing(data["analysis"]) == without_timing(cli_json(path, "--json")[0])


@pytest.mark.parametrize("objective", ["points", "result"])
def test_the_objective_switch_is_the_clis(client, library, objective):
    data = client.post("/api/analyse", json={"root": example(library, "dig-fight"), "objective": objective}).json()
    [cli] = cli_json(EXAMPLES / "dig-fight.hl", "--json", "--objective", objective)
    assert without_timing(data["analysis"]) == without_timing(cli)


def test_a_solve_past_its_budget_says_what_it_had_proved(client):
    text = big_position_text()
    data = client.post("/api/analyse", json={"root": {"text": text}, "seconds": 0.3}).json()
    stopped = data["stopped"]
    assert stopped["reason"] == "time limit"
    assert set(stopped) == {"reason", "nodes", "finished", "at_least", "at_most", "moves"}
    assert data["to_play"] and data["plays"] == "all"
    # every legal play, each with what was proved of it (the board's table of bounds)
    assert len(stopped["moves"]) > 1 and all({"at_least", "at_most", "proven_worse"} <= set(m) for m in stopped["moves"])


def test_a_newer_request_cancels_the_one_on_screen(client, library, pool):
    text = big_position_text()
    answers = {}

    def slow():
        answers["slow"] = client.post("/api/analyse", json={"root": {"text": text}, "seconds": 60}).json()

    thread = threading.Thread(target=slow)
    thread.start()
    while not any(j.interactive and j.state == "running" for j in list(pool.jobs.values())):
        time.sleep(0.01)  # the slow search is under way
    quick = client.post("/api/analyse", json={"root": example(library, "dig-fight")}).json()
    thread.join(timeout=120)  # a backstop against a hang; the slow search's budget is 60 s
    assert quick["analysis"]["value"]["points"] == 175
    assert answers["slow"]["cancelled"] is True and answers["slow"]["stopped"]["reason"] == "cancelled"


def test_two_tabs_asking_in_turn_each_get_their_own_answers(client):
    """Latest wins within a tab, not across tabs: two tabs asking in turn for the values of big
    positions each get every answer back, none cancelled by the other tab's requests."""
    answers: dict[str, list[dict]] = {"A": [], "B": []}

    def ask(name: str, seed: int) -> None:
        for i in range(3):
            text = big_position_text(seed + i)
            answers[name].append(client.post("/api/analyse", json={"root": {"text": text}, "seconds": 1},
                                              headers=tab(name)).json())

    threads = [threading.Thread(target=ask, args=(name, seed)) for name, seed in (("A", 20), ("B", 30))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    for name, got in answers.items():
        assert len(got) == 3, name
        assert [a["cancelled"] for a in got] == [False] * 3, name
        assert all("analysis" in a or a["stopped"]["reason"] == "time limit" for a in got), name


def test_a_newer_request_cancels_its_own_tabs_search_and_no_other(client, library, pool):
    text = big_position_text()
    answers = {}

    def slow():
        answers["A"] = client.post("/api/analyse", json={"root": {"text": text}, "seconds": 60},
                                   headers=tab("A")).json()

    thread = threading.Thread(target=slow)
    thread.start()
    while not (searching := [j for j in list(pool.jobs.values()) if j.tab == "A" and j.state == "running"]):
        time.sleep(0.01)  # tab A's search is under way
    other = client.post("/api/analyse", json={"root": example(library, "dig-fight")}, headers=tab("B")).json()
    assert other["analysis"]["value"]["points"] == 175
    assert searching[0].state == "running" and not searching[0].cancel_asked  # B's answer came; A's search goes on
    own = client.post("/api/analyse", json={"root": example(library, "dig-fight")}, headers=tab("A")).json()
    thread.join(timeout=120)
    assert own["analysis"]["value"]["points"] == 175
    assert answers["A"]["cancelled"] is True and answers["A"]["stopped"]["reason"] == "cancelled"


def test_a_tab_id_is_a_short_word(client, library):
    response = client.post("/api/analyse", json={"root": example(library, "dig-fight")}, headers=tab("a/b"))
    assert response.status_code == 400 and response.json() == {"error": "tab: up to 64 letters, digits, - and _, "
                                                                        "not 'a/b'"}


def test_tabs_take_turns_for_the_workers():
    """Round robin between clients: a tab's third job waits for another tab's first."""
    lanes = Lanes()
    for name in ("A", "A", "A", "B"):
        lanes.put(Job("bury", {}, name))
    assert [lanes.take((BACKGROUND,), 0).tab for _ in range(4)] == ["A", "B", "A", "A"]
    assert lanes.take((BACKGROUND,), 0) is None


def test_a_tab_has_one_search_for_the_screen_running_at_a_time():
    """Its newer request starts once the one it cancelled has stopped; another tab's need not wait."""
    lanes = Lanes()
    first, second, other = Job("analyse", {}, "A", True), Job("analyse", {}, "A", True), Job("analyse", {}, "B", True)
    for job in (first, second, other):
        lanes.put(job)
    assert lanes.take((SCREEN,), 0) is first
    assert lanes.take((SCREEN,), 0) is other  # A's next waits for its first
    assert lanes.take((SCREEN,), 0) is None
    lanes.finished(first)
    assert lanes.take((SCREEN,), 0) is second


def test_a_spare_worker_leaves_the_screens_jobs_to_the_idle_kept_one():
    lanes = Lanes()
    kept = threading.Thread(target=lambda: taken.append(lanes.take((SCREEN,), 5, keeps_screen=True)))
    taken: list = []
    kept.start()
    time.sleep(0.2)  # the kept worker is waiting
    job = Job("analyse", {}, "A", True)
    lanes.put(job)
    assert lanes.take((BACKGROUND, SCREEN), 0.2) is None
    kept.join()
    assert taken == [job]


def test_a_hand_that_is_over_has_nothing_to_value(client, library):
    view = client.post("/api/view", json={"root": example(library, "hand-record")}).json()
    response = client.post("/api/analyse", json={"root": example(library, "hand-record"), "plays": view["main_line"]})
    assert response.status_code == 400 and "over" in response.json()["error"]


# -- background jobs --------------------------------------------------------------------------------


def test_the_value_graph_is_exact_from_the_end_and_estimated_before(client, library):
    job = client.post("/api/jobs", json={"kind": "graph", "root": example(library, "hand-record"), "seconds": 3,
                                         "samples": 4}).json()
    state = wait_job(client, job["id"])
    assert state["state"] == "done", state["error"]
    points = {p["ply"]: p for p in state["progress"]}
    plies = state["result"]["plies"]
    exact_from = state["result"]["exact_from"]
    assert set(points) == set(range(plies + 1)) and exact_from < plies - 30
    assert all("value" in points[i] for i in range(exact_from, plies + 1))
    assert all("estimate" in points[i] and "value" not in points[i] for i in range(exact_from))
    # each exact point is solve's value there, and each loss is review's
    [hand] = cli_json("review", EXAMPLES / "hand-record.hl", "--json", "--all", "--tricks", "8")
    first = len(hand["plays"])
    reviewed = {plies - first + i: p for i, p in enumerate(hand["plays"])}
    for ply, judged in reviewed.items():
        assert points[ply]["value"] == judged["best"]
        assert points[ply]["loss"] == judged["loss"] and points[ply]["worse_result"] == judged["worse_result"]


def test_the_review_job_is_review_json_trick_by_trick(client, tmp_path):
    [record] = read_file(EXAMPLES / "hand-record.hl")
    text = write_position(tail(record, 22))
    job = client.post("/api/jobs", json={"kind": "review", "root": {"text": text, "index": 0}, "samples": 16,
                                         "seed": 3}).json()
    state = wait_job(client, job["id"])
    assert state["state"] == "done", state["error"]
    items = state["progress"]
    assert "method" in items[0] and items[0]["total"] == 20 and items[0]["done"] == 0
    tricks = [item["trick"] for item in items if "trick" in item]
    assert tricks == [1, 2, 3, 4, 5]  # in order, each as soon as all its plays were judged
    assert [p["ply"] for item in items if "trick" in item for p in item["plays"]] == list(range(20))
    assert all(set(item["summary"]) == {"S", "E", "N", "W", "S–N", "E–W"} for item in items if "trick" in item)
    path = tmp_path / "tail.hl"
    path.write_text(text)
    [cli] = cli_json("review", path, "--json", "--samples", "16", "--seed", "3", "--workers", "1")
    result = state["result"]
    for key in ("plays", "summary", "bury", "bury_note", "method", "complete", "result"):
        assert result[key] == cli[key], key


def test_a_review_cancelled_keeps_the_tricks_judged(client, library):
    job = client.post("/api/jobs", json={"kind": "review", "root": example(library, "hand-record")}).json()
    deadline = time.monotonic() + 600
    while True:
        state = client.get(f"/api/jobs/{job['id']}").json()
        if any("trick" in item for item in state["progress"]) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    started = time.monotonic()
    client.delete(f"/api/jobs/{job['id']}")
    state = wait_job(client, job["id"])
    assert state["state"] == "cancelled" and time.monotonic() - started < 30
    assert state["result"]["complete"] is False and len(state["result"]["plays"]) % 4 == 0


def test_a_review_of_a_position_that_is_not_a_record_is_an_error_line(client, library):
    job = client.post("/api/jobs", json={"kind": "review", "root": example(library, "dig-fight")}).json()
    state = wait_job(client, job["id"])
    assert state["state"] == "error" and state["error"].startswith("not a hand record")


def test_the_estimates_are_review_estimates(client, library):
    job = client.post("/api/jobs", json={"kind": "graph", "root": example(library, "hand-record"), "seconds": 3,
                                         "samples": 4, "seed": 9}).json()
    state = wait_job(client, job["id"])
    estimates = {p["ply"]: p["estimate"] for p in state["progress"] if "estimate" in p}
    [hand] = cli_json("review", EXAMPLES / "hand-record.hl", "--json", "--estimate", "4", "--seed", "9", "--tricks", "1")
    for e in hand["estimates"]:
        if e["ply"] in estimates:
            assert estimates[e["ply"]] == {k: e[k] for k in ("mean_points", "points_se", "samples")}


def test_advice_on_the_board_is_advise_json(client, library):
    view = client.post("/api/view", json={"root": example(library, "hand-record")}).json()
    # before E's play in trick 18 of the record, as `advise --trick 18 --seat E`
    [record] = read_file(EXAMPLES / "hand-record.hl")
    cut = record.rewound(18, 1)
    plays = view["main_line"][: sum(len(t.plays) for t in cut.history) + len(cut.trick)]
    job = client.post("/api/jobs", json={"kind": "advise", "root": example(library, "hand-record"), "plays": plays,
                                         "seat": "E", "seed": 3, "samples": 40}).json()
    state = wait_job(client, job["id"])
    assert state["state"] == "done", state["error"]
    [cli] = cli_json("advise", EXAMPLES / "hand-record.hl", "--trick", "18", "--seat", "E", "--seed", "3",
                     "--samples", "40", "--workers", "1", "--json")
    # advise --json, and the hint's sentence in the page's language (JSON itself is the same in every language)
    result = {k: v for k, v in state["result"].items() if k not in ("interrupted", "verdict")}
    assert without_timing(result) == without_timing(cli) and state["result"]["verdict"].startswith("Play ♥A")
    last = {k: v for k, v in state["progress"][-1].items() if k != "verdict"}
    assert state["progress"] and without_timing(last) == without_timing(cli)


def test_advice_cancelled_answers_with_what_it_had(client, library):
    view = client.post("/api/view", json={"root": example(library, "hand-record")}).json()
    job = client.post("/api/jobs", json={"kind": "advise", "root": example(library, "hand-record"),
                                         "plays": view["main_line"][:8], "seed": 1, "samples": 100000}).json()
    deadline = time.monotonic() + 120
    while client.get(f"/api/jobs/{job['id']}").json()["progress_count"] < 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    client.delete(f"/api/jobs/{job['id']}")
    state = wait_job(client, job["id"])  # how soon it answers is measured in bench/, not asserted here
    assert state["state"] == "cancelled" and state["result"]["interrupted"] is True
    assert state["result"]["samples"] >= state["progress"][0]["samples"] > 0


def test_burials_rank_as_bury_json(client, library):
    job = client.post("/api/jobs", json={"kind": "bury", "root": example(library, "before-bury"), "samples": 40,
                                         "seed": 2}).json()
    state = wait_job(client, job["id"])
    assert state["state"] == "done", state["error"]
    [cli] = cli_json("bury", EXAMPLES / "before-bury.hl", "--samples", "40", "--seed", "2", "--workers", "1", "--json")
    assert without_timing(state["result"]) == without_timing(cli)
    assert state["progress"] and without_timing(state["progress"][-1]) == without_timing(cli)


def test_a_burial_with_no_cards_chosen_says_how_to_choose_them(client, library):
    empty = client.post("/api/bury", json={"root": example(library, "before-bury-known"), "bury": " "})
    assert empty.status_code == 400 and empty.json()["error"].startswith("To bury, choose six cards")
    bad = client.post("/api/bury", json={"root": example(library, "before-bury-known"), "bury": "SX"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("the cards to bury: ")


def test_a_burial_applies_to_a_deal_with_every_hand(client, library):
    best = "SA SQ S8 S6 C6 C4"
    hidden = client.post("/api/bury", json={"root": example(library, "before-bury"), "bury": best})
    assert hidden.status_code == 400 and hidden.json()["error"] == "every hand must be known to bury"
    [deal] = read_file(EXAMPLES / "before-bury-known.hl")
    held = deal.hands[deal.dealer] + deal.kitty
    best = " ".join(str(Play((c,))) for c in list(held)[:6])
    buried = client.post("/api/bury", json={"root": example(library, "before-bury-known"), "bury": best}).json()["text"]
    [pos] = read_positions(buried)
    assert not pos.is_before_bury and pos.bottom == Hand.from_cards(Play.parse(best).cards)


def test_closing_a_tab_cancels_its_jobs(client, library):
    job = client.post("/api/jobs", json={"kind": "bury", "root": example(library, "before-bury"), "samples": 20000,
                                         "tab": "tab-1"}).json()
    assert client.post("/api/tabs/tab-1/close").json()["cancelled"] == 1
    assert wait_job(client, job["id"])["state"] == "cancelled"


def test_a_full_queue_answers_503_with_retry_after(client, library):
    jobs = []
    try:
        for _ in range(QUEUE_LIMIT + 2):
            response = client.post("/api/jobs", json={"kind": "bury", "root": example(library, "before-bury"),
                                                      "samples": 20000, "tab": "flood"})
            if response.status_code == 503:
                assert response.headers["Retry-After"] == "5" and "busy" in response.json()["error"]
                break
            jobs.append(response.json()["id"])
        else:
            pytest.fail("the queue never filled")
    finally:
        client.post("/api/tabs/flood/close")
    assert client.get("/api/status").status_code == 200


def test_one_tabs_full_queue_leaves_room_for_another_tab(client, library):
    try:
        for _ in range(QUEUE_LIMIT + 2):
            response = client.post("/api/jobs", json={"kind": "bury", "root": example(library, "before-bury"),
                                                      "samples": 20000}, headers=tab("flood"))
            if response.status_code == 503:
                break
        else:
            pytest.fail("the queue never filled")
        other = client.post("/api/jobs", json={"kind": "bury", "root": example(library, "before-bury"),
                                               "samples": 20000}, headers=tab("other"))
        assert other.status_code == 202
    finally:
        client.post("/api/tabs/flood/close")
        client.post("/api/tabs/other/close")


def test_an_unknown_job_kind_is_a_400(client, library):
    response = client.post("/api/jobs", json={"kind": "mine", "root": example(library, "dig-fight")})
    assert response.status_code == 400 and response.json()["error"].startswith("kind: one of graph, advise, bury")


# -- entering a deal ------------------------------------------------------------------------------


def test_a_hand_is_checked_as_it_is_typed(client):
    assert client.post("/api/editor/check", json={"text": "AK10.5.-.3.BL"}).json()["count"] == 7
    bad = client.post("/api/editor/check", json={"text": "AK.X"}).json()
    assert not bad["ok"] and "invalid" in bad["error"]


def test_the_editor_builds_a_position_that_reads_back_the_same(client):
    [dig] = read_file(EXAMPLES / "dig-fight.hl")
    fields = {"level": "Q", "trump": "C", "dealer": "S", "leader": "W", "points": 145, "rules": "standard",
              "bottom": str(dig.bottom), "hands": {"SENW"[s]: str(dig.hands[s]) for s in range(4)}}
    text = client.post("/api/editor/build", json=fields).json()["text"]
    [built] = read_positions(text)
    assert built.endgame() == dig.endgame()


def test_the_editor_takes_cards_one_by_one_as_a_chinese_player_types_them(client):
    checked = client.post("/api/editor/check", json={"text": "红桃A 红桃K 黑桃５"}).json()
    assert checked["ok"] and checked["count"] == 3 and checked["hand"] == "5.AK.-.-"
    [dig] = read_file(EXAMPLES / "dig-fight.hl")
    typed = {"SENW"[s]: "，".join(card_unicode(c) for c in dig.hands[s]) for s in range(4)}
    fields = {"level": "Q", "trump": "C", "dealer": "S", "leader": "W", "points": 145, "bottom": str(dig.bottom),
              "hands": typed}
    [built] = read_positions(client.post("/api/editor/build", json=fields).json()["text"])
    assert built.endgame() == dig.endgame()


def test_the_editors_own_bottom_is_small_plain_cards_not_level_cards_or_trumps(client):
    hands = {"S": "A.-.-.-", "E": "K.-.-.-", "N": "Q.-.-.-", "W": "J.-.-.-"}
    fields = {"level": "3", "trump": "H", "dealer": "S", "hands": hands}
    [built] = read_positions(client.post("/api/editor/build", json=fields).json()["text"])
    assert str(built.bottom) == "444.-.444.-"  # no ♥ (trump), no 3 (the level), no 2, no points


def test_the_editor_says_what_is_wrong_with_a_deal(client):
    response = client.post("/api/editor/build", json={"level": "Q", "trump": "C", "dealer": "S", "bottom": "-.-.-.-",
                                                      "hands": {"S": "AK.-.-.-", "E": "A.-.-.-", "N": "-", "W": "-"}})
    assert response.status_code == 400 and response.json()["error"].startswith("<editor>:")


@pytest.mark.parametrize("seed", ["abc", 1.5, True, 2**40])
def test_a_random_deals_seed_must_be_a_whole_number(client, seed):
    """Not another seed than the one asked for: a seed that is not one is a 400."""
    response = client.post("/api/random", json={"seed": seed})
    assert response.status_code == 400 and response.json()["error"].startswith("seed: a whole number from ")
    assert repr(seed) in response.json()["error"]


def test_a_random_deal_without_a_seed_says_the_one_it_chose(client):
    data = client.post("/api/random", json={}).json()
    assert data["text"] == client.post("/api/random", json={"seed": data["seed"]}).json()["text"]


def test_a_random_endgame_is_a_bot_play_down_with_consistent_points(client):
    data = client.post("/api/random", json={"cards": 6, "seed": 5}).json()
    [pos] = read_positions(data["text"])
    assert all(len(h) == pos.cards_left for h in pos.hands) and pos.cards_left <= 6 and not pos.trick
    again = client.post("/api/random", json={"cards": 6, "seed": 5}).json()
    assert again["text"] == data["text"]  # seeded
    deal = client.post("/api/random", json={"seed": 5}).json()
    assert read_positions(deal["text"])[0].is_before_bury


def test_export_reads_back_to_the_same_position(client, library):
    plays = ["DK", "D4", "CT"]
    text = client.post("/api/export", json={"root": example(library, "dig-fight"), "plays": plays}).json()["text"]
    [exported] = read_positions(text)
    [pos] = read_file(EXAMPLES / "dig-fight.hl")
    for play in plays:
        pos.play(next(p for p in pos.legal_plays() if str(p) == play))
    assert exported.endgame() == pos.endgame()


def test_the_computer_buries_and_plays_a_game_by_a_named_policy(client, library):
    from huolong.engine import Hand, Play, read_positions

    deal_text = client.post("/api/random", json={"seed": 7}).json()["text"]
    root = {"text": deal_text, "index": 0}
    job = client.post("/api/jobs", json={"kind": "move", "root": root, "policy": "fair", "seed": 7}).json()
    bury = wait_job(client, job["id"])
    assert bury["state"] == "done", bury["error"]
    [deal] = read_positions(deal_text)
    buried = deal.bury(Hand.from_cards(Play.parse(bury["result"]["bury"]).cards))  # the engine accepts it
    root = {"text": client.post("/api/bury", json={"root": root, "bury": bury["result"]["bury"]}).json()["text"],
            "index": 0}
    plays: list[str] = []
    for _ in range(6):  # the computer plays every seat here: each play legal, the next asked after it
        job = client.post("/api/jobs", json={"kind": "move", "root": root, "plays": plays, "policy": "fair",
                                             "seed": 7}).json()
        state = wait_job(client, job["id"])
        assert state["state"] == "done", state["error"]
        plays.append(state["result"]["play"])
    assert client.post("/api/view", json={"root": root, "plays": plays}).status_code == 200
    record = client.post("/api/record", json={"root": root, "plays": plays}).json()["text"]
    [rec] = read_positions(record)
    assert rec.record and [str(p) for t in rec.history for p in t.plays] + [str(p) for p in rec.trick] == plays
    assert buried.hands == rec.start().hands


def test_a_request_cannot_name_a_module_for_the_computer(client, library):
    """An unknown policy is refused when the job is asked for (400), not accepted to fail later."""
    root = {"text": client.post("/api/random", json={"seed": 7}).json()["text"], "index": 0}
    answer = client.post("/api/jobs", json={"kind": "move", "root": root, "policy": "os:system", "seed": 1})
    assert answer.status_code == 400
    assert answer.json() == {"error": "policy: one of advise, fair, bot, random, not 'os:system'"}


@pytest.mark.parametrize("kind,option,message", [
    ("graph", {"seconds": "x"}, "seconds: expected a number from 0.05 to 600, got 'x'"),
    ("advise", {"seat": "Q"}, "invalid seat 'Q': use S, E, N or W"),
    ("bury", {"samples": 1}, "samples: expected a number from 2 to 100000, got 1"),
    ("review", {"seed": "abc"}, "seed: a whole number from -2147483648 to 2147483648, not 'abc'"),
])
def test_a_jobs_bad_option_is_a_400_before_it_starts(client, library, kind, option, message):
    response = client.post("/api/jobs", json={"kind": kind, "root": example(library, "hand-record"), **option})
    assert response.status_code == 400 and response.json() == {"error": message}


# -- a whole game: the next hand dealt, each finished hand added ---------------------------------------


def whole_game_first_hand(client, seed: int) -> dict:
    """The first hand of a new game, you at S (every question while dealing answered yes)."""
    answers: list[bool] = []
    while True:
        r = client.post("/api/game/next", json={"seat": "S", "policy": "random", "seed": seed, "answers": answers})
        assert r.status_code == 200, r.text
        data = r.json()
        if "question" not in data:
            return data
        assert data["question"]["jokers"] in (1, 2) and "BJ" in data["question"]["received"]
        answers.append(True)


def test_the_question_to_override_names_the_declarer_and_the_declaration_whom_it_overrode(client):
    """Seed 3: E declares with a big joker, then S (you) holds two: the 反主 question says who declared."""
    asked = client.post("/api/game/next", json={"seat": "S", "policy": "random", "seed": 3, "answers": []}).json()
    assert asked["question"]["jokers"] == 2 and asked["question"]["declarer"] == "E"
    dealt = client.post("/api/game/next", json={"seat": "S", "policy": "random", "seed": 3, "answers": [True]}).json()
    assert dealt["declaration"]["seat"] == "S" and dealt["declaration"]["overrode"] == "E"


def test_a_board_game_deals_its_hands_and_adds_each_finished_one(client):
    from huolong.bots.policy import policy_of
    from huolong.bots.table import play_table

    first = whole_game_first_hand(client, 21)
    assert first["hand"] == 1 and first["state"]["hands"] == 0 and first["declaration"]["seat"] in "SENW"
    [deal] = read_positions(first["deal"])
    assert deal.is_before_bury and deal.dealer == "SENW".index(first["declaration"]["seat"])
    record = play_table(deal, [policy_of("random")] * 4, "board-test").record
    added = client.post("/api/game/add", json={"game": first["game"], "record": write_position(record)})
    assert added.status_code == 200, added.text
    data = added.json()
    assert data["state"]["hands"] == 1 and data["result"]["outcome"] == str(record.result())
    second = client.post("/api/game/next", json={"game": data["game"]}).json()
    [deal2] = read_positions(second["deal"])
    assert second["hand"] == 2 and deal2.dealer == "SENW".index(data["state"]["dealer"])
    assert "declaration" in second and second["declaration"] is None


def test_a_board_game_asks_your_seat_to_bury_big_jokers_after_the_dealers_bury(client):
    """Seed 14: N declares and deals; S (you) holds a big joker after N's bury (扣王, 002)."""
    from huolong.engine import card_token
    from huolong.engine.jokers import joker_bury_of

    first = whole_game_first_hand(client, 14)
    [deal] = read_positions(first["deal"])
    held = deal.hands[deal.dealer] + deal.kitty
    bury = " ".join(card_token(c) for c in sorted(c for c in held if c < 52)[:6])
    root = {"text": first["deal"], "index": 0}
    asked = client.post("/api/bury", json={"root": root, "bury": bury, "game": first["game"]}).json()
    assert asked["question"] == {"limit": 1, "least": 0, "bottom_jokers": 0, "little": False}
    bad = client.post("/api/bury", json={"root": root, "bury": bury, "game": first["game"], "jokers": 2})
    assert bad.status_code == 400 and "from 0 to 1, not 2" in bad.json()["error"]
    done = client.post("/api/bury", json={"root": root, "bury": bury, "game": first["game"], "jokers": 1}).json()
    [after] = read_positions(done["text"])
    told = joker_bury_of(after)
    assert [s.seat for s in told.swaps] == [0] and after.bottom.count(53) == 1
    assert done["told"] == [f"S buried 1 big joker and took back {told.swaps[0].taken.unicode()} from the bottom."]
    kept = client.post("/api/bury", json={"root": root, "bury": bury, "game": first["game"], "jokers": 0}).json()
    assert "JokerBury" in kept["text"] and kept["told"] == []
    single = client.post("/api/bury", json={"root": root, "bury": bury}).json()  # a single hand: no round
    assert "JokerBury" not in single["text"]


def test_a_board_game_under_000_asks_about_a_little_joker_and_names_the_kind(client):
    """000: 小王定主 — seed 2: S (you) receives a little joker first; E overrides later with two big jokers."""
    r = client.post("/api/game/next", json={"seat": "S", "policy": "random", "seed": 2, "game_rules": "000",
                                            "answers": []}).json()
    assert r["question"]["kind"] == "little" and r["question"]["cards"] == ["LJ"]
    dealt = client.post("/api/game/next", json={"seat": "S", "policy": "random", "seed": 2, "game_rules": "000",
                                                "answers": [True]}).json()
    d = dealt["declaration"]
    assert d["how"] == "big" and d["cards"] == ["BJ", "BJ"] and d["seat"] == "E" and d["overrode"] == "N"
    [deal] = read_positions(dealt["deal"])
    assert deal.tags["Shown"] == "S LJ, N BJ, E BJ BJ" and deal.tags["Declaration"] == "E BJ BJ"
    assert deal.rules.zero == "plus2" and deal.rules.three_jokers == "levels"  # 000's hands
    bad = client.post("/api/game/next", json={"seat": "S", "policy": "random", "seed": 2, "answers": ["X"]})
    assert bad.status_code == 400 and "answers" in bad.json()["error"]


def test_under_fast_dragon_a_board_game_refuses_your_bury_without_your_big_jokers(client):
    from huolong.engine import card_token

    r = client.post("/api/game/next", json={"seat": "N", "policy": "random", "seed": 14, "answers": [True],
                                            "game_rules": "001 dragon=fast"}).json()
    [deal] = read_positions(r["deal"])
    assert deal.dealer == 2
    held = deal.hands[deal.dealer] + deal.kitty
    bury = " ".join(card_token(c) for c in sorted(c for c in held if c < 52)[:6])
    refused = client.post("/api/bury", json={"root": {"text": r["deal"], "index": 0}, "bury": bury, "game": r["game"]})
    assert refused.status_code == 400 and "快龙" in refused.json()["error"]


@pytest.mark.parametrize("payload, words", [
    ({"seat": "X", "seed": 3}, "'X'"),
    ({"seat": "S", "seed": "three"}, "seed"),
    ({"seat": "S", "seed": 3, "policy": "nobody"}, "nobody"),
    ({"seat": "S", "seed": 3, "answers": "yes"}, "answers"),
    ({"game": "[Level \"3\"]"}, "not a game file"),
])
def test_a_bad_board_game_request_is_one_line_and_400(client, payload, words):
    r = client.post("/api/game/next", json=payload)
    assert r.status_code == 400 and words in r.json()["error"] and "\n" not in r.json()["error"]


def test_a_hand_that_does_not_follow_the_game_is_refused(client):
    first = whole_game_first_hand(client, 22)
    [deal] = read_positions(first["deal"])
    deal.dealer = (deal.dealer + 1) % 4  # another dealer than the one who declared
    from huolong.bots.policy import policy_of
    from huolong.bots.table import play_table

    record = play_table(deal, [policy_of("random")] * 4, "board-test").record
    r = client.post("/api/game/add", json={"game": first["game"], "record": write_position(record)})
    assert r.status_code == 400 and "hand 1" in r.json()["error"]
    unfinished = client.post("/api/game/add", json={"game": first["game"], "record": first["deal"]})
    assert unfinished.status_code == 400 and "record" in unfinished.json()["error"]


def test_a_port_in_use_is_said_before_the_board_takes_the_next(tmp_path):
    """`board --port 8931` with 8931 taken opened 8932 without a word: the user's link reached another server."""
    import signal
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.Popen([sys.executable, "-m", "huolong.cli.main", "board", "--no-browser", "--port", str(port)],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            first, second = proc.stdout.readline(), proc.stdout.readline()
        finally:
            proc.send_signal(signal.SIGINT)
            proc.communicate(timeout=30)
    assert first.startswith(f"(port {port} is in use: the board takes ")
    assert "The board is at http://127.0.0.1:" in second and f":{port}/" not in second
