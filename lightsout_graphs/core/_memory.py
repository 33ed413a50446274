"""The one memory check of the searches that allocate tables: refuse before allocating."""

from __future__ import annotations

from lightsout_graphs.core.errors import MemoryBudgetError
from lightsout_graphs.core.zk.budget import BUDGET_ENV, memory_budget


def check_memory(needed: int, what: str, route: str) -> None:
    """Raise :class:`MemoryBudgetError` when ``needed`` bytes exceed the memory budget.

    Called before anything of that size is allocated, by every search that builds a table
    (breadth-first searches, God's-number spectra, symmetries, lit-only searches).

    The message names ``what`` would be allocated and the ``route`` the caller can take
    instead; the error carries the estimate and the budget.
    """
    budget = memory_budget()
    if needed > budget:
        size = (
            f"{needed / 2**30:.3g} GiB" if needed < 2**80 else f"2**{needed.bit_length() - 1} bytes"
        )
        msg = (
            f"{what[:1].upper()}{what[1:]} needs about {size}, more than the memory budget of "
            f"{budget / 2**30:.3g} GiB (zk.set_memory_budget or {BUDGET_ENV} change it); "
            f"{route}."
        )
        raise MemoryBudgetError(msg, int(needed), int(budget))
