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

from typing import TYPE_CHECKING

from lightsout_graphs._version import __version__
from lightsout_graphs.core import _deprecation
from lightsout_graphs.core._lazy import lazy_attributes
from lightsout_graphs.core.errors import (
    BoardFormatError,
    CatalogError,
    EngineError,
    InvalidPuzzleError,
    InvalidStateError,
    LightsOutError,
    MatrixError,
    MemoryBudgetError,
    MissingDependencyError,
    ModulusError,
    SearchLimitError,
    SweepError,
    SweepSpecError,
    TimeBudgetError,
    Unsolvable,
)

if TYPE_CHECKING:  # what each public name is; at run time it is imported on first use
    from lightsout_graphs.algorithms import gods, planner
    from lightsout_graphs.algorithms.analysis import Analysis, analyze
    from lightsout_graphs.algorithms.gods import (
        GodsNumber,
        depth_distribution,
        gods_number,
        gods_number_bounds,
    )
    from lightsout_graphs.algorithms.minimum import MinimumInterrupted
    from lightsout_graphs.algorithms.sampling import SolutionIterator, random_board, solutions
    from lightsout_graphs.algorithms.solver import Solution, is_solvable, solve
    from lightsout_graphs.algorithms.symmetry import all_solutions, is_symmetry, symmetries
    from lightsout_graphs.algorithms.variants import (
        LitOnlyOrbit,
        LitOnlyResult,
        LitOnlyStates,
        lit_only_method,
        lit_only_orbit,
        lit_only_reachable,
        lit_only_solvable_states,
        lit_only_solve,
        min_light_number,
    )
    from lightsout_graphs.core import structure, zk
    from lightsout_graphs.representation import catalog, families, grids, products
    from lightsout_graphs.representation.boards import format_board, format_presses, parse_board
    from lightsout_graphs.representation.families import (
        alien_tiles,
        bishop,
        cube_surface,
        cylinder,
        from_graph6,
        grid,
        hamming,
        hexagonal,
        hypercube,
        king,
        knight,
        merlin,
        petersen,
        polytope_rings,
        press_pattern,
        prism,
        product,
        queen,
        read_graph6,
        ring_press_map,
        ring_puzzle,
        rook,
        stencil,
        torus,
        triangular,
        x_pattern,
    )
    from lightsout_graphs.representation.grids import GridChaser
    from lightsout_graphs.representation.grids.chase_table import ChaseTable, chase_table
    from lightsout_graphs.representation.products import nullity_table
    from lightsout_graphs.representation.puzzle import FamilyInfo, Puzzle, PuzzleInfo

#: Where each public name lives, as in ``from HOME import NAME``: imported on first use, so
#: that ``import lightsout_graphs`` (and every ``lightsout`` command) loads only what it uses.
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

_deprecation.install()  # old module paths (lightsout_graphs.zk, .depth, .counts, ...) still import


def _relocated(name: str) -> object:
    """Every public module by its short name (``lo.solver``, ``lo.sweep``), imported on first
    use: ``lo.sweep`` needs the ``sweep`` extra, and ``lo.draw`` imports matplotlib, which a
    script that only solves should not pay for."""
    home = _deprecation.RELOCATED.get(f"lightsout_graphs.{name}")
    if home is None or name.startswith("_"):
        msg = f"module 'lightsout_graphs' has no attribute {name!r}"
        raise AttributeError(msg)
    import importlib

    return importlib.import_module(home)


__getattr__, __dir__ = lazy_attributes(__name__, _HOMES, _relocated)

__all__ = [
    "Analysis",
    "BoardFormatError",
    "CatalogError",
    "ChaseTable",
    "EngineError",
    "FamilyInfo",
    "GodsNumber",
    "GridChaser",
    "InvalidPuzzleError",
    "InvalidStateError",
    "LightsOutError",
    "LitOnlyOrbit",
    "LitOnlyResult",
    "LitOnlyStates",
    "MatrixError",
    "MemoryBudgetError",
    "MinimumInterrupted",
    "MissingDependencyError",
    "ModulusError",
    "Puzzle",
    "PuzzleInfo",
    "SearchLimitError",
    "Solution",
    "SolutionIterator",
    "SweepError",
    "SweepSpecError",
    "TimeBudgetError",
    "Unsolvable",
    "__version__",
    "alien_tiles",
    "all_solutions",
    "analyze",
    "bishop",
    "catalog",
    "chase_table",
    "cube_surface",
    "cylinder",
    "depth_distribution",
    "families",
    "format_board",
    "format_presses",
    "from_graph6",
    "gods",
    "gods_number",
    "gods_number_bounds",
    "grid",
    "grids",
    "hamming",
    "hexagonal",
    "hypercube",
    "is_solvable",
    "is_symmetry",
    "king",
    "knight",
    "lit_only_method",
    "lit_only_orbit",
    "lit_only_reachable",
    "lit_only_solvable_states",
    "lit_only_solve",
    "merlin",
    "min_light_number",
    "nullity_table",
    "parse_board",
    "petersen",
    "planner",
    "polytope_rings",
    "press_pattern",
    "prism",
    "product",
    "products",
    "queen",
    "random_board",
    "read_graph6",
    "ring_press_map",
    "ring_puzzle",
    "rook",
    "solutions",
    "solve",
    "stencil",
    "structure",
    "symmetries",
    "torus",
    "triangular",
    "x_pattern",
    "zk",
]
