"""Polyhedra: the five Platonic solids (lights on the vertices) and the Lights Out Cube surface."""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable
from typing import Protocol

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.spatial import ConvexHull

from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.representation.families._common import (
    build,
    check_args,
    check_size,
    family_doc,
    set_pos,
)
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = [
    "FACES",
    "cube",
    "cube_surface",
    "cube_surface_graph",
    "dodecahedron",
    "icosahedron",
    "octahedron",
    "solid_graph",
    "tetrahedron",
]

_PHI = (1 + math.sqrt(5)) / 2


def _vertices(solid: str) -> list[tuple[float, float, float]]:
    if solid == "tetrahedron":
        return [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
    if solid == "cube":
        return [(float(x), float(y), float(z)) for x, y, z in itertools.product((0, 1), repeat=3)]
    if solid == "octahedron":
        return [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
    if solid == "icosahedron":
        out: list[tuple[float, float, float]] = []
        for a, b in itertools.product((1, -1), repeat=2):
            out += [(0, a, b * _PHI), (a, b * _PHI, 0), (b * _PHI, 0, a)]
        return out
    out = [(float(x), float(y), float(z)) for x, y, z in itertools.product((1, -1), repeat=3)]
    for a, b in itertools.product((1, -1), repeat=2):
        out += [(0, a / _PHI, b * _PHI), (a / _PHI, b * _PHI, 0), (b * _PHI, 0, a / _PHI)]
    return out


def _schlegel(points: np.ndarray) -> np.ndarray:
    """Schlegel diagram: look through one face from just outside it; that face becomes the rim.

    The eye sits on the face's normal, 15% beyond its plane (still inside the planes of the
    neighbouring faces, so the drawing is planar), and every vertex is projected from it onto
    a plane behind the solid. Radii r become r**0.6 so the inner rings do not crowd.
    """
    pts = points - points.mean(axis=0)
    hull = ConvexHull(pts)
    normals = hull.equations[:, :3]
    face = int(np.argmax(normals @ np.array([0.13, 0.21, 1.0])))  # a fixed, generic direction
    u = normals[face]
    height = -hull.equations[face, 3]
    eye_height = 1.15 * height
    far = float(np.abs(pts @ u).max()) + height
    scale = (eye_height + far) / (eye_height - pts @ u)
    eye = u * eye_height
    projected = eye + scale[:, None] * (pts - eye)
    a = np.cross(u, [1.0, 0.0, 0.0] if abs(u[0]) < 0.9 else [0.0, 1.0, 0.0])
    a /= np.linalg.norm(a)
    b = np.cross(u, a)
    xy = np.stack([projected @ a, projected @ b], axis=1)
    radius = np.linalg.norm(xy, axis=1, keepdims=True)
    radius /= radius.max()
    xy /= np.linalg.norm(xy, axis=1).max()
    safe = np.maximum(radius, 1e-12)
    return xy * safe**0.6 / safe


def solid_graph(solid: str) -> nx.Graph:
    """The vertex graph of a Platonic solid, with a Schlegel-diagram ``pos`` (planar drawing).

    Parameters
    ----------
    solid : {"tetrahedron", "cube", "octahedron", "dodecahedron", "icosahedron"}

    Returns
    -------
    networkx.Graph
        Integer nodes ``0..n-1``, except the cube, whose nodes are its 0/1 coordinate tuples.

    Raises
    ------
    InvalidPuzzleError
        An unknown solid.

    Examples
    --------
    >>> G = solid_graph("dodecahedron")
    >>> G.number_of_nodes(), G.number_of_edges(), nx.is_isomorphic(G, nx.dodecahedral_graph())
    (20, 30, True)
    """
    names = ("tetrahedron", "cube", "octahedron", "dodecahedron", "icosahedron")
    if solid not in names:
        msg = f"Argument 'solid' must be one of {', '.join(names)}, not {solid!r}."
        raise InvalidPuzzleError(msg)
    verts = np.array(_vertices(solid), dtype=float)
    diff = verts[:, None, :] - verts[None, :, :]
    dist = np.sqrt((diff**2).sum(axis=2))
    edge = dist[dist > 1e-9].min()
    labels: list[Hashable]
    if solid == "cube":
        labels = [tuple(int(c) for c in v) for v in verts]
    else:
        labels = list(range(len(verts)))
    g = nx.Graph()
    g.add_nodes_from(labels)
    for i, j in itertools.combinations(range(len(verts)), 2):
        if abs(dist[i, j] - edge) < 1e-6:
            g.add_edge(labels[i], labels[j])
    xy = _schlegel(verts)
    set_pos(g, {labels[i]: (xy[i, 0], xy[i, 1]) for i in range(len(verts))})
    return g


class Solid(Protocol):
    """The signature of the five solids' functions (they take no size)."""

    def __call__(
        self, *, modulus: int = 2, rule: str = "closed", pressable: Iterable[Hashable] | None = None
    ) -> Puzzle: ...


def _solid(solid: str, summary: str, nodes: str, examples: str) -> Solid:
    """The function of one Platonic solid: its puzzle, with its docs from one template."""

    def family(
        *, modulus: int = 2, rule: str = "closed", pressable: Iterable[Hashable] | None = None
    ) -> Puzzle:
        return build(solid_graph(solid), solid, {}, modulus=modulus, rule=rule, pressable=pressable)

    family.__name__ = family.__qualname__ = solid
    family.__doc__ = f"""{summary}

    Parameters
    ----------
    %(puzzle)s

    Returns
    -------
    Puzzle
        {nodes}; ``family`` is ``FamilyInfo("%(name)s", {{}})``.

    Examples
    --------
{examples}
    """
    return family_doc(family)


tetrahedron = _solid(
    "tetrahedron",
    "Lights Out on the 4 vertices of a tetrahedron (the complete graph K4).",
    "Nodes ``0..3``",
    """    >>> tetrahedron()
    <Puzzle: 4 nodes, 6 edges, rule='closed', modulus=2>""",
)
cube = _solid(
    "cube",
    """Lights Out on the 8 vertices of a cube (the hypercube Q3, drawn as a Schlegel diagram).

    For the Lights Out Cube puzzle, whose lights are on the faces, see :func:`cube_surface`.""",
    "Nodes are the 0/1 coordinate tuples",
    """    >>> p = cube()
    >>> p
    <Puzzle: 8 nodes, 12 edges, rule='closed', modulus=2>
    >>> p.nodes[:2]
    ((0, 0, 0), (0, 0, 1))""",
)
octahedron = _solid(
    "octahedron",
    "Lights Out on the 6 vertices of an octahedron.",
    "Nodes ``0..5``",
    """    >>> octahedron()
    <Puzzle: 6 nodes, 12 edges, rule='closed', modulus=2>""",
)
dodecahedron = _solid(
    "dodecahedron",
    "Lights Out on the 20 vertices of a dodecahedron.",
    "Nodes ``0..19``",
    """    >>> dodecahedron()
    <Puzzle: 20 nodes, 30 edges, rule='closed', modulus=2>""",
)
icosahedron = _solid(
    "icosahedron",
    """Lights Out on the 12 vertices of an icosahedron (Orbix uses ``rule="open"``).""",
    "Nodes ``0..11``",
    """    >>> p = icosahedron(rule="open")
    >>> p
    <Puzzle: 12 nodes, 30 edges, rule='open', modulus=2>
    >>> sum(p.press(0, 0).values())  # the 5 neighbours, not the button itself
    5""",
)


#: The faces of :func:`cube_surface`, in node order: up, left, front, right, back, down. They are
#: drawn as the cross-shaped net with U above F, L F R B in a row and D below F.
FACES: tuple[str, ...] = ("U", "L", "F", "R", "B", "D")

# Net offsets (column, row) of each face, in cells of the n×n face.
_NET = {0: (1, 0), 1: (0, 1), 2: (1, 1), 3: (2, 1), 4: (3, 1), 5: (1, 2)}


def _centre(face: int, r: int, c: int, n: int) -> tuple[int, int, int]:
    """Twice the 3-D centre of a cell on the cube [0, n]^3 (x right, y back, z up)."""
    big = 2 * n
    a, b = 2 * r + 1, 2 * c + 1
    if face == 0:  # up: row 0 at the back edge, columns run right
        return (b, big - a, big)
    if face == 1:  # left: columns run from back to front
        return (0, big - b, big - a)
    if face == 2:  # front
        return (b, 0, big - a)
    if face == 3:  # right: columns run from front to back
        return (big, b, big - a)
    if face == 4:  # back: columns run from right to left
        return (big - b, big, big - a)
    return (b, a, 0)  # down: row 0 at the front edge


def cube_surface_graph(n: int) -> nx.Graph:
    """The cells of the n×n×n cube's surface; cells sharing a side (also across a cube edge) meet.

    Parameters
    ----------
    n : int
        Cells along a cube edge, >= 1.

    Returns
    -------
    networkx.Graph
        ``6 n²`` nodes ``(face, row, column)`` with ``face`` indexing :data:`FACES`, every node of
        degree 4; ``pos`` draws the cross-shaped net.

    Examples
    --------
    >>> G = cube_surface_graph(3)
    >>> G.number_of_nodes(), G.number_of_edges(), {d for _, d in G.degree}
    (54, 108, {4})
    >>> sorted(G[(2, 0, 0)])  # front face, top-left cell
    [(0, 2, 0), (1, 0, 2), (2, 0, 1), (2, 1, 0)]
    """
    n = require_int(n, "n", minimum=1)
    check_size(6 * n * n, 12 * n * n, f"The cube surface of side n={n}")
    g = nx.Graph()
    where: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for face, r, c in itertools.product(range(6), range(n), range(n)):
        ox, oy = _NET[face]
        y = oy * n + r
        g.add_node((face, r, c), pos=(float(ox * n + c), -float(y) if y else 0.0))
        where[_centre(face, r, c, n)] = (face, r, c)
    for point, cell in where.items():
        for axis in range(3):
            step = [0, 0, 0]
            step[axis] = 2
            other = tuple(p + s for p, s in zip(point, step, strict=True))
            if other in where and where[other][0] == cell[0]:  # same face (n = 1: opposite)
                g.add_edge(cell, where[other])
        for a1, a2 in itertools.combinations(range(3), 2):
            for s1, s2 in itertools.product((1, -1), repeat=2):
                step = [0, 0, 0]
                step[a1], step[a2] = s1, s2
                other = tuple(p + s for p, s in zip(point, step, strict=True))
                if other in where:
                    g.add_edge(cell, where[other])
    return g


@family_doc
def cube_surface(
    n: int = 3,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """The Lights Out Cube: 6 faces of n×n lights, neighbours across the cube's edges.

    Every cell has exactly 4 neighbours. ``cube_surface(3)`` is Tiger's Lights Out Cube
    (54 buttons).

    Parameters
    ----------
    n : int, default 3
        Cells along a cube edge, >= 1 (n = 1 is the octahedron graph).
    %(puzzle)s

    Returns
    -------
    Puzzle
        Nodes ``(face, row, column)``, faces in the order of :data:`FACES`; ``family`` is
        ``FamilyInfo("cube_surface", {"n": n})``.

    Raises
    ------
    %(raises)s

    Examples
    --------
    >>> p = cube_surface(3)
    >>> p
    <Puzzle: 54 nodes, 108 edges, rule='closed', modulus=2>
    >>> sorted(v for v, x in p.press(0, (2, 0, 2)).items() if x)
    [(0, 2, 2), (2, 0, 1), (2, 0, 2), (2, 1, 2), (3, 0, 0)]
    """
    n = require_int(n, "n", minimum=1)
    k, rule = check_args(modulus, rule)
    check_size(6 * n * n, 12 * n * n, f"The cube surface of side n={n}")
    from lightsout_graphs.core._labels import LatticeIndex, LatticeNodes
    from lightsout_graphs.representation.puzzle import FamilyInfo

    own = 0 if rule == "open" else 1

    def matrix() -> sp.csr_array:
        u, v = _cube_surface_edges(n)
        size = 6 * n * n
        rows = np.concatenate([u, v, np.arange(size)])
        cols = np.concatenate([v, u, np.arange(size)])
        vals = np.concatenate([np.ones(2 * u.size, dtype=np.int64), np.full(size, own)])
        out = sp.csr_array((vals, (rows, cols)), shape=(size, size))
        out.data %= k
        out.eliminate_zeros()
        return out

    puzzle = Puzzle._lazy(
        nodes=LatticeNodes((6, n, n)),
        index=LatticeIndex((6, n, n)),
        graph=lambda: cube_surface_graph(n),
        matrix=matrix,
        edges=lambda: 12 * n * n,
        modulus=k,
        rule=rule,
        pressable=pressable,
    )
    return puzzle.with_metadata(family=FamilyInfo("cube_surface", {"n": n}))


def _cube_surface_edges(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The edges of :func:`cube_surface_graph` as index pairs ``u < v``, vectorised."""
    face, r, c = (a.ravel() for a in np.indices((6, n, n), dtype=np.int64))
    big = 2 * n
    a, b = 2 * r + 1, 2 * c + 1
    centre = np.stack(
        [
            np.select(
                [face == 0, face == 1, face == 2, face == 3, face == 4],
                [b, np.zeros_like(b), b, np.full_like(b, big), big - b],
                b,
            ),
            np.select(
                [face == 0, face == 1, face == 2, face == 3, face == 4],
                [big - a, big - b, np.zeros_like(b), b, np.full_like(b, big)],
                a,
            ),
            np.select(
                [face == 0, face == 1, face == 2, face == 3, face == 4],
                [np.full_like(b, big), big - a, big - a, big - a, big - a],
                np.zeros_like(b),
            ),
        ]
    )
    side = big + 3  # coordinates shifted by 1 stay in 0..big+2
    code = ((centre[0] + 1) * side + centre[1] + 1) * side + centre[2] + 1
    order = np.argsort(code)
    sorted_code = code[order]

    def find(point: np.ndarray) -> np.ndarray:
        key = ((point[0] + 1) * side + point[1] + 1) * side + point[2] + 1
        pos = np.clip(np.searchsorted(sorted_code, key), 0, code.size - 1)
        hit = sorted_code[pos] == key
        return np.where(hit, order[pos], -1)

    us, vs = [], []
    for axis in range(3):
        step = np.zeros((3, 1), dtype=np.int64)
        step[axis] = 2
        other = find(centre + step)
        ok = other >= 0
        ok[ok] &= face[other[ok]] == face[ok]  # same face (n = 1: the opposite face)
        us.append(np.flatnonzero(ok))
        vs.append(other[ok])
    for a1, a2 in itertools.combinations(range(3), 2):
        for s1, s2 in itertools.product((1, -1), repeat=2):
            step = np.zeros((3, 1), dtype=np.int64)
            step[a1], step[a2] = s1, s2
            other = find(centre + step)
            ok = other >= 0
            us.append(np.flatnonzero(ok))
            vs.append(other[ok])
    u = np.concatenate(us)
    v = np.concatenate(vs)
    lo_, hi = np.minimum(u, v), np.maximum(u, v)
    keep = lo_ != hi
    pairs = np.unique(lo_[keep] * (6 * n * n) + hi[keep])
    return pairs // (6 * n * n), pairs % (6 * n * n)
