"""Pictures of puzzles, boards, solutions, quiet patterns and nullity tables, with matplotlib.

Every function draws with matplotlib's object API and never touches ``pyplot``'s global
state, so it works on a headless machine, in a script and in a notebook. Functions that take
``ax`` draw into it and return it; otherwise they make a new figure. The figures made here show
themselves as a PNG when they are the last value of a notebook cell; save one with
``fig.savefig("board.png")`` (or ``.svg``).

Layout: the lights sit where :func:`lightsout_graphs.representation._layout.node_positions` puts them, the
same places as on a play page; grids and nets of squares (see
:func:`~lightsout_graphs.representation._layout.square_shape`) are drawn as squares, other puzzles as dots and
edges. Lights take the puzzle's colour names where matplotlib knows them, and a default palette
otherwise; presses are marked with a dot (k = 2) or their count.

The pictures live in :mod:`~lightsout_graphs.interfaces.draw.boards` (a puzzle and its board),
:mod:`~lightsout_graphs.interfaces.draw.solutions` (solutions and quiet patterns),
:mod:`~lightsout_graphs.interfaces.draw.charts` (nullity tables, depth distributions) and
:mod:`~lightsout_graphs.interfaces.draw.colors` (the colours of lights); all are importable from here.
"""

from __future__ import annotations

from lightsout_graphs.interfaces.draw.boards import MAX_LABELLED, MAX_LEGEND_STATES, draw_puzzle
from lightsout_graphs.interfaces.draw.charts import draw_depth_distribution, draw_nullity_table
from lightsout_graphs.interfaces.draw.colors import light_colors
from lightsout_graphs.interfaces.draw.solutions import draw_quiet_patterns, draw_solution
from lightsout_graphs.representation._describe import puzzle_label
from lightsout_graphs.representation._layout import node_positions

__all__ = [
    "MAX_LABELLED",
    "MAX_LEGEND_STATES",
    "draw_depth_distribution",
    "draw_nullity_table",
    "draw_puzzle",
    "draw_quiet_patterns",
    "draw_solution",
    "light_colors",
    "node_positions",
    "puzzle_label",
]
