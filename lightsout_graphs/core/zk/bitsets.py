"""GF(2) rank of a matrix handed over as row bitsets, with no sparse matrix in between.

On graphs of a few vertices building a sparse matrix costs more than the elimination itself,
so callers that already hold adjacency bitsets (graph6 streams) pass them straight here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from lightsout_graphs.core.errors import MatrixError, require_int
from lightsout_graphs.core.zk.gf2 import GF2Echelon, bits_to_vector
from lightsout_graphs.core.zk.gf2_dense import DenseGF2, words_for

__all__ = ["BitsetRank", "bitset_rank"]


class BitsetRank(NamedTuple):
    """Rank, nullity and (when asked) solvability of a GF(2) system.

    Attributes
    ----------
    rank : int
        The rank over GF(2).
    nullity : int
        ``ncols - rank``: the dimension of ``{x : A x = 0}``.
    solvable : bool or None
        Whether ``A x = rhs`` has a solution; ``None`` when no ``rhs`` was given.

    Examples
    --------
    >>> BitsetRank(2, 1, None).nullity
    1
    """

    rank: int
    nullity: int
    solvable: bool | None


def bitset_rank(
    rows: Sequence[int] | np.ndarray, ncols: int, *, rhs: int | None = None
) -> BitsetRank:
    """The GF(2) rank and nullity of a matrix given by its rows, and whether ``A x = rhs``.

    Parameters
    ----------
    rows : sequence of int, or numpy.ndarray
        Row i as a bitset over the columns (bit j = entry ``(i, j)``), or the rows packed into
        uint64 words as by :func:`~lightsout_graphs.core.zk.pack_rows`.
    ncols : int
        The number of columns.
    rhs : int, optional
        A right-hand side as a bitset over the rows (bit i = entry i).

    Returns
    -------
    BitsetRank

    Raises
    ------
    MatrixError
        If ``ncols`` is not an int >= 0.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> zk.bitset_rank([0b011, 0b110, 0b101], 3, rhs=0b111)
    BitsetRank(rank=2, nullity=1, solvable=False)
    >>> zk.bitset_rank(zk.pack_rows(np.eye(3, dtype=np.uint8)), 3, rhs=0b101)
    BitsetRank(rank=3, nullity=0, solvable=True)
    """
    n = require_int(ncols, "ncols", minimum=0, error=MatrixError)
    if rhs is not None:
        rhs = require_int(rhs, "rhs", minimum=0, error=MatrixError)
    if isinstance(rows, np.ndarray):
        if rows.dtype != np.uint64 or rows.ndim != 2 or rows.shape[1] != words_for(n):
            msg = (
                f"Packed rows must be a uint64 array of shape (rows, {words_for(n)}) as pack_rows "
                f"makes, not {rows.dtype} of shape {rows.shape}; or give the rows as Python ints."
            )
            raise MatrixError(msg)
        dense = DenseGF2(rows, n)
        rank = dense.rank or 0
        solvable = None
        if rhs is not None:
            solvable = dense.is_solvable(bits_to_vector(int(rhs), dense.shape[0]))
        return BitsetRank(rank, n - rank, solvable)
    if isinstance(rows, str | bytes) or not isinstance(rows, Sequence):
        msg = f"Argument 'rows' must be a sequence of ints (bitsets), not {type(rows).__name__}."
        raise MatrixError(msg)
    ints = [require_int(r, f"row {i}", minimum=0, error=MatrixError) for i, r in enumerate(rows)]
    wide = next((i for i, r in enumerate(ints) if r >> n), None)
    if wide is not None:
        msg = f"Row {wide} has bits beyond its {n} columns (ncols={n})."
        raise MatrixError(msg)
    if rhs is not None and rhs >> len(ints):
        msg = f"Argument 'rhs' has bits beyond the {len(ints)} rows."
        raise MatrixError(msg)
    echelon = GF2Echelon(ints, n)
    solvable = None if rhs is None else echelon.violated(int(rhs)) is None
    return BitsetRank(echelon.rank, n - echelon.rank, solvable)
