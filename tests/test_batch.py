"""Batch solving, locally and on a real Dask LocalCluster: same answers, nothing lost or repeated."""

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from cli_runner import interrupted, run
from huolong.engine import Position, write_positions
from huolong.engine.deal import play_randomly, random_deal

CLI = [sys.executable, "-m", "huolong.cli.main"]


def endgames(count: int, cards: int, seed: int = 1) -> list[Position]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        out.append(play_randomly(random_deal(rng), rng, cards).endgame())
    return out


def write_set(tmp_path, count, cards, name="set.hl"):
    path = tmp_path / name
    path.write_text(write_positions(endgames(count, cards)))
    return path


def rows(path):
    out = [json.loads(line) for line in path.read_text().splitlines()]
    for row in out:
        row.pop("seconds", None)
    return out


def by_key(path):
    found = rows(path)
    keys = [(r["file"], r["position"]) for r in found]
    assert len(keys) == len(set(keys)), "duplicate lines"
    return {(r["file"], r["position"]): r for r in found}


def test_batch_writes_one_line_per_position_and_resumes(tmp_path):
    data = write_set(tmp_path, 6, 3)
    out = tmp_path / "out.jsonl"
    run("batch", str(data), "-o", str(out), "--workers", "1")
    assert len(by_key(out)) == 6
    again = run("batch", str(data), "-o", str(out), "--workers", "1")
    assert "0 positions solved, 6 already" in again.output and len(rows(out)) == 6


def test_batch_takes_the_shipped_examples_by_name(tmp_path):
    out = tmp_path / "out.jsonl"
    run("batch", "example:dig-fight", "-o", str(out), "--no-line")
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["file"] == "example:dig-fight" and row["value"]["points"] == 175


def test_batch_on_a_missing_file_is_the_tools_one_line(tmp_path):
    result = run("batch", str(tmp_path / "nope.hl"), "-o", str(tmp_path / "out.jsonl"), code=2)
    assert result.output == f"error: {tmp_path / 'nope.hl'}: No such file or directory\n"


def test_a_line_torn_by_a_crash_is_solved_again(tmp_path):
    data = write_set(tmp_path, 4, 3)
    out = tmp_path / "out.jsonl"
    run("batch", str(data), "-o", str(out), "--workers", "1")
    whole = out.read_text()
    lines = whole.splitlines(keepends=True)
    out.write_text("".join(lines[:2]) + lines[2][:15])  # the crash cut line 3 short
    run("batch", str(data), "-o", str(out), "--workers", "1")
    reference = tmp_path / "whole.jsonl"
    reference.write_text(whole)
    assert by_key(out) == by_key(reference) and len(by_key(out)) == 4
    assert out.read_text().splitlines()[:2] == whole.splitlines()[:2]


def test_interrupting_a_batch_and_running_it_again_completes_without_duplicates(tmp_path):
    # Enough work that the interrupt lands mid-batch: 30 six-card positions took ~0.1 s, so the
    # Ctrl-C sometimes came after the batch had ended, while Python was exiting (killed by SIGINT).
    data = write_set(tmp_path, 200, 7)
    out = tmp_path / "out.jsonl"
    cmd = CLI + ["batch", str(data), "-o", str(out), "--workers", "1"]
    code, err = interrupted(cmd, lambda: out.exists() and len(out.read_text().splitlines()) >= 2, 300)
    assert code == 3, err
    assert "interrupted after" in err and "Traceback" not in err
    assert len(rows(out)) < 200
    assert subprocess.run(cmd, capture_output=True, timeout=600).returncode == 0
    assert len(by_key(out)) == 200


def test_scheduler_without_dask_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    data = write_set(tmp_path, 1, 2)
    result = run("batch", str(data), "-o", str(tmp_path / "o.jsonl"), "--scheduler", "tcp://127.0.0.1:1", code=2)
    assert "pip install" in result.output


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        yield c


def test_batch_on_a_cluster_equals_the_local_run(tmp_path, cluster):
    data = write_set(tmp_path, 8, 4)
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    run("batch", str(data), "-o", str(local), "--workers", "1")
    run("batch", str(data), "-o", str(remote), "--scheduler", cluster.scheduler_address)
    assert by_key(local) == by_key(remote)


def test_play_on_a_cluster_equals_the_local_run(tmp_path, cluster):
    local, remote = tmp_path / "local.hl", tmp_path / "remote.hl"
    run("play", "--deals", "4", "--seed", "3", "-o", str(local), "--workers", "1")
    run("play", "--deals", "4", "--seed", "3", "-o", str(remote), "--scheduler", cluster.scheduler_address)
    assert local.read_text() == remote.read_text()


