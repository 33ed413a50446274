"""The Platonic solids and the Lights Out Cube surface."""

from __future__ import annotations

import networkx as nx
import pytest

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import (
    cube,
    cube_surface,
    dodecahedron,
    icosahedron,
    octahedron,
    solid_graph,
    tetrahedron,
)


@pytest.mark.parametrize(
    ("make", "reference", "nodes", "edges", "degree"),
    [
        (tetrahedron, nx.tetrahedral_graph, 4, 6, 3),
        (cube, nx.cubical_graph, 8, 12, 3),
        (octahedron, nx.octahedral_graph, 6, 12, 4),
        (dodecahedron, nx.dodecahedral_graph, 20, 30, 3),
        (icosahedron, nx.icosahedral_graph, 12, 30, 5),
    ],
)
def test_platonic_solids(make, reference, nodes, edges, degree) -> None:  # type: ignore[no-untyped-def]
    p = make()
    assert (p.n, p.graph.number_of_edges()) == (nodes, edges)
    assert {d for _, d in p.graph.degree} == {degree}
    assert nx.is_isomorphic(p.graph, reference())
    pos = [p.graph.nodes[v]["pos"] for v in p.nodes]
    assert len({(round(x, 6), round(y, 6)) for x, y in pos}) == nodes
    assert p.family.name == make.__name__
    first = p.nodes[0]
    assert sum(p.press(0, first).values()) == degree + 1
    assert sum(make(rule="open").press(0, first).values()) == degree


def test_cube_nodes_are_coordinates() -> None:
    p = cube()
    assert set(p.nodes) == {(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 1)}
    for u, v in p.graph.edges:
        assert sum(a != b for a, b in zip(u, v, strict=True)) == 1


def test_unknown_solid() -> None:
    with pytest.raises(InvalidPuzzleError, match="hexahedron"):
        solid_graph("hexahedron")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_cube_surface_counts(n: int) -> None:
    p = cube_surface(n)
    assert p.n == 6 * n * n
    assert p.graph.number_of_edges() == 12 * n * n  # 4-regular
    assert {d for _, d in p.graph.degree} == {4}
    assert nx.is_connected(p.graph)


def test_cube_surface_one_is_the_octahedron() -> None:
    assert nx.is_isomorphic(cube_surface(1).graph, nx.octahedral_graph())


def test_cube_surface_neighbours_across_edges() -> None:
    g = cube_surface(3).graph
    # faces: 0 up, 1 left, 2 front, 3 right, 4 back, 5 down (cross-shaped net)
    assert sorted(g[(2, 1, 1)]) == [(2, 0, 1), (2, 1, 0), (2, 1, 2), (2, 2, 1)]
    assert sorted(g[(2, 0, 0)]) == [(0, 2, 0), (1, 0, 2), (2, 0, 1), (2, 1, 0)]
    assert sorted(g[(2, 2, 2)]) == [(2, 1, 2), (2, 2, 1), (3, 2, 0), (5, 0, 2)]
    assert (4, 1, 0) in g[(3, 1, 2)]  # right face's right edge meets the back face
    assert (1, 1, 2) in g[(2, 1, 0)]
    assert (0, 0, 1) in g[(4, 0, 1)]  # back face's top middle meets the up face's back row
    assert (5, 2, 1) in g[(4, 2, 1)]


def test_cube_surface_net_positions() -> None:
    g = cube_surface(2).graph
    assert g.nodes[(2, 0, 0)]["pos"] == (2.0, -2.0)  # front face sits at net cell (1, 1)
    assert g.nodes[(0, 0, 0)]["pos"] == (2.0, 0.0)
    assert len({g.nodes[v]["pos"] for v in g}) == 24


def test_lights_out_cube_press() -> None:
    p = cube_surface(3)
    assert p.family.params == {"n": 3}  # type: ignore[union-attr]
    assert sum(p.press(0, (0, 0, 0)).values()) == 5


def _cross(p: tuple, q: tuple, r: tuple) -> float:  # type: ignore[type-arg]
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


@pytest.mark.parametrize(
    "solid", ["tetrahedron", "cube", "octahedron", "dodecahedron", "icosahedron"]
)
def test_solid_drawings_are_planar(solid: str) -> None:
    g = solid_graph(solid)
    pos = nx.get_node_attributes(g, "pos")
    edges = list(g.edges)
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1 :]:
            if {a, b} & {c, d}:
                continue
            pa, pb, pc, pd = pos[a], pos[b], pos[c], pos[d]
            d1, d2 = _cross(pc, pd, pa), _cross(pc, pd, pb)
            d3, d4 = _cross(pa, pb, pc), _cross(pa, pb, pd)
            assert not (d1 * d2 < 0 and d3 * d4 < 0), f"edges {a}-{b} and {c}-{d} cross"
