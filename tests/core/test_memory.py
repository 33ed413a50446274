"""The memory check of the searches: one budget setting, a refusal that names what to do."""

from __future__ import annotations

import pytest

from lightsout_graphs import zk
from lightsout_graphs.core._memory import check_memory, memory_budget
from lightsout_graphs.core.errors import SearchLimitError


def test_the_budget_is_the_zk_setting() -> None:
    old = memory_budget()
    try:
        zk.set_memory_budget(2**20)
        assert memory_budget() == 2**20
        check_memory(2**20, "a table", "use less")  # at the budget: allowed
        with pytest.raises(SearchLimitError, match=r"A table needs about .* use less"):
            check_memory(2**20 + 1, "a table", "use less")
    finally:
        zk.set_memory_budget(None)  # back to the environment or the default
    assert memory_budget() == old
