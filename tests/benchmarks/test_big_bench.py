"""The big-board benchmark is registered and its measuring script works (at a tiny size)."""

from __future__ import annotations

from benchmarks import big_bench
from benchmarks.run import workloads


def test_big_workloads_are_registered() -> None:
    names = workloads()
    for name in big_bench.WORKLOADS:
        assert name in names


def test_the_measuring_script_checks_its_answers() -> None:
    for kind, m, n in [("grid", 20, 30), ("torus", 5, 7)]:
        data = big_bench._run(kind, m, n, 1)
        assert data["checks"] == [True]
        assert len(data["runs"]) == 1 and data["runs"][0] > 0
        assert data["peak_kib"] > 0
    assert big_bench.hundred_million(quick=True) == []
