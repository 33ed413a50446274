"""Small puzzles and puzzle helpers shared by the tests."""

from __future__ import annotations

import networkx as nx

import lightsout_graphs as lo


def lit(puzzle: lo.Puzzle, node: object) -> set[object]:
    """The lights one press of ``node`` changes, from the dark board."""
    return {v for v, x in puzzle.press(0, node).items() if x}


def doubling(n: int, k: int) -> lo.Puzzle:
    """``n`` separate lights, each adding 2 to itself mod k: press counts ``x`` and ``x + k/2``
    reach the same board, so the fewest presses must pick the smaller on every light."""
    g = nx.empty_graph(n)
    nx.set_node_attributes(g, 2, "self_weight")
    return lo.Puzzle(g, modulus=k, rule="weighted")
