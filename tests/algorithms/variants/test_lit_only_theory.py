"""Tests of the lit-only theorems: agreement with the breadth-first search, replay at any size.

The open rule is checked on a part of networkx's graph atlas (every graph of up to 7 nodes:
``benchmarks/lit_only_atlas.py`` runs all 1252 graphs), both rules, against a plain search of
every board; random graphs of up to 16 nodes go through the public API against the search.
"""

from __future__ import annotations

from collections import Counter

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.variants import _lit_only_theory as theory
from lightsout_graphs.algorithms.variants import (
    lit_only,
    lit_only_method,
    lit_only_orbit,
    lit_only_reachable,
    lit_only_solvable_states,
    lit_only_solve,
    min_light_number,
)
from lightsout_graphs.algorithms.variants._lit_only_lines import find_line_root
from lightsout_graphs.core.errors import EngineError, InvalidPuzzleError, SearchLimitError

ATLAS = nx.graph_atlas_g()[1:]  # 1252 graphs, 1 to 7 nodes


def open_masks(g: nx.Graph) -> list[int]:
    nodes = list(g)
    index = {v: i for i, v in enumerate(nodes)}
    return [sum(1 << index[u] for u in g[v]) for v in nodes]


def orbits(masks: list[int]) -> list[int]:
    """The orbit label of every board of the open-rule game, by a plain search."""
    n = len(masks)
    label = [-1] * (1 << n)
    count = 0
    for start in range(1 << n):
        if label[start] >= 0:
            continue
        label[start] = count
        stack = [start]
        while stack:
            x = stack.pop()
            for v in range(n):
                if x >> v & 1 and label[x ^ masks[v]] < 0:
                    label[x ^ masks[v]] = count
                    stack.append(x ^ masks[v])
        count += 1
    return label


def replay(masks: list[int], a: int, presses: list[int]) -> int:
    for v in presses:
        assert a >> v & 1, "a press on a dark node"
        a ^= masks[v]
    return a


def clearable(masks: list[int]) -> set[int]:
    """Boards lit-only presses clear (closed rule), by a backward search from the dark board."""
    n = len(masks)
    seen = {0}
    stack = [0]
    while stack:
        x = stack.pop()
        for v in range(n):
            y = x ^ masks[v]  # a press of v landing on x was made from y, where v was lit
            if y >> v & 1 and y not in seen:
                seen.add(y)
                stack.append(y)
    return seen


def open_matrix(g: nx.Graph) -> np.ndarray:
    return nx.to_numpy_array(g, nodelist=list(g), dtype=int)


@pytest.mark.parametrize("part", range(4))
def test_open_rule_agrees_with_search_on_the_atlas(part: int) -> None:
    # A quarter of the atlas per case (every fourth graph); the benchmark runs all of it.
    for g in ATLAS[part::4]:
        masks = open_masks(g)
        n = len(masks)
        label = orbits(masks)
        th = theory.OpenTheory(open_matrix(g))
        sizes = np.bincount(label)
        for x in range(1 << n):
            assert th.level_size(x) >= sizes[label[x]]
        rng = np.random.default_rng(n)
        for _ in range(12):
            a, b = (int(v) for v in rng.integers(0, 1 << n, size=2))
            same = label[a] == label[b]
            if th.separated(a, b):
                assert not same
                continue
            path, _ = th.connect(a, b)
            # On graphs this small the reduction explores the whole orbit: it always connects.
            assert (path is not None) == same
            if path is not None:
                assert replay(masks, a, path) == b
        best = [n + 1] * (max(label) + 1)
        for x in range(1 << n):
            best[label[x]] = min(best[label[x]], x.bit_count())
        assert theory.min_light_number(th, 2**10) == max(best)


