"""Atomic writes of result files: readers see the old file or the new one, never a part."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lightsout_graphs.sweep.files import atomic_write


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
