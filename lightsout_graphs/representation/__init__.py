"""The representation layer: a puzzle and the ways to build one.

:class:`~lightsout_graphs.Puzzle` (a graph, a toggle rule and a modulus, with its toggle
matrix and its state codec), the families and the catalog that build puzzles, board text, and
the engines that follow from a shape alone: the light chasers of grids and tori
(:mod:`~lightsout_graphs.representation.grids`) and the formulas of Cartesian products
(:mod:`~lightsout_graphs.representation.products`).

A module here imports from this layer and from :mod:`~lightsout_graphs.core`, never from
the algorithms or the interfaces.
"""

__all__: list[str] = []
