"""Triangular and hexagonal lattices from coordinates: the nodes, edges and toggle matrix of
networkx's ``triangular_lattice_graph`` and ``hexagonal_lattice_graph`` without building them.

Nodes are networkx's ``(column, row)`` tuples ordered row by row, as the families order them.
The graph itself is built only when ``puzzle.graph`` is read.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from lightsout_graphs.core.errors import require_int
from lightsout_graphs.representation.families._common import check_args, check_size, edge_puzzle

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle

#: A box ``cols × rows``, its edges as coordinate arrays ``(i1, j1, i2, j2)`` and the cells
#: ``(i, j)`` missing from it.
_Edges = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
_Box = tuple[int, int, list[_Edges], list[tuple[int, int]]]


def _grid(i: range, j: range) -> tuple[np.ndarray, np.ndarray]:
    ii, jj = np.meshgrid(np.array(i, dtype=np.int64), np.array(j, dtype=np.int64), indexing="ij")
    return ii.ravel(), jj.ravel()


def _triangular(m: int, n: int) -> _Box:
    """The box of ``networkx.triangular_lattice_graph(m, n)``."""
    big_n = (n + 1) // 2
    cols, rows = big_n + 1, m + 1
    edges: list[_Edges] = []
    i, j = _grid(range(big_n), range(rows))
    edges.append((i, j, i + 1, j))
    i, j = _grid(range(cols), range(m))
    edges.append((i, j, i, j + 1))
    i, j = _grid(range(big_n), range(1, m, 2))
    edges.append((i, j, i + 1, j + 1))
    i, j = _grid(range(big_n), range(0, m, 2))
    edges.append((i + 1, j, i, j + 1))
    return cols, rows, edges, [(big_n, r) for r in range(1, rows, 2)] if n % 2 else []


def _hexagonal(m: int, n: int) -> _Box:
    """The box of ``networkx.hexagonal_lattice_graph(m, n)``."""
    big_m = 2 * m
    i, j = _grid(range(n + 1), range(big_m + 1))
    edges: list[_Edges] = [(i, j, i, j + 1)]
    i, j = _grid(range(n), range(big_m + 2))
    same = (i % 2) == (j % 2)
    edges.append((i[same], j[same], i[same] + 1, j[same]))
    return n + 1, big_m + 2, edges, [(0, big_m + 1), (n, (big_m + 1) * (n % 2))]


def _cells(box: _Box) -> tuple[tuple[tuple[int, int], ...], np.ndarray, np.ndarray]:
    """The nodes of a box, row by row, and its edges as index pairs."""
    cols, rows, edges, removed = box
    keep = np.ones((rows, cols), dtype=bool)
    for i, j in removed:
        if 0 <= i < cols and 0 <= j < rows:
            keep[j, i] = False
    order = np.full((rows, cols), -1, dtype=np.int64)
    order[keep] = np.arange(int(keep.sum()), dtype=np.int64)
    jj, ii = np.nonzero(keep)  # row by row, then by column: the families' node order
    us, vs = [], []
    for i1, j1, i2, j2 in edges:
        a, b = order[j1, i1], order[j2, i2]
        ok = (a >= 0) & (b >= 0)
        us.append(a[ok])
        vs.append(b[ok])
    return tuple(zip(ii.tolist(), jj.tolist(), strict=True)), np.concatenate(us), np.concatenate(vs)


def _sorted_copy(g: nx.Graph) -> nx.Graph:
    out = nx.Graph()
    for node in sorted(g.nodes, key=lambda v: (v[1], v[0])):
        x, y = g.nodes[node]["pos"]
        out.add_node(node, pos=(float(x), float(y)))
    out.add_edges_from(sorted(g.edges, key=lambda e: (e[0][1], e[0][0], e[1][1], e[1][0])))
    return out


#: The planar lattices: their box, networkx's graph of them, their number of lights and the
#: most neighbours a light has (their product bounds twice the number of edges).
_PLANAR: dict[str, tuple[Callable[[int, int], _Box], Any, Callable[[int, int], int], int]] = {
    "hexagonal": (_hexagonal, nx.hexagonal_lattice_graph, lambda m, n: 2 * (m + 1) * (n + 1), 3),
    "triangular": (
        _triangular,
        nx.triangular_lattice_graph,
        lambda m, n: (m + 1) * (n + 2) // 2,
        6,
    ),
}


def planar_puzzle(
    family: str,
    m: object,
    n: object,
    *,
    modulus: int,
    rule: str,
    pressable: Iterable[Hashable] | None,
) -> Puzzle:
    """The puzzle of the m×n ``"hexagonal"`` or ``"triangular"`` lattice, its graph built lazily.

    ``family`` is also the recorded family name; ``modulus``, ``rule`` and ``pressable`` are
    as for :func:`lightsout_graphs.hexagonal`.
    """
    rows = require_int(m, "m", minimum=1)
    cols = require_int(n, "n", minimum=1)
    check_args(modulus, rule)
    box, nx_graph, count, degree = _PLANAR[family]
    size = count(rows, cols)
    check_size(size, degree * size // 2, f"The {rows}×{cols} {family} lattice")
    nodes, u, v = _cells(box(rows, cols))
    return edge_puzzle(
        family,
        {"m": rows, "n": cols},
        lambda: (u, v),
        modulus=modulus,
        rule=rule,
        nodes=nodes,
        index={node: i for i, node in enumerate(nodes)},
        graph=lambda: _sorted_copy(nx_graph(rows, cols, with_positions=True)),
        edges=lambda: int(u.size),
        pressable=pressable,
    )
