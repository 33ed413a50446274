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
from lightsout_graphs.analysis import Analysis, analyze
from lightsout_graphs.errors import (
    CatalogError,
    InvalidPuzzleError,
    InvalidStateError,
    LightsOutError,
    Unsolvable,
)
from lightsout_graphs.families import grid
from lightsout_graphs.puzzle import FamilyInfo, Puzzle
from lightsout_graphs.solver import Solution, is_solvable, solve

__all__ = [
    "Analysis",
    "CatalogError",
    "FamilyInfo",
    "InvalidPuzzleError",
    "InvalidStateError",
    "LightsOutError",
    "Puzzle",
    "Solution",
    "Unsolvable",
    "__version__",
    "analyze",
    "grid",
    "is_solvable",
    "solve",
]
