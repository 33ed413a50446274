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
import scipy.sparse as sp

from lightsout_graphs.core.errors import require_int
from lightsout_graphs.representation.families._common import check_args, check_size

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["PlanarLattice", "hexagonal_lattice", "planar_puzzle", "triangular_lattice"]


class PlanarLattice:
    """Cells ``(i, j)`` of a ``cols × rows`` box minus some, and edges between them.

    Parameters
    ----------
    cols, rows : int
        The box: ``i`` in ``range(cols)``, ``j`` in ``range(rows)``.
    edges : list of (array, array, array, array)
        ``(i1, j1, i2, j2)`` coordinate arrays of edges (edges touching a removed cell are
        dropped).
    removed : list of (int, int)
        Cells not in the lattice.

    Examples
    --------
    >>> lat = PlanarLattice(
    ...     2, 2, [(np.array([0]), np.array([0]), np.array([1]), np.array([0]))], [(1, 1)]
    ... )
    >>> lat.nodes, lat.n, (lat.u.tolist(), lat.v.tolist())
    (((0, 0), (1, 0), (0, 1)), 3, ([0], [1]))
    """

    def __init__(
        self,
        cols: int,
        rows: int,
        edges: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
        removed: list[tuple[int, int]],
    ) -> None:
        keep = np.ones((rows, cols), dtype=bool)
        for i, j in removed:
            if 0 <= i < cols and 0 <= j < rows:
                keep[j, i] = False
        order = np.full((rows, cols), -1, dtype=np.int64)
        order[keep] = np.arange(int(keep.sum()), dtype=np.int64)
        jj, ii = np.nonzero(keep)  # row by row, then by column: the families' node order
        self.nodes = tuple(zip(ii.tolist(), jj.tolist(), strict=True))
        self.index: dict[Hashable, int] = {v: k for k, v in enumerate(self.nodes)}
        us, vs = [], []
        for i1, j1, i2, j2 in edges:
            a, b = order[j1, i1], order[j2, i2]
            ok = (a >= 0) & (b >= 0)
            us.append(a[ok])
            vs.append(b[ok])
        self.u = np.concatenate(us) if us else np.zeros(0, dtype=np.int64)
        self.v = np.concatenate(vs) if vs else np.zeros(0, dtype=np.int64)

    @property
    def n(self) -> int:
        """The number of nodes.

        Examples
        --------
        >>> triangular_lattice(2, 2).n == nx.triangular_lattice_graph(2, 2).number_of_nodes()
        True
        """
        return len(self.nodes)

    def matrix(self, modulus: int, own: int) -> sp.csr_array:
        """The toggle matrix of the simple graph, with ``own`` on the diagonal.

        Examples
        --------
        >>> lat = hexagonal_lattice(1, 1)
        >>> t = lat.matrix(2, 1)
        >>> t.shape, int(t.sum()), bool((t != t.T).nnz == 0)
        ((6, 6), 18, True)
        """
        n = self.n
        rows = np.concatenate([self.u, self.v, np.arange(n)])
        cols = np.concatenate([self.v, self.u, np.arange(n)])
        vals = np.concatenate([np.ones(2 * self.u.size, dtype=np.int64), np.full(n, own)])
        out = sp.csr_array((vals, (rows, cols)), shape=(n, n))
        out.data %= modulus
        out.eliminate_zeros()
        return out


def _grid(i: range, j: range) -> tuple[np.ndarray, np.ndarray]:
    ii, jj = np.meshgrid(np.array(i, dtype=np.int64), np.array(j, dtype=np.int64), indexing="ij")
    return ii.ravel(), jj.ravel()


def triangular_lattice(m: int, n: int) -> PlanarLattice:
    """The nodes and edges of ``networkx.triangular_lattice_graph(m, n)``.

    Examples
    --------
    >>> lat = triangular_lattice(2, 2)
    >>> lat.n, lat.u.size
    (6, 9)
    """
    big_n = (n + 1) // 2
    cols, rows = big_n + 1, m + 1
    edges = []
    i, j = _grid(range(big_n), range(rows))
    edges.append((i, j, i + 1, j))
    i, j = _grid(range(cols), range(m))
    edges.append((i, j, i, j + 1))
    i, j = _grid(range(big_n), range(1, m, 2))
    edges.append((i, j, i + 1, j + 1))
    i, j = _grid(range(big_n), range(0, m, 2))
    edges.append((i + 1, j, i, j + 1))
    removed = [(big_n, r) for r in range(1, rows, 2)] if n % 2 else []
    return PlanarLattice(cols, rows, edges, removed)


