"""Puzzles, nodes and certificates in words: one home for every label, title and reason."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from lightsout_graphs.algorithms import solver
from lightsout_graphs.interfaces.play.model import play_data
from lightsout_graphs.representation import boards
from lightsout_graphs.representation._describe import (
    counted,
    describe_certificate,
    family_label,
    is_directed,
    node_json,
    node_label,
    puzzle_label,
    puzzle_summary,
)
from lightsout_graphs.representation.families import make


def test_node_label_is_the_board_text_name() -> None:
    assert node_label((0, 1, 1)) == "(0,1,1)"
    assert node_label((3,)) == "(3,)"
    assert node_label(("a", (1, 2))) == "(a,(1,2))"
    assert node_label(np.int64(5)) == "5"
    assert boards.node_label is node_label


def test_node_json() -> None:
    assert node_json((1, (2, "a"))) == [1, [2, "a"]]
    assert node_json(np.int64(3)) == 3
    assert node_json(np.float64(0.5)) == 0.5
    assert node_json(np.bool_(True)) is True
    assert node_json(frozenset()) == "frozenset()"
    assert node_json(None) is None
    assert json.dumps(node_json(float("inf"))) == '"inf"'


def test_one_title_everywhere() -> None:
    for p in (lo.grid(2, 3), catalog.load("lights-out"), lo.Puzzle(nx.path_graph(3))):
        assert puzzle_label(p) == boards.puzzle_label(p)
        assert play_data(p)["title"] == puzzle_label(p)
        assert puzzle_label(p) in puzzle_summary(p).split(":")[0]
    assert puzzle_label(lo.grid(2, 3)) == "grid 2×3"
    assert play_data(lo.grid(2, 3), title="Mine")["title"] == "Mine"


def test_certificate_with_the_board() -> None:
    p = lo.grid(1, 20, modulus=2)
    cert = dict.fromkeys(p.nodes, 1)
    words = describe_certificate(p, cert, state=p.state_vector(1), target=p.state_vector(0))
    assert "and 8 more" in words
    assert words.endswith("no press changes the parity of that sum")
    q = lo.grid(1, 2, modulus=5)
    words = describe_certificate(q, {(0, 0): 2, (0, 1): 1}, state=[1, 1], target=[0, 0])
    assert words.startswith("the weighted sum 2·(0,0) + (0,1) of the lights must be 0 mod 5")
    assert "on this board it is 3" in words
    words = describe_certificate(q, {(0, 0): 1, (0, 1): 1}, state=[1, 1], target=[0, 0])
    assert words.startswith("the sum of the lights at (0,0), (0,1) must be 0 mod 5")


def test_certificate_without_the_board_is_what_solve_says() -> None:
    q = lo.grid(1, 2, modulus=5)
    words = describe_certificate(q, {(0, 0): 2, (0, 1): 6}, 3)
    assert words == (
        "no press changes the weighted sum of the lights at 2·(0,0), (0,1) (mod 5), "
        "and the board must change it by 3"
    )
    assert solver.describe_certificate(q, {(0, 0): 2, (0, 1): 6}, 3) == words


def test_puzzle_label() -> None:
    assert puzzle_label(make("hypercube", d=3)) == "hypercube d=3"
    from lightsout_graphs import catalog

    assert puzzle_label(catalog.load("lights-out")) == "Lights Out"


def test_weights_on_integer_labels_do_not_read_as_arithmetic() -> None:
    p = lo.Puzzle(nx.empty_graph(4), modulus=3)
    words = describe_certificate(p, {1: 1, 3: 2}, 1)
    assert "2·[3]" in words and "2·3" not in words
    words = describe_certificate(p, {1: 1, 3: 2}, state=[0, 1, 0, 0], target=[0, 0, 0, 0])
    assert "the weighted sum 1 + 2·[3] of the lights" in words
    grid = lo.grid(1, 4, modulus=3)
    assert "2·(0,3)" in describe_certificate(grid, {(0, 1): 1, (0, 3): 2}, 1)


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (counted(1, "solution"), "1 solution"),
        (counted(4, "solution"), "4 solutions"),
        (counted(2, "press", "presses"), "2 presses"),
        (counted(2**20000, "solution", modulus=2), "2^20000 (about 10^6020.6) solutions"),
        (node_json(float("nan")), "nan"),
        (family_label(lo.grid(5, 7)), "grid 5×7"),
        (family_label(lo.Puzzle(nx.path_graph(4))), None),
        (puzzle_label(lo.Puzzle(nx.path_graph(4))), "graph with 4 lights"),
        (
            puzzle_summary(lo.grid(2, 3, modulus=3)),
            "grid 2×3: 6 lights, 7 edges, closed rule, modulus 3",
        ),
        (puzzle_summary(lo.grid(1, 2)), "grid 1×2: 2 lights, 1 edge, closed rule, modulus 2"),
        (
            describe_certificate(
                lo.grid(1, 3, rule="open"), {(0, 0): 1, (0, 2): 1}, state=[1, 0, 0], target=[0] * 3
            ),
            (
                "the lights at (0,0), (0,2) must have an even sum to reach the target, but on this "
                "board it is odd; no press changes the parity of that sum"
            ),
        ),
        (
            describe_certificate(lo.Puzzle(nx.empty_graph(2), rule="open"), {0: 1}, 1),
            "no press changes the sum of the lights at 0 (mod 2), and the board must change it by 1",
        ),
    ],
)
def test_words(words: object, expected: object) -> None:
    assert words == expected


def test_is_directed_without_building_the_graph() -> None:
    big = lo.grid(300, 300)
    assert not is_directed(big) and big._graph is None
    assert is_directed(lo.Puzzle(nx.DiGraph([(0, 1)])))
    assert is_directed(lo.stencil((200, 200), [(0, 1)]))
