"""Light chasing on tori and cylinders: wrapped rows add unknowns to the first-row system.

On an h×w board whose rows (of width w) may wrap around (a cycle instead of a path) and whose
columns may wrap too, the presses of row ``i + 1`` are still forced by the lights of row ``i``:

    x[i+1] = b[i] − M·x[i] − x[i−1]   (mod k),

with ``M`` the w×w matrix of one row: tridiagonal, or circulant when rows wrap. When the
columns do not wrap, ``x[−1] = 0`` and the first row ``u = x[0]`` decides everything, as in
:class:`~lightsout_graphs.representation.grids.GridChaser`; the virtual row below the last must be quiet. When
columns wrap, row −1 is the last row: its presses ``v = x[h−1]`` join the unknowns, and two
conditions close the system: the chased last row equals ``v``, and the last row's lights are
right (``b[h−1] − M·x[h−1] − x[h−2] − x[0] = 0``). Chasing the unknowns symbolically gives a
(w or 2w)-square system, factorised once; every solve is then one chase, linear in the number
of lights. The map from unknowns to press patterns is injective (``u`` and ``v`` are rows of
the pattern), so the quiet patterns are the small system's kernel chased down.

Sides of 1 or 2 along a wrapped axis make neighbours coincide; such boards are left to the
general engine (:meth:`WrappedChaser.for_puzzle` returns None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from lightsout_graphs.core.errors import (
    InvalidPuzzleError,
    ModulusError,
    require_int,
)
from lightsout_graphs.core.zk import DenseGF2, pack_rows
from lightsout_graphs.representation.grids import _row_scan
from lightsout_graphs.representation.grids.chase_base import (
    ChasingFactorization,
)
from lightsout_graphs.representation.puzzle import check_rule

if TYPE_CHECKING:
    from lightsout_graphs.core.zk.protocol import Factorization
    from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["WrappedChaser"]

#: The board of each (rows wrap, columns wrap).
_KINDS = {
    (True, True): "torus",
    (True, False): "cylinder",
    (False, True): "cylinder",
    (False, False): "grid",
}

#: Moduli this engine takes: residues and their small sums stay far inside int64.
_MAX_MODULUS = 2**31


def _circulant_blocks(columns: np.ndarray, w: int) -> np.ndarray:
    """The w × (w·c) matrix of c circulant blocks whose first columns are ``columns`` (w × c)."""
    j = np.arange(w)
    index = (j[:, None] - j[None, :]) % w
    return np.concatenate([columns[:, b][index] for b in range(columns.shape[1])], axis=1)


class WrappedChaser(ChasingFactorization):
    """Light chasing on an m×n torus or cylinder over Z_k: a ``Factorization`` of its toggle matrix.

    Cells are numbered row-major (cell ``(i, j)`` is ``i * n + j``), the node order of
    :func:`lightsout_graphs.torus`. Building costs about ``max(m, n)·min(m, n)²`` operations
    (bit-packed for k = 2) and one elimination of a square system of side ``min(m, n)`` or
    twice that; every solve is then ``O(m·n)``. Long and narrow boards are chased in blocks
    of rows, as by :class:`~lightsout_graphs.representation.grids.GridChaser`.

    Parameters
    ----------
    m, n : int
        Rows and columns, each >= 3 along a wrapped axis and >= 1 otherwise.
    modulus : int, default 2
        k, below 2**31.
    rule : {"closed", "open"}, default "closed"
    wrap_rows, wrap_cols : bool, default True
        Whether each row is a cycle (column indices wrap) and whether the columns are
        cycles (row indices wrap). Both: a torus; one: a cylinder; neither: a grid.

    Examples
    --------
    >>> from lightsout_graphs.representation.grids.wrapped import WrappedChaser
    >>> c = WrappedChaser(5, 5)
    >>> c.kernel_size == lo.analyze(lo.torus(5, 5)).num_quiet_patterns
    True
    >>> x = c.solve(np.ones(25, dtype=np.int64))
    >>> bool(np.all(lo.torus(5, 5).apply_vector(np.zeros(25, dtype=np.int64), x) == 1))
    True
    """

    def __init__(
        self,
        m: int,
        n: int,
        modulus: int = 2,
        rule: str = "closed",
        *,
        wrap_rows: bool = True,
        wrap_cols: bool = True,
    ) -> None:
        for name, side in (("m", m), ("n", n)):
            require_int(side, name, minimum=1)
        require_int(modulus, "modulus", minimum=2, maximum=_MAX_MODULUS - 1, error=ModulusError)
        check_rule(rule, ("closed", "open"))
        m, n, modulus = int(m), int(n), int(modulus)
        if (wrap_rows and n < 3) or (wrap_cols and m < 3):
            msg = "A wrapped axis needs a side of at least 3 (shorter cycles repeat neighbours)."
            raise InvalidPuzzleError(msg)
        self.method: str = "wrapped-chasing"
        kind = _KINDS[bool(wrap_rows), bool(wrap_cols)]
        what = f"a {m}×{n} {kind} mod {modulus}"
        self._setup(m, n, modulus, rule, (bool(wrap_rows), bool(wrap_cols)), what)

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def for_puzzle(cls, puzzle: Puzzle) -> WrappedChaser | None:
        """A chaser for a 2-D torus (sides >= 3) or a 2-D ``lo.stencil`` of the four neighbours
        with some axes wrapped (a cylinder), else None.

        Examples
        --------
        >>> WrappedChaser.for_puzzle(lo.torus(4, 6, modulus=3)).shape
        (24, 24)
        >>> WrappedChaser.for_puzzle(lo.torus(2, 6)) is None
        True
        """
        lattice = cls._lattice(puzzle)
        if lattice is None:
            return None
        m, n = lattice.shape
        wrap = (bool(lattice.wrap[0]), bool(lattice.wrap[1]))
        return cls.for_lattice(m, n, puzzle.modulus, lattice.rule, wrap)

    @classmethod
    def for_lattice(
        cls, m: int, n: int, modulus: int, rule: str, wrap: tuple[bool, bool]
    ) -> WrappedChaser | None:
        """A chaser for an m × n box of the four neighbours, wrapped along the axes of ``wrap``.

        None where wrapped chasing does not apply: a wrapped side below 3, no wrapped side,
        a rule other than closed or open, or a modulus of 2**31 or more.

        Examples
        --------
        >>> WrappedChaser.for_lattice(3, 5, 2, "open", (False, True)).shape
        (15, 15)
        >>> WrappedChaser.for_lattice(2, 5, 2, "open", (True, True)) is None
        True
        """
        if rule not in ("closed", "open") or modulus >= _MAX_MODULUS or not any(wrap):
            return None
        if (wrap[0] and m < 3) or (wrap[1] and n < 3):
            return None
        # Axis 0 wrapping makes each column a cycle; axis 1 wrapping each row.
        return cls(m, n, modulus=modulus, rule=rule, wrap_rows=wrap[1], wrap_cols=wrap[0])

    def _factor(self) -> Factorization:
        """Chase the unknowns symbolically and factorise the closing conditions."""
        h, w, u = self._height, self._width, self._unknowns
        eye_u = np.zeros((w, u), dtype=np.uint8)
        eye_u[:, :w] = np.eye(w, dtype=np.uint8)
        eye_v = np.zeros((w, u), dtype=np.uint8)
        if self._col_wrap:
            eye_v[:, w:] = np.eye(w, dtype=np.uint8)
        if self._binary:
            first = pack_rows(eye_u)
            prev = pack_rows(eye_v)
            cur = first.copy()
            last = cur
            for i in range(h):
                # P_{i+1} = M·P_i + P_{i-1}, written over P_{i-1}.
                _row_scan.times_row(prev, cur, self._diag, self._row_wrap, xor=True)
                prev, cur = cur, prev
                if i == h - 2:
                    last = cur.copy()
            if not self._col_wrap:
                return DenseGF2(cur, u)
            if h == 1:
                last = first.copy()
            eq1 = last ^ pack_rows(eye_v)  # x[h-1] − v
            eq2 = cur ^ first  # virtual row − x[0]
            return DenseGF2(np.concatenate([eq1, eq2]), u)
        k = self.modulus
        # With wrapped rows, the row operator M is circulant and every w × w block of the
        # chase is a polynomial in M, circulant too: chasing one column of each block (the
        # columns 0 and w of the unknowns) and expanding them at the end gives the same
        # system in O(h·w) steps instead of O(h·w·u).
        seeds = [0, w] if self._col_wrap else [0]
        picked = seeds if self._row_wrap else list(range(u))
        first_k = eye_u[:, picked].astype(np.int64)
        prev_k = eye_v[:, picked].astype(np.int64)
        cur_k = first_k.copy()
        last_k = cur_k
        for i in range(h):
            nxt = prev_k
            _row_scan.times_row(nxt, cur_k, self._diag, self._row_wrap)
            np.negative(nxt, out=nxt)
            nxt %= k
            prev_k, cur_k = cur_k, nxt
            if i == h - 2:
                last_k = cur_k.copy()
        if h == 1:
            last_k = first_k.copy()
        if self._row_wrap:
            cur_k, last_k, first_k = (_circulant_blocks(b, w) for b in (cur_k, last_k, first_k))
        if not self._col_wrap:
            return self._factorize(cur_k)
        return self._factorize(np.concatenate([last_k - eye_v, cur_k - first_k]) % k)

    # -- the Factorization protocol -------------------------------------------------------------

    def certificate(self, rhs: np.ndarray) -> np.ndarray | None:
        """A quiet pattern y (T is symmetric, so ``yᵀT ≡ 0``) with ``y·rhs ≢ 0``, or None.

        Examples
        --------
        >>> y = WrappedChaser(3, 3, rule="open").certificate(np.ones(9, dtype=np.int64))
        >>> int(y.sum() % 2)
        1
        """
        vec = self._flatten(self._coerce(rhs))
        if self.is_solvable(vec):
            return None
        k = self.modulus
        for g, _ in self.kernel():
            if int(np.dot(g.astype(object), vec.astype(object)) % k):
                return g
        msg = "No quiet pattern certifies an unsolvable board (this is a bug)."
        raise AssertionError(msg)

    def __repr__(self) -> str:
        kind = _KINDS[self._row_wrap, self._col_wrap]
        return f"<WrappedChaser {kind} {self.rows}×{self.cols} mod {self.modulus}, {self.rule}>"
