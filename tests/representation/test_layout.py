"""Where lights sit: one layout for board text, pictures and play pages."""

from __future__ import annotations

import networkx as nx
import pytest

import lightsout_graphs as lo
from lightsout_graphs import families
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.interfaces.play.model import play_data
from lightsout_graphs.representation._layout import (
    OBLIQUE,
    grid_layout,
    node_positions,
    placed_nodes,
    square_shape,
)
from lightsout_graphs.representation.families import make


def _play_positions(puzzle: lo.Puzzle) -> list[tuple[float, float]]:
    """The page's positions, back in the layout's units (it scales, shifts and flips y)."""
    data = play_data(puzzle)
    return list(zip(data["x"], data["y"], strict=True))


def _same_shape(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Whether two point lists differ only by a translation, a positive scale and a y flip."""
    ax = [p[0] - a[0][0] for p in a]
    ay = [p[1] - a[0][1] for p in a]
    bx = [p[0] - b[0][0] for p in b]
    by = [p[1] - b[0][1] for p in b]
    span_a = max(max(map(abs, ax)), max(map(abs, ay)))
    span_b = max(max(map(abs, bx)), max(map(abs, by)))
    s = span_b / span_a
    return all(
        abs(x * s - u) < 1e-3 and abs(-y * s - v) < 1e-3  # the page rounds to 4 places
        for x, y, u, v in zip(ax, ay, bx, by, strict=True)
    )


@pytest.mark.parametrize(
    "puzzle",
    [
        lo.grid(3, 4),  # a grid family (pos attributes)
        lo.Puzzle(nx.grid_graph((2, 3, 2))),  # a 3-D grid of tuple nodes, no pos
        families.hypercube(3),  # a graph with pos
        lo.Puzzle(nx.petersen_graph()),  # a plain graph: a computed layout
    ],
    ids=["grid", "3-D grid", "pos", "plain"],
)
def test_draw_and_play_place_lights_alike(puzzle: lo.Puzzle) -> None:
    pos = node_positions(puzzle)
    assert pos == node_positions(puzzle)
    drawn = [pos[v] for v in puzzle.nodes]
    assert _same_shape(drawn, _play_positions(puzzle))


def test_sources() -> None:
    assert placed_nodes(lo.grid(2, 2))[1] == "pos"
    assert placed_nodes(lo.Puzzle(nx.grid_2d_graph(2, 3))) == (
        {(r, c): (float(c), -float(r)) for r in range(2) for c in range(3)},
        "grid",
    )
    three = placed_nodes(lo.Puzzle(nx.grid_graph((2, 2, 2))))
    assert three[1] == "grid"
    assert three[0][(0, 0, 1)] == (OBLIQUE[0], -OBLIQUE[1] * 0 + OBLIQUE[1])
    assert placed_nodes(lo.Puzzle(nx.path_graph(4)))[1] == "layout"
    assert placed_nodes(lo.Puzzle(nx.empty_graph(1))) == ({0: (0.0, 0.0)}, "layout")


def test_three_d_pos_uses_the_same_projection_as_tuple_nodes() -> None:
    g = nx.path_graph(2)
    nx.set_node_attributes(g, {0: (0, 0, 0), 1: (0, 0, 1)}, "pos")
    pos, source = placed_nodes(lo.Puzzle(g))
    assert source == "pos"
    assert pos[1] == OBLIQUE


def test_coinciding_or_bad_pos() -> None:
    g = nx.path_graph(3)
    nx.set_node_attributes(g, {0: (0, 0), 1: (0, 0), 2: (1, 0)}, "pos")
    pos, source = placed_nodes(lo.Puzzle(g))
    assert source == "layout"
    assert len(set(pos.values())) == 3
    nx.set_node_attributes(g, {0: (0, 0), 1: "here", 2: (1, 0)}, "pos")
    with pytest.raises(InvalidPuzzleError, match="Node 1 has attribute 'pos'"):
        node_positions(lo.Puzzle(g))


def test_seed_and_copies() -> None:
    split = lo.Puzzle(nx.disjoint_union(nx.path_graph(3), nx.path_graph(2)))
    assert node_positions(split, seed=1) == node_positions(split, seed=1)
    pos = node_positions(split)
    pos[0] = (99.0, 99.0)
    assert node_positions(split)[0] != (99.0, 99.0)


def test_grid_layout() -> None:
    layout = grid_layout(lo.grid(2, 3))
    assert layout is not None and layout.shape == (2, 3) and layout.at[(1, 2)] == (1, 2)
    sparse = lo.Puzzle(nx.Graph([((0, 0), (5, 5))]))
    assert grid_layout(sparse) is None


@pytest.mark.parametrize(
    ("puzzle", "squares"),
    [
        (lo.grid(2, 3), True),
        (families.king(3, 3), True),
        (families.cube_surface(), True),  # a net of squares
        (families.hexagonal(2, 2), False),  # (row, column) nodes, but not a square lattice
        (families.petersen(), False),
        (lo.Puzzle(nx.path_graph(3)), False),
    ],
)
def test_squares_in_pictures_are_tiles_on_pages(puzzle: lo.Puzzle, squares: bool) -> None:
    assert (square_shape(puzzle) is not None) is squares
    assert (play_data(puzzle)["shape"] == "tile") is squares


def test_positions_of_grids_families_tuples_and_graphs() -> None:
    assert node_positions(lo.grid(2, 3))[(1, 2)] == (2.0, -1.0)
    cube = make("hypercube", d=4)
    stored = nx.get_node_attributes(cube.graph, "pos")
    assert node_positions(cube) == {v: tuple(map(float, stored[v])) for v in cube.nodes}
    bare = lo.Puzzle(nx.grid_graph((2, 3, 4)))  # tuple nodes without pos: a projection
    pos = node_positions(bare)
    assert len({(round(x, 6), round(y, 6)) for x, y in pos.values()}) == bare.n
    petersen = node_positions(lo.Puzzle(nx.petersen_graph()))
    again = node_positions(lo.Puzzle(nx.petersen_graph()))
    assert petersen == again  # deterministic layout
    split = lo.Puzzle(nx.disjoint_union(nx.path_graph(3), nx.path_graph(2)))
    assert len(node_positions(split)) == 5
    assert node_positions(lo.Puzzle(nx.empty_graph(1))) == {0: (0.0, 0.0)}


def test_where_a_grid_is_drawn() -> None:
    assert placed_nodes(lo.grid(2, 2))[0][(1, 0)] == (0.0, -1.0)
    assert square_shape(lo.grid(2, 3)) == (2, 3)
    assert square_shape(lo.Puzzle(nx.path_graph(3))) is None
