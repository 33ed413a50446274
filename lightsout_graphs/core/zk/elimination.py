"""What the elimination engines share: solve, test and certify from one reduced right-hand side.

Each engine reduces a right-hand side once (:meth:`EliminationSolver._prepare`), finds a
witness of unsolvability in it, if any (:meth:`EliminationSolver._witness`: a left-kernel
combination with a non-zero dot product, or a row that cannot be met), and turns the reduced
side into a particular solution or the witness into a certificate.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsout_graphs.core.zk._common import solve_doc

__all__ = ["EliminationSolver"]


class EliminationSolver:
    """``solve``, ``is_solvable`` and ``certificate`` of a factorisation, from four steps.

    Subclasses define ``_prepare(rhs)`` (the checked, reduced right-hand side),
    ``_witness(b)`` (``None`` exactly when ``b`` is solvable), ``_particular(b)`` (one
    solution of a solvable ``b``) and ``_certify(witness)`` (the certificate vector).

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> f = zk.factorize(np.array([[1, 1], [1, 1]]), 3, method="gf3")
    >>> isinstance(f, EliminationSolver), f.solve(np.array([1, 1])).tolist()
    (True, [0, 1])
    """

    shape: tuple[int, int]

    def _prepare(self, rhs: np.ndarray) -> Any:
        raise NotImplementedError

    def _witness(self, b: Any) -> Any:
        raise NotImplementedError

    def _particular(self, b: Any) -> np.ndarray:
        raise NotImplementedError

    def _certify(self, witness: Any) -> np.ndarray:
        raise NotImplementedError

    @solve_doc()
    def solve(self, rhs: np.ndarray) -> np.ndarray | None:
        """One x with ``A x ≡ rhs (mod k)``, or ``None`` when there is none.

        Parameters
        ----------
        rhs : numpy.ndarray
            An integer vector of length m (reduced mod k).

        Returns
        -------
        numpy.ndarray or None

        %(raises)s

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> zk.factorize(np.array([[1, 2], [0, 1]]), 5, method="gfp").solve([1, 1]).tolist()
        [4, 1]
        """
        b = self._prepare(rhs)
        if self._witness(b) is not None:
            return None
        return self._particular(b)

    def is_solvable(self, rhs: np.ndarray) -> bool:
        """Whether ``A x ≡ rhs (mod k)`` has a solution.

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> zk.factorize(np.array([[2, 0]]), 4, method="local").is_solvable([1])
        False
        """
        return self._witness(self._prepare(rhs)) is None

    def certificate(self, rhs: np.ndarray) -> np.ndarray | None:
        """A y with ``yᵀA ≡ 0`` and ``y·rhs ≢ 0``; ``None`` exactly when rhs is solvable.

        Examples
        --------
        >>> from lightsout_graphs import zk
        >>> zk.factorize(np.array([[1], [1]]), 2, method="gf2-python").certificate([1, 0])
        array([1, 1])
        """
        witness = self._witness(self._prepare(rhs))
        return None if witness is None else self._certify(witness)
