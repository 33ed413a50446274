"""States, targets and presses of one puzzle: from the forms users give to vectors, and back.

A :class:`lightsout_graphs.Puzzle` owns one :class:`StateCodec`. It knows the node order, which
nodes carry a light and which may be pressed, the modulus and the board's shape, and it converts
between vectors in node order and what users write: a dict node -> value (missing nodes are 0),
values in node order, an array shaped like the board, or one int for every node. Every value is
checked, and the messages name the argument, the node and the expected shape; the checks
every conversion shares are the functions of this module.

On boards whose nodes are the cells of a box (:class:`lightsout_graphs.core._labels.LatticeIndex`), a
dict of coordinate tuples is converted with NumPy, not key by key, so a dict board of a million
cells costs about what building the dict costs. Keys or values the fast route cannot vouch for
take the key-by-key route, which names the first bad one.
"""

from __future__ import annotations

import functools
import itertools
import numbers
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import numpy as np

from lightsout_graphs.core._labels import LatticeIndex
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError

#: A state, target or press vector as users may give it: a dict node -> int (missing nodes are
#: 0), a sequence or array in node order, or one int meaning "every node has this value".
StateLike: TypeAlias = Mapping[Hashable, int] | Sequence[int] | np.ndarray | int


def is_node(node: object, index: Mapping[Hashable, int]) -> bool:
    """Whether ``node`` is a key of ``index`` (False for unhashable values)."""
    try:
        return node in index
    except TypeError:
        return False


def node_positions(nodes: Iterable[Hashable], index: Mapping[Hashable, int], name: str) -> set[int]:
    """The set of positions (in ``index``) of the nodes given as argument ``name``; a value
    that is not a node raises :class:`InvalidPuzzleError` naming the argument and the value."""
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
    """The position of a node named in a state, or an error naming the argument and the node."""
    if not is_node(node, index):
        msg = f"Argument {name!r} names {node!r}, which is not a node of the puzzle."
        raise InvalidStateError(msg)
    return index[node]


def in_range(x: np.ndarray, k: int) -> bool:
    """Whether every value of ``x`` lies in ``0..k-1``."""
    return bool(x.size == 0 or (int(x.min()) >= 0 and int(x.max()) < k))


