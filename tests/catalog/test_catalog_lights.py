"""The ``lights`` key of ``[graph]``: buttons without lights in catalog files."""

from __future__ import annotations

from pathlib import Path

import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from lightsout_graphs.errors import CatalogError

EXPLICIT = """
schema_version = 1
name = "lamp-pair"
title = "Two lamps and a switch"

[graph]
nodes = ["a", "s", "b"]
edges = [["a", "s"], ["s", "b"]]
pressable = ["s"]
lights = ["a", "b"]

[boards]
both = { a = 1, b = 1 }
"""

PATTERN = """
schema_version = 1
name = "two-rings"
title = "Two rings"

[graph]
presses = { b1 = ["r1", "r2"], b2 = ["r2"] }
lights = ["r1", "r2"]

[boards]
first = { r1 = 1 }
"""


def write(tmp_path: Path, text: str) -> Path:
    f = tmp_path / "entry.toml"
    f.write_text(text, encoding="utf-8")
    return f


def test_explicit_graph_with_lights(tmp_path: Path) -> None:
    p = catalog.load_file(write(tmp_path, EXPLICIT))
    assert p.lights == ("a", "b") and p.n == 2
    assert p.boards["both"].tolist() == [1, 1]
    assert lo.solve(p, p.boards["both"]).presses == {"a": 0, "s": 1, "b": 0}


def test_press_pattern_with_lights(tmp_path: Path) -> None:
    p = catalog.load_file(write(tmp_path, PATTERN))
    assert p.lights == ("r1", "r2") and lo.analyze(p).all_solvable
    assert lo.solve(p, p.boards["first"], minimize=True).num_presses == 2


@pytest.mark.parametrize(
    ("text", "old", "new", "words"),
    [
        (EXPLICIT, 'lights = ["a", "b"]', 'lights = "a"', ["a non-empty list of nodes"]),
        (EXPLICIT, 'lights = ["a", "b"]', "lights = []", ["a non-empty list of nodes"]),
        (EXPLICIT, 'lights = ["a", "b"]', 'lights = ["a", "z"]', ["'z' is not in graph.nodes"]),
        (EXPLICIT, 'lights = ["a", "b"]', "lights = [1.5]", ["1.5"]),
        (EXPLICIT, "both = { a = 1, b = 1 }", "both = { s = 1 }", ["carries a light", "'s'"]),
        (PATTERN, 'lights = ["r1", "r2"]', 'lights = ["r9"]', ["'lights'", "r9"]),
        (
            PATTERN,
            'presses = { b1 = ["r1", "r2"], b2 = ["r2"] }',
            'family = "grid"\nparams = { m = 2, n = 2 }',
            ["family 'grid'", "decides its lights"],
        ),
    ],
)
def test_bad_lights_name_file_and_key(
    tmp_path: Path, text: str, old: str, new: str, words: list[str]
) -> None:
    assert old in text
    f = write(tmp_path, text.replace(old, new).replace("[boards]\nfirst = { r1 = 1 }\n", ""))
    with pytest.raises(CatalogError) as err:
        catalog.load_file(f)
    msg = str(err.value)
    assert "entry.toml" in msg
    assert "graph.lights" in msg or "boards.both" in msg
    for word in words:
        assert word in msg, msg


def test_press_pattern_family_takes_lights(tmp_path: Path) -> None:
    text = PATTERN.replace(
        'presses = { b1 = ["r1", "r2"], b2 = ["r2"] }',
        'family = "press_pattern"\nparams = { mapping = { b1 = ["r1", "r2"], b2 = ["r2"] } }',
    ).replace('lights = ["r1", "r2"]', 'lights = ["r1", "r2", "b1"]')
    p = catalog.load_file(write(tmp_path, text))
    assert p.lights == ("b1", "r1", "r2")
    assert lo.analyze(p).solvable_states == 4  # b1's own light never changes
