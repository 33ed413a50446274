"""The nullity of a Cartesian product G □ H over GF(p) from the invariant factors of G and H.

The toggle matrix of G □ H is ``T = A_G ⊗ I + I ⊗ (A_H + c·I)``, with ``c = 1`` for the closed
rule and ``c = 0`` for the open rule. Over a field, ``T·vec(X) = vec((A_H + cI)·X + X·A_Gᵀ)``, so
the quiet patterns are the solutions X of ``(A_H + cI)·X = X·(−A_Gᵀ)``, and by Frobenius'
theorem on the commuting space of two matrices

    nullity(T) = Σ_{i,j} deg gcd(f_i(x), g_j(−x − c)),

with ``f_1 | f_2 | …`` the invariant factors of A_G and ``g_1 | g_2 | …`` those of A_H
(:mod:`lightsout_graphs.products.invariants`). The cost depends on the sizes of the factors, not
on their product. The exact number of quiet patterns is ``p**nullity``.

Rook's boards K_m □ K_n have a closed form (:func:`rook_nullity`), from the eigenvalues
``m − 1`` (once) and ``−1`` (``m − 1`` times) of K_m.
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from lightsout_graphs.errors import InvalidPuzzleError
from lightsout_graphs.products import _poly as P
from lightsout_graphs.products.invariants import check_factor, check_prime, factor_polys

__all__ = ["check_rule", "nullity_from_factors", "product_nullity", "rook_nullity"]

_RULES = ("closed", "open")


def check_rule(rule: object) -> str:
    """Return ``rule`` if it is ``"closed"`` or ``"open"``, else raise naming it."""
    if rule not in _RULES:
        msg = f"Argument 'rule' must be 'closed' or 'open', not {rule!r}."
        raise InvalidPuzzleError(msg)
    return str(rule)


def nullity_from_factors(
    left: tuple[np.ndarray, ...] | list[np.ndarray],
    right: tuple[np.ndarray, ...] | list[np.ndarray],
    p: int,
    c: int,
) -> int:
    """``Σ deg gcd(f_i(x), g_j(−x − c))`` for invariant factors given as internal arrays."""
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
    >>> import networkx as nx
    >>> from lightsout_graphs.products import product_nullity
    >>> product_nullity(nx.path_graph(5), nx.path_graph(5))  # the classic 5×5 board
    2
    >>> product_nullity(nx.cycle_graph(5), nx.cycle_graph(5))  # the 5×5 torus
    8
    >>> product_nullity(nx.path_graph(2000), nx.petersen_graph(), modulus=3)
    6
    """
    p = check_prime(modulus)
    c = 1 if check_rule(rule) == "closed" else 0
    left = factor_polys(check_factor(g, "g"), p)
    right = factor_polys(check_factor(h, "h"), p)
    return nullity_from_factors(left, right, p, c)


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
    modulus : int, default 2
        A prime p below 2**31.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.

    Returns
    -------
    int
        ``dim ker T`` of ``lightsout_graphs.rook(m, n, modulus=p, rule=rule)``.

    Examples
    --------
    >>> from lightsout_graphs.products import rook_nullity
    >>> rook_nullity(7, 7)  # Alien Tiles 7×7 with two colours
    12
    >>> rook_nullity(7, 7, modulus=3), rook_nullity(4, 6, modulus=3, rule="open")
    (12, 0)
    """
    rows = _check_side(m, "m")
    cols = _check_side(n, "n")
    p = check_prime(modulus)
    c = 1 if check_rule(rule) == "closed" else 0

    def div(v: int) -> int:
        return int(v % p == 0)

    pm, pn = div(rows), div(cols)
    return (
        div(c - 2) * ((rows - 1) * (cols - 1) + pm * pn)
        + (1 - pn) * (rows - 1) * div(cols + c - 2)
        + (1 - pm) * (cols - 1) * div(rows + c - 2)
        + (1 - pm) * (1 - pn) * div(rows + cols + c - 2)
    )


def _check_side(value: object, name: str) -> int:
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) < 1:
        msg = f"Argument {name!r} must be an int >= 1, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)
