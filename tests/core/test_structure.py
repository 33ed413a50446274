"""Structures: recognising factors, and lattices seen as products."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.core.structure import Factor, Lattice, recognize_factor


@pytest.mark.parametrize(
    ("graph", "kind"),
    [
        (nx.path_graph(1), "path"),
        (nx.path_graph(2), "path"),
        (nx.path_graph(7), "path"),
        (nx.cycle_graph(3), "cycle"),
        (nx.cycle_graph(8), "cycle"),
        (nx.complete_graph(6), "complete"),
        (nx.star_graph(4), "graph"),
        (nx.disjoint_union(nx.cycle_graph(3), nx.cycle_graph(3)), "graph"),
        (nx.disjoint_union(nx.path_graph(3), nx.cycle_graph(3)), "graph"),
        (nx.empty_graph(2), "graph"),
        (nx.DiGraph([(0, 1), (1, 2)]), "graph"),
        (nx.MultiGraph([(0, 1), (1, 2)]), "graph"),
        (nx.petersen_graph(), "graph"),
    ],
)
def test_recognize_factor(graph: nx.Graph, kind: str) -> None:
    assert recognize_factor(graph).kind == kind
    assert recognize_factor(graph).n == graph.number_of_nodes()


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), st.integers(0, 2**21 - 1))
def test_recognition_agrees_with_isomorphism(n: int, bits: int) -> None:
    """Whatever the labels, a factor is called a path, cycle or complete graph exactly when
    it is isomorphic to one."""
    pairs = list(itertools.combinations(range(n), 2))
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(pair for i, pair in enumerate(pairs) if bits >> i & 1)
    got = recognize_factor(g)
    models = {"path": nx.path_graph(n), "cycle": nx.cycle_graph(n) if n >= 3 else None}
    models["complete"] = nx.complete_graph(n)
    if got.kind == "graph":
        for model in models.values():
            assert model is None or not nx.is_isomorphic(g, model)
    else:
        model = models[got.kind]
        assert model is not None and nx.is_isomorphic(g, model)


def test_lattice_as_product() -> None:
    axes = ((-1, 0), (1, 0), (0, -1), (0, 1))
    torus = Lattice((5, 7), axes, (True, True), "closed").as_product()
    assert torus is not None
    assert torus.factors == (Factor("cycle", 5), Factor("cycle", 7))
    assert Lattice((2, 1), axes, (True, True), "closed").as_product().kinds == ("path", "path")
    king = (*axes, (1, 1), (-1, -1), (1, -1), (-1, 1))
    assert Lattice((5, 5), king, (False, False), "closed").as_product() is None
