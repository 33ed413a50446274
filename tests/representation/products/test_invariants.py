"""Invariant factors over GF(p)[x]: closed forms against the Smith form, and their invariants."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
import sympy
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, ModulusError
from lightsout_graphs.representation.products import (
    complete_factors,
    cycle_factors,
    invariant_factors,
    path_factors,
)
from lightsout_graphs.representation.products.invariants import graph_kind
from tests.strategies import small_graphs

PRIMES = [2, 3, 5, 7]


def smith(graph: nx.Graph, p: int) -> list[list[int]]:
    """The generic Smith form, bypassing the recognition of paths, cycles and cliques."""
    return invariant_factors(nx.to_numpy_array(graph, dtype=np.int64), modulus=p)


def charpoly_mod(graph: nx.Graph, p: int) -> list[int]:
    """det(xI − A) over the integers (sympy), reduced mod p, lowest degree first."""
    x = sympy.Symbol("x")
    a = sympy.Matrix(nx.to_numpy_array(graph, dtype=np.int64).tolist())
    coeffs = sympy.Poly(a.charpoly(x).as_expr(), x).all_coeffs()[::-1]
    return [int(c) % p for c in coeffs]


def poly_mul(a: list[int], b: list[int], p: int) -> list[int]:
    return [int(c) for c in np.convolve(a, b) % p]


def divides(a: list[int], b: list[int], p: int) -> bool:
    fa = sympy.Poly(a[::-1], sympy.Symbol("x"), modulus=p)
    fb = sympy.Poly(b[::-1], sympy.Symbol("x"), modulus=p)
    return fb.rem(fa).is_zero


@pytest.mark.parametrize("p", PRIMES)
def test_closed_forms_equal_the_smith_form(p: int) -> None:
    for n in range(1, 25):
        assert path_factors(n, modulus=p) == smith(nx.path_graph(n), p), ("path", n)
        cycle = nx.cycle_graph(n) if n >= 3 else nx.path_graph(n)
        assert cycle_factors(n, modulus=p) == smith(cycle, p), ("cycle", n)
    for n in range(1, 14):
        assert complete_factors(n, modulus=p) == smith(nx.complete_graph(n), p), ("complete", n)


@given(small_graphs(max_nodes=8, directed=False), st.sampled_from(PRIMES))
def test_factors_divide_each_other_and_multiply_to_the_characteristic_polynomial(
    graph: nx.Graph, p: int
) -> None:
    factors = invariant_factors(graph, modulus=p)
    assert all(f[-1] == 1 and len(f) >= 2 for f in factors)  # monic, non-constant
    for a, b in itertools.pairwise(factors):
        assert divides(a, b, p)
    product = [1]
    for f in factors:
        product = poly_mul(product, f, p)
    assert product == charpoly_mod(graph, p)


def test_the_last_factor_is_the_minimal_polynomial() -> None:
    graph = nx.petersen_graph()
    a = nx.to_numpy_array(graph, dtype=np.int64)
    for p in PRIMES:
        last = invariant_factors(graph, modulus=p)[-1]
        value = sum(c * np.linalg.matrix_power(a, i) for i, c in enumerate(last)) % p
        assert not value.any()
        # No polynomial of lower degree kills A: I, A, ..., A^(d-1) are independent mod p.
        powers = [np.linalg.matrix_power(a, i).ravel() % p for i in range(len(last) - 1)]
        stacked = sp.csr_array(np.array(powers, dtype=np.int64))
        assert zk.factorize(stacked, p).rank == len(last) - 1


def test_recognition_by_shape() -> None:
    assert graph_kind(nx.path_graph(1)) == ("complete", 1)
    assert graph_kind(nx.path_graph(2)) == ("complete", 2)
    assert graph_kind(nx.path_graph(7)) == ("path", 7)
    assert graph_kind(nx.cycle_graph(3)) == ("complete", 3)
    assert graph_kind(nx.cycle_graph(9)) == ("cycle", 9)
    assert graph_kind(nx.star_graph(3)) == ("graph", 4)
    two_paths = nx.disjoint_union(nx.path_graph(3), nx.path_graph(2))
    assert graph_kind(nx.disjoint_union(two_paths, nx.path_graph(1)))[0] == "graph"
    assert graph_kind(nx.disjoint_union(nx.cycle_graph(3), nx.cycle_graph(3)))[0] == "graph"


def test_bad_input_names_the_argument() -> None:
    with pytest.raises(ModulusError, match="must be a prime, not 4"):
        invariant_factors(nx.path_graph(3), modulus=4)
    with pytest.raises(ModulusError, match="below 2\\*\\*31"):
        invariant_factors(nx.path_graph(3), modulus=2**61 - 1)
    with pytest.raises(InvalidPuzzleError, match="square"):
        invariant_factors(np.zeros((2, 3), dtype=np.int64))
    with pytest.raises(InvalidPuzzleError, match="integers"):
        invariant_factors(np.zeros((2, 2)))
    with pytest.raises(InvalidPuzzleError, match="simple undirected"):
        invariant_factors(nx.DiGraph([(0, 1)]))
    with pytest.raises(InvalidPuzzleError, match="self-loop"):
        invariant_factors(nx.Graph([(0, 0)]))
    with pytest.raises(InvalidPuzzleError, match="'n' must be an int >= 1"):
        cycle_factors(0)
