"""Shared pieces of the sweep benchmarks: the row format, timed sweeps and a Dask cluster."""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["DASK_TARGET", "local_cluster", "sweep_row", "timed_sweep"]

#: The least share of the local runner's throughput a Dask run must reach.
DASK_TARGET = 0.8


def sweep_row(
    name: str,
    workload: str,
    ours: list[float],
    baseline_name: str,
    baseline: list[float],
    target: str,
    met: bool | None,
    notes: list[str],
    checks: list[str],
) -> dict[str, Any]:
    """One row as a dict: the sweep format and the fields ``benchmarks/run.py`` reads."""
    ours_s = statistics.median(ours)
    base_s = statistics.median(baseline)
    return {
        # The row format of the brief: workload, ours_s, baseline_name, baseline_s, ratio.
        "workload": workload,
        "ours_s": ours_s,
        "baseline_name": baseline_name,
        "baseline_s": base_s,
        "ratio": ours_s / base_s,
        # What benchmarks/run.py reads.
        "name": name,
        "ours": {"runs": ours, "note": f"median of {len(ours)}"},
        "baselines": {baseline_name: {"runs": baseline}},
        "against": baseline_name,
        "target": target,
        "met": met,
        "notes": [f"check passed: {c}" for c in checks] + notes,
    }


def timed_sweep(spec: dict[str, Any], **kwargs: Any) -> tuple[float, Any]:
    """Run ``lightsout_graphs.interfaces.sweep.run(spec, ...)`` into a temporary folder: seconds and table.

    ``kwargs`` go to ``run`` (runner, workers, scheduler, ...); progress is off. The table is
    read back after the clock stops, and the folder removed.
    """
    from lightsout_graphs.interfaces.sweep import read_results, run

    out = Path(tempfile.mkdtemp(prefix="sweep-bench-"))
    try:
        start = time.perf_counter()
        run(spec, out / "res", progress=False, **kwargs)
        seconds = time.perf_counter() - start
        return seconds, read_results(out / "res")
    finally:
        shutil.rmtree(out, ignore_errors=True)


@contextmanager
def local_cluster() -> Iterator[tuple[Any, Any]]:
    """A Dask LocalCluster of 2 single-threaded worker processes and a client connected to it."""
    from distributed import Client, LocalCluster

    options = {"host": "127.0.0.1", "dashboard_address": None}
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, **options) as cluster,
        Client(cluster) as client,
    ):
        yield cluster, client
