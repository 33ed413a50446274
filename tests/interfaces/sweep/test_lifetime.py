"""Sweep workers die with their sweep: SIGKILL leaves no orphan, SIGTERM ends cleanly (143)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pandas as pd
import pytest

from lightsout_graphs.interfaces.sweep import read_results, run
from lightsout_graphs.interfaces.sweep.lifetime import die_with_parent
from tests.interfaces.sweep.examples import run_examples
from tests.interfaces.sweep.procs import alive, start_and_stop, wait_gone

# 312 rows in 63 small chunks: the run is stopped after two of them, long before its end, and
# the resumed and fresh runs that follow stay cheap.
SPEC = """[sweep]
geng = "6"
metrics = ["nullity", "lightest_quiet_pattern"]
rules = ["closed", "open"]
chunk_size = 5
"""
SWEEP = [sys.executable, "-m", "lightsout_graphs", "-q", "sweep"]


def spec_file(tmp_path: Path) -> Path:
    path = tmp_path / "slow.toml"
    path.write_text(SPEC)
    return path


@pytest.mark.parametrize("runner", [["--workers", "2"], ["--dask-local", "2"]])
def test_sigkill_of_the_main_process_leaves_no_orphan(tmp_path: Path, runner: list[str]) -> None:
    out = tmp_path / "killed"
    argv = [*SWEEP, str(spec_file(tmp_path)), "--out", str(out), *runner]
    code, seen = start_and_stop(argv, out, signal.SIGKILL, 2, "chunk-*.parquet")
    assert code == -signal.SIGKILL
    assert seen, "no worker process was seen"
    assert wait_gone(seen) == set()
    kept = {p.name: p.stat().st_mtime_ns for p in out.glob("chunk-*.parquet")}
    resumed = read_results(run(spec_file(tmp_path), out, workers=2, progress=False))
    for name, stamp in kept.items():
        assert (out / name).stat().st_mtime_ns == stamp
    fresh = read_results(run(spec_file(tmp_path), tmp_path / "fresh", workers=1, progress=False))
    pd.testing.assert_frame_equal(resumed, fresh)


@pytest.mark.parametrize("runner", [["--workers", "2"], ["--dask-local", "2"]])
def test_sigterm_ends_the_sweep_cleanly_with_exit_143(tmp_path: Path, runner: list[str]) -> None:
    out = tmp_path / "termed"
    argv = [*SWEEP, str(spec_file(tmp_path)), "--out", str(out), *runner]
    code, seen = start_and_stop(argv, out, signal.SIGTERM, 2, "chunk-*.parquet")
    assert code == 143
    assert wait_gone(seen) == set()
    assert not list(out.glob("_tmp-*"))
    assert len(list(out.glob("chunk-*.parquet"))) >= 2


def test_die_with_parent_in_a_child(tmp_path: Path) -> None:
    """A grandchild armed with die_with_parent dies when its parent is killed."""
    import subprocess
    import time

    code = (
        "import os, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', "
        "'import os, time; from lightsout_graphs.interfaces.sweep.lifetime import die_with_parent; "
        "die_with_parent(); print(os.getpid(), flush=True); time.sleep(60)'], stdout=sys.stdout)\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    grandchild = int(parent.stdout.readline())
    assert alive(grandchild)
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    assert wait_gone({grandchild}, 5) == set()
    die_with_parent(os.getppid())  # harmless in the test process itself
    time.sleep(0)


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "die_with_parent": """
>>> die_with_parent()  # in a worker's initializer; harmless in any process
""",
    "child_preexec": """
>>> import subprocess, sys
>>> subprocess.run([sys.executable, "-c", "pass"], preexec_fn=child_preexec).returncode
0
""",
    "child_starter": """
>>> import subprocess
>>> argv, preexec = child_starter(["echo", "hi"])
>>> argv[-2:], subprocess.run(argv, preexec_fn=preexec, capture_output=True).stdout.split()
(['echo', 'hi'], [b'hi'])
""",
    "terminate_on_sigterm": """
>>> with terminate_on_sigterm():
...     pass
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.lifetime", name, EXAMPLES[name])
