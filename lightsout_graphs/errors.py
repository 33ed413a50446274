"""The exceptions of lightsout_graphs, one hierarchy under :class:`LightsOutError`.

Policy: bad input is rejected where it enters the package, with a message that names the
argument, node, position or file and the bad value. Children also derive from the matching
builtin (``ValueError``, ``TypeError``, ``ImportError``) so that generic handlers keep working.
"""

from __future__ import annotations

import numbers
from typing import Any

__all__ = [
    "BoardFormatError",
    "CatalogError",
    "EngineError",
    "InvalidPuzzleError",
    "InvalidStateError",
    "LightsOutError",
    "MatrixError",
    "MemoryBudgetError",
    "MissingDependencyError",
    "ModulusError",
    "SearchLimitError",
    "SweepError",
    "SweepSpecError",
    "Unsolvable",
    "require_int",
]


class LightsOutError(Exception):
    """Base class of every exception raised by lightsout_graphs."""


class InvalidPuzzleError(LightsOutError, ValueError):
    """A graph, rule, modulus or pressable set that does not define a puzzle."""


class InvalidStateError(LightsOutError, ValueError):
    """A state, target or press vector that does not fit its puzzle."""


class Unsolvable(LightsOutError, ValueError):
    """No presses take the board to the target.

    Attributes
    ----------
    certificate : dict
        A parity check ``y`` (node -> coefficient) with ``yᵀT ≡ 0`` and
        ``y·(target − state) ≢ 0 (mod k)``: every press leaves ``y·state`` unchanged, and the
        board and the target disagree on it.
    value : int
        ``y·(target − state) mod k``, the amount by which the board violates the check.
    """

    def __init__(self, message: str, certificate: dict[Any, int], value: int) -> None:
        super().__init__(message)
        self.certificate = certificate
        self.value = value

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuild from all three arguments: the default rebuilds from ``args`` (the message only),
        # so pickling (Dask, multiprocessing) would fail.
        return (type(self), (str(self), self.certificate, self.value))


class CatalogError(LightsOutError, ValueError):
    """A catalog file that cannot be read, or that breaks the catalog schema."""


class BoardFormatError(LightsOutError, ValueError):
    """Board text that cannot be parsed; the message names the line and column."""


class SweepSpecError(LightsOutError, ValueError):
    """A sweep specification with an unknown key, a bad range or an unknown metric."""


class SearchLimitError(LightsOutError, ValueError):
    """An exhaustive search would exceed its bound; raise the bound to go on."""


class MemoryBudgetError(LightsOutError, ValueError):
    """A computation whose estimated memory exceeds the memory budget; it was refused unstarted.

    Attributes
    ----------
    needed : int
        The estimated peak memory of the computation, in bytes.
    budget : int
        The budget it exceeds, in bytes (see :func:`lightsout_graphs.zk.memory_budget`).
    """

    def __init__(self, message: str, needed: int, budget: int) -> None:
        super().__init__(message)
        self.needed = needed
        self.budget = budget

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.needed, self.budget))


class MissingDependencyError(LightsOutError, ImportError):
    """An optional dependency is needed; the message names the extra to install."""


class MatrixError(LightsOutError, ValueError):
    """A matrix that is not a 2-D array of integers."""


class ModulusError(LightsOutError, ValueError):
    """A modulus that is not an int >= 2, or that a computation does not support."""


class EngineError(LightsOutError, ValueError):
    """An unknown linear-algebra engine name, or an engine that does not handle the modulus."""


class SweepError(LightsOutError, RuntimeError):
    """A sweep stopped because one puzzle failed; the message names the puzzle and the cause."""


def require_int(
    value: object,
    name: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    error: type[LightsOutError] = InvalidPuzzleError,
) -> int:
    """Return ``value`` as an ``int``, or raise ``error`` naming the argument and the bad value.

    ``bool`` is refused (``True`` is an ``Integral`` but never a count); numpy integers are
    accepted.

    Parameters
    ----------
    value : object
        The argument as the caller gave it.
    name : str
        The argument's name, quoted in the message.
    minimum, maximum : int, optional
        Inclusive bounds.
    error : type of LightsOutError
        The exception class to raise (default :class:`InvalidPuzzleError`).

    Returns
    -------
    int
        ``value`` as a Python int.

    Raises
    ------
    LightsOutError
        ``error``, when ``value`` is not an integer or lies outside the bounds.

    Examples
    --------
    >>> require_int(5, "rows", minimum=1)
    5
    >>> require_int(True, "rows")
    Traceback (most recent call last):
    ...
    lightsout_graphs.errors.InvalidPuzzleError: Argument 'rows' must be an int, not True.
    >>> require_int(0, "rows", minimum=1)
    Traceback (most recent call last):
    ...
    lightsout_graphs.errors.InvalidPuzzleError: Argument 'rows' must be an int >= 1, not 0.
    """
    if minimum is not None and maximum is not None:
        wanted = f"an int in {minimum}..{maximum}"
    elif minimum is not None:
        wanted = f"an int >= {minimum}"
    elif maximum is not None:
        wanted = f"an int <= {maximum}"
    else:
        wanted = "an int"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"Argument {name!r} must be {wanted}, not {value!r}."
        raise error(msg)
    out = int(value)
    if (minimum is not None and out < minimum) or (maximum is not None and out > maximum):
        msg = f"Argument {name!r} must be {wanted}, not {out}."
        raise error(msg)
    return out
