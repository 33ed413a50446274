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


def test_each_check_says_the_key_and_the_value() -> None:
    from lightsout_graphs.interfaces.sweep.axes import check_int, key_error, param_axis, seconds

    assert str(key_error("moduli", "the list is empty.")) == (
        "Sweep spec key 'moduli': the list is empty."
    )
    assert int_range("n", "3..7 step 2") == [3, 5, 7]
    assert int_range("n", "seven") is None
    with pytest.raises(SweepSpecError, match=r"key 'n': bad range '7\.\.3'"):
        int_range("n", "7..3")
    assert check_int("n", 7) == 7
    with pytest.raises(SweepSpecError, match="an int of 31 digits is beyond -9223372036854775807"):
        check_int("n", 10**30)
    assert param_axis("m", "1..3").values == (1, 2, 3)
    axis = param_axis("shape", "m x n for m, n in 1..2")
    assert axis.values == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert axis.columns[1] == {"shape": "1x2", "m": 1, "n": 2}
    assert int_list("moduli", "2..4", low=2) == (2, 3, 4)
    assert int_list("moduli", 5, low=2) == (5,)
    assert str_list("rules", "open") == ("open",)
    assert str_list("rules", ["closed", "open"]) == ("closed", "open")
    assert positive_int("chunk_size", 20) == 20
    with pytest.raises(SweepSpecError, match=r"'chunk_size': must be an int >= 1, not 0\."):
        positive_int("chunk_size", 0)
    with pytest.raises(SweepSpecError, match="must be an int <= 1000, not an int of 331 digits"):
        positive_int("chunk_size", 10**330, high=1000)
    assert seconds("time_limit", 2) == 2.0
    with pytest.raises(SweepSpecError, match="must be a number of seconds > 0, not 'ten'"):
        seconds("time_limit", "ten")
