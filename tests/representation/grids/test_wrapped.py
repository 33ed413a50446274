"""Light chasing on tori and cylinders agrees with elimination."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError, ModulusError
from lightsout_graphs.representation.grids.wrapped import WrappedChaser


def _puzzle(m: int, n: int, k: int, rule: str, wrap_rows: bool, wrap_cols: bool) -> lo.Puzzle:
    """The board built independently, as a Cartesian product of paths and cycles."""
    down = nx.cycle_graph(m) if wrap_cols else nx.path_graph(m)
    across = nx.cycle_graph(n) if wrap_rows else nx.path_graph(n)
    g = nx.cartesian_product(down, across)
    ordered = nx.Graph()
    ordered.add_nodes_from(sorted(g.nodes))
    ordered.add_edges_from(g.edges)
    return lo.Puzzle(ordered, modulus=k, rule=rule)


@settings(max_examples=60, deadline=None)
@given(
    m=st.integers(3, 8),
    n=st.integers(1, 8),
    k=st.sampled_from([2, 3, 4, 5, 6, 9]),
    rule=st.sampled_from(["closed", "open"]),
    wraps=st.sampled_from([(True, True), (True, False), (False, True), (False, False)]),
    seed=st.integers(0, 2**32 - 1),
    transpose=st.booleans(),
)
def test_chasing_agrees_with_elimination(
    m: int, n: int, k: int, rule: str, wraps: tuple[bool, bool], seed: int, transpose: bool
) -> None:
    wrap_rows, wrap_cols = wraps
    if transpose:
        m, n, wrap_rows, wrap_cols = n, m, wrap_cols, wrap_rows
    if (wrap_rows and n < 3) or (wrap_cols and m < 3):
        return
    p = _puzzle(m, n, k, rule, wrap_rows, wrap_cols)
    general = zk.factorize(p.toggle_matrix(), k)
    chaser = WrappedChaser(m, n, k, rule, wrap_rows=wrap_rows, wrap_cols=wrap_cols)
    assert chaser.kernel_size == general.kernel_size
    assert chaser.rank == general.rank
    zero = np.zeros(p.n, dtype=np.int64)
    sizes = 1
    for g, order in chaser.kernel():
        assert not np.any(p.apply_vector(zero, g))
        assert not np.any(p.apply_vector(zero, (order * g) % k))
        sizes *= order
    assert sizes == chaser.kernel_size
    rng = np.random.default_rng(seed)
    for _ in range(3):
        b = rng.integers(0, k, p.n)
        x = chaser.solve(b)
        assert (x is None) == (general.solve(b) is None)
        assert chaser.is_solvable(b) == (x is not None)
        if x is not None:
            assert np.array_equal(p.apply_vector(zero, x), b)
            assert chaser.certificate(b) is None
        else:
            y = chaser.certificate(b)
            t = p.toggle_matrix()
            assert not np.any((y @ t) % k)
            assert int(y @ b) % k


@pytest.mark.parametrize(("m", "n"), [(3, 3), (4, 7), (9, 5)])
@pytest.mark.parametrize("k", [2, 3])
def test_torus_puzzles_solve_by_chasing(m: int, n: int, k: int) -> None:
    p = lo.torus(m, n, modulus=k)
    general = zk.factorize(p.toggle_matrix(), k)
    sol = lo.solve(p, 1) if general.solve(np.ones(p.n, dtype=np.int64)) is not None else None
    if sol is not None:
        assert sol.method == "wrapped-chasing"
        assert sol.verify()
        assert sol.num_solutions == general.kernel_size
    weighted = lo.torus(m, n, modulus=k, rule="weighted")
    assert WrappedChaser.for_puzzle(weighted) is not None


def test_small_or_restricted_tori_use_the_general_engine() -> None:
    assert WrappedChaser.for_puzzle(lo.torus(2, 5)) is None
    assert WrappedChaser.for_puzzle(lo.torus(3, 3, 3)) is None
    assert WrappedChaser.for_puzzle(lo.torus(3, 4, pressable=[(0, 0)])) is None
    assert WrappedChaser.for_puzzle(lo.grid(3, 4)) is None


def test_errors() -> None:
    with pytest.raises(InvalidPuzzleError, match="at least 3"):
        WrappedChaser(2, 5)
    with pytest.raises(InvalidPuzzleError, match="'m'"):
        WrappedChaser(0, 5)
    with pytest.raises(ModulusError, match="modulus"):
        WrappedChaser(3, 3, modulus=1)
    with pytest.raises(InvalidPuzzleError, match="rule"):
        WrappedChaser(3, 3, rule="weighted")
    with pytest.raises(InvalidStateError, match="length 9"):
        WrappedChaser(3, 3).solve(np.zeros(8, dtype=np.int64))


def test_the_chasing_engines_name_themselves() -> None:
    from lightsout_graphs.representation.grids import GridChaser

    assert GridChaser(3, 4).method == "chasing"
    assert WrappedChaser(3, 4).method == "wrapped-chasing"
    assert lo.solve(lo.grid(3, 4), 1).method == "chasing"
    assert lo.solve(lo.torus(3, 4), 1).method == "wrapped-chasing"
    assert lo.solve(lo.Puzzle(nx.petersen_graph()), 1).method in zk.METHODS


def test_a_rule_that_is_not_a_string_is_the_packages_error() -> None:
    with pytest.raises(InvalidPuzzleError, match="'rule' must be one of closed, open,"):
        WrappedChaser(4, 4, rule=np.array([1.0, 1.0]))  # type: ignore[arg-type]
