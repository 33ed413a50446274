"""Ring puzzles of 4-D polytopes: the vertices are buttons, the great circles of edges are lights.

In the puzzles of nanma80/lights_out_4d a polytope's edges lie on great circles of the 3-sphere;
the edges on one great circle close up into a **ring**. Pressing a vertex toggles every ring
through it; the rings carry the lights and the vertices carry none.

The geometry is exact. Coordinates live in Z[√5] (pairs of ints ``(a, b)`` meaning a + b√5),
which holds the 16-cell, the 24-cell, the 600-cell and the bideca without rounding. A ring is
found as the set of vertices in the 2-plane through the origin spanned by an edge (a vanishing
Gram determinant) and is checked to be one cycle of edges. The duopyramids ``{p}+{q}`` need
√2 or √3, so their rings come from their index structure instead (the tests check them against
the coordinates).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Hashable

import networkx as nx
import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families._common import circle_pos
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.families.patterns import press_pattern
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])

#: The polytopes of nanma80/lights_out_4d by name. Duopyramids are named ``"{p}+{q}"`` for even
#: p, q >= 4 (for example ``"{6}+{8}"``); they are not listed here.
POLYTOPES: tuple[str, ...] = ("16-cell", "24-cell", "600-cell", "bideca")

_DUOPYRAMID = re.compile(r"\{(\d+)\}\+\{(\d+)\}")
#: The largest polygon a duopyramid may have (a guard against huge inputs).
_MAX_POLYGON = 1000

_Num = tuple[int, int]  # a + b√5
_Vec = tuple[_Num, ...]
Rings = tuple[tuple[int, ...], ...]


# --- arithmetic in Z[√5] ---------------------------------------------------------------------


def _mul(x: _Num, y: _Num) -> _Num:
    return (x[0] * y[0] + 5 * x[1] * y[1], x[0] * y[1] + x[1] * y[0])


def _sub(x: _Num, y: _Num) -> _Num:
    return (x[0] - y[0], x[1] - y[1])


def _dot(u: _Vec, v: _Vec) -> _Num:
    products = [_mul(x, y) for x, y in zip(u, v, strict=True)]
    return (sum(p[0] for p in products), sum(p[1] for p in products))


def _sign(x: _Num) -> int:
    """The sign of a + b√5, exactly."""
    a, b = x
    sa = (a > 0) - (a < 0)
    sb = (b > 0) - (b < 0)
    if sa == sb or sb == 0:
        return sa
    if sa == 0:
        return sb
    return sa if a * a > 5 * b * b else sb  # a² = 5b² has no solution in nonzero ints


# --- vertices --------------------------------------------------------------------------------


def _vertices_16cell() -> list[_Vec]:
    return [tuple((s * (i == axis), 0) for i in range(4)) for axis in range(4) for s in (1, -1)]


def _vertices_24cell() -> list[_Vec]:
    return [
        tuple((si if k == i else sj if k == j else 0, 0) for k in range(4))
        for i, j in itertools.combinations(range(4), 2)
        for si, sj in itertools.product((1, -1), repeat=2)
    ]


def _vertices_600cell() -> list[_Vec]:
    """The 120 unit icosians, times 4 so that every coordinate is in Z[√5]."""
    out = [tuple((4 * a, 4 * b) for a, b in v) for v in _vertices_16cell()]
    out += [tuple((s, 0) for s in signs) for signs in itertools.product((2, -2), repeat=4)]
    # even permutations of (±φ, ±1, ±1/φ, 0)/2, times 4: 2φ = 1 + √5, 2/φ = √5 - 1
    base = ((1, 1), (2, 0), (-1, 1), (0, 0))
    for perm in itertools.permutations(range(4)):
        if sum(perm[i] > perm[j] for i, j in itertools.combinations(range(4), 2)) % 2:
            continue  # an odd permutation
        for signs in itertools.product((1, -1), repeat=3):
            sign = (*signs, 1)
            out.append(tuple((sign[p] * base[p][0], sign[p] * base[p][1]) for p in perm))
    return out


def _vertices_bideca() -> list[_Vec]:
    """±the 5 vertices of a regular 5-cell, times √5 (norm 4): v, -v for each in turn."""
    simplex = [
        ((0, 1), (0, 1), (0, 1), (-1, 0)),
        ((0, 1), (0, -1), (0, -1), (-1, 0)),
        ((0, -1), (0, 1), (0, -1), (-1, 0)),
        ((0, -1), (0, -1), (0, 1), (-1, 0)),
        ((0, 0), (0, 0), (0, 0), (4, 0)),
    ]
    return [w for v in simplex for w in (v, tuple((-a, -b) for a, b in v))]


# --- edges and rings -------------------------------------------------------------------------


def _shortest_edges(verts: list[_Vec]) -> list[tuple[int, int]]:
    """The pairs at the smallest distance: the largest inner product between distinct vertices."""
    dots = {
        (i, j): _dot(verts[i], verts[j]) for i, j in itertools.combinations(range(len(verts)), 2)
    }
    best = next(iter(dots.values()))
    for d in dots.values():
        if _sign(_sub(d, best)) > 0:
            best = d
    return [pair for pair, d in dots.items() if d == best]


def _non_antipodal_edges(verts: list[_Vec]) -> list[tuple[int, int]]:
    """Every pair but the antipodal ones (the bideca: the dual of the bitruncated 5-cell)."""
    return [
        (i, j)
        for i, j in itertools.combinations(range(len(verts)), 2)
        if verts[i] != tuple((-a, -b) for a, b in verts[j])
    ]


def _in_plane(u: _Vec, v: _Vec, w: _Vec) -> bool:
    """Whether w lies in the plane spanned by u and v: their Gram determinant vanishes."""
    uu, uv, uw = _dot(u, u), _dot(u, v), _dot(u, w)
    vv, vw, ww = _dot(v, v), _dot(v, w), _dot(w, w)
    minors = (
        _sub(_mul(vv, ww), _mul(vw, vw)),
        _sub(_mul(uv, ww), _mul(vw, uw)),
        _sub(_mul(uv, vw), _mul(vv, uw)),
    )
    return _sub(_mul(uu, minors[0]), _mul(uv, minors[1])) == _sub((0, 0), _mul(uw, minors[2]))


def _cycle(members: list[int], edges: set[tuple[int, int]]) -> tuple[int, ...]:
    """The members in cycle order (from the smallest, towards its smaller neighbour)."""
    ring = nx.Graph(e for e in itertools.combinations(sorted(members), 2) if e in edges)
    ring.add_nodes_from(members)
    if any(d != 2 for _, d in ring.degree):
        msg = f"The edges in the plane of vertices {sorted(members)} do not form one cycle."
        raise AssertionError(msg)
    if not nx.is_connected(ring):
        msg = f"The edges in the plane of vertices {sorted(members)} form more than one cycle."
        raise AssertionError(msg)
    return tuple(nx.dfs_preorder_nodes(ring, min(members)))


def _great_circles(verts: list[_Vec], edges: list[tuple[int, int]]) -> Rings:
    """The rings: for each edge, the cycle of edges in the 2-plane it spans through the origin."""
    edge_set = set(edges)
    covered: set[tuple[int, int]] = set()
    rings: list[tuple[int, ...]] = []
    for i, j in edges:
        if (i, j) in covered:
            continue
        members = [w for w in range(len(verts)) if _in_plane(verts[i], verts[j], verts[w])]
        ring = _cycle(members, edge_set)
        rings.append(ring)
        covered.update((min(e), max(e)) for e in zip(ring, ring[1:] + ring[:1], strict=True))
    return tuple(sorted(rings, key=lambda r: sorted(r)))


def _duopyramid(p: int, q: int) -> tuple[np.ndarray, Rings]:
    """The p-gon in the xy plane, the q-gon in the zw plane; rings: the two polygons and, for
    each pair of diameters (one of each polygon), the square through their 4 ends."""
    xy = [(x, y, 0.0, 0.0) for x, y in circle_pos(p, start=0.0)]
    zw = [(0.0, 0.0, z, w) for z, w in circle_pos(q, start=0.0)]
    rings: list[tuple[int, ...]] = [tuple(range(p)), tuple(range(p, p + q))]
    rings += [(i, p + j, i + p // 2, p + j + q // 2) for i in range(p // 2) for j in range(q // 2)]
    return np.array(xy + zw, dtype=float), tuple(sorted(rings, key=lambda r: sorted(r)))


def _check_name(name: object) -> tuple[int, int] | None:
    """None for a named polytope, (p, q) for a duopyramid; raise for anything else."""
    if isinstance(name, str) and name in POLYTOPES:
        return None
    if isinstance(name, str) and (m := _DUOPYRAMID.fullmatch(name)):
        p, q = int(m.group(1)), int(m.group(2))
        if p >= 4 and q >= 4 and p % 2 == 0 and q % 2 == 0 and max(p, q) <= _MAX_POLYGON:
            return p, q
        msg = (
            f"Argument 'name' {name!r}: a duopyramid '{{p}}+{{q}}' needs even p and q from 4 "
            f"to {_MAX_POLYGON}."
        )
        raise InvalidPuzzleError(msg)
    msg = (
        f"Argument 'name' must be one of {', '.join(POLYTOPES)} or a duopyramid such as "
        f"'{{6}}+{{8}}', not {name!r}."
    )
    raise InvalidPuzzleError(msg)


@functools.lru_cache(maxsize=16)
def _rings(name: str) -> tuple[np.ndarray, Rings]:
    """The cached geometry of a name already checked by :func:`_check_name`."""
    pq = _check_name(name)
    if pq is not None:
        coords, rings = _duopyramid(*pq)
        coords.flags.writeable = False
        return coords, rings
    vertices, scale = {
        "16-cell": (_vertices_16cell, 1.0),
        "24-cell": (_vertices_24cell, 1.0),
        "600-cell": (_vertices_600cell, 4.0),
        "bideca": (_vertices_bideca, 4.0),
    }[name]
    verts = vertices()
    edges = _non_antipodal_edges(verts) if name == "bideca" else _shortest_edges(verts)
    rings = _great_circles(verts, edges)
    coords = np.array([[x[0] + x[1] * math.sqrt(5) for x in v] for v in verts], dtype=float) / scale
    coords.flags.writeable = False
    return coords, rings


def polytope_rings(name: str) -> tuple[np.ndarray, Rings]:
    """The vertices and rings of a polytope of nanma80/lights_out_4d, exactly.

    A ring is a great circle of the 3-sphere made of the polytope's edges. The 16-cell, 24-cell
    and 600-cell have the pairs of nearest vertices as edges; the bideca (the dual of the
    bitruncated 5-cell) has every pair of vertices that are not antipodal; the duopyramid
    ``{p}+{q}`` (the dual of the p-q duoprism) has the sides of its two polygons and every pair
    with one vertex in each.

    Parameters
    ----------
    name : str
        ``"16-cell"``, ``"24-cell"``, ``"600-cell"``, ``"bideca"``, or ``"{p}+{q}"`` for even
        p, q >= 4.

    Returns
    -------
    vertices : numpy.ndarray
        Shape (V, 4), read-only. The 16-cell: the 8 permutations of (±1, 0, 0, 0) (``+x, -x,
        +y, ...``); the 24-cell: the 24 permutations of (±1, ±1, 0, 0); the 600-cell: the 120
        unit icosians (the 16-cell's 8, then the 16 (±½, ±½, ±½, ±½), then the 96 even
        permutations of (±φ, ±1, ±1/φ, 0)/2); the bideca: ±v for the 5 unit vertices v of a
        regular 5-cell, v then -v; the duopyramid: the p-gon in the xy plane, then the q-gon.
    rings : tuple of tuples of int
        Each ring as its vertex indices in order round the circle (from its smallest index
        towards the smaller neighbour), the rings sorted by their sorted vertex sets.

    Raises
    ------
    InvalidPuzzleError
        A name that is neither in :data:`POLYTOPES` nor a duopyramid ``{p}+{q}`` as above.

    Examples
    --------
    >>> vertices, rings = polytope_rings("16-cell")
    >>> vertices[:3].tolist()
    [[1.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]]
    >>> rings
    ((0, 2, 1, 3), (0, 4, 1, 5), (0, 6, 1, 7), (2, 4, 3, 5), (2, 6, 3, 7), (4, 6, 5, 7))
    >>> vertices, rings = polytope_rings("600-cell")
    >>> vertices.shape, len(rings), {len(r) for r in rings}
    ((120, 4), 72, {10})
    """
    _check_name(name)
    return _rings(name)


def ring_press_map(name: str) -> dict[str, list[str]]:
    """The press map of a ring puzzle: button ``"v<i>"`` -> the rings ``"r<j>"`` through it.

    ``i`` indexes the vertices and ``j`` the rings of :func:`polytope_rings`. The ring labels
    are the lights of :func:`ring_puzzle`.

    Parameters
    ----------
    name : str
        As for :func:`polytope_rings`.

    Returns
    -------
    dict
        ``"v<i>"`` -> the ring labels through vertex i, in ring order.

    Raises
    ------
    InvalidPuzzleError
        An unknown name, as for :func:`polytope_rings`.

    Examples
    --------
    >>> ring_press_map("16-cell")["v0"]
    ['r0', 'r1', 'r2']
    >>> len(ring_press_map("24-cell")["v0"])
    4
    """
    vertices, rings = polytope_rings(name)
    out: dict[str, list[str]] = {f"v{i}": [] for i in range(len(vertices))}
    for j, ring in enumerate(rings):
        for i in ring:
            out[f"v{i}"].append(f"r{j}")
    return out


def _projection(vertices: np.ndarray) -> np.ndarray:
    """Vertices seen on a fixed generic plane, scaled to radius 1."""
    a = np.array([1.0, 0.31, 0.57, 0.13])
    b = np.array([0.23, 1.0, -0.41, 0.67])
    a /= np.linalg.norm(a)
    b -= (b @ a) * a
    b /= np.linalg.norm(b)
    xy = np.stack([vertices @ a, vertices @ b], axis=1)
    return xy / max(float(np.linalg.norm(xy, axis=1).max()), 1e-12)


def ring_puzzle(name: str, modulus: int = 2) -> Puzzle:
    """The ring puzzle of a 4-D polytope: press a vertex to toggle every ring through it.

    The buttons are the vertices ``"v<i>"``, the lights the rings ``"r<j>"`` (see
    :func:`ring_press_map`), built by :func:`press_pattern`. The vertices are buttons
    without lights: states and targets live on the rings only, and :attr:`Puzzle.n` counts
    the rings.

    Parameters
    ----------
    name : str
        As for :func:`polytope_rings`: ``"16-cell"``, ``"24-cell"``, ``"600-cell"``,
        ``"bideca"`` or ``"{p}+{q}"``.
    modulus : int, default 2
        k (a press adds 1 to each ring through the vertex).

    Returns
    -------
    Puzzle
        Nodes: the vertices, then the rings; lights: the rings; ``family`` is ``FamilyInfo("ring_puzzle",
        {"name": name})``. ``pos`` shows the vertices projected on a plane and the rings on a
        circle round them.

    Raises
    ------
    InvalidPuzzleError
        An unknown name or a bad modulus.

    Examples
    --------
    >>> p = ring_puzzle("24-cell")
    >>> len(p.pressable), p.n, len(p.nodes)
    (24, 16, 40)
    >>> sorted(v for v, x in p.press(0, "v0").items() if x)
    ['r0', 'r1', 'r2', 'r3']
    """
    vertices, rings = polytope_rings(name)
    pattern: dict[Hashable, list[Hashable]] = dict(ring_press_map(name))  # type: ignore[arg-type]
    lights = [f"r{j}" for j in range(len(rings))]
    pos = dict(zip(pattern, map(tuple, _projection(vertices).tolist()), strict=True))
    pos |= dict(zip(lights, circle_pos(len(rings), 1.3), strict=True))
    return press_pattern(
        pattern,
        modulus,
        nodes=[*pattern, *lights],
        pos=pos,
        family="ring_puzzle",
        params={"name": name},
        lights=lights,
    )
