"""The family registry: FAMILIES, make and family_params."""

from __future__ import annotations

import pytest

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import FAMILIES, family_params, make


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
        if name not in ("press_pattern", "merlin", "ring_puzzle"):  # weighted press maps
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


SMALL = {
    "grid": {"shape": (2, 2, 2)},
    "torus": {"m": 3, "n": 4},
    "hypercube": {"d": 3},
    "hexagonal": {"m": 2, "n": 2},
    "triangular": {"m": 2, "n": 3},
    "king": {"m": 3},
    "knight": {"m": 3},
    "x_pattern": {"m": 3},
    "rook": {"m": 3},
    "alien_tiles": {"m": 3},
    "bishop": {"m": 3},
    "queen": {"m": 3},
    "cube_surface": {"n": 2},
    "named": {"name": "frucht"},
    "path": {"n": 4},
    "cycle": {"n": 4},
    "complete": {"n": 4},
    "tree": {"r": 2, "h": 2},
    "random_graph": {"n": 6, "p": 0.5, "seed": 1},
    "random_regular": {"d": 2, "n": 6, "seed": 1},
    "graph6": {"data": "Dhc"},
    "from_graph6": {"data": "Dhc"},
    "press_pattern": {"mapping": {0: [0, 1], 1: [1]}},
    "ring_puzzle": {"name": "16-cell"},
    "cylinder": {"m": 3, "n": 4},
    "prism": {"n": 5},
    "hamming": {"d": 2, "q": 3},
}


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_family_draws_every_node_and_records_itself(name: str) -> None:
    p = make(name, **SMALL.get(name, {}))
    for v in p.nodes:
        x, y = p.graph.nodes[v]["pos"]
        assert isinstance(x, float) and isinstance(y, float)
    assert p.family is not None
    assert p.family.name in FAMILIES
    if name != "press_pattern":  # the family and its parameters rebuild the same puzzle
        again = make(p.family.name, **dict(p.family.params))
        assert again.nodes == p.nodes
        assert (again.toggle_matrix() != p.toggle_matrix()).nnz == 0
    if name not in ("press_pattern", "merlin"):
        assert make(name, **SMALL.get(name, {}), modulus=3).modulus == 3


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("hypercube", {"d": 40}),
        ("grid", {"shape": (10**6, 10**6)}),
        ("torus", {"shape": (50000, 50000)}),
        ("knight", {"m": 10**5, "n": 10**5}),
        ("cube_surface", {"n": 10**4}),
        ("hexagonal", {"m": 10**4, "n": 10**4}),
        ("triangular", {"m": 10**4, "n": 10**4}),
    ],
)
def test_boards_too_big_for_a_graph_are_refused_by_name(name: str, params: dict) -> None:
    from lightsout_graphs.representation.families import make

    with pytest.raises(InvalidPuzzleError, match=r"would have .* nodes, more than"):
        make(name, **params)