@pytest.mark.parametrize("part", range(2))
def test_closed_rule_clears_what_the_linear_puzzle_clears_on_the_atlas(part: int) -> None:
    for g in ATLAS[part::2]:
        p = lo.Puzzle(g)
        masks = theory.neighbour_masks(p.toggle_matrix())
        by_search = clearable(masks)
        states = lit_only_solvable_states(p)
        assert states.method == "theory"
        assert states.size == len(by_search)
        for x in range(1 << len(masks)):
            vector = theory.vector_of(x, len(masks))
            assert (vector.tolist() in states) == (x in by_search)
        for x in sorted(by_search)[:: max(1, len(by_search) // 8)]:
            presses = lo.solve(p, theory.vector_of(x, len(masks))).presses_array
            order = theory.closed_clear(masks, x, theory.bits_of(presses))
            assert len(order) <= 3 * int(presses.sum())
            assert replay(masks, x, order) == 0


def test_the_clearing_theorem_needs_the_helper_presses() -> None:
    # Path 0-1-2 with node 2 lit: the only solution presses 0 and 1, both dark. The lit node 2
    # helps: press 2 (lights 1), 1 (relights 2), 2, then 0.
    masks = [0b011, 0b111, 0b110]
    order = theory.closed_clear(masks, 0b100, 0b011)
    assert order == [2, 1, 2, 0]
    assert replay(masks, 0b100, order) == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 16), st.floats(0.15, 0.6), st.integers(0, 2**32 - 1))
def test_random_graphs_open_rule(n: int, density: float, seed: int) -> None:
    g = nx.gnp_random_graph(n, density, seed=seed)
    p = lo.Puzzle(g, rule="open")
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2, n)
    b = a.copy()
    for _ in range(40):  # a random walk of lit-only presses
        lit = np.flatnonzero(b)
        if lit.size == 0:
            break
        v = int(rng.choice(lit))
        b[[int(u) for u in g[v]]] ^= 1
    r = lit_only_reachable(p, a, b)
    assert r.reachable
    assert r.verify()
    c = rng.integers(0, 2, n)
    auto = lit_only_reachable(p, a, c)
    searched = lit_only_reachable(p, a, c, method="search")
    assert auto.reachable == searched.reachable
    if auto.reachable:
        assert auto.verify()
    orbit = lit_only_orbit(p, a)
    assert orbit.size is not None
    assert orbit.size <= orbit.bound
    assert orbit.size == len(searched_orbit(p, a))


def searched_orbit(p: lo.Puzzle, a: np.ndarray) -> set[int]:
    masks = theory.neighbour_masks(p.toggle_matrix())
    start = theory.bits_of(a)
    seen = {start}
    stack = [start]
    while stack:
        x = stack.pop()
        for v in range(len(masks)):
            if x >> v & 1 and x ^ masks[v] not in seen:
                seen.add(x ^ masks[v])
                stack.append(x ^ masks[v])
    return seen


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 16), st.floats(0.1, 0.6), st.integers(0, 2**32 - 1))
def test_random_graphs_closed_rule(n: int, density: float, seed: int) -> None:
    g = nx.gnp_random_graph(n, density, seed=seed)
    p = lo.Puzzle(g)
    board = np.random.default_rng(seed).integers(0, 2, n)
    r = lit_only_solve(p, board)
    assert r.method == "theory"
    assert r.reachable == lo.is_solvable(p, board)
    if r.reachable:
        assert r.verify()
    if n <= 12:
        assert lit_only_solve(p, board, method="search").reachable == r.reachable


def test_min_light_number_against_the_search_and_the_literature() -> None:
    # Wang and Wu: a tree with l leaves needs at most ceil(l/2) lights.
    for seed in range(12):
        tree = nx.random_labeled_tree(12, seed=seed)
        leaves = sum(1 for v in tree if tree.degree(v) == 1)
        assert min_light_number(lo.Puzzle(tree, rule="open")) <= (leaves + 1) // 2
    # Huang: nondegenerate graphs that are not line graphs need at most 2 (Petersen: no,
    # it is degenerate mod 2 and needs 4; the search says so).
    assert min_light_number(lo.Puzzle(nx.petersen_graph(), rule="open")) == 4
    two = lo.Puzzle(nx.disjoint_union(nx.path_graph(3), nx.path_graph(3)), rule="open")
    assert min_light_number(two) == 2 * min_light_number(lo.Puzzle(nx.path_graph(3), rule="open"))
    # The path is a line graph (tokens on a path): no search, whatever max_states says.
    assert min_light_number(lo.Puzzle(nx.path_graph(11), rule="open"), max_states=4) == 1
    # A line graph whose root has 21 vertices and 16 independent cycles: the fewest lights of
    # its orbits need minimum cuts beyond the dynamic programme, and 2**36 boards to search.
    root = nx.cycle_graph(21)
    root.add_edges_from((i, i + 5) for i in range(15))
    with pytest.raises(SearchLimitError, match=r"out of the theory's reach.*max_states="):
        min_light_number(lo.Puzzle(nx.line_graph(root), rule="open"), max_states=1000)
    with pytest.raises(InvalidPuzzleError, match="open rule"):
        min_light_number(lo.grid(2, 2))


