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

from lightsout_graphs import catalog, families, grids, zk
from lightsout_graphs._version import __version__
from lightsout_graphs.analysis import Analysis, analyze
from lightsout_graphs.boards import format_board, format_presses, parse_board
from lightsout_graphs.covering import GodsNumber, gods_number_bounds
from lightsout_graphs.depth import depth_distribution, gods_number
from lightsout_graphs.errors import (
    CatalogError,
    EngineError,
    InvalidPuzzleError,
    InvalidStateError,
    LightsOutError,
    MatrixError,
    ModulusError,
    SweepError,
    SweepSpecError,
    Unsolvable,
)
from lightsout_graphs.families import (
    alien_tiles,
    cube_surface,
    from_graph6,
    grid,
    hexagonal,
    hypercube,
    king,
    knight,
    merlin,
    petersen,
    press_pattern,
    read_graph6,
    rook,
    torus,
    triangular,
    x_pattern,
)
from lightsout_graphs.grids import GridChaser, nullity_table
from lightsout_graphs.grids.chase_table import ChaseTable, chase_table
from lightsout_graphs.puzzle import FamilyInfo, Puzzle
from lightsout_graphs.sampling import SolutionIterator, random_board, solutions
from lightsout_graphs.solver import Solution, is_solvable, solve
from lightsout_graphs.symmetry import all_solutions, is_symmetry, symmetries
from lightsout_graphs.variants import (
    LitOnlyResult,
    LitOnlyStates,
    lit_only_solvable_states,
    lit_only_solve,
)


def __getattr__(name: str) -> object:
    """Import ``lightsout_graphs.sweep`` on first use (it needs the ``sweep`` extra)."""
    if name == "sweep":
        import importlib

        return importlib.import_module("lightsout_graphs.sweep")
    msg = f"module 'lightsout_graphs' has no attribute {name!r}"
    raise AttributeError(msg)


__all__ = [
    "Analysis",
    "CatalogError",
    "ChaseTable",
    "EngineError",
    "FamilyInfo",
    "GodsNumber",
    "GridChaser",
    "InvalidPuzzleError",
    "InvalidStateError",
    "LightsOutError",
    "LitOnlyResult",
    "LitOnlyStates",
    "MatrixError",
    "ModulusError",
    "Puzzle",
    "Solution",
    "SolutionIterator",
    "SweepError",
    "SweepSpecError",
    "Unsolvable",
    "__version__",
    "alien_tiles",
    "all_solutions",
    "analyze",
    "catalog",
    "chase_table",
    "cube_surface",
    "depth_distribution",
    "families",
    "format_board",
    "format_presses",
    "from_graph6",
    "gods_number",
    "gods_number_bounds",
    "grid",
    "grids",
    "hexagonal",
    "hypercube",
    "is_solvable",
    "is_symmetry",
    "king",
    "knight",
    "lit_only_solvable_states",
    "lit_only_solve",
    "merlin",
    "nullity_table",
    "parse_board",
    "petersen",
    "press_pattern",
    "random_board",
    "read_graph6",
    "rook",
    "solutions",
    "solve",
    "symmetries",
    "torus",
    "triangular",
    "x_pattern",
    "zk",
]
