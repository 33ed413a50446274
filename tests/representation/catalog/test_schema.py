"""The catalog schema: good entries load (lights too); a bad one names its file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from lightsout_graphs.core.errors import CatalogError

GOOD = """
schema_version = 1
name = "tiny"
title = "Tiny"
modulus = 3
colors = ["off", "red", "green"]

[graph]
family = "grid"
params = { m = 2, n = 3 }

[boards]
start = ["r.g", "..r"]
"""


def write(tmp_path: Path, text: str, name: str = "tiny.toml") -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_good_file(tmp_path: Path) -> None:
    p = catalog.load_file(write(tmp_path, GOOD))
    assert p.name == "tiny" and p.title == "Tiny" and p.modulus == 3
    assert p.boards["start"].tolist() == [1, 0, 2, 0, 0, 1]
    assert p.goal.tolist() == [0] * 6
    assert p.colors == ("off", "red", "green")
    assert p.lit_only is False


@pytest.mark.parametrize(
    ("old", "new", "key", "words"),
    [
        ('family = "grid"', 'family = "hexagon"', "graph.family", ["a family name", "hexagon"]),
        ("m = 2, n = 3", 'm = "2", n = 3', "graph.params", ["'m'", "'2'"]),
        ("m = 2, n = 3", "m = 2, n = 3, size = 4", "graph.params", ["size"]),
        ("modulus = 3", "modulus = 1", "modulus", ["int >= 2", "1"]),
        ("modulus = 3", "modulus = 2.5", "modulus", ["int >= 2"]),
        ('["r.g", "..r"]', '["r.g", "..r", "..."]', "boards.start", ["rows", "line 3"]),
        ('["r.g", "..r"]', '["r.g", "..rr"]', "boards.start", ["rows"]),
        ('["r.g", "..r"]', "[1, 0, 2]", "boards.start", ["6 values"]),
        ('["r.g", "..r"]', '"pink"', "boards.start", ["colour name", "pink"]),
        ('["r.g", "..r"]', '{ "(0,0)" = "pink" }', "boards.start.(0,0)", ["colour name"]),
        ('["r.g", "..r"]', '{ "(5,5)" = 1 }', "boards.start.(5,5)", ["node of the puzzle"]),
        ('["r.g", "..r"]', "7", "boards.start", ["0..2", "7"]),
        ('colors = ["off", "red", "green"]', 'colors = ["off", "red"]', "colors", ["3 colour"]),
        ("schema_version = 1", "schema_version = 2", "schema_version", ["1", "2"]),
        ('title = "Tiny"', "title = 5", "title", ["string"]),
        ('name = "tiny"', 'name = "Tiny Puzzle"', "name", ["lower-case"]),
        ('title = "Tiny"', 'title = "Tiny"\ncolour = "x"', "colour", ["schema's keys"]),
        ('title = "Tiny"', 'title = "Tiny"\nrule = "diagonal"', "rule", ["closed", "diagonal"]),
        ('title = "Tiny"', 'title = "Tiny"\nlit_only = "yes"', "lit_only", ["true or false"]),
        ("[boards]", "[nothing]\n[boards]", "nothing", ["schema's keys"]),
        ('start = ["r.g", "..r"]', "", "boards", ["at least one"]),
    ],
)
def test_bad_files_name_file_and_key(
    tmp_path: Path, old: str, new: str, key: str, words: list[str]
) -> None:
    assert old in GOOD
    f = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(CatalogError) as info:
        catalog.load_file(f)
    message = str(info.value)
    assert str(f) in message
    assert f"key {key!r}" in message
    for word in words:
        assert word in message


def test_invariants_and_sources_are_checked(tmp_path: Path) -> None:
    for extra, key in [
        ("[invariants]\nnullity = -1\n", "invariants.nullity"),
        ("[invariants]\ngenus = 3\n", "invariants.genus"),
        ("[invariants]\nall_solvable = 1\n", "invariants.all_solvable"),
        ('[[sources]]\nyear = "1995"\n', "sources[0].year"),
        ('[[sources]]\nshop = "x"\n', "sources[0].shop"),
    ]:
        f = write(tmp_path, GOOD + extra)
        with pytest.raises(CatalogError, match=rf"{f}.*key '{key}'".replace("[", r"\[")):
            catalog.load_file(f)


def test_the_former_invariant_name_reads_as_the_current_one(tmp_path: Path) -> None:
    # Entries written before the rename say kernel_size; they load with the current name.
    f = write(tmp_path, GOOD + "[invariants]\nkernel_size = 4\nnullity = 2\n")
    p = catalog.load_file(f)
    assert p.invariants == {"num_quiet_patterns": 4, "nullity": 2}
    f = write(tmp_path, GOOD + "[invariants]\nkernel_size = -4\n")
    with pytest.raises(CatalogError, match=r"key 'invariants\.num_quiet_patterns'"):
        catalog.load_file(f)


def test_edges_must_join_listed_nodes(tmp_path: Path) -> None:
    text = """
