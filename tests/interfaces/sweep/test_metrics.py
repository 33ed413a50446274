"""Sweep metrics against the public API and against brute force."""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import networkx as nx
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import sweep
from lightsout_graphs.core.errors import SweepError, SweepSpecError
from lightsout_graphs.interfaces.sweep.metrics import (
    METRICS,
    check_value,
    compute_metrics,
    infer_dtype,
    lightest_quiet_weight,
    metric,
)
from lightsout_graphs.interfaces.sweep.store import read_manifest
from tests.interfaces.sweep.examples import run_examples

ALL = list(METRICS)


def brute_quiet_weight(puzzle: lo.Puzzle) -> int | None:
    """The fewest pressed nodes of a non-zero quiet pattern, by trying every press vector."""
    t = puzzle.toggle_matrix().toarray()
    k = puzzle.modulus
    best = None
    for x in itertools.product(range(k), repeat=puzzle.n):
        v = np.array(x)
        if v.any() and not ((t @ v) % k).any():
            w = int(np.count_nonzero(v))
            best = w if best is None else min(best, w)
    return best


@st.composite
def small_puzzles(draw: st.DrawFn) -> lo.Puzzle:
    n = draw(st.integers(1, 6))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=10))
    g = nx.empty_graph(n)
    g.add_edges_from((u, v) for u, v in edges if u != v)
    k = draw(st.sampled_from([2, 3, 4]))
    rule = draw(st.sampled_from(["closed", "open"]))
    return lo.Puzzle(g, modulus=k, rule=rule)


@given(small_puzzles())
def test_metrics_agree_with_analyze_solve_and_brute_force(puzzle: lo.Puzzle) -> None:
    got = compute_metrics(puzzle, ALL, 10_000)
    a = lo.analyze(puzzle)
    assert got["n"] == puzzle.n
    assert got["edges"] == puzzle.graph.number_of_edges()
    assert got["rank"] == a.rank
    assert got["nullity"] == a.nullity
    assert int(got["kernel_size"]) == a.num_quiet_patterns
    assert got["all_solvable"] == a.all_solvable
    assert got["solvable_fraction"] == pytest.approx(float(a.solvable_fraction))
    assert got["all_on_solvable"] == lo.is_solvable(puzzle, 0, target=1)
    if got["all_on_solvable"]:
        sol = lo.solve(puzzle, 0, target=1, minimize=True)
        assert got["min_presses_all_on"] == sol.num_presses
    else:
        assert got["min_presses_all_on"] is None
    if puzzle.modulus**puzzle.n <= 5000:
        assert got["lightest_quiet_pattern"] == brute_quiet_weight(puzzle)


def test_kernel_sizes_beyond_64_bits_are_exact() -> None:
    got = compute_metrics(lo.grid(1, 80, rule="open", modulus=3), ["kernel_size", "nullity"], 1)
    # A 1×80 path under the open rule mod 3: the nullity is known from the analysis.
    assert got["kernel_size"] == str(3 ** got["nullity"])
    puzzle = lo.grid(30, 30, rule="open", modulus=5)
    big = compute_metrics(puzzle, ["kernel_size"], 1)
    assert int(big["kernel_size"]) > 2**64
    assert big["kernel_size"] == str(lo.analyze(puzzle).num_quiet_patterns)


def test_lightest_quiet_pattern_skips_kernels_over_the_limit() -> None:
    four = lo.grid(4, 4)  # 16 quiet patterns, the lightest presses 8 cells
    assert brute_quiet_weight(four) == 8
    assert compute_metrics(four, ["lightest_quiet_pattern"], 16)["lightest_quiet_pattern"] == 8
    assert compute_metrics(four, ["lightest_quiet_pattern"], 15)["lightest_quiet_pattern"] is None
    assert compute_metrics(lo.grid(3, 3), ["lightest_quiet_pattern"], 99) == {
        "lightest_quiet_pattern": None
    }


