"""Values of a sweep spec: ranges, lists, tuple axes, and errors that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.axes import (
    MAX_AXIS,
    int_list,
    int_range,
    param_axis,
    positive_int,
    str_list,
)
from lightsout_graphs.interfaces.sweep.files import atomic_write


@given(st.integers(-50, 50), st.integers(0, 60), st.integers(1, 7))
def test_int_range_is_python_range(lo: int, width: int, step: int) -> None:
    assert int_range("x", f"{lo}..{lo + width} step {step}") == list(
        range(lo, lo + width + 1, step)
    )


@pytest.mark.parametrize("text", ["1..", "a..b", "3", "1..3 step", "1 to 3"])
def test_int_range_leaves_other_text_alone(text: str) -> None:
    assert int_range("x", text) is None


def test_a_range_too_long_is_refused() -> None:
    with pytest.raises(SweepSpecError, match=r"'n'.*split the sweep"):
        int_range("n", f"1..{MAX_AXIS + 1}")


def test_tuple_axis_fills_one_column_per_loop_variable() -> None:
    axis = param_axis("shape", "d x d for d in 2..4")
    assert axis.values == ((2, 2), (3, 3), (4, 4))
    assert axis.columns[0] == {"shape": "2x2", "d": 2}


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("m x n for m in 1..3", "'n'.*not both looped over and used"),
        ("m x m for m, m in 1..3", "repeated loop variable"),
        ("m x n for m, n in a..b", "bad range"),
    ],
)
def test_bad_tuple_axes_name_the_key(text: str, match: str) -> None:
    with pytest.raises(SweepSpecError, match=f"key 'shape': .*{match}"):
        param_axis("shape", text)


def test_lists_and_single_values() -> None:
    assert param_axis("n", [3, 5]).values == (3, 5)
    assert param_axis("rule", "open").values == ("open",)
    assert param_axis("shape", [[3, 5], [7, 9]]).columns[1] == {"shape": "7x9"}
    with pytest.raises(SweepSpecError, match="empty"):
        param_axis("n", [])


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: int_list("moduli", [2, 2], low=2), "repeated value"),
        (lambda: int_list("moduli", [1], low=2), "int >= 2"),
        (lambda: int_list("moduli", [True], low=2), "int >= 2"),
        (lambda: str_list("rules", []), "non-empty list"),
        (lambda: str_list("rules", ["open", 3]), "must be a string"),
        (lambda: positive_int("chunk_size", 2.0), "int >= 1"),
    ],
)
def test_checks_name_the_key(call: object, match: str) -> None:
    with pytest.raises(SweepSpecError, match=match):
        call()  # type: ignore[operator]


def test_atomic_write_leaves_no_temporary_file_on_failure(tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "a.json"
    with pytest.raises(FileNotFoundError):
        atomic_write(target, b"{}")
    atomic_write(tmp_path / "a.json", b"old")
    atomic_write(tmp_path / "a.json", b"new", tag="run-2")
    assert (tmp_path / "a.json").read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


@given(
    st.integers(min_value=-(10**40), max_value=10**40),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.integers(min_value=0, max_value=10**30),
)
def test_any_range_is_read_or_refused_by_key(lo_: int, hi: int, step: int) -> None:
    from lightsout_graphs.interfaces.sweep.axes import MAX_INT, int_range

    text = f"{lo_}..{hi} step {step}"
    try:
        values = int_range("m", text)
    except SweepSpecError as err:
        assert str(err).startswith("Sweep spec key 'm': ")
        return
    assert values is not None and all(-MAX_INT <= v <= MAX_INT for v in values)