schema_version = 1
name = "edgy"
title = "Edgy"
[graph]
nodes = ["a", "b", "c"]
edges = [["a", "b"], ["b", "d"]]
[boards]
one = 1
"""
    f = write(tmp_path, text, "edgy.toml")
    with pytest.raises(CatalogError, match=r"key 'graph.edges\[1\]'.*'d' is not in graph.nodes"):
        catalog.load_file(f)
    good = catalog.load_file(write(tmp_path, text.replace('"d"', '"c"'), "edgy.toml"))
    assert good.nodes == ("a", "b", "c")
    assert good.graph.number_of_edges() == 2
    assert good.family == lo.FamilyInfo("graph", {})


def test_explicit_graph_forms(tmp_path: Path) -> None:
    text = """
schema_version = 1
name = "forms"
title = "Forms"
modulus = 3
goal = { "a" = 2 }
[graph]
nodes = ["a", "b"]
presses = { a = ["a", "b"], b = { a = 2 } }
[boards]
listed = [1, 2]
"""
    p = catalog.load_file(write(tmp_path, text, "forms.toml"))
    assert p.rule == "weighted"
    assert p.toggle_matrix().toarray().tolist() == [[1, 2], [1, 0]]
    assert p.goal.tolist() == [2, 0]
    assert lo.solve(p, p.boards["listed"]).verify()
    coords = """
schema_version = 1
name = "coords"
title = "Coords"
[graph]
nodes = [[0, 0], [0, 1]]
edges = [[[0, 0], [0, 1]]]
directed = true
[boards]
row = ["*."]
"""
    q = catalog.load_file(write(tmp_path, coords, "coords.toml"))
    assert q.nodes == ((0, 0), (0, 1))
    assert q.graph.is_directed()
    assert q.boards["row"].tolist() == [1, 0]


def test_unreadable_and_non_toml_files(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="cannot be read"):
        catalog.load_file(tmp_path / "missing.toml")
    f = write(tmp_path, "name = [unclosed")
    with pytest.raises(CatalogError, match=rf"{f}: not a valid TOML file"):
        catalog.load_file(f)


@pytest.mark.parametrize(
    ("graph", "top", "key"),
    [
        ('family = "merlin"', 'rule = "open"', "rule"),
        ('presses = { a = ["a"] }\npressable = ["a"]', "", "graph.pressable"),
        ('presses = { a = ["a"] }', 'rule = "closed"', "rule"),
        ('family = "grid"\nparams = { m = 2, n = 2, modulus = 3 }', "", "graph.params.modulus"),
        ('family = "grid"\nnodes = [1]', "", "graph"),
        ("edges = [[1, 2]]", "", "graph.nodes"),
        ("nodes = [1, 1]", "", "graph.nodes"),
        ("nodes = [1.5]", "", "graph.nodes"),
        ("nodes = [1, 2]\nedges = [[1, 2, 0.5]]", "", "graph.edges[0]"),
        ("nodes = [1, 2]\ndirected = 1", "", "graph.directed"),
        ('family = "grid"\nshape = [2, 2]', "", "graph.shape"),
    ],
)
def test_bad_graph_tables(tmp_path: Path, graph: str, top: str, key: str) -> None:
    text = f"""
schema_version = 1
name = "g"
title = "G"
{top}
[graph]
{graph}
[boards]
zero = 0
"""
    f = write(tmp_path, text, "g.toml")
    with pytest.raises(CatalogError) as info:
        catalog.load_file(f)
    assert f"{f}: key {key!r}" in str(info.value)


@pytest.mark.parametrize(
    "colour",
    [
        "var(--x, url(http://example.com/beacon))",
        "url(http://example.com/x)",
        "image-set(url(x.png) 1x)",
        "red; background: url(x)",
        "rgb(1, 2, url(x))",
        "#12",
        "-webkit-image-set(url(x))",
    ],
)
def test_colours_that_could_load_anything_are_refused(tmp_path: Path, colour: str) -> None:
    text = GOOD.replace('"green"]', f"'{colour}']")
    with pytest.raises(CatalogError, match=r"tiny\.toml: key 'colors\[2\]'"):
        catalog.load_file(write(tmp_path, text))


@pytest.mark.parametrize(
    "colour", ["Green", "#0f0", "#00ff0080", "rgb(0, 255, 0)", "hsl(120deg 100% 50% / 0.5)"]
)
def test_plain_colour_syntax_is_accepted(tmp_path: Path, colour: str) -> None:
    text = GOOD.replace('"green"]', f"'{colour}']").replace('["r.g", "..r"]', '["1.2", "..1"]')
    assert catalog.load_file(write(tmp_path, text)).colors[2] == colour


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


def test_explicit_graph_with_lights(tmp_path: Path) -> None:
    p = catalog.load_file(write(tmp_path, EXPLICIT, "entry.toml"))
    assert p.lights == ("a", "b") and p.n == 2
    assert p.boards["both"].tolist() == [1, 1]
    assert lo.solve(p, p.boards["both"]).presses == {"a": 0, "s": 1, "b": 0}


def test_press_pattern_with_lights(tmp_path: Path) -> None:
    p = catalog.load_file(write(tmp_path, PATTERN, "entry.toml"))
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
    f = write(
        tmp_path, text.replace(old, new).replace("[boards]\nfirst = { r1 = 1 }\n", ""), "entry.toml"
    )
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