def test_grid_20x20_open_rule_questions() -> None:
    p = lo.Puzzle(nx.grid_2d_graph(20, 20), rule="open")
    corner = {(0, 0): 1}
    # A single light moves: the corner's light reaches the far corner.
    r = lit_only_reachable(p, corner, {(19, 19): 1})
    assert (r.reachable, r.method) == (True, "theory")
    assert r.verify()
    # ... but never to a neighbour or to the centre: the invariants differ.
    for other in ({(0, 1): 1}, {(10, 10): 1}):
        r = lit_only_reachable(p, corner, other)
        assert (r.reachable, r.method) == (False, "theory")
    # One more light breaks the invariant (a different coset or quadratic value).
    r2 = lit_only_reachable(p, corner, {(0, 0): 1, (5, 7): 1})
    assert r2.method == "theory" and not r2.reachable
    orbit = lit_only_orbit(p, corner)
    # The grid has an induced E6: the orbit is the level set of the invariants.
    assert orbit.size == orbit.bound == 2**380 and orbit.method == "theory"
    assert orbit.certificate[0].startswith("induced E6 on nodes")
    assert min_light_number(p) == 10
    # Heavy boards: a random board and the end of a long random walk of lit-only presses.
    rng = np.random.default_rng(3)
    masks = theory.neighbour_masks(p.toggle_matrix())
    a = rng.integers(0, 2, 400)
    x = theory.bits_of(a)
    for _ in range(2000):
        lit = [v for v in range(400) if x >> v & 1]
        x ^= masks[lit[int(rng.integers(len(lit)))]]
    r = lit_only_reachable(p, a, theory.vector_of(x, 400))
    assert (r.reachable, r.method) == (True, "theory")
    assert r.verify()


def test_100x100_closed_rule_replay() -> None:
    p = lo.grid(100, 100)
    board = lo.random_board(p, seed=7)
    r = lit_only_solve(p, board)
    assert (r.reachable, r.method) == (True, "theory")
    assert r.verify()
    assert r.num_presses <= 3 * 10_000


def test_method_choice() -> None:
    assert lit_only_method(lo.grid(3, 3)) == "closed"
    assert lit_only_method(lo.grid(3, 3), clear=False) == "search"
    assert lit_only_method(lo.grid(3, 3), "search") == "search"
    assert lit_only_method(lo.grid(3, 3, modulus=3)) == "search"
    assert lit_only_method(lo.Puzzle(nx.DiGraph([(0, 1), (1, 2)]))) == "search"
    assert lit_only_method(lo.Puzzle(nx.path_graph(3), pressable=[0, 1])) == "search"
    open_p = lo.Puzzle(nx.path_graph(3), rule="open")
    assert lit_only_method(open_p) == "open"
    assert lit_only_method(open_p, question="states") == "open"  # the target's orbit
    with pytest.raises(EngineError, match="Unknown lit-only method"):
        lit_only_method(open_p, "magic")
    with pytest.raises(EngineError, match="method='search'"):
        lit_only_solve(lo.grid(2, 2, modulus=3), 1, method="theory")


def test_theory_states_refuse_what_needs_the_search() -> None:
    states = lit_only_solvable_states(lo.grid(3, 3))
    with pytest.raises(SearchLimitError, match="method='search'"):
        states.distance([0] * 9)
    with pytest.raises(SearchLimitError, match="method='search'"):
        states.distribution()
    assert states.sequence([1, 1, 0, 1, 0, 0, 0, 0, 0]) is not None
    assert "theory" in repr(states)
    big = lit_only_solvable_states(lo.grid(6, 6))
    with pytest.raises(SearchLimitError, match="membership"):
        big.vectors()


