"""A puzzle's metadata in one frozen object: names, sources, colours, named boards, goal, family.

The toggle rule never depends on it. :meth:`lightsout_graphs.Puzzle.with_metadata` checks new
values here and returns a new puzzle holding a new :class:`PuzzleInfo`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError

__all__ = ["FIELDS", "FamilyInfo", "PuzzleInfo", "ReadOnlyDict", "checked_info"]


@dataclass(frozen=True)
class FamilyInfo:
    """Which family built a puzzle, and with which parameters (used by fast engines).

    Attributes
    ----------
    name : str
        The family's function name, for example ``"grid"``.
    params : dict
        Its parameters, for example ``{"shape": (5, 5)}``.

    Examples
    --------
    >>> lo.grid(5, 5).family.name
    'grid'
    >>> FamilyInfo("mine", {"size": 3})
    FamilyInfo(name='mine', params={'size': 3})
    """

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)


#: The metadata fields :meth:`~lightsout_graphs.Puzzle.with_metadata` accepts.
FIELDS: tuple[str, ...] = (
    "name",
    "title",
    "description",
    "sources",
    "colors",
    "boards",
    "goal",
    "family",
    "lit_only",
    "invariants",
)


@dataclass(frozen=True)
class PuzzleInfo:
    """Everything a puzzle says about itself besides its graph, rule and modulus.

    Attributes
    ----------
    name, title : str or None
        The catalog name and a title for people.
    description : str
    sources : tuple of mapping
        Where the puzzle comes from (``title``, ``url``, ``year`` ...).
    colors : tuple of str or None
        One colour name per light state.
    boards : mapping
        Named starting boards, name -> read-only vector in node order.
    goal : numpy.ndarray or None
        The target every solve aims at by default (read-only); None means all lights 0.
    family : FamilyInfo or None
        The family that built the puzzle, which decides the fast engines.
    lit_only : bool
        Whether only lit buttons may be pressed (a non-linear variant).
    invariants : mapping
        Published values the catalog checks (``rank``, ``nullity`` ...).

    Examples
    --------
    >>> info = PuzzleInfo(title="Ring")
    >>> info.title, info.lit_only
    ('Ring', False)
    """

    name: str | None = None
    title: str | None = None
    description: str = ""
    sources: tuple[Mapping[str, Any], ...] = ()
    colors: tuple[str, ...] | None = None
    boards: Mapping[str, np.ndarray] = field(default_factory=lambda: ReadOnlyDict({}))
    goal: np.ndarray | None = None
    family: FamilyInfo | None = None
    lit_only: bool = False
    invariants: Mapping[str, Any] = field(default_factory=lambda: ReadOnlyDict({}))


class ReadOnlyDict(Mapping[str, Any]):
    """A read-only mapping (picklable, unlike ``types.MappingProxyType``).

    Examples
    --------
    >>> d = ReadOnlyDict({"a": 1})
    >>> d["a"], dict(d)
    (1, {'a': 1})
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data = dict(data or {})

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)

    def __getstate__(self) -> dict[str, Any]:
        return self._data

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._data = state


def _frozen(vector: np.ndarray) -> np.ndarray:
    out = np.array(vector, dtype=np.int64)
    out.flags.writeable = False
    return out


def _text(key: str, value: object, optional: bool) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        what = "a str or None" if optional else "a str"
        msg = f"Metadata {key!r} must be {what}, not {type(value).__name__}."
        raise InvalidPuzzleError(msg)
    return value


def checked_info(
    info: PuzzleInfo,
    fields: Mapping[str, Any],
    modulus: int,
    state_vector: Callable[..., np.ndarray],
) -> PuzzleInfo:
    """Return ``info`` with ``fields`` replaced, each checked; raise naming a bad one.

    Examples
    --------
    >>> checked_info(PuzzleInfo(), {"colors": 5}, 2, None)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidPuzzleError: Metadata 'colors' must be a sequence of 2 colour names, not int.
    """
    changes: dict[str, Any] = {}
    for key, value in fields.items():
        if key not in FIELDS:
            msg = f"Unknown metadata field {key!r}; expected one of {sorted(FIELDS)}."
            raise InvalidPuzzleError(msg)
        if key in ("name", "title"):
            value = _text(key, value, optional=True)
        elif key == "description":
            value = _text(key, value, optional=False)
        elif key == "goal":
            value = None if value is None else _frozen(state_vector(value, name="goal"))
        elif key == "boards":
            if not isinstance(value, Mapping):
                msg = f"Metadata 'boards' must be a dict name -> board, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
            value = ReadOnlyDict(
                {str(b): _frozen(state_vector(s, name=f"board {b!r}")) for b, s in value.items()}
            )
        elif key == "colors" and value is not None:
            if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
                msg = (
                    f"Metadata 'colors' must be a sequence of {modulus} colour names, not "
                    f"{type(value).__name__}."
                )
                raise InvalidPuzzleError(msg)
            value = tuple(str(c) for c in value)
            if len(value) != modulus:
                msg = f"Metadata 'colors' needs {modulus} names (one per state), not {len(value)}."
                raise InvalidPuzzleError(msg)
        elif key == "sources":
            if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
                msg = f"Metadata 'sources' must be a sequence of dicts, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
            for i, source in enumerate(value):
                if not isinstance(source, Mapping):
                    msg = f"Metadata 'sources[{i}]' must be a dict, not {type(source).__name__}."
                    raise InvalidPuzzleError(msg)
            value = tuple(dict(s) for s in value)
        elif key == "family":
            if value is not None and not isinstance(value, FamilyInfo):
                msg = f"Metadata 'family' must be a FamilyInfo or None, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
        elif key == "lit_only":
            if not isinstance(value, bool | np.bool_):
                msg = f"Metadata 'lit_only' must be True or False, not {value!r}."
                raise InvalidPuzzleError(msg)
            value = bool(value)
        elif key == "invariants":
            if not isinstance(value, Mapping):
                msg = f"Metadata 'invariants' must be a dict, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
            value = ReadOnlyDict(dict(value))
        changes[key] = value
    return replace(info, **changes)
