"""The board's speed (issue 46): a warm 8-card analysis round trip, the first page load, holding →
through a hand record, and how soon a cancel answers. Measured, not asserted: bench/RESULTS.md.

    .venv/bin/python -m pytest bench/test_board_speed.py --benchmark-enable -s
"""

from __future__ import annotations

import statistics
import threading
import time
import warnings

import pytest
from positions import endgames

from huolong.board import Library, create_app
from huolong.board.workers import Pool
from huolong.engine import write_position

warnings.filterwarnings("ignore", message=".*httpx.*")


@pytest.fixture(scope="module")
def board():
    from starlette.testclient import TestClient

    library = Library.of_examples()
    pool = Pool(background=1)
    while not pool.ready:
        time.sleep(0.1)
    client = TestClient(create_app(library, pool, hosts={"127.0.0.1:8765"}), base_url="http://127.0.0.1:8765")
    yield client, library, pool
    pool.close()


def test_warm_eight_card_analysis_round_trip(benchmark, board):
    client, _, _ = board
    texts = [write_position(p) for p in endgames(8, 20)]
    for text in texts:  # warm: the worker has solved each once (its tables are per search, so not cached)
        client.post("/api/analyse", json={"root": {"text": text}})
    i = iter(range(10**9))

    def one():
        return client.post("/api/analyse", json={"root": {"text": texts[next(i) % len(texts)]}}).json()

    result = benchmark.pedantic(one, rounds=60, iterations=1)
    assert "analysis" in result or "stopped" in result


def test_first_page_load(benchmark, board):
    client, library, _ = board
    root = {"file": library.index("dig-fight")}

    def load():  # what a first visit fetches before the table is drawn, the values last
        client.get("/")
        client.get("/static/board.css")
        client.get("/static/board.js")
        client.get("/api/positions")
        client.get("/api/status")
        client.post("/api/view", json={"root": root, "plays": []})
        return client.post("/api/analyse", json={"root": root, "plays": []}).json()

    assert "analysis" in benchmark.pedantic(load, rounds=20, iterations=1)


def test_holding_the_arrow_through_twenty_plays(board, capsys):
    """Twenty requests 60 ms apart, as a held → key sends them: each new one cancels the one before, so
    at most one search runs at a time; the last position's values arrive within its budget."""
    client, library, pool = board
    root = {"file": library.index("hand-record")}
    line = client.post("/api/view", json={"root": root}).json()["main_line"]
    running_most = 0
    stop = threading.Event()

    def watch():
        nonlocal running_most
        while not stop.is_set():
            running = sum(1 for j in list(pool.jobs.values()) if j.interactive and j.state == "running")
            running_most = max(running_most, running)
            time.sleep(0.005)

    watcher = threading.Thread(target=watch)
    watcher.start()
    answers: dict[int, float] = {}
    threads = []
    started = time.monotonic()
    for ply in range(60, 80):  # the deep part of the hand: every position is a real search
        def ask(ply=ply):
            client.post("/api/analyse", json={"root": root, "plays": line[:ply], "seconds": 3})
            answers[ply] = time.monotonic()
        threads.append(threading.Thread(target=ask))
        threads[-1].start()
        time.sleep(0.06)
    last_sent = time.monotonic()
    for thread in threads:
        thread.join()
    stop.set()
    watcher.join()
    with capsys.disabled():
        print(f"\nheld →: {len(answers)} answers; at most {running_most} search running at once; the last "
              f"arrived {answers[79] - last_sent:.3f} s after it was asked (budget 3 s); all in "
              f"{max(answers.values()) - started:.2f} s")
    assert running_most == 1


@pytest.mark.parametrize("kind", ["analyse", "advise"])
def test_how_soon_a_cancel_answers(board, kind, capsys):
    client, library, pool = board
    text = write_position(endgames(13, 5)[2])
    times = []
    for _ in range(5):
        if kind == "analyse":
            job = pool.submit("analyse", {"root": {"text": text, "index": 0}, "plays": [], "seconds": 60},
                              interactive=True)
        else:
            root = {"file": library.index("hand-record")}
            line = client.post("/api/view", json={"root": root}).json()["main_line"]
            job = pool.submit("advise", {"root": library.root_text(root), "plays": line[:8], "samples": 100000})
            while not job.progress:
                time.sleep(0.05)
        while job.state != "running":
            time.sleep(0.01)
        time.sleep(0.5)
        asked = time.monotonic()
        pool.cancel(job)
        job.done_event.wait()
        times.append(time.monotonic() - asked)
    with capsys.disabled():
        print(f"\ncancel {kind}: median {statistics.median(times) * 1000:.0f} ms, most {max(times) * 1000:.0f} ms")
    assert all(job.state == "cancelled" for job in [job])
