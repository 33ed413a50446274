"""Buttons without lights: which nodes carry a light, and states with one value per light.

:class:`lightsout_graphs.Puzzle` keeps the answers; this module only checks its ``lights``
argument and converts user states for puzzles where some nodes are buttons without lights.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from lightsout_graphs.errors import InvalidPuzzleError, InvalidStateError
from lightsout_graphs.states import checked_node, checked_values, node_positions

if TYPE_CHECKING:
    from lightsout_graphs._puzzle_states import PuzzleStates
    from lightsout_graphs.states import StateLike

__all__ = ["light_rows", "light_vector"]


def light_rows(lights: object, index: Mapping[Hashable, int]) -> np.ndarray | None:
    """The sorted positions of the lights, or None when every node carries one.

    Parameters
    ----------
    lights : iterable of nodes
        The ``lights`` argument as the caller gave it.
    index : mapping
        node -> position in node order.

    Returns
    -------
    numpy.ndarray or None

    Raises
    ------
    InvalidPuzzleError
        Not an iterable, an unknown node, or no light at all.

    Examples
    --------
    >>> light_rows(["c", "a"], {"a": 0, "b": 1, "c": 2}).tolist()
    [0, 2]
    >>> light_rows(["a", "b"], {"a": 0, "b": 1}) is None
    True
    """
    if isinstance(lights, str | bytes) or not isinstance(lights, Iterable):
        msg = f"Argument 'lights' must be an iterable of nodes, not {type(lights).__name__}."
        raise InvalidPuzzleError(msg)
    chosen = node_positions(lights, index, "lights")
    if not chosen:
        msg = "Argument 'lights' is empty: a puzzle needs at least one light."
        raise InvalidPuzzleError(msg)
    if len(chosen) == len(index):
        return None
    return np.array(sorted(chosen), dtype=np.int64)


def light_vector(puzzle: PuzzleStates, state: StateLike, name: str) -> np.ndarray:
    """A state, with one value per light, of a puzzle with buttons without lights.

    Parameters
    ----------
    puzzle : Puzzle
    state : dict, sequence, 1-D array or int
        A dict light -> value (missing lights are 0), one value per light in node order, or
        one int for every light.
    name : str
        The argument's name, quoted by the messages.

    Returns
    -------
    numpy.ndarray
        One int64 value per light, each in ``0..k-1``.

    Raises
    ------
    InvalidStateError
        A dict naming a button without a light or an unknown node, a wrong length, a
        board-shaped array, or a bad value.

    Examples
    --------
    >>> p = lo.Puzzle(nx.path_graph(3), lights=[0, 2])
    >>> light_vector(p, {2: 1}, "state").tolist()
    [0, 1]
    """
    lights: Sequence[Hashable] = puzzle.lights
    where = puzzle.light_index
    check = puzzle._check_value
    m = len(lights)
    if isinstance(state, Mapping):
        out = np.zeros(m, dtype=np.int64)
        for node, value in state.items():
            checked_node(node, puzzle.index, name)
            if node not in where:
                msg = (
                    f"Argument {name!r} names {node!r}, a button without a light; states "
                    "and targets name lights only."
                )
                raise InvalidStateError(msg)
            out[where[node]] = check(value, name, f"light {node!r}")
        return out
    if isinstance(state, numbers.Integral) and not isinstance(state, bool | np.bool_):
        return np.full(m, check(state, name, "every light"), dtype=np.int64)
    if isinstance(state, str | bytes) or not isinstance(state, Sequence | np.ndarray):
        msg = (
            f"Argument {name!r} must be a dict light -> int, a sequence of {m} ints (one "
            f"per light, in node order), or one int, not {type(state).__name__}."
        )
        raise InvalidStateError(msg)
    if isinstance(state, np.ndarray) and state.ndim != 1:
        msg = (
            f"Argument {name!r} has shape {state.shape}; board-shaped arrays need every "
            f"node to be a light. Give a sequence of {m} values, one per light in node order."
        )
        raise InvalidStateError(msg)
    values = state.tolist() if isinstance(state, np.ndarray) else list(state)
    if len(values) != m:
        msg = (
            f"Argument {name!r} has {len(values)} values, but the puzzle has {m} lights "
            f"(of {len(puzzle.nodes)} nodes); expected one value per light, in node order."
        )
        raise InvalidStateError(msg)
    return checked_values(values, lights, puzzle.modulus, name, "light")
