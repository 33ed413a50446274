"""Sweep metrics against the public API and against brute force."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.sweep.metrics import METRICS, compute_metrics, lightest_quiet_weight

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
