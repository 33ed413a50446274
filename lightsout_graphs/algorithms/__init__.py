"""The algorithms layer: the questions one asks of a puzzle.

The planner (:mod:`~lightsout_graphs.algorithms.planner`, the one place that picks an engine),
solving and fewest presses, analysis, sampling and enumeration of solutions, symmetry, God's
number (:mod:`~lightsout_graphs.algorithms.gods`) and the variants of the game
(:mod:`~lightsout_graphs.algorithms.variants`). The top-level package
:mod:`lightsout_graphs` exports them.

A module here imports from this layer and the two below it, never from the interfaces.
"""

__all__: list[str] = []
