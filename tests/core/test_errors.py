"""The exceptions of the package and the ``require_*`` argument checks.

Every exception survives pickle (Dask and multiprocessing pickle them); ``require_int`` accepts
exactly the integers (numpy's too, never ``bool``) within its bounds and names the argument.
"""

from __future__ import annotations

import inspect
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core import errors
from lightsout_graphs.interfaces.cli.runtime import CommandError

# Constructor arguments beyond the message, for the classes that carry attributes.
EXTRA: dict[type[BaseException], dict[str, Any]] = {
    errors.Unsolvable: {"certificate": {(0, 0): 1, "a": 2}, "value": 1},
    errors.MemoryBudgetError: {"needed": 10**12, "budget": 2**30},
    errors.TimeBudgetError: {"seconds": 120.0, "budget": 60.0},
}


def _classes() -> list[type[BaseException]]:
    found = [getattr(errors, name) for name in errors.__all__]
    found = [c for c in found if isinstance(c, type)]
    found.append(CommandError)
    return found


def test_every_class_is_covered() -> None:
    for cls in _classes():
        params = list(inspect.signature(cls.__init__).parameters)
        if params[:2] == ["self", "message"] and len(params) > 2:
            assert cls in EXTRA, f"{cls.__name__} takes attributes: add them to EXTRA"


@pytest.mark.parametrize("cls", _classes(), ids=lambda c: c.__name__)
def test_exception_round_trips_through_pickle(cls: type[BaseException]) -> None:
    extra = EXTRA.get(cls, {})
    exc = cls("what went wrong, and where", *extra.values())
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(exc, protocol=protocol))
        assert type(back) is cls
        assert str(back) == "what went wrong, and where"
        for name, value in extra.items():
            assert getattr(back, name) == value
        assert isinstance(back, errors.LightsOutError)


def test_a_real_unsolvable_round_trips() -> None:
    p = lo.grid(4, 4)
    with pytest.raises(lo.Unsolvable) as info:
        lo.solve(p, {(0, 0): 1})
    back = pickle.loads(pickle.dumps(info.value))
    assert back.certificate == info.value.certificate
    assert back.value == info.value.value
    assert str(back) == str(info.value)


# --- require_int ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, False, np.True_, 1.0, 2.5, "3", None, [1], 1 + 0j])
def test_require_int_refuses_what_is_not_an_int(value: object) -> None:
    with pytest.raises(errors.InvalidPuzzleError) as info:
        errors.require_int(value, "rows")
    assert str(info.value) == f"Argument 'rows' must be an int, not {value!r}."


@pytest.mark.parametrize(
    "value", [np.int8(-3), np.int64(7), np.uint8(200), np.uint64(2**63), np.intp(0)]
)
def test_require_int_takes_numpy_integers(value: np.integer) -> None:
    out = errors.require_int(value, "rows")
    assert type(out) is int
    assert out == int(value)


@pytest.mark.parametrize(
    ("bounds", "wanted"),
    [
        ({"minimum": 1}, "an int >= 1"),
        ({"maximum": 3}, "an int <= 3"),
        ({"minimum": 1, "maximum": 3}, "an int in 1..3"),
    ],
)
def test_require_int_bounds_are_inclusive_and_named(bounds: dict[str, int], wanted: str) -> None:
    for inside in (1, 3):
        assert errors.require_int(inside, "k", **bounds) == inside
    bad = 0 if "minimum" in bounds else 4
    with pytest.raises(errors.InvalidPuzzleError) as info:
        errors.require_int(np.int64(bad), "k", **bounds)
    # the message shows the plain int, not numpy's repr
    assert str(info.value) == f"Argument 'k' must be {wanted}, not {bad}."
    with pytest.raises(errors.InvalidPuzzleError) as info:
        errors.require_int(True, "k", **bounds)
    assert str(info.value) == f"Argument 'k' must be {wanted}, not True."


@pytest.mark.parametrize(
    "error", [errors.ModulusError, errors.InvalidStateError, errors.SweepSpecError, CommandError]
)
def test_require_int_raises_the_class_it_is_given(error: type[errors.LightsOutError]) -> None:
    with pytest.raises(error, match="'modulus' must be an int >= 2, not 1"):
        errors.require_int(1, "modulus", minimum=2, error=error)
    with pytest.raises(error, match="'modulus' must be an int, not 'x'"):
        errors.require_int("x", "modulus", error=error)


@given(
    value=st.integers(),
    minimum=st.none() | st.integers(-(2**70), 2**70),
    maximum=st.none() | st.integers(-(2**70), 2**70),
)
def test_require_int_on_any_integer(value: int, minimum: int | None, maximum: int | None) -> None:
    inside = (minimum is None or value >= minimum) and (maximum is None or value <= maximum)
    if inside:
        assert errors.require_int(value, "n", minimum=minimum, maximum=maximum) == value
    else:
        with pytest.raises(errors.InvalidPuzzleError) as info:
            errors.require_int(value, "n", minimum=minimum, maximum=maximum)
        message = str(info.value)
        assert message.startswith("Argument 'n' must be an int ")
        assert message.endswith(f", not {value}.")


@pytest.mark.parametrize(
    "call",
    [
        lambda p, t: lo.solve(p, 1, minimize=True, time_limit=t),
        lambda p, t: lo.gods_number_bounds(p, time_limit=t),
        lambda p, t: lo.gods_number(p, time_limit=t),
    ],
)
@pytest.mark.parametrize(
    "limit",
    [2**2000, 10**400, 10**5000, float("inf"), 10**9],
    ids=["2^2000", "1e400", "1e5000", "inf", "1e9"],
)
def test_huge_time_limits_are_refused_by_the_package(call: Any, limit: object) -> None:
    with pytest.raises(lo.SearchLimitError, match="'time_limit' must be at most 31536000") as err:
        call(lo.grid(2, 2), limit)
    assert len(str(err.value)) < 200


@given(st.integers(min_value=1, max_value=errors.MAX_SECONDS))
def test_every_time_limit_up_to_a_year_is_taken(seconds: int) -> None:
    assert errors.require_seconds(seconds) == float(seconds)


def test_require_seconds_refuses_with_a_short_message() -> None:
    assert errors.require_seconds(2) == 2.0
    with pytest.raises(errors.SearchLimitError) as info:
        errors.require_seconds(-1)
    assert str(info.value) == "Argument 'time_limit' must be a number of seconds > 0, not -1."
    with pytest.raises(errors.SearchLimitError) as info:
        errors.require_seconds(10**400)
    assert str(info.value) == (
        "Argument 'time_limit' must be at most 31536000 seconds (a year), "
        f"not {'1' + '0' * 39}... (401 digits)."
    )


def test_require_int_entries_names_the_first_bad_entry() -> None:
    assert errors.require_int_entries(np.array([3, -1], dtype=object), "rhs") == [3, -1]
    with pytest.raises(errors.InvalidStateError) as info:
        errors.require_int_entries([1, 0.5], "rhs")
    assert str(info.value) == "Argument 'rhs' must hold integers; entry 1 is 0.5."
