"""The compiled per-graph kernels of graph streams agree with the general engine."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.interfaces.sweep.kernels import connected, gf2_rank, gfp_rank, rank_of
from tests.strategies import small_graphs


def bitset_rows(graph: nx.Graph) -> np.ndarray:
    rows = np.zeros(64, dtype=np.uint64)
    for u, v in graph.edges:
        rows[u] |= np.uint64(1) << np.uint64(v)
        rows[v] |= np.uint64(1) << np.uint64(u)
    return rows


def expected(graph: nx.Graph, p: int, closed: bool) -> tuple[int, bool]:
    puzzle = lo.Puzzle(graph, modulus=p, rule="closed" if closed else "open")
    nullity = lo.analyze(puzzle).nullity
    assert nullity is not None  # p is prime
    rank = puzzle.n - nullity
    return rank, lo.is_solvable(puzzle, 1)


@settings(max_examples=60)
@given(
    small_graphs(max_nodes=9, directed=False),
    st.sampled_from([2, 3, 5, 7, 31, 2**31 - 1]),
    st.booleans(),
)
def test_ranks_and_all_on_match_the_general_engine(graph: nx.Graph, p: int, closed: bool) -> None:
    rows, n = bitset_rows(graph), graph.number_of_nodes()
    tmp = np.zeros(64, dtype=np.uint64)
    mat = np.zeros((64, 65), dtype=np.int64)
    got = rank_of(rows, n, closed, p, tmp, mat)
    assert (int(got[0]), bool(got[1])) == expected(graph, p, closed)
    if p == 2:
        assert tuple(gf2_rank(rows, n, closed, tmp)) == tuple(got)
    else:
        assert tuple(gfp_rank(rows, n, closed, p, mat)) == tuple(got)


@given(small_graphs(max_nodes=9, directed=False))
def test_connected_is_networkx_connected(graph: nx.Graph) -> None:
    rows = bitset_rows(graph)
    assert bool(connected(rows, graph.number_of_nodes())) == nx.is_connected(graph)


@pytest.mark.parametrize("n", [1, 32, 63, 64])
def test_the_widest_words(n: int) -> None:
    graph = nx.path_graph(n)
    rows = bitset_rows(graph)
    tmp = np.zeros(64, dtype=np.uint64)
    rank, ok = gf2_rank(rows, n, True, tmp)
    assert (int(rank), bool(ok)) == expected(graph, 2, True)
    assert connected(rows, n)
