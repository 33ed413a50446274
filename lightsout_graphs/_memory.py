"""A memory budget for searches that allocate tables: refuse before allocating, not after."""

from __future__ import annotations

import os

from lightsout_graphs.errors import SearchLimitError

__all__ = ["check_memory", "memory_budget"]

#: Environment variable that sets the budget in bytes (default: half the physical memory).
BUDGET_VARIABLE = "LIGHTSOUT_MEMORY_BUDGET"


def memory_budget() -> int:
    """The most bytes one search may allocate: ``$LIGHTSOUT_MEMORY_BUDGET`` or half of RAM.

    Returns
    -------
    int

    Examples
    --------
    >>> memory_budget() > 0
    True
    """
    value = os.environ.get(BUDGET_VARIABLE)
    if value is not None and value.strip().isdigit() and int(value) > 0:
        return int(value)
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX systems
        total = 8 * 2**30
    return max(2**28, int(total) // 2)


def check_memory(needed: int, what: str, route: str) -> None:
    """Raise :class:`SearchLimitError` when ``needed`` bytes exceed the memory budget.

    Parameters
    ----------
    needed : int
        The estimated bytes.
    what : str
        What would be allocated (for the message).
    route : str
        What the caller can do instead (for the message).

    Raises
    ------
    SearchLimitError

    Examples
    --------
    >>> check_memory(1, "a table", "nothing")
    >>> try:
    ...     check_memory(10**30, "a table of 10**30 bytes", "use a smaller puzzle")
    ... except SearchLimitError as err:
    ...     print(str(err)[:38])
    A table of 10**30 bytes needs about 8.
    """
    budget = memory_budget()
    if needed > budget:
        msg = (
            f"{what[:1].upper()}{what[1:]} needs about {needed / 2**30:.3g} GiB, more than the "
            f"memory budget of {budget / 2**30:.3g} GiB (set {BUDGET_VARIABLE} in bytes to "
            f"change it); {route}."
        )
        raise SearchLimitError(msg)
