"""What the board's tests share: one app with warm workers for the whole session, and the CLI's JSON."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path

from cli_runner import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "puzzles" / "examples"


def client_for(app):  # type: ignore[no-untyped-def]
    warnings.filterwarnings("ignore", message=".*httpx.*")  # starlette's note on its test client's transport
    from starlette.testclient import TestClient

    return TestClient(app, base_url="http://127.0.0.1:8765")


def wait_ready(pool, timeout: float = 600.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not pool.ready:
        assert time.monotonic() < deadline, "the board's workers never became ready"
        time.sleep(0.1)


def wait_job(client, job_id: str, timeout: float = 600.0) -> dict:  # type: ignore[no-untyped-def]
    """Poll a job until it is over; its last state, with every progress item."""
    progress: list[dict] = []
    deadline = time.monotonic() + timeout
    while True:
        state = client.get(f"/api/jobs/{job_id}?since={len(progress)}").json()
        progress += state["progress"]
        if state["state"] in ("done", "error", "cancelled"):
            return {**state, "progress": progress}
        assert time.monotonic() < deadline, f"job {job_id} did not finish"
        time.sleep(0.1)


def without_timing(data):  # type: ignore[no-untyped-def]
    """A JSON value with the fields that differ from run to run (seconds, nodes) left out."""
    if isinstance(data, dict):
        return {k: without_timing(v) for k, v in data.items() if k not in ("seconds", "nodes")}
    if isinstance(data, list):
        return [without_timing(v) for v in data]
    return data


def cli_json(*args: object) -> object:
    return json.loads(run(*args).stdout)
