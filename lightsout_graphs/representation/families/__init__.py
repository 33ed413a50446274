"""Graph families as puzzles: grids, tori, hypercubes, chess boards, polyhedra and more.

Every family returns a :class:`~lightsout_graphs.Puzzle` with a ``pos`` attribute on each node
for drawing and a :class:`~lightsout_graphs.FamilyInfo` recording its name and parameters.
:func:`make` builds any of them by name, as the CLI, the catalog and research sweeps do.
"""

from __future__ import annotations

from lightsout_graphs.core._lazy import lazy_package
from lightsout_graphs.representation.families._homes import HOMES as _HOMES

__getattr__, __dir__, __all__ = lazy_package(__name__, _HOMES)
