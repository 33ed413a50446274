"""Linear algebra over Z_k for composite k, through the Chinese remainder theorem."""

# Method: factor k = q_1 ⋯ q_s into prime powers (trial division, sympy.factorint for large k)
# and factorise A mod each q_j with the prime-power engines. Z_k splits as the product of the
# Z/q_j, so A x ≡ b (mod k) is solvable iff it is mod every q_j, and the component solutions
# recombine by the CRT. A component vector v embeds as E_j·v mod k with E_j ≡ 1 (mod q_j),
# ≡ 0 (mod the other q_i): kernel and left-kernel generators keep their orders and together form
# a direct sum; the i-th largest generators of all components are summed into one (coprime
# orders multiply), and an embedded component certificate is still a certificate. Counts
# multiply.

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.errors import ModulusError, require_int
from lightsout_graphs.core.zk._common import coerce_vector, embed_crt, vector_dtype
from lightsout_graphs.core.zk.elimination import EliminationSolver

__all__ = ["CRTFactorization", "prime_power_parts"]


def prime_power_parts(modulus: int) -> list[tuple[int, int]]:
    """The prime-power factors of ``modulus`` as ``(p, e)`` pairs, by increasing p.

    Examples
    --------
    >>> prime_power_parts(360)
    [(2, 3), (3, 2), (5, 1)]
    """
    k = require_int(modulus, "modulus", minimum=1, error=ModulusError)
    if k < _TRIAL_LIMIT:  # trial division, without importing sympy
        parts = []
        p = 2
        while p * p <= k:
            if k % p == 0:
                e = 0
                while k % p == 0:
                    k //= p
                    e += 1
                parts.append((p, e))
            p += 1 if p == 2 else 2
        if k > 1:
            parts.append((k, 1))
        return parts
    import sympy  # imported here: it is slow to import and rarely needed

    return sorted((int(p), int(e)) for p, e in sympy.factorint(k).items())


#: Moduli below this are factored by trial division.
_TRIAL_LIMIT = 1 << 24


class CRTFactorization(EliminationSolver):
    """A matrix over Z_k factorised separately modulo each prime-power factor of k (a
    :class:`.Factorization`; ``rank`` is ``None`` unless k is prime).

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix with entries in ``0..k-1``.
    modulus : int
        k >= 2 (any k; a prime power gives a single component).
    component : callable
        ``component(matrix, p, e)`` returns a factorisation of ``matrix`` over ``Z/p^e`` (an
        :class:`~lightsout_graphs.core.zk.elimination.EliminationSolver`).

    Attributes
    ----------
    components : list of EliminationSolver
        The factorisation modulo each prime power, in the order of :func:`prime_power_parts`.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> from lightsout_graphs.core.zk import factorize
    >>> f = factorize(np.array([[2, 3], [0, 2]]), 6, method="crt")
    >>> f.kernel_size, [c.modulus for c in f.components]
    (2, [2, 3])
    >>> f.solve(np.array([1, 2]))
    array([2, 1])
    """

    def __init__(
        self,
        matrix: sp.csr_array,
        modulus: int,
        component: Callable[[sp.csr_array, int, int], EliminationSolver],
    ) -> None:
        k = int(modulus)
        self._start(k, "crt", matrix.shape)
        m, n = self.shape
        parts = prime_power_parts(k)
        self.components: list[EliminationSolver] = []
        self._embed: list[int] = []
        for p, e in parts:
            q = p**e
            sub = sp.csr_array(
                (matrix.data % q, matrix.indices.copy(), matrix.indptr.copy()), shape=(m, n)
            )
            sub.eliminate_zeros()
            self.components.append(component(sub, p, e))
            rest = k // q
            self._embed.append(rest * pow(rest, -1, q) % k)
        single_prime = len(parts) == 1 and parts[0][1] == 1
        self.rank = self.components[0].rank if single_prime else None
        self.kernel_size = math.prod(comp.kernel_size for comp in self.components)
        self.image_size = math.prod(comp.image_size for comp in self.components)

    def _prepare(self, rhs: np.ndarray) -> list[object]:
        """Each component's reduced right-hand side."""
        b = coerce_vector(rhs, self.shape[0], self.modulus)
        return [
            c._prepare(np.array([int(v) % c.modulus for v in b], dtype=vector_dtype(c.modulus)))
            for c in self.components
        ]

    def _witness(self, parts: list[object]) -> tuple[int, object] | None:
        found = (c._witness(b) for c, b in zip(self.components, parts, strict=True))
        return next(((i, w) for i, w in enumerate(found) if w is not None), None)

    def _particular(self, parts: list[object]) -> np.ndarray:
        total = [0] * self.shape[1]
        for comp, factor, b in zip(self.components, self._embed, parts, strict=True):
            for i, v in enumerate(comp._particular(b)):
                total[i] += int(v) * factor
        k = self.modulus
        return np.array([v % k for v in total], dtype=vector_dtype(k)).reshape(self.shape[1])

    def _certify(self, witness: tuple[int, object]) -> np.ndarray:
        i, w = witness
        return embed_crt(self.components[i]._certify(w), self._embed[i], self.modulus)

    def _merged(self, lists: list[list[tuple[np.ndarray, int]]]) -> list[tuple[np.ndarray, int]]:
        # The i-th largest generator of every component sum into one generator: their orders
        # are coprime, so the sum's order is their product and the sum stays direct. This gives
        # the invariant-factor form (each order divides the one before).
        k = self.modulus
        ranked = [sorted(gens, key=lambda go: -go[1]) for gens in lists]
        out = []
        for i in range(max((len(r) for r in ranked), default=0)):
            terms = [(g[i], f) for g, f in zip(ranked, self._embed, strict=True) if i < len(g)]
            total = np.sum([embed_crt(g, f, k).astype(object) for (g, _), f in terms], axis=0)
            vec = np.array([int(v) % k for v in total], dtype=vector_dtype(k))
            out.append((vec.reshape(len(total)), math.prod(o for (_, o), _ in terms)))
        return out

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        """Orders decreasing, each dividing the one before (invariant-factor form)."""
        return self._merged([comp.kernel() for comp in self.components])

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        return self._merged([comp.left_kernel() for comp in self.components])
