"""Where each light sits: the grid of board text and the plane of pictures and play pages.

Two layouts, one home:

- :func:`grid_layout` gives the rows and columns of a grid puzzle (nodes ``(row, column)``)
  for board text; other puzzles have none.
- :func:`node_positions` places every node in the plane, the same way for a matplotlib
  drawing (:mod:`lightsout_graphs.interfaces.draw`) and for a play page (:mod:`lightsout_graphs.interfaces.play`).
  In order: the nodes' ``pos`` attributes (the families set them; 3-D ones are projected
  obliquely) when every node has one and no two coincide; else the coordinates of nodes that
  are int tuples of one length (a grid with row 0 at the top, a 3-D grid projected obliquely,
  higher dimensions as a hypercube); else a Kamada-Kawai layout (up to :data:`MAX_KAMADA_KAWAI`
  nodes of a connected graph) or a seeded spring layout.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx
import numpy as np

from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.puzzle import Puzzle, checks_puzzle

#: What this module computes per puzzle (see :mod:`lightsout_graphs.core._cache`).
_CACHE = PuzzleCache()

#: A grid layout must fill at least this share of its bounding rectangle.
_MIN_FILL = 0.5

#: Connected graphs up to this many nodes get a Kamada-Kawai layout, larger ones a spring layout.
MAX_KAMADA_KAWAI = 150

#: Where one step along the third axis goes in the plane (an oblique projection of 3-D).
OBLIQUE = (0.45, 0.3)

#: Families drawn as squares when their ``pos`` lie on a lattice, like the classic board.
TILE_FAMILIES = frozenset(
    {
        "grid",
        "torus",
        "king",
        "knight",
        "rook",
        "alien_tiles",
        "x_pattern",
        "merlin",
        "cube_surface",
    }
)

Positions = dict[Hashable, tuple[float, float]]


@dataclass(frozen=True)
class GridLayout:
    """Where each node of a grid puzzle sits in the text: ``cells[node] == (row, column)``.

    Attributes
    ----------
    shape : tuple of int
        ``(rows, columns)`` of the bounding rectangle.
    cells : dict
        node -> ``(row, column)``, counted from 0 at the top left.
    at : dict
        ``(row, column)`` -> node, for the positions that hold a light.

    Examples
    --------
    >>> layout = GridLayout(shape=(1, 2), cells={"a": (0, 0), "b": (0, 1)}, at={(0, 1): "b"})
    >>> layout.at[(0, 1)], layout.shape
    ('b', (1, 2))
    """

    shape: tuple[int, int]
    cells: Mapping[Hashable, tuple[int, int]]
    at: Mapping[tuple[int, int], Hashable]


def _is_int(x: object) -> bool:
    if type(x) is int:  # the common case, without the slower check of the abstract class
        return True
    return isinstance(x, numbers.Integral) and not isinstance(x, bool | np.bool_)


@checks_puzzle
def grid_layout(puzzle: Puzzle) -> GridLayout | None:
    """The grid layout of a puzzle whose nodes are ``(row, column)`` pairs, else ``None``.

    Parameters
    ----------
    puzzle : Puzzle
        Any puzzle; only its nodes, and whether each carries a light, matter.

    Returns
    -------
    GridLayout or None
        ``None`` unless every node is a 2-tuple of ints and the nodes fill at least half of
        their bounding rectangle (so that a picture of rows and columns is faithful).

    Examples
    --------
    >>> grid_layout(lo.grid(2, 3)).shape
    (2, 3)
    >>> grid_layout(lo.Puzzle(nx.path_graph(3))) is None
    True
    """
    if not puzzle.all_lights:  # buttons without lights: boards are listings over the lights
        return None
    return _CACHE.get(puzzle, "grid_layout", lambda: _find_grid_layout(puzzle.nodes))


def _int_tuples(nodes: Sequence[Hashable]) -> list[tuple[int, ...]] | None:
    """The nodes as tuples of ints, when every node is a tuple of ints, all of one length >= 1."""
    coords: list[tuple[int, ...]] = []
    for v in nodes:
        if not isinstance(v, tuple) or not all(_is_int(x) for x in v):
            return None
        coords.append(tuple(int(x) for x in v))
    return coords if len({len(c) for c in coords}) == 1 and coords[0] else None


def _find_grid_layout(nodes: Sequence[Hashable]) -> GridLayout | None:
    coords = _int_tuples(nodes)
    if coords is None or len(coords[0]) != 2:
        return None
    rows, cols = (list(axis) for axis in zip(*coords, strict=True))
    r0, c0 = min(rows), min(cols)
    shape = (max(rows) - r0 + 1, max(cols) - c0 + 1)
    if len(nodes) < _MIN_FILL * shape[0] * shape[1]:
        return None
    cells = {node: (r - r0, c - c0) for node, r, c in zip(nodes, rows, cols, strict=True)}
    at = {cell: node for node, cell in cells.items()}
    return GridLayout(shape=shape, cells=cells, at=at)


def _distinct(pos: Positions) -> bool:
    return len({(round(x, 9), round(y, 9)) for x, y in pos.values()}) == len(pos)


def _stored_positions(puzzle: Puzzle) -> Positions | None:
    """The nodes' ``pos`` attributes in the plane, when every node has one."""
    graph = puzzle.graph
    given = [graph.nodes[u].get("pos") for u in puzzle.nodes]
    if any(p is None for p in given):
        return None
    out: Positions = {}
    for u, p in zip(puzzle.nodes, given, strict=True):
        try:
            point = tuple(float(c) for c in p)
        except (TypeError, ValueError):
            point = ()
        if len(point) not in (2, 3) or not all(math.isfinite(c) for c in point):
            msg = f"Node {u!r} has attribute 'pos' = {p!r}; expected 2 or 3 finite numbers."
            raise InvalidPuzzleError(msg)
        if len(point) == 2:
            out[u] = point
        else:
            x, y, z = point
            out[u] = (x + OBLIQUE[0] * z, y + OBLIQUE[1] * z)
    return out


