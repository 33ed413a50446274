"""Lattice families: n-dimensional grids and tori, hypercubes, triangular and hexagonal grids.

The square, triangular and hexagonal lattices are the three regular tilings of the plane; grids
and tori generalise the square one to any dimension, and the hypercube Q_d is the grid 2×…×2.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable
from typing import Protocol

import networkx as nx
import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.representation.families._common import (
    MAX_NODES,
    check_cells,
    check_nodes,
    family_doc,
    named_family,
    product_of,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.families._planar import planar_puzzle
from lightsout_graphs.representation.families._stencil import (
    Stencil,
    lattice_positions,
    stencil_puzzle,
)
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])


def unit_offsets(dim: int) -> tuple[tuple[int, ...], ...]:
    """The offsets ``+e_i`` and ``-e_i`` of every axis in turn: a grid's neighbours."""
    return tuple(
        tuple(s * e for e in row) for row in np.eye(dim, dtype=int).tolist() for s in (1, -1)
    )


def _check_shape(shape: tuple[object, ...], name: str = "shape") -> tuple[int, ...]:
    if len(shape) == 1 and isinstance(shape[0], tuple | list):
        shape = tuple(shape[0])
    if not shape:
        msg = f"Argument {name!r} needs at least one side length."
        raise InvalidPuzzleError(msg)
    sides = tuple(require_int(side, f"{name}[{i}]", minimum=1) for i, side in enumerate(shape))
    check_cells(sides, f"A lattice of {name} {'×'.join(map(str, sides))}")
    return sides


def _lattice_graph(
    shape: tuple[object, ...], *, wrap: bool, multiplicity: bool = False
) -> nx.Graph:
    """The grid (``wrap`` False) or torus graph of ``shape``; see :func:`torus_graph`."""
    sides = _check_shape(shape)
    box = "×".join(map(str, sides))
    check_nodes(math.prod(sides), f"The graph of the {box} {'torus' if wrap else 'grid'}")
    # The zero offset is the pressed light itself: once, and twice more per wrapped side of 1.
    offsets = (*unit_offsets(len(sides)), (0,) * len(sides))
    stencil = Stencil(sides, offsets, (1,) * len(offsets), wrap, multiplicity)
    return stencil.graph(lattice_positions(sides), weights=multiplicity)


def grid_graph(*shape: int) -> nx.Graph:
    """The grid graph of the given side lengths, nodes as coordinate tuples in row-major order.

    Two cells are neighbours when their coordinates differ by 1 in exactly one axis. A ``pos``
    attribute places 2-dimensional grids as they are drawn, row 0 at the top; higher
    dimensions are drawn as blocks of 2-D slices.

    Parameters
    ----------
    *shape : int
        The side lengths, one per dimension (or one tuple of them).

    Returns
    -------
    networkx.Graph

    Raises
    ------
    InvalidPuzzleError
        No sides, or a side that is not an int >= 1.

    Examples
    --------
    >>> G = grid_graph(2, 3)
    >>> list(G)[:4]
    [(0, 0), (0, 1), (0, 2), (1, 0)]
    >>> G.number_of_edges()
    7
    >>> G.nodes[(1, 2)]["pos"]
    (2.0, -1.0)
    """
    return _lattice_graph(shape, wrap=False)


