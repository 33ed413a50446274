"""The family registry: FAMILIES, make and family_params."""

from __future__ import annotations

import pytest

from lightsout_graphs.errors import InvalidPuzzleError
from lightsout_graphs.families import FAMILIES, family_params, make


def test_natural_keywords() -> None:
    assert make("grid", m=5, n=5).n == 25
    assert make("grid", shape=(5, 5)).family.params == {"shape": (5, 5)}  # type: ignore[union-attr]
    assert make("grid", shape=[3, 3, 3, 3]).n == 81
    assert make("grid", n=4).n == 16
    assert make("torus", shape=(7, 9)).n == 63
    assert make("hypercube", d=4).n == 16
    assert make("knight", m=5, n=5).n == 25
    assert make("king", shape=[2, 3]).n == 6
    assert make("cube_surface", n=3).n == 54
    assert make("petersen").n == 10
    assert make("alien_tiles", m=7, modulus=4).modulus == 4
    assert make("tree", r=2, h=2).n == 7
    assert make("random_graph", n=8, p=0.5, seed=1).n == 8
    assert make("named", name="heawood").n == 14
    assert make("press_pattern", mapping={0: [0, 1]}).n == 2
    assert make("graph6", data="Bw").n == 3
    assert make("icosahedron", rule="open").rule == "open"


def test_every_family_is_listed_with_its_parameters() -> None:
    for name in FAMILIES:
        params = family_params(name)
        assert isinstance(params, tuple)
        if name not in ("press_pattern", "merlin"):
            assert "rule" in params
        assert "modulus" in params


@pytest.mark.parametrize(
    ("name", "params", "words"),
    [
        ("hexagon", {}, ["hexagon"]),
        ("grid", {"size": 5}, ["size", "grid"]),
        ("grid", {"m": "5", "n": 5}, ["shape"]),
        ("grid", {"shape": "5x5"}, ["shape"]),
        ("grid", {}, ["shape"]),
        ("hypercube", {"d": 2.0}, ["'d'"]),
        ("hypercube", {}, ["hypercube"]),
        ("knight", {"shape": [2, 3, 4]}, ["2 sides"]),
        ("torus", {"shape": (3, 3), "m": 3}, ["not both"]),
        ("grid", {"m": 3, "n": 3, "modulus": 1}, ["modulus"]),
    ],
)
def test_errors_name_the_problem(name: str, params: dict, words: list[str]) -> None:
    with pytest.raises(InvalidPuzzleError) as info:
        make(name, **params)
    for word in words:
        assert word in str(info.value)
