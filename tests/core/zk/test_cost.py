"""The one cost model: every zk engine is costed, costs add up, budgets read the same numbers."""

from __future__ import annotations

import pytest

from lightsout_graphs.core.zk import budget, cost, gfp_flint, local_flint
from lightsout_graphs.core.zk.dispatch import METHODS


def test_every_engine_that_builds_a_factorisation_has_a_model() -> None:
    built = set(METHODS) - {"auto", "crt"}
    assert built <= set(cost.MODELS)


def test_one_cost_type() -> None:
    assert gfp_flint.Cost is local_flint.Cost is cost.Cost
    assert isinstance(gfp_flint.estimate_cost((10, 10), 3), cost.Cost)


@pytest.mark.parametrize("name", sorted(cost.MODELS))
def test_costs_grow_with_the_size_and_add_up(name: str) -> None:
    q = {"gf2": 2, "gf3": 3, "z4": 4, "local": 9, "flint-local": 9}.get(name.split("-")[0], 5)
    q = 2 if name.startswith("gf2") else q
    small = cost.engine_cost((100, 100), [(name, q)])
    large = cost.engine_cost((2000, 2000), [(name, q)])
    assert 0 < small.seconds < large.seconds and 0 < small.bytes < large.bytes
    both = cost.engine_cost((100, 100), [(name, q), (name, q)])
    assert both == small + small


def test_the_budgets_read_the_model() -> None:
    engines = [("gf2-python", 2), ("flint", 3)]
    modelled = cost.engine_cost((300, 300), engines)
    assert budget.estimate_memory((300, 300), 6, engines) == modelled.bytes
    assert budget.estimate_seconds((300, 300), 6, engines) == modelled.seconds


def test_a_band_makes_sparse_work_cheaper() -> None:
    dense = cost.engine_cost((10**5, 10**5), [("gf2-packed", 2)])
    banded = cost.engine_cost((10**5, 10**5), [("gf2-packed", 2)], band=300)
    assert banded.seconds < dense.seconds / 100


def test_the_model_gives_known_costs() -> None:
    assert cost.engine_cost((2000, 2000), [("local", 9)]).seconds > 100
    assert cost.engine_cost((100, 100), [("gfp", 5)], band=10).bytes == 76800
