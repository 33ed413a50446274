"""Hypothesis strategies shared by the tests: small graphs, moduli and boards."""

from __future__ import annotations

import networkx as nx
import numpy as np
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


@st.composite
def wide_graphs(draw: st.DrawFn) -> tuple[list[int], int]:
    """Adjacency bitsets of a random graph on 0..64 vertices (sparse, dense or in between)."""
    n = draw(st.integers(0, 64))
    density = draw(st.sampled_from([0.05, 0.2, 0.5, 0.9]))
    seed = draw(st.integers(0, 2**32 - 1))
    graph = nx.gnp_random_graph(n, density, seed=seed)
    rows = [0] * n
    for u, v in graph.edges:
        rows[u] |= 1 << v
        rows[v] |= 1 << u
    return rows, n


def as_words(rows: list[int]) -> np.ndarray:
    """The bitsets as the 64 words of a kernel's scratch row (zeros past the last)."""
    words = np.zeros(64, dtype=np.uint64)
    words[: len(rows)] = np.array(rows, dtype=np.uint64)
    return words
