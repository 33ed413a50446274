"""Every exception of the package survives pickle (Dask and multiprocessing pickle them)."""

from __future__ import annotations

import inspect
import pickle
from typing import Any

import pytest

import lightsout_graphs as lo
from lightsout_graphs import errors
from lightsout_graphs.cli.runtime import CommandError

# Constructor arguments beyond the message, for the classes that carry attributes.
EXTRA: dict[type[BaseException], dict[str, Any]] = {
    errors.Unsolvable: {"certificate": {(0, 0): 1, "a": 2}, "value": 1},
    errors.MemoryBudgetError: {"needed": 10**12, "budget": 2**30},
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
