"""What the light-chasing engines share: solving, counting and the quiet patterns.

A chasing engine reduces ``T x ≡ b`` on a board to a small system: it chases the board from
a few unknowns (the first row, and on a cylinder the row before it) down to the last row
(:meth:`ChasingFactorization._chase`), and the unknowns must make the virtual rows beyond the
board vanish (the small system, factorised once by :mod:`lightsout_graphs.core.zk`). A solution,
and every quiet pattern, is the chase of a solution, or a kernel vector, of the small system.
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import TYPE_CHECKING, Any

import numpy as np

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core._labels import LatticeNodes
from lightsout_graphs.core.errors import InvalidStateError, MemoryBudgetError, require_int_entries
from lightsout_graphs.core.structure import Lattice
from lightsout_graphs.core.zk import DenseGF2, Factorization, is_prime, pack_rows
from lightsout_graphs.core.zk.budget import BUDGET_ENV, memory_budget
from lightsout_graphs.representation.grids import _row_scan

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["ChasingFactorization", "chase_memory", "chase_seconds", "check_chase_memory"]

#: The docs the chasing engines' methods share, by slot (see ``core._docs.fill_doc``).
CHASE_DOCS = {
    "rhs": """Parameters
----------
rhs : numpy.ndarray
    1-D integer vector of length m·n in row-major cell order (reduced mod k).""",
    "rhs_raises": """Raises
