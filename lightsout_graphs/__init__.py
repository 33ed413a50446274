"""Lights Out on any graph: exact solving over Z_k, fewest presses, families and catalog.

A puzzle is a networkx graph, a toggle rule and a modulus k. Pressing a node adds the rule's
amounts, mod k, to the lights it reaches. :func:`solve` finds presses that take a board to a
target (the fewest, with ``minimize=True``), :func:`analyze` describes every board at once.

Examples
--------
>>> import lightsout_graphs as lo
>>> lo.analyze(lo.grid(5, 5)).nullity
2
>>> lo.solve(lo.grid(5, 5), 0, target=1, minimize=True).num_presses
15
"""

from lightsout_graphs._version import __version__ as __version__
from lightsout_graphs.core import errors as _errors
from lightsout_graphs.core._lazy import lazy_package

#: The public names, each under its home as in ``from HOME import NAME``: the one list. Each is
#: imported on first use, so that ``import lightsout_graphs`` (and every ``lightsout`` command)
#: loads only what it uses. ``__all__`` follows from it; type checkers read the same imports
#: from ``__init__.pyi``, which ``tests/test_init.py`` keeps equal to this table.
_HOMES: dict[str, tuple[str, ...]] = {
    "lightsout_graphs.algorithms": ("gods", "planner"),
    "lightsout_graphs.algorithms.analysis": ("Analysis", "analyze"),
    "lightsout_graphs.algorithms.gods": (
        "GodsNumber",
        "depth_distribution",
        "gods_number",
        "gods_number_bounds",
    ),
    "lightsout_graphs.algorithms.minimum": ("MinimumInterrupted",),
    "lightsout_graphs.algorithms.sampling": ("SolutionIterator", "random_board", "solutions"),
    "lightsout_graphs.algorithms.solver": ("Solution", "is_solvable", "solve"),
    "lightsout_graphs.algorithms.symmetry": ("all_solutions", "is_symmetry", "symmetries"),
    "lightsout_graphs.algorithms.variants": (
        "LitOnlyOrbit",
        "LitOnlyResult",
        "LitOnlyStates",
        "lit_only_method",
        "lit_only_orbit",
        "lit_only_reachable",
        "lit_only_solvable_states",
        "lit_only_solve",
        "min_light_number",
    ),
    "lightsout_graphs.core": ("structure", "zk"),
    # Every exception of the package: the classes that core.errors lists (not its helpers).
    "lightsout_graphs.core.errors": tuple(n for n in _errors.__all__ if n[0].isupper()),
    "lightsout_graphs.interfaces": ("draw", "play", "sweep"),
    "lightsout_graphs.representation": ("catalog", "families", "grids", "products"),
    "lightsout_graphs.representation.boards": ("format_board", "format_presses", "parse_board"),
    "lightsout_graphs.representation.families": (
        "alien_tiles",
        "bishop",
        "cube_surface",
        "cylinder",
        "from_graph6",
        "grid",
        "hamming",
        "hexagonal",
        "hypercube",
        "king",
        "knight",
        "merlin",
        "petersen",
        "polytope_rings",
        "press_pattern",
        "prism",
        "product",
        "queen",
        "read_graph6",
        "ring_press_map",
        "ring_puzzle",
        "rook",
        "stencil",
        "torus",
        "triangular",
        "x_pattern",
    ),
    "lightsout_graphs.representation.grids": ("GridChaser",),
    "lightsout_graphs.representation.grids.chase_table": ("ChaseTable", "chase_table"),
    "lightsout_graphs.representation.products": ("nullity_table",),
    "lightsout_graphs.representation.puzzle": ("FamilyInfo", "Puzzle", "PuzzleInfo"),
}

__getattr__, __dir__, __all__ = lazy_package(__name__, _HOMES, "__version__")
