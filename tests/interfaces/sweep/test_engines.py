"""Fast family engines give the same tables as the per-board path; the manifest names them."""

from __future__ import annotations

import tempfile
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.interfaces.sweep import engines, load_spec, read_results, run
from lightsout_graphs.interfaces.sweep.store import read_manifest
from tests.interfaces.sweep.examples import run_examples

FAST = ["edges", "rank", "nullity", "kernel_size", "all_solvable", "solvable_fraction"]


def per_board(spec: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> pd.DataFrame:
    real = engines.column_engines

    def general(s: Any) -> dict[str, dict[str, str]]:
        return {m: dict.fromkeys(c, "general") for m, c in real(s).items()}

    with monkeypatch.context() as mp:
        mp.setattr(engines, "column_engines", general)
        return read_results(run(spec, tempfile.mkdtemp(), workers=1, progress=False))


@settings(max_examples=20, deadline=None)
@given(
    m=st.tuples(st.integers(1, 9), st.integers(0, 4)),
    n=st.tuples(st.integers(1, 9), st.integers(0, 4)),
    moduli=st.lists(st.sampled_from([2, 3, 4, 5, 6]), min_size=1, max_size=2, unique=True),
    rules=st.lists(st.sampled_from(["closed", "open"]), min_size=1, max_size=2, unique=True),
    all_on=st.booleans(),
    family=st.sampled_from(["grid", "torus", "cylinder", "rook"]),
)
def test_fast_family_paths_equal_the_per_board_path(
    family: str,
    m: tuple[int, int],
    n: tuple[int, int],
    moduli: list[int],
    rules: list[str],
    all_on: bool,
) -> None:
    monkeypatch = pytest.MonkeyPatch()
    spec = {
        "family": family,
        "params": {"m": f"{m[0]}..{m[0] + m[1]}", "n": f"{n[0]}..{n[0] + n[1]}"},
        "moduli": moduli,
        "rules": rules,
        "metrics": FAST + (["all_on_solvable"] if all_on else []),
        "chunk_size": 7,
    }
    fast = read_results(run(spec, tempfile.mkdtemp(), workers=1, progress=False))
    pd.testing.assert_frame_equal(fast, per_board(spec, monkeypatch))


def test_the_manifest_records_the_engine_of_each_column(tmp_path: Any) -> None:
    spec = {
        "family": "grid",
        "params": {"m": "1..3", "n": "1..3"},
        "moduli": [2, 4],
        "metrics": ["nullity", "all_on_solvable", "lightest_quiet_pattern"],
    }
    manifest = read_manifest(run(spec, tmp_path, workers=1, progress=False))
    assert manifest["engines"] == {
        "nullity": {"2/closed": "table", "4/closed": "general"},
        "all_on_solvable": {"2/closed": "chasing", "4/closed": "chasing"},
        "lightest_quiet_pattern": {"2/closed": "search", "4/closed": "search"},
    }


def test_odd_prime_tables_stop_at_their_limit_and_streams_say_compiled() -> None:
    big = load_spec(
        {
            "family": "grid",
            "params": {"m": "1..3000", "n": 3},
            "moduli": [2, 3, 4],
            "metrics": ["nullity"],
        }
    )
    assert engines.column_engines(big)["nullity"] == {
        "2/closed": "table",
        "3/closed": "general",  # beyond ODD_TABLE_LIMIT
        "4/closed": "general",  # not a prime
    }
    torus = load_spec(
        {"family": "torus", "params": {"m": "3..4", "n": 3}, "moduli": [3], "metrics": ["nullity"]}
    )
    assert engines.column_engines(torus)["nullity"] == {"3/closed": "table"}
    king = load_spec({"family": "king", "params": {"m": "3..4", "n": 3}, "metrics": ["nullity"]})
    assert engines.column_engines(king)["nullity"] == {"2/closed": "general"}
    stream = load_spec({"geng": "4", "metrics": ["nullity", "min_presses_all_on"]})
    assert engines.column_engines(stream) == {
        "nullity": {"2/closed": "general"},
        "min_presses_all_on": {"2/closed": "search"},
    }
    fast = load_spec({"geng": "4", "moduli": [2, 3], "metrics": ["nullity"]})
    assert set(engines.column_engines(fast)["nullity"].values()) == {"compiled"}


def test_fast_family_sweeps_get_large_chunks() -> None:
    spec = load_spec(
        {"family": "grid", "params": {"m": "1..4", "n": "1..4"}, "metrics": ["nullity"]}
    )
    assert spec.chunk_size == 2000
    slow = load_spec(
        {"family": "grid", "params": {"m": "1..4", "n": "1..4"}, "metrics": ["min_presses_all_on"]}
    )
    assert slow.chunk_size == 10


def test_own_metrics_and_searches_are_named_in_the_manifest() -> None:
    def lights(puzzle: Any) -> int:
        return int(puzzle.n)

    spec = load_spec(
        {
            "family": "grid",
            "params": {"m": "1..3", "n": "1..3"},
            "metrics": ["nullity", "gods_number", "symmetries", lights],
        }
    )
    got = engines.column_engines(spec)
    assert got["nullity"] == {"2/closed": "table"}
    assert got["gods_number"] == {"2/closed": "search"}
    assert got["symmetries"] == {"2/closed": "general"}
    assert got[spec.custom[0].ref] == {"2/closed": "custom"}


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "grid_rows": """
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec(
...     {"family": "grid", "params": {"m": "1..3", "n": 3}, "metrics": ["nullity"]}
... )
>>> cells, m, n = grid_rows(spec, 0, 3, column_engines(spec))
>>> m.tolist(), cells[(2, "closed", "nullity")].tolist()
([1, 2, 3], [0, 2, 0])
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.engines", name, EXAMPLES[name])
