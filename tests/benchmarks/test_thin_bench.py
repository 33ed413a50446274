"""The thin-board benchmark is registered, and its timing helper checks the answers."""

from __future__ import annotations

import lightsout_graphs as lo
from benchmarks import thin_bench
from benchmarks.run import workloads


def test_thin_workloads_are_registered() -> None:
    names = workloads()
    for name in thin_bench.WORKLOADS:
        assert name in names


def test_the_timing_replays_the_presses() -> None:
    timing = thin_bench._solve_timing(lambda: lo.torus(400, 3), 2)
    assert len(timing.runs) == 2 and min(timing.runs) > 0
    (row,) = thin_bench.lattice_symmetries(quick=True)
    assert row.ours is not None and row.checks
