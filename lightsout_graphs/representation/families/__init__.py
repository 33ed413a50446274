"""Graph families as puzzles: grids, tori, hypercubes, chess boards, polyhedra and more.

Every family returns a :class:`~lightsout_graphs.Puzzle` with a ``pos`` attribute on each node
for drawing and a :class:`~lightsout_graphs.FamilyInfo` recording its name and parameters.
:func:`make` builds any of them by name, as the CLI, the catalog and research sweeps do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightsout_graphs.core._lazy import lazy_attributes

if TYPE_CHECKING:  # what each name is; at run time it is imported on first use
    from lightsout_graphs.representation.families.chess import (
        alien_tiles,
        bishop,
        chess_graph,
        king,
        knight,
        queen,
        rook,
        x_pattern,
    )
    from lightsout_graphs.representation.families.graph6 import (
        from_graph6,
        iter_graph6,
        read_graph6,
    )
    from lightsout_graphs.representation.families.lattices import (
        grid,
        grid_graph,
        hexagonal,
        hypercube,
        torus,
        torus_graph,
        triangular,
    )
    from lightsout_graphs.representation.families.patterns import (
        merlin,
        merlin_pattern,
        press_pattern,
    )
    from lightsout_graphs.representation.families.polyhedra import (
        FACES,
        cube,
        cube_surface,
        cube_surface_graph,
        dodecahedron,
        icosahedron,
        octahedron,
        solid_graph,
        tetrahedron,
    )
    from lightsout_graphs.representation.families.polytopes import (
        POLYTOPES,
        polytope_rings,
        ring_press_map,
        ring_puzzle,
    )
    from lightsout_graphs.representation.families.products import (
        cylinder,
        hamming,
        prism,
        product,
        product_graph,
    )
    from lightsout_graphs.representation.families.registry import FAMILIES, family_params, make
    from lightsout_graphs.representation.families.small import (
        NAMED_GRAPHS,
        complete,
        cycle,
        heawood,
        named,
        path,
        petersen,
        random_graph,
        random_regular,
        tree,
    )
    from lightsout_graphs.representation.families.stencils import stencil

#: Where each public name lives, imported on first use (:mod:`lightsout_graphs.core._lazy`).
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
__getattr__, __dir__ = lazy_attributes(__name__, _HOMES)

__all__ = [
    "FACES",
    "FAMILIES",
    "NAMED_GRAPHS",
    "POLYTOPES",
    "alien_tiles",
    "bishop",
    "chess_graph",
    "complete",
    "cube",
    "cube_surface",
    "cube_surface_graph",
    "cycle",
    "cylinder",
    "dodecahedron",
    "family_params",
    "from_graph6",
    "grid",
    "grid_graph",
    "hamming",
    "heawood",
    "hexagonal",
    "hypercube",
    "icosahedron",
    "iter_graph6",
    "king",
    "knight",
    "make",
    "merlin",
    "merlin_pattern",
    "named",
    "octahedron",
    "path",
    "petersen",
    "polytope_rings",
    "press_pattern",
    "prism",
    "product",
    "product_graph",
    "queen",
    "random_graph",
    "random_regular",
    "read_graph6",
    "ring_press_map",
    "ring_puzzle",
    "rook",
    "solid_graph",
    "stencil",
    "tetrahedron",
    "torus",
    "torus_graph",
    "tree",
    "triangular",
    "x_pattern",
]