@given(st.integers(1, 5), st.data())
def test_lightest_weight_enumerates_every_combination(r: int, data: st.DataObject) -> None:
    k = data.draw(st.sampled_from([2, 3, 5]))
    n = data.draw(st.integers(1, 8))
    gens = [
        np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
        for _ in range(r)
    ]
    orders = [k] * r
    best = None
    for coefs in itertools.product(range(k), repeat=r):
        if not any(coefs):
            continue
        v = sum((c * g for c, g in zip(coefs, gens, strict=True)), np.zeros(n, dtype=int)) % k
        w = int(np.count_nonzero(v))
        # Combinations that are zero although their coefficients are not count with weight 0.
        best = w if best is None else min(best, w)
    assert lightest_quiet_weight(gens, orders, k, k**r) == best


def brute_min_presses(puzzle: lo.Puzzle) -> int | None:
    """The fewest presses (sum of counts) taking the dark board to all-on, by trying every x."""
    t = puzzle.toggle_matrix().toarray()
    k = puzzle.modulus
    best = None
    for x in itertools.product(range(k), repeat=puzzle.n):
        v = np.array(x)
        if (((t @ v) - 1) % k == 0).all():
            best = int(v.sum()) if best is None else min(best, int(v.sum()))
    return best


@settings(max_examples=40, deadline=None)
@given(small_puzzles())
def test_search_metrics_agree_with_brute_force_and_the_public_api(puzzle: lo.Puzzle) -> None:
    got = compute_metrics(puzzle, ["min_presses_all_on", "gods_number", "symmetries"], 1)
    fewest = brute_min_presses(puzzle) if puzzle.modulus**puzzle.n <= 5000 else None
    if got["min_presses_all_on_optimal"] is None:  # unsolvable: no cell holds a number
        assert not lo.is_solvable(puzzle, 0, target=1)
        assert got["min_presses_all_on"] is None
        assert got["min_presses_all_on_lower"] is None
        assert got["min_presses_all_on_upper"] is None
    else:
        assert got["min_presses_all_on_optimal"] is True  # small: proven at once
        value = got["min_presses_all_on"]
        assert got["min_presses_all_on_lower"] == value == got["min_presses_all_on_upper"]
        assert value == lo.solve(puzzle, 0, target=1, minimize=True).num_presses
        if fewest is not None:
            assert value == fewest
    # God's number from the quiet patterns agrees with the search over the boards.
    assert got["gods_number"] == lo.gods_number(puzzle)
    assert got["gods_number_lower"] == got["gods_number"] == got["gods_number_upper"]
    assert got["symmetries"] == len(lo.symmetries(puzzle))


def test_min_presses_out_of_time_stores_bounds_never_a_bare_number(tmp_path: Path) -> None:
    pytest.importorskip("ortools")  # the coset is too large to enumerate: CP-SAT searches
    spec = {
        "family": "hypercube",
        "params": {"d": [1, 6]},
        "moduli": [3],
        "metrics": ["min_presses_all_on"],
        "time_limit": 0.05,
    }
    out = sweep.run(spec, tmp_path / "out", workers=1, progress=False)
    small, big = sweep.read_results(out).to_dict("records")
    # hypercube(6) mod 3: lo.solve cannot prove its best solution optimal in 0.05 s.
    assert big["min_presses_all_on_optimal"] is False or big["min_presses_all_on_optimal"] == 0
    assert pd.isna(big["min_presses_all_on"])
    assert 0 <= big["min_presses_all_on_lower"] < big["min_presses_all_on_upper"]
    assert big["min_presses_all_on_upper"] <= 64 * 2
    # The same call from the library says the same: not optimal, with bounds.
    sol = lo.solve(lo.hypercube(6, modulus=3), 0, target=1, minimize=True, time_limit=0.05)
    assert not sol.optimal
    assert sol.lower_bound is not None
    assert sol.lower_bound <= big["min_presses_all_on_upper"]
    assert big["min_presses_all_on_lower"] <= sol.num_presses
    # One edge (d = 1) is proven at once: value and bounds agree.
    value = lo.solve(lo.hypercube(1, modulus=3), 0, target=1, minimize=True).num_presses
    assert small["min_presses_all_on_optimal"]
    assert small["min_presses_all_on"] == small["min_presses_all_on_lower"] == value
    assert read_manifest(out)["spec"]["time_limit"] == 0.05


