"""What the light-chasing engines share: solving, counting and the quiet patterns.

A chasing engine reduces ``T x ≡ b`` on a board to a small system: it chases the board from
a few unknowns (the first row, and on a cylinder the row before it) down to the last row
(:meth:`ChasingFactorization._chase`), and the unknowns must make the virtual rows beyond the
board vanish (the small system, factorised once by :mod:`lightsout_graphs.zk`). A solution,
and every quiet pattern, is the chase of a solution, or a kernel vector, of the small system.
"""

from __future__ import annotations

import numpy as np

from lightsout_graphs.zk import Factorization, is_prime

__all__ = ["ChasingFactorization"]


class ChasingFactorization:
    """The :class:`~lightsout_graphs.zk.Factorization` methods every chasing engine shares.

    Subclasses set ``modulus``, ``shape``, ``method``, the small system's factorisation
    ``_small`` and ``_kernel = None``, and define how a board vector comes in (``_coerce``),
    how it is chased (``_chase``, ``_small_rhs``) and how rows go back to a vector
    (``_flatten``).

    Examples
    --------
    >>> from lightsout_graphs.grids import GridChaser, WrappedChaser
    >>> isinstance(GridChaser(2, 2), ChasingFactorization)
    True
    >>> isinstance(WrappedChaser(3, 3), ChasingFactorization)
    True
    """

    modulus: int
    shape: tuple[int, int]
    kernel_size: int
    image_size: int
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
        if k & (k - 1) == 0:  # a power of two: both counts are powers of two, shift instead
            bits = (k.bit_length() - 1) * size - (self.kernel_size.bit_length() - 1)
            self.image_size = 1 << bits
        else:
            self.image_size = int(k**size // self.kernel_size)
        self.rank = None
        if is_prime(k):
            nullity, left = 0, self.kernel_size
            while left > 1:
                left //= k
                nullity += 1
            self.rank = size - nullity

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
            ``(k − 1)²`` overflows int64, as in :mod:`lightsout_graphs.zk`.

        Raises
        ------
        InvalidStateError
            When ``rhs`` is not a 1-D integer vector of length m·n.

        Examples
        --------
        >>> from lightsout_graphs.grids import GridChaser
        >>> GridChaser(1, 3).solve(np.array([1, 1, 1])).tolist()
        [0, 1, 0]
        """
        board = self._coerce(rhs)
        first = self._small.solve(self._small_rhs(board))
        if first is None:
            return None
        return self._flatten(self._chase(np.asarray(first), board)[:-1])

    def is_solvable(self, rhs: np.ndarray) -> bool:
        """Whether ``T x ≡ rhs (mod k)`` has a solution.

        Parameters
        ----------
        rhs : numpy.ndarray
            1-D integer vector of length m·n in row-major cell order (reduced mod k).

        Returns
        -------
        bool

        Raises
        ------
        InvalidStateError
            When ``rhs`` is not a 1-D integer vector of length m·n.

        Examples
        --------
        >>> from lightsout_graphs.grids import GridChaser
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
        :func:`lightsout_graphs.grids.nullity` unless the patterns themselves are needed.

        Returns
        -------
        list of (numpy.ndarray, int)
            Each quiet pattern (row-major, values in ``0..k-1``) with its additive order; the
            product of the orders is :attr:`kernel_size`.

        Examples
        --------
        >>> from lightsout_graphs.grids import GridChaser
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
        >>> from lightsout_graphs.grids import GridChaser
        >>> len(GridChaser(4, 4).left_kernel())
        4
        """
        return self.kernel()
