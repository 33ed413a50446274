"""The lights grouped by their column of quiet patterns: the one grouping type of the package.

Every solution of a board is ``x = x0 + Σ λ_i g_i (mod k)`` for one solution ``x0`` and the
quiet-pattern generators ``g_i`` of additive orders ``o_i`` (``0 <= λ_i < o_i``). Two lights
``u`` and ``v`` whose columns ``(g_1[u], …, g_d[u])`` are equal and whose ``x0`` values are equal
receive the same count in every solution, so they form one **group** with a multiplicity. The
fewest-press search groups the coset of one board this way; God's number groups the quiet
patterns themselves (the coset of ``x0 = 0``), so that every group is one column.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from lightsout_graphs.core.errors import SearchLimitError

#: GF(2) columns are packed into int64 bit masks: at most this many quiet patterns.
MAX_PACKED = 62


@dataclass(frozen=True)
class CosetGroups:
    """Lights grouped by their quiet-pattern column and their value in ``x0``.

    Attributes
    ----------
    columns : numpy.ndarray
        ``G × d`` coefficients: the column of each group, entry ``i`` divided by ``k // o_i``
        (so it lies in ``0..o_i - 1``). Rows are sorted, so the zero column comes first.
    values : numpy.ndarray
        The value of ``x0`` on each group, in ``0..k-1``.
    sizes : numpy.ndarray
        How many lights each group holds.
    orders : tuple of int
        The orders ``o_i`` of the generators.
    modulus : int
    member : numpy.ndarray
        For every light (in the order of ``x0``), the index of its group.

    Examples
    --------
    >>> g = group_coset(np.array([1, 1, 0]), [(np.array([1, 1, 1]), 2)], 2)
    >>> g.sizes.tolist(), g.orders, g.coset_size, g.member.tolist()
    ([1, 2], (2,), 2, [1, 1, 0])
    """

    columns: np.ndarray
    values: np.ndarray
    sizes: np.ndarray
    orders: tuple[int, ...]
    modulus: int
    member: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64), repr=False)

    @property
    def coset_size(self) -> int:
        """The number of solutions, ``Π o_i``.

        Examples
        --------
        >>> group_coset(
        ...     np.array([0, 0]), [(np.array([1, 0]), 2), (np.array([0, 1]), 2)], 2
        ... ).coset_size
        4
        """
        return math.prod(self.orders)

    @property
    def dimension(self) -> int:
        """The number of generators ``d``.

        Examples
        --------
        >>> group_coset(np.array([0, 0]), [(np.array([1, 1]), 2)], 2).dimension
        1
        """
        return len(self.orders)

    def masks(self) -> np.ndarray:
        """The columns of a GF(2) grouping as int64 bit masks (bit ``i``: generator ``i``).

        Returns
        -------
        numpy.ndarray
            One mask per group.

        Raises
        ------
        SearchLimitError
            More than 62 generators, which do not fit one int64.

        Examples
        --------
        >>> g = group_coset(np.zeros(3), [(np.array([1, 0, 1]), 2), (np.array([1, 1, 0]), 2)], 2)
        >>> g.columns.tolist(), g.masks().tolist()
        ([[0, 1], [1, 0], [1, 1]], [2, 1, 3])
        """
        d = self.dimension
        if d > MAX_PACKED:
            msg = (
                f"Bit masks hold the columns of at most {MAX_PACKED} quiet patterns, not {d}; "
                "use the columns themselves."
            )
            raise SearchLimitError(msg)
        weights = np.left_shift(np.int64(1), np.arange(d, dtype=np.int64))
        return (self.columns.astype(np.int64) * weights).sum(axis=1).astype(np.int64)

    def binary_code(self) -> tuple[np.ndarray, np.ndarray, int]:
        """A GF(2) grouping as a binary code: nonzero column masks, their sizes, the zero group.

        Returns
        -------
        masks : numpy.ndarray
            The distinct nonzero columns as bit masks (:meth:`masks`), one per group.
        sizes : numpy.ndarray
            How many lights share each of those columns (over all values of ``x0``).
        zero : int
            How many lights no quiet pattern changes.

        Examples
        --------
        >>> g = group_coset(np.zeros(4), [(np.array([1, 1, 1, 0]), 2)], 2)
        >>> masks, sizes, zero = g.binary_code()
        >>> masks.tolist(), sizes.tolist(), zero
        ([1], [3], 1)
        """
        masks = self.masks()
        uniq, inverse = np.unique(masks, return_inverse=True)
        sizes = np.bincount(inverse.reshape(-1), weights=self.sizes, minlength=len(uniq))
        sizes = sizes.astype(np.int64)
        if len(uniq) and uniq[0] == 0:
            return uniq[1:], sizes[1:], int(sizes[0])
        return uniq, sizes, 0


def generator_columns(
    generators: list[tuple[np.ndarray, int]], modulus: int, size: int
) -> np.ndarray:
    """The quiet-pattern column of every light: ``size × d`` coefficients, ``i`` in ``0..o_i - 1``.

    Generator ``i`` of order ``o_i`` takes values that are multiples of ``k // o_i``; the
    column holds them divided by ``k // o_i``.

    Parameters
    ----------
    generators : list of (numpy.ndarray, int)
        Quiet-pattern generators (``size`` values each) with their additive orders.
    modulus : int
    size : int
        The number of values of a press vector (used when there is no generator).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(size, d)``.

    Examples
    --------
    >>> generator_columns([(np.array([2, 0, 2]), 2)], 4, 3).tolist()
    [[1], [0], [1]]
    >>> generator_columns([], 2, 2).shape
    (2, 0)
    """
    k = int(modulus)
    if not generators:
        return np.zeros((size, 0), dtype=np.int64)
    scale = np.array([k // int(o) for _, o in generators], dtype=np.int64)
    q = np.array([np.asarray(g, dtype=np.int64) % k for g, _ in generators], dtype=np.int64)
    return (q.T // scale).astype(np.int64)


def group_coset(
    x0: np.ndarray, generators: list[tuple[np.ndarray, int]], modulus: int
) -> CosetGroups:
    """Group the lights of a solution coset by quiet-pattern column and ``x0`` value.

    With ``x0 = 0`` the groups are the lights grouped by their column alone: the form in which
    God's number sees the quiet patterns.

    Parameters
    ----------
    x0 : numpy.ndarray
        One solution (press counts).
    generators : list of (numpy.ndarray, int)
        Quiet-pattern generators with their additive orders.
    modulus : int

    Returns
    -------
    CosetGroups

    Examples
    --------
    >>> g = group_coset(np.array([1, 1, 0, 0]), [(np.array([1, 1, 1, 0]), 2)], 2)
    >>> g.columns.ravel().tolist(), g.values.tolist(), g.sizes.tolist()
    ([0, 1, 1], [0, 0, 1], [1, 1, 2])
    """
    k = int(modulus)
    x = np.asarray(x0, dtype=np.int64).reshape(-1) % k
    orders = tuple(int(o) for _, o in generators)
    cols = generator_columns(generators, k, len(x))
    keys = np.concatenate([cols, x[:, None]], axis=1)
    uniq, inverse, sizes = np.unique(keys, axis=0, return_inverse=True, return_counts=True)
    return CosetGroups(
        columns=uniq[:, :-1].copy(),
        values=uniq[:, -1].copy(),
        sizes=sizes.astype(np.int64),
        orders=orders,
        modulus=k,
        member=inverse.reshape(-1).astype(np.int64),
    )
