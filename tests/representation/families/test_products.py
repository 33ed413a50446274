"""The product families: lo.product, cylinder, prism and hamming build the right graphs."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import make, product_graph
from lightsout_graphs.representation.puzzle import FamilyInfo


def same_toggles(a: lo.Puzzle, b: lo.Puzzle) -> bool:
    return a.nodes == b.nodes and (a.toggle_matrix() != b.toggle_matrix()).nnz == 0


def test_product_of_graphs_is_networkx_cartesian_product() -> None:
    g, h = nx.petersen_graph(), nx.path_graph(3)
    p = lo.product(g, h, modulus=3, rule="open")
    expected = nx.cartesian_product(g, h)
    assert set(p.nodes) == set(expected.nodes)
    assert {frozenset(e) for e in p.graph.edges} == {frozenset(e) for e in expected.edges}
    assert p.nodes[:4] == ((0, 0), (0, 1), (0, 2), (1, 0))  # order of G, then of H
    assert (p.modulus, p.rule) == (3, "open")
    assert p.family is not None and p.family.name == "product"
    first, second = p.family.params["factors"]
    assert nx.utils.graphs_equal(first, g) and nx.utils.graphs_equal(second, h)


def test_product_takes_puzzles_and_draws_every_node() -> None:
    p = lo.product(lo.petersen(), lo.grid(2, 3))
    assert p.n == 60
    positions = {p.graph.nodes[v]["pos"] for v in p.nodes}
    assert len(positions) == 60  # the copies of the grid do not overlap
    q = lo.product(nx.path_graph(2), nx.star_graph(2))  # no pos: a matrix layout
    assert q.graph.nodes[(1, 2)]["pos"] == (2.0, -1.0)


def test_named_products_are_the_same_puzzles() -> None:
    assert same_toggles(lo.product(nx.path_graph(4), nx.path_graph(6)), lo.grid(4, 6))
    assert same_toggles(lo.product(nx.cycle_graph(4), nx.cycle_graph(5)), lo.torus(4, 5))
    assert same_toggles(lo.cylinder(4, 5), lo.product(nx.path_graph(4), nx.cycle_graph(5)))
    assert same_toggles(lo.prism(6), lo.cylinder(2, 6))
    assert same_toggles(lo.hamming(2, 4), lo.rook(4, 4))
    assert same_toggles(lo.hamming(4, 2), lo.hypercube(4))
    for n in (1, 2):  # the torus's conventions for short rows: no loop, no double edge
        cyl = lo.cylinder(3, n)
        assert cyl.graph.number_of_edges() == 2 * n + 3 * (n - 1)
        assert same_toggles(lo.grid(3, n), cyl)
        assert same_toggles(lo.torus(1, n), lo.cylinder(1, n))


def test_family_info_rebuilds_the_puzzle() -> None:
    for puzzle, info in [
        (lo.cylinder(3, 7), FamilyInfo("cylinder", {"m": 3, "n": 7})),
        (lo.prism(5), FamilyInfo("prism", {"n": 5})),
        (lo.hamming(3, 3), FamilyInfo("hamming", {"d": 3, "q": 3})),
    ]:
        assert puzzle.family == info
        assert same_toggles(make(info.name, **info.params), puzzle)
    assert same_toggles(make("cylinder", shape=(3, 7)), lo.cylinder(3, 7))


def test_prism_is_two_rings_joined_by_rungs() -> None:
    p = lo.prism(5)
    assert all(d == 3 for _, d in p.graph.degree)
    assert p.graph.has_edge((0, 2), (1, 2))
    outer = p.graph.nodes[(0, 0)]["pos"]
    inner = p.graph.nodes[(1, 0)]["pos"]
    assert abs(outer[1]) > abs(inner[1])


def test_hamming_neighbours_differ_in_one_place() -> None:
    p = lo.hamming(3, 3)
    assert p.n == 27 and p.nodes[:2] == ((0, 0, 0), (0, 0, 1))
    for u, v in p.graph.edges:
        assert sum(a != b for a, b in zip(u, v, strict=True)) == 1
    assert all(d == 6 for _, d in p.graph.degree)


def test_pressable_and_rules_pass_through() -> None:
    p = lo.cylinder(2, 3, pressable=[(0, 0), (1, 1)], modulus=5)
    assert p.pressable == ((0, 0), (1, 1))
    assert p.modulus == 5
    assert lo.product(nx.path_graph(2), nx.path_graph(2), rule="weighted").rule == "weighted"


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: lo.product(nx.DiGraph([(0, 1)]), nx.path_graph(2)), "simple undirected"),
        (lambda: lo.product(nx.path_graph(2), nx.MultiGraph([(0, 1)])), "simple undirected"),
        (lambda: lo.product(nx.path_graph(2), "P3"), "Argument 'h' must be a networkx Graph"),
        (lambda: lo.product(nx.Graph(), nx.path_graph(2)), "Argument 'g' has no nodes"),
        (lambda: lo.cylinder(0, 3), "'m' must be an int >= 1"),
        (lambda: lo.cylinder(3, 2.5), "'n' must be an int >= 1"),
        (lambda: lo.prism(-1), "'n' must be an int >= 1"),
        (lambda: lo.hamming(0, 3), "'d' must be an int >= 1"),
        (lambda: lo.hamming(2, True), "'q' must be an int >= 1"),
        (lambda: lo.cylinder(3, 3, rule="sideways"), "'rule' must be one of"),
        (lambda: lo.prism(4, modulus=1), "'modulus' must be an int >= 2"),
    ],
)
def test_bad_arguments_name_what_was_wrong(build, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        build()


@pytest.mark.parametrize(
    "build",
    [
        lambda: lo.hamming(10**12, 3),
        lambda: lo.hamming(3, 10**5),
        lambda: lo.cylinder(10**5, 10**5),
        lambda: lo.prism(10**8),
        lambda: lo.product(nx.empty_graph(3000), nx.empty_graph(3000)),
    ],
)
def test_too_large_is_refused_before_building(build) -> None:
    with pytest.raises(InvalidPuzzleError, match="would have"):
        build()


def test_product_graph_counts() -> None:
    g = product_graph(nx.complete_graph(3), nx.cycle_graph(4))
    assert g.number_of_nodes() == 12
    assert g.number_of_edges() == 3 * 4 + 4 * 3


@settings(max_examples=25, deadline=None)
@given(
    n1=st.integers(1, 6),
    n2=st.integers(1, 6),
    p1=st.floats(0, 1),
    p2=st.floats(0, 1),
    seed=st.integers(0, 10**6),
    k=st.sampled_from([2, 3, 4]),
    rule=st.sampled_from(["closed", "open", "weighted"]),
)
def test_lazy_products_equal_the_product_graph(
    n1: int, n2: int, p1: float, p2: float, seed: int, k: int, rule: str
) -> None:
    g = nx.gnp_random_graph(n1, p1, seed=seed)
    h = nx.gnp_random_graph(n2, p2, seed=seed + 1)
    lazy = lo.product(g, h, modulus=k, rule=rule)
    assert lazy._graph is None  # nothing built yet
    eager = lo.Puzzle(product_graph(g, h), modulus=k, rule=rule)
    assert list(lazy.nodes) == list(eager.nodes)
    assert (lazy.toggle_matrix() != eager.toggle_matrix()).nnz == 0
    assert lazy.number_of_edges() == eager.graph.number_of_edges()
    assert lazy._graph is None  # the matrix and the edge count need no graph
    assert nx.utils.graphs_equal(lazy.graph, eager.graph)


@pytest.mark.parametrize("rule", ["closed", "open", "weighted"])
def test_factor_weights_never_enter_the_product(rule: str) -> None:
    # The product has no weights: its toggle matrix is that of its (unweighted) graph.
    g = nx.path_graph(3)
    g.edges[0, 1]["weight"] = 2
    p = lo.product(g, nx.path_graph(2), modulus=3, rule=rule)
    q = lo.Puzzle(product_graph(g, nx.path_graph(2)), modulus=3, rule=rule)
    assert (p.toggle_matrix() != q.toggle_matrix()).nnz == 0
    assert (
        p.toggle_matrix()
        != lo.product(nx.path_graph(3), nx.path_graph(2), modulus=3, rule=rule).toggle_matrix()
    ).nnz == 0


def test_a_product_of_large_complete_graphs_is_built_without_its_edges() -> None:
    p = lo.product(nx.complete_graph(500), nx.complete_graph(500))
    assert p.number_of_edges() == 124_750_000 and p._graph is None
    assert p.structure == lo.rook(500).structure
    with pytest.raises(InvalidPuzzleError, match="would have 124750000 edges"):
        p.graph  # noqa: B018


def test_a_hamming_graph_too_large_states_its_real_size() -> None:
    from lightsout_graphs.core.errors import InvalidPuzzleError

    with pytest.raises(InvalidPuzzleError, match="would have 1073741824 nodes"):
        lo.hamming(30, 2)
    with pytest.raises(InvalidPuzzleError, match="more than 2\\*\\*64 nodes"):
        lo.hamming(10**9, 10**9)
