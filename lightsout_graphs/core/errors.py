"""The exceptions of lightsout_graphs, one hierarchy under :class:`LightsOutError`.

Policy: bad input is rejected where it enters the package, with a message that names the
argument, node, position or file and the bad value. Children also derive from the matching
builtin (``ValueError``, ``TypeError``, ``ImportError``) so that generic handlers keep working.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
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
    "TimeBudgetError",
    "Unsolvable",
    "require_int",
]


class LightsOutError(Exception):
    """Base class of every exception raised by lightsout_graphs.

    Catch it to handle any refusal of the package in one place; each child also derives from
    the matching builtin (``ValueError``, ``ImportError``, ``RuntimeError``).

    Examples
    --------
    >>> from lightsout_graphs import grid
    >>> try:
    ...     grid(0, 3)
    ... except LightsOutError as err:
    ...     print(type(err).__name__, isinstance(err, ValueError))
    InvalidPuzzleError True
    """


class InvalidPuzzleError(LightsOutError, ValueError):
    """A graph, rule, modulus or pressable set that does not define a puzzle.

    Examples
    --------
    >>> import networkx as nx
    >>> from lightsout_graphs import Puzzle
    >>> try:
    ...     Puzzle(nx.path_graph(3), modulus=1)
    ... except InvalidPuzzleError as err:
    ...     print(err)
    Argument 'modulus' must be an int >= 2, not 1.
    """


class InvalidStateError(LightsOutError, ValueError):
    """A state, target or press vector that does not fit its puzzle.

    Examples
    --------
    >>> import networkx as nx
    >>> from lightsout_graphs import Puzzle, solve
    >>> try:
    ...     solve(Puzzle(nx.path_graph(3)), {9: 1})
    ... except InvalidStateError as err:
    ...     print(err)
    Argument 'state' names 9, which is not a node of the puzzle.
    """


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

    Examples
    --------
    On a path of two lights every press changes both, so their sum mod 2 never changes; one
    light on cannot be cleared, and the certificate is that sum:

    >>> import networkx as nx
    >>> from lightsout_graphs import Puzzle, solve
    >>> try:
    ...     solve(Puzzle(nx.path_graph(2)), {0: 1})
    ... except Unsolvable as err:
    ...     print(err)
    ...     print(err.certificate, err.value)
    The board cannot reach the target: ...
    {0: 1, 1: 1} 1
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
    """A catalog file that cannot be read, or that breaks the catalog schema.

    Examples
    --------
    >>> from lightsout_graphs import catalog
    >>> try:
    ...     catalog.load("no-such-puzzle")
    ... except CatalogError as err:
    ...     print(err)
    Unknown catalog puzzle 'no-such-puzzle'; known puzzles include: ...
    """


class BoardFormatError(LightsOutError, ValueError):
    """Board text that cannot be parsed; the message names the line and column.

    Examples
    --------
    >>> from lightsout_graphs import grid, parse_board
    >>> try:
    ...     parse_board(grid(2, 2), "1x\\n00")
    ... except BoardFormatError as err:
    ...     print(err)
    line 1, column 2: expected '.', '*', '0' or '1', found 'x'.
    """


class SweepSpecError(LightsOutError, ValueError):
    """A sweep specification with an unknown key, a bad range or an unknown metric.

    Examples
    --------
    >>> try:
    ...     raise SweepSpecError("Unknown metric 'nulity' in the sweep spec.")
    ... except ValueError as err:  # also a ValueError
    ...     print(type(err).__name__, err)
    SweepSpecError Unknown metric 'nulity' in the sweep spec.
    """


class SearchLimitError(LightsOutError, ValueError):
    """An exhaustive search would exceed its bound; raise the bound to go on.

    Examples
    --------
    >>> try:
    ...     raise SearchLimitError("The puzzle has 4096 quiet patterns, more than max_kernel=1024.")
    ... except SearchLimitError as err:
    ...     print(err)
    The puzzle has 4096 quiet patterns, more than max_kernel=1024.
    """


class MemoryBudgetError(LightsOutError, ValueError):
    """A computation whose estimated memory exceeds the memory budget; it was refused unstarted.

    Attributes
    ----------
    needed : int
        The estimated peak memory of the computation, in bytes.
    budget : int
        The budget it exceeds, in bytes (see :func:`lightsout_graphs.core.zk.memory_budget`).

    Examples
    --------
    >>> import networkx as nx
    >>> from lightsout_graphs import Puzzle, solve
    >>> from lightsout_graphs.core.zk import set_memory_budget
    >>> _ = set_memory_budget("1M")
    >>> try:
    ...     solve(Puzzle(nx.cycle_graph(3000), modulus=3), {})
    ... except MemoryBudgetError as err:
    ...     print(err)
    ...     print(err.needed > err.budget, err.budget)
    ... finally:
    ...     _ = set_memory_budget(None)
    This puzzle (3000 lights, modulus 3) is too large ... memory budget of 1 MiB; ...
    True 1048576
    """

    def __init__(self, message: str, needed: int, budget: int) -> None:
        super().__init__(message)
        self.needed = needed
        self.budget = budget

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.needed, self.budget))


class TimeBudgetError(LightsOutError, ValueError):
    """A computation whose estimated time exceeds the time budget; it was refused unstarted.

    Attributes
    ----------
    seconds : float
        The estimated time of the computation.
    budget : float
        The budget it exceeds, in seconds (see :func:`lightsout_graphs.core.zk.time_budget`).

    Examples
    --------
    >>> import numpy as np
    >>> from lightsout_graphs import zk
    >>> _ = zk.set_time_budget(0.001)
    >>> try:
    ...     zk.factorize(np.eye(400, dtype=np.int64), 9)
    ... except TimeBudgetError as err:
    ...     print(err.seconds > err.budget, err.budget)
    ... finally:
    ...     _ = zk.set_time_budget(None)
    True 0.001
    """

    def __init__(self, message: str, seconds: float, budget: float) -> None:
        super().__init__(message)
        self.seconds = seconds
        self.budget = budget

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.seconds, self.budget))


class MissingDependencyError(LightsOutError, ImportError):
    """An optional dependency is needed; the message names the extra to install.

    Examples
    --------
    >>> try:
    ...     raise MissingDependencyError(
    ...         "PlayWidget needs anywidget: pip install 'lightsout_graphs[widget]'."
    ...     )
    ... except ImportError as err:  # also an ImportError
    ...     print(type(err).__name__, err)
    MissingDependencyError PlayWidget needs anywidget: pip install 'lightsout_graphs[widget]'.
    """


class MatrixError(LightsOutError, ValueError):
    """A matrix that is not a 2-D array of integers.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> try:
    ...     zk.factorize([1, 0, 1], 2)
    ... except MatrixError as err:
    ...     print(err)
    Argument 'matrix' must be 2-D, not of shape (3,).
    """


class ModulusError(LightsOutError, ValueError):
    """A modulus that is not an int >= 2, or that a computation does not support.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> try:
    ...     zk.factorize([[1]], 1)
    ... except ModulusError as err:
    ...     print(err)
    Argument 'modulus' must be an int >= 2, not 1.
    """


class EngineError(LightsOutError, ValueError):
    """An unknown linear-algebra engine name, or an engine that does not handle the modulus.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> try:
    ...     zk.factorize([[1]], 3, method="gf2")
    ... except EngineError as err:
    ...     print(err)
    Engine 'gf2' works mod 2 only, not mod 3.
    """


class SweepError(LightsOutError, RuntimeError):
    """A sweep stopped because one puzzle failed; the message names the puzzle and the cause.

    Examples
    --------
    >>> try:
    ...     raise SweepError("Sweep stopped at grid 3x4: MemoryError: out of memory")
    ... except RuntimeError as err:  # also a RuntimeError
    ...     print(type(err).__name__, err)
    SweepError Sweep stopped at grid 3x4: MemoryError: out of memory
    """


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
    lightsout_graphs.core.errors.InvalidPuzzleError: Argument 'rows' must be an int, not True.
    >>> require_int(0, "rows", minimum=1)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidPuzzleError: Argument 'rows' must be an int >= 1, not 0.
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


def require_int_entries(
    values: Iterable[object], name: str, *, error: type[LightsOutError] = InvalidStateError
) -> list[int]:
    """Return the entries of a flat sequence as ``int``, or raise ``error`` naming the first bad one.

    As :func:`require_int`, ``bool`` is refused and numpy integers are accepted.
    """
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            msg = f"Argument {name!r} must hold integers; entry {i} is {v!r}."
            raise error(msg)
        out.append(int(v))
    return out


#: The longest time limit any entry point accepts, in seconds (a year): every time limit of
#: the package, and of sweep specs, is checked against it by :func:`require_seconds`.
MAX_SECONDS = 365 * 24 * 3600


def require_seconds(
    value: object, name: str = "time_limit", *, error: type[LightsOutError] = SearchLimitError
) -> float:
    """Return ``value`` as a float number of seconds in ``(0, MAX_SECONDS]``, or raise ``error``.

    Integers of any size are compared exactly (``10**400`` is refused with ``error``, not with an
    ``OverflowError``); ``bool`` is refused.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        msg = f"Argument {name!r} must be a number of seconds > 0, not {value!r}."
        raise error(msg)
    number: Any = value  # compared exactly: int with int, float with float
    if not number > 0:
        msg = f"Argument {name!r} must be a number of seconds > 0, not {_short(value)}."
        raise error(msg)
    if not number <= MAX_SECONDS:  # exact for ints of any size; refuses inf
        msg = (
            f"Argument {name!r} must be at most {MAX_SECONDS} seconds (a year), "
            f"not {_short(value)}."
        )
        raise error(msg)
    return float(value)


def _short(value: object) -> str:
    """``repr(value)``, or the first digits of a long integer and how many digits it has."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        if value.bit_length() > 13_000:  # beyond what str() converts (4300 digits)
            return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
        text = str(value)
        return f"{text[:40]}... ({len(text.lstrip('-'))} digits)"
    return repr(value)
