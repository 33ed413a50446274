"""The lit-only grid table: the script's rows for small grids, recomputed, equal the stored ones."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "research" / "lit_only"


@pytest.fixture(scope="module")
def run() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lit_only_run", FOLDER / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_small_rows_are_recomputed_and_searched(run: ModuleType) -> None:
    stored = {(r["m"], r["n"]): r for r in json.loads((FOLDER / "results.json").read_text())}
    for m, n in [(1, 5), (2, 5), (3, 3), (3, 5), (4, 4), (3, 6)]:
        row = run.row(m, n)
        assert row is not None and row["checked_by"] == ["search over every board"]
        assert row["min_light_number"] == stored[(m, n)]["min_light_number"]
    assert run.row(27, 27) is None  # 2**27 cosets: left out


def test_a_disagreement_stops_the_run(run: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run.lo, "min_light_number", lambda p, max_states: 99)
    with pytest.raises(AssertionError, match="the theory says 99"):
        run.row(2, 3)
