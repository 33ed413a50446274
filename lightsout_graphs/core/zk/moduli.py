"""The moduli the package accepts: one bound, one check and one primality test."""

from __future__ import annotations

from lightsout_graphs.core.errors import LightsOutError, ModulusError, require_int

__all__ = ["MAX_MODULUS", "check_modulus", "is_prime"]

#: Moduli must stay below this bound: toggle matrices, light chasing and sums of two residues
#: are kept in signed 64-bit integers.
MAX_MODULUS = 2**62

#: Miller–Rabin with these bases is exact below 3.3·10^24 (far above :data:`MAX_MODULUS`).
_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_EXACT_BELOW = 3_317_044_064_679_887_385_961_981


def check_modulus(
    modulus: object, *, name: str = "modulus", error: type[LightsOutError] = ModulusError
) -> int:
    """Return ``modulus`` as an int from 2 up to below :data:`MAX_MODULUS`, or raise ``error``.

    Parameters
    ----------
    modulus : object
        The argument as the caller gave it (numpy integers are accepted, ``bool`` is not).
    name : str, default "modulus"
        The argument's name, quoted in the message.
    error : type of LightsOutError, default ModulusError
        The exception class to raise (a :class:`~lightsout_graphs.Puzzle` raises
        :class:`~lightsout_graphs.core.errors.InvalidPuzzleError`).

    Returns
    -------
    int

    Raises
    ------
    LightsOutError
        ``error``, when ``modulus`` is not an int, is below 2 or not below 2**62.

    Examples
    --------
    >>> check_modulus(6)
    6
    >>> check_modulus(2**62)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.ModulusError: Argument 'modulus' must be below 2**62, not 4611686018427387904.
    """
    k = require_int(modulus, name, minimum=2, error=error)
    if k >= MAX_MODULUS:
        msg = f"Argument {name!r} must be below 2**62, not {k}."
        raise error(msg)
    return k


def is_prime(k: int) -> bool:
    """Whether the integer ``k`` is a prime.

    Exact for every int: Miller–Rabin with fixed bases below 3.3·10^24, sympy beyond.

    Parameters
    ----------
    k : int

    Returns
    -------
    bool

    Examples
    --------
    >>> [k for k in range(12) if is_prime(k)]
    [2, 3, 5, 7, 11]
    >>> is_prime(2**61 - 1), is_prime(2**62 - 1)
    (True, False)
    """
    n = require_int(k, "k", error=ModulusError)
    if n < 2:
        return False
    for p in _BASES:
        if n % p == 0:
            return n == p
    if n >= _EXACT_BELOW:
        import sympy  # imported here: it is slow to import and rarely needed

        return bool(sympy.isprime(n))
    s = ((n - 1) & (1 - n)).bit_length() - 1  # n - 1 = d · 2**s with d odd
    d = (n - 1) >> s
    for a in _BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True
