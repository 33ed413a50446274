"""Earlier names and old module paths still work, each with a DeprecationWarning."""

from __future__ import annotations

import importlib

import pytest

import lightsout_graphs as lo
from lightsout_graphs import gods
from lightsout_graphs.algorithms.gods import coset
from lightsout_graphs.core._deprecation import MOVED_MODULES

MOVED = [
    ("depth", "depth_distribution", gods),
    ("depth", "gods_number", gods),
    ("depth", "DEFAULT_MAX_STATES", gods),
    ("covering", "gods_number_bounds", gods),
    ("covering", "GodsNumber", gods),
    ("covering_gf2", "walsh_spectrum", gods),
    ("covering_gf2", "covering_radius_bounds", gods),
    ("covering_gf2", "averaging_bound", gods),
    ("covering_gf2", "CoveringBounds", gods),
    ("covering_gf2", "MAX_DIMENSION", gods),
    ("coset", "group_coset", coset),
    ("coset", "press_counts", coset),
    ("coset", "split_minimum", coset),
    ("coset", "CosetGroups", coset),
    ("coset", "SplitSearch", coset),
    ("coset", "generator_columns", coset),
]


@pytest.mark.parametrize(("module", "name", "home"), MOVED)
def test_old_names_warn_and_forward(module: str, name: str, home: object) -> None:
    old = importlib.import_module(f"lightsout_graphs.{module}")
    with pytest.warns(DeprecationWarning, match=f"lightsout_graphs.{module}.{name} is deprecated"):
        value = getattr(old, name)
    assert value is getattr(home, name)


def test_from_import_warns_every_time() -> None:
    for _ in range(2):
        with pytest.warns(DeprecationWarning, match="use lightsout_graphs.gods_number instead"):
            from lightsout_graphs.depth import gods_number
    assert gods_number(lo.grid(3, 3)) == 9


def test_unknown_names_are_attribute_errors() -> None:
    from lightsout_graphs import depth

    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        _ = depth.nothing  # type: ignore[attr-defined]


def test_the_top_level_names_do_not_warn(recwarn: pytest.WarningsRecorder) -> None:
    assert lo.gods_number is gods.gods_number and lo.depth_distribution is gods.depth_distribution
    assert lo.gods_number_bounds is gods.gods_number_bounds and lo.GodsNumber is gods.GodsNumber
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning)]


@pytest.mark.parametrize(
    ("module", "name", "advice"),
    [
        ("counts", "count_text", "the public API"),
        ("describe", "puzzle_label", "the public API"),
        ("labels", "LatticeNodes", "the public API"),
        ("states", "reduce_mod", "the public API"),
        ("puzzle_info", "PuzzleInfo", "lightsout_graphs.PuzzleInfo"),
    ],
)
def test_private_helpers_keep_their_old_paths(module: str, name: str, advice: str) -> None:
    """Implementation modules became private; their old paths still import, with a warning
    that points to the public name where there is one."""
    old = importlib.import_module(f"lightsout_graphs.{module}")
    with pytest.warns(DeprecationWarning, match=f"use {advice}"):
        value = getattr(old, name)
    assert value is getattr(
        importlib.import_module(MOVED_MODULES[f"lightsout_graphs.{module}"]), name
    )
