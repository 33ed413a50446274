"""What shape a puzzle has: a lattice, a Cartesian product of factors, or a general graph.

A puzzle carries one of these typed descriptions (:attr:`lightsout_graphs.Puzzle.structure`).
The families that know their shape set it; :func:`recognize_factor` finds paths, cycles and
complete graphs among plain networkx graphs, where that is cheap and certain. The planner
(:mod:`lightsout_graphs.algorithms.planner`) reads structures, never family names, to pick an engine.

The descriptions say nothing about the modulus and hold no matrices: they are small, frozen and
comparable, so that two doors to the same puzzle (``lo.torus(5, 7)`` and
``lo.product(nx.cycle_graph(5), nx.cycle_graph(7))``) lead to the same engine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

import networkx as nx

__all__ = [
    "FACTOR_KINDS",
    "Factor",
    "General",
    "Lattice",
    "Product",
    "Structure",
    "recognize_factor",
]

#: The factor shapes a product knows a closed form for, and ``graph`` for any other graph.
FACTOR_KINDS: tuple[str, ...] = ("path", "cycle", "complete", "graph")

FactorKind: TypeAlias = Literal["path", "cycle", "complete", "graph"]


@dataclass(frozen=True)
class Lattice:
    """A box of cells in any dimension, each pressing a fixed stencil of offsets.

    Attributes
    ----------
    shape : tuple of int
        The side lengths; cells are the coordinate tuples in row-major order.
    offsets : tuple of tuple of int
        The nonzero offsets a press reaches (its neighbours), each of length ``len(shape)``.
    wrap : tuple of bool
        Per axis, whether the offsets wrap around (a torus along that axis).
    rule : str
        ``"closed"`` (a press also changes its own cell) or ``"open"``.

    Examples
    --------
    >>> from lightsout_graphs.core.structure import Lattice
    >>> grid = Lattice((5, 5), ((-1, 0), (1, 0), (0, -1), (0, 1)), (False, False), "closed")
    >>> grid.size, grid.is_axis_stencil
    (25, True)
    >>> grid.as_product()
    Product(factors=(Factor(kind='path', n=5), Factor(kind='path', n=5)), rule='closed')
    """

    shape: tuple[int, ...]
    offsets: tuple[tuple[int, ...], ...]
    wrap: tuple[bool, ...]
    rule: str

    @property
    def size(self) -> int:
        """The number of cells.

        Examples
        --------
        >>> Lattice((3, 4), (), (False, False), "closed").size
        12
        """
        return math.prod(self.shape)

    @property
    def is_axis_stencil(self) -> bool:
        """Whether the stencil is exactly one step either way along each axis.

        Examples
        --------
        >>> Lattice((3,), ((-1,), (1,)), (False,), "open").is_axis_stencil
        True
        >>> Lattice((3,), ((2,),), (False,), "open").is_axis_stencil
        False
        """
        d = len(self.shape)
        unit = {tuple(s if i == a else 0 for i in range(d)) for a in range(d) for s in (-1, 1)}
        return set(self.offsets) == unit

    def as_product(self) -> Product | None:
        """The same puzzle as a product of paths and cycles, or None for other stencils.

        A side of 1 or 2 needs care: a wrapped side of 2 is a path (its two neighbours
        coincide), and a wrapped side of 1 has no edge at all.

        Examples
        --------
        >>> axes = ((-1, 0), (1, 0), (0, -1), (0, 1))
        >>> Lattice((2, 5), axes, (True, True), "open").as_product().kinds
        ('path', 'cycle')
        """
        if not self.is_axis_stencil:
            return None
        sides = zip(self.shape, self.wrap, strict=True)
        factors = (Factor("cycle" if wrap and side >= 3 else "path", side) for side, wrap in sides)
        return Product(tuple(factors), self.rule)


@dataclass(frozen=True)
class Factor:
    """One factor of a Cartesian product.

    Attributes
    ----------
    kind : str
        ``"path"``, ``"cycle"``, ``"complete"`` (closed forms are known) or ``"graph"``.
    n : int
        The number of nodes.
    graph : networkx.Graph or None
        The graph itself for kind ``"graph"`` (not compared, not shown).

    Examples
    --------
    >>> from lightsout_graphs.core.structure import Factor
    >>> Factor("cycle", 7)
    Factor(kind='cycle', n=7)
    """

    kind: FactorKind
    n: int
    graph: nx.Graph | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Product:
    """A Cartesian product of factors, under one rule.

    Attributes
    ----------
    factors : tuple of Factor
        The factors, in the order of the node tuples.
    rule : str
        ``"closed"`` or ``"open"``.

    Examples
    --------
    >>> from lightsout_graphs.core.structure import Factor, Product
    >>> rook = Product((Factor("complete", 8), Factor("complete", 8)), "closed")
    >>> rook.size, rook.kinds
    (64, ('complete', 'complete'))
    """

    factors: tuple[Factor, ...]
    rule: str

    @property
    def size(self) -> int:
        """The number of nodes.

        Examples
        --------
        >>> Product((Factor("path", 3), Factor("cycle", 4)), "closed").size
        12
        """
        return math.prod(f.n for f in self.factors)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kind of each factor.

        Examples
        --------
        >>> Product((Factor("path", 3), Factor("cycle", 4)), "closed").kinds
        ('path', 'cycle')
        """
        return tuple(f.kind for f in self.factors)


@dataclass(frozen=True)
class General:
    """Any other graph: only the general engines apply.

    Examples
    --------
    >>> from lightsout_graphs.core.structure import General
    >>> General()
    General()
    """


Structure: TypeAlias = Lattice | Product | General


def recognize_factor(graph: nx.Graph) -> Factor:
    """Describe a graph as a path, cycle or complete graph where it is one, else as a graph.

    The test reads only the degree sequence, the edge count and connectivity, so it costs
    one pass over the graph: a connected simple graph on n nodes is a path when it has n − 1
    edges and no degree above 2, a cycle when every degree is 2, and complete when every
    degree is n − 1. Directed graphs, multigraphs and graphs with self-loops are never
    recognised.

    Parameters
    ----------
    graph : networkx.Graph

    Returns
    -------
    Factor

    Examples
    --------
    >>> import networkx as nx
    >>> recognize_factor(nx.cycle_graph(9))
    Factor(kind='cycle', n=9)
    >>> recognize_factor(nx.relabel_nodes(nx.path_graph(4), {0: "a", 1: "c", 2: "b", 3: "d"}))
    Factor(kind='path', n=4)
    >>> recognize_factor(nx.complete_graph(5)), recognize_factor(nx.star_graph(3)).kind
    (Factor(kind='complete', n=5), 'graph')
    """
    n = graph.number_of_nodes()
    other = Factor("graph", n, graph)
    if n == 0 or graph.is_directed() or graph.is_multigraph() or nx.number_of_selfloops(graph):
        return other
    m = graph.number_of_edges()
    degrees = [d for _, d in graph.degree()]
    if n <= 2:
        # K1 and K2 are paths too; the path form is the simplest closed form.
        return Factor("path", n) if m == n - 1 else other
    if not nx.is_connected(graph):
        return other
    top = max(degrees)
    if m == n - 1 and top <= 2:
        return Factor("path", n)
    if m == n and top == 2 and min(degrees) == 2:
        return Factor("cycle", n)
    if m == n * (n - 1) // 2:
        return Factor("complete", n)
    return other