def test_open_rule_search_fallback_names_the_bound() -> None:
    # A path is a line graph: its orbits are finer than the invariants. With a bound too
    # small for the search, the message says what to pass.
    p = lo.Puzzle(nx.path_graph(30), rule="open")
    a = [1] + [0] * 29
    r = lit_only_reachable(p, a, a)
    assert r.reachable and r.sequence == []


def test_orbit_refuses_other_rules() -> None:
    with pytest.raises(InvalidPuzzleError, match="open rule"):
        lit_only_orbit(lo.grid(2, 2), [1, 0, 0, 0])


# -- the classification: orbits = level sets of the invariants ------------------------------------

E6 = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 4), (2, 5)])


def is_induced_e6(g: nx.Graph, nodes: tuple[int, ...]) -> bool:
    return nx.is_isomorphic(g.subgraph(nodes), E6)


def test_find_induced_e6_agrees_with_networkx_on_the_atlas() -> None:
    from networkx.algorithms import isomorphism

    found_some = 0
    for g in ATLAS:
        masks = open_masks(g)
        found = theory.find_induced_e6(masks)
        expected = isomorphism.GraphMatcher(g, E6).subgraph_is_isomorphic()  # induced
        assert (found is not None) == expected
        if found is not None:
            nodes = list(g)
            assert is_induced_e6(g, tuple(nodes[v] for v in found))
            found_some += 1
            assert theory.find_induced_e6(masks, budget=0) is None  # gives up: not used
    assert found_some == 41  # 40 connected, and E6 with an isolated node


