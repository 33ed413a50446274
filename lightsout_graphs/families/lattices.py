"""Lattice families: rectangular and n-dimensional grids (tori and the other lattices join here)."""

from __future__ import annotations

import itertools
import numbers
from collections.abc import Hashable, Iterable

import networkx as nx

from lightsout_graphs.errors import InvalidPuzzleError
from lightsout_graphs.puzzle import FamilyInfo, Puzzle

__all__ = ["grid", "grid_graph"]


def _check_shape(shape: tuple[object, ...], name: str = "shape") -> tuple[int, ...]:
    if not shape:
        msg = f"Argument {name!r} needs at least one side length."
        raise InvalidPuzzleError(msg)
    out = []
    for i, side in enumerate(shape):
        if isinstance(side, bool) or not isinstance(side, numbers.Integral) or int(side) < 1:
            msg = f"Argument {name!r} side {i} must be an int >= 1, not {side!r}."
            raise InvalidPuzzleError(msg)
        out.append(int(side))
    return tuple(out)


def grid_graph(*shape: int) -> nx.Graph:
    """The grid graph of the given side lengths, nodes as coordinate tuples in row-major order.

    Two cells are neighbours when their coordinates differ by 1 in exactly one axis. A ``pos``
    attribute places 2-dimensional grids as they are drawn: row 0 at the top.

    Parameters
    ----------
    *shape : int
        The side lengths, one per dimension.

    Returns
    -------
    networkx.Graph

    Examples
    --------
    >>> G = grid_graph(2, 3)
    >>> list(G)[:4]
    [(0, 0), (0, 1), (0, 2), (1, 0)]
    >>> G.number_of_edges()
    7
    """
    sides = _check_shape(shape)
    g = nx.Graph()
    for cell in itertools.product(*(range(s) for s in sides)):
        if len(sides) == 2:
            g.add_node(cell, pos=(float(cell[1]), -float(cell[0])))
        else:
            g.add_node(cell)
    for cell in itertools.product(*(range(s) for s in sides)):
        for axis, side in enumerate(sides):
            if cell[axis] + 1 < side:
                other = (*cell[:axis], cell[axis] + 1, *cell[axis + 1 :])
                g.add_edge(cell, other)
    return g


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
    modulus : int, default 2
        k, the number of light states.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.
    pressable : iterable of nodes, optional
        Restrict the presses to these cells.

    Returns
    -------
    Puzzle
        Nodes are coordinate tuples, in row-major order.

    Examples
    --------
    >>> p = grid(5, 5)
    >>> p
    <Puzzle: 25 nodes, 40 edges, rule='closed', modulus=2>
    >>> p.nodes[:2]
    ((0, 0), (0, 1))
    """
    sides = _check_shape(shape)
    puzzle = Puzzle(grid_graph(*sides), modulus=modulus, rule=rule, pressable=pressable)
    return puzzle.with_metadata(family=FamilyInfo("grid", {"shape": sides}))
