"""The play page with buttons that carry no light (4-D ring puzzles, rectangular press maps)."""

from __future__ import annotations

from typing import Any

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.play.model import play_data


def test_play_data_marks_the_lights_and_keeps_states_per_node() -> None:
    p = lo.Puzzle(nx.path_graph(3), lights=[0, 2])
    data = play_data(p, state=[1, 1])
    assert data["lit"] == [True, False, True]
    # A press never changes the middle node, which has no light.
    assert data["columns"] == [[[0, 1]], [[0, 1], [2, 1]], [[2, 1]]]
    assert data["goal"] == [0, 0, 0]
    given = data["boards"][data["start"]]
    assert given["state"] == [1, 0, 1] and given["solution"] == [0, 1, 0]
    assert "lit" not in play_data(lo.grid(2, 2))


def test_random_board_of_a_ring_puzzle_is_solved_by_its_presses() -> None:
    p = lo.ring_puzzle("24-cell")
    data = play_data(p, seed=5)
    board = data["boards"][0]
    state = np.array(board["state"])
    assert not state[: len(p.pressable)].any()  # the vertices carry no light
    rings = state[p.light_rows]
    presses = {u: c for u, c in zip(p.nodes, board["solution"], strict=True) if c}
    assert p.apply(list(rings), presses) == dict.fromkeys(p.lights, 0)


def test_page_presses_buttons_and_shows_them_without_lights(open_game: Any) -> None:
    puzzle = lo.ring_puzzle("16-cell")
    game = open_game(puzzle, state={"r0": 1, "r1": 1, "r2": 1})
    unlit = game.page.eval_on_selector_all(
        "[data-node].lo-unlit", "els => els.map(e => JSON.parse(e.dataset.node))"
    )
    assert unlit == [f"v{i}" for i in range(8)]
    facts = game.page.text_content(".lo-facts") or ""
    assert facts.startswith("6 lights · 8 buttons without lights")
    label = game.page.get_attribute(game.selector("v0"), "aria-label") or ""
    assert label.startswith("Button v0 (no light)")
    game.click("v0")  # clears r0, r1 and r2
    state = game.state()
    assert all(state[v] == 0 for v in puzzle.nodes)
    assert game.moves() == 1
    assert "lo-solved" in (game.page.get_attribute(".lo-play", "class") or "")


def test_widget_states_name_the_lights() -> None:
    pytest.importorskip("anywidget")
    from lightsout_graphs.play import PlayWidget

    p = lo.ring_puzzle("16-cell")
    w = PlayWidget(p)
    w.state = {"r0": 1, "r1": 1, "r2": 1}
    assert list(w.state) == list(p.lights)
    assert w.remaining is not None and sum(w.remaining.values()) >= 1
    w.press("v0")
    assert w.state == dict.fromkeys(p.lights, 0) and w.moves == 1
    assert w.solve().num_presses == 0
