"""The CLI's text output on the bundled examples, kept as golden files.

The files in ``tests/golden/`` were written by ``python tests/golden.py``
from commit 786780c, before the packages were rearranged (issue 45): a
refactoring must leave every byte of them as it was. Only what differs from
run to run is masked: the seconds a search took and the trainer's store path.
Regenerate them only for an intended change of the output, and say so in the
commit.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"
EXAMPLES = "puzzles/examples"
STORE = "<store>"

# name: (arguments, standard input)
COMMANDS: dict[str, tuple[tuple[str, ...], str | None]] = {
    **{f"solve-{name}": (("solve", f"{EXAMPLES}/{name}.hl", "--no-color"), None)
       for name in ("dig-fight", "format-example", "hand-record", "keep-bottom", "level-tie", "pair-ruff",
                    "strict-follow", "unlucky")},
    "solve-dig-fight-points": (("solve", f"{EXAMPLES}/dig-fight.hl", "--objective", "points", "--ascii",
                                "--no-color"), None),
    "solve-keep-bottom-best": (("solve", f"{EXAMPLES}/keep-bottom.hl", "--plays", "best", "--no-color"), None),
    "solve-strict-follow-optimal": (("solve", f"{EXAMPLES}/strict-follow.hl", "--plays", "optimal",
                                     "--no-color"), None),
    "solve-bridge-endgame": (("solve", "--rules", "bridge", f"{EXAMPLES}/bridge-endgame.pbn", "--no-color"), None),
    "review-hand-record": (("review", f"{EXAMPLES}/hand-record.hl", "--tricks", "8", "--no-color"), None),
    "review-hand-record-all": (("review", f"{EXAMPLES}/hand-record.hl", "--tricks", "4", "--all",
                                "--no-color"), None),
    "review-unlucky-advise": (("review", f"{EXAMPLES}/unlucky.hl", "--tricks", "5", "--advise", "--samples", "48",
                               "--workers", "1", "--no-color"), None),
    "advise-keep-bottom": (("advise", f"{EXAMPLES}/keep-bottom.hl", "--seed", "1", "--workers", "1",
                            "--no-color"), None),
    "advise-hand-record-e": (("advise", f"{EXAMPLES}/hand-record.hl", "--trick", "18", "--seat", "E",
                              "--samples", "40", "--seed", "3", "--workers", "1", "--no-color"), None),
    "bury-before-bury": (("bury", f"{EXAMPLES}/before-bury.hl", "--seed", "1", "--samples", "100",
                          "--workers", "1", "--no-color"), None),
    "bury-before-bury-known": (("bury", f"{EXAMPLES}/before-bury-known.hl", "--known", "--seed", "2",
                                "--samples", "60", "--workers", "1", "--no-color"), None),
    "play-two-deals": (("play", "--deals", "2", "--seed", "7", "--workers", "1"), None),
    "puzzle-check-tie": (("puzzle", "check", "puzzles/themes/tie"), None),
    "train-tie": (("train", "puzzles/themes/tie", "--count", "2", "--seed", "1", "--store", STORE,
                   "--no-color"), "SA\nS2\n\nq\n"),
}

SECONDS = re.compile(r"\b\d[\d,]*(\.\d+)? s\b")


def normalise(text: str, store: str) -> str:
    """The output with the seconds and the store's path masked."""
    return SECONDS.sub("<seconds>", text.replace(store, STORE))


def run(name: str, extra: tuple[str, ...] = (), env: dict[str, str] | None = None) -> str:
    """Standard output of the named command, run in-process from the repository's root, masked
    (``extra``: arguments added to it; ``env``: its environment's changes)."""
    from click.testing import CliRunner

    from huolong.cli.main import cli

    args, stdin = COMMANDS[name]
    with tempfile.TemporaryDirectory() as folder:
        store = str(Path(folder) / "trainer.json")
        result = CliRunner().invoke(cli, [store if a == STORE else a for a in (*args, *extra)], input=stdin, env=env)
        assert result.exit_code == 0, f"{name}: exit {result.exit_code}: {result.output}"
        return normalise(result.stdout, store)


if __name__ == "__main__":  # write the golden files, from the repository's root
    GOLDEN.mkdir(exist_ok=True)
    for name in sys.argv[1:] or COMMANDS:
        (GOLDEN / f"{name}.txt").write_text(run(name), encoding="utf-8")
        print(name)
