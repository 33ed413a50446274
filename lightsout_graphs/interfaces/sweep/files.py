"""Result files that a crash never leaves half written, and the lock of a result folder.

Files are written aside, synced and renamed (:func:`atomic_write`); a folder is held by one run
at a time through :class:`FolderLock`.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import time
from pathlib import Path
from typing import IO, Any

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.lifetime import _alive

__all__ = ["ORPHAN_SECONDS", "RUN_TAG"]

#: Marks the temporary files of this process, so two runs on one folder never share one.
RUN_TAG = f"{os.getpid()}-{secrets.token_hex(4)}"


def json_kind(data: object) -> str:
    """What a parsed JSON value is, in JSON's words ('an array'), for messages on damaged files."""
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, int | float):
        return "a number"
    if isinstance(data, str):
        return "a string"
    return "an array" if isinstance(data, list) else "an object"


def shape_problem(data: object, required: str, kinds: dict[str, type]) -> str:
    """What makes ``data`` no manifest: not an object, no ``required`` object, a key of another kind.

    '' when it has the shape.
    """
    if not isinstance(data, dict):
        return f"it holds {json_kind(data)}, not an object"
    if not isinstance(data.get(required), dict):
        return f"it has no {required!r} object"
    for key, kind in kinds.items():
        if key in data and not isinstance(data[key], kind):
            return f"its {key!r} should be a {kind.__name__}"
    return ""


class _Folder:
    """A result folder held by one run: created, locked, then :meth:`_open` ed (see subclasses)."""

    def __init__(self, out: str | os.PathLike[str], lock: str, what: str) -> None:
        self.path = Path(out)
        if self.path.exists() and not self.path.is_dir():
            msg = f"Argument 'out' is {str(self.path)!r}, which is a file, not a folder."
            raise SweepSpecError(msg)
        self.path.mkdir(parents=True, exist_ok=True)
        self._lock = FolderLock(self.path / lock, what)
        try:
            self._open()
        except BaseException:
            self._lock.release()
            raise

    def _open(self) -> None:
        raise NotImplementedError

    def _old_manifest(self, name: str, problem: Any, overwrite: bool, how: str) -> Any:
        """The manifest ``name`` stored in the folder: None if none, {} if damaged and overwritten.

        ``problem(data)`` says what makes it damaged; ``how`` says how to overwrite.
        """
        path = self.path / name
        if not path.exists():
            return None
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
            why = problem(old)
        except (OSError, ValueError) as exc:
            why = f"unreadable: {exc}"
        if why and not overwrite:
            msg = (
                f"Result folder {str(self.path)!r} has a damaged {name} ({why}); "
                f"use another folder or {how} to discard it."
            )
            raise SweepSpecError(msg)
        return {} if why else old


def atomic_write(path: Path, data: bytes, tag: str = RUN_TAG) -> None:
    """Write ``data`` to ``path`` at once: readers see the old file or the new one, not a part.

    The bytes go to ``_tmp-NAME.TAG`` beside ``path``, are synced and renamed over ``path``.
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


#: Seconds a new run waits for the workers of a killed run, which still share its lock.
ORPHAN_SECONDS = 10.0


class FolderLock:
    """The lock of a result folder: one run at a time, a dead run's lock taken over.

    The lock is an ``flock`` on the file ``path``, which holds the pid of the run holding it.
    The kernel drops the ``flock`` when its process dies, however it dies; a lock file left by
    a killed run is therefore free, and the next run takes it over and says so on stderr. The
    workers a run forks share its ``flock`` and die a moment after it: while the pid in the file
    is dead, a new run waits up to :data:`ORPHAN_SECONDS` for them. A
    clean :meth:`release` removes the file, so a finished folder holds no lock file. Another
    live holder: :class:`~lightsout_graphs.core.errors.SweepSpecError` "in use by another run";
    ``what`` ("sweep", "census") names what the folder holds.
    """

    def __init__(self, path: Path, what: str) -> None:
        import fcntl

        self.path = path
        orphans_until = time.monotonic() + ORPHAN_SECONDS
        races = 0  # the file can be removed by its holder between open and flock
        while True:
            fh = open(path, "a+", encoding="ascii")  # noqa: SIM115 - held until release()
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                fh.seek(0)
                holder = fh.read().strip()[:20]
                fh.close()
                dead = holder.isdigit() and not _alive(int(holder))
                if dead and time.monotonic() < orphans_until:
                    # The run is dead and its forked workers, which share the flock, dying.
                    time.sleep(0.05)
                    continue
                who = f" (process {holder})" if holder.isdigit() else ""
                msg = (
                    f"Result folder {str(path.parent)!r} is in use by another run{who} of a "
                    f"{what}; wait for it to end or use another folder."
                )
                raise SweepSpecError(msg) from exc
            try:
                same = os.fstat(fh.fileno()).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            fh.close()
            races += 1
            if races >= 100:  # pragma: no cover - another process creates and removes it
                msg = f"Result folder {str(path.parent)!r}: cannot take its lock {path.name}."
                raise SweepSpecError(msg)
        fh.seek(0)
        old = fh.read().strip()[:20]
        if old and old != str(os.getpid()):
            gone = old.isdigit() and not _alive(int(old))
            print(
                f"lightsout: {what} folder {str(path.parent)!r}: taking over the lock of "
                f"process {old}, which {'no longer runs' if gone else 'no longer holds it'}",
                file=sys.stderr,
            )
        fh.seek(0)
        fh.truncate()
        fh.write(str(os.getpid()))
        fh.flush()
        self._fh: IO[str] | None = fh

    def release(self) -> None:
        """Remove the lock file and end the lock (the run is over); a second call does nothing."""
        if self._fh is None:
            return
        # Removed while still held: a run waiting on this file sees it gone and starts over.
        self.path.unlink(missing_ok=True)
        self._fh.close()
        self._fh = None
