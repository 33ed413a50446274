"""Tests of analyze: ranks, kernel sizes and solvable counts against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from tests.representation.grids.test_polynomials import chase_nullities
from tests.strategies import MODULI, small_graphs


@given(small_graphs(max_nodes=4), st.sampled_from(MODULI), st.sampled_from(["closed", "open"]))
def test_counts_match_brute_force(g: object, k: int, rule: str) -> None:
    p = lo.Puzzle(g, modulus=k, rule=rule)  # type: ignore[arg-type]
    if k**p.n > 20000:
        return
    t = p.toggle_matrix().toarray()
    images = set()
    quiet = 0
    for x in itertools.product(range(k), repeat=p.n):
        b = tuple(t @ np.array(x) % k)
        images.add(b)
        quiet += not any(b)
    a = lo.analyze(p)
    assert a.num_quiet_patterns == quiet
    assert a.solvable_states == len(images)
    assert a.solvable_fraction == Fraction(len(images), k**p.n)
    assert a.all_solvable == (len(images) == k**p.n)
    if k in (2, 3, 5):
        assert a.rank is not None and a.nullity is not None
        assert a.rank + a.nullity == p.n and k**a.nullity == quiet
    else:
        assert a.rank is None
    for pattern in a.quiet_patterns:
        assert not any(p.apply(0, pattern).values())


def test_literature_nullities() -> None:
    assert lo.analyze(lo.grid(4, 4)).nullity == 4
    assert lo.analyze(lo.grid(6, 6)).nullity == 0
    # Over GF(3) the 5×5 board has nullity 3; galois gives an independent rank.
    galois = __import__("galois")
    t = lo.grid(5, 5, modulus=3).toggle_matrix().toarray()
    assert int(np.linalg.matrix_rank(galois.GF(3)(t))) == 22
    assert lo.analyze(lo.grid(5, 5, modulus=3)).nullity == 3


def test_huge_kernel_counts_stay_exact() -> None:
    p = lo.Puzzle(__import__("networkx").empty_graph(200), modulus=7, rule="open")
    a = lo.analyze(p)
    assert a.num_quiet_patterns == 7**200
    assert a.solvable_states == 1


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_grid_analysis_agrees_with_elimination(k: int, rule: str) -> None:
    from lightsout_graphs import zk

    for m in range(1, 41):
        # light chasing, itself checked against elimination in tests/representation/grids
        chased = chase_nullities(m, 40, k, rule, m)
        for n in range(m, 41):
            a = lo.analyze(lo.grid(m, n, modulus=k, rule=rule))
            assert a.method == "polynomial"
            kernel_size, rank = k ** chased[n - m], m * n - chased[n - m]
            if m * n <= 100:
                ref = zk.factorize(lo.grid(m, n, modulus=k, rule=rule).toggle_matrix(), k)
                assert (ref.kernel_size, ref.rank) == (kernel_size, rank), (m, n)
            assert a.num_quiet_patterns == kernel_size, (m, n)
            assert a.rank == rank
            assert a.solvable_states == k ** (m * n) // kernel_size


def test_grid_quiet_patterns_only_on_demand() -> None:
    from lightsout_graphs.algorithms import analysis

    p = lo.grid(5, 5)
    a = lo.analyze(p)
    assert analysis._CACHE.peek(p, "quiet") is None
    zero = np.zeros(p.n, dtype=np.int64)
    assert len(a.quiet_patterns) == a.nullity == 2
    for g in a.quiet_vectors:
        assert not p.apply_vector(zero, g).any()
    assert a.quiet_orders == [2, 2]
    # composite k and restricted presses still go through the factorisation
    assert lo.analyze(lo.grid(4, 4, modulus=4)).method == "chasing"
    assert lo.analyze(lo.grid(3, 3, pressable=[(0, 0)])).method != "polynomial"


def test_an_analysis_is_frozen_and_keeps_its_earlier_name() -> None:
    import dataclasses

    a = lo.analyze(lo.grid(5, 5))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.num_quiet_patterns = 1  # type: ignore[misc]
    assert a.num_quiet_patterns == 4


def test_huge_counts_are_exact_strings_in_to_dict() -> None:
    import json

    import networkx as nx

    data = lo.analyze(lo.Puzzle(nx.empty_graph(200), rule="open")).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert (data["num_quiet_patterns"], data["solvable_states"]) == ("2^200", 1)


def test_repr_of_a_huge_kernel_is_a_power_and_generators_are_refused_over_budget() -> None:
    from lightsout_graphs import zk

    a = lo.analyze(lo.Puzzle(nx.empty_graph(14400), rule="open"))
    assert repr(a) == (
        "<Analysis: 14,400 lights mod 2, rank 0, nullity 14400, 2^14400 (about 10^4334.8) "
        "quiet patterns, 1/2^14400 of boards solvable>"
    )
    assert a.num_generators == 14400
    try:
        zk.set_memory_budget(10**6)
        with pytest.raises(lo.MemoryBudgetError, match="Listing the 14400 generators"):
            _ = a.quiet_orders
    finally:
        zk.set_memory_budget(None)
    assert lo.analyze(lo.grid(2, 2, modulus=4)).num_generators >= len(
        lo.analyze(lo.grid(2, 2, modulus=4)).quiet_orders
    )
