"""The interface every Z_k engine offers: a factorised matrix that solves, counts and certifies."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["Factorization"]


@runtime_checkable
class Factorization(Protocol):
    """A matrix ``A`` (m × n) over Z_k, factorised once to answer many questions.

    Vectors are 1-D numpy integer arrays with entries in ``0..k-1`` (dtype ``int64``, or
    ``object`` holding Python ints when k is too large for 64-bit products).

    Attributes
    ----------
    modulus : int
        k.
    method : str
        The engine that built it, one of :data:`lightsout_graphs.core.zk.METHODS` other than
        ``auto`` and ``gf2`` (a reordering wrapper names its inner engine). The grid engines
        of :mod:`lightsout_graphs.representation.grids` say ``"chasing"`` or ``"wrapped-chasing"``.
    shape : tuple of int
        ``(m, n)``: m equations (lights), n unknowns (presses).
    rank : int or None
        The rank when k is prime, else ``None`` (rank is not well defined over a ring).
    kernel_size : int
        The number of x with ``A x ≡ 0``, an exact Python int.
    image_size : int
        The number of right-hand sides b for which ``A x ≡ b`` is solvable.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> f = zk.factorize(np.array([[1, 1], [1, 1]]), 2)
    >>> isinstance(f, Factorization), f.method, f.rank
    (True, 'gf2-python', 1)
    """

    modulus: int
    method: str
    shape: tuple[int, int]
    rank: int | None
    kernel_size: int
    image_size: int

    def solve(self, rhs: np.ndarray) -> np.ndarray | None:
        """One x with ``A x ≡ rhs (mod k)``, or ``None`` when there is none.

        Raises
        ------
        InvalidStateError
            If ``rhs`` is not an integer vector of length m.

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> a = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
        >>> f = zk.factorize(a, 2)
        >>> x = f.solve(np.array([1, 0, 1]))
        >>> (a @ x % 2).tolist()
        [1, 0, 1]
        >>> f.solve(np.array([1, 0, 0])) is None
        True
        """
        ...

    def is_solvable(self, rhs: np.ndarray) -> bool:
        """Whether ``A x ≡ rhs (mod k)`` has a solution.

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> f = zk.factorize(np.array([[1, 1], [1, 1]]), 3)
        >>> f.is_solvable(np.array([2, 2])), f.is_solvable(np.array([1, 2]))
        (True, False)
        """
        ...

    def certificate(self, rhs: np.ndarray) -> np.ndarray | None:
        """A y with ``yᵀA ≡ 0`` and ``y·rhs ≢ 0``; ``None`` exactly when rhs is solvable.

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> a = np.array([[1, 1], [1, 1]])
        >>> f = zk.factorize(a, 3)
        >>> y = f.certificate(np.array([1, 2]))
        >>> (y @ a % 3).tolist(), int(y @ np.array([1, 2]) % 3) != 0
        ([0, 0], True)
        >>> f.certificate(np.array([2, 2])) is None
        True
        """
        ...

    def kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators ``(g, order)`` of ``{x : A x ≡ 0}``.

        The kernel is the internal direct sum of the cyclic groups ``<g>``, so the product of
        the orders equals ``kernel_size`` and every kernel element is ``Σ c_i g_i`` with
        ``0 <= c_i < order_i`` in exactly one way.

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> a = np.array([[2, 0], [0, 1]])
        >>> f = zk.factorize(a, 4)
        >>> [(g.tolist(), order) for g, order in f.kernel()]
        [([2, 0], 2)]
        >>> f.kernel_size
        2
        """
        ...

    def left_kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators ``(y, order)`` of ``{y : yᵀA ≡ 0}``, a direct sum as for :meth:`kernel`.

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> a = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
        >>> f = zk.factorize(a, 2)
        >>> [(y.tolist(), order) for y, order in f.left_kernel()]
        [([1, 1, 1], 2)]
        """
        ...
