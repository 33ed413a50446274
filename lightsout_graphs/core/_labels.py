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


def _as_cell(node: object, shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """The coordinates of ``node`` when it is a cell of the box, else None."""
    if not isinstance(node, tuple) or len(node) != len(shape):
        return None
    if any(isinstance(v, bool | np.bool_) or not isinstance(v, numbers.Integral) for v in node):
        return None
    cell = tuple(int(v) for v in node)
    return cell if all(0 <= v < side for v, side in zip(cell, shape, strict=True)) else None


class _Nodes(Sequence[Any]):
    """A read-only sequence of nodes computed from their positions: ``_at(j)`` for ``0 <= j <
    len``; equal to another of its class with the same ``_key()``, and to the tuple or list
    of the same nodes."""

    __slots__ = ()

    def _at(self, j: int) -> Any:
        raise NotImplementedError

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Any, ...]: ...

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
        return self._at(j)

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self._key() == other._key()
        if isinstance(other, tuple | list):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def __add__(self, other: Any) -> Any:
        return tuple(self) + tuple(other)


class LatticeNodes(_Nodes):
    """The cells of a box of side lengths ``shape`` in row-major order, computed on demand."""

    __slots__ = ("_len", "shape")

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = tuple(int(s) for s in shape)
        self._len = math.prod(self.shape)

    def __len__(self) -> int:
        return self._len

    def _at(self, j: int) -> tuple[int, ...]:
        return tuple(int(c) for c in np.unravel_index(j, self.shape))

    def _key(self) -> tuple[Any, ...]:
        return self.shape

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return itertools.product(*(range(s) for s in self.shape))

    def __contains__(self, node: object) -> bool:
        return _as_cell(node, self.shape) is not None

    def index(self, node: Any, start: int = 0, stop: int | None = None) -> int:
        """The position of ``node`` in row-major order."""
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
        """1 if ``node`` is a cell of the box, else 0."""
        return int(node in self)

    def __repr__(self) -> str:
        if self._len <= 8:
            return repr(tuple(self))
        return f"LatticeNodes({self.shape})"


class LatticeIndex(Mapping[Hashable, int]):
    """node -> position for the cells of a box, computed from the coordinates."""

    __slots__ = ("shape",)

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = tuple(int(s) for s in shape)

    def __getitem__(self, node: Hashable) -> int:
        cell = _as_cell(node, self.shape)
        if cell is None:
            raise KeyError(node)
        return int(np.ravel_multi_index(cell, self.shape))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(LatticeNodes(self.shape))

    def __len__(self) -> int:
        return math.prod(self.shape)

    def __repr__(self) -> str:
        return f"LatticeIndex({self.shape})"


class ProductNodes(_Nodes):
    """The nodes ``(g, h)`` of a Cartesian product G □ H, G's order first, computed on demand."""

    __slots__ = ("_index", "_left", "_right")

    def __init__(self, left: Sequence[Hashable], right: Sequence[Hashable]) -> None:
        self._left = tuple(left)
        self._right = tuple(right)
        self._index: ProductIndex | None = None

    def __len__(self) -> int:
        return len(self._left) * len(self._right)

    def _at(self, j: int) -> tuple[Hashable, Hashable]:
        a, b = divmod(j, len(self._right))
        return (self._left[a], self._right[b])

    def _key(self) -> tuple[Any, ...]:
        return (self._left, self._right)

    def __iter__(self) -> Iterator[tuple[Hashable, Hashable]]:
        return itertools.product(self._left, self._right)

    def __contains__(self, node: object) -> bool:
        if self._index is None:
            self._index = ProductIndex(self._left, self._right)
        return node in self._index

    def __repr__(self) -> str:
        if len(self) <= 8:
            return repr(tuple(self))
        return f"ProductNodes({len(self._left)} × {len(self._right)} nodes)"


class ProductIndex(Mapping[Hashable, int]):
    """node -> position for the nodes ``(g, h)`` of G □ H, from the factors' own indexes."""

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

    def __iter__(self) -> Iterator[Hashable]:
        return itertools.product(self._left, self._right)

    def __len__(self) -> int:
        return len(self._left) * self._width

    def __repr__(self) -> str:
        return f"ProductIndex({len(self._left)} × {self._width} nodes)"