------
InvalidStateError
    When ``rhs`` is not a 1-D integer vector of length m·n.""",
}

#: Moduli up to this bound chase in int64 (sums of four residues stay below 2**63).
_INT64_CHASE_LIMIT = 2**60

#: Peak bytes per light of solving one board by chasing (state, target, change, the chased
#: rows, the presses and the solution's copies), measured with tracemalloc on 10**6-light
#: grids (34 bytes for k = 2, 70 for int64 residues) with room for a certificate.
_BYTES_PER_LIGHT = {"binary": 48, "int64": 96, "object": 200}


def chase_memory(cells: int, rows: int, unknowns: int, modulus: int, *, wide: bool = False) -> int:
    """An estimate, in bytes, of the peak memory of solving one board by light chasing.

    ``rows`` × ``unknowns`` is the shape of the small system; ``wide``: residues are Python
    ints (moduli whose sums overflow int64).

    Examples
    --------
    >>> chase_memory(10**6, 1000, 1000, 2) // 2**20
    46
    >>> chase_memory(4 * 10**8, 20000, 20000, 2) > 16 * 2**30
    True
    """
    if modulus == 2:
        per_light = _BYTES_PER_LIGHT["binary"]
        small = 4 * rows * unknowns // 8  # two packed planes, the elimination's copy and log
    else:
        per_light = _BYTES_PER_LIGHT["object" if wide else "int64"]
        # The chased planes (int64), their sparse copy and the prime-field elimination.
        small = 4 * 8 * rows * unknowns + 16 * rows * unknowns + 16 * rows * (rows + unknowns)
    return per_light * cells + small


#: Seconds per light of the work every solve does on board-sized arrays (reading the state and
#: target, reducing, reordering, the answer's vector): over GF(2), and in int64 residues.
_LIGHT_SECONDS = {"binary": 2.5e-7, "int64": 6e-7}
#: Seconds of one Python-level numpy step on a row (or on a block of rows).
_STEP_SECONDS = 1.5e-5


def chase_seconds(m: int, n: int, modulus: int, wrap: tuple[bool, bool] = (False, False)) -> float:
    """An estimate, in seconds, of solving one m×n board by light chasing (building included).

    The model follows what the engines do: board-sized work per light; row by row, one numpy
    step per row for the symbolic chase and for each of the two chases of a solve, plus the
    chased planes of the unknowns (on a grid, one column on a cycle of ``2w + 2`` cells and
    the w×w system built from it); on long and narrow boards (chased in blocks of rows, see
    :mod:`~lightsout_graphs.representation.grids._row_scan`) about ``4·√h`` steps and the
    products, ``4·w`` multiply-adds per light; then the elimination of the small system.
    The constants were measured on the two-core development machine (under load), aiming at
    the order of magnitude.

    ``wrap`` says whether axis 0 and axis 1 wrap (a torus or a cylinder).

    Examples
    --------
    >>> chase_seconds(2**20, 3, 2) < 2  # chased in blocks, not a million row steps
    True
    >>> chase_seconds(1000, 1000, 2) < chase_seconds(1000, 1000, 3)
    True
    """
    h, w = max(m, n), min(m, n)
    cells = m * n
    across = wrap[1] if n <= m else wrap[0]  # whether the chased rows are cycles
    down = wrap[0] if n <= m else wrap[1]  # whether the chase wraps around to the first row
    unknowns = w * (2 if down else 1)
    binary = modulus == 2
    steps = 0.0  # Python-level numpy steps: no slower on wide residues
    seconds = 1e-3 + cells * _LIGHT_SECONDS["binary" if binary else "int64"]
    if _row_scan.applies(h, w, modulus):
        steps = 4 * max(16, math.isqrt(h + 1)) * _STEP_SECONDS
        seconds += cells * 4 * w * 1e-9
        seconds += (2 * w) ** 3 * max(1, h.bit_length()) * 1e-9
    else:
        steps = 3 * h * _STEP_SECONDS * (1.5 if any(wrap) else 1)
        if not any(wrap):  # one column chased on a cycle of 2w + 2 cells, then A_h built
            seconds += h * 2 * w * 2e-8 + w * w * (2e-8 if binary else 5e-8)
        elif binary:
            seconds += h * w * unknowns / 64 * 4e-9
        elif across:  # circulant rows: one column per block of unknowns is chased
            seconds += h * w * 2 * 1e-8
        else:
            seconds += h * w * unknowns * 1e-8
    if binary:
        seconds += unknowns**3 / 64 * 7.5e-9
    else:
        seconds += unknowns**3 * 1e-9
    if modulus >= 2**60:  # Python integers: about 15 times slower per entry
        seconds *= 15
    seconds += steps
    return seconds


def check_chase_memory(
    what: str, cells: int, rows: int, unknowns: int, modulus: int, *, wide: bool = False
) -> int:
    """Raise :class:`MemoryBudgetError` when chasing a board would exceed the memory budget.

    Called before anything is allocated; returns the estimate of :func:`chase_memory`, in
    bytes. The message names the board (``what``, e.g. ``"a 20000×20000 grid mod 2"``), the
    estimate, the budget (:func:`lightsout_graphs.core.zk.memory_budget`) and the routes.

    Examples
    --------
    >>> check_chase_memory("a 5×5 grid mod 2", 25, 5, 5, 2) > 0
    True
    """
    needed = chase_memory(cells, rows, unknowns, modulus, wide=wide)
    budget = memory_budget()
    if needed > budget:
        msg = (
            f"Light chasing on {what} ({cells} lights) would need about {_size(needed)}, above "
            f"the memory budget of {_size(budget)}: a smaller board; for the nullity alone "
            f"(no board), lo.analyze (CLI: lightsout analyze); or raise the budget with "
            f"{BUDGET_ENV} (e.g. {BUDGET_ENV}=64G) if the machine has the memory."
        )
        raise MemoryBudgetError(msg, needed, budget)
    return needed


def _size(x: int) -> str:
    return f"{x / 2**30:.1f} GiB" if x >= 2**30 else f"{x / 2**20:.0f} MiB"


class ChasingFactorization:
    """The :class:`~lightsout_graphs.core.zk.Factorization` methods every chasing engine shares.

    A subclass checks its arguments, sets ``method`` and calls ``_setup``, which orients the
    board (the longer side is chased), chases it (row by row, or in blocks of rows on long and
    narrow boards, :mod:`~lightsout_graphs.representation.grids._row_scan`) and factorises the
    small system (``_factor``, or from a power of the transfer matrix).

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import GridChaser, WrappedChaser
    >>> isinstance(GridChaser(2, 2), ChasingFactorization)
    True
    >>> isinstance(WrappedChaser(3, 3), ChasingFactorization)
    True
    """

    rows: int
    cols: int
    modulus: int
    rule: str
    method: str
    shape: tuple[int, int]
    kernel_size: int
    rank: int | None
    _row_wrap: bool
    _col_wrap: bool
    _small: Factorization
    _kernel: list[tuple[np.ndarray, int]] | None

    def _set_counts(self) -> None:
        """``kernel_size``, ``image_size`` and (for a prime k) ``rank`` from the small system.

        The quiet patterns of the board are those of the small system, and T is square, so
        ``|image| = k**(m·n) / |kernel|``.
        """
        k, size = self.modulus, self.shape[1]
        self.kernel_size = int(self._small.kernel_size)
        self._image_size: int | None = None
        self.rank = None
        if is_prime(k):
            nullity, left = 0, self.kernel_size
            while left > 1:
                left //= k
                nullity += 1
            self.rank = size - nullity

    @property
    def image_size(self) -> int:
        """The number of solvable boards, ``k**(m·n) // kernel_size``, computed when first read.

        A board of millions of lights has a count of millions of digits: solving never
        needs it, so it is not computed until asked for.

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> GridChaser(5, 5).image_size == 2**23
        True
        """
        if self._image_size is None:
            k, size = self.modulus, self.shape[1]
            if k & (k - 1) == 0:  # a power of two: both counts are powers of two, shift instead
                bits = (k.bit_length() - 1) * size - (self.kernel_size.bit_length() - 1)
                self._image_size = 1 << bits
            else:
                self._image_size = int(k**size // self.kernel_size)
        return self._image_size

    def _setup(
        self, m: int, n: int, modulus: int, rule: str, wrap: tuple[bool, bool], what: str
    ) -> None:
        """Orientation, sizes and the small system of a checked m×n board; ``wrap`` says
        whether the rows and whether the columns are cycles; ``what`` names the board."""
        self.rows, self.cols, self.modulus, self.rule = m, n, modulus, rule
        size = m * n
        self.shape = (size, size)
        # Chase along the longer side; a transposed board swaps which axis wraps.
        self._transposed = n > m
        self._height, self._width = max(m, n), min(m, n)
        self._row_wrap, self._col_wrap = wrap[::-1] if self._transposed else wrap
        self._diag = 1 if rule == "closed" else 0
        self._binary = modulus == 2
        self._dtype: Any = np.int64 if modulus <= _INT64_CHASE_LIMIT else object
        # Vectors handed out follow the general engine: object once products overflow int64.
        self._out_dtype: Any = np.int64 if (modulus - 1) ** 2 < 2**63 else object
        self._unknowns = self._width * (2 if self._col_wrap else 1)
        # Long and narrow boards chase in blocks of rows (see _row_scan), others row by row.
        self._scan = _row_scan.applies(self._height, self._width, modulus)
        u = self._unknowns
        check_chase_memory(what, size, u, u, modulus, wide=self._dtype is object)
        self._small = self._factor_by_power() if self._scan else self._factor()
        self._set_counts()
        self._kernel = None

    @staticmethod
    def _lattice(puzzle: Puzzle) -> Lattice | None:
        """The puzzle's 2-D lattice of the four neighbours, when every cell is pressable and
        the nodes are its cells in row-major order; else None."""
        lattice = puzzle.structure
        if not isinstance(lattice, Lattice) or len(lattice.shape) != 2:
            return None
        if not lattice.is_axis_stencil or not puzzle.all_pressable:
            return None
        nodes = puzzle.nodes
        if isinstance(nodes, LatticeNodes):
            return lattice if nodes.shape == lattice.shape else None
        cells = itertools.product(*(range(side) for side in lattice.shape))
        return lattice if tuple(nodes) == tuple(cells) else None

    def _factor(self) -> Factorization:
        """The small system, chased row by row."""
        raise NotImplementedError

    def _factorize(self, system: np.ndarray) -> Factorization:
        if self._binary:
            return DenseGF2(pack_rows(system.astype(np.uint8)), system.shape[1])
        from lightsout_graphs.core.zk import factorize

        return factorize(system.astype(self._dtype), self.modulus)

    def _factor_by_power(self) -> Factorization:
        """The small system from a power of the transfer matrix (long, narrow boards)."""
        h, w, k = self._height, self._width, self.modulus
        m_row = _row_scan.row_matrix(w, self._diag, self._row_wrap)
        step = _row_scan.transfer_power(h, m_row, k)  # [[P_h, Q_h], [P_{h-1}, Q_{h-1}]]
        if not self._col_wrap:
            return self._factorize(step[:w, :w])  # the virtual row x[h] = P_h·x[0] must vanish
        eye = np.eye(w, dtype=np.int64)
        eq1 = step[w:].copy()  # x[h-1] − v
        eq1[:, w:] -= eye
        eq2 = step[:w].copy()  # x[h] − x[0]
        eq2[:, :w] -= eye
        return self._factorize(np.concatenate([eq1, eq2]) % k)

    # -- vectors in the chase's orientation -----------------------------------------------------

    def _coerce(self, rhs: object, name: str = "rhs") -> np.ndarray:
        """``rhs`` as a (height, width) array of residues, in the chase's orientation."""
        board = self._as_board(rhs, name)
        return np.ascontiguousarray(board.T if self._transposed else board)

    def _as_board(self, rhs: object, name: str) -> np.ndarray:
        """``rhs`` as an (m, n) array of residues (uint8 for k = 2), in the board's orientation."""
        size = self.shape[0]
        arr = rhs if isinstance(rhs, np.ndarray) else np.asarray(rhs, dtype=object)
        if arr.ndim != 1 or arr.shape[0] != size:
            msg = f"Argument {name!r} must be a 1-D vector of length {size}, not of shape {arr.shape}."
            raise InvalidStateError(msg)
        if arr.dtype == object:
            entries = require_int_entries(arr, name)
            vec = np.array([v % self.modulus for v in entries], dtype=self._dtype)
        elif arr.dtype.kind in "iub":
            vec = self._reduce(arr)
        else:
            msg = f"Argument {name!r} must hold integers, not dtype {arr.dtype}."
            raise InvalidStateError(msg)
        board = vec.reshape(self.rows, self.cols)
        return board.astype(np.uint8, copy=False) if self._binary else board

    def _reduce(self, arr: np.ndarray) -> np.ndarray:
        """An integer array reduced mod k, skipping the division when it is already reduced."""
        if self._binary:
            # Casting to uint8 wraps, keeping the low bit (also of negative ints): parity only.
            low = arr.astype(np.uint8)
            low &= 1
            return low
        if arr.size and (arr.min() < 0 or arr.max() >= self.modulus):
            if arr.dtype.kind == "u" and arr.dtype.itemsize == 8:
                arr = (arr % np.uint64(self.modulus)).astype(np.int64)
            else:
                arr = arr.astype(np.int64) % self.modulus
        return arr.astype(self._dtype)

    def _flatten(self, rows: np.ndarray) -> np.ndarray:
        """Rows in the chase's orientation back to a vector in row-major cell order."""
        return self._row_major(rows.T if self._transposed else rows)

    def _row_major(self, board: np.ndarray) -> np.ndarray:
        flat = np.ascontiguousarray(board).reshape(-1)
        if self._out_dtype is object and flat.dtype != object:
            return np.array([int(v) for v in flat], dtype=object)
        return flat.astype(self._out_dtype)

    def _chase(self, z: np.ndarray, board: np.ndarray | None) -> np.ndarray:
        """Rows ``x[0..h]`` (the last one virtual) from the unknowns (the first row, then the
        row before it when the columns wrap) and the board (None for all dark)."""
        w = self._width
        z = np.asarray(z)
        first = z[:w]
        before = z[w:] if self._col_wrap else np.zeros(w, dtype=np.int64)
        args = (self._height, self._diag, self._row_wrap, self.modulus)
        if self._scan:
            return _row_scan.chase(first.astype(np.int64), before.astype(np.int64), board, *args)
        rows = None if board is None else board[:, :, None]
        return _row_scan.run(first[:, None], before[:, None], rows, *args)[:, :, 0]

    def _small_rhs(self, board: np.ndarray) -> np.ndarray:
        """Minus the rows the closing conditions read when the unknowns are dark: ``x[h]``,
        after ``x[h−1]`` when the columns wrap."""
        zeros = np.zeros(self._unknowns, dtype=np.int64)
        if self._scan:
            w, args = self._width, (self._height, self._diag, self._row_wrap, self.modulus)
            x = _row_scan.chase(zeros[:w], zeros[:w], board, *args, last=True)
        else:
            x = self._chase(zeros, board)
        rows = x[-2:] if self._col_wrap else x[-1]
        return ((-rows.astype(self._dtype)) % self.modulus).reshape(-1)

    @functools.partial(fill_doc, docs=CHASE_DOCS)
    def solve(self, rhs: np.ndarray) -> np.ndarray | None:
        """Presses x with ``T x ≡ rhs (mod k)``, or ``None`` when the board is unsolvable.

        Parameters
        ----------
        rhs : numpy.ndarray
            1-D integer vector of length m·n in row-major cell order (reduced mod k): the
            change wanted, ``target − state``.

        Returns
        -------
        numpy.ndarray or None
            Presses in ``0..k-1``, row-major: int64, or ``object`` (Python ints) when
            ``(k − 1)²`` overflows int64, as in :mod:`lightsout_graphs.core.zk`.

        %(rhs_raises)s

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> GridChaser(1, 3).solve(np.array([1, 1, 1])).tolist()
        [0, 1, 0]
        """
        board = self._coerce(rhs)
        first = self._small.solve(self._small_rhs(board))
        if first is None:
            return None
        return self._flatten(self._chase(np.asarray(first), board)[:-1])

    @functools.partial(fill_doc, docs=CHASE_DOCS)
    def is_solvable(self, rhs: np.ndarray) -> bool:
        """Whether ``T x ≡ rhs (mod k)`` has a solution.

        %(rhs)s

        Returns
        -------
        bool

        %(rhs_raises)s

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> chaser = GridChaser(2, 2, modulus=3, rule="open")  # a press lights its two neighbours
        >>> chaser.is_solvable(np.array([1, 0, 0, 1])), chaser.is_solvable(np.array([1, 0, 0, 0]))
        (True, False)
        """
        return bool(self._small.is_solvable(self._small_rhs(self._coerce(rhs))))

    def kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators ``(g, order)`` of the quiet patterns, a direct sum of cyclic groups.

        Each is a kernel generator of the first-row system chased down the board. They are
        full vectors of length m·n, one per generator: the 4096×4096 board over GF(2) has
        2072 of them, so on boards that large prefer :attr:`kernel_size` or
        :func:`lightsout_graphs.representation.grids.nullity` unless the patterns themselves are needed.

        Returns
        -------
        list of (numpy.ndarray, int)
            Each quiet pattern (row-major, values in ``0..k-1``) with its additive order; the
            product of the orders is :attr:`kernel_size`.

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> [(g.tolist(), order) for g, order in GridChaser(1, 2).kernel()]
        [([1, 1], 2)]
        """
        if self._kernel is None:
            self._kernel = [
                (self._flatten(self._chase(np.asarray(g), None)[:-1]), int(order))
                for g, order in self._small.kernel()
            ]
        return [(g.copy(), order) for g, order in self._kernel]

    def left_kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators of ``{y : yᵀT ≡ 0}``: the toggle matrix is symmetric, so :meth:`kernel`.

        Returns
        -------
        list of (numpy.ndarray, int)
            The same generators as :meth:`kernel`.

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> len(GridChaser(4, 4).left_kernel())
        4
        """
        return self.kernel()
