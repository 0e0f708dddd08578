"""Writing files so that a crash or Ctrl-C never leaves half of one; the system's reasons in our words.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "new folder", "out.txt")
>>> write_atomically(path, "one\\n")
>>> open(path).read()
'one\\n'
"""

from __future__ import annotations

import errno
import os

from huolong.i18n import N_, _

#: The operating system's words for what goes wrong with a file, in our catalog.
OS_ERRORS = {errno.ENOENT: N_("No such file or directory"), errno.EACCES: N_("Permission denied"),
             errno.EPERM: N_("Permission denied"), errno.EISDIR: N_("Is a directory"),
             errno.ENOTDIR: N_("Not a directory"), errno.EEXIST: N_("File exists"),
             errno.ENOSPC: N_("No space left on device"), errno.EROFS: N_("Read-only file system")}


def os_reason(error: OSError) -> str:
    """Why a file could not be read or written, in the current language when we know the reason."""
    if error.errno in OS_ERRORS:
        return _(OS_ERRORS[error.errno])
    return error.strerror or str(error)


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` by ``text`` in one step: a reader sees the old file or the new, never half.

    The text goes to a temporary file beside the target, flushed to disk,
    then renamed over it (a rename within a directory is atomic). A missing
    folder is created first, so that work done is never lost to it.
    """
    name = os.fspath(path)
    folder = os.path.dirname(name)
    if folder:
        os.makedirs(folder, exist_ok=True)
    tmp = f"{name}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, name)
    except OSError as e:  # said of the file being written, not of its temporary twin
        raise type(e)(e.errno, e.strerror, name) from None
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
