"""Shared argument checks and the final step of every family: graph -> Puzzle with metadata."""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import networkx as nx

from lightsout_graphs.errors import InvalidPuzzleError
from lightsout_graphs.puzzle import FamilyInfo, Puzzle

__all__ = [
    "MAX_NODES",
    "build",
    "check_int",
    "check_nodes",
    "check_prob",
    "check_seed",
    "circle_pos",
    "set_pos",
]

#: The most nodes a family builds as a networkx graph (about 2 GB of graph at this size).
#: Larger grid boards are solved without a graph by :class:`lightsout_graphs.grids.GridChaser`.
MAX_NODES = 2**22


def check_int(value: object, name: str, minimum: int = 0) -> int:
    """Return ``value`` as an int >= ``minimum`` or raise :class:`InvalidPuzzleError` naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"Argument {name!r} must be an int >= {minimum}, not {value!r}."
        raise InvalidPuzzleError(msg)
    if int(value) < minimum:
        msg = f"Argument {name!r} must be an int >= {minimum}, not {value}."
        raise InvalidPuzzleError(msg)
    return int(value)


def check_nodes(count: int, what: str) -> None:
    """Refuse to build a graph of more than :data:`MAX_NODES` nodes, naming the parameters.

    Examples
    --------
    >>> check_nodes(2**23, "hypercube d=23")
    Traceback (most recent call last):
    ...
    lightsout_graphs.errors.InvalidPuzzleError: hypercube d=23 would have 8388608 nodes, more than the 4194304 a networkx graph can hold here; grid boards of any size are solved without a graph by lightsout_graphs.grids.GridChaser.
    """
    if count > MAX_NODES:
        msg = (
            f"{what} would have {count} nodes, more than the {MAX_NODES} a networkx graph can "
            "hold here; grid boards of any size are solved without a graph by "
            "lightsout_graphs.grids.GridChaser."
        )
        raise InvalidPuzzleError(msg)


def check_prob(value: object, name: str) -> float:
    """Return ``value`` as a float in [0, 1] or raise :class:`InvalidPuzzleError` naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        msg = f"Argument {name!r} must be a number in [0, 1], not {value!r}."
        raise InvalidPuzzleError(msg)
    p = float(value)
    if not 0.0 <= p <= 1.0:
        msg = f"Argument {name!r} must be a number in [0, 1], not {value!r}."
        raise InvalidPuzzleError(msg)
    return p


def check_seed(value: object) -> int | None:
    """Return a seed (an int, or None for fresh randomness) or raise naming ``seed``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"Argument 'seed' must be an int or None, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)


def circle_pos(
    count: int, radius: float = 1.0, start: float = math.pi / 2
) -> list[tuple[float, float]]:
    """``count`` points evenly on a circle, counter-clockwise from angle ``start``."""
    return [
        (
            radius * math.cos(start + 2 * math.pi * i / count),
            radius * math.sin(start + 2 * math.pi * i / count),
        )
        for i in range(count)
    ]


def set_pos(graph: nx.Graph, pos: Mapping[Any, tuple[float, float]]) -> nx.Graph:
    """Store ``pos`` (node -> (x, y)) as float pairs in the nodes' ``pos`` attribute."""
    for node, (x, y) in pos.items():
        graph.nodes[node]["pos"] = (float(x), float(y))
    return graph


def build(
    graph: nx.Graph,
    family: str,
    params: dict[str, Any],
    *,
    modulus: int,
    rule: str,
    pressable: Iterable[Hashable] | None,
    **puzzle_kw: Any,
) -> Puzzle:
    """Make the Puzzle of a family's graph and record ``FamilyInfo(family, params)``."""
    puzzle = Puzzle(graph, modulus=modulus, rule=rule, pressable=pressable, copy=False, **puzzle_kw)
    return puzzle.with_metadata(family=FamilyInfo(family, params))
