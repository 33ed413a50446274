"""Tests of the board text format: parsing, formatting, errors and round trips."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import BoardFormatError, InvalidStateError
from lightsout_graphs.representation.boards import (
    format_board,
    format_presses,
    grid_layout,
    node_label,
    parse_board,
)
from lightsout_graphs.representation.families import make


def coloured(m: int, n: int, colors: list[str]) -> lo.Puzzle:
    return lo.grid(m, n, modulus=len(colors)).with_metadata(colors=colors)


# -- grid layout ------------------------------------------------------------------------------


def test_grid_layout_of_grids_and_others() -> None:
    layout = grid_layout(lo.grid(3, 4))
    assert layout is not None
    assert layout.shape == (3, 4)
    assert layout.cells[(2, 1)] == (2, 1)
    assert layout.at[(0, 3)] == (0, 3)
    assert grid_layout(lo.Puzzle(nx.path_graph(4))) is None
    assert grid_layout(lo.grid(2, 2, 2)) is None  # 3-D coordinates: node-order format
    assert grid_layout(make("torus", shape=(3, 3))) is not None


def test_grid_layout_offsets_and_sparse_layouts() -> None:
    shifted = lo.Puzzle(nx.relabel_nodes(nx.grid_2d_graph(2, 3), lambda v: (v[0] - 5, v[1] + 2)))
    layout = grid_layout(shifted)
    assert layout is not None
    assert layout.shape == (2, 3)
    assert layout.cells[(-5, 2)] == (0, 0)
    diagonal = lo.Puzzle(nx.Graph([((0, 0), (5, 5))]))  # 2 cells of a 6×6 box
    assert grid_layout(diagonal) is None
    with_bool = lo.Puzzle(nx.Graph([((True, 0), (0, 1))]))
    assert grid_layout(with_bool) is None


def test_node_label() -> None:
    assert node_label((0, 1, 1)) == "(0,1,1)"
    assert node_label((3,)) == "(3,)"
    assert node_label(("a", (1, 2))) == "(a,(1,2))"
    assert node_label("x") == "x"


# -- grid boards ------------------------------------------------------------------------------


def test_parse_grid_symbols_whitespace_and_slashes() -> None:
    p = lo.grid(2, 3)
    expected = [0, 1, 0, 1, 1, 0]
    for text in (".*.\n**.", "0 1 0\n1 1 0\n", "\n  .*.  \n\n**.\n\n", ".*./**.", "0 1 0 / 1 1 0/"):
        assert parse_board(p, text).tolist() == expected, text


def test_parse_grid_digits_and_colour_initials() -> None:
    p = coloured(2, 2, ["off", "red", "green"])
    assert parse_board(p, "rg\n.2").tolist() == [1, 2, 0, 2]
    assert parse_board(p, "RG\nO*").tolist() == [1, 2, 0, 1]
    assert format_board(p, [1, 2, 0, 2], colors=True) == "rg\n.g"
    assert format_board(p, [1, 2, 0, 2], colors=None) == "rg\n.g"
    assert format_board(p, [1, 2, 0, 2]) == "12\n.2"


def test_ambiguous_colour_initials_are_not_letters() -> None:
    p = coloured(1, 3, ["off", "orange", "green"])
    with pytest.raises(BoardFormatError, match=r"line 1, column 1: expected .* found 'o'"):
        parse_board(p, "o..")
    with pytest.raises(BoardFormatError, match="different letters"):
        format_board(p, [0, 1, 2], colors=True)
    assert format_board(p, [0, 1, 2], colors=None) == ".12"


def test_large_modulus_uses_numbers() -> None:
    p = lo.grid(2, 2, modulus=12)
    text = format_board(p, [11, 0, 3, 10])
    assert text == "11  .\n 3 10"
    assert parse_board(p, text).tolist() == [11, 0, 3, 10]
    assert parse_board(p, "11 0/3 10").tolist() == [11, 0, 3, 10]
    with pytest.raises(BoardFormatError, match=r"line 1, column 1: value 12 is too large"):
        parse_board(p, "12 0\n0 0")


def test_grid_with_holes() -> None:
    g = nx.grid_2d_graph(2, 3)
    g.remove_node((1, 1))
    p = lo.Puzzle(g)
    vec = p.state_vector({(1, 2): 1, (0, 0): 1})
    text = format_board(p, vec)
    assert text == "*..\n.#*"
    assert parse_board(p, text).tolist() == vec.tolist()
    assert parse_board(p, "*..\n..*").tolist() == vec.tolist()  # '.' is accepted at a hole
    with pytest.raises(BoardFormatError, match=r"line 2, column 2: expected '#'.*found '\*'"):
        parse_board(p, "*..\n.**")
    with pytest.raises(BoardFormatError, match=r"line 1, column 3: row 1, column 3 is a light"):
        parse_board(p, "*.#\n.#*")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".*.\n*x.", r"line 2, column 2: expected '\.', '\*', '0' or '1', found 'x'"),
        (".*.\n*2.", r"line 2, column 2: value 2 is too large for modulus 2"),
        (".*.\n*.", r"line 2, column 3: expected 3 cells in row 2, found 2"),
        (".*.\n*...", r"line 2, column 4: expected 3 cells in row 2, found more"),
        (".*.\n*..\n...", r"line 3, column 1: expected 2 rows, found a row 3"),
        (".*.", r"line 1, column 4: expected 2 rows, found 1"),
        (".*./*. ", r"line 1, column 7: expected 3 cells in row 2, found 2"),
        ("   \n ", r"empty"),
    ],
)
def test_grid_parse_errors_name_line_and_column(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message):
        parse_board(lo.grid(2, 3), text)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(BoardFormatError, match="must be a str, not list"):
        parse_board(lo.grid(2, 2), [".", "."])  # type: ignore[arg-type]


def test_format_grid_board_and_presses() -> None:
    p = lo.grid(2, 3)
    assert format_board(p, [0, 1, 0, 1, 1, 0]) == ".*.\n**."
    assert format_presses(p, [0, 1, 0, 1, 1, 0]) == ".1.\n11."
    assert format_presses(p, {(1, 2): 1}) == "...\n..1"
    with pytest.raises(InvalidStateError):
        format_board(p, [0, 1])


# -- other puzzles ----------------------------------------------------------------------------


def test_node_order_and_pairs() -> None:
    p = lo.Puzzle(nx.path_graph(4), modulus=3)
    assert parse_board(p, "0 1\n2 1").tolist() == [0, 1, 2, 1]
    assert parse_board(p, "3=2 1=1").tolist() == [0, 1, 0, 2]
    assert parse_board(p, ". * 2 0").tolist() == [0, 1, 2, 0]
    assert format_board(p, [0, 1, 2, 1]) == "0 1 2 1"
    assert format_presses(p, [0, 1, 0, 2]) == "1=1 3=2"
    assert format_presses(p, [0, 0, 0, 0]) == "0 0 0 0"


def test_tuple_nodes_and_colour_names() -> None:
    p = lo.grid(1, 2, 2, modulus=3).with_metadata(colors=["off", "red", "green"])
    assert parse_board(p, "(0,1,1)=green (0,0,0)=r").tolist() == [1, 0, 0, 2]
    assert parse_board(p, "off Red 2 g").tolist() == [0, 1, 2, 2]
    text = format_presses(p, {(0, 1, 0): 2})
    assert text == "(0,1,0)=2"
    assert parse_board(p, text).tolist() == [0, 0, 2, 0]


def test_long_listings_wrap() -> None:
    p = lo.Puzzle(nx.path_graph(100))
    text = format_board(p, np.ones(100, dtype=int))
    assert all(len(line) <= 79 for line in text.splitlines())
    assert len(text.splitlines()) > 1
    assert parse_board(p, text).tolist() == [1] * 100


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 1 x 0", r"line 1, column 5: expected '\.', '\*', '0' or '1', found 'x'"),
        ("0 1\n0", r"line 2, column 2: expected 4 values in node order, found 3 \(node 3"),
        ("0 1 0 1 1", r"line 1, column 9: expected 4 values in node order, found more"),
        ("1=1 9=1", r"line 1, column 5: unknown node '9' \(the nodes are 0, 1, 2, 3\)"),
        ("1=1\n  1=0", r"line 2, column 3: node '1' is given twice \(first at line 1, column 1\)"),
        ("1=1 0", r"line 1, column 5: expected a node=value pair"),
        ("1=5", r"line 1, column 1 \(value of node 1\): value 5 is too large"),
    ],
)
def test_listing_parse_errors(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message):
        parse_board(lo.Puzzle(nx.path_graph(4)), text)


def test_ambiguous_labels() -> None:
    g = nx.Graph([(1, "1"), ("1", 2)])  # the int 1 and the string "1" have one label
    p = lo.Puzzle(g)
    with pytest.raises(BoardFormatError, match="fits several nodes"):
        parse_board(p, "1=1")
    assert format_presses(p, [1, 0, 1]) == "1 0 1"  # falls back to node order
    assert parse_board(p, "1 0 1").tolist() == [1, 0, 1]


# -- round trips ------------------------------------------------------------------------------


@st.composite
def grid_boards(draw: st.DrawFn) -> tuple[lo.Puzzle, np.ndarray]:
    m = draw(st.integers(1, 6))
    n = draw(st.integers(1, 6))
    k = draw(st.sampled_from([2, 3, 4, 7, 10, 11, 16]))
    puzzle = lo.grid(m, n, modulus=k)
    if draw(st.booleans()):
        names = ["off", "red", "green", "blue", "yellow", "white", "cyan"]
        palette = names[:k] if k <= len(names) else [f"c{i}" for i in range(k)]
        puzzle.with_metadata(colors=palette)
    values = draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n))
    return puzzle, np.array(values, dtype=np.int64)


@given(grid_boards(), st.booleans())
def test_grid_round_trip(case: tuple[lo.Puzzle, np.ndarray], as_presses: bool) -> None:
    puzzle, vec = case
    text = format_presses(puzzle, vec) if as_presses else format_board(puzzle, vec, colors=None)
    assert parse_board(puzzle, text).tolist() == vec.tolist()


@st.composite
def graph_boards(draw: st.DrawFn) -> tuple[lo.Puzzle, np.ndarray]:
    n = draw(st.integers(1, 30))
    kind = draw(st.sampled_from(["ints", "strings", "tuples"]))
    g = nx.gnp_random_graph(n, 0.3, seed=draw(st.integers(0, 1000)))
    if kind == "strings":
        g = nx.relabel_nodes(g, {i: f"v{i}" for i in range(n)})
    elif kind == "tuples":
        g = nx.relabel_nodes(g, {i: (i % 3, i // 3, 0) for i in range(n)})
    k = draw(st.sampled_from([2, 3, 5, 12]))
    puzzle = lo.Puzzle(g, modulus=k)
    values = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    return puzzle, np.array(values, dtype=np.int64)


@given(graph_boards(), st.booleans())
def test_graph_round_trip(case: tuple[lo.Puzzle, np.ndarray], as_presses: bool) -> None:
    puzzle, vec = case
    text = format_presses(puzzle, vec) if as_presses else format_board(puzzle, vec)
    assert parse_board(puzzle, text).tolist() == vec.tolist()


def test_catalog_boards_round_trip() -> None:
    from lightsout_graphs import catalog

    for name in ("lights-out", "lights-out-2000", "lights-out-cube"):
        puzzle = catalog.load(name)
        for board in puzzle.boards.values():
            for colors in (False, None):
                text = format_board(puzzle, board, colors=colors)
                assert parse_board(puzzle, text).tolist() == board.tolist()


def test_board_text_longer_than_the_puzzle_allows_is_refused() -> None:
    from lightsout_graphs.representation.boards import board_text_limit

    p = lo.grid(5, 5)
    limit = board_text_limit(p)
    assert limit == 4096 + 25 * 9
    ok = ".....\n" * 5
    assert parse_board(p, ok + " " * (limit - len(ok))).tolist() == [0] * 25
    with pytest.raises(BoardFormatError, match="fits in 4321"):
        parse_board(p, ok + " " * (limit - len(ok) + 1))
    q = lo.Puzzle(nx.path_graph(3), modulus=1000)
    assert board_text_limit(q) == 4096 + 3 * (3 + 72)


@pytest.mark.parametrize("text", ["{run} " + "0 " * 2999, "0={run}", "0000{run}"])
def test_a_run_of_more_digits_than_python_converts_is_a_format_error(text: str) -> None:
    p = lo.Puzzle(nx.path_graph(3000), modulus=3)
    with pytest.raises(BoardFormatError, match=r"\(4301 digits\) is too large for modulus 3"):
        parse_board(p, text.format(run="1" * 4301))
    # Leading zeros are no value: a long run of them still reads as 0.
    assert parse_board(p, "0=" + "0" * 5000 + "2")[0] == 2


def test_format_board_colors_must_be_a_flag() -> None:
    with pytest.raises(BoardFormatError, match="'colors' must be True, False or None"):
        format_board(lo.grid(2, 2), 0, colors=np.ones(4))  # type: ignore[arg-type]


def test_presses_on_buttons_without_lights_round_trip() -> None:
    q = lo.ring_puzzle("16-cell")  # its buttons are the vertices, its lights the rings
    text = lo.format_presses(q, {"v0": 1})
    back = lo.parse_board(q.every_node_lit(), text)
    assert q.every_node_lit().as_dict(back)["v0"] == 1 and back.sum() == 1
    with pytest.raises(
        lo.BoardFormatError, match=r"parse_board\(puzzle.every_node_lit\(\), text\)"
    ):
        lo.parse_board(q, text)