def hexagonal_lattice(m: int, n: int) -> PlanarLattice:
    """The nodes and edges of ``networkx.hexagonal_lattice_graph(m, n)``.

    Examples
    --------
    >>> lat = hexagonal_lattice(1, 1)
    >>> lat.n, lat.u.size
    (6, 6)
    """
    big_m = 2 * m
    cols, rows = n + 1, big_m + 2
    edges = []
    i, j = _grid(range(cols), range(big_m + 1))
    edges.append((i, j, i, j + 1))
    i, j = _grid(range(n), range(rows))
    same = (i % 2) == (j % 2)
    edges.append((i[same], j[same], i[same] + 1, j[same]))
    removed = [(0, big_m + 1), (n, (big_m + 1) * (n % 2))]
    return PlanarLattice(cols, rows, edges, removed)


def lattice_puzzle(
    lattice: PlanarLattice,
    graph: Callable[[], nx.Graph],
    family: str,
    params: dict[str, object],
    *,
    modulus: int,
    rule: str,
    pressable: object,
) -> object:
    """The lazily built Puzzle of a planar lattice (graph built on first read)."""
    from lightsout_graphs.representation.puzzle import FamilyInfo, Puzzle

    k, rule = check_args(modulus, rule)
    own = 0 if rule == "open" else 1
    puzzle = Puzzle._lazy(
        nodes=lattice.nodes,
        index=lattice.index,
        graph=graph,
        matrix=lambda: lattice.matrix(k, own),
        edges=lambda: int(lattice.u.size),
        modulus=k,
        rule=rule,
        pressable=pressable,  # type: ignore[arg-type]
    )
    return puzzle.with_metadata(family=FamilyInfo(family, params))


def _sorted_copy(g: nx.Graph) -> nx.Graph:
    out = nx.Graph()
    for node in sorted(g.nodes, key=lambda v: (v[1], v[0])):
        x, y = g.nodes[node]["pos"]
        out.add_node(node, pos=(float(x), float(y)))
    out.add_edges_from(sorted(g.edges, key=lambda e: (e[0][1], e[0][0], e[1][1], e[1][0])))
    return out


#: The planar lattices: how to build one, networkx's graph of it, its number of lights and the
#: most neighbours a light has (their product bounds twice the number of edges).
_PLANAR: dict[
    str, tuple[Callable[[int, int], PlanarLattice], Any, Callable[[int, int], int], int]
] = {
    "hexagonal": (
        hexagonal_lattice,
        nx.hexagonal_lattice_graph,
        lambda m, n: 2 * (m + 1) * (n + 1),
        3,
    ),
    "triangular": (
        triangular_lattice,
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

    Parameters
    ----------
    family : {"hexagonal", "triangular"}
        The lattice, also the recorded family name.
    m, n : int
        Rows and columns of cells, >= 1.
    modulus, rule, pressable
        As for :func:`lightsout_graphs.hexagonal`.

    Returns
    -------
    Puzzle
        ``family`` is ``FamilyInfo(family, {"m": m, "n": n})``.

    Raises
    ------
    InvalidPuzzleError
        A bad side, modulus or rule, or a lattice too large.

    Examples
    --------
    >>> planar_puzzle("triangular", 1, 1, modulus=2, rule="closed", pressable=None)
    <Puzzle: 3 nodes, 3 edges, rule='closed', modulus=2>
    """
    rows = require_int(m, "m", minimum=1)
    cols = require_int(n, "n", minimum=1)
    check_args(modulus, rule)
    lattice_of, nx_graph, count, degree = _PLANAR[family]
    nodes = count(rows, cols)
    check_size(nodes, degree * nodes // 2, f"The {rows}×{cols} {family} lattice")
    return lattice_puzzle(  # type: ignore[return-value]
        lattice_of(rows, cols),
        lambda: _sorted_copy(nx_graph(rows, cols, with_positions=True)),
        family,
        {"m": rows, "n": cols},
        modulus=modulus,
        rule=rule,
        pressable=pressable,
    )
