"""States, targets and presses: the forms users may give, and the checks every conversion shares.

A puzzle accepts a dict node -> value (missing nodes are 0), values in node order, an array
shaped like its board (for grids, tori and chess boards), or one int for every node. Every
value is checked: the messages name the argument, the node and the expected shape. The
conversion itself belongs to the puzzle's codec (:mod:`lightsout_graphs.representation._codec`); this module
holds the checks it is built from.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeAlias

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError

__all__ = [
    "StateLike",
    "check_value",
    "checked_node",
    "in_range",
    "is_node",
    "node_positions",
    "reduce_mod",
]

#: A state, target or press vector as users may give it: a dict node -> int (missing nodes are
#: 0), a sequence or array in node order, or one int meaning "every node has this value".
StateLike: TypeAlias = Mapping[Hashable, int] | Sequence[int] | np.ndarray | int


def is_node(node: object, index: Mapping[Hashable, int]) -> bool:
    """Whether ``node`` is a key of ``index`` (False for unhashable values).

    Examples
    --------
    >>> is_node("a", {"a": 0}), is_node(["a"], {"a": 0})
    (True, False)
    """
    try:
        return node in index
    except TypeError:
        return False


def node_positions(nodes: Iterable[Hashable], index: Mapping[Hashable, int], name: str) -> set[int]:
    """The set of positions (in ``index``) of the nodes given as argument ``name``; a value
    that is not a node raises :class:`InvalidPuzzleError` naming the argument and the value.

    Examples
    --------
    >>> sorted(node_positions("ca", {"a": 0, "b": 1, "c": 2}, "lights"))
    [0, 2]
    >>> node_positions(["z"], {"a": 0}, "pressable")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidPuzzleError: Argument 'pressable' holds 'z', which is not a node of the graph.
    """
    chosen = set()
    for node in nodes:
        if not is_node(node, index):
            msg = f"Argument {name!r} holds {node!r}, which is not a node of the graph."
            raise InvalidPuzzleError(msg)
        chosen.add(index[node])
    return chosen


def reduce_mod(arr: np.ndarray, k: int) -> np.ndarray:
    """An int64 array reduced into ``0..k-1`` in place (a mask when k is a power of two).

    Examples
    --------
    >>> reduce_mod(np.array([-1, 5, 2]), 4).tolist(), reduce_mod(np.array([-1, 5]), 3).tolist()
    ([3, 1, 2], [2, 2])
    """
    if k & (k - 1) == 0:
        np.bitwise_and(arr, k - 1, out=arr)
    else:
        np.remainder(arr, k, out=arr)
    return arr


def checked_node(node: object, index: Mapping[Hashable, int], name: str) -> int:
    """The position of a node named in a state, or an error naming the argument and the node.

    Examples
    --------
    >>> checked_node("b", {"a": 0, "b": 1}, "state")
    1
    >>> checked_node("z", {"a": 0}, "target")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidStateError: Argument 'target' names 'z', which is not a node of the puzzle.
    """
    if not is_node(node, index):
        msg = f"Argument {name!r} names {node!r}, which is not a node of the puzzle."
        raise InvalidStateError(msg)
    return index[node]


def in_range(x: np.ndarray, k: int) -> bool:
    """Whether every value of ``x`` lies in ``0..k-1``.

    Examples
    --------
    >>> in_range(np.array([0, 3]), 4), in_range(np.array([4]), 4)
    (True, False)
    """
    return bool(x.size == 0 or (int(x.min()) >= 0 and int(x.max()) < k))


def check_value(value: object, modulus: int, name: str, where: str) -> int:
    """``value`` as an int in ``0..k-1``, or an error naming the argument and the place.

    Examples
    --------
    >>> check_value(2, 3, "state", "node 'a'")
    2
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        msg = f"Argument {name!r} at {where} must be an int in 0..{modulus - 1}, not {value!r}."
        raise InvalidStateError(msg)
    v = int(value)
    if not 0 <= v < modulus:
        msg = f"Argument {name!r} at {where} must be in 0..{modulus - 1}, not {v}."
        raise InvalidStateError(msg)
    return v


def checked_values(
    values: Sequence[object], labels: Sequence[Hashable], modulus: int, name: str, what: str
) -> np.ndarray:
    """Values given in order as an int64 vector, each checked by :func:`check_value`; the first
    bad one is named with its position and its label (``what``, a node or a light).

    Examples
    --------
    >>> checked_values([1, 0], "ab", 2, "state", "node").tolist()
    [1, 0]
    >>> checked_values([1, 2], "ab", 2, "state", "node")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidStateError: Argument 'state' at position 1 (node 'b') must be in 0..1, not 2.
    """
    out = np.zeros(len(values), dtype=np.int64)
    for i, value in enumerate(values):
        out[i] = check_value(value, modulus, name, f"position {i} ({what} {labels[i]!r})")
    return out
