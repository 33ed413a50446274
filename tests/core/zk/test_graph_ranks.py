"""The batched ranks of small graphs agree with the general engine and plain elimination."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.zk import graph_ranks
from lightsout_graphs.core.zk.graph_ranks import (
    SLICED_MAX_N,
    _ctz_portable,
    add_to_slices,
    gf2_rank,
    gfp_rank,
    rank_of,
    sliced_gf2_ranks,
    sliced_scratch,
)
from tests.strategies import as_words, small_graphs, wide_graphs


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


def reference_gf2(rows: list[int], n: int, closed: bool) -> tuple[int, bool]:
    """Rank and all-ones solvability by plain Gaussian elimination on Python ints."""
    mat = [(rows[i] | (1 << i if closed else 0)) | (1 << n) for i in range(n)]  # bit n: rhs
    rank = 0
    for c in range(n):
        piv = next((r for r in range(rank, n) if mat[r] >> c & 1), None)
        if piv is None:
            continue
        mat[rank], mat[piv] = mat[piv], mat[rank]
        for r in range(n):
            if r != rank and mat[r] >> c & 1:
                mat[r] ^= mat[rank]
        rank += 1
    return rank, all(mat[r] == 0 for r in range(rank, n))


@settings(max_examples=80)
@given(wide_graphs(), st.booleans())
def test_gf2_rank_matches_plain_elimination_up_to_64_vertices(
    graph: tuple[list[int], int], closed: bool
) -> None:
    rows, n = graph
    tmp = np.zeros(64, dtype=np.uint64)
    got = gf2_rank(as_words(rows), n, closed, tmp)
    assert (int(got[0]), bool(got[1])) == reference_gf2(rows, n, closed)


@given(st.integers(1, 2**64 - 1))
def test_the_portable_lowest_bit_search(word: int) -> None:
    assert _ctz_portable(np.uint64(word)) == (word & -word).bit_length() - 1


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, SLICED_MAX_N),
    st.integers(1, 4 * 64),
    st.sampled_from([0.1, 0.5, 0.9]),
    st.integers(0, 2**32 - 1),
    st.booleans(),
)
def test_sliced_ranks_match_one_graph_at_a_time(
    n: int, count: int, density: float, seed: int, closed: bool
) -> None:
    work, pivot, row_masks, masks, planes = sliced_scratch()
    graphs = [nx.gnp_random_graph(n, density, seed=seed + g) for g in range(count)]
    for g, graph in enumerate(graphs):
        add_to_slices(bitset_rows(graph), n, work, g)
    sliced_gf2_ranks(work, n, count, closed, pivot, row_masks, masks, planes)
    tmp = np.zeros(64, dtype=np.uint64)
    for g, graph in enumerate(graphs):
        lane, bit = g // 64, np.uint64(g % 64)
        rank = sum(int(planes[b, lane] >> bit & np.uint64(1)) << b for b in range(5))
        ok = not int(masks[2, lane] >> bit & np.uint64(1))
        want = gf2_rank(bitset_rows(graph), n, closed, tmp)
        assert (rank, ok) == (int(want[0]), bool(want[1]))


def test_the_sliced_ranks_without_numba_give_the_same_answers() -> None:
    graphs = [nx.gnp_random_graph(7, 0.5, seed=s) for s in range(70)]  # two lanes
    compiled = sliced_scratch()
    plain_arrays = sliced_scratch()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(graph_ranks, "_ctz", _ctz_portable)
        add = getattr(add_to_slices, "py_func", add_to_slices)
        ranks = getattr(sliced_gf2_ranks, "py_func", sliced_gf2_ranks)
        for g, graph in enumerate(graphs):
            add(bitset_rows(graph), 7, plain_arrays[0], g)
        ranks(plain_arrays[0], 7, len(graphs), False, *plain_arrays[1:])
    for g, graph in enumerate(graphs):
        add_to_slices(bitset_rows(graph), 7, compiled[0], g)
    sliced_gf2_ranks(compiled[0], 7, len(graphs), False, *compiled[1:])
    assert np.array_equal(compiled[4], plain_arrays[4])  # the rank bits
    assert np.array_equal(compiled[3][2], plain_arrays[3][2])  # the unsolvable all-ones boards


def test_reduction_through_a_float_quotient() -> None:
    from lightsout_graphs.core.zk.graph_ranks import _reduce

    assert (_reduce(-7, 5, 1 / 5), _reduce(24, 5, 1 / 5)) == (3, 4)
    p = 2**31 - 1
    assert _reduce(2**61 + 5, p, 1 / p) == (2**61 + 5) % p
