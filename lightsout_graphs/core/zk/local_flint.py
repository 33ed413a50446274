"""Dense linear algebra over Z/p^e at FLINT speed: LU mod p, then Hensel lifting.

The engine ``flint-local`` builds the same Smith-like form ``U A V = D`` as the ``local``
engine (:class:`~lightsout_graphs.core.zk.local.LocalFactorization`), and so answers the same
questions (solutions, certificates, exact counts, kernel and left-kernel generators, the
valuations of D), but with block operations instead of one pivot at a time: one FLINT LU
decomposition mod p per power of p, and triangular solves, Newton iterations and matrix
products that run in FLINT or in BLAS (exact in floating point). A dense 2000 × 2000 system
over Z/9 takes about 2.5 times FLINT's LU of the same size over GF(3).
:func:`estimate_cost` gives its time and memory before it starts, for the engine choice and
the budgets.
"""

# Method. Level j (j = 0, 1, ...) works on a block B of the matrix known mod p^(e-j), whose
# multiple p^j·B is what is left of A after the earlier levels (U A V = diag(D_done, p^j B)).
# FLINT's LU of B mod p (rank r) gives a row order P and r pivot columns: in P·B·Q (Q puts the
# pivot columns first) the leading r × r block B11 is invertible mod p, hence mod p^(e-j).
# With X = B11⁻¹ (mod p^(e-j)), L21 = B21 X and U12 = X B12,
#     [X 0; -L21 I] · P B Q · [I -U12; 0 I] = [I 0; 0 S],   S = B22 - L21 B12,
# and S ≡ 0 (mod p) because B has rank r mod p. These two transforms, read as integer
# matrices, are invertible mod p^e: applied to U's rows and V's columns past the done part
# they turn p^j·B into diag(p^j I, p^(j+1) S/p) mod p^e. Level j thus gives r valuations j,
# and S/p, known mod p^(e-j-1), is the next level's block. It stops at level e or on an empty
# block; what is left is zero mod p^e.
#
# X at level 0 (odd p, the bulk of the work): B11's leading principal minors are units (they
# are products of the pivots of FLINT's LU mod p), so FLINT's LU of B11 mod p^e never swaps
# rows nor inverts a non-unit: every FLINT 3 variant (nmod_mat_lu_classical, _delayed, and
# _recursive, which splits into blocks with the same property) takes the first nonzero entry
# from the diagonal down, and the diagonal entry is a unit. X is then never formed: L21, U12
# and U's first r rows times a right-hand side come from triangular solves with these factors
# (class _PivotBlock). At later levels, and for p = 2 (where Gauss–Jordan on packed words
# replaces FLINT's slow LU mod 2, and FLINT's products mod 2^e are slow too), X is formed: its
# inverse mod p is lifted by Newton's iteration X <- X(2I - B11 X), each step doubling the
# power of p it is exact to. At the first level with r > 0, U and V are still permutations:
# the transforms are written in place instead of multiplied. Products mod q run in FLINT's
# nmod_mat_mul (any word-size modulus, prime or not) for odd q up to about 1000³ multiply-adds,
# else in float32 or float64 BLAS on blocks of the inner dimension short enough to be exact
# (t·(q-1)² < 2**24 or 2**53).

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import EngineError, MissingDependencyError
from lightsout_graphs.core.zk._common import coerce_vector, matvec_mod
from lightsout_graphs.core.zk._flint import FlintMatrix, available, library, solve_tri
from lightsout_graphs.core.zk._flint import lu as flint_lu
from lightsout_graphs.core.zk._flint import mul as flint_mul
from lightsout_graphs.core.zk.cost import Cost, flint_lifted_cost
from lightsout_graphs.core.zk.gf2_dense import DenseGF2, pack_rows, unpack_rows
from lightsout_graphs.core.zk.local import _SMITH_DOCS, SmithSolver

__all__ = ["Cost", "LiftedLocalFactorization", "available", "estimate_cost", "mul_mod"]

