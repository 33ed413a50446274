"""Argument checks and the path polynomials shared by the grid nullity modules.

Polynomials over GF(p) are numpy arrays of coefficients, lowest degree first, trimmed of
leading zeros (the zero polynomial is empty); their arithmetic is
:mod:`lightsout_graphs.core.zk.gfp_poly`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsout_graphs.core.errors import ModulusError, require_int
from lightsout_graphs.core.zk import gfp_poly as P
from lightsout_graphs.core.zk import is_prime
from lightsout_graphs.representation.puzzle import check_rule as check_puzzle_rule

RULES = ("closed", "open")

_MODULUS_RULE = """modulus : int, default 2
    A prime p.
rule : {"closed", "open"}, default "closed"
    Whether a press changes its own light too."""

#: The docs the grid nullity functions share, by slot (see ``core._docs.fill_doc``).
GRID_DOCS = {
    "modulus_rule": _MODULUS_RULE,
    "board": f"""m, n : int
    The numbers of rows and columns, each >= 1.
{_MODULUS_RULE}""",
    "board_raises": """InvalidPuzzleError
    A side that is not an int >= 1, or an unknown rule.
ModulusError
    A modulus that is not a prime.""",
}


def check_size(value: object, name: str) -> int:
    """A side: an int >= 1, or :class:`InvalidPuzzleError` naming the argument."""
    return require_int(value, name, minimum=1)


def check_prime(modulus: object) -> int:
    """A prime modulus, or :class:`ModulusError` (nullity is a dimension over a field)."""
    k = require_int(modulus, "modulus", minimum=2, error=ModulusError)
    if not is_prime(k):
        msg = (
            f"Argument 'modulus' must be a prime, not {k}: nullity is a dimension over a field. "
            "For the number of quiet patterns over Z_k use GridChaser(m, n, k).kernel_size."
        )
        raise ModulusError(msg)
    return k


def check_rule(rule: object) -> str:
    """``"closed"`` or ``"open"``, or :class:`InvalidPuzzleError` naming the argument."""
    return check_puzzle_rule(rule, RULES)


def check_board(m: object, n: object, modulus: object, rule: object) -> tuple[int, int, int, str]:
    """``(m, n, p, rule)`` checked, as every grid nullity function takes them."""
    return check_size(m, "m"), check_size(n, "n"), check_prime(modulus), check_rule(rule)


def coefficient_dtype(p: int) -> Any:
    """int64 while products of two residues fit it comfortably, else Python ints."""
    return np.int64 if (p - 1) ** 2 < 2**62 else object


def gfp_sequence(top: int, p: int, a: int = 0, b: int = 1) -> list[np.ndarray]:
    """``[χ_0(σ), ..., χ_top(σ)]`` over GF(p) with ``σ = a + b·x``."""
    dtype = coefficient_dtype(p)
    sigma = np.array([a % p, b % p], dtype=dtype)
    seq = [np.array([1], dtype=dtype), sigma.copy()]
    for _ in range(1, top):
        prod = np.zeros(len(seq[-1]) + 1, dtype=dtype)
        prod[:-1] += seq[-1] * sigma[0]
        prod[1:] += seq[-1] * sigma[1]
        prod[: len(seq[-2])] -= seq[-2]
        seq.append(P.trim(prod % p))
    return seq[: top + 1]


def gfp_board_pair(m: int, n: int, p: int, rule: str) -> tuple[np.ndarray, np.ndarray]:
    """``χ_m(x)`` and ``χ_n(−x − c)`` over GF(p), whose gcd has the board's nullity as degree."""
    c = 1 if rule == "closed" else 0
    return gfp_sequence(m, p)[m], gfp_sequence(n, p, -c, -1)[n]
