"""A memory budget for searches that allocate tables: refuse before allocating, not after."""

from __future__ import annotations

from lightsout_graphs.core.errors import SearchLimitError
from lightsout_graphs.core.zk.budget import BUDGET_ENV, memory_budget

__all__ = ["check_memory", "memory_budget"]

#: The budget is the one of :mod:`lightsout_graphs.core.zk.budget`: one setting for every refusal.
BUDGET_VARIABLE = BUDGET_ENV


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
            f"memory budget of {budget / 2**30:.3g} GiB (zk.set_memory_budget or "
            f"{BUDGET_VARIABLE} change it); {route}."
        )
        raise SearchLimitError(msg)
