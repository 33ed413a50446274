"""Hypothesis strategies shared by the tests: small graphs, moduli and boards."""

from __future__ import annotations

import networkx as nx
from hypothesis import strategies as st

#: The moduli the property tests sweep: fields, prime powers and composites.
MODULI = [2, 3, 4, 5, 6, 8, 9, 12]


@st.composite
def small_graphs(draw: st.DrawFn, max_nodes: int = 6, directed: bool | None = None) -> nx.Graph:
    """A random simple graph (or digraph) on 1..max_nodes nodes."""
    n = draw(st.integers(1, max_nodes))
    is_directed = draw(st.booleans()) if directed is None else directed
    g: nx.Graph = nx.DiGraph() if is_directed else nx.Graph()
    g.add_nodes_from(range(n))
    pairs = [(u, v) for u in range(n) for v in range(n) if u != v and (is_directed or u < v)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    g.add_edges_from(chosen)
    return g


@st.composite
def boards(draw: st.DrawFn, n: int, k: int) -> list[int]:
    """A board of n lights with values in 0..k-1."""
    return draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
