"""Ring puzzles of 4-D polytopes, checked against nanma80/lights_out_4d's published values."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import (
    POLYTOPES,
    make,
    polytope_rings,
    ring_press_map,
    ring_puzzle,
)

# Published by nanma80/lights_out_4d @3de2e90: spec.md (its tables of vertices, rings, GF(2)
# rank of the vertex x ring incidence matrix, God's number and move distributions) and
# tools/gods_number.py (the 16-cell's rings). Copied from the project's peers_data file
# nanma80_polytopes.json. "dist": fewest clicks -> number of reachable ring states.
PUBLISHED: dict[str, dict] = {
    "16-cell": {"vertices": 8, "rings": 6, "rank": 3, "gods": 2, "dist": {0: 1, 1: 4, 2: 3}},
    "24-cell": {
        "vertices": 24,
        "rings": 16,
        "rank": 8,
        "gods": 4,
        "dist": {0: 1, 1: 12, 2: 66, 3: 116, 4: 61},
    },
    "600-cell": {"vertices": 120, "rings": 72, "rank": 36},
    "bideca": {"vertices": 10, "rings": 10, "rank": 4, "gods": 2, "dist": {0: 1, 1: 5, 2: 10}},
    "{4}+{4}": {"vertices": 8, "rings": 6, "rank": 3, "gods": 2},
    "{6}+{6}": {
        "vertices": 12,
        "rings": 11,
        "rank": 6,
        "gods": 6,
        "dist": {0: 1, 1: 6, 2: 15, 3: 20, 4: 15, 5: 6, 6: 1},
    },
    "{8}+{8}": {"vertices": 16, "rings": 18, "rank": 7, "gods": 4},
    "{10}+{10}": {"vertices": 20, "rings": 27, "rank": 10, "gods": 10},
    "{12}+{12}": {"vertices": 24, "rings": 38, "rank": 11, "gods": 6},
    "{4}+{6}": {"vertices": 10, "rings": 8, "rank": 5, "gods": 5},
    "{4}+{8}": {"vertices": 12, "rings": 10, "rank": 5, "gods": 3},
    "{4}+{10}": {"vertices": 14, "rings": 12, "rank": 7, "gods": 7},
    "{6}+{8}": {"vertices": 14, "rings": 14, "rank": 7, "gods": 7},
    "{6}+{10}": {"vertices": 16, "rings": 17, "rank": 8, "gods": 8},
    "{8}+{12}": {"vertices": 20, "rings": 26, "rank": 9, "gods": 5},
}
RINGS_16CELL = [[0, 2, 1, 3], [0, 4, 1, 5], [0, 6, 1, 7], [2, 4, 3, 5], [2, 6, 3, 7], [4, 6, 5, 7]]

# The polytope facts every reference gives: edges, and how many rings pass through a vertex.
EDGES = {"16-cell": 24, "24-cell": 96, "600-cell": 720, "bideca": 40}
RINGS_PER_VERTEX = {"16-cell": 3, "24-cell": 4, "600-cell": 6, "bideca": 4}
RING_LENGTH = {"16-cell": 4, "24-cell": 6, "600-cell": 10, "bideca": 4}


def incidence(name: str) -> np.ndarray:
    """Rows = rings, columns = vertices: 1 where the ring passes through the vertex."""
    vertices, rings = polytope_rings(name)
    m = np.zeros((len(rings), len(vertices)), dtype=np.int64)
    for j, ring in enumerate(rings):
        m[j, list(ring)] = 1
    return m


def bfs_distribution(m: np.ndarray) -> dict[int, int]:
    """Fewest clicks -> number of ring states, by breadth-first search over ring bitmasks."""
    columns = [int(sum(1 << j for j in np.flatnonzero(col))) for col in m.T]
    depth = {0: 0}
    frontier = [0]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for state in frontier:
            for col in columns:
                other = state ^ col
                if other not in depth:
                    depth[other] = d
                    nxt.append(other)
        frontier = nxt
    return dict(sorted(Counter(depth.values()).items()))


def ring_edges(rings: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    return [(min(a, b), max(a, b)) for r in rings for a, b in zip(r, r[1:] + r[:1], strict=True)]


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_counts_and_gf2_rank_match_nanma80(name: str) -> None:
    expected = PUBLISHED[name]
    vertices, rings = polytope_rings(name)
    assert len(vertices) == expected["vertices"]
    assert len(rings) == expected["rings"]
    m = incidence(name)
    assert zk.rank(m, 2) == expected["rank"]
    assert zk.factorize(m, 2).image_size == 2 ** expected["rank"]  # reachable ring states


@pytest.mark.parametrize("name", sorted(n for n in PUBLISHED if "gods" in PUBLISHED[n]))
def test_gods_number_and_move_distribution_by_breadth_first_search(name: str) -> None:
    expected = PUBLISHED[name]
    dist = bfs_distribution(incidence(name))
    assert sum(dist.values()) == 2 ** expected["rank"]
    assert max(dist) == expected["gods"]
    if "dist" in expected:
        assert dist == expected["dist"]


@pytest.mark.parametrize("name", ["16-cell", "24-cell", "bideca", "{6}+{6}"])
def test_the_package_depth_search_agrees(name: str) -> None:
    # the vertices' own lights never change, so the depths are those of the ring states
    assert lo.depth_distribution(ring_puzzle(name)) == bfs_distribution(incidence(name))


def test_16cell_rings_are_nanma80s_exactly() -> None:
    vertices, rings = polytope_rings("16-cell")
    assert [list(r) for r in rings] == RINGS_16CELL
    assert vertices.tolist() == [
        [s * (i == axis) for i in range(4)] for axis in range(4) for s in (1, -1)
    ]


@pytest.mark.parametrize("name", POLYTOPES)
def test_geometry(name: str) -> None:
    vertices, rings = polytope_rings(name)
    norms = np.linalg.norm(vertices, axis=1)
    assert np.allclose(norms, norms[0])
    if name != "24-cell":  # the 24-cell keeps its integer coordinates (±1, ±1, 0, 0)
        assert np.allclose(norms, 1.0)
    assert len({tuple(v) for v in vertices.round(9).tolist()}) == len(vertices)
    edges = ring_edges(rings)
    assert len(edges) == len(set(edges)) == EDGES[name]  # every edge on exactly one ring
    assert {len(r) for r in rings} == {RING_LENGTH[name]}
    per_vertex = Counter(v for r in rings for v in r)
    assert set(per_vertex.values()) == {RINGS_PER_VERTEX[name]}
    assert len(per_vertex) == len(vertices)


@pytest.mark.parametrize("name", ["16-cell", "24-cell", "600-cell"])
def test_rings_are_the_great_circles_through_the_nearest_pairs(name: str) -> None:
    # An independent floating-point construction: edges are the pairs at the smallest
    # distance; the ring of an edge is every vertex in the plane it spans (numerical rank 2).
    vertices, rings = polytope_rings(name)
    gram = vertices @ vertices.T
    off = gram - np.eye(len(vertices)) * gram.max() * 2
    nearest = off.max()
    edges = {(i, j) for i, j in zip(*np.nonzero(np.isclose(off, nearest)), strict=True) if i < j}
    assert set(ring_edges(rings)) == edges
    planes = set()
    for i, j in edges:
        members = [
            w
            for w in range(len(vertices))
            if np.linalg.matrix_rank(vertices[[i, j, w]], tol=1e-9) == 2
        ]
        planes.add(frozenset(members))
    assert planes == {frozenset(r) for r in rings}
    for ring in rings:  # consecutive vertices of a ring are joined by an edge
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            assert np.isclose(vertices[a] @ vertices[b], nearest)


def test_bideca_is_plus_and_minus_a_regular_5cell() -> None:
    vertices, rings = polytope_rings("bideca")
    simplex = vertices[0::2]
    assert np.allclose(vertices[1::2], -simplex)
    gram = simplex @ simplex.T
    assert np.allclose(gram, np.where(np.eye(5, dtype=bool), 1.0, -0.25))
    # each ring is the great circle through two simplex vertices and their antipodes
    assert {frozenset(r) for r in rings} == {
        frozenset({2 * a, 2 * a + 1, 2 * b, 2 * b + 1})
        for a, b in itertools.combinations(range(5), 2)
    }


@pytest.mark.parametrize(("p", "q"), [(4, 4), (4, 6), (6, 8), (8, 12), (10, 10)])
def test_duopyramid_rings_are_great_circles_through_its_edges(p: int, q: int) -> None:
    vertices, rings = polytope_rings(f"{{{p}}}+{{{q}}}")
    assert len(vertices) == p + q
    assert np.allclose(np.linalg.norm(vertices, axis=1), 1.0)
    # the duopyramid's edges: the sides of both polygons and every pair across them
    sides = {(i, (i + 1) % p) for i in range(p)} | {(p + j, p + (j + 1) % q) for j in range(q)}
    cross = {(i, p + j) for i in range(p) for j in range(q)}
    edges = {(min(a, b), max(a, b)) for a, b in sides | cross}
    assert sorted(ring_edges(rings)) == sorted(edges)  # each edge on exactly one ring
    for ring in rings:
        assert np.linalg.matrix_rank(vertices[list(ring)], tol=1e-9) == 2


def test_the_16cell_is_the_4_4_duopyramid() -> None:
    assert bfs_distribution(incidence("16-cell")) == bfs_distribution(incidence("{4}+{4}"))
    assert zk.rank(incidence("{4}+{4}"), 2) == zk.rank(incidence("16-cell"), 2)


@pytest.mark.parametrize("name", POLYTOPES)
def test_ring_puzzle_press_matrix_is_the_incidence_matrix(name: str) -> None:
    p = ring_puzzle(name)
    vertices, rings = polytope_rings(name)
    buttons = [f"v{i}" for i in range(len(vertices))]
    lights = [f"r{j}" for j in range(len(rings))]
    assert p.nodes == (*buttons, *lights)
    assert p.pressable == tuple(buttons)
    assert p.family == lo.FamilyInfo("ring_puzzle", {"name": name})
    assert p.lights == tuple(lights)  # the vertices are buttons without lights
    assert p.n == len(rings)
    assert (p.press_matrix().toarray() == incidence(name)).all()
    t = p.toggle_matrix().toarray()
    assert not t[[p.index[b] for b in buttons]].any()
    assert lo.analyze(p).rank == PUBLISHED[name]["rank"]
    press_map = ring_press_map(name)
    assert list(press_map) == buttons
    for i, ring_ids in enumerate(press_map.values()):
        assert ring_ids == [f"r{j}" for j, r in enumerate(rings) if i in r]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["16-cell", "24-cell", "bideca"]), st.data())
def test_presses_replay_on_the_rings(name: str, data: st.DataObject) -> None:
    p = ring_puzzle(name)
    presses = data.draw(st.lists(st.sampled_from(p.pressable), max_size=8))
    state: dict[object, int] = dict.fromkeys(p.lights, 0)
    for button in presses:
        state = p.press(state, button)
    x = np.zeros(len(p.pressable), dtype=np.int64)
    for button in presses:
        x[p.pressable.index(button)] ^= 1
    rings = incidence(name) @ x % 2
    assert list(state) == list(p.lights)  # states name the rings only
    assert [state[f"r{j}"] for j in range(len(rings))] == rings.tolist()
    board = [state[v] for v in p.lights]
    solution = lo.solve(p, board, minimize=True)
    assert solution.verify()
    assert solution.num_presses <= min(len(presses), PUBLISHED[name]["gods"])


def test_make_and_modulus() -> None:
    p = make("ring_puzzle", name="600-cell")
    assert (p.n, len(p.pressable), len(p.nodes)) == (72, 120, 192)
    q = ring_puzzle("24-cell", modulus=3)
    assert q.modulus == 3
    assert lo.analyze(q).rank == zk.rank(incidence("24-cell"), 3)


def test_results_are_cached_but_read_only() -> None:
    vertices, _ = polytope_rings("600-cell")
    assert polytope_rings("600-cell")[0] is vertices
    with pytest.raises(ValueError, match="read-only"):
        vertices[0, 0] = 2.0


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("120-cell", ["'120-cell'", "16-cell", "600-cell"]),
        ("", ["''"]),
        (24, ["24"]),
        (None, ["None"]),
        ("{5}+{6}", ["'{5}+{6}'", "even"]),
        ("{2}+{6}", ["even p and q from 4"]),
        ("{4}+{100000}", ["1000"]),
    ],
)
def test_bad_names_are_refused_by_name(name: object, words: list[str]) -> None:
    for func in (polytope_rings, ring_press_map, ring_puzzle):
        with pytest.raises(InvalidPuzzleError) as info:
            func(name)  # type: ignore[arg-type]
        for word in words:
            assert word in str(info.value)
    with pytest.raises(InvalidPuzzleError, match="ring_puzzle"):
        make("ring_puzzle", name="16-cell", rule="closed")


def test_polytope_values_over_the_rings() -> None:
    # nanma80/lights_out_4d: the 16-cell has rank 3 (8 of the 64 ring states reachable), the
    # 24-cell rank 8 and God's number 4; the vertices are buttons without lights.
    a = lo.analyze(ring_puzzle("16-cell"))
    assert (a.n, a.rank, a.solvable_states, a.solvable_fraction) == (6, 3, 2**3, Fraction(1, 8))
    p = ring_puzzle("24-cell")
    a = lo.analyze(p)
    assert (a.n, a.rank, a.solvable_states) == (16, 8, 2**8)
    assert a.solvable_fraction == Fraction(2**8, 2**16)
    assert lo.gods_number(p) == 4
    with pytest.raises(lo.InvalidStateError, match="button without a light"):
        p.state_vector({"v0": 1})
