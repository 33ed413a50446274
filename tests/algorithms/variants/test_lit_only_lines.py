"""The token game on line graphs of multigraphs, against the breadth-first search."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph import connected_components

import lightsout_graphs as lo
from lightsout_graphs.algorithms.variants import _lit_only_lines as lines
from lightsout_graphs.algorithms.variants import _lit_only_theory as theory
from lightsout_graphs.algorithms.variants import lit_only_orbit, lit_only_reachable
from lightsout_graphs.algorithms.variants._lit_only_lines import TokenGame, find_line_root

ATLAS = nx.graph_atlas_g()[1:]


def multigraph_line_masks(edges: list[tuple[int, int]]) -> list[int]:
    """The line graph of a multigraph (edges meeting in exactly one vertex are adjacent)."""
    return [
        sum(1 << u for u, f in enumerate(edges) if u != v and len({e[0], e[1]} & {f[0], f[1]}) == 1)
        for v, e in enumerate(edges)
    ]


def line_masks_by_incidence(edges: list[tuple[int, int]]) -> list[int]:
    """:func:`multigraph_line_masks` through the edges at each vertex, for large multigraphs:
    the edges at either end of e, less those at both ends (e and the edges parallel to it)."""
    at: dict[int, int] = {}
    for i, (a, b) in enumerate(edges):
        at[a] = at.get(a, 0) | 1 << i
        at[b] = at.get(b, 0) | 1 << i
    out = []
    for v, (a, b) in enumerate(edges):
        near = at[a] & ~(1 << v) if a == b else (at[a] | at[b]) & ~(at[a] & at[b])
        out.append(near)
    return out


def connected(masks: list[int]) -> bool:
    seen, stack = 1, [0]
    while stack:
        v = stack.pop()
        new = masks[v] & ~seen
        seen |= new
        stack.extend(i for i in range(len(masks)) if new >> i & 1)
    return seen == (1 << len(masks)) - 1


def search_orbits(masks: list[int]) -> list[np.ndarray]:
    """The orbits of the token game by a search of its whole state graph, independent of the
    library: one edge ``x — x ^ masks[v]`` for every lit v of every board x (a press is undone
    by pressing v again, as no node is its own neighbour), and scipy's connected components.
    Each orbit lists its boards in increasing order; the orbits come by their least board."""
    n = len(masks)
    assert all(not m >> v & 1 for v, m in enumerate(masks))
    states = np.arange(1 << n, dtype=np.int64)
    lit = [states[(states >> v) & 1 == 1] for v in range(n)]
    src = np.concatenate(lit)
    dst = np.concatenate([x ^ m for x, m in zip(lit, masks, strict=True)])
    graph = sp.coo_array((np.ones(src.size), (src, dst)), shape=(1 << n, 1 << n))
    _, labels = connected_components(graph, directed=False)
    order = np.argsort(labels, kind="stable")  # boards increasing within each label
    cuts = np.flatnonzero(np.diff(labels[order])) + 1
    return sorted(np.split(order.astype(np.int64), cuts), key=lambda o: int(o[0]))


def replay(masks: list[int], a: int, presses: list[int]) -> int:
    x = a
    for v in presses:
        assert x >> v & 1, "a dark node was pressed"
        x ^= masks[v]
    return x


def check_game(masks: list[int], rng: np.random.Generator) -> None:
    root = find_line_root(masks)
    assert root is not None
    game = TokenGame(masks, root)
    keys: set[tuple[int, int]] = set()
    fewest = 0
    for members in search_orbits(masks):
        found = {game.orbit_key(int(x)) for x in members}
        assert len(found) == 1  # the key is constant on an orbit ...
        key = found.pop()
        assert key not in keys  # ... and differs between orbits
        keys.add(key)
        assert game.orbit_size(int(members[0])) == members.size
        fewest = max(fewest, int(np.bitwise_count(members).min()))
        for _ in range(2):
            a, b = (int(v) for v in rng.choice(members, 2))
            assert replay(masks, a, game.connect(a, b) or []) == b
    assert game.min_light(theory.coset_leader_weights, 22) == fewest


def test_every_atlas_line_graph_against_the_search() -> None:
    rng = np.random.default_rng(0)
    count = 0
    for g in ATLAS:
        if not nx.is_connected(g):
            continue
        masks = [sum(1 << u for u in g[v]) for v in sorted(g)]
        if find_line_root(masks) is None:
            continue
        check_game(masks, rng)
        count += 1
    assert count == 406


@st.composite
def multigraphs(draw: st.DrawFn) -> list[tuple[int, int]]:
    m = draw(st.integers(2, 9))
    pairs = [(i, j) for i in range(m) for j in range(i + 1, m)]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=13))
    return chosen


# Many parallel edges on a triangle: min_light counts the unbalanced orbits class by class.
TRIANGLE_CLASSES = [(0, 1), (1, 2), (0, 2), (0, 2), (0, 2), (1, 2), (0, 1)]
TRIANGLE_CLASSES += [(0, 2), (0, 1), (0, 2), (1, 2), (1, 2), (1, 2)]


@settings(max_examples=80, deadline=None)
@given(multigraphs(), st.integers(0, 2**32 - 1))
@example(TRIANGLE_CLASSES, 0)
def test_random_multigraph_line_graphs_against_the_search(
    edges: list[tuple[int, int]], seed: int
) -> None:
    masks = multigraph_line_masks(edges)
    assert line_masks_by_incidence(edges) == masks
    loops = [*edges, (0, 0), (edges[0][1], edges[0][1])]
    assert line_masks_by_incidence(loops) == multigraph_line_masks(loops)
    if not connected(masks):
        return
    root = find_line_root(masks)
    assert root is not None
    ends = root.ends
    assert multigraph_line_masks(ends) == masks  # the root found is a root
    check_game(masks, np.random.default_rng(seed))


@settings(max_examples=60, deadline=None)
@given(multigraphs())
def test_cut_profile_dynamic_programme_against_every_labelling(
    edges: list[tuple[int, int]],
) -> None:
    masks = multigraph_line_masks(edges)
    if not connected(masks):
        return
    root = find_line_root(masks)
    assert root is not None
    game = TokenGame(masks, root)
    brute = game.cut_profile()
    old = lines.BRUTE_VERTICES
    lines.BRUTE_VERTICES = 0
    try:
        programme = game.cut_profile()
    finally:
        lines.BRUTE_VERTICES = old
    assert programme is not None and brute is not None
    assert programme.tolist() == brute.tolist()


@settings(max_examples=60, deadline=None)
@given(multigraphs())
def test_both_routes_of_the_unbalanced_orbits_agree_with_the_search(
    edges: list[tuple[int, int]],
) -> None:
    # The coset route (leader weights over the syndromes) and the count route (per parallel
    # class, every vertex set): each against the search.
    masks = multigraph_line_masks(edges)
    if not connected(masks):
        return
    root = find_line_root(masks)
    assert root is not None
    game = TokenGame(masks, root)
    expected = max(int(np.bitwise_count(o).min()) for o in search_orbits(masks))
    profile = game.cut_profile()
    assert profile is not None
    balanced = int(profile[1 : game.m].max()) if game.m > 1 else 0
    by_classes = game._unbalanced_by_classes(game._simple_edges()) if game.off_tree else 0
    assert max(balanced, by_classes) == expected
    old = lines.CLASS_WORK
    lines.CLASS_WORK = 0
    try:
        assert game.min_light(theory.coset_leader_weights, 22) == expected
    finally:
        lines.CLASS_WORK = old


def test_non_line_graphs_have_no_root() -> None:
    for g in ATLAS:
        if len(g) == 6 and nx.is_connected(g):
            masks = [sum(1 << u for u in g[v]) for v in sorted(g)]
            root = find_line_root(masks)
            if root is not None:
                assert multigraph_line_masks(root.ends) == masks


def test_twins_that_are_not_parallel_use_the_small_match(monkeypatch: pytest.MonkeyPatch) -> None:
    # In L(K4) opposite edges are twins without being parallel. When the line-graph algorithm
    # is not used, the six-node quotient is matched against the pairs of four vertices.
    masks = multigraph_line_masks([(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)])

    def refuse(graph: nx.Graph) -> nx.Graph:
        raise nx.NetworkXError("refused")

    monkeypatch.setattr(lines.nx, "inverse_line_graph", refuse)
    root = find_line_root(masks)
    assert root is not None and multigraph_line_masks(root.ends) == masks
    check_game(masks, np.random.default_rng(1))


def walk(masks: list[int], x: int, steps: int, rng: np.random.Generator) -> int:
    for _ in range(steps):
        lit = [v for v in range(len(masks)) if x >> v & 1]
        if not lit:
            return x
        x ^= masks[lit[int(rng.integers(len(lit)))]]
    return x


@pytest.mark.parametrize(
    "graph",
    [
        nx.path_graph(600),
        nx.cycle_graph(401),
        nx.line_graph(nx.grid_2d_graph(12, 12)),
        nx.Graph([(v, v + 1) for v in range(297)] + [(296, 299)]),  # the Dynkin tree D300
    ],
    ids=["path600", "cycle401", "L(grid12)", "D300"],
)
def test_large_line_graphs_get_replayed_sequences(graph: nx.Graph) -> None:
    p = lo.Puzzle(graph, rule="open")
    n = len(p.nodes)
    masks = theory.neighbour_masks(p.toggle_matrix())
    rng = np.random.default_rng(n)
    for _ in range(3):
        a = theory.bits_of(rng.integers(0, 2, n))
        b = walk(masks, a, 3 * n, rng)
        r = lit_only_reachable(p, theory.vector_of(a, n), theory.vector_of(b, n))
        assert (r.reachable, r.method) == (True, "theory") and r.verify()
    orbit = lit_only_orbit(p, theory.vector_of(1, n))
    assert orbit.method == "theory" and orbit.size is not None and orbit.size <= orbit.bound
    assert orbit.certificate[0].startswith("line graph of a multigraph")


def test_min_light_numbers_of_families() -> None:
    # Paths: one light (Wang and Wu's bound ceil(l/2) for l = 2 leaves). Cycles: two.
    # Stars K_{1,l}: floor(l/2), a board of l/2 lit leaves and its complement (the search
    # agrees), within Wang and Wu's ceil(l/2).
    assert lo.min_light_number(lo.Puzzle(nx.path_graph(200), rule="open")) == 1
    assert lo.min_light_number(lo.Puzzle(nx.cycle_graph(101), rule="open")) == 2
    for leaves in range(2, 9):
        star = lo.Puzzle(nx.star_graph(leaves), rule="open")
        found = lo.min_light_number(star, max_states=1)
        masks = theory.neighbour_masks(star.toggle_matrix())
        assert found == leaves // 2 == theory._component_min_light(masks)


def test_star_split_agrees_with_the_general_algorithm(monkeypatch: pytest.MonkeyPatch) -> None:
    # The odd-triangle split (used on large graphs) on every connected atlas graph and on
    # random multigraph line graphs: it finds a root exactly when the graph is a line graph
    # of a multigraph (a wrong guess is refused by the edge-by-edge check and the general
    # algorithm runs), and the root it finds is one.
    expected = {}
    for g in ATLAS:
        if nx.is_connected(g):
            masks = [sum(1 << u for u in g[v]) for v in sorted(g)]
            expected[tuple(masks)] = find_line_root(masks) is not None
    monkeypatch.setattr(lines, "STAR_QUOTIENT", 0)
    monkeypatch.setattr(lines, "_networkx_root", lambda quotient: None)
    agree = 0
    for masks, is_line in expected.items():
        root = find_line_root(list(masks))
        if root is not None:
            assert multigraph_line_masks(root.ends) == list(masks)
        agree += (root is not None) == is_line
    # With the match of quotients of at most six classes behind it, the split decides all.
    assert agree == len(expected)


def test_large_line_graph_of_a_grid_is_recognised() -> None:
    g = nx.convert_node_labels_to_integers(nx.line_graph(nx.grid_2d_graph(50, 50)))
    masks = [sum(1 << u for u in g[v]) for v in range(len(g))]
    root = find_line_root(masks)
    assert root is not None and root.order == 2500
    assert line_masks_by_incidence(root.ends) == masks
