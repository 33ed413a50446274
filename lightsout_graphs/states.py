"""States, targets and presses: from the forms users give to vectors in node order, and back.

A puzzle accepts a dict node -> value (missing nodes are 0), values in node order, an array
shaped like its board (for grids, tori and chess boards), or one int for every node. Every
value is checked: the messages name the argument, the node and the expected shape.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from lightsout_graphs.errors import InvalidStateError

if TYPE_CHECKING:
    from lightsout_graphs.puzzle import Puzzle

__all__ = ["check_value", "reduce_mod", "to_vector"]


def _is_node(node: object, index: Mapping[Hashable, int]) -> bool:
    """Whether ``node`` is a key of ``index`` (False for unhashable values)."""
    try:
        return node in index
    except TypeError:
        return False


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


def _in_range(x: np.ndarray, k: int) -> bool:
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


def _shape_words(board_shape: tuple[int, ...] | None) -> str:
    if board_shape is None or len(board_shape) < 2:
        return ""
    return f", an array of shape {board_shape}"


def _expected_shapes(n: int, board_shape: tuple[int, ...] | None) -> str:
    flat = f"a sequence of {n} values in node order"
    if board_shape is None or len(board_shape) < 2:
        return flat
    return f"{flat} or an array of shape {board_shape}"


def to_vector(puzzle: Puzzle, state: Any, name: str) -> np.ndarray:
    """The vector in node order of a state given in any accepted form (see the module notes).

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> to_vector(lo.grid(1, 3), {(0, 2): 1}, "state").tolist()
    [0, 0, 1]
    """
    n = len(puzzle._nodes)  # a value per node (lights are chosen by the caller)
    if isinstance(state, Mapping):
        out = np.zeros(n, dtype=np.int64)
        for node, value in state.items():
            if not _is_node(node, puzzle._index):
                msg = f"Argument {name!r} names {node!r}, which is not a node of the puzzle."
                raise InvalidStateError(msg)
            out[puzzle._index[node]] = check_value(value, puzzle.modulus, name, f"node {node!r}")
        return out
    if isinstance(state, numbers.Integral) and not isinstance(state, bool | np.bool_):
        return np.full(n, check_value(state, puzzle.modulus, name, "every node"), dtype=np.int64)
    if isinstance(state, str | bytes) or not isinstance(state, Sequence | np.ndarray):
        msg = (
            f"Argument {name!r} must be a dict node -> int, a sequence of {n} ints in node "
            f"order{_shape_words(puzzle.board_shape)}, or one int, not {type(state).__name__}."
        )
        raise InvalidStateError(msg)
    arr = state if isinstance(state, np.ndarray) else None
    if arr is None and len(state) == n:
        try:
            arr = np.asarray(state)
        except (ValueError, TypeError, OverflowError):
            arr = None
        if arr is not None and arr.shape != (n,):
            arr = None
    if arr is not None and arr.ndim > 1 and arr.shape == puzzle.board_shape:
        arr = arr.reshape(-1)
    if arr is not None and arr.ndim != 1:
        msg = (
            f"Argument {name!r} has shape {arr.shape}; it must be 1-dimensional in node "
            f"order{_shape_words(puzzle.board_shape)}: expected {_expected_shapes(n, puzzle.board_shape)}."
        )
        raise InvalidStateError(msg)
    if arr is not None and arr.dtype.kind in "iu":
        if arr.shape[0] != n:
            msg = (
                f"Argument {name!r} has {arr.shape[0]} values, but the puzzle has {n} "
                f"nodes; expected {_expected_shapes(n, puzzle.board_shape)}."
            )
            raise InvalidStateError(msg)
        bad = np.flatnonzero((arr < 0) | (arr >= puzzle.modulus))
        if bad.size:
            i = int(bad[0])
            check_value(
                int(arr[i]), puzzle.modulus, name, f"position {i} (node {puzzle._nodes[i]!r})"
            )
        return arr.astype(np.int64, copy=True)
    values = arr.tolist() if isinstance(state, np.ndarray) and arr is not None else list(state)
    if len(values) != n:
        msg = (
            f"Argument {name!r} has {len(values)} values, but the puzzle has {n} nodes; "
            f"expected {_expected_shapes(n, puzzle.board_shape)}."
        )
        raise InvalidStateError(msg)
    out = np.zeros(n, dtype=np.int64)
    for i, value in enumerate(values):
        out[i] = check_value(
            value, puzzle.modulus, name, f"position {i} (node {puzzle._nodes[i]!r})"
        )
    return out
