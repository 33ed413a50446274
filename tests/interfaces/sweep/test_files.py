"""Atomic writes of result files (the old file or the new one, never a part); folder locks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.files import FolderLock, atomic_write


def test_writes_replace_whole_files_and_leave_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "part.json"
    atomic_write(target, b"first")
    atomic_write(target, b"second, longer", tag="run-1")
    assert target.read_bytes() == b"second, longer"
    assert [p.name for p in tmp_path.iterdir()] == ["part.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "part.json"
    atomic_write(target, b"old")

    def fail(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        atomic_write(target, b"new")
    assert target.read_bytes() == b"old"


def test_a_folder_lock_refuses_a_second_holder_and_leaves_no_file(tmp_path: Path) -> None:
    lock = FolderLock(tmp_path / "_x.lock", "sweep")
    assert (tmp_path / "_x.lock").read_text() == str(os.getpid())
    with pytest.raises(SweepSpecError, match=rf"in use by another run \(process {os.getpid()}\)"):
        FolderLock(tmp_path / "_x.lock", "sweep")
    lock.release()
    assert list(tmp_path.iterdir()) == []
    FolderLock(tmp_path / "_x.lock", "census").release()  # free again


def test_a_lock_held_by_another_process_is_refused(tmp_path: Path) -> None:
    code = (
        "import sys, time; from pathlib import Path; "
        "from lightsout_graphs.interfaces.sweep.files import FolderLock; "
        "lock = FolderLock(Path(sys.argv[1]), 'sweep'); print('held', flush=True); time.sleep(120)"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path / "_x.lock")], stdout=subprocess.PIPE
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"held\n"
        with pytest.raises(SweepSpecError, match=rf"another run \(process {proc.pid}\)"):
            FolderLock(tmp_path / "_x.lock", "sweep")
    finally:
        proc.kill()
        proc.wait()
    # Killed: the kernel dropped its lock; the file it left names a process that is gone.
    lock = FolderLock(tmp_path / "_x.lock", "sweep")
    lock.release()


def test_a_stale_lock_is_taken_over_and_said_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / "_x.lock").write_text(str(dead.pid))
    lock = FolderLock(tmp_path / "_x.lock", "census")
    err = capsys.readouterr().err
    assert f"taking over the lock of process {dead.pid}, which no longer runs" in err
    assert (tmp_path / "_x.lock").read_text() == str(os.getpid())
    lock.release()
    lock.release()  # a second release does nothing
    assert not (tmp_path / "_x.lock").exists()


def test_the_lock_of_a_killed_run_waits_for_its_dying_workers(tmp_path: Path) -> None:
    # A run forks its workers after taking the lock, so they share the flock. Killed, the run
    # is gone at once but a worker may live a moment longer: the next run waits for it
    # (up to ORPHAN_SECONDS) instead of calling the folder "in use".
    code = (
        "import os, sys, time; from pathlib import Path; "
        "from lightsout_graphs.interfaces.sweep.files import FolderLock; "
        "lock = FolderLock(Path(sys.argv[1]), 'sweep'); "
        "child = os.fork()\n"
        "if child == 0:\n"
        "    time.sleep(1.5); os._exit(0)\n"
        "print(child, flush=True); time.sleep(120)"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path / "_x.lock")], stdout=subprocess.PIPE
    )
    assert proc.stdout is not None
    worker = int(proc.stdout.readline())
    proc.kill()
    proc.wait()
    if not running(worker):  # pragma: no cover - a very slow machine
        pytest.skip("the worker ended before the test could look")
    lock = FolderLock(tmp_path / "_x.lock", "sweep")
    assert not running(worker)  # taken only once the worker was gone
    lock.release()


def running(pid: int) -> bool:
    """Whether a process runs (a zombie, ended but not yet reaped, does not)."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.parent.parent.joinpath("self").exists():  # pragma: no cover - no /proc
        pytest.skip("needs /proc to tell a zombie from a running process")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] not in {"Z", "X"}
    except FileNotFoundError:
        return False
