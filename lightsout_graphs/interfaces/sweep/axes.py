"""Values of a sweep spec: parameter ranges, lists and tuple axes, moduli, rules and counts.

Every function here checks one key of a ``[sweep]`` table and raises
:class:`~lightsout_graphs.core.errors.SweepSpecError` naming that key; :func:`load_spec
<lightsout_graphs.interfaces.sweep.spec.load_spec>` puts them together. The grammar of parameter values is
described in :mod:`lightsout_graphs.interfaces.sweep.spec`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from lightsout_graphs.core.errors import SweepSpecError

__all__ = ["MAX_AXIS", "MAX_INT", "ParamAxis"]

_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*(?:step\s+(\d+)\s*)?$")
_TUPLE = re.compile(r"^\s*(\w+(?:\s*x\s*\w+)*)\s+for\s+(\w+(?:\s*,\s*\w+)*)\s+in\s+(.+?)\s*$")
#: The most values one parameter range (or tuple axis) may have.
MAX_AXIS = 1_000_000
#: The largest integer a spec may hold anywhere (a parameter, a range bound, a count): table
#: columns are int64, so every int of a spec is checked against ``-MAX_INT..MAX_INT``.
MAX_INT = 2**63 - 1
#: The most digits read from an integer written in a string (``"1..20"``): more is refused
#: before any conversion.
_MAX_DIGITS = 19


@dataclass(frozen=True)
class ParamAxis:
    """One family parameter of a sweep: the values to pass and the table columns they fill.

    Attributes
    ----------
    name : str
        The keyword passed to the family.
    values : tuple
        The values passed, in sweep order.
    columns : tuple of dict
        For each value, the table cells it fills (column name -> cell).

    Examples
    --------
    >>> ParamAxis("d", (2, 3), ({"d": 2}, {"d": 3})).values
    (2, 3)
    """

    name: str
    values: tuple[Any, ...]
    columns: tuple[dict[str, Any], ...]


def key_error(key: str, message: str) -> SweepSpecError:
    """The error for a bad value of spec key ``key``; the message names the key."""
    return SweepSpecError(f"Sweep spec key {key!r}: {message}")


def int_range(key: str, text: str) -> list[int] | None:
    """The ints of an inclusive range ``"a..b"`` or ``"a..b step s"``; None for other text."""
    match = _RANGE.match(text)
    if match is None:
        return None
    lo, hi, step = (_bound(key, text, m) for m in (match[1], match[2], match[3] or "1"))
    if hi < lo:
        raise key_error(key, f"bad range {text!r}: the end {hi} is below the start {lo}.")
    if step < 1:
        raise key_error(key, f"bad range {text!r}: the step must be >= 1.")
    count = (hi - lo) // step + 1
    if count > MAX_AXIS:
        msg = f"the range {text!r} has {count} values, more than {MAX_AXIS} (split the sweep)."
        raise key_error(key, msg)
    return list(range(lo, hi + 1, step))


def _bound(key: str, text: str, digits: str) -> int:
    """One integer of a range, refused (not converted) when it has too many digits."""
    if len(digits.lstrip("-")) > _MAX_DIGITS or abs(int(digits)) > MAX_INT:
        shown = text if len(text) <= 40 else text[:37] + "..."
        msg = f"bad range {shown!r}: its numbers must lie in -{MAX_INT}..{MAX_INT}."
        raise key_error(key, msg)
    return int(digits)


def check_int(key: str, value: int) -> int:
    """``value`` when it lies in ``-MAX_INT..MAX_INT`` (an int64 table cell), else a key error."""
    if abs(value) > MAX_INT:
        raise key_error(key, f"{_shown(value)} is beyond -{MAX_INT}..{MAX_INT}.")
    return value


def _scalar(key: str, value: object) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return check_int(key, value)
    if isinstance(value, bool | float | str):
        return value
    if isinstance(value, list | tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return tuple(check_int(key, v) for v in value)
    raise key_error(key, f"values must be ints, floats, strings or booleans, not {value!r}.")


def _tuple_axis(key: str, text: str) -> ParamAxis | None:
    match = _TUPLE.match(text)
    if match is None:
        return None
    parts = [p.strip() for p in match[1].split("x")]
    loop = [v.strip() for v in match[2].split(",")]
    values = int_range(key, match[3])
    if values is None:
        raise key_error(key, f"bad range {match[3]!r} in {text!r}; write it as 'a..b'.")
    if len(set(loop)) != len(loop):
        raise key_error(key, f"repeated loop variable in {text!r}.")
    unknown = [p for p in parts if p not in loop]
    unused = [v for v in loop if v not in parts]
    if unknown or unused:
        bad = (unknown or unused)[0]
        raise key_error(key, f"variable {bad!r} in {text!r} is not both looped over and used.")
    if len(values) ** len(loop) > MAX_AXIS:
        count = len(values) ** len(loop)
        raise key_error(
            key, f"{text!r} gives {count} tuples, more than {MAX_AXIS} (split the sweep)."
        )
    tuples, cells = [], []
    for combo in itertools.product(values, repeat=len(loop)):
        env = dict(zip(loop, combo, strict=True))
        tup = tuple(env[p] for p in parts)
        tuples.append(tup)
        cells.append({key: "x".join(str(v) for v in tup), **env})
    return ParamAxis(key, tuple(tuples), tuple(cells))


def param_axis(key: str, value: object) -> ParamAxis:
    """The :class:`ParamAxis` of family parameter ``key`` given as a range, list or value."""
    values: list[Any] | None
    if isinstance(value, str):
        values = int_range(key, value)
        if values is None:
            tup = _tuple_axis(key, value)
            if tup is not None:
                return tup
            if ".." in value:
                raise key_error(key, f"bad range {value!r}; write inclusive int ranges as 'a..b'.")
            values = [value]
    elif isinstance(value, list | tuple):
        if not value:
            raise key_error(key, "the list of values is empty.")
        values = [_scalar(key, v) for v in value]
        if all(isinstance(v, tuple) for v in values):
            cells = tuple({key: "x".join(str(x) for x in v)} for v in values)
            return ParamAxis(key, tuple(values), cells)
    else:
        values = [_scalar(key, value)]
    return ParamAxis(key, tuple(values), tuple({key: v} for v in values))


def int_list(key: str, value: object, *, low: int, high: int = MAX_INT) -> tuple[int, ...]:
    """Distinct ints ``>= low`` from a range, a list or one int (moduli, for example)."""
    if isinstance(value, str):
        got = int_range(key, value)
        if got is None:
            raise key_error(key, f"bad range {value!r}; write it as 'a..b' or a list of ints.")
        items: list[object] = list(got)
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        items = [value]
    if not items:
        raise key_error(key, "the list is empty.")
    out = [_int_in(key, v, low, high, "every value must be") for v in items]
    if len(set(out)) != len(out):
        raise key_error(key, f"repeated value in {value!r}.")
    return tuple(out)


def str_list(key: str, value: object) -> tuple[str, ...]:
    """Distinct strings from one string or a non-empty list (rules, metrics)."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or not items:
        raise key_error(key, f"must be a string or a non-empty list of strings, not {value!r}.")
    for v in items:
        if not isinstance(v, str):
            raise key_error(key, f"every value must be a string, not {v!r}.")
    if len(set(items)) != len(items):
        raise key_error(key, f"repeated value in {value!r}.")
    return tuple(items)