def check_value(value: object, modulus: int, name: str, where: str) -> int:
    """``value`` as an int in ``0..k-1``, or an error naming the argument and the place."""
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
    bad one is named with its position and its label (``what``, a node or a light)."""
    out = np.zeros(len(values), dtype=np.int64)
    for i, value in enumerate(values):
        out[i] = check_value(value, modulus, name, f"position {i} ({what} {labels[i]!r})")
    return out


def _node_subset(
    nodes: object, index: Mapping[Hashable, int], name: str, *, lights: bool
) -> np.ndarray | None:
    """The sorted positions of ``nodes``, or None when they are None or every node of ``index``.

    With ``lights``, a string or an empty set is refused: a puzzle needs at least one light.
    """
    if nodes is None:
        return None
    if (lights and isinstance(nodes, str | bytes)) or not isinstance(nodes, Iterable):
        msg = f"Argument '{name}' must be an iterable of nodes, not {type(nodes).__name__}."
        raise InvalidPuzzleError(msg)
    chosen = node_positions(nodes, index, name)
    if lights and not chosen:
        msg = f"Argument '{name}' is empty: a puzzle needs at least one light."
        raise InvalidPuzzleError(msg)
    if len(chosen) == len(index):
        return None
    return np.array(sorted(chosen), dtype=np.int64)


def press_columns(pressable: object, index: Mapping[Hashable, int]) -> np.ndarray | None:
    """The sorted positions of the pressable nodes (the argument as given), or None when every
    node may be pressed."""
    return _node_subset(pressable, index, "pressable", lights=False)


def light_rows(lights: object, index: Mapping[Hashable, int]) -> np.ndarray | None:
    """The sorted positions of the lights (the argument as given), or None when every node
    carries one."""
    return _node_subset(lights, index, "lights", lights=True)


def _shape_words(board_shape: tuple[int, ...] | None, sep: str = ", ") -> str:
    if board_shape is None or len(board_shape) < 2:
        return ""
    return f"{sep}an array of shape {board_shape}"


def _expected_shapes(n: int, board_shape: tuple[int, ...] | None) -> str:
    return f"a sequence of {n} values in node order{_shape_words(board_shape, ' or ')}"


def _int_types(values: Iterable[object]) -> bool:
    """Whether every value is a Python int or a NumPy integer (bools are neither)."""
    return all(t is int or issubclass(t, np.integer) for t in set(map(type, values)))


def _as_int64(values: list[Any]) -> np.ndarray | None:
    """``values`` (ints) as an int64 array, or None when one does not fit 64 bits."""
    try:
        return np.array(values, dtype=np.int64)
    except OverflowError:
        return None


def int_vector(vector: object, sizes: Sequence[int], what: str) -> np.ndarray:
    """A 1-D vector of ints of one of ``sizes`` values as int64, or InvalidStateError.

    The vector-form methods (:meth:`~lightsout_graphs.Puzzle.apply_vector` and the like) take
    engine vectors; this names what is wrong with one that is not."""
    want = " or ".join(str(n) for n in dict.fromkeys(sizes))
    if isinstance(vector, str | bytes | Mapping) or vector is None:
        msg = f"{what} must be a vector of {want} ints, not a {type(vector).__name__}."
        raise InvalidStateError(msg)
    arr = np.asarray(vector, dtype=object) if not isinstance(vector, np.ndarray) else vector
    if arr.ndim != 1:
        msg = f"{what} must be a vector of {want} ints, not an array of shape {arr.shape}."
        raise InvalidStateError(msg)
    if arr.size not in sizes:
        msg = f"{what} has {arr.size} values; this puzzle needs {want}."
        raise InvalidStateError(msg)
    exact = arr.dtype.kind in "iub"  # NumPy ints, or bools (a light on or off)
    if not exact and not _int_types(arr.tolist()):
        msg = f"{what} must hold ints (got {arr.dtype if arr.dtype != object else 'other values'})."
        raise InvalidStateError(msg)
    out = arr.astype(np.int64) if exact else _as_int64(arr.tolist())
    if out is None:
        msg = f"{what} holds a value beyond 64 bits; reduce it modulo k first."
        raise InvalidStateError(msg)
    return out


class StateCodec:
    """Converts states, targets and presses of one puzzle between user forms and vectors.

    ``index`` maps each node to its position in ``nodes``; ``press_cols`` and ``light_rows``
    are the sorted positions of the pressable nodes and of the lights (None: every node).
    Board-shaped arrays need every node to be a light."""

    def __init__(
        self,
        nodes: Sequence[Hashable],
        index: Mapping[Hashable, int],
        modulus: int,
        board_shape: tuple[int, ...] | None,
        press_cols: np.ndarray | None = None,
        light_rows: np.ndarray | None = None,
    ) -> None:
        self.nodes = nodes
        self.index = index
        self.modulus = modulus
        self.press_cols = press_cols
        self.light_rows = light_rows
        self.board_shape = board_shape if light_rows is None else None
        self.lights: Sequence[Hashable] = nodes
        self.light_index: Mapping[Hashable, int] = index
        if light_rows is not None:
            self.lights = tuple(nodes[int(i)] for i in light_rows)
            self.light_index = {v: j for j, v in enumerate(self.lights)}

    def every_node_lit(self) -> StateCodec:
        """The same codec with a light on every node."""
        return StateCodec(self.nodes, self.index, self.modulus, self.board_shape, self.press_cols)

    # -- the parts --------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of lights (the length of a state vector)."""
        return len(self.nodes) if self.light_rows is None else len(self.light_rows)

    @functools.cached_property
    def pressable(self) -> Sequence[Hashable]:
        """The pressable nodes, in node order."""
        if self.press_cols is None:
            return self.nodes
        return tuple(self.nodes[int(i)] for i in self.press_cols)

    @functools.cached_property
    def press_index(self) -> Mapping[Hashable, int]:
        """pressable node -> position among :attr:`pressable`."""
        if self.press_cols is None:
            return self.index
        return {u: j for j, u in enumerate(self.pressable)}

    # -- from users to vectors ------------------------------------------------------------------

    def state_vector(self, state: StateLike, name: str) -> np.ndarray:
        """A state (or target) as a vector with one value per light, in node order."""
        return self.node_vector(state, name, lit=self.light_rows is not None)

    def node_vector(self, state: Any, name: str, *, lit: bool = False) -> np.ndarray:
        """A value per node (lit or not; per light with ``lit``) from any accepted form (see
        the module notes)."""
        labels, where = (self.lights, self.light_index) if lit else (self.nodes, self.index)
        what, n, k, shape = "light" if lit else "node", len(labels), self.modulus, self.board_shape
        if isinstance(state, Mapping):
            if not lit and isinstance(self.index, LatticeIndex) and len(state) > 16:
                fast = self._cells_vector(state)
                if fast is not None:
                    return fast
            out = np.zeros(n, dtype=np.int64)
            for node, value in state.items():
                i = checked_node(node, self.index, name)
                if lit and node not in where:
                    msg = (
                        f"Argument {name!r} names {node!r}, a button without a light; states "
                        "and targets name lights only."
                    )
                    raise InvalidStateError(msg)
                out[where[node] if lit else i] = check_value(value, k, name, f"{what} {node!r}")
            return out
        if isinstance(state, numbers.Integral) and not isinstance(state, bool | np.bool_):
            return np.full(n, check_value(state, k, name, f"every {what}"), dtype=np.int64)
        if isinstance(state, str | bytes) or not isinstance(state, Sequence | np.ndarray):
            order = (
                "(one per light, in node order)" if lit else f"in node order{_shape_words(shape)}"
            )
            msg = (
                f"Argument {name!r} must be a dict {what} -> int, a sequence of {n} ints "
                f"{order}, or one int, not {type(state).__name__}."
            )
            raise InvalidStateError(msg)

        def count_error(count: int) -> InvalidStateError:
            if lit:
                return InvalidStateError(
                    f"Argument {name!r} has {count} values, but the puzzle has {n} lights (of "
                    f"{len(self.nodes)} nodes); expected one value per light, in node order."
                )
            return InvalidStateError(
                f"Argument {name!r} has {count} values, but the puzzle has {n} nodes; "
                f"expected {_expected_shapes(n, shape)}."
            )

        arr = state if isinstance(state, np.ndarray) else None
        if arr is None and len(state) == n:
            try:
                arr = np.asarray(state)
            except (ValueError, TypeError, OverflowError):
                arr = None
            if arr is not None and arr.shape != (n,):
                arr = None
        if arr is not None and arr.ndim > 1 and arr.shape == shape:
            arr = arr.reshape(-1)
        if arr is not None and arr.ndim != 1:
            if lit:
                msg = (
                    f"Argument {name!r} has shape {arr.shape}; board-shaped arrays need every "
                    f"node to be a light. Give a sequence of {n} values, one per light in node "
                    "order."
                )
            else:
                msg = (
                    f"Argument {name!r} has shape {arr.shape}; it must be 1-dimensional in node "
                    f"order{_shape_words(shape)}: expected {_expected_shapes(n, shape)}."
                )
            raise InvalidStateError(msg)
        if arr is not None and arr.dtype.kind in "iu":
            if arr.shape[0] != n:
                raise count_error(arr.shape[0])
            bad = np.flatnonzero((arr < 0) | (arr >= k))
            if bad.size:
                i = int(bad[0])
                check_value(int(arr[i]), k, name, f"position {i} ({what} {labels[i]!r})")
            return arr.astype(np.int64, copy=True)
        values = arr.tolist() if isinstance(state, np.ndarray) and arr is not None else list(state)
        if len(values) != n:
            raise count_error(len(values))
        return checked_values(values, labels, k, name, what)

    def _cells_vector(self, state: Mapping[Any, Any]) -> np.ndarray | None:
        """A dict of cells -> values as a vector, with NumPy; None when a key or value is not
        plainly a cell or a value in range (the caller then goes key by key and names it)."""
        assert isinstance(self.index, LatticeIndex)
        shape = self.index.shape
        d = len(shape)
        keys = list(state)
        if set(map(type, keys)) != {tuple} or set(map(len, keys)) != {d}:
            return None
        flat = list(itertools.chain.from_iterable(keys))
        values = list(state.values())
        if not (_int_types(flat) and _int_types(values)):
            return None
        coords = _as_int64(flat)
        vals = _as_int64(values)
        if coords is None or vals is None:
            return None
        cells = coords.reshape(len(keys), d)
        sides = np.array(shape, dtype=np.int64)
        if ((cells < 0) | (cells >= sides)).any() or not in_range(vals, self.modulus):
            return None
        out = np.zeros(len(self.nodes), dtype=np.int64)
        out[np.ravel_multi_index(tuple(cells.T), shape)] = vals
        return out

    def presses_vector(self, presses: StateLike, name: str) -> np.ndarray:
        """Presses as a vector over the pressable nodes (counts in ``0..k-1``)."""
        full = self.node_vector(presses, name)
        if self.press_cols is None:
            return full
        mask = np.ones(len(self.nodes), dtype=bool)
        mask[self.press_cols] = False
        bad = np.flatnonzero(mask & (full != 0))
        if bad.size and not isinstance(presses, numbers.Integral):
            node = self.nodes[int(bad[0])]
            msg = f"Argument {name!r} presses node {node!r}, which is not pressable."
            raise InvalidStateError(msg)
        return full[self.press_cols]

    def full_presses(self, presses: np.ndarray) -> np.ndarray:
        """A vector over the pressable nodes as one over every node (0 elsewhere), mod k."""
        x = int_vector(presses, (len(self.pressable),), "'presses'")
        if self.press_cols is None:
            return x if in_range(x, self.modulus) else reduce_mod(x.copy(), self.modulus)
        full = np.zeros(len(self.nodes), dtype=np.int64)
        full[self.press_cols] = x
        return reduce_mod(full, self.modulus)

    # -- from vectors to users ------------------------------------------------------------------

    def as_dict(self, vector: Sequence[int] | np.ndarray) -> dict[Hashable, int]:
        """A vector in node order as a dict node -> int (over the lights for a state)."""
        vector = int_vector(vector, (len(self.lights), len(self.nodes)), "'vector'")
        if self.light_rows is not None and len(vector) == len(self.lights):
            labels: Iterable[Hashable] = self.lights
        else:
            labels = iter(self.nodes)  # cells of a box come from itertools, not one by one
        return dict(zip(labels, vector.tolist(), strict=True))

    def board_array(self, vector: Sequence[int] | np.ndarray) -> np.ndarray:
        """A vector in node order shaped like the board (1-dimensional without a shape)."""
        arr = int_vector(vector, (self.n, len(self.nodes)), "'vector'").copy()
        return arr.reshape(self.board_shape) if self.board_shape is not None else arr
