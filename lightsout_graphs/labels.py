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

__all__ = ["LatticeIndex", "LatticeNodes"]


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
