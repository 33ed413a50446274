"""Where each public name of the families lives: the one list.

The package imports each name on first use (:mod:`lightsout_graphs.core._lazy`), every module's
``__all__`` starts with its entry, and type checkers read ``__init__.pyi``.
"""

HOMES: dict[str, tuple[str, ...]] = {
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
