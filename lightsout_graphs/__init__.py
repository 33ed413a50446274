"""Lights Out on any graph: exact solving over Z_k, fewest presses, families and catalog."""

from lightsout_graphs._version import __version__
from lightsout_graphs.errors import (
    InvalidPuzzleError,
    InvalidStateError,
    LightsOutError,
    Unsolvable,
)
from lightsout_graphs.families import grid
from lightsout_graphs.puzzle import FamilyInfo, Puzzle

__all__ = [
    "FamilyInfo",
    "InvalidPuzzleError",
    "InvalidStateError",
    "LightsOutError",
    "Puzzle",
    "Unsolvable",
    "__version__",
    "grid",
]