def search_orbits(masks: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Per board its orbit label; per orbit its size and its fewest lit lights."""
    label = orbits(masks)
    sizes = np.bincount(label).tolist()
    fewest = [len(masks) + 1] * len(sizes)
    for x, k in enumerate(label):
        fewest[k] = min(fewest[k], x.bit_count())
    return label, sizes, fewest


def check_classified(g: nx.Graph, pairs: int = 8) -> str:
    """Every question the theory answers on ``g``, against the search.

    Returns the kind of the first component's certificate, or ``""`` when a component is not
    classified.
    """
    p = lo.Puzzle(g, rule="open")
    th = lit_only._theory(p)  # the theory that the public calls on p below answer from
    assert th.masks == open_masks(g)
    if not all(theory.classify(part) for part in th.components):
        return ""
    masks = open_masks(g)
    n = len(masks)
    label, sizes, fewest = search_orbits(masks)
    boards = range(1 << n)
    if n > 12:  # every orbit's first board, and a random sample of the rest
        first = {k: x for x, k in reversed(list(enumerate(label)))}
        sample = np.random.default_rng(n).integers(0, 1 << n, 256).tolist()
        boards = sorted(set(first.values()) | set(sample))
    for x in boards:
        assert theory.exact_orbit_size(th, x, 0) == (sizes[label[x]], "theory")
    assert theory.exact_min_light_number(th, 0) == (max(fewest), "theory")
    rng = np.random.default_rng(n)
    for _ in range(pairs):
        a, b = (int(v) for v in rng.integers(0, 1 << n, size=2))
        r = lit_only_reachable(p, theory.vector_of(a, n), theory.vector_of(b, n), max_states=1)
        assert r.reachable == (label[a] == label[b])
        assert r.method == "theory"
        if r.has_sequence:
            assert r.verify()
    part = th.components[0]
    return "e6" if part.e6 else "claw" if part.claw else "e6_type" if part.e6_type else part.kind


def test_classification_agrees_with_search_on_the_atlas() -> None:
    # Every connected graph of up to 7 nodes is classified (Cuypers: a line graph of a
    # multigraph, or an induced graph of type E6), and every answer agrees with the search:
    # orbit sizes (all boards), minimum light numbers, reachability with replayed sequences.
    connected = [g for g in ATLAS if nx.is_connected(g)]
    kinds = Counter(check_classified(g, pairs=2) for g in connected)  # two reachability pairs each
    assert kinds == {"tokens": 406, "e6": 40, "claw": 17, "e6_type": 533}


def test_line_graphs_have_orbits_finer_than_the_level_sets() -> None:
    # The path A6 and K6 (invertible line graphs) and the Dynkin tree D7 (no E6): the level
    # sets are not their orbits, so they need the token game, which the search confirms.
    d7 = nx.Graph([(0, 3), (1, 3), (1, 4), (2, 4), (2, 5), (2, 6)])
    for g in (nx.path_graph(6), nx.complete_graph(6), d7):
        th = theory.OpenTheory(open_matrix(g))
        part = th.components[0]
        assert theory.classify(part).startswith("line graph of a multigraph")
        assert part.tokens is not None
        label, sizes, _ = search_orbits(open_masks(g))
        assert any(th.level_size(x) > sizes[label[x]] for x in range(1, 1 << len(g)))
        assert all(part.tokens.orbit_size(x) == sizes[label[x]] for x in range(1 << len(g)))


def test_six_node_graphs_of_type_e6_are_the_non_line_graphs() -> None:
    # Cuypers, Theorem 1.1: the minimal connected graphs that are not line graphs of
    # multigraphs are those of type E6: six nodes, invertible adjacency, Arf invariant 1.
    six = [g for g in ATLAS if len(g) == 6 and nx.is_connected(g)]
    for g in six:
        th = theory.OpenTheory(open_matrix(g))
        part = th.components[0]
        e6_type = not part.kernel and th._arf(part, 0) == 1
        assert (find_line_root(open_masks(g)) is None) == e6_type
        if e6_type:
            assert theory.e6_roots(open_masks(g)) is not None
    assert sum(find_line_root(open_masks(g)) is None for g in six) == 32


@settings(max_examples=30, deadline=None)
@given(st.integers(6, 16), st.floats(0.12, 0.5), st.integers(0, 2**32 - 1))
def test_classification_on_random_graphs(n: int, density: float, seed: int) -> None:
    g = nx.gnp_random_graph(n, density, seed=seed)
    if check_classified(g, pairs=4):
        return
    # Not classified (or a component is not): the public answers still agree with the search.
    th = theory.OpenTheory(open_matrix(g))
    masks = open_masks(g)
    label, sizes, _ = search_orbits(masks)
    x = int(np.random.default_rng(seed).integers(0, 1 << n))
    assert theory.exact_orbit_size(th, x, 2**n)[0] == sizes[label[x]]
    expected = sum(
        max(search_orbits(open_masks(g.subgraph(c)))[2]) for c in nx.connected_components(g)
    )
    assert min_light_number(lo.Puzzle(g, rule="open"), max_states=2**n) == expected


def test_grids_min_light_number_theory_against_search() -> None:
    for shape in ((4, 4), (3, 5), (2, 7), (3, 6)):
        g = nx.grid_2d_graph(*shape)
        th = theory.OpenTheory(open_matrix(g))
        got = theory.exact_min_light_number(th, 0)
        assert got == (theory.min_light_number(th, 2**18), "theory")


def _orbit_pair(g: nx.Graph, seed: int, moves: int = 2000) -> tuple[np.ndarray, np.ndarray]:
    """A random board and one reached from it by random lit-only presses (same orbit)."""
    n = g.number_of_nodes()
    th = theory.OpenTheory(open_matrix(g))
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2, n)
    a[0] = 1
    x = theory.bits_of(a)
    for _ in range(moves):
        lit = [v for v in range(n) if x >> v & 1]
        x ^= th.masks[lit[int(rng.integers(len(lit)))]]
    return a, theory.vector_of(x, n)


def test_reachable_on_a_large_tree_comes_with_a_sequence() -> None:
    # A random tree of 100 nodes with an induced E6: far beyond the search, the defect steering
    # joins two boards of one orbit with a sequence that replays.
    g = nx.random_labeled_tree(100, seed=3)
    p = lo.Puzzle(g, rule="open")
    a, b = _orbit_pair(g, 1)
    r = lit_only_reachable(p, a, b)
    assert r.reachable and r.method == "theory" and r.has_sequence and r.verify()


def test_reachable_by_the_theorem_without_a_sequence(monkeypatch: pytest.MonkeyPatch) -> None:
    # Where the reduction builds nothing (switched off here), the classification still decides.
    g = nx.random_labeled_tree(100, seed=3)
    p = lo.Puzzle(g, rule="open")
    a, b = _orbit_pair(g, 1)
    monkeypatch.setattr(theory.OpenTheory, "connect_part", lambda self, part, a, b: (None, 0))
    r = lit_only_reachable(p, a, b)
    assert r.reachable and r.method == "theory" and not r.has_sequence
    assert "induced E6" in r.certificate
    assert "no sequence built" in repr(r)
    with pytest.raises(lo.LightsOutError, match="no press sequence was built"):
        r.verify()
    orbit = lit_only_orbit(p, a)
    assert orbit.method == "theory" and orbit.size == orbit.bound


def _replays(th: theory.OpenTheory, a: int, b: int, path: list[int]) -> bool:
    x = a
    for v in path:
        if not x >> v & 1:
            return False
        x ^= th.masks[v]
    return x == b


def _level_pair(th: theory.OpenTheory, rng: np.random.Generator, light: bool) -> tuple[int, int]:
    """Two lit boards of one level set of the invariants (one orbit on covered graphs)."""
    n = th.n
    while True:
        if light:
            a = sum(1 << int(v) for v in rng.choice(n, int(rng.integers(1, 4)), replace=False))
            b = sum(1 << int(v) for v in rng.choice(n, int(rng.integers(1, 5)), replace=False))
        else:
            a = sum(1 << v for v in range(n) if rng.integers(2))
            y = sum(1 << v for v in range(n) if rng.integers(2))
            b = a
            for v in theory._ones(y):
                b ^= th.masks[v]
        if a and b and not th.separated(a, b):
            return a, b


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(8, 40),
    kind=st.sampled_from(["tree", "gnp", "cubic"]),
    light=st.booleans(),
    seed=st.integers(0, 10**6),
)
def test_every_reachable_pair_of_a_covered_graph_gets_a_sequence(
    n: int, kind: str, light: bool, seed: int
) -> None:
    # On graphs the classification covers, two boards with the same invariants share an orbit,
    # and the reduction joins them with lit-only presses that replay.
    rng = np.random.default_rng(seed)
    if kind == "tree":
        g = nx.random_labeled_tree(n, seed=seed)
    elif kind == "gnp":
        g = nx.gnp_random_graph(n, float(rng.uniform(0.08, 0.4)), seed=seed)
    else:
        g = nx.random_regular_graph(3, n - n % 2, seed=seed)
    if not nx.is_connected(g):
        g = g.subgraph(max(nx.connected_components(g), key=len)).copy()
    g = nx.convert_node_labels_to_integers(g)
    th = theory.OpenTheory(open_matrix(g))
    if g.number_of_nodes() < 6 or not theory.classify(th.components[0]):
        return
    a, b = _level_pair(th, rng, light)
    path, _ = th.connect(a, b)
    assert path is not None and _replays(th, a, b, path)


@pytest.mark.parametrize("n", [100, 200, 300])
def test_large_trees_get_sequences(n: int) -> None:
    g = nx.random_labeled_tree(n, seed=n)
    th = theory.OpenTheory(open_matrix(g))
    assert theory.classify(th.components[0])
    rng = np.random.default_rng(n)
    for _ in range(3):
        a, b = _level_pair(th, rng, light=False)
        path, _ = th.connect(a, b)
        assert path is not None and _replays(th, a, b, path)


def test_30x30_grid_gets_sequences() -> None:
    g = nx.grid_2d_graph(30, 30)
    p = lo.Puzzle(g, rule="open")
    for seed in range(2):
        a, b = _orbit_pair(g, seed, moves=500)
        r = lit_only_reachable(p, a, b)
        assert r.reachable and r.has_sequence and r.verify()


def test_trees_min_light_number_theory() -> None:
    # Trees with an induced E6: the theory against the search (16 nodes), and against Wang and
    # Wu's bound ceil(leaves / 2) at 60 nodes.
    for seed in range(6):
        tree = nx.random_labeled_tree(16, seed=seed)
        th = theory.OpenTheory(open_matrix(tree))
        if theory.classify(th.components[0]):
            want = theory.min_light_number(th, 2**16)
            assert theory.exact_min_light_number(th, 0) == (want, "theory")
    tree = nx.random_labeled_tree(60, seed=5)
    leaves = sum(1 for v in tree if tree.degree(v) == 1)
    assert min_light_number(lo.Puzzle(tree, rule="open")) <= (leaves + 1) // 2


#: Seven nodes that are not a line graph of a multigraph, with no induced Dynkin E6 and a
#: singular adjacency matrix (so no claw case either).
E6_TYPE_SEVEN = [(0, 1), (1, 2), (2, 3), (2, 4), (2, 5), (2, 6), (5, 6)]

#: The same with a path of 22 more nodes hanging from node 0.
E6_TYPE_TAIL = nx.Graph(E6_TYPE_SEVEN + [(0, 7)] + [(v, v + 1) for v in range(7, 28)])


def test_unclassified_large_component_is_refused_with_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Classified with the default budgets; when the search for the E6-type certificate gives
    # up, nothing is claimed: the minimum light number and the orbit size need the search.
    p = lo.Puzzle(E6_TYPE_TAIL, rule="open")
    th = theory.OpenTheory(open_matrix(E6_TYPE_TAIL))
    assert theory.classify(th.components[0]).startswith("induced graph of type E6")
    assert theory.find_induced_e6(open_masks(E6_TYPE_TAIL)) is None
    board = [1] + [0] * 28
    assert lit_only_orbit(p, board).size == lit_only_orbit(p, board).bound
    monkeypatch.setattr(theory, "E6_TYPE_GROWTH", 5)
    assert lit_only_orbit(p, board).size == lit_only_orbit(p, board).bound  # classified once
    p = lo.Puzzle(E6_TYPE_TAIL, rule="open")  # a new puzzle is classified under the new budget
    with pytest.raises(SearchLimitError, match="max_states"):
        min_light_number(p)
    orbit = lit_only_orbit(p, board)
    assert orbit.size is None and orbit.certificate == ("",)


def test_method_theory_never_searches_under_the_open_rule() -> None:
    # A small classified graph: method="theory" decides by the classification where the
    # reduction builds no sequence; auto searches the component for one.
    g = nx.random_labeled_tree(16, seed=2)
    th = theory.OpenTheory(open_matrix(g))
    assert theory.classify(th.components[0])
    p = lo.Puzzle(g, rule="open")
    label = orbits(open_masks(g))
    rng = np.random.default_rng(0)
    for _ in range(20):
        a, b = (int(v) for v in rng.integers(1, 1 << 16, size=2))
        va, vb = theory.vector_of(a, 16), theory.vector_of(b, 16)
        r = lit_only_reachable(p, va, vb, method="theory")
        assert r.method == "theory" and r.reachable == (label[a] == label[b])
        auto = lit_only_reachable(p, va, vb)
        assert auto.reachable == r.reachable and (not auto.reachable or auto.verify())
    # The path of 6 nodes: the token game separates what the invariants do not.
    path = lo.Puzzle(nx.path_graph(6), rule="open")
    masks = open_masks(nx.path_graph(6))
    label = orbits(masks)
    th = theory.OpenTheory(open_matrix(nx.path_graph(6)))
    pairs = [
        (a, b)
        for a in range(1, 64)
        for b in range(1, 64)
        if label[a] != label[b] and th.level_size(a) == th.level_size(b)
    ]
    assert pairs and all(th.separated(a, b) for a, b in pairs)
    a, b = pairs[0]
    r = lit_only_reachable(path, theory.vector_of(a, 6), theory.vector_of(b, 6), method="theory")
    assert not r.reachable and r.method == "theory"


def test_method_theory_refuses_an_unclassified_component(monkeypatch: pytest.MonkeyPatch) -> None:
    # No certificate found (budget) and no sequence built: method="theory" refuses, and
    # "auto" searches the component.
    monkeypatch.setattr(theory, "E6_TYPE_GROWTH", 5)
    monkeypatch.setattr(theory.OpenTheory, "connect_part", lambda self, part, a, b: (None, 0))
    g = nx.Graph(E6_TYPE_SEVEN)
    p = lo.Puzzle(g, rule="open")
    a = theory.vector_of(0b0000001, 7)
    b = theory.vector_of(0b0000001 ^ open_masks(g)[0], 7)
    with pytest.raises(EngineError, match="method='auto'"):
        lit_only_reachable(p, a, b, method="theory")
    r = lit_only_reachable(p, a, b)
    assert r.reachable and r.method == "search" and r.verify()


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 14), seed=st.integers(0, 10**6))
def test_root_words_act_as_dual_transvections(n: int, seed: int) -> None:
    # The word v_k … v_1 v_0 v_1 … v_k along a shortest (induced) path, dark letters skipped,
    # is T_r(x) = x + (x·r) A r for r the path's indicator: the lemma the pair cancellation uses.
    g = nx.gnp_random_graph(n, 0.35, seed=seed)
    if not nx.is_connected(g):  # one component: local and global indices agree
        return
    th = theory.OpenTheory(open_matrix(g))
    rng = np.random.default_rng(seed)
    u, v = (int(w) for w in rng.choice(n, 2, replace=False))
    path = nx.shortest_path(g, u, v)
    r = sum(1 << w for w in path)
    ar = 0
    for w in path:
        ar ^= th.masks[w]
    for _ in range(8):
        x = int(rng.integers(0, 1 << n))
        seq: list[int] = []
        got = theory.OpenTheory._transvect(th.components[0], x, path, seq)
        want = x ^ (ar if (x & r).bit_count() & 1 else 0)
        assert got == want
        assert _replays(th, x, got, seq)


def test_graphs_of_type_e6_without_a_dynkin_e6_have_level_set_orbits() -> None:
    # Case (d) of the classification beyond the atlas: random graphs of 9 to 13 nodes with no
    # induced Dynkin E6, not line graphs of multigraphs and not in the claw case; the orbit of
    # random boards (searched) is exactly the level set of the invariants.
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(2000):
        n = int(rng.integers(9, 14))
        g = nx.gnp_random_graph(n, float(rng.uniform(0.15, 0.5)), seed=int(rng.integers(2**31)))
        if not nx.is_connected(g) or theory.find_induced_e6(open_masks(g)) is not None:
            continue
        th = theory.OpenTheory(open_matrix(g))
        part = th.components[0]
        theory.classify(part)
        if not part.e6_type or part.claw:
            continue
        masks = open_masks(g)
        for x in rng.integers(1, 1 << n, 4).tolist():
            orbit = theory._component_orbit(masks, x, np.zeros(1 << n, dtype=bool))
            assert orbit.size == th.component_level_size(part, x)
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_min_light_number_refusals_name_the_knobs(monkeypatch: pytest.MonkeyPatch) -> None:
    # Beyond the coset limit: refused, naming the cosets; within it but beyond the memory
    # budget: refused before any allocation, naming the budget.
    p = lo.Puzzle(nx.grid_2d_graph(8, 8), rule="open")  # d = 8
    monkeypatch.setattr(theory, "MAX_COSET_BITS", 4)
    with pytest.raises(SearchLimitError, match=r"2\*\*8 cosets are more than the 2\*\*4"):
        min_light_number(p, max_states=4)
    monkeypatch.setattr(theory, "MAX_COSET_BITS", 28)
    lo.zk.set_memory_budget(1 << 20)
    try:
        with pytest.raises(lo.MemoryBudgetError, match="set_memory_budget"):
            min_light_number(p)
    finally:
        lo.zk.set_memory_budget(None)
    assert min_light_number(p) == 4


def test_open_states_need_a_classified_orbit(monkeypatch: pytest.MonkeyPatch) -> None:
    # When the certificate search gives up on a lit component, method="theory" refuses and
    # "auto" searches; dark components need no classification.
    monkeypatch.setattr(theory, "E6_TYPE_GROWTH", 5)
    g = nx.disjoint_union(nx.Graph(E6_TYPE_SEVEN), nx.path_graph(3))
    p = lo.Puzzle(g, rule="open")
    lit_first = [1] + [0] * 9
    with pytest.raises(EngineError, match="method='auto' or 'search'"):
        lit_only_solvable_states(p, lit_first, method="theory")
    searched = lit_only_solvable_states(p, lit_first)
    assert searched.method == "search"
    dark_first = [0] * 7 + [1, 0, 0]
    by_theory = lit_only_solvable_states(p, dark_first, method="theory")
    assert by_theory.method == "theory"
    assert by_theory.size == len(lit_only_solvable_states(p, dark_first, method="search"))
