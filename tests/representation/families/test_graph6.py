"""Graph6 strings and files."""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx
import pytest

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import from_graph6, iter_graph6, read_graph6


def test_from_graph6_round_trips() -> None:
    g = nx.petersen_graph()
    text = nx.to_graph6_bytes(g, header=False).strip()
    p = from_graph6(text)
    assert nx.is_isomorphic(p.graph, g)
    assert p.nodes == tuple(range(10))
    assert from_graph6(text.decode()).graph.number_of_edges() == 15
    assert from_graph6(">>graph6<<" + text.decode()).n == 10
    assert p.family is not None and p.family.name == "graph6"


def test_known_strings() -> None:
    assert from_graph6("Bw").graph.number_of_edges() == 3  # the triangle
    assert from_graph6("A_").graph.number_of_edges() == 1
    assert from_graph6("A?").graph.number_of_edges() == 0


def test_read_file_like_geng(tmp_path: Path) -> None:
    # geng 3 writes the four graphs on 3 nodes, one a line
    f = tmp_path / "g3.g6"
    f.write_text("B?\nBO\nBW\nBw\n")
    puzzles = read_graph6(f, modulus=3)
    assert [q.graph.number_of_edges() for q in puzzles] == [0, 1, 2, 3]
    assert all(q.modulus == 3 for q in puzzles)


def test_bad_line_names_its_number(tmp_path: Path) -> None:
    f = tmp_path / "bad.g6"
    f.write_text("Bw\n\nB!!!!\n")
    with pytest.raises(InvalidPuzzleError, match=r"line 3"):
        read_graph6(f)
    with pytest.raises(InvalidPuzzleError, match=r"line 2"):
        list(iter_graph6(["Bw", "\x7f\x7f"]))


def test_other_errors(tmp_path: Path) -> None:
    with pytest.raises(InvalidPuzzleError, match="Cannot read"):
        read_graph6(tmp_path / "missing.g6")
    with pytest.raises(InvalidPuzzleError, match="2 graphs"):
        from_graph6("Bw\nBw")
    with pytest.raises(InvalidPuzzleError, match="data"):
        from_graph6(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzleError, match="empty"):
        from_graph6("   ")


@pytest.mark.parametrize("path", [True, 0, 1, -5, "x\x00y", 2.5])
def test_read_graph6_takes_file_names_only(path: object) -> None:
    # An int was a file descriptor to open(): read_graph6(0) read standard input, and
    # read_graph6(True) closed standard output.
    with pytest.raises(InvalidPuzzleError, match=r"'path' must be a file name|Cannot read"):
        read_graph6(path)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("D\x00c", "character 1 is outside '?'..'~'"),
        ("ÿ", "character 0 is outside '?'..'~'"),
        (":Dhc", "is sparse6, not graph6"),
        ("&Dhc", "is digraph6, not graph6"),
    ],
)
def test_text_that_is_not_graph6_is_named(data: str, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=re.escape(message)):
        from_graph6(data)
