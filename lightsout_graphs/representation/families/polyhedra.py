"""Polyhedra: the five Platonic solids (lights on the vertices) and the Lights Out Cube surface."""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable

import networkx as nx
import numpy as np
from scipy.spatial import ConvexHull

from lightsout_graphs.core._labels import LatticeIndex, LatticeNodes
from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.representation.families._common import (
    check_args,
    check_size,
    edge_puzzle,
    family_doc,
    fixed_family,
    set_pos,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])

_PHI = (1 + math.sqrt(5)) / 2


def _vertices(solid: str) -> list[tuple[float, ...]]:
    if solid == "tetrahedron":
        return [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
    if solid == "cube":
        return list(itertools.product((0.0, 1.0), repeat=3))
    if solid == "octahedron":
        return [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
    if solid == "icosahedron":
        out: list[tuple[float, ...]] = []
        for a, b in itertools.product((1, -1), repeat=2):
            out += [(0, a, b * _PHI), (a, b * _PHI, 0), (b * _PHI, 0, a)]
        return out
    out = list(itertools.product((1.0, -1.0), repeat=3))
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
    dist = np.sqrt(((verts[:, None, :] - verts[None, :, :]) ** 2).sum(axis=2))
    edge = dist[dist > 1e-9].min()
    cube = solid == "cube"
    labels = [tuple(int(c) for c in v) if cube else i for i, v in enumerate(verts.tolist())]
    g = nx.Graph()
    g.add_nodes_from(labels)
    pairs = itertools.combinations(range(len(verts)), 2)
    g.add_edges_from((labels[i], labels[j]) for i, j in pairs if abs(dist[i, j] - edge) < 1e-6)
    return set_pos(g, dict(zip(labels, _schlegel(verts).tolist(), strict=True)))


tetrahedron = fixed_family(
    "tetrahedron",
    __name__,
    lambda: solid_graph("tetrahedron"),
    "Lights Out on the 4 vertices of a tetrahedron (the complete graph K4).",
    "Nodes ``0..3``",
    """    >>> tetrahedron()
    <Puzzle: 4 nodes, 6 edges, rule='closed', modulus=2>""",
)
cube = fixed_family(
    "cube",
    __name__,
    lambda: solid_graph("cube"),
    """Lights Out on the 8 vertices of a cube (the hypercube Q3, drawn as a Schlegel diagram).

    For the Lights Out Cube puzzle, whose lights are on the faces, see :func:`cube_surface`.""",
    "Nodes are the 0/1 coordinate tuples",
    """    >>> p = cube()
    >>> p
    <Puzzle: 8 nodes, 12 edges, rule='closed', modulus=2>
    >>> p.nodes[:2]
    ((0, 0, 0), (0, 0, 1))""",
)
octahedron = fixed_family(
    "octahedron",
    __name__,
    lambda: solid_graph("octahedron"),
    "Lights Out on the 6 vertices of an octahedron.",
    "Nodes ``0..5``",
    """    >>> octahedron()
    <Puzzle: 6 nodes, 12 edges, rule='closed', modulus=2>""",
)
dodecahedron = fixed_family(
    "dodecahedron",
    __name__,
    lambda: solid_graph("dodecahedron"),
    "Lights Out on the 20 vertices of a dodecahedron.",
    "Nodes ``0..19``",
    """    >>> dodecahedron()
    <Puzzle: 20 nodes, 30 edges, rule='closed', modulus=2>""",
)
icosahedron = fixed_family(
    "icosahedron",
    __name__,
    lambda: solid_graph("icosahedron"),
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

# Twice the 3-D centre (x right, y back, z up) of cell (r, c) of each face on the cube [0, n]^3,
# as indices into (a, b, 2n - a, 2n - b, 0, 2n) with a = 2r + 1, b = 2c + 1: up (row 0 at the
# back edge), left (columns from back to front), front, right (columns from front to back),
# back (columns from right to left), down (row 0 at the front edge).
_CENTRES = np.array([(1, 2, 5), (4, 3, 2), (1, 4, 2), (5, 1, 2), (3, 5, 2), (1, 0, 4)])


def _cube_surface_edges(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The edges of :func:`cube_surface_graph` as index pairs ``u < v``, vectorised."""
    face, r, c = (x.ravel() for x in np.indices((6, n, n), dtype=np.int64))
    a, b = 2 * r + 1, 2 * c + 1
    coords = np.stack([a, b, 2 * n - a, 2 * n - b, 0 * a, 0 * a + 2 * n])
    centre = coords[_CENTRES[face].T, np.arange(face.size)]
    side = 2 * n + 3  # coordinates shifted by 1 stay in 0..2n+2
    code = ((centre[0] + 1) * side + centre[1] + 1) * side + centre[2] + 1
    order = np.argsort(code)
    # Neighbours on one face are 2 apart along an axis (n = 1: that is the opposite face, no
    # neighbour); across a cube edge, 1 apart along each of two axes.
    steps = [(2 * np.eye(3, dtype=np.int64)[axis], True) for axis in range(3)]
    for a1, a2 in itertools.combinations(range(3), 2):
        for s2 in (1, -1):
            step = np.zeros(3, dtype=np.int64)
            step[a1], step[a2] = 1, s2
            steps.append((step, False))
    us, vs = [], []
    for step, same_face in steps:
        key = code + (step[0] * side + step[1]) * side + step[2]
        at = np.clip(np.searchsorted(code[order], key), 0, code.size - 1)
        other = np.where(code[order][at] == key, order[at], -1)
        ok = other >= 0
        if same_face:
            ok[ok] &= face[other[ok]] == face[ok]
        us.append(np.flatnonzero(ok))
        vs.append(other[ok])
    u, v = np.concatenate(us), np.concatenate(vs)
    pairs = np.unique(np.minimum(u, v) * (6 * n * n) + np.maximum(u, v))
    return pairs // (6 * n * n), pairs % (6 * n * n)


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
    cells = list(itertools.product(range(6), range(n), range(n)))
    for face, r, c in cells:
        y = _NET[face][1] * n + r
        g.add_node((face, r, c), pos=(float(_NET[face][0] * n + c), -float(y) if y else 0.0))
    u, v = _cube_surface_edges(n)
    g.add_edges_from((cells[i], cells[j]) for i, j in zip(u.tolist(), v.tolist(), strict=True))
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
    check_args(modulus, rule)
    check_size(6 * n * n, 12 * n * n, f"The cube surface of side n={n}")
    return edge_puzzle(
        "cube_surface",
        {"n": n},
        lambda: _cube_surface_edges(n),
        modulus=modulus,
        rule=rule,
        nodes=LatticeNodes((6, n, n)),
        index=LatticeIndex((6, n, n)),
        graph=lambda: cube_surface_graph(n),
        edges=lambda: 12 * n * n,
        pressable=pressable,
    )
