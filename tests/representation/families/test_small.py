"""Paths, cycles, complete graphs, trees, named and random graphs; Sutner's theorem."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import (
    NAMED_GRAPHS,
    complete,
    cycle,
    heawood,
    named,
    path,
    petersen,
    random_graph,
    random_regular,
    tree,
)
from tests.puzzles import lit


def test_path_cycle_complete() -> None:
    assert (path(5).n, path(5).graph.number_of_edges()) == (5, 4)
    assert lit(path(5), 0) == {0, 1}
    assert lit(path(1), 0) == {0}
    assert (cycle(6).n, cycle(6).graph.number_of_edges()) == (6, 6)
    assert lit(cycle(6), 0) == {5, 0, 1}
    assert complete(5).graph.number_of_edges() == 10
    assert lit(complete(4), 2) == {0, 1, 2, 3}
    assert lit(complete(4, rule="open"), 2) == {0, 1, 3}


def test_complete_graph_press_is_global() -> None:
    # In K_n (closed rule) every press flips everything: only all-equal boards are solvable.
    a = lo.analyze(complete(5))
    assert a.solvable_states == 2


def test_trees() -> None:
    t = tree(2, 3)
    assert (t.n, t.graph.number_of_edges()) == (15, 14)
    assert nx.is_tree(t.graph)
    assert lit(t, 0) == {0, 1, 2}
    assert t.graph.nodes[0]["pos"][1] == 0.0
    r = tree(n=12, seed=3)
    assert nx.is_tree(r.graph)
    assert sorted(r.graph.edges) == sorted(tree(n=12, seed=3).graph.edges)
    assert r.family == lo.FamilyInfo("tree", {"n": 12, "seed": 3})
    with pytest.raises(InvalidPuzzleError, match="not both"):
        tree(2, 3, n=5)
    with pytest.raises(InvalidPuzzleError, match="'r' and 'h'"):
        tree(2)


def test_tree_layout_and_size_limits() -> None:
    # Each parent sits over the middle of its first and last child; leaves are 0, 1, 2, ...
    t = tree(2, 2)
    pos = {v: t.graph.nodes[v]["pos"] for v in t.graph}
    assert [pos[v][0] for v in (3, 4, 5, 6)] == [0.0, 1.0, 2.0, 3.0]
    assert (pos[1][0], pos[2][0], pos[0][0]) == (0.5, 2.5, 1.5)
    # A path of 3,000 nodes as a 1-ary tree: deeper than Python's recursion limit.
    deep = tree(1, 3000)
    assert deep.n == 3001
    assert deep.graph.nodes[3000]["pos"] == (0.0, -3000.0)
    assert tree(n=50_000, seed=1).n == 50_000
    # The refusal states the real node count (2**41 - 1), or says it is beyond 2**64.
    with pytest.raises(InvalidPuzzleError, match="2199023255551 nodes"):
        tree(2, 40)
    with pytest.raises(InvalidPuzzleError, match="more than 2\\*\\*64 nodes"):
        tree(1000, 1000)


def test_named_graphs() -> None:
    p = petersen()
    assert (p.n, p.graph.number_of_edges()) == (10, 15)
    assert nx.is_isomorphic(p.graph, nx.petersen_graph())
    assert lit(p, 0) == {0, 1, 4, 5}
    assert heawood().graph.number_of_edges() == 21
    for name in NAMED_GRAPHS:
        q = named(name)
        if name in ("petersen", "heawood"):
            assert q.family == lo.FamilyInfo(name, {})
        else:
            assert q.family == lo.FamilyInfo("named", {"name": name})
        assert all("pos" in q.graph.nodes[v] for v in q.nodes)
    with pytest.raises(InvalidPuzzleError, match="'name'"):
        named("no-such-graph")


def test_random_graphs_are_seeded() -> None:
    a = random_graph(15, 0.3, seed=11)
    b = random_graph(15, 0.3, seed=11)
    assert sorted(a.graph.edges) == sorted(b.graph.edges)
    assert a.n == 15
    assert random_graph(6, 0.0, seed=1).graph.number_of_edges() == 0
    assert random_graph(6, 1.0, seed=1).graph.number_of_edges() == 15
    r = random_regular(4, 9, seed=2)
    assert {d for _, d in r.graph.degree} == {4}
    assert sorted(r.graph.edges) == sorted(random_regular(4, 9, seed=2).graph.edges)


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda: random_graph(5, 1.5), "'p'"),
        (lambda: random_graph(5, "x"), "'p'"),
        (lambda: random_graph(5, 0.5, seed=1.5), "'seed'"),
        (lambda: random_regular(3, 5), "even"),
        (lambda: cycle(2), "'n'"),
        (lambda: path(0), "'n'"),
    ],
)
def test_errors(call: object, word: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=word):
        call()  # type: ignore[operator]


@given(
    n=st.integers(1, 14),
    p=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**31 - 1),
)
def test_sutner_all_ones_is_always_solvable(n: int, p: float, seed: int) -> None:
    # Sutner: for the closed rule on any undirected graph over GF(2), all-on can be cleared.
    puzzle = random_graph(n, p, seed=seed)
    assert lo.is_solvable(puzzle, 1)
    solution = lo.solve(puzzle, 1)
    assert solution.verify()
    # Independent check: the presses replay to all-off.
    t = puzzle.toggle_matrix().toarray()
    assert not ((np.ones(n, dtype=np.int64) + t @ solution.vector) % 2).any()