def _tuple_projection(nodes: Sequence[Hashable]) -> Positions | None:
    """Place nodes that are int tuples of one length: a line, a grid (row 0 at the top), a 3-D
    grid projected obliquely, higher dimensions as a hypercube."""
    coords = _int_tuples(nodes)
    if coords is None:
        return None
    d = len(coords[0])
    axes = {
        1: [(1.0, 0.0)],
        2: [(0.0, -1.0), (1.0, 0.0)],
        3: [(0.0, -1.0), (1.0, 0.0), OBLIQUE],
    }.get(d, [(math.cos(math.pi * i / d), math.sin(math.pi * i / d)) for i in range(d)])
    pos: Positions = {}
    for v, c in zip(nodes, coords, strict=True):
        x = sum(ci * a[0] for ci, a in zip(c, axes, strict=True))
        y = sum(ci * a[1] for ci, a in zip(c, axes, strict=True))
        pos[v] = (float(x), float(y))
    return pos if _distinct(pos) else None


def _computed(puzzle: Puzzle, seed: int) -> Positions:
    nodes = puzzle.nodes
    if len(nodes) <= 1:
        return dict.fromkeys(nodes, (0.0, 0.0))
    graph = nx.Graph(puzzle.graph.to_undirected(as_view=True))
    if len(nodes) <= MAX_KAMADA_KAWAI and nx.is_connected(graph):
        raw = nx.kamada_kawai_layout(graph, weight=None)
    else:
        raw = nx.spring_layout(graph, seed=seed, weight=None)
    return {u: (float(raw[u][0]), float(raw[u][1])) for u in nodes}


@checks_puzzle
def placed_nodes(puzzle: Puzzle, *, seed: int = 0) -> tuple[Positions, str]:
    """Where each node is drawn (a new dict node -> ``(x, y)``, y up), and which of the three
    ways placed it: ``"pos"`` (the nodes' attributes; one that is not 2 or 3 finite numbers
    raises :class:`InvalidPuzzleError`), ``"grid"`` (the nodes' coordinates) or ``"layout"``
    (computed, the spring layout from ``seed``)."""
    seed = int(seed)

    def compute() -> tuple[Positions, str]:
        stored = _stored_positions(puzzle)
        if stored is not None and _distinct(stored):
            return stored, "pos"
        # Two lights on one spot could not both be seen or clicked: place them another way.
        projected = _tuple_projection(puzzle.nodes)
        if projected is not None:
            return projected, "grid"
        return _computed(puzzle, seed), "layout"

    pos, source = _CACHE.get(puzzle, ("positions", seed), compute)
    return dict(pos), source


def node_positions(puzzle: Puzzle, *, seed: int = 0) -> Positions:
    """Where each node is drawn, for pictures and play pages: :func:`placed_nodes` without
    the way.

    Examples
    --------
    >>> node_positions(lo.grid(2, 2))[(1, 0)]
    (0.0, -1.0)
    >>> len(node_positions(lo.Puzzle(nx.petersen_graph())))
    10
    """
    return placed_nodes(puzzle, seed=seed)[0]


def _as_squares(puzzle: Puzzle) -> bool:
    """Whether to draw the lights as grid squares: (row, column) nodes, and any stored
    positions agree with that grid (so hexagonal or triangular lattices keep their shape)."""

    def compute() -> bool:
        layout = grid_layout(puzzle)
        if layout is None:  # a net of squares (the Lights Out Cube): draw cells, not edges
            return _is_net(puzzle)
        placed = node_positions(puzzle)
        first = puzzle.nodes[0]
        r0, c0 = layout.cells[first]
        x0, y0 = placed[first]
        return all(
            math.isclose(placed[v][0] - x0, c - c0, abs_tol=1e-9)
            and math.isclose(placed[v][1] - y0, r0 - r, abs_tol=1e-9)
            for v, (r, c) in layout.cells.items()
        )

    return _CACHE.get(puzzle, "squares", compute)


def _is_net(puzzle: Puzzle) -> bool:
    """Whether the ``pos`` attributes are distinct integer points and the puzzle is of a tile
    family or most edges join lattice neighbours: a net of squares (a cube's surface unfolded,
    a 4-D grid as nested blocks), best drawn as cells, whose long edges would only cross the
    picture."""
    stored, source = placed_nodes(puzzle)
    if source != "pos" or puzzle.n < 2:
        return False
    points = set(stored.values())
    if len(points) < puzzle.n or any(x != round(x) or y != round(y) for x, y in points):
        return False
    edges = [(stored[u], stored[v]) for u, v in puzzle.graph.edges() if u != v]
    near = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in edges)
    family = puzzle.family.name if puzzle.family is not None else None
    return family in TILE_FAMILIES or (bool(edges) and near >= 0.6 * len(edges))


def square_shape(puzzle: Puzzle) -> tuple[int, int] | None:
    """Rows and columns when the lights are drawn as squares, or None to draw a graph.

    Squares suit grids (nodes ``(row, column)`` whose positions, if any, agree with the grid, so
    hexagonal or triangular lattices keep their shape) and nets of squares such as the Lights
    Out Cube (distinct integer ``pos`` points, most edges between lattice neighbours)."""
    if not _as_squares(puzzle):
        return None
    layout = grid_layout(puzzle)
    if layout is not None:
        return layout.shape
    xs, ys = zip(*node_positions(puzzle).values(), strict=True)
    return round(max(ys) - min(ys)) + 1, round(max(xs) - min(xs)) + 1
