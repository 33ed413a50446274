"""The lit-only benchmark rows are registered, and the atlas check runs on its first graphs."""

from __future__ import annotations

import networkx as nx

from benchmarks import lit_only_atlas, lit_only_bench, run


def test_lit_only_workloads_are_registered() -> None:
    assert "litonly-theory" in lit_only_bench.WORKLOADS
    assert "litonly-theory" in run.workloads()


def test_atlas_check_runs_on_the_small_graphs() -> None:
    stats = lit_only_atlas.check_atlas(nx.graph_atlas_g()[1:60])
    assert stats["graphs"] == 59
    assert stats["orbits_at_bound"] <= stats["orbits"]