#: Float64 holds integers exactly up to this bound ...
_EXACT = 2**53
#: ... and float32 up to this one (single-precision products run about twice as fast).
_EXACT32 = 2**24
#: Products of at most this many multiply-adds run in FLINT (single-threaded, no conversion
#: to floating point), larger ones in BLAS; FLINT is slower for even moduli. Index: q % 2.
#: (Measured on two cores: FLINT wins up to about 1000³ for odd q, 320³ for q = 2^e.)
_FLINT_WORK = (320**3, 1000**3)


def estimate_cost(shape: tuple[int, int], modulus: int) -> Cost:
    """The time and peak memory of factorising an m × n matrix over Z/p^e with this engine.

    :func:`~lightsout_graphs.core.zk.cost.flint_lifted_cost` of ``(m, n)`` and p^e, which
    says what it counts.

    Examples
    --------
    >>> estimate_cost((2000, 2000), 9) == flint_lifted_cost(2000, 2000, 9)
    True
    """
    m, n = (int(s) for s in shape)
    return flint_lifted_cost(m, n, int(modulus))


def mul_mod(a: np.ndarray, b: np.ndarray, modulus: int) -> np.ndarray:
    """``a @ b mod modulus``, exactly, for int64 residues below ``modulus`` (< 2**62).

    In float64 BLAS over blocks of the inner dimension short enough for exact sums, or in
    FLINT when the modulus is too large for that.

    Parameters
    ----------
    a, b : numpy.ndarray
        2-D int64 arrays of residues, ``a.shape[1] == b.shape[0]``.
    modulus : int

    Returns
    -------
    numpy.ndarray
        int64 residues.

    Examples
    --------
    >>> mul_mod(np.array([[1, 2], [3, 4]]), np.array([[5], [6]]), 9).tolist()
    [[8], [3]]
    """
    q = int(modulus)
    (rows, inner), cols = a.shape, b.shape[1]
    if rows == 0 or cols == 0 or inner == 0:
        return np.zeros((rows, cols), dtype=np.int64)
    square = max((q - 1) ** 2, 1)
    step = (_EXACT - 1) // square
    dtype: Any = np.float64
    if (_EXACT32 - 1) // square >= min(inner, 512):
        step, dtype = (_EXACT32 - 1) // square, np.float32
    work = rows * inner * cols
    flint_wins = work <= _FLINT_WORK[q % 2] or step < 64
    if flint_wins and library() is not None:
        return flint_mul(FlintMatrix(rows, inner, q, a), b, q).astype(np.int64)
    if step < 1:  # pragma: no cover - the engine needs FLINT anyway
        big = a.astype(object) @ b.astype(object)
        return np.array(big % q, dtype=np.int64)
    fq = dtype(q)
    acc = np.zeros((rows, cols), dtype=dtype)
    for s in range(0, inner, step):  # each block's sum is exact; so is acc + part < 2q
        acc += np.fmod(a[:, s : s + step].astype(dtype) @ b[s : s + step].astype(dtype), fq)
        np.fmod(acc, fq, out=acc)
    return acc.astype(np.int64)


def _dense(matrix: sp.csr_array | np.ndarray, q: int) -> np.ndarray:
    """Residues mod q as a dense int64 array (a fresh copy)."""
    if isinstance(matrix, sp.sparray | sp.spmatrix):
        arr = np.asarray(matrix.toarray(), dtype=np.int64)
    else:
        arr = np.array(matrix, dtype=np.int64)
    if arr.size and (arr.min() < 0 or arr.max() >= q):
        arr %= q
    return arr


@dataclass
class _Reduction:
    """How one level's block reduces mod p: ``R·B·Q`` has an invertible leading r × r block.

    ``rows`` is R as a row order, or ``transform`` R as a dense 0/1 matrix (GF(2)); ``cols``
    puts the r pivot columns first; ``start`` is the leading block's inverse mod p.
    """

    rank: int
    cols: np.ndarray
    start: np.ndarray
    rows: np.ndarray | None = None
    transform: np.ndarray | None = None


def _free_after(pivots: np.ndarray, n: int) -> np.ndarray:
    return np.concatenate([pivots, np.setdiff1d(np.arange(n), pivots)]).astype(np.int64)