@family_doc
def grid(
    *shape: int,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on a grid of any dimension: ``grid(5, 5)`` is the classic board.

    Parameters
    ----------
    *shape : int
        Side lengths: ``grid(5, 5)``, ``grid(3, 3, 3, 3)``.
    %(puzzle)s

    Returns
    -------
    %(shape_puzzle)s

    Raises
    ------
    %(raises)s

    Examples
    --------
    >>> p = grid(5, 5)
    >>> p
    <Puzzle: 25 nodes, 40 edges, rule='closed', modulus=2>
    >>> p.nodes[:2]
    ((0, 0), (0, 1))
    >>> p.family
    FamilyInfo(name='grid', params={'shape': (5, 5)})
    """
    return _box_puzzle(shape, False, modulus=modulus, rule=rule, pressable=pressable)


def torus_graph(*shape: int, multiplicity: bool = False) -> nx.Graph:
    """The torus: a grid whose every axis wraps around, nodes as coordinate tuples.

    Cell ``c`` is joined to ``c ± 1 (mod side)`` along each axis. Along a side of 2 both wrapped
    neighbours are the same cell, and the simple graph has one edge to it; along a side of 1
    the wrapped neighbour is the cell itself, and there is no edge (and no loop).

    Parameters
    ----------
    *shape : int
        The side lengths, one per dimension (or one tuple of them).
    multiplicity : bool, default False
        Also record, for the ``weighted`` rule, how often each neighbour is met: edge attribute
        ``weight`` (2 along a side of 2) and node attribute ``self_weight``
        (1 + 2 per axis of side 1).

    Returns
    -------
    networkx.Graph

    Examples
    --------
    >>> torus_graph(3, 4).number_of_edges()
    24
    >>> torus_graph(2, 2).number_of_edges()  # a 4-cycle: no double edges
    4
    >>> torus_graph(1, 3).number_of_edges()  # a 3-cycle: no loops
    3
    """
    return _lattice_graph(shape, wrap=True, multiplicity=multiplicity)


@family_doc
def torus(
    *shape: int,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on a torus of any dimension: every axis wraps around.

    Parameters
    ----------
    *shape : int
        Side lengths: ``torus(5, 5)``, ``torus(3, 3, 3)``.
    %(modulus)s
    rule : {"closed", "open", "weighted"}, default "closed"
        ``closed`` and ``open`` act on the simple graph: along a side of 2 the two wrapped
        neighbours coincide and that light changes once; along a side of 1 there is no wrapped
        neighbour. ``weighted`` counts every neighbour direction instead: along a side of 2 the
        light changes twice, and along a side of 1 the pressed light itself changes twice more.
    %(pressable)s

    Returns
    -------
    %(shape_puzzle)s

    Raises
    ------
    %(raises)s

    Examples
    --------
    >>> p = torus(5, 5)
    >>> p
    <Puzzle: 25 nodes, 50 edges, rule='closed', modulus=2>
    >>> sorted(v for v, x in p.press(0, (0, 0)).items() if x)
    [(0, 0), (0, 1), (0, 4), (1, 0), (4, 0)]
    >>> torus(2, 3, modulus=3, rule="weighted").press(0, (0, 0))[(1, 0)]
    2
    """
    return _box_puzzle(shape, True, modulus=modulus, rule=rule, pressable=pressable)


def _box_puzzle(
    shape: tuple[int, ...],
    wrap: bool,
    *,
    modulus: int,
    rule: str,
    pressable: Iterable[Hashable] | None,
) -> Puzzle:
    """The grid (``wrap`` False) or torus of ``shape``; the torus counts directions when weighted."""
    sides = _check_shape(shape)
    weighted = wrap and rule == "weighted"
    return stencil_puzzle(
        Stencil(sides, unit_offsets(len(sides)), (1,) * (2 * len(sides)), wrap, weighted),
        family="torus" if wrap else "grid",
        params={"shape": sides},
        modulus=modulus,
        rule=rule,
        pressable=pressable,
        graph=lambda: _lattice_graph(sides, wrap=wrap, multiplicity=weighted),
        board_shape=sides,
    )


@family_doc
def hypercube(
    d: int,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on the hypercube Q_d: nodes are 0/1 tuples, neighbours differ in one place.

    The ``pos`` attribute is the usual projection: coordinate i moves a node along the vector
    at angle ``πi/d``, of length ``1 + i/(4d)`` so that no two corners land on the same point.

    Parameters
    ----------
    d : int
        The dimension, >= 0 (Q_0 is a single light).
    %(puzzle)s

    Returns
    -------
    Puzzle
        ``2**d`` nodes, ``d * 2**(d-1)`` edges; ``family`` is ``FamilyInfo("hypercube", {"d": d})``.

    Raises
    ------
    InvalidPuzzleError
        ``d`` not an int >= 0, or a bad modulus or rule.

    Examples
    --------
    >>> p = hypercube(3)
    >>> p
    <Puzzle: 8 nodes, 12 edges, rule='closed', modulus=2>
    >>> p.nodes[:3]
    ((0, 0, 0), (0, 0, 1), (0, 1, 0))
    """
    d = require_int(d, "d", minimum=0)
    if d > MAX_NODES.bit_length() - 1:
        msg = (
            f"The hypercube of dimension d={d} would have 2**{d} nodes, more than the "
            f"{MAX_NODES} a puzzle holds here; choose d <= {MAX_NODES.bit_length() - 1}."
        )
        raise InvalidPuzzleError(msg)
    stencil = Stencil((2,) * d, unit_offsets(d), (1,) * (2 * d))
    return stencil_puzzle(
        stencil,
        family="hypercube",
        params={"d": d},
        modulus=modulus,
        rule=rule,
        pressable=pressable,
        graph=lambda: _hypercube_graph(d),
        board_shape=None,
        structure=product_of([("path", 2)] * d or [("path", 1)], rule),  # Q_d = K_2 □ … □ K_2
    )


def _hypercube_graph(d: int) -> nx.Graph:
    cells = np.array(list(itertools.product((0, 1), repeat=d)), dtype=float).reshape(2**d, d)
    i = np.arange(d)
    xy = cells @ (np.stack([np.cos(np.pi * i / d), np.sin(np.pi * i / d)]) * (1 + i / (4 * d))).T
    if d == 2:  # a square, not a rhombus
        xy = cells[:, ::-1]
    return Stencil((2,) * d, unit_offsets(d), (1,) * (2 * d)).graph(list(map(tuple, xy.tolist())))


class Planar(Protocol):
    """The signature of the planar lattices: ``m`` rows and ``n`` columns of cells."""

    def __call__(
        self,
        m: int,
        n: int,
        *,
        modulus: int = 2,
        rule: str = "closed",
        pressable: Iterable[Hashable] | None = None,
    ) -> Puzzle: ...


def _planar(name: str, cells: str, summary: str, examples: str) -> Planar:
    """The family of a planar lattice of m×n ``cells``, its docs from one template."""

    def family(
        m: int,
        n: int,
        *,
        modulus: int = 2,
        rule: str = "closed",
        pressable: Iterable[Hashable] | None = None,
    ) -> Puzzle:
        return planar_puzzle(name, m, n, modulus=modulus, rule=rule, pressable=pressable)

    parameters = f"m, n : int\n        Rows and columns of {cells}, >= 1.\n    %(puzzle)s"
    returns = 'Puzzle\n        ``family`` is ``FamilyInfo("%(name)s", {"m": m, "n": n})``.'
    return named_family(family, name, __name__, summary, parameters, returns, examples)


hexagonal = _planar(
    "hexagonal",
    "hexagons",
    """Lights Out on the hexagonal (honeycomb) lattice of m rows and n columns of hexagons.

    Lights sit on the hexagons' corners (networkx's ``hexagonal_lattice_graph``); every light
    has at most 3 neighbours. Nodes are networkx's ``(column, row)`` tuples, ordered row by row.""",
    """    >>> hexagonal(1, 1)  # one hexagon
    <Puzzle: 6 nodes, 6 edges, rule='closed', modulus=2>
    >>> hexagonal(2, 2).n
    16""",
)
triangular = _planar(
    "triangular",
    "triangles",
    """Lights Out on the triangular lattice of m rows and n columns of triangles.

    Lights sit on the triangles' corners (networkx's ``triangular_lattice_graph``); inner lights
    have 6 neighbours. Nodes are networkx's ``(column, row)`` tuples, ordered row by row.""",
    """    >>> triangular(1, 1)  # one triangle
    <Puzzle: 3 nodes, 3 edges, rule='closed', modulus=2>
    >>> triangular(2, 2)
    <Puzzle: 6 nodes, 9 edges, rule='closed', modulus=2>""",
)
