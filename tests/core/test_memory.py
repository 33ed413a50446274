"""The memory check of the searches: one budget setting, a refusal that names what to do."""

from __future__ import annotations

import pytest

from lightsout_graphs import zk
from lightsout_graphs.core._memory import check_memory, memory_budget
from lightsout_graphs.core.errors import MemoryBudgetError


def test_the_budget_is_the_zk_setting() -> None:
    old = memory_budget()
    try:
        zk.set_memory_budget(2**20)
        assert memory_budget() == 2**20
        check_memory(2**20, "a table", "use less")  # at the budget: allowed
        with pytest.raises(MemoryBudgetError, match=r"A table needs about .* use less"):
            check_memory(2**20 + 1, "a table", "use less")
    finally:
        zk.set_memory_budget(None)  # back to the environment or the default
    assert memory_budget() == old


def test_every_search_refuses_memory_with_one_error() -> None:
    """Breadth-first searches, God's-number spectra and the factorisations all refuse an
    allocation over the budget with MemoryBudgetError, which says what was needed."""
    import lightsout_graphs as lo
    from lightsout_graphs.core.errors import MemoryBudgetError

    with pytest.raises(MemoryBudgetError, match="memory budget") as info:
        lo.depth_distribution(lo.grid(7, 7), max_states=10**30)
    assert info.value.needed > info.value.budget
    with pytest.raises(MemoryBudgetError, match=r"needs about 2\*\*99 bytes"):
        check_memory(2**99, "a table", "use less")
