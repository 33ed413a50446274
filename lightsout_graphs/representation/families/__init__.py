"""Graph families as puzzles: grids, tori, hypercubes, chess boards, polyhedra and more.

Every family returns a :class:`~lightsout_graphs.Puzzle` with a ``pos`` attribute on each node
for drawing and a :class:`~lightsout_graphs.FamilyInfo` recording its name and parameters.
:func:`make` builds any of them by name, as the CLI, the catalog and research sweeps do.
"""

from __future__ import annotations

from lightsout_graphs.core._lazy import lazy_package

#: Where each public name lives, imported on first use (:mod:`lightsout_graphs.core._lazy`):
#: the one list, from which ``__all__`` follows; type checkers read ``__init__.pyi``.
_HOMES: dict[str, tuple[str, ...]] = {
    "lightsout_graphs.representation.families.chess": (
        "alien_tiles",
        "bishop",
        "chess_graph",
        "king",
        "knight",
        "queen",
        "rook",
        "x_pattern",
    ),
    "lightsout_graphs.representation.families.graph6": (
        "from_graph6",
        "iter_graph6",
        "read_graph6",
    ),
    "lightsout_graphs.representation.families.lattices": (
        "grid",
        "grid_graph",
        "hexagonal",
        "hypercube",
        "torus",
        "torus_graph",
        "triangular",
    ),
    "lightsout_graphs.representation.families.patterns": (
        "merlin",
        "merlin_pattern",
        "press_pattern",
    ),
    "lightsout_graphs.representation.families.polyhedra": (
        "FACES",
        "cube",
        "cube_surface",
        "cube_surface_graph",
        "dodecahedron",
        "icosahedron",
        "octahedron",
        "solid_graph",
        "tetrahedron",
    ),
    "lightsout_graphs.representation.families.polytopes": (
        "POLYTOPES",
        "polytope_rings",
        "ring_press_map",
        "ring_puzzle",
    ),
    "lightsout_graphs.representation.families.products": (
        "cylinder",
        "hamming",
        "prism",
        "product",
        "product_graph",
    ),
    "lightsout_graphs.representation.families.registry": ("FAMILIES", "family_params", "make"),
    "lightsout_graphs.representation.families.small": (
        "NAMED_GRAPHS",
        "complete",
        "cycle",
        "heawood",
        "named",
        "path",
        "petersen",
        "random_graph",
        "random_regular",
        "tree",
    ),
    "lightsout_graphs.representation.families.stencils": ("stencil",),
}
__getattr__, __dir__, __all__ = lazy_package(__name__, _HOMES)
