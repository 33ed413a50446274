"""The toggle matrix of a puzzle given by a networkx graph (the general, non-lattice route)."""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.errors import InvalidPuzzleError

__all__ = ["graph_toggle_matrix"]


def _check_amount(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"{where} must be an int, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)


def _amounts(
    g: nx.Graph, nodes: Iterable[Hashable], weight: str, self_weight: str
) -> Iterable[tuple[Hashable, Hashable, int]]:
    """Yield ``(u, v, amount)``: one press of u adds amount to light v (before mod k)."""
    for u in nodes:
        amount = g.nodes[u].get(self_weight, 1)
        yield u, u, _check_amount(amount, f"Node attribute {self_weight!r} of {u!r}")
    if g.is_multigraph():
        edges: Iterable[tuple[Any, Any, Any]] = g.edges(keys=False, data=weight, default=1)
    else:
        edges = g.edges(data=weight, default=1)
    for u, v, amount in edges:
        a = _check_amount(amount, f"Edge attribute {weight!r} of ({u!r}, {v!r})")
        yield u, v, a
        if not g.is_directed():
            yield v, u, a


def graph_toggle_matrix(
    g: nx.Graph,
    index: Mapping[Hashable, int],
    rule: str,
    modulus: int,
    weight: str = "weight",
    self_weight: str = "self_weight",
) -> sp.csr_array:
    """``T[v, u]`` = what one press of u adds to light v, mod k, rows and columns by ``index``.

    Examples
    --------
    >>> g = nx.path_graph(3)
    >>> graph_toggle_matrix(g, {0: 0, 1: 1, 2: 2}, "open", 2).toarray()
    array([[0, 1, 0],
           [1, 0, 1],
           [0, 1, 0]])
    """
    n = len(index)
    k = modulus
    if rule != "weighted":
        # Every amount is 1 and a simple graph has no repeated pairs: build it vectorised.
        ends = np.fromiter(
            (index[x] for edge in g.edges() for x in edge),
            dtype=np.int64,
            count=2 * g.number_of_edges(),
        ).reshape(-1, 2)
        cols, rows = ends[:, 0], ends[:, 1]
        if not g.is_directed():
            cols, rows = np.concatenate([cols, rows]), np.concatenate([rows, cols])
        if rule == "closed":
            diag = np.arange(n, dtype=np.int64)
            cols, rows = np.concatenate([cols, diag]), np.concatenate([rows, diag])
        vals = np.ones(len(rows), dtype=np.int64)
        return sp.csr_array((vals, (rows, cols)), shape=(n, n))
    # Parallel edges under the weighted rule add up; everything is reduced mod k.
    entries: dict[tuple[int, int], int] = {}
    for u, v, amount in _amounts(g, index, weight, self_weight):
        key = (index[v], index[u])
        entries[key] = (entries.get(key, 0) + amount) % k
    keys = [key for key, value in entries.items() if value]
    rows_w = np.array([r for r, _ in keys], dtype=np.int64)
    cols_w = np.array([c for _, c in keys], dtype=np.int64)
    vals_w = np.array([entries[key] for key in keys], dtype=np.int64)
    return sp.csr_array((vals_w, (rows_w, cols_w)), shape=(n, n))
