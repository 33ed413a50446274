"""The families' names for type checkers (``__init__.py`` imports each on first use)."""

# ruff: noqa: I001  (isort would split the ``as`` imports into one statement a name)

from lightsout_graphs.representation.families.chess import (
    alien_tiles as alien_tiles,
    bishop as bishop,
    chess_graph as chess_graph,
    king as king,
    knight as knight,
    queen as queen,
    rook as rook,
    x_pattern as x_pattern,
)
from lightsout_graphs.representation.families.graph6 import (
    from_graph6 as from_graph6,
    iter_graph6 as iter_graph6,
    read_graph6 as read_graph6,
)
from lightsout_graphs.representation.families.lattices import (
    grid as grid,
    grid_graph as grid_graph,
    hexagonal as hexagonal,
    hypercube as hypercube,
    torus as torus,
    torus_graph as torus_graph,
    triangular as triangular,
)
from lightsout_graphs.representation.families.patterns import (
    merlin as merlin,
    merlin_pattern as merlin_pattern,
    press_pattern as press_pattern,
)
from lightsout_graphs.representation.families.polyhedra import (
    FACES as FACES,
    cube as cube,
    cube_surface as cube_surface,
    cube_surface_graph as cube_surface_graph,
    dodecahedron as dodecahedron,
    icosahedron as icosahedron,
    octahedron as octahedron,
    solid_graph as solid_graph,
    tetrahedron as tetrahedron,
)
from lightsout_graphs.representation.families.polytopes import (
    POLYTOPES as POLYTOPES,
    polytope_rings as polytope_rings,
    ring_press_map as ring_press_map,
    ring_puzzle as ring_puzzle,
)
from lightsout_graphs.representation.families.products import (
    cylinder as cylinder,
    hamming as hamming,
    prism as prism,
    product as product,
    product_graph as product_graph,
)
from lightsout_graphs.representation.families.registry import (
    FAMILIES as FAMILIES,
    family_params as family_params,
    make as make,
)
from lightsout_graphs.representation.families.small import (
    NAMED_GRAPHS as NAMED_GRAPHS,
    complete as complete,
    cycle as cycle,
    heawood as heawood,
    named as named,
    path as path,
    petersen as petersen,
    random_graph as random_graph,
    random_regular as random_regular,
    tree as tree,
)
from lightsout_graphs.representation.families.stencils import (
    stencil as stencil,
)
