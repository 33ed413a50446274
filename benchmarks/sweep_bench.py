"""Sweep throughput: grid families, every graph on 8 to 10 vertices, locally and on Dask.

Usage::

    python benchmarks/sweep_bench.py            # everything (a few minutes)
    python benchmarks/sweep_bench.py --quick    # small sizes only (under a minute)

Family sweeps (each column to its fastest engine, against the per-board path in the same run):

- ``sweep-readme-grids``: the README's example, grids 1..40 × 1..40, moduli 2 and 3, both rules,
  ``nullity``, ``kernel_size``, ``all_solvable``, ``all_on_solvable``; target under 3 s.
- ``sweep-grids-500``: grids 1..500 × 1..500 over moduli 2 and 3, both rules, ``nullity`` and
  ``all_solvable``; target under 60 s.
- ``sweep-own-family``: a small sweep of a family of your own (a Python callable, cycles on
  3..12 nodes), run again, against the same run reading the installed distributions again (as
  every run did before they were kept); target at least 3× faster, same table.

Census (``lightsout census``; counts only, no per-graph rows):

- ``census-geng10c-local``: every connected graph on 10 vertices (11,716,571), against geng
  alone writing them to /dev/null in the same run; targets under 30 s and at most 2× geng.
- ``census-geng10c-dask``: the same on a Dask LocalCluster of 2 workers, against the local run;
  target at least 0.8× its throughput.

Per-graph sweep rows (``geng = "8"``/``"9"``, the original rows below):

Workloads (the graphs come from nauty's geng, as a sweep spec ``geng = "8"`` asks):

- ``sweep-geng8-local``: every graph on 8 vertices (12,346) with the local runner on every
  core, against the plain per-graph loop a user would write
  (``lo.analyze(lo.Puzzle(nx.from_graph6_bytes(line)))``).
- ``sweep-geng9-local``: every graph on 9 vertices (274,668); target under 60 s on 2 cores.
  The baseline loop is timed on a sample and scaled (noted in the row).
- ``sweep-geng{8,9}-dask``: the same sweep on a Dask LocalCluster of 2 single-threaded worker
  processes, against the local runner measured in the same run; target at least 0.8× its
  throughput. The cluster is started (and its workers have imported the package) before the
  clock starts; the cold time, start-up included, is given in the notes.

Every row checks its answer: the row count, no duplicates, nullities equal to ``lo.analyze``
on a sample, and the Dask table equal to the local one.

The family sweeps live in ``benchmarks/sweep_families.py``; the row format, timed sweeps and
the Dask cluster all rows share in ``benchmarks/sweep_parts.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.sweep_families import family_rows
from benchmarks.sweep_parts import DASK_TARGET, local_cluster, sweep_row, timed_sweep

__all__ = ["run"]

COUNTS = {8: 12_346, 9: 274_668}
GENG9_TARGET_S = 60.0


def _spec(n: int) -> dict[str, Any]:
    return {"geng": str(n), "metrics": ["nullity"]}


def _timed_sweep(n: int, reps: int, **kwargs: Any) -> tuple[list[float], Any]:
    times = []
    table = None
    for _ in range(reps):
        seconds, table = timed_sweep(_spec(n), **kwargs)
        times.append(seconds)
    return times, table


def _naive_seconds(lines: list[bytes], sample: int) -> tuple[float, int]:
    """Seconds of the plain per-graph loop over ``sample`` lines, scaled to all lines."""
    import networkx as nx

    import lightsout_graphs as lo

    chosen = lines if len(lines) <= sample else random.Random(7).sample(lines, sample)
    start = time.perf_counter()
    for line in chosen:
        lo.analyze(lo.Puzzle(nx.from_graph6_bytes(line))).nullity  # noqa: B018
    elapsed = time.perf_counter() - start
    return elapsed * len(lines) / len(chosen), len(chosen)


def _check(table: Any, n: int) -> list[str]:
    import networkx as nx

    import lightsout_graphs as lo

    assert len(table) == COUNTS[n], f"{len(table)} rows, expected {COUNTS[n]}"
    assert table.graph6.is_unique, "duplicate graphs"
    for row in table.sample(200, random_state=3).itertuples():
        g = nx.from_graph6_bytes(row.graph6.encode())
        assert row.nullity == lo.analyze(lo.Puzzle(g)).nullity, row.graph6
    share = float((table.nullity == 0).mean())
    return [
        f"{len(table):,} rows, one per graph on {n} vertices, no duplicates",
        f"nullity equals lo.analyze on 200 sampled graphs; {share:.4f} of them are invertible",
    ]


def _geng_lines(n: int) -> list[bytes]:
    import subprocess

    from lightsout_graphs.interfaces.sweep.runners import find_geng

    out = subprocess.run([find_geng(), "-q", str(n)], capture_output=True, check=True).stdout
    return out.split()


def _local_rows(n: int, reps: int, sample: int) -> tuple[list[dict[str, Any]], list[float], Any]:
    workers = os.cpu_count() or 1
    times, table = _timed_sweep(n, reps, runner="local")
    checks = _check(table, n)
    naive_s, used = _naive_seconds(_geng_lines(n), sample)
    rate = COUNTS[n] / statistics.median(times)
    notes = [
        f"local runner, {workers} processes; {rate:,.0f} graphs/s",
        "baseline: lo.analyze(lo.Puzzle(nx.from_graph6_bytes(line))) in one process, "
        + ("every graph" if used == COUNTS[n] else f"timed on {used:,} graphs and scaled"),
    ]
    if n == 9:
        within = statistics.median(times) < GENG9_TARGET_S
        notes.append(
            f"target: under {GENG9_TARGET_S:.0f} s on 2 cores: {'met' if within else 'MISSED'}"
        )
        target = f"< {GENG9_TARGET_S:.0f} s (and faster than the loop)"
        met = within and statistics.median(times) < naive_s
    else:
        target = "seconds, faster than the loop"
        met = statistics.median(times) < naive_s
    row = sweep_row(
        f"sweep-geng{n}-local",
        f"GF(2) nullity of all {COUNTS[n]:,} graphs on {n} vertices (geng), local runner",
        times,
        "per-graph analyze loop",
        [naive_s],
        target,
        met,
        notes,
        checks,
    )
    return [row], times, table


def _dask_row(n: int, reps: int, local_times: list[float], local_table: Any) -> dict[str, Any]:
    import pandas as pd

    cold_start = time.perf_counter()
    with local_cluster() as (cluster, client):
        client.run(lambda: __import__("lightsout_graphs.interfaces.sweep.work"))
        ready = time.perf_counter() - cold_start
        times, table = _timed_sweep(n, reps, scheduler=cluster.scheduler_address)
    pd.testing.assert_frame_equal(table, local_table)
    local_s = statistics.median(local_times)
    dask_s = statistics.median(times)
    share = local_s / dask_s
    notes: list[str] = []
    if n == 9:
        target, met = f">= {DASK_TARGET}× the local runner's throughput", share >= DASK_TARGET
    else:
        # A whole run lasts a fraction of a second here: the ratio shows per-run costs and
        # machine noise, not the chunking, so the target is judged on 9 vertices only.
        target, met = "informative (the target is judged on 9 vertices)", None
        notes.append("sub-second runs: the ratio mostly measures noise and per-run costs")
    return sweep_row(
        f"sweep-geng{n}-dask",
        f"the geng {n} sweep on a Dask LocalCluster of 2 worker processes",
        times,
        "local runner",
        local_times,
        target,
        met,
        [
            f"throughput {share:.2f}× the local runner's ({COUNTS[n] / dask_s:,.0f} graphs/s)",
            f"cluster start-up and worker imports, not timed: {ready:.1f} s",
            *notes,
        ],
        ["the Dask table equals the local table row for row"],
    )


def _geng_seconds(n: int, connected: bool) -> float:
    import subprocess

    from lightsout_graphs.interfaces.sweep.runners import find_geng

    argv = [find_geng(), "-q", *(["-c"] if connected else []), str(n)]
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def _census_rows(quick: bool) -> list[dict[str, Any]]:
    import pandas as pd

    from lightsout_graphs.interfaces.sweep.census import CONNECTED_GRAPHS, run_census

    n = 9 if quick else 10
    count = CONNECTED_GRAPHS[n]

    def once(**kwargs: Any) -> tuple[float, Any]:
        out = Path(tempfile.mkdtemp(prefix="census-bench-"))
        try:
            start = time.perf_counter()
            table = run_census(n, out / "c", min_n=n, connected_only=True, **kwargs)
            return time.perf_counter() - start, table
        finally:
            shutil.rmtree(out, ignore_errors=True)

    once(workers=1)  # compiled kernels cached, geng warm
    local: list[float] = []
    geng: list[float] = []
    for _ in range(3):  # alternated, so load changes hit both alike
        geng.append(_geng_seconds(n, True))
        seconds, local_table = once()
        local.append(seconds)
    unique = int(
        local_table[(local_table.rule == "closed") & (local_table.nullity == 0)].connected.sum()
    )
    ours = statistics.median(local)
    rows = [
        sweep_row(
            f"census-geng{n}c-local",
            f"every connected graph on {n} vertices ({count:,}), GF(2), both rules (census)",
            local,
            "geng alone (writing to /dev/null)",
            geng,
            "< 30 s and <= 2x geng" if not quick else "informative (judged at 10 vertices)",
            None if quick else (ours < 30.0 and ours <= 2 * statistics.median(geng)),
            [
                (
                    f"{count / ours:,.0f} graphs/s on every core; geng split into res/mod parts, "
                    "one geng per worker"
                ),
                f"connected graphs with a unique solution (A334443): {unique:,}",
            ],
            ["totals equal OEIS A001349 (the census checks them)"],
        )
    ]
    try:
        import distributed  # noqa: F401
    except ImportError:  # pragma: no cover
        return rows
    with local_cluster() as (cluster, _):
        address = cluster.scheduler_address
        once(scheduler=address)  # workers warm: kernels compiled, imports done
        dask = [once(scheduler=address) for _ in range(2)]
    pd.testing.assert_frame_equal(dask[0][1], local_table)
    dask_s = [d[0] for d in dask]
    share = ours / statistics.median(dask_s)
    rows.append(
        sweep_row(
            f"census-geng{n}c-dask",
            "the same census on a Dask LocalCluster of 2 worker processes",
            dask_s,
            "local census",
            local,
            f">= {DASK_TARGET}x the local throughput",
            share >= DASK_TARGET,
            [
                (
                    f"throughput {share:.2f}x the local run's; a LocalCluster started (and warmed) "
                    "before the clock starts, as `lightsout census --scheduler ADDR` uses it"
                ),
            ],
            ["the Dask summary equals the local summary"],
        )
    )
    return rows


def run(quick: bool) -> list[dict[str, Any]]:
    """Measure the sweep workloads and return one dict per row.

    Parameters
    ----------
    quick : bool
        Small sizes only.

    Returns
    -------
    list of dict
        Each with ``workload``, ``ours_s``, ``baseline_name``, ``baseline_s`` and ``ratio``
        (ours / baseline), plus the fields ``benchmarks/run.py`` reads.
    """
    rows: list[dict[str, Any]] = family_rows(quick) + _census_rows(quick)
    sizes = [8] if quick else [8, 9]
    for n in sizes:
        reps = 5 if n == 8 else 2
        local_rows, local_times, local_table = _local_rows(n, reps, sample=2000)
        rows += local_rows
        rows.append(_dask_row(n, reps, local_times, local_table))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks alone and print their rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    rows = run(args.quick)
    print(f"{'workload':<20} {'ours':>9} {'baseline':>26} {'ratio':>7}  met")
    for r in rows:
        base = f"{r['baseline_name']} {r['baseline_s']:.2f} s"
        met = {True: "yes", False: "NO", None: "-"}[r["met"]]
        print(f"{r['name']:<20} {r['ours_s']:>7.2f} s {base:>26} {r['ratio']:>7.3f}  {met}")
    for r in rows:
        print(f"\n{r['name']}: {r['workload']}")
        for line in r["notes"]:
            print(f"    note: {line}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