def _reduce_flint(block: np.ndarray, p: int, inverse: bool = True) -> _Reduction:
    """FLINT's LU mod p: a row order, the pivot columns, the pivot block's inverse mod p (left
    empty unless ``inverse``)."""
    m, n = block.shape
    residues = block % p
    r, perm, piv = flint_lu(FlintMatrix(m, n, p, residues))
    start = _inverse_mod_p(residues[perm[:r]][:, piv], p) if inverse else np.zeros((0, 0))
    return _Reduction(rank=r, cols=_free_after(piv, n), start=start, rows=perm)


def _inverse_mod_p(lead: np.ndarray, p: int) -> np.ndarray:
    """The inverse mod p of a square block that FLINT's LU mod p found invertible."""
    lib: Any = library()
    r = lead.shape[0]
    if r == 0:
        return np.zeros((0, 0), dtype=np.int64)
    inv = FlintMatrix(r, r, p)
    source = FlintMatrix(r, r, p, lead % p)  # kept alive while FLINT reads it
    if not lib.nmod_mat_inv(inv.ptr, source.ptr):  # pragma: no cover
        msg = "FLINT's LU mod p gave a pivot block that is not invertible."
        raise EngineError(msg)
    return inv.to_numpy().astype(np.int64)


def _reduce(block: np.ndarray, p: int) -> _Reduction:
    """:func:`_reduce_flint`, but for p = 2 Gauss–Jordan on packed words (faster than FLINT's
    LU mod 2): ``T·B`` is reduced, with the identity on the pivot columns."""
    if p != 2 or not block.size:
        return _reduce_flint(block, p)
    m, n = block.shape
    ech = DenseGF2(pack_rows((block & 1).astype(np.uint8)), n)
    transform = unpack_rows(ech._transform, m).astype(np.int64)
    start = np.eye(ech._rank, dtype=np.int64)
    cols = _free_after(ech._pivots, n)
    return _Reduction(rank=ech._rank, cols=cols, start=start, transform=transform)


class _PivotBlock:
    """The leading block ``B11`` of the first level, as FLINT's LU mod q without row swaps.

    Its leading principal minors are units (they are nonzero mod p: FLINT's LU mod p chose
    these rows and columns), so FLINT's LU mod q, which takes the diagonal entry as pivot
    whenever it is nonzero, never swaps rows nor divides by a non-unit: ``B11 = L·U`` mod q.
    ``X = B11⁻¹`` is never formed: it is applied by two triangular solves.
    """

    def __init__(self, lead: np.ndarray, q: int) -> None:
        r = lead.shape[0]
        self.size, self.modulus = r, q
        self.lu = FlintMatrix(r, r, q, lead)
        rank, perm, _ = flint_lu(self.lu)
        self.ok = rank == r and bool(np.array_equal(perm, np.arange(r)))
        self._lt: FlintMatrix | None = None

    def _solve(self, name: str, tri: FlintMatrix, rhs: np.ndarray, unit: bool) -> np.ndarray:
        return solve_tri(name, tri, rhs, unit, self.modulus).astype(np.int64)

    def left(self, rhs: np.ndarray) -> np.ndarray:
        """``X · rhs`` mod q (rhs: r × s residues)."""
        half = self._solve("nmod_mat_solve_tril", self.lu, rhs, True)
        return self._solve("nmod_mat_solve_triu", self.lu, half, False)

    def right(self, lhs: np.ndarray) -> np.ndarray:
        """``lhs · X`` mod q (lhs: s × r residues), as ``(Xᵀ lhsᵀ)ᵀ`` with the transposed
        factors: ``Xᵀ = L⁻ᵀ U⁻ᵀ``."""
        if self._lt is None:
            self._lt = FlintMatrix(self.size, self.size, self.modulus, self.lu.view().T)
        half = self._solve("nmod_mat_solve_tril", self._lt, np.ascontiguousarray(lhs.T), False)
        return self._solve("nmod_mat_solve_triu", self._lt, half, True).T

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the factors, not FLINT's pointers."""
        return {"lu": self.lu, "size": self.size, "modulus": self.modulus, "ok": self.ok}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lt = None


