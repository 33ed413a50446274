"""What the light-chasing engines share: solving, counting and the quiet patterns.

A chasing engine reduces ``T x ≡ b`` on a board to a small system: it chases the board from
a few unknowns (the first row, and on a cylinder the row before it) down to the last row
(:meth:`ChasingFactorization._chase`), and the unknowns must make the virtual rows beyond the
board vanish (the small system, factorised once by :mod:`lightsout_graphs.core.zk`). A solution,
and every quiet pattern, is the chase of a solution, or a kernel vector, of the small system.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import MemoryBudgetError
from lightsout_graphs.core.zk import Factorization, is_prime
from lightsout_graphs.core.zk.budget import BUDGET_ENV, memory_budget

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

#: Peak bytes per light of solving one board by chasing (state, target, change, the chased
#: rows, the presses and the solution's copies), measured with tracemalloc on 10**6-light
#: grids (34 bytes for k = 2, 70 for int64 residues) with room for a certificate.
_BYTES_PER_LIGHT = {"binary": 48, "int64": 96, "object": 200}


def chase_memory(cells: int, rows: int, unknowns: int, modulus: int, *, wide: bool = False) -> int:
    """An estimate, in bytes, of the peak memory of solving one board by light chasing.

    Parameters
    ----------
    cells : int
        The number of lights of the board.
    rows, unknowns : int
        The shape of the small system (the virtual rows' conditions and the unknowns).
    modulus : int
        k.
    wide : bool, default False
        Whether residues are Python ints (moduli whose sums overflow int64).

    Returns
    -------
    int

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

    Parameters
    ----------
    m, n : int
        The sides.
    modulus : int
        k.
    wrap : (bool, bool), default (False, False)
        Whether axis 0 and axis 1 wrap (a torus or a cylinder).

    Returns
    -------
    float

    Examples
    --------
    >>> chase_seconds(2**20, 3, 2) < 2  # chased in blocks, not a million row steps
    True
    >>> chase_seconds(1000, 1000, 2) < chase_seconds(1000, 1000, 3)
    True
    """
    from lightsout_graphs.representation.grids import _row_scan

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

    Called before anything is allocated: the estimate is :func:`chase_memory`.

    Parameters
    ----------
    what : str
        The board, for the message (e.g. ``"a 20000×20000 grid mod 2"``).
    cells, rows, unknowns, modulus, wide
        As for :func:`chase_memory`.

    Returns
    -------
    int
        The estimate, in bytes.

    Raises
    ------
    MemoryBudgetError
        The estimate is above :func:`lightsout_graphs.core.zk.memory_budget`; the message gives
        both and the routes.

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

    Subclasses set ``modulus``, ``shape``, ``method``, the small system's factorisation
    ``_small`` and ``_kernel = None``, and define how a board vector comes in (``_coerce``),
    how it is chased (``_chase``, ``_small_rhs``) and how rows go back to a vector
    (``_flatten``).

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import GridChaser, WrappedChaser
    >>> isinstance(GridChaser(2, 2), ChasingFactorization)
    True
    >>> isinstance(WrappedChaser(3, 3), ChasingFactorization)
    True
    """

    modulus: int
    shape: tuple[int, int]
    kernel_size: int
    rank: int | None
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

    def _coerce(self, rhs: object, name: str = "rhs") -> np.ndarray:
        """``rhs`` as a board in the chase's orientation."""
        raise NotImplementedError

    def _chase(self, first: np.ndarray, board: np.ndarray | None) -> np.ndarray:
        """Rows ``x[0..h]`` (the last one virtual) from the unknowns and the board."""
        raise NotImplementedError

    def _small_rhs(self, board: np.ndarray) -> np.ndarray:
        """The right-hand side of the small system for a board."""
        raise NotImplementedError

    def _flatten(self, rows: np.ndarray) -> np.ndarray:
        """Rows in the chase's orientation back to a row-major vector."""
        raise NotImplementedError

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
