"""The nullity of a Cartesian product G □ H over GF(p) from the invariant factors of G and H.

The toggle matrix of G □ H is ``T = A_G ⊗ I + I ⊗ (A_H + c·I)``, with ``c = 1`` for the closed
rule and ``c = 0`` for the open rule. Over a field, ``T·vec(X) = vec((A_H + cI)·X + X·A_Gᵀ)``, so
the quiet patterns are the solutions X of ``(A_H + cI)·X = X·(−A_Gᵀ)``, and by Frobenius'
theorem on the commuting space of two matrices

    nullity(T) = Σ_{i,j} deg gcd(f_i(x), g_j(−x − c)),

with ``f_1 | f_2 | …`` the invariant factors of A_G and ``g_1 | g_2 | …`` those of A_H
(:mod:`lightsout_graphs.representation.products.invariants`). The cost depends on the sizes of the factors, not
on their product. The exact number of quiet patterns is ``p**nullity``.

Rook's boards K_m □ K_n have a closed form (:func:`rook_nullity`), from the eigenvalues
``m − 1`` (once) and ``−1`` (``m − 1`` times) of K_m.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import networkx as nx
import numpy as np

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import require_int
from lightsout_graphs.core.zk import gfp_poly as P
from lightsout_graphs.representation.products.invariants import (
    PRODUCT_DOCS,
    check_factor,
    check_prime,
    factor_polys,
)
from lightsout_graphs.representation.puzzle import check_rule

__all__ = [
    "hamming_nullity",
    "nullity_from_factors",
    "product_nullity",
    "rook_nullity",
]


def _shift(rule: object) -> int:
    """c: 1 for the closed rule, 0 for the open rule (any other raises, naming the argument)."""
    return 1 if check_rule(rule, ("closed", "open")) == "closed" else 0


def _rook(m: Any, n: Any, p: int, c: int) -> Any:
    """The closed form of :func:`rook_nullity`, for ints or numpy arrays of sides."""
    pm, pn = 1 * (m % p == 0), 1 * (n % p == 0)
    return (
        ((c - 2) % p == 0) * ((m - 1) * (n - 1) + pm * pn)
        + (1 - pn) * (m - 1) * ((n + c - 2) % p == 0)
        + (1 - pm) * (n - 1) * ((m + c - 2) % p == 0)
        + (1 - pm) * (1 - pn) * ((m + n + c - 2) % p == 0)
    )


def nullity_from_factors(
    left: tuple[np.ndarray, ...] | list[np.ndarray],
    right: tuple[np.ndarray, ...] | list[np.ndarray],
    p: int,
    c: int,
) -> int:
    """``Σ deg gcd(f_i(x), g_j(−x − c))`` for invariant factors given as int64 arrays.

    Equal pairs of factors are computed once (K_n has ``n − 2`` equal factors).

    Examples
    --------
    >>> chi2 = np.array([1, 0, 1])  # P_2 over GF(2): the single factor x^2 + 1 = (x + 1)^2
    >>> nullity_from_factors([chi2], [chi2], 2, 1)  # the 2×2 grid, closed rule: solvable
    0
    >>> nullity_from_factors([chi2], [chi2], 2, 0)  # open rule: gcd((x + 1)^2, (x + 1)^2)
    2
    """
    shifted: dict[bytes, np.ndarray] = {}
    done: dict[tuple[bytes, bytes], int] = {}
    total = 0
    for g in right:
        key = g.tobytes()
        if key not in shifted:
            shifted[key] = P.compose_linear(g, -c, -1, p)
    for f in left:
        fk = f.tobytes()
        for g in right:
            gk = g.tobytes()
            pair = (fk, gk)
            if pair not in done:
                done[pair] = P.gcd_degree(f, shifted[gk], p)
            total += done[pair]
    return total


def product_nullity(g: nx.Graph, h: nx.Graph, *, modulus: int = 2, rule: str = "closed") -> int:
    """The nullity of Lights Out on G □ H over GF(p), from the invariant factors of G and H.

    Parameters
    ----------
    g, h : networkx.Graph
        The factors: simple undirected graphs. Paths, cycles and complete graphs are
        recognised by their shape and use closed forms; any other factor costs a Smith form
        (about n³ polynomial operations for n nodes).
    modulus : int, default 2
        A prime p below 2**31. For a composite k there is no nullity (Z_k is not a field):
        build the puzzle with :func:`lightsout_graphs.product` and let
        :func:`lightsout_graphs.analyze` count the quiet patterns with the general engine.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.

    Returns
    -------
    int
        ``dim ker T``; G □ H has ``p**nullity`` quiet patterns.

    Raises
    ------
    InvalidPuzzleError
        A factor that is not a non-empty simple undirected graph, or an unknown rule.
    ModulusError
        A modulus that is not a prime below 2**31.

    Examples
    --------
    >>> from lightsout_graphs.representation.products import product_nullity
    >>> product_nullity(nx.path_graph(5), nx.path_graph(5))  # the classic 5×5 board
    2
    >>> product_nullity(nx.cycle_graph(5), nx.cycle_graph(5))  # the 5×5 torus
    8
    >>> product_nullity(nx.path_graph(2000), nx.petersen_graph(), modulus=3)
    6
    """
    p = check_prime(modulus)
    c = _shift(rule)
    left = factor_polys(check_factor(g, "g"), p)
    right = factor_polys(check_factor(h, "h"), p)
    return nullity_from_factors(left, right, p, c)


@functools.partial(fill_doc, docs=PRODUCT_DOCS)
def rook_nullity(m: int, n: int, *, modulus: int = 2, rule: str = "closed") -> int:
    """The nullity of the rook's board K_m □ K_n over GF(p), in closed form.

    K_m has the eigenvalues ``m − 1`` (once) and ``−1`` (``m − 1`` times); it is diagonalisable
    unless p divides m, where ``m − 1 ≡ −1`` and one Jordan block ``(x + 1)²`` appears. A
    quiet pattern pairs an eigenvalue λ of K_m with μ of K_n where ``λ + μ + c ≡ 0 (mod p)``
    (``c = 1`` closed rule, ``0`` open rule). With ``[·]`` the Iverson bracket this gives

        nullity = [p | c − 2]·((m − 1)(n − 1) + [p | m]·[p | n])
                  + [p ∤ n]·(m − 1)·[p | n + c − 2]
                  + [p ∤ m]·(n − 1)·[p | m + c − 2]
                  + [p ∤ m]·[p ∤ n]·[p | m + n + c − 2].

    For the closed rule over an odd p this reads
    ``(m − 1)·[p | n − 1] + (n − 1)·[p | m − 1] + [p | m + n − 1]`` when p divides neither side.

    Parameters
    ----------
    m, n : int
        The sides, >= 1.
    %(modulus_rule)s

    Returns
    -------
    int
        ``dim ker T`` of ``lightsout_graphs.rook(m, n, modulus=p, rule=rule)``.

    Examples
    --------
    >>> from lightsout_graphs.representation.products import rook_nullity
    >>> rook_nullity(7, 7)  # Alien Tiles 7×7 with two colours
    12
    >>> rook_nullity(7, 7, modulus=3), rook_nullity(4, 6, modulus=3, rule="open")
    (12, 0)
    """
    rows, cols = require_int(m, "m", minimum=1), require_int(n, "n", minimum=1)
    p = check_prime(modulus)
    return int(_rook(rows, cols, p, _shift(rule)))


@functools.partial(fill_doc, docs=PRODUCT_DOCS)
def hamming_nullity(d: int, q: int, *, modulus: int = 2, rule: str = "closed") -> int | None:
    """The nullity of the Hamming graph H(d, q) = K_q □ … □ K_q over GF(p), in closed form.

    When p does not divide q, K_q is diagonalisable with the eigenvalues ``q − 1`` (once) and
    ``−1`` (``q − 1`` times), so H(d, q) is diagonalisable with the eigenvalue
    ``(q − 1)(d − i) − i`` of multiplicity ``C(d, i)·(q − 1)^i``, and

        nullity = Σ_{i : p | (q − 1)·d − q·i + c} C(d, i)·(q − 1)^i.

    The hypercube Q_d = H(d, 2) over GF(2) is not diagonalisable: ``A + cI`` is
    ``(d + c)·I + Σ N_i`` with commuting ``N_i² = 0``, invertible when d + c is odd, and with
    a kernel of dimension ``2^(d−1)`` when d + c is even (write an element as ``a + n_1·b``:
    it is quiet exactly when ``a = (N_2 + … + N_d)·b``). Other cases where p divides q
    return None: :func:`product_nullity` of two smaller Hamming graphs, or the general
    engine, gives them.

    Parameters
    ----------
    d : int
        The number of factors, >= 1.
    q : int
        The size of each complete factor, >= 1.
    %(modulus_rule)s

    Returns
    -------
    int or None
        ``dim ker T`` of :func:`lightsout_graphs.hamming` ``(d, q, modulus=p, rule=rule)``,
        or None when p divides q and q > 2.

    Examples
    --------
    >>> from lightsout_graphs.representation.products import hamming_nullity
    >>> [hamming_nullity(d, 2) for d in range(1, 8)]  # hypercubes over GF(2)
    [1, 0, 4, 0, 16, 0, 64]
    >>> hamming_nullity(3, 3, modulus=2), hamming_nullity(20, 2, modulus=3)
    (14, 349525)
    >>> hamming_nullity(3, 3, modulus=3) is None
    True
    """
    length, size = require_int(d, "d", minimum=1), require_int(q, "q", minimum=1)
    p = check_prime(modulus)
    c = _shift(rule)
    if size % p:
        return sum(
            math.comb(length, i) * (size - 1) ** i
            for i in range(length + 1)
            if ((size - 1) * length - size * i + c) % p == 0
        )
    if size == 2:  # p = 2
        return 2 ** (length - 1) if (length + c) % 2 == 0 else 0
    return None
