"""Nullity tables of product families over every m, n <= M: grids, tori, cylinders, rook's boards.

Paths and cycles use the factorisation of their characteristic polynomials into the parts ψ_e
(:mod:`lightsout_graphs.representation.grids.polynomials`): one gcd per pair of parts of equal
degree, then strided additions. Rook's boards use the closed form of
:func:`~lightsout_graphs.representation.products.rook_nullity`.
"""

from __future__ import annotations

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.representation.grids.polynomials import nullity_table as grid_table
from lightsout_graphs.representation.grids.polynomials import path_cycle_table
from lightsout_graphs.representation.products.formula import _rook, _shift
from lightsout_graphs.representation.products.invariants import check_prime

__all__ = ["FAMILIES", "MAX_TABLE_SIDE", "nullity_table"]

#: The families :func:`nullity_table` knows, and what row m × column n means for each.
FAMILIES: dict[str, str] = {
    "grid": "the m×n grid P_m □ P_n",
    "torus": "the m×n torus C_m □ C_n",
    "cylinder": "P_m □ C_n: m rows, each row a cycle of n cells",
    "rook": "the m×n rook's board K_m □ K_n (Alien Tiles)",
}

#: The largest side a table accepts: the table alone is M² int64 entries.
MAX_TABLE_SIDE = 2**14

_SIDES = {"grid": ("path", "path"), "torus": ("cycle", "cycle"), "cylinder": ("path", "cycle")}


def nullity_table(
    M: int,
    *,
    family: str = "grid",
    modulus: int = 2,
    rule: str = "closed",
    progress: bool = False,
) -> np.ndarray:
    """The nullity over GF(p) of every board m×n of a product family, for 1 <= m, n <= M.

    Parameters
    ----------
    M : int
        The largest side, from 1 to :data:`MAX_TABLE_SIDE`.
    family : {"grid", "torus", "cylinder", "rook"}, default "grid"
        ``grid``: P_m □ P_n (:func:`lightsout_graphs.representation.grids.nullity_table`); ``torus``:
        C_m □ C_n (:func:`lightsout_graphs.torus`); ``cylinder``: P_m □ C_n, m rows that each
        wrap around (:func:`lightsout_graphs.cylinder`); ``rook``: K_m □ K_n
        (:func:`lightsout_graphs.rook`).
    modulus : int, default 2
        A prime p (below 2**31 except for grids). For a composite k there is no nullity; count
        the quiet patterns of each board with :func:`lightsout_graphs.analyze` (the general
        engine) instead.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.
    progress : bool, default False
        Show a tqdm progress bar over the degree classes.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(M, M)``; entry ``[m - 1, n - 1]`` is the nullity of the board with m
        rows and n columns. The board has ``p**nullity`` quiet patterns.

    Raises
    ------
    InvalidPuzzleError
        A bad M, an unknown family or rule.
    ModulusError
        A modulus that is not a prime below 2**31.

    See Also
    --------
    lightsout_graphs.representation.products.product_nullity : one product of any two graphs.

    Notes
    -----
    Grids, tori and cylinders use the factorisation into the ψ_e of
    :mod:`lightsout_graphs.representation.grids.polynomials`: one gcd per pair of ψ of equal
    degree class, then strided additions. Over GF(2) the torus table up to 1024 takes about a
    second; over GF(3) the table up to 256 a fraction of one. Rook's boards use the closed form
    of :func:`~lightsout_graphs.representation.products.rook_nullity`.

    Examples
    --------
    >>> from lightsout_graphs.representation.products import nullity_table
    >>> t = nullity_table(6, family="torus")
    >>> t
    array([[0, 1, 2, 0, 0, 2],
           [1, 0, 1, 4, 1, 2],
           [2, 1, 4, 4, 2, 6],
           [0, 4, 4, 0, 0, 8],
           [0, 1, 2, 0, 8, 2],
           [2, 2, 6, 8, 2, 8]])
    >>> int(t[5 - 1, 5 - 1])  # the 5×5 torus
    8
    >>> int(nullity_table(5, family="cylinder", modulus=3)[4, 4])
    1
    >>> int(nullity_table(7, family="rook")[6, 6])  # Alien Tiles, two colours
    12
    """
    size = require_int(M, "M", minimum=1)
    if size > MAX_TABLE_SIDE:
        msg = (
            f"Argument 'M' must be at most {MAX_TABLE_SIDE} (the table alone would hold "
            f"{size}² entries), not {size}."
        )
        raise InvalidPuzzleError(msg)
    c = _shift(rule)
    if family == "grid" and (
        isinstance(modulus, bool)
        or not isinstance(modulus, int)
        or modulus == 2
        or modulus >= 2**31
    ):  # GF(2) and huge primes: the grid table has its own engine
        return grid_table(size, modulus=modulus, rule=rule, progress=progress)
    p = check_prime(modulus)
    if family == "rook":
        sides = np.arange(1, size + 1, dtype=np.int64)
        return np.asarray(_rook(sides[:, None], sides[None, :], p, c), dtype=np.int64)
    if family not in ("grid", "torus", "cylinder"):
        msg = f"Argument 'family' must be one of {', '.join(FAMILIES)}, not {family!r}."
        raise InvalidPuzzleError(msg)
    left, right = _SIDES[family]
    return path_cycle_table(size, left, right, p, c, progress)
