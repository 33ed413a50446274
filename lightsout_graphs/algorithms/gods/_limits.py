"""Memory and time limits of the God's-number searches: refused before they start."""

from __future__ import annotations

import time

from lightsout_graphs.core._memory import BUDGET_VARIABLE, memory_budget
from lightsout_graphs.core.errors import MemoryBudgetError


def require_memory(needed: int, what: str, route: str) -> None:
    """Raise :class:`MemoryBudgetError` when ``needed`` bytes exceed the memory budget.

    Called before anything of that size is allocated; ``route`` says what to do instead.
    """
    budget = memory_budget()
    if needed > budget:
        size = (
            f"{needed / 2**30:.3g} GiB" if needed < 2**80 else f"2**{needed.bit_length() - 1} bytes"
        )
        msg = (
            f"{what[:1].upper()}{what[1:]} needs about {size}, more than the memory budget of "
            f"{budget / 2**30:.3g} GiB (zk.set_memory_budget or {BUDGET_VARIABLE} change it); "
            f"{route}."
        )
        raise MemoryBudgetError(msg, int(needed), int(budget))


class Clock:
    """A deadline: ``left()`` seconds remain, ``over()`` once it has passed."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.monotonic()
        self.deadline = self.start + seconds

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def over(self) -> bool:
        return time.monotonic() >= self.deadline

    def elapsed(self) -> float:
        return time.monotonic() - self.start