def _newton_inverse(block: np.ndarray, start: np.ndarray, p: int, q: int) -> np.ndarray:
    """The inverse of ``block`` mod q = p^f from its inverse mod p (Newton's iteration)."""
    x = start
    exact = p
    size = block.shape[0]
    diag = np.arange(size)
    if exact < q and np.array_equal(start, np.eye(size, dtype=start.dtype)):
        # From X = I (Gauss–Jordan mod 2 leaves B11 ≡ I) the first step is 2I - B11: no product.
        x = (-block) % q
        x[diag, diag] = (x[diag, diag] + 2) % q
        exact = min(exact * exact, q)
    while exact < q:
        t = mul_mod(block, x, q)
        np.negative(t, out=t)
        t[diag, diag] += 2
        t %= q
        x = mul_mod(x, t, q)
        exact = min(exact * exact, q)
    return x


@functools.partial(fill_doc, docs=_SMITH_DOCS)
class LiftedLocalFactorization(SmithSolver):
    """A matrix over Z/p^e in Smith-like form ``U A V = D``, built on FLINT's LU mod p.

    The same answers as :class:`~lightsout_graphs.core.zk.local.LocalFactorization` (valuations
    included), in a time that grows like one dense LU per power of p.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array or numpy.ndarray
        The m × n matrix with entries in ``0..p**e - 1``.
    %(prime_exponent)s

    Raises
    ------
    MissingDependencyError
        If python-flint is not installed.
    ModulusError
        If ``exponent`` < 1.

    Attributes
    ----------
    %(attributes)s

    Examples
    --------
    >>> f = LiftedLocalFactorization(np.array([[3, 0], [0, 1]]), 3, 2)
    >>> f.valuations, f.kernel_size, f.solve(np.array([3, 1])), f.certificate(np.array([1, 0]))
    ([0, 1], 3, array([1, 1]), array([3, 0]))
    """

    def __init__(self, matrix: sp.csr_array | np.ndarray, prime: int, exponent: int = 1) -> None:
        if library() is None:
            msg = "The 'flint-local' engine needs python-flint: pip install python-flint."
            raise MissingDependencyError(msg)
        self._smith_start(matrix.shape, prime, exponent, "flint-local")
        #: The first level's pivot block and rows, when U's first rows are X·P kept implicit.
        self._first: tuple[_PivotBlock, np.ndarray] | None = None
        #: ... or X itself when U's first rows are kept as X times the rows stored there.
        self._first_x: np.ndarray | None = None
        u_mat, v_mat, vals = self._smith(_dense(matrix, self.modulus))
        if self._dtype is object:
            u_mat, v_mat = u_mat.astype(object), v_mat.astype(object)
        self._adopt(u_mat, v_mat, vals)

    def _smith(self, block: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """``(U, V, valuations)`` with ``U A V = D`` mod p^e, level by level."""
        p, e, q = self._p, self._e, self.modulus
        m, n = self.shape
        u_mat: np.ndarray | None = None  # None: still the identity
        v_mat: np.ndarray | None = None
        vals: list[int] = []
        t = 0  # rows and columns done
        for level in range(e):
            if t in (m, n):
                break
            qj = p ** (e - level)  # the block is known mod qj
            implicit = level == 0 and p != 2
            red = _reduce_flint(block, p, inverse=False) if implicit else _reduce(block, p)
            r = red.rank
            if r == 0:
                block //= p
                continue
            cols = red.cols
            if red.transform is not None:
                b = mul_mod(red.transform, block, qj)[:, cols]
            else:
                b = block[red.rows][:, cols]
            if implicit:
                first = _PivotBlock(b[:r, :r], q)
                assert red.rows is not None
                if first.ok:  # X = B11⁻¹ stays as FLINT's LU, never formed
                    self._first = (first, red.rows[:r].copy())
                    l21 = first.right(b[r:, :r])
                    u12 = first.left(b[:r, r:])
                    x = np.zeros((r, r), dtype=np.int64)  # U's first rows: applied by _prepare
                else:  # pragma: no cover - FLINT swapped rows after all: lift the inverse
                    red.start = _inverse_mod_p(b[:r, :r], p)
                    x = _newton_inverse(b[:r, :r], red.start, p, qj)
                    l21 = mul_mod(b[r:, :r], x, qj)
                    u12 = mul_mod(x, b[:r, r:], qj)
            else:
                x = _newton_inverse(b[:r, :r], red.start, p, qj)
                l21 = mul_mod(b[r:, :r], x, qj)
                u12 = mul_mod(x, b[:r, r:], qj)
            s = b[r:, r:] - mul_mod(l21, b[:r, r:], qj)
            s %= qj
            if s.size and np.any(s % p):  # pragma: no cover - a broken LU
                msg = "The FLINT LU mod p left a Schur complement that p does not divide."
                raise EngineError(msg)
            u_mat = self._rows(u_mat, red, x, l21, t)
            v_mat = self._columns(v_mat, cols, u12, t, r)
            vals.extend([level] * r)
            t += r
            block = s // p
        eye_m = np.eye(m, dtype=np.int64) if u_mat is None else u_mat
        eye_n = np.eye(n, dtype=np.int64) if v_mat is None else v_mat
        return eye_m, eye_n, vals

    def _prepare(self, rhs: np.ndarray) -> np.ndarray:
        """``c = U·rhs``; the first rows, ``X·(P·rhs)``, by FLINT's triangular solves."""
        c = super()._prepare(rhs)
        if self._first_x is not None:
            r = len(self._first_x)
            c[:r] = matvec_mod(self._first_x, c[:r], self.modulus)
        if self._first is not None:
            first, head = self._first
            b = coerce_vector(rhs, self.shape[0], self.modulus)
            top = np.array([int(v) for v in b[head]], dtype=np.uint64).reshape(-1, 1)
            values = first.left(top)[:, 0]
            if c.dtype == object:
                c[: len(head)] = [int(v) for v in values.astype(np.uint64)]
            else:
                c[: len(head)] = values
        return c

    def _rows(
        self, u_mat: np.ndarray | None, red: _Reduction, x: np.ndarray, l21: np.ndarray, t: int
    ) -> np.ndarray:
        """U's rows from t on, times ``[X 0; -L21 I]·R`` on the left (mod p^e)."""
        q, m, r = self.modulus, self.shape[0], red.rank
        neg = (-l21) % q
        if red.transform is not None:  # R dense
            part = red.transform if u_mat is None else mul_mod(red.transform, u_mat[t:], q)
            out = np.eye(m, dtype=np.int64) if u_mat is None else u_mat
            top = part[:r]
            out[t + r :] = (part[r:] + mul_mod(neg, top, q)) % q
            if u_mat is None:  # t == 0: keep R's rows, _prepare multiplies by X
                out[:r] = top
                self._first_x = x
            else:
                out[t : t + r] = mul_mod(x, top, q)
            return out
        rows = red.rows
        assert rows is not None
        if u_mat is None:  # U is the identity and t == 0: write the product in place
            out = np.zeros((m, m), dtype=np.int64)
            out[:r, rows[:r]] = x
            out[r:, rows[:r]] = neg
            out[np.arange(r, m), rows[r:]] = 1
            return out
        part = u_mat[t:][rows]
        top = part[:r]
        u_mat[t + r :] = (part[r:] + mul_mod(neg, top, q)) % q
        u_mat[t : t + r] = mul_mod(x, top, q)
        return u_mat

    def _columns(
        self, v_mat: np.ndarray | None, cols: np.ndarray, u12: np.ndarray, t: int, r: int
    ) -> np.ndarray:
        """V's columns from t on, times ``Q·[I -U12; 0 I]`` on the right (mod p^e)."""
        q, n = self.modulus, self.shape[1]
        neg = (-u12) % q
        if v_mat is None:  # V is the identity and t == 0
            out = np.zeros((n, n), dtype=np.int64)
            out[cols, np.arange(n)] = 1
            out[np.ix_(cols[:r], np.arange(r, n))] = neg
            return out
        part = v_mat[:, t:][:, cols]
        v_mat[:, t : t + r] = part[:, :r]
        v_mat[:, t + r :] = (part[:, r:] + mul_mod(part[:, :r], neg, q)) % q
        return v_mat
