"""Runners: local pool, serial and Dask give one table; killed runs resume; values are right."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep import read_results, run
from lightsout_graphs.interfaces.sweep.runners import find_geng
from lightsout_graphs.representation.grids import nullity_table
from tests.interfaces.sweep.examples import run_examples

FAMILY = {
    "family": "grid",
    "params": {"m": "1..6", "n": "1..5"},
    "moduli": [2, 3, 6],
    "rules": ["closed", "open"],
    "metrics": ["rank", "nullity", "kernel_size", "all_solvable", "all_on_solvable"],
    "chunk_size": 4,
}
STREAM = {"geng": "6", "metrics": ["n", "edges", "nullity", "all_on_solvable"], "chunk_size": 30}


def test_local_pool_and_serial_runs_give_identical_tables(tmp_path: Path) -> None:
    pooled = read_results(run(FAMILY, tmp_path / "a", workers=2, progress=False))
    serial = read_results(run(FAMILY, tmp_path / "b", workers=1, progress=False))
    pd.testing.assert_frame_equal(pooled, serial)
    assert len(pooled) == 6 * 5 * 3 * 2


def test_dask_cluster_gives_the_same_tables(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # not 8787
    ) as cluster:
        for name, spec in (("family", FAMILY), ("stream", STREAM)):
            dask_out = run(spec, tmp_path / f"dask-{name}", scheduler=cluster.scheduler_address)
            local_out = run(spec, tmp_path / f"local-{name}", workers=1, progress=False)
            pd.testing.assert_frame_equal(read_results(dask_out), read_results(local_out))


def test_bad_runner_arguments(tmp_path: Path) -> None:
    with pytest.raises(SweepSpecError, match="'runner' must be one of"):
        run(FAMILY, tmp_path, runner="slurm")
    with pytest.raises(SweepSpecError, match="not both"):
        run(FAMILY, tmp_path, scheduler="tcp://127.0.0.1:1", dask_local=2)
    with pytest.raises(SweepSpecError, match=r"'workers' must be an int in 1\.\.1024"):
        run(FAMILY, tmp_path, workers=0)


def test_values_agree_with_the_fast_grid_nullity_tables(tmp_path: Path) -> None:
    spec = {
        "family": "grid",
        "params": {"m": "1..12", "n": "1..12"},
        "moduli": [2, 3],
        "rules": ["closed", "open"],
        "metrics": ["nullity", "kernel_size", "all_solvable"],
        "chunk_size": 48,
    }
    table = read_results(run(spec, tmp_path / "grid", workers=2, progress=False))
    for (k, rule), part in table.groupby(["modulus", "rule"]):
        expected = nullity_table(12, modulus=int(k), rule=str(rule))
        got = np.zeros((12, 12), dtype=np.int64)
        got[part.m - 1, part.n - 1] = part.nullity
        np.testing.assert_array_equal(got, expected)
        assert [int(s) for s in part.kernel_size] == [int(k) ** int(x) for x in part.nullity]
        assert (part.all_solvable == (part.nullity == 0)).all()


def test_every_graph_on_six_vertices_agrees_with_analyze(tmp_path: Path) -> None:
    table = read_results(run(STREAM, tmp_path / "six", workers=2, progress=False))
    assert len(table) == 156  # graphs on 6 vertices up to isomorphism
    assert table.graph6.is_unique
    for row in table.sample(25, random_state=1).itertuples():
        g = nx.from_graph6_bytes(row.graph6.encode())
        puzzle = lo.Puzzle(g)
        assert row.nullity == lo.analyze(puzzle).nullity
        assert row.edges == g.number_of_edges()
        assert row.all_on_solvable == lo.is_solvable(puzzle, 0, target=1)
    # Every graph is all-on solvable under the closed rule (Sutner's theorem).
    assert table.all_on_solvable.all()


def test_progress_callback_counts_chunks(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    run(FAMILY, tmp_path / "p", workers=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 8)
    assert seen[-1] == (8, 8)
    again: list[tuple[int, int]] = []
    run(FAMILY, tmp_path / "p", workers=1, progress=lambda d, t: again.append((d, t)))
    assert again == [(8, 8)]  # everything was already done


KILL_SPEC = {
    "geng": "5",
    "metrics": ["nullity", "kernel_size", "lightest_quiet_pattern", "min_presses_all_on"],
    "rules": ["closed", "open"],
    "chunk_size": 2,
}


def test_killed_run_resumes_to_the_same_table(tmp_path: Path) -> None:
    find_geng()
    out = tmp_path / "killed"
    # A pause after each chunk (in the progress callback) keeps the run going for seconds
    # on any machine, so the kill lands in the middle of it: in a chunk's computation, its
    # write, its ledger line or its rename, wherever; the resume must not care.
    code = (
        "import sys, time; from lightsout_graphs.interfaces.sweep import run; "
        f"run({KILL_SPEC!r}, sys.argv[1], workers=1, progress=lambda d, t: time.sleep(0.1))"
    )
    proc = subprocess.Popen([sys.executable, "-c", code, str(out)])
    try:
        deadline = time.monotonic() + 600  # a hang guard only
        while len(list(out.glob("chunk-*.parquet"))) < 3:
            assert proc.poll() is None, "the sweep ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    survivors = {p.name: p.stat().st_mtime_ns for p in out.glob("chunk-*.parquet")}
    total = 32  # geng parts of about 2 graphs (some none): 34 graphs on 5 vertices
    assert 3 <= len(survivors) <= total
    partial = read_results(out)
    stored = sum(pq.ParquetFile(out / name).metadata.num_rows for name in survivors)
    assert len(partial) == stored

    run(KILL_SPEC, out, workers=2, progress=False)
    for name, stamp in survivors.items():  # finished chunks were skipped, not redone
        assert (out / name).stat().st_mtime_ns == stamp
    resumed = read_results(out)
    fresh = read_results(run(KILL_SPEC, tmp_path / "fresh", workers=2, progress=False))
    assert len(resumed) == 2 * 34
    assert not resumed.duplicated(["graph6", "rule"]).any()
    pd.testing.assert_frame_equal(resumed, fresh)


def test_progress_is_lines_off_a_terminal_and_a_bar_with_time_left_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(FAMILY, tmp_path / "auto", workers=1)  # progress=None: stderr is not a terminal here
    lines = capsys.readouterr().err.splitlines()
    # The first finished chunk, then at most one line every 30 s, and always the last one.
    assert lines[0].startswith("sweep: 1/8 chunks done (12%)")
    assert lines[-1].startswith("sweep: 8/8 chunks done (100%)")
    assert all(line.startswith("sweep: ") and "\r" not in line for line in lines)
    run(FAMILY, tmp_path / "forced", workers=1, progress=True)
    err = capsys.readouterr().err
    assert "8/8" in err
    assert "chunk" in err
    assert "<" in err  # tqdm's "elapsed<remaining"


def test_a_long_chunk_still_gives_progress_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lightsout_graphs.interfaces.sweep import metric, runners

    monkeypatch.setattr(runners, "PROGRESS_INTERVAL", 0.05)

    @metric("int64")
    def slow(puzzle: object) -> int:
        time.sleep(0.25)  # five progress intervals
        return 1

    spec = {"family": "path", "params": {"n": "2..3"}, "metrics": [slow], "chunk_size": 1}
    run(spec, tmp_path / "out", workers=2)
    lines = capsys.readouterr().err.splitlines()
    # No chunk finished for a while: a line says the sweep is alive, then each finished chunk.
    assert any(line.startswith("sweep: 0/2 chunks done (0%)") for line in lines)
    assert lines[-1].startswith("sweep: 2/2 chunks done (100%)")


def test_a_chunk_s_keys_are_its_items_or_its_geng_part() -> None:
    from lightsout_graphs.interfaces.sweep.runners import chunk_keys
    from lightsout_graphs.interfaces.sweep.work import Chunk

    assert chunk_keys(Chunk(0, 10, 20)) == (10, 20)
    assert chunk_keys(Chunk(3, 0, 0, part=(3, 8))) == (3, 8)


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "plan_chunks": """
>>> spec = load_spec(
...     {
...         "family": "grid",
...         "params": {"m": "1..5", "n": 2},
...         "metrics": ["edges"],
...         "chunk_size": 2,
...     }
... )
>>> total, chunks = plan_chunks(spec)
>>> total, [(c.start, c.stop) for c in chunks]
(3, [(0, 2), (2, 4), (4, 5)])
""",
    "LineProgress": """
>>> import io
>>> out, now = io.StringIO(), [0.0]
>>> tell = LineProgress(4, 0, out, interval=30, clock=lambda: now[0])
>>> for t in (0.0, 10.0, 40.0, 40.0):  # seconds at which chunks finish
...     now[0] = t
...     tell(1)
>>> print(out.getvalue(), end="")
sweep: 1/4 chunks done (25%), 0s elapsed
sweep: 3/4 chunks done (75%), 40s elapsed, about 13s left
sweep: 4/4 chunks done (100%), 40s elapsed
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.runners", name, EXAMPLES[name])