def test_a_worker_killed_mid_batch_loses_and_repeats_nothing(tmp_path, cluster):
    from dask.distributed import Client

    data = write_set(tmp_path, 60, 7)
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(CLI + ["batch", str(data), "-o", str(out), "--scheduler", cluster.scheduler_address],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 3):
        time.sleep(0.1)
    with Client(cluster.scheduler_address) as client:
        pids = client.run(os.getpid)
    os.kill(sorted(pids.values())[0], signal.SIGKILL)
    at_kill = len(out.read_text().splitlines())
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    assert at_kill < 60  # the worker died in the middle of the batch
    assert len(by_key(out)) == 60


def test_puzzle_generation_on_a_cluster_equals_the_local_run(tmp_path, cluster):
    local, remote = tmp_path / "local", tmp_path / "remote"
    run("puzzle", "generate", "-n", "2", "-o", str(local), "--seed", "8", "--workers", "1")
    run("puzzle", "generate", "-n", "2", "-o", str(remote), "--seed", "8", "--scheduler", cluster.scheduler_address)
    names = sorted(p.name for p in local.iterdir())
    assert names and names == sorted(p.name for p in remote.iterdir())
    assert all((local / n).read_text() == (remote / n).read_text() for n in names)


def test_bury_on_a_cluster_equals_the_local_run(cluster):
    from pathlib import Path

    deal = str(Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "before-bury.hl")
    args = ["bury", deal, "--samples", "32", "--json", "--seed", "5"]
    local = json.loads(run(*args, "--workers", "1").stdout)
    remote = json.loads(run(*args, "--scheduler", cluster.scheduler_address).stdout)
    for report in (local, remote):
        report[0].pop("seconds")
    assert local == remote


def test_advice_on_a_cluster_equals_the_local_run(cluster):
    from pathlib import Path

    deal = str(Path(__file__).resolve().parent.parent / "puzzles" / "examples" / "keep-bottom.hl")
    args = ["advise", deal, "--samples", "40", "--json", "--seed", "3"]
    local = json.loads(run(*args, "--workers", "1").stdout)
    remote = json.loads(run(*args, "--scheduler", cluster.scheduler_address).stdout)
    for report in (local, remote):
        report[0].pop("seconds")
    assert local == remote


def test_a_position_past_the_budget_keeps_each_plays_proven_interval():
    """A batch row of a stopped position: the error, what was proved of the value, and of each play."""
    import random

    from endgames import random_endgame
    from huolong.engine import write_position
    from huolong.solver.batch import solve_task

    text = write_position(random_endgame(random.Random(13), 10, kinds=54))
    row = solve_task(text, "big.hl", 1, "outcome", 100_000, False)
    assert row["error"].startswith("search stopped (node limit)")
    assert len(row["moves"]) > 1 and all({"play", "at_least", "at_most", "proven_worse"} <= set(m) for m in row["moves"])


def test_workers_stopped_by_ctrl_c_leave_no_wake_up_pipe_for_python_to_write_at_exit():
    """Ctrl-C during `review` once ended with "Exception ignored in: <module 'threading'> … OSError: [Errno
    9] Bad file descriptor": at exit Python wakes each pool's manager thread through a pipe, which that
    thread was closing at the same moment. Stopped, the pool's manager has closed it before we return."""
    import time

    from huolong.solver.jobs import Workers

    workers = Workers(2, kernels=())
    running = workers.run(time.sleep, [(0.0,), (30.0,), (30.0,)])
    next(running)  # the pool is up, two long tasks in it
    wake_up = workers._pool._executor_manager_thread_wakeup
    started = time.monotonic()
    workers.close(wait_for_tasks=False)
    assert wake_up._closed and time.monotonic() - started < 10  # and the 30 s tasks were not waited for


def test_a_run_given_a_stop_token_ends_at_the_stop_not_when_its_slowest_task_does():
    """The board's review runs its tasks in processes and is stopped by a token (a cancel, the server's
    Ctrl-C). Waiting for the next result before looking at the token held a stopped review, and with it
    the server's exit, until a 30 s task finished."""
    import threading
    import time

    from huolong.solver import StopToken
    from huolong.solver.jobs import Workers

    stop = StopToken()
    workers = Workers(2, kernels=())
    running = workers.run(time.sleep, [(0.0,), (30.0,), (30.0,)], stop)
    next(running)  # the pool is up, two long tasks in it
    threading.Timer(0.5, stop.cancel).start()
    started = time.monotonic()
    assert list(running) == []  # nothing more comes once stopped
    ended = time.monotonic() - started
    workers.close(wait_for_tasks=False)
    assert ended < 10
