"""What the Z_k engines share: the :class:`~lightsout_graphs.core.zk.Factorization` methods,
written once over a few steps each engine defines (a witness of unsolvability in a reduced
right-hand side is a left-kernel combination with a non-zero dot product, or a row that cannot
be met).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsout_graphs.core.zk.protocol import Factorization

__all__ = ["EliminationSolver"]


class EliminationSolver(Factorization):
    """The methods of :class:`~lightsout_graphs.core.zk.protocol.Factorization` from six steps.

    Subclasses set the attributes of :class:`~lightsout_graphs.core.zk.protocol.Factorization`
    and define ``_prepare(rhs)`` (the checked, reduced right-hand side), ``_witness(b)``
    (``None`` exactly when ``b`` is solvable), ``_particular(b)`` (one solution of a solvable
    ``b``), ``_certify(witness)`` (the certificate vector), ``_kernel()`` and
    ``_left_kernel()`` (the generators).

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> f = zk.factorize(np.array([[1, 1], [1, 1]]), 3, method="gf3")
    >>> isinstance(f, EliminationSolver), f.solve(np.array([1, 1])).tolist()
    (True, [0, 1])
    """

    rank: int | None

    def _start(self, modulus: int, method: str, shape: tuple[int, ...]) -> None:
        self.modulus = modulus
        self.method = method
        self.shape = (int(shape[0]), int(shape[1]))

    def _field_counts(self, rank: int) -> None:
        """Rank and counts over the prime field GF(modulus)."""
        p, n = self.modulus, self.shape[1]
        self.rank = rank
        self.kernel_size = p ** (n - rank)
        self.image_size = p**rank

    def _prepare(self, rhs: np.ndarray) -> Any:
        raise NotImplementedError

    def _witness(self, b: Any) -> Any:
        raise NotImplementedError

    def _particular(self, b: Any) -> np.ndarray:
        raise NotImplementedError

    def _certify(self, witness: Any) -> np.ndarray:
        raise NotImplementedError

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        raise NotImplementedError

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        raise NotImplementedError

    def solve(self, rhs: np.ndarray) -> np.ndarray | None:
        b = self._prepare(rhs)
        return None if self._witness(b) is not None else self._particular(b)

    def is_solvable(self, rhs: np.ndarray) -> bool:
        return self._witness(self._prepare(rhs)) is None

    def certificate(self, rhs: np.ndarray) -> np.ndarray | None:
        witness = self._witness(self._prepare(rhs))
        return None if witness is None else self._certify(witness)

    def kernel(self) -> list[tuple[np.ndarray, int]]:
        return self._kernel()

    def left_kernel(self) -> list[tuple[np.ndarray, int]]:
        return self._left_kernel()


for _name in ("solve", "is_solvable", "certificate", "kernel", "left_kernel"):  # docs written once
    getattr(EliminationSolver, _name).__doc__ = getattr(Factorization, _name).__doc__
