"""Writing files so that a crash or Ctrl-C never leaves half of one.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
>>> write_atomically(path, "one\\n")
>>> open(path).read()
'one\\n'
"""

from __future__ import annotations

import os


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` by ``text`` in one step: a reader sees the old file or the new, never half.

    The text goes to a temporary file beside the target, flushed to disk,
    then renamed over it (a rename within a directory is atomic).
    """
    name = os.fspath(path)
    tmp = f"{name}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, name)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
