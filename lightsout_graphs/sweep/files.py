"""Writing result files so that a crash never leaves half a file: write aside, sync, rename."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

__all__ = ["RUN_TAG", "atomic_write"]

#: Marks the temporary files of this process, so two runs on one folder never share one.
RUN_TAG = f"{os.getpid()}-{secrets.token_hex(4)}"


def atomic_write(path: Path, data: bytes, tag: str = RUN_TAG) -> None:
    """Write ``data`` to ``path`` at once: readers see the old file or the new one, not a part.

    The bytes go to ``_tmp-NAME.TAG`` beside ``path``, are synced to disk, and the file is
    renamed over ``path``; the temporary file is removed if anything fails.

    Parameters
    ----------
    path : Path
        The file to write.
    data : bytes
        Its new content.
    tag : str, optional
        Marks the temporary file (default: one tag per process).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> atomic_write(folder / "a.json", b"{}")
    >>> (folder / "a.json").read_bytes(), sorted(p.name for p in folder.iterdir())
    (b'{}', ['a.json'])
    """
    tmp = path.with_name(f"_tmp-{path.name}.{tag}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
