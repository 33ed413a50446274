"""A puzzle's metadata: frozen, read-only, picklable, and every field checked by name."""

from __future__ import annotations

import dataclasses
import pickle

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation._puzzle_info import (
    FamilyInfo,
    PuzzleInfo,
    ReadOnlyDict,
    checked_info,
)


def vector_of(value: object, name: str) -> np.ndarray:
    return np.array(value, dtype=np.int64) % 2


def test_read_only_dict_is_a_mapping_that_pickles() -> None:
    d = ReadOnlyDict({"a": 1, "b": [2]})
    assert dict(d) == {"a": 1, "b": [2]} and len(d) == 2 and "a" in d
    assert repr(d) == "{'a': 1, 'b': [2]}"
    with pytest.raises(TypeError):
        d["c"] = 3  # type: ignore[index]
    assert dict(pickle.loads(pickle.dumps(d))) == dict(d)
    assert dict(ReadOnlyDict()) == {}


def test_info_is_frozen_and_boards_are_read_only() -> None:
    info = checked_info(PuzzleInfo(), {"boards": {"one": [1, 0]}, "goal": [0, 1]}, 2, vector_of)
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.title = "x"  # type: ignore[misc]
    assert info.boards["one"].tolist() == [1, 0]
    assert not info.boards["one"].flags.writeable
    assert info.goal is not None and not info.goal.flags.writeable
    assert pickle.loads(pickle.dumps(info)).boards["one"].tolist() == [1, 0]


def test_good_fields_are_normalised() -> None:
    info = checked_info(
        PuzzleInfo(),
        {"colors": ["black", "red"], "sources": [{"title": "x"}], "name": None},
        2,
        vector_of,
    )
    assert info.colors == ("black", "red")
    assert info.sources == ({"title": "x"},)
    assert info.name is None


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"colour": ["a", "b"]}, "Unknown metadata field 'colour'"),
        ({"title": 3}, "Metadata 'title' must be a str or None, not int."),
        ({"description": None}, "Metadata 'description' must be a str, not NoneType."),
        ({"colors": "red"}, "Metadata 'colors' must be a sequence of 2 colour names, not str."),
        ({"colors": ["red"]}, "Metadata 'colors' needs 2 names (one per state), not 1."),
        ({"boards": [1, 0]}, "Metadata 'boards' must be a dict name -> board, not list."),
        ({"sources": {"a": 1}}, "Metadata 'sources' must be a sequence of dicts, not dict."),
        ({"sources": [1]}, "Metadata 'sources[0]' must be a dict, not int."),
        ({"family": "grid"}, "Metadata 'family' must be a FamilyInfo or None, not str."),
    ],
)
def test_bad_fields_are_named(fields: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidPuzzleError) as info:
        checked_info(PuzzleInfo(), fields, 2, vector_of)
    assert str(info.value).startswith(words)


def test_families_record_their_parameters() -> None:
    family = lo.grid(2, 3).family
    assert isinstance(family, FamilyInfo) and family.name == "grid"
    assert FamilyInfo("mine", {"size": 3}) == FamilyInfo("mine", {"size": 3})
