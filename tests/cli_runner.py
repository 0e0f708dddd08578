"""Running huolong-solve in-process, as the tests drive it: every run checks its exit status."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Callable

from click.testing import CliRunner, Result

from huolong.cli.main import cli


def run(*args: object, code: int = 0, input: str | None = None, env: dict | None = None,
        color: bool = False) -> Result:
    """``huolong-solve ARGS``; fails unless it exits with ``code`` (0 success, 1 a failed check,
    2 bad input, 3 stopped). ``color``: keep ANSI codes in the output, as a terminal would."""
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env, color=color)
    assert result.exit_code == code, f"exit {result.exit_code} (wanted {code}): {result.output}"
    return result


def interrupted(cmd: list[str], ready: Callable[[], bool], timeout: float) -> tuple[int, str]:
    """Start ``cmd``, press Ctrl-C once ``ready()`` holds (or after ``timeout`` s): its exit status
    and stderr. SIGINT acts as in a terminal whatever this process ignores (a background CI run
    ignores it), and the process never outlives a failing test."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + timeout
        while not ready() and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=timeout)
    finally:
        proc.kill()
    return proc.returncode, err