def test_gods_number_is_null_unless_its_bounds_meet() -> None:
    for puzzle in (lo.grid(5, 5, modulus=3), lo.grid(9, 9), lo.grid(3, 3)):
        got = compute_metrics(puzzle, ["gods_number"], 1, time_limit=0.05)
        low, high = got["gods_number_lower"], got["gods_number_upper"]
        assert low <= high
        assert got["gods_number"] == (low if low == high else None)
    assert compute_metrics(lo.grid(3, 3), ["gods_number"], 1)["gods_number"] == 9


def test_gods_number_of_a_kernel_too_large_to_search_keeps_the_bounds_that_need_none() -> None:
    # 65×65: 2**42 quiet patterns, more than gods_number_bounds searches, and 2**4183 boards
    got = compute_metrics(lo.grid(65, 65), ["gods_number"], 1, time_limit=0.05)
    assert got == {"gods_number": None, "gods_number_lower": 1877, "gods_number_upper": 2112}
    assert got["gods_number_lower"] == lo.gods.counting_bound(lo.grid(65, 65))


def test_symmetries_beyond_the_bound_are_null(monkeypatch: pytest.MonkeyPatch) -> None:
    # K9 has 9! = 362,880 symmetries, more than lo.symmetries lists by default (100,000);
    # a bound of 1,000 gives the same refusal without listing 100,000 of them first.
    listing = lo.symmetries
    monkeypatch.setattr(lo, "symmetries", functools.partial(listing, max_count=1000))
    with pytest.raises(lo.SearchLimitError):
        lo.symmetries(lo.Puzzle(nx.complete_graph(9)))
    assert compute_metrics(lo.Puzzle(nx.complete_graph(9)), ["symmetries"], 1) == {
        "symmetries": None
    }
    assert compute_metrics(lo.grid(4, 4), ["symmetries"], 1) == {"symmetries": 8}


def test_own_metric_with_a_declared_type(tmp_path: Path) -> None:
    spec = {
        "family": "grid",
        "params": {"m": "1..3", "n": "1..4"},
        "metrics": ["nullity", "tests.interfaces.sweep.custom_code:leaves"],
    }
    out = sweep.run(spec, tmp_path / "out", workers=1, progress=False, allow_imports=True)
    table = sweep.read_results(out)
    expected = [
        sum(1 for _, d in lo.grid(m, n).graph.degree() if d == 1)
        for m in range(1, 4)
        for n in range(1, 5)
    ]
    assert table["leaves"].tolist() == expected
    assert pq.read_schema(out / "chunk-00000000.parquet").field("leaves").type == pa.int64()
    entry = read_manifest(out)["spec"]["code"]["metrics"][
        "tests.interfaces.sweep.custom_code:leaves"
    ]
    assert (entry["column"], entry["type"], entry["module"]) == (
        "leaves",
        "int64",
        "tests.interfaces.sweep.custom_code",
    )
    assert read_manifest(out)["engines"]["tests.interfaces.sweep.custom_code:leaves"] == {
        "2/closed": "custom"
    }


def test_own_metric_of_the_wrong_type_names_the_metric_and_the_puzzle(tmp_path: Path) -> None:
    spec = {
        "family": "grid",
        "params": {"m": 2, "n": "2..3"},
        "metrics": ["tests.interfaces.sweep.custom_code:few_presses"],
    }
    with pytest.raises(SweepError) as err:
        sweep.run(spec, tmp_path / "out", workers=1, progress=False, allow_imports=True)
    assert str(err.value) == (
        "Metric 'tests.interfaces.sweep.custom_code:few_presses' returned True (bool) for "
        "grid(m=2, n=2), modulus 2, rule closed, not an int64 as its column type says."
    )


