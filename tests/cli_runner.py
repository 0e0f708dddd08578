"""Running huolong-solve in-process, as the tests drive it: every run checks its exit status."""

from __future__ import annotations

from click.testing import CliRunner, Result

from huolong.cli.main import cli


def run(*args: object, code: int = 0, input: str | None = None, env: dict | None = None,
        color: bool = False) -> Result:
    """``huolong-solve ARGS``; fails unless it exits with ``code`` (0 success, 1 a failed check,
    2 bad input, 3 stopped). ``color``: keep ANSI codes in the output, as a terminal would."""
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env, color=color)
    assert result.exit_code == code, f"exit {result.exit_code} (wanted {code}): {result.output}"
    return result
