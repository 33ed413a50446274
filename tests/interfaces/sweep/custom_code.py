"""Families and metrics of "a package of your own", named by sweep specs as "module:function".

The sweep tests import them as ``tests.interfaces.sweep.custom_code:<name>`` (importing them needs
``allow_imports``), locally and on Dask workers.
"""

from __future__ import annotations

import networkx as nx

import lightsout_graphs as lo
from lightsout_graphs.interfaces.sweep import metric


def chord_ring(n: int, step: int) -> nx.Graph:
    """A cycle on n nodes with chords ``step`` apart: a networkx graph."""
    return nx.circulant_graph(n, [1, step])


def wheel(spokes: int, modulus: int, rule: str) -> lo.Puzzle:
    """The wheel with n spokes as a Puzzle, built with the row's modulus and rule."""
    return lo.Puzzle(nx.wheel_graph(spokes + 1), modulus=modulus, rule=rule)


def binary_wheel(spokes: int) -> lo.Puzzle:
    """A Puzzle always over GF(2): wrong for rows of another modulus."""
    return lo.Puzzle(nx.wheel_graph(spokes + 1))


def not_a_graph(spokes: int) -> list[int]:
    """Returns neither a graph nor a puzzle."""
    return list(range(spokes))


@metric("int64")
def leaves(puzzle: lo.Puzzle) -> int:
    """Nodes of degree 1."""
    return sum(1 for _, d in puzzle.graph.degree() if d == 1)


@metric("int64", name="presses_below_n")
def few_presses(puzzle: lo.Puzzle) -> bool:
    """Declared int64 but returns a bool: a wrong type."""
    return lo.is_solvable(puzzle, 0, target=1)


def mean_degree(puzzle: lo.Puzzle) -> float:
    """Undeclared: the type (float64) is inferred from the first puzzle."""
    return 2 * puzzle.graph.number_of_edges() / puzzle.n


def half_lights(puzzle: lo.Puzzle) -> int | float:
    """Undeclared and inconsistent: an int for even n, a float for odd n."""
    return puzzle.n // 2 if puzzle.n % 2 == 0 else puzzle.n / 2
