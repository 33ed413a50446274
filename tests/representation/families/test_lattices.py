"""Grids, tori, hypercubes and the triangular and hexagonal lattices."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import (
    grid,
    grid_graph,
    hexagonal,
    hypercube,
    torus,
    torus_graph,
    triangular,
)
from tests.puzzles import lit


def gf2_nullity(matrix: np.ndarray) -> int:
    """Nullity over GF(2) by plain elimination (an oracle independent of the package)."""
    a = matrix.copy() % 2
    rank = 0
    rows, cols = a.shape
    for c in range(cols):
        pivot = next((r for r in range(rank, rows) if a[r, c]), None)
        if pivot is None:
            continue
        a[[rank, pivot]] = a[[pivot, rank]]
        for r in range(rows):
            if r != rank and a[r, c]:
                a[r] ^= a[rank]
        rank += 1
    return cols - rank


@pytest.mark.parametrize(
    ("shape", "nodes", "edges"),
    [((1,), 1, 0), ((4,), 4, 3), ((2, 3), 6, 7), ((5, 5), 25, 40), ((2, 2, 2), 8, 12)],
)
def test_grid_counts(shape: tuple[int, ...], nodes: int, edges: int) -> None:
    p = grid(*shape)
    assert p.n == nodes
    assert p.graph.number_of_edges() == edges
    assert p.family == lo.FamilyInfo("grid", {"shape": shape})


def test_grid_keeps_row_major_order_and_positions() -> None:
    p = grid(2, 3)
    assert p.nodes == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))
    assert p.graph.nodes[(1, 0)]["pos"] == (0.0, -1.0)
    assert lit(p, (0, 0)) == {(0, 0), (0, 1), (1, 0)}
    assert lit(grid(2, 3, rule="open"), (0, 1)) == {(0, 0), (0, 2), (1, 1)}


def test_every_node_has_a_distinct_position() -> None:
    g = grid_graph(3, 3, 3, 3)
    pos = [g.nodes[v]["pos"] for v in g]
    assert len(set(pos)) == 81
    assert all(isinstance(c, float) for xy in pos for c in xy)


def test_literature_nullities() -> None:
    # 4×4: nullity 4; 5×5: nullity 2; 6×6: nullity 0 (Sutner; Anderson and Feil).
    for n, expected in [(4, 4), (5, 2), (6, 0)]:
        assert gf2_nullity(grid(n, n).toggle_matrix().toarray()) == expected
        assert lo.analyze(grid(n, n)).nullity == expected


@pytest.mark.parametrize(
    ("shape", "edges"),
    [((5, 5), 50), ((3, 4), 24), ((2, 2), 4), ((2, 3), 9), ((1, 3), 3), ((1, 1), 0), ((3,), 3)],
)
def test_torus_edge_counts(shape: tuple[int, ...], edges: int) -> None:
    g = torus_graph(*shape)
    assert g.number_of_edges() == edges
    assert nx.number_of_selfloops(g) == 0


def test_torus_wraps_and_every_cell_is_alike() -> None:
    p = torus(4, 5)
    assert lit(p, (0, 0)) == {(0, 0), (0, 1), (0, 4), (1, 0), (3, 0)}
    assert {d for _, d in p.graph.degree} == {4}
    assert torus(3, 3, 3).graph.number_of_edges() == 81


def test_torus_side_two_has_no_double_edges_unless_weighted() -> None:
    simple = torus(2, 3, modulus=5)
    assert simple.press(0, (0, 0))[(1, 0)] == 1
    weighted = torus(2, 3, modulus=5, rule="weighted")
    assert weighted.press(0, (0, 0))[(1, 0)] == 2
    assert weighted.press(0, (0, 0))[(0, 1)] == 1
    # Side 1: the wrapped neighbour is the cell itself; weighted counts it twice more.
    assert torus(1, 3, modulus=5, rule="weighted").press(0, (0, 0))[(0, 0)] == 3
    assert torus(1, 3, modulus=5).press(0, (0, 0))[(0, 0)] == 1


def test_mini_lights_out_torus_is_fully_solvable() -> None:
    assert gf2_nullity(torus(4, 4).toggle_matrix().toarray()) == 0


@pytest.mark.parametrize("d", [1, 2, 3, 4])
def test_hypercube(d: int) -> None:
    p = hypercube(d)
    assert p.n == 2**d
    assert p.graph.number_of_edges() == d * 2 ** (d - 1)
    assert nx.is_isomorphic(p.graph, nx.hypercube_graph(d))
    assert len({p.graph.nodes[v]["pos"] for v in p.nodes}) == 2**d
    origin = (0,) * d
    units = {tuple(int(i == j) for i in range(d)) for j in range(d)}
    assert lit(p, origin) == {origin} | units


def test_hypercube_of_dimension_zero_is_one_light() -> None:
    p = hypercube(0)
    assert p.nodes == ((),)
    assert lit(p, ()) == {()}


def test_hexagonal_one_and_two_by_two() -> None:
    one = hexagonal(1, 1)
    assert (one.n, one.graph.number_of_edges()) == (6, 6)
    assert {d for _, d in one.graph.degree} == {2}
    two = hexagonal(2, 2)
    # 2×2 hexagons: 16 corners, 19 edges (4 hexagons of 6 minus 5 shared)
    assert (two.n, two.graph.number_of_edges()) == (16, 19)
    assert max(d for _, d in two.graph.degree) == 3
    assert nx.check_planarity(two.graph)[0]


def test_triangular_small() -> None:
    one = triangular(1, 1)
    assert (one.n, one.graph.number_of_edges()) == (3, 3)
    assert all(len(lit(one, v)) == 3 for v in one.nodes)
    two = triangular(2, 2)
    assert (two.n, two.graph.number_of_edges()) == (6, 9)
    big = triangular(4, 6)
    assert max(d for _, d in big.graph.degree) == 6


@pytest.mark.parametrize(
    "call",
    [
        lambda: grid(0, 3),
        lambda: grid(2.5, 3),
        lambda: grid(),
        lambda: torus(3, True),
        lambda: hypercube(-1),
        lambda: hexagonal(0, 1),
        lambda: triangular(1, "2"),
        lambda: grid(3, 3, modulus=1),
    ],
)
def test_bad_arguments_raise_package_errors(call: object) -> None:
    with pytest.raises(InvalidPuzzleError):
        call()  # type: ignore[operator]


def test_bad_side_message_names_the_side() -> None:
    with pytest.raises(InvalidPuzzleError, match=r"shape\[1\].*-2"):
        torus(3, -2)


def test_every_family_node_is_a_coordinate_tuple() -> None:
    for p in [grid(2, 2, 2), torus(3, 3), hypercube(3)]:
        assert all(isinstance(v, tuple) for v in p.nodes)
        assert list(p.nodes) == sorted(p.nodes)
        assert all(len(v) == len(p.nodes[0]) for v in p.nodes)
    assert list(itertools.islice(grid(3, 3).nodes, 3)) == [(0, 0), (0, 1), (0, 2)]


shapes = st.lists(st.integers(1, 5), min_size=1, max_size=4).map(tuple)


@given(shape=shapes)
def test_grid_edge_count_formula(shape: tuple[int, ...]) -> None:
    g = grid_graph(*shape)
    total = int(np.prod(shape))
    assert g.number_of_nodes() == total
    assert g.number_of_edges() == sum(total // s * (s - 1) for s in shape)


@given(shape=shapes)
def test_torus_degrees(shape: tuple[int, ...]) -> None:
    # each axis adds 2 neighbours, 1 when its side is 2 (they coincide), 0 when it is 1
    expected = sum(2 if s > 2 else s - 1 for s in shape)
    g = torus_graph(*shape)
    assert {d for _, d in g.degree} == {expected}
    p = torus(*shape, modulus=101, rule="weighted")
    column = p.toggle_matrix().toarray()[:, 0]
    assert column.sum() == 1 + 2 * len(shape)  # every direction counted under "weighted"


@pytest.mark.parametrize("d", range(1, 9))
def test_hypercube_positions_are_distinct(d: int) -> None:
    p = hypercube(d)
    points = {tuple(round(c, 9) for c in p.graph.nodes[v]["pos"]) for v in p.nodes}
    assert len(points) == 2**d
