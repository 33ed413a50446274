"""Process helpers for tests that kill sweeps: descendants, liveness, start-and-signal."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.add(c)
            todo.append(c)
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_and_stop(
    argv: list[str], out: Path, sig: int, min_parts: int, pattern: str = "parts/n*.json"
) -> tuple[int, set[int]]:
    """Start a command, wait for ``min_parts`` files ``out/pattern``, send ``sig`` to its pid.

    Returns its exit code and every process seen below it meanwhile.
    """
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 600  # a hang guard only
        while len(list(out.glob(pattern))) < min_parts:
            assert proc.poll() is None, "the census ended before it could be stopped"
            assert time.monotonic() < deadline
            seen |= descendants(proc.pid)
            time.sleep(0.02)
        seen |= descendants(proc.pid)
        os.kill(proc.pid, sig)
    finally:
        code = proc.wait()
    return code, seen


def wait_gone(pids: set[int], seconds: float = 60.0) -> set[int]:
    deadline = time.monotonic() + seconds
    left = {p for p in pids if alive(p)}
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = {p for p in left if alive(p)}
    return left
