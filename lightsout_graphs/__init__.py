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

from lightsout_graphs._version import __version__
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
from lightsout_graphs.core import _deprecation, structure, zk
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

_deprecation.install()  # old module paths (lightsout_graphs.zk, .depth, .counts, ...) still import


def __getattr__(name: str) -> object:
    """Reach every public module by its short name (``lo.solver``, ``lo.sweep``), imported on
    first use: ``lo.sweep`` needs the ``sweep`` extra, and ``lo.draw`` imports matplotlib, which
    a script that only solves should not pay for."""
    home = _deprecation.RELOCATED.get(f"lightsout_graphs.{name}")
    if home is not None and not name.startswith("_"):
        import importlib

        return importlib.import_module(home)
    msg = f"module 'lightsout_graphs' has no attribute {name!r}"
    raise AttributeError(msg)


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
