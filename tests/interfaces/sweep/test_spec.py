"""Sweep specs: the documented example, ranges and tuple parameters, and clear errors."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep import load_spec
from lightsout_graphs.interfaces.sweep.axes import param_axis

EXAMPLE = """\
[sweep]
family = "grid"
params = { m = "1..40", n = "1..40" }   # inclusive integer ranges; also lists like [3, 5, 7]
moduli = [2, 3]
rules = ["closed", "open"]
metrics = ["nullity", "kernel_size", "all_solvable", "all_on_solvable"]
"""


def write(tmp_path: Path, text: str, name: str = "spec.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_documented_example_loads(tmp_path: Path) -> None:
    spec = load_spec(write(tmp_path, EXAMPLE))
    assert spec.family == "grid"
    assert [a.name for a in spec.axes] == ["m", "n"]
    assert spec.axes[0].values == tuple(range(1, 41))
    assert spec.moduli == (2, 3)
    assert spec.rules == ("closed", "open")
    assert spec.metrics == ("nullity", "kernel_size", "all_solvable", "all_on_solvable")
    assert spec.family_combinations() * spec.puzzles_per_item == 40 * 40 * 4


def test_dict_with_or_without_outer_table_is_the_same_spec() -> None:
    inner = {"family": "torus", "params": {"shape": [[3, 4], [5, 5]]}, "metrics": ["nullity"]}
    assert load_spec(inner).to_dict() == load_spec({"sweep": inner}).to_dict()


@given(st.integers(-5, 30), st.integers(0, 30), st.integers(1, 4))
def test_ranges_are_inclusive_with_optional_step(lo: int, width: int, step: int) -> None:
    text = f"{lo}..{lo + width}" + (f" step {step}" if step > 1 else "")
    assert param_axis("x", text).values == tuple(range(lo, lo + width + 1, step))


def test_lists_scalars_and_tuple_forms() -> None:
    spec = load_spec(
        {
            "family": "torus",
            "params": {"shape": "m x n for m, n in 3..4"},
            "metrics": ["nullity"],
            "moduli": "2..3",
        }
    )
    axis = spec.axes[0]
    assert axis.values == ((3, 3), (3, 4), (4, 3), (4, 4))
    assert axis.columns[1] == {"shape": "3x4", "m": 3, "n": 4}
    assert spec.moduli == (2, 3)
    square = load_spec(
        {"family": "torus", "params": {"shape": "d x d for d in 3..5"}, "metrics": ["nullity"]}
    )
    assert square.axes[0].values == ((3, 3), (4, 4), (5, 5))
    listed = load_spec({"family": "grid", "params": {"m": [3, 5, 7], "n": 2}, "metrics": ["edges"]})
    assert listed.axes[0].values == (3, 5, 7)
    assert listed.axes[1].values == (2,)


@pytest.mark.parametrize(
    ("table", "key", "words"),
    [
        ({"family": "grid", "params": {"m": "5..1"}, "metrics": ["nullity"]}, "m", "bad range"),
        ({"family": "grid", "params": {"m": "1..x"}, "metrics": ["nullity"]}, "m", "bad range"),
        ({"family": "grid", "params": {"m": "0..3"}, "metrics": ["nullity"]}, "m", "m=0"),
        ({"family": "grid", "params": {"m": 2, "n": [3, 0]}, "metrics": ["edges"]}, "n", "n=0"),
        ({"family": "grid", "params": {"q": 2}, "metrics": ["nullity"]}, "q", "unknown parameter"),
        ({"family": "gird", "metrics": ["nullity"]}, "family", "unknown family 'gird'"),
        ({"family": "grid", "params": {"m": 2}, "metrics": ["nulity"]}, "metrics", "'nulity'"),
        ({"family": "grid", "params": {"m": 2}, "metrics": []}, "metrics", "non-empty"),
        ({"family": "grid", "params": {"m": 2}}, "metrics", "required"),
        ({"family": "grid", "metrics": ["n"], "moduli": [1]}, "moduli", "int >= 2"),
        ({"family": "grid", "metrics": ["n"], "moduli": "3..2"}, "moduli", "bad range"),
        ({"family": "grid", "metrics": ["n"], "rules": ["shut"]}, "rules", "'shut'"),
        ({"family": "grid", "metrics": ["n"], "colour": 1}, "colour", "unknown key"),
        ({"family": "grid", "metrics": ["n"], "chunk_size": 0}, "chunk_size", "int >= 1"),
        ({"family": "grid", "params": {"modulus": 3}, "metrics": ["n"]}, "modulus", "'moduli'"),
        ({"family": "grid", "params": {"n": 3}, "metrics": ["n"]}, "n", "name of a metric"),
        ({"metrics": ["n"]}, "family", "exactly one"),
        ({"family": "grid", "geng": "5", "metrics": ["n"]}, "geng", "exactly one"),
        ({"geng": "5", "params": {"m": 1}, "metrics": ["n"]}, "params", "only a family"),
        ({"graph6": "no-such-file.g6", "metrics": ["n"]}, "graph6", "no such file"),
        ({"family": "grid", "params": {"m": {"a": 1}}, "metrics": ["n"]}, "m", "values must"),
    ],
)
def test_bad_specs_name_the_key(table: dict[str, object], key: str, words: str) -> None:
    with pytest.raises(SweepSpecError) as err:
        load_spec(table)
    message = str(err.value)
    assert f"key {key!r}" in message
    assert words in message


def test_bad_files_give_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(SweepSpecError, match=r"Cannot read sweep spec file .*missing\.toml"):
        load_spec(tmp_path / "missing.toml")
    broken = write(tmp_path, "[sweep]\nfamily = grid\n")
    with pytest.raises(SweepSpecError, match="not valid TOML"):
        load_spec(broken)
    extra = write(tmp_path, EXAMPLE + "\n[other]\nx = 1\n")
    with pytest.raises(SweepSpecError, match="key 'other': unknown top-level key"):
        load_spec(extra)
    with pytest.raises(SweepSpecError, match="'spec' must be a path"):
        load_spec(3)  # type: ignore[arg-type]


def test_graph6_paths_are_relative_to_the_spec_file(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "g.g6").write_bytes(b"Bw\n")
    spec = load_spec(write(tmp_path, '[sweep]\ngraph6 = "data/g.g6"\nmetrics = ["n"]\n'))
    assert spec.graph6 == (str((tmp_path / "data" / "g.g6").resolve()),)
    assert spec.is_stream
    assert spec.chunk_size == 100_000  # the compiled stream kernel computes "n"
    geng = load_spec({"geng": 7, "metrics": ["n"]})
    assert geng.geng == "7"


def test_time_limit_is_checked_and_recorded_with_the_search_metrics() -> None:
    grid = {"family": "grid", "params": {"m": "1..2", "n": 2}}
    plain = load_spec({**grid, "metrics": ["nullity"]})
    assert plain.time_limit is None
    assert "time_limit" not in plain.to_dict()  # sweeps without searches keep their manifest
    searching = load_spec({**grid, "metrics": ["gods_number"]})
    assert searching.to_dict()["time_limit"] == 120.0
    assert load_spec({**grid, "metrics": ["edges"], "time_limit": 3}).to_dict()["time_limit"] == 3.0
    for bad in (0, -1, "10", True, float("nan")):
        with pytest.raises(SweepSpecError, match="key 'time_limit': must be a number of seconds"):
            load_spec({**grid, "metrics": ["edges"], "time_limit": bad})


def test_metric_columns_must_not_clash() -> None:
    grid = {"family": "grid", "params": {"m": "1..2", "n": 2}}

    def nullity(puzzle: object) -> int:
        return 0

    with pytest.raises(SweepSpecError, match="both fill the column 'nullity'"):
        load_spec({**grid, "metrics": ["nullity", nullity]})
    with pytest.raises(SweepSpecError, match="both fill the column 'nullity'"):
        load_spec({"geng": "4", "metrics": ["nullity", nullity]})

    def path(**params: int) -> nx.Graph:
        return nx.path_graph(2)

    with pytest.raises(SweepSpecError, match="column 'gods_number_lower' has the name of a metric"):
        load_spec({"family": path, "params": {"gods_number_lower": 1}, "metrics": ["gods_number"]})
    spec = load_spec({**grid, "metrics": ["min_presses_all_on"]})
    assert [c for c, _ in spec.metric_columns()] == [
        "min_presses_all_on",
        "min_presses_all_on_optimal",
        "min_presses_all_on_lower",
        "min_presses_all_on_upper",
    ]
    with pytest.raises(SweepSpecError, match=r"expected some of .*or 'module:function'"):
        load_spec({**grid, "metrics": ["weight"]})
    with pytest.raises(SweepSpecError, match=r"unknown family 'gird'.*or 'module:function'"):
        load_spec({"family": "gird", "metrics": ["n"]})


def test_on_error_is_checked() -> None:
    base = {"family": "networkx:random_regular_graph", "params": {"n": "6..11", "d": 3}}
    with pytest.raises(SweepSpecError, match=r"'n': family .* rejects the parameters n=11"):
        load_spec({**base, "metrics": ["nullity"]})
    spec = load_spec({**base, "metrics": ["nullity"], "on_error": "skip"})
    assert spec.on_error == "skip" and spec.to_dict()["on_error"] == "skip"
    assert (
        "on_error"
        not in load_spec({**base, "params": {"n": 6, "d": 3}, "metrics": ["edges"]}).to_dict()
    )
    for bad, words in [
        ({"on_error": "ignore"}, "'on_error': must be one of 'stop', 'skip'"),
        ({"on_error": True}, "'on_error': must be one of"),
        ({"metrics": ["n"], "on_error": "skip", "geng": "4"}, "only a family sweep"),
    ]:
        spec_dict = {**base, "metrics": ["nullity"], **bad}
        if "geng" in bad:
            del spec_dict["family"], spec_dict["params"]
        with pytest.raises(SweepSpecError, match=words):
            load_spec(spec_dict)
    own = {"family": lambda n, error: nx.path_graph(n), "params": {"n": 3, "error": 1}}
    with pytest.raises(SweepSpecError, match="'error' is reserved for on_error"):
        load_spec({**own, "metrics": ["edges"], "on_error": "skip"})
    assert load_spec({**own, "metrics": ["edges"]}).axes[1].name == "error"