def test_undeclared_types_are_inferred_from_the_first_puzzle(tmp_path: Path) -> None:
    spec = {
        "family": "grid",
        "params": {"m": "1..2", "n": "2..3"},
        "metrics": ["tests.interfaces.sweep.custom_code:mean_degree"],
    }
    out = sweep.run(spec, tmp_path / "a", workers=1, progress=False, allow_imports=True)
    table = sweep.read_results(out)
    assert table["mean_degree"].tolist() == [1.0, 4 / 3, 2.0, 7 / 3]
    assert read_manifest(out)["spec"]["code"]["metrics"][spec["metrics"][0]]["type"] == "float64"
    # The first puzzle (1x2, two lights) gives an int: a later float is refused.
    spec["metrics"] = ["tests.interfaces.sweep.custom_code:half_lights"]
    with pytest.raises(SweepError, match=r"returned 1\.5 \(float\) for grid\(m=1, n=3\)"):
        sweep.run(spec, tmp_path / "b", workers=1, progress=False, allow_imports=True)

    def nothing(puzzle: lo.Puzzle) -> None:
        return None

    with pytest.raises(SweepSpecError, match="returned None for the first puzzle, grid"):
        sweep.run({**spec, "metrics": [nothing]}, tmp_path / "c", workers=1)


def test_value_checks_and_the_decorator() -> None:
    assert check_value("m:f", "int64", np.int32(3), "p") == 3
    assert check_value("m:f", "bool", np.bool_(True), "p") is True
    assert check_value("m:f", "string", None, "p") is None
    with pytest.raises(SweepError, match="not an int64"):
        check_value("m:f", "int64", 2**63, "p")
    with pytest.raises(SweepError, match="not a string"):
        check_value("m:f", "string", b"x", "p")

    def share(puzzle: lo.Puzzle) -> float:
        return 0.5

    assert metric(pa.float64())(share).sweep_dtype == "float64"  # type: ignore[attr-defined]
    with pytest.raises(SweepError, match="cannot mark len"):
        metric("int64")(len)
    with pytest.raises(SweepError, match="one of int64, bool, float64, string"):
        metric("int32")
    assert infer_dtype(np.float32(1.5)) == "float64"


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "CustomMetric": """
>>> from lightsout_graphs.interfaces.sweep.plugins import resolve
>>> m = CustomMetric("networkx:density", "density", "float64", resolve(nx.density, "m"))
>>> m.column, m.dtype
('density', 'float64')
""",
    "CustomMetric.value": """
>>> from lightsout_graphs.interfaces.sweep.plugins import resolve
>>> m = CustomMetric("nx:number_of_nodes", "nodes", "int64", resolve(lambda p: p.n, "m"))
>>> m.value(lo.grid(2, 3), "grid(2, 3)")
6
""",
    "infer_dtype": """
>>> infer_dtype(True), infer_dtype(3), infer_dtype(0.5), infer_dtype("3x5"), infer_dtype([1])
('bool', 'int64', 'float64', 'string', None)
""",
    "check_value": """
>>> check_value("m:f", "float64", 3, "grid(2, 2)")
3.0
>>> check_value("m:f", "int64", 2.5, "grid(2, 2)")
Traceback (most recent call last):
...
lightsout_graphs.core.errors.SweepError: Metric 'm:f' returned 2.5 (float) for grid(2, 2), not an int64 as its column type says.
""",
    "metric_columns": """
>>> metric_columns({"metrics": ["nullity", "gods_number"]})
['nullity', 'gods_number', 'gods_number_lower', 'gods_number_upper']
""",
    "lightest_quiet_weight": """
>>> g = [np.array([1, 1, 0, 1]), np.array([0, 1, 1, 1])]
>>> lightest_quiet_weight(g, [2, 2], 2, 100)
2
>>> lightest_quiet_weight([], [], 2, 100) is None
True
""",
    "compute_metrics": """
>>> compute_metrics(
...     lo.grid(5, 5), ["n", "nullity", "kernel_size", "lightest_quiet_pattern"], 1000
... )
{'n': 25, 'nullity': 2, 'kernel_size': '4', 'lightest_quiet_pattern': 12}
>>> compute_metrics(lo.grid(3, 3), ["min_presses_all_on", "gods_number"], 1000)
{'min_presses_all_on': 5, 'min_presses_all_on_optimal': True, 'min_presses_all_on_lower': 5,
 'min_presses_all_on_upper': 5, 'gods_number': 9, 'gods_number_lower': 9,
 'gods_number_upper': 9}
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.metrics", name, EXAMPLES[name])
