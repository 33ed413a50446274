"""Cheap node labels for boards whose nodes are the cells of a box: coordinate tuples on demand.

A board of a million cells should not hold a million Python tuples before anyone asks for one.
:class:`LatticeNodes` is a read-only sequence of the cells of a box in row-major order that
computes ``nodes[i]`` from ``i``; :class:`LatticeIndex` is the inverse mapping, computed from the
coordinates. Both behave as the tuple and dict a general puzzle holds.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any, overload

import numpy as np

__all__ = ["LatticeIndex", "LatticeNodes", "ProductIndex", "ProductNodes"]


def _as_cell(node: object, shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """The coordinates of ``node`` when it is a cell of the box, else None."""
    if not isinstance(node, tuple) or len(node) != len(shape):
        return None
    cell = []
    for value, side in zip(node, shape, strict=True):
        if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
            return None
        v = int(value)
        if not 0 <= v < side:
            return None
        cell.append(v)
    return tuple(cell)


class LatticeNodes(Sequence[tuple[int, ...]]):
    """The cells of a box of side lengths ``shape`` in row-major order, computed on demand.

    Parameters
    ----------
    shape : tuple of int
        The side lengths.

    Examples
    --------
    >>> nodes = LatticeNodes((2, 3))
    >>> len(nodes), nodes[4], nodes[-1]
    (6, (1, 1), (1, 2))
    >>> nodes[:2]
    ((0, 0), (0, 1))
    >>> nodes == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))
    True
    """

    __slots__ = ("_len", "shape")

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = tuple(int(s) for s in shape)
        self._len = math.prod(self.shape)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> tuple[int, ...]: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[tuple[int, ...], ...]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._len)))
        if isinstance(i, bool) or not isinstance(i, numbers.Integral):
            msg = f"node positions are ints, not {type(i).__name__}"
            raise TypeError(msg)
        j = int(i)
        if j < 0:
            j += self._len
        if not 0 <= j < self._len:
            msg = f"node position {i} out of range for {self._len} nodes"
            raise IndexError(msg)
        return tuple(int(c) for c in np.unravel_index(j, self.shape))

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return itertools.product(*(range(s) for s in self.shape))

    def __contains__(self, node: object) -> bool:
        return _as_cell(node, self.shape) is not None

    def index(self, node: Any, start: int = 0, stop: int | None = None) -> int:
        """The position of ``node`` in row-major order.

        Examples
        --------
        >>> LatticeNodes((2, 3)).index((1, 2))
        5
        """
        cell = _as_cell(node, self.shape)
        if cell is None:
            msg = f"{node!r} is not a node"
            raise ValueError(msg)
        i = int(np.ravel_multi_index(cell, self.shape))
        if i < start or (stop is not None and i >= stop):
            msg = f"{node!r} is not in the given range"
            raise ValueError(msg)
        return i

    def count(self, node: Any) -> int:
        """1 if ``node`` is a cell of the box, else 0.

        Examples
        --------
        >>> LatticeNodes((2, 3)).count((1, 2)), LatticeNodes((2, 3)).count((2, 0))
        (1, 0)
        """
        return int(node in self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LatticeNodes):
            return self.shape == other.shape
        if isinstance(other, tuple | list):
            return len(other) == self._len and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("LatticeNodes", self.shape))

    def __add__(self, other: Any) -> Any:
        return tuple(self) + tuple(other)

    def __repr__(self) -> str:
        if self._len <= 8:
            return repr(tuple(self))
        return f"LatticeNodes({self.shape})"


class LatticeIndex(Mapping[Hashable, int]):
    """node -> position for the cells of a box, computed from the coordinates.

    Examples
    --------
    >>> index = LatticeIndex((2, 3))
    >>> index[(1, 0)], (2, 0) in index, len(index)
    (3, False, 6)
    """

    __slots__ = ("shape",)

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = tuple(int(s) for s in shape)

    def __getitem__(self, node: Hashable) -> int:
        cell = _as_cell(node, self.shape)
        if cell is None:
            raise KeyError(node)
        return int(np.ravel_multi_index(cell, self.shape))

    def __contains__(self, node: object) -> bool:
        return _as_cell(node, self.shape) is not None

    def __iter__(self) -> Iterator[Hashable]:
        return iter(LatticeNodes(self.shape))

    def __len__(self) -> int:
        return math.prod(self.shape)

    def __repr__(self) -> str:
        return f"LatticeIndex({self.shape})"


class ProductNodes(Sequence[tuple[Hashable, Hashable]]):
    """The nodes ``(g, h)`` of a Cartesian product G □ H, G's order first, computed on demand.

    Parameters
    ----------
    left, right : sequence of hashable
        The node orders of G and H.

    Examples
    --------
    >>> nodes = ProductNodes(("a", "b"), (0, 1, 2))
    >>> len(nodes), nodes[4], nodes[-1], ("b", 2) in nodes
    (6, ('b', 1), ('b', 2), True)
    >>> list(nodes)[:2]
    [('a', 0), ('a', 1)]
    """

    __slots__ = ("_index", "_left", "_right")

    def __init__(self, left: Sequence[Hashable], right: Sequence[Hashable]) -> None:
        self._left = tuple(left)
        self._right = tuple(right)
        self._index: ProductIndex | None = None

    def __len__(self) -> int:
        return len(self._left) * len(self._right)

    @overload
    def __getitem__(self, i: int) -> tuple[Hashable, Hashable]: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[tuple[Hashable, Hashable], ...]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        if isinstance(i, bool) or not isinstance(i, numbers.Integral):
            msg = f"node positions are ints, not {type(i).__name__}"
            raise TypeError(msg)
        j = int(i) + (len(self) if int(i) < 0 else 0)
        if not 0 <= j < len(self):
            msg = f"node position {i} out of range for {len(self)} nodes"
            raise IndexError(msg)
        a, b = divmod(j, len(self._right))
        return (self._left[a], self._right[b])

    def __iter__(self) -> Iterator[tuple[Hashable, Hashable]]:
        return itertools.product(self._left, self._right)

    def __contains__(self, node: object) -> bool:
        if self._index is None:
            self._index = ProductIndex(self._left, self._right)
        return node in self._index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ProductNodes):
            return (self._left, self._right) == (other._left, other._right)
        if isinstance(other, tuple | list):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("ProductNodes", self._left, self._right))

    def __add__(self, other: Any) -> Any:
        return tuple(self) + tuple(other)

    def __repr__(self) -> str:
        if len(self) <= 8:
            return repr(tuple(self))
        return f"ProductNodes({len(self._left)} × {len(self._right)} nodes)"


class ProductIndex(Mapping[Hashable, int]):
    """node -> position for the nodes ``(g, h)`` of G □ H, from the factors' own indexes.

    Examples
    --------
    >>> index = ProductIndex(("a", "b"), (0, 1, 2))
    >>> index[("b", 0)], ("c", 0) in index, len(index)
    (3, False, 6)
    """

    __slots__ = ("_left", "_right", "_width")

    def __init__(self, left: Sequence[Hashable], right: Sequence[Hashable]) -> None:
        self._left = {node: i for i, node in enumerate(left)}
        self._right = {node: i for i, node in enumerate(right)}
        self._width = len(self._right)

    def __getitem__(self, node: Hashable) -> int:
        if not isinstance(node, tuple) or len(node) != 2:
            raise KeyError(node)
        try:
            return self._left[node[0]] * self._width + self._right[node[1]]
        except (KeyError, TypeError):
            raise KeyError(node) from None

    def __contains__(self, node: object) -> bool:
        try:
            self[node]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[Hashable]:
        return itertools.product(self._left, self._right)

    def __len__(self) -> int:
        return len(self._left) * self._width

    def __repr__(self) -> str:
        return f"ProductIndex({len(self._left)} × {self._width} nodes)"