def positive_int(key: str, value: object, *, high: int = MAX_INT) -> int:
    """``value`` when it is an int in ``1..high`` (a chunk size, a bound)."""
    return _int_in(key, value, 1, high)


def _int_in(key: str, value: object, low: int, high: int, what: str = "must be") -> int:
    """``value`` if it is an int in ``low..high``, else an error: '{what} an int >= low ...'."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise key_error(key, f"{what} an int >= {low}, not {_shown(value)}.")
    if value > high:
        raise key_error(key, f"{what} an int <= {high}, not {_shown(value)}.")
    return value


def _shown(value: object) -> str:
    """``repr(value)``, or how many digits an int too long to show has."""
    if isinstance(value, int) and value.bit_length() > 64:
        big = value.bit_length() >= 13_000  # str() refuses more than 4300 digits
        return f"an int of {'over 4000' if big else len(str(abs(value)))} digits"
    return repr(value)


def seconds(key: str, value: object) -> float:
    """``value`` as a number of seconds > 0 (a time limit)."""
    from lightsout_graphs.core.errors import MAX_SECONDS

    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise key_error(key, f"must be a number of seconds > 0, not {value!r}.")
    if not value <= MAX_SECONDS:  # exact for ints of any size; refuses inf
        msg = f"must be at most {MAX_SECONDS} seconds (a year), not {_shown(value)}."
        raise key_error(key, msg)
    return float(value)
