"""Nullity tables of product families over every m, n <= M: grids, tori, cylinders, rook's boards.

A table needs the invariant factors of each factor graph once, then all the pairwise gcds of
:mod:`~lightsout_graphs.representation.products.formula`. Paths and cycles go further: over GF(p) every root of
their characteristic polynomials is ``ζ + ζ⁻¹`` for a root of unity ζ, so their elementary
divisors are powers of the polynomials

    ψ_e(x) = ∏ (x − ζ − ζ⁻¹)   over the primitive e-th roots of unity ζ, one of each pair {ζ, ζ⁻¹},

for e prime to p (``ψ_1 = x − 2``, ``ψ_2 = x + 2``, and degree ``φ(e)/2`` for e >= 3). Writing a
size as ``p^a·b`` with b prime to p and ``N = p^a``:

- the cycle C_n (n >= 3, ``n = N·b``) has, for every e dividing b, each irreducible factor of
  ``ψ_e`` as the elementary divisors ``π^N, π^N`` when e >= 3, and ``π^⌈N/2⌉, π^⌊N/2⌋`` when
  e <= 2 (ζ = ±1, where ``x ∓ 2 = (t ∓ 1)²/t`` ramifies);
- the path P_m (cyclic, ``2(m + 1) = N·b``) has, for every e dividing b, each irreducible factor of
  ``ψ_e`` once with the exponent N when e >= 3, and ``(N − 1)/2`` (p odd) or ``N/2 − 1`` (p = 2)
  when e <= 2. Over GF(2) this is the factorisation ``f_m = x^(2^a − 1)·h_b^(2^(a+1))`` used by
  :func:`lightsout_graphs.representation.grids.nullity_table`.

Each irreducible factor of ``ψ_e`` has the degree ``k(e)``, the least k with ``p^k ≡ ±1 (mod e)``,
and the substitution ``x ↦ −x − c`` keeps degrees, so with ``g(e, e') = deg gcd(ψ_e(x),
ψ_e'(−x − c))``

    nullity(G □ H) = Σ_{e, e'} g(e, e') · Σ_{i, j} min(β_i(e), β'_j(e')),

where β(e) and β'(e') are the exponents above, and g vanishes unless ``k(e) = k(e')``. A table
therefore takes gcds only of pairs of the same degree class, and adds each non-zero g to every
pair of sizes that holds e and e' at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.core.zk import gf2_poly as gf2
from lightsout_graphs.core.zk import gfp_poly as P
from lightsout_graphs.representation.grids.polynomials import degree_class
from lightsout_graphs.representation.grids.polynomials import nullity_table as grid_table
from lightsout_graphs.representation.products.formula import _rook, _shift
from lightsout_graphs.representation.products.invariants import check_prime

__all__ = ["FAMILIES", "MAX_TABLE_SIDE", "nullity_table"]

#: The families :func:`nullity_table` knows, and what row m × column n means for each.
FAMILIES: dict[str, str] = {
    "grid": "the m×n grid P_m □ P_n",
    "torus": "the m×n torus C_m □ C_n",
    "cylinder": "P_m □ C_n: m rows, each row a cycle of n cells",
    "rook": "the m×n rook's board K_m □ K_n (Alien Tiles)",
}

#: The largest side a table accepts: the table alone is M² int64 entries.
MAX_TABLE_SIDE = 2**14

Parts = list[tuple[int, tuple[int, ...]]]


# -- which ψ_e a factor holds, and with which exponents --------------------------------------


def _split(value: int, p: int) -> tuple[int, int]:
    """``(N, b)`` with ``value = N·b``, N a power of p and b prime to p."""
    power = 1
    while value % p == 0:
        value //= p
        power *= p
    return power, value


def _divisors(value: int) -> list[int]:
    small = [d for d in range(1, math.isqrt(value) + 1) if value % d == 0]
    return sorted({*small, *(value // d for d in small)})


def _path_parts(m: int, p: int) -> Parts:
    power, rest = _split(2 * (m + 1), p)
    parts: Parts = []
    for e in _divisors(rest):
        if e <= 2:
            size = power // 2 - 1 if p == 2 else (power - 1) // 2
            if size:
                parts.append((e, (size,)))
        else:
            parts.append((e, (power,)))
    return parts


def _cycle_parts(n: int, p: int) -> Parts:
    if n < 3:  # C_1 and C_2 are the simple graphs P_1 and P_2
        return _path_parts(n, p)
    power, rest = _split(n, p)
    parts: Parts = []
    for e in _divisors(rest):
        blocks = (power, power) if e > 2 else ((power + 1) // 2, power // 2)
        parts.append((e, tuple(b for b in blocks if b)))
    return parts


_PARTS: dict[str, Callable[[int, int], Parts]] = {"path": _path_parts, "cycle": _cycle_parts}
_SIDES = {
    "grid": ("path", "path"),
    "torus": ("cycle", "cycle"),
    "cycle": ("cycle", "cycle"),
    "cylinder": ("path", "cycle"),
}


def _index(kind: str, size: int, p: int) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """e -> (0-based sizes holding ψ_e, their exponents padded to 2 columns)."""
    rows: dict[int, list[int]] = {}
    blocks: dict[int, list[tuple[int, int]]] = {}
    for m in range(1, size + 1):
        for e, exps in _PARTS[kind](m, p):
            rows.setdefault(e, []).append(m - 1)
            blocks.setdefault(e, []).append((exps[0], exps[1] if len(exps) > 1 else 0))
    return {
        e: (np.array(rows[e], dtype=np.int64), np.array(blocks[e], dtype=np.int64)) for e in rows
    }


# -- the polynomials ψ_e and their gcds --------------------------------------------------------


class _Psi:
    """ψ_e over GF(p) for the e needed, by exact division; gf2 ints for p = 2, arrays else."""

    def __init__(self, needed: Iterable[int], p: int, c: int) -> None:
        self.p = p
        self.c = c
        wanted = sorted(set(needed))
        self.psi: dict[int, Any] = {}
        self.shifted: dict[int, Any] = {}
        top = max(wanted, default=2)
        if p == 2:
            f = [0, *gf2.path_polynomials(top // 2 + 1)]  # f[j + 1] = f_j, f[0] = f_{-1}
        else:
            chi = P.path_polys(top // 2 + 1, p)
        proper: dict[int, list[int]] = {e: [] for e in wanted}
        for d in wanted:
            if d >= 3:
                for e in range(2 * d, top + 1, d):
                    if e in proper:
                        proper[e].append(d)
        for e in wanted:
            if p == 2:
                value: Any = 2 if e == 1 else f[e // 2 + 1] ^ f[e // 2]
                for d in proper[e]:
                    value = gf2.exact_divide(value, self.psi[d])
                self.psi[e] = value
                self.shifted[e] = gf2.taylor_shift_one(value) if c else value
                continue
            if e <= 2:
                value = P.poly([-2 if e == 1 else 2, 1], p)
            elif e % 2:
                j = (e - 1) // 2
                value = P.sub(chi[j], -chi[j - 1] % p, p)
            else:
                value = chi[e // 2 - 1]
            for d in proper[e]:
                value = P.exact_div(value, self.psi[d], p)
            self.psi[e] = value
            self.shifted[e] = P.compose_linear(value, -c, -1, p)
        self._gcd: dict[tuple[int, int], int] = {}

    def gcd_degree(self, e: int, e2: int) -> int:
        """``deg gcd(ψ_e(x), ψ_e2(−x − c))``; symmetric in e and e2."""
        key = (e, e2) if e <= e2 else (e2, e)
        if key not in self._gcd:
            a, b = self.psi[key[0]], self.shifted[key[1]]
            if self.p == 2:
                self._gcd[key] = gf2.degree(gf2.gcd(a, b))
            else:
                self._gcd[key] = P.gcd_degree(a, b, self.p)
        return self._gcd[key]


def _product_table(size: int, left: str, right: str, p: int, c: int, progress: bool) -> np.ndarray:
    rows = _index(left, size, p)
    cols = _index(right, size, p)
    psi = _Psi([*rows, *cols], p, c)
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for e in rows:
        groups.setdefault(degree_class(e, p), ([], []))[0].append(e)
    for e in cols:
        groups.setdefault(degree_class(e, p), ([], []))[1].append(e)
    out = np.zeros((size, size), dtype=np.int64)
    items: Iterable[tuple[list[int], list[int]]] = groups.values()
    if progress:
        from tqdm.auto import tqdm

        items = tqdm(list(items), desc=f"GF({p}) gcds by factor degree", unit="group")
    for row_es, col_es in items:
        for e in row_es:
            r_idx, r_blocks = rows[e]
            for e2 in col_es:
                g = psi.gcd_degree(e, e2)
                if not g:
                    continue
                c_idx, c_blocks = cols[e2]
                weight = np.zeros((len(r_idx), len(c_idx)), dtype=np.int64)
                for i in range(2):
                    for j in range(2):
                        weight += np.minimum(r_blocks[:, i, None], c_blocks[None, :, j])
                out[np.ix_(r_idx, c_idx)] += g * weight
    return out


def nullity_table(
    M: int,
    *,
    family: str = "grid",
    modulus: int = 2,
    rule: str = "closed",
    progress: bool = False,
) -> np.ndarray:
    """The nullity over GF(p) of every board m×n of a product family, for 1 <= m, n <= M.

    Parameters
    ----------
    M : int
        The largest side, from 1 to :data:`MAX_TABLE_SIDE`.
    family : {"grid", "torus", "cylinder", "rook"}, default "grid"
        ``grid``: P_m □ P_n (:func:`lightsout_graphs.representation.grids.nullity_table`); ``torus``:
        C_m □ C_n (:func:`lightsout_graphs.torus`); ``cylinder``: P_m □ C_n, m rows that each
        wrap around (:func:`lightsout_graphs.cylinder`); ``rook``: K_m □ K_n
        (:func:`lightsout_graphs.rook`).
    modulus : int, default 2
        A prime p (below 2**31 except for grids). For a composite k there is no nullity; count
        the quiet patterns of each board with :func:`lightsout_graphs.analyze` (the general
        engine) instead.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.
    progress : bool, default False
        Show a tqdm progress bar over the degree classes.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(M, M)``; entry ``[m - 1, n - 1]`` is the nullity of the board with m
        rows and n columns. The board has ``p**nullity`` quiet patterns.

    Raises
    ------
    InvalidPuzzleError
        A bad M, an unknown family or rule.
    ModulusError
        A modulus that is not a prime below 2**31.

    See Also
    --------
    lightsout_graphs.representation.products.product_nullity : one product of any two graphs.

    Notes
    -----
    Tori, cylinders and grids over an odd prime use the factorisation into the ψ_e of the module
    notes: one gcd per pair of ψ of equal degree class, then strided additions (grids over
    GF(2) keep the grid table of :func:`lightsout_graphs.representation.grids.nullity_table`). Over GF(2) the torus table up to 1024
    takes about a second; over GF(3) the table up to 256 a fraction of one. Rook's boards use
    the closed form of :func:`~lightsout_graphs.representation.products.rook_nullity`.

    Examples
    --------
    >>> from lightsout_graphs.representation.products import nullity_table
    >>> t = nullity_table(6, family="torus")
    >>> t
    array([[0, 1, 2, 0, 0, 2],
           [1, 0, 1, 4, 1, 2],
           [2, 1, 4, 4, 2, 6],
           [0, 4, 4, 0, 0, 8],
           [0, 1, 2, 0, 8, 2],
           [2, 2, 6, 8, 2, 8]])
    >>> int(t[5 - 1, 5 - 1])  # the 5×5 torus
    8
    >>> int(nullity_table(5, family="cylinder", modulus=3)[4, 4])
    1
    >>> int(nullity_table(7, family="rook")[6, 6])  # Alien Tiles, two colours
    12
    """
    size = require_int(M, "M", minimum=1)
    if size > MAX_TABLE_SIDE:
        msg = (
            f"Argument 'M' must be at most {MAX_TABLE_SIDE} (the table alone would hold "
            f"{size}² entries), not {size}."
        )
        raise InvalidPuzzleError(msg)
    c = _shift(rule)
    if family == "grid" and (
        isinstance(modulus, bool)
        or not isinstance(modulus, int)
        or modulus == 2
        or modulus >= 2**31
    ):  # GF(2) and huge primes: the grid table has its own engine
        return grid_table(size, modulus=modulus, rule=rule, progress=progress)
    p = check_prime(modulus)
    if family == "rook":
        sides = np.arange(1, size + 1, dtype=np.int64)
        return np.asarray(_rook(sides[:, None], sides[None, :], p, c), dtype=np.int64)
    if family not in ("grid", "torus", "cylinder"):
        msg = f"Argument 'family' must be one of {', '.join(FAMILIES)}, not {family!r}."
        raise InvalidPuzzleError(msg)
    left, right = _SIDES[family]
    return _product_table(size, left, right, p, c, progress)
