"""The first answer after the README's install, timed as a new user meets it (bench/RESULTS.md, "First-call cost").

For each route, in one run on this machine: a fresh copy of the repository's committed tree, a new
virtual environment, ``pip install .``, then the README's example solved (twice: the first answer
and a warm one) and the board started until its solver is ready. The routes:

- ``prebuilt``: as shipped — the install compiles the kernel (setup.py) and the first solve loads it;
- ``on-first-use``: ``HUOLONG_SOLVE_PREBUILT=0`` — the install skips that step and the first
  solve compiles, as every install did before session 44.

    python bench/first_answer.py [--routes prebuilt,on-first-use] [--rounds 2]

With ``--rounds N`` the routes take turns N times (the machine's load drifts; compare within a round).

Each route's Numba cache is its own install's (no ``NUMBA_CACHE_DIR``). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUTES = {"prebuilt": {}, "on-first-use": {"HUOLONG_SOLVE_PREBUILT": "0"}}


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stderr[-2000:]}")
    return time.perf_counter() - start, done


def board_ready(venv: Path, cwd: Path, env: dict[str, str]) -> float:
    """Seconds from starting ``huolong-solve board`` to its status saying the solver is ready."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.perf_counter()
    board = subprocess.Popen([str(venv / "bin" / "huolong-solve"), "board", "--no-browser", "--port", str(port)],
                             cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - start < 600:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2) as r:
                    if b'"ready"' in r.read():
                        return time.perf_counter() - start
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit("the board's solver was not ready in 600 s")
    finally:
        board.terminate()
        board.wait(30)
    return float("nan")


def route(name: str, work: Path) -> dict[str, float]:
    tree = Path(tempfile.mkdtemp(prefix=name + "-", dir=work))
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"} | ROUTES[name]
    venv = tree / ".venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install, _ = timed([str(venv / "bin" / "pip"), "install", "-q", "."], tree, env)
    solve = [str(venv / "bin" / "huolong-solve"), "puzzles/examples/dig-fight.hl"]
    first, done = timed(solve, tree, env)
    warm, _ = timed(solve, tree, env)
    ready = board_ready(venv, tree, env)
    return {"install": install, "first": first, "compiled": "compiling" in done.stderr, "warm": warm,
            "board": ready}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--routes", default="prebuilt,on-first-use")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in [n for _ in range(args.rounds) for n in args.routes.split(",")]:
            r = route(name, Path(tmp))
            rows.append(f"| {name} | {r['install']:.1f} s | {r['first']:.1f} s{' (compiled)' if r['compiled'] else ''} "
                        f"| **{r['install'] + r['first']:.1f} s** | {r['warm']:.1f} s | {r['board']:.1f} s |")
            print(rows[-1], flush=True)
    print("\n| route | `pip install .` | first answer | install + first answer | warm answer | board ready |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
