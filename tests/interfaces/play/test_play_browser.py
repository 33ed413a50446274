"""The play page in a real chromium: presses follow the toggle matrix, hints solve, keys work."""

from __future__ import annotations

import json
import struct
from collections.abc import Hashable
from typing import Any

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog, families
from lightsout_graphs.representation.puzzle import Puzzle

pytestmark = pytest.mark.browser


def asymmetric_puzzle() -> Puzzle:
    """A weighted DiGraph mod 3 whose presses are not symmetric (u reaches v, not back)."""
    g = nx.DiGraph()
    g.add_nodes_from(["a", "b", "c", "d"], self_weight=1)
    g.nodes["d"]["self_weight"] = 2
    g.add_edge("a", "b", weight=1)
    g.add_edge("b", "c", weight=2)
    g.add_edge("c", "a", weight=1)
    g.add_edge("d", "a", weight=2)
    g.add_edge("a", "d", weight=1)
    return Puzzle(g, modulus=3, rule="weighted")


PUZZLES = {
    "grid 5x5": lambda: lo.grid(5, 5),
    "mod 3 petersen": lambda: families.petersen(modulus=3),
    "merlin": families.merlin,
    "weighted digraph mod 3": asymmetric_puzzle,
    "cube": families.cube_surface,
    "catalog merlin (goal: the magic square)": lambda: catalog.load("merlin"),
}


def expected_after(puzzle: Puzzle, state: dict[Hashable, int], node: Hashable) -> dict:
    """What the library says one press does: state + T[:, node] (mod k)."""
    t = puzzle.toggle_matrix().toarray()
    vec = puzzle.state_vector(state)
    return puzzle.as_dict((vec + t[:, puzzle.index[node]]) % puzzle.modulus)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_click_changes_exactly_the_toggle_column(open_game: Any, name: str) -> None:
    puzzle = PUZZLES[name]()
    game = open_game(puzzle, seed=3)
    rng = np.random.default_rng(0)
    nodes = list(puzzle.pressable)
    chosen = nodes if len(nodes) <= 10 else [nodes[i] for i in rng.choice(len(nodes), 8, False)]
    after = game.state()
    for count, node in enumerate(chosen, start=1):
        before = after  # the board as read after the last click: nothing changed it since
        game.click(node)
        after = game.state()
        assert after == expected_after(puzzle, before, node), node
        changed = {v for v in puzzle.nodes if after[v] != before[v]}
        column = puzzle.toggle_matrix().toarray()[:, puzzle.index[node]]
        assert changed == {v for v in puzzle.nodes if column[puzzle.index[v]] % puzzle.modulus}
        assert game.moves() == count


def test_asymmetric_press_is_one_way(open_game: Any) -> None:
    puzzle = asymmetric_puzzle()
    game = open_game(puzzle)
    game.page.click("#new-board")
    before = game.state()
    game.click("b")  # b reaches c (by 2) and itself, not a
    after = game.state()
    assert after["a"] == before["a"]
    assert after["c"] == (before["c"] + 2) % 3
    assert after["b"] == (before["b"] + 1) % 3


@pytest.mark.parametrize(
    "name",
    ["grid 5x5", "mod 3 petersen", "merlin", "cube", "catalog merlin (goal: the magic square)"],
)
def test_following_hints_from_a_random_board_reaches_the_target(open_game: Any, name: str) -> None:
    puzzle = PUZZLES[name]()
    game = open_game(puzzle)
    game.page.click("#new-board")
    start = game.state()
    board = puzzle.state_vector(start)
    assert lo.is_solvable(puzzle, board)
    game.page.click("#hint")
    hinted = game.hinted()
    assert hinted, "a random board needs presses"
    presses = 0
    while hinted:
        game.click(hinted[0])
        presses += 1
        assert presses <= puzzle.n * puzzle.modulus
        hinted = game.hinted()
    assert game.state() == puzzle.as_dict(puzzle.goal)
    assert "Solved" in (game.page.text_content("#status") or "")
    assert game.moves() == presses
    goal_shown = game.page.query_selector(".lo-goal") is not None
    assert goal_shown == bool(puzzle.goal.any())


def test_fewest_presses_matches_the_library_minimum(open_game: Any) -> None:
    puzzle = lo.grid(5, 5)  # four solutions per solvable board
    game = open_game(puzzle, seed=11)
    board = puzzle.state_vector(game.state())
    best = lo.solve(puzzle, board, minimize=True)
    game.page.click("#fewest")
    hinted = game.hinted()
    assert len(hinted) == best.num_presses
    assert str(best.num_presses) in (game.page.text_content("#status") or "")
    replay = puzzle.apply(board, dict.fromkeys(hinted, 1))
    assert replay == puzzle.as_dict(puzzle.goal)


def test_undo_restores_and_redo_replays(open_game: Any) -> None:
    puzzle = families.petersen(modulus=3)
    game = open_game(puzzle)
    states = [game.state()]
    for node in [0, 4, 4, 7]:
        game.click(node)
        states.append(game.state())
    assert game.moves() == 4
    for expected in reversed(states[:-1]):
        game.page.click("#undo")
        assert game.state() == expected
    assert game.moves() == 0
    assert game.page.is_disabled("#undo")
    game.page.click("#redo")
    game.page.click("#redo")
    assert game.state() == states[2]
    game.page.click("#reset")
    assert game.state() == states[0]
    assert game.moves() == 0


def test_keyboard_moves_and_presses(open_game: Any) -> None:
    puzzle = lo.grid(4, 5)
    game = open_game(puzzle)
    page = game.page
    page.keyboard.press("Tab")  # into the toolbar
    for _ in range(12):  # tab onwards until a light has the focus
        if page.evaluate("document.activeElement.dataset.node !== undefined"):
            break
        page.keyboard.press("Tab")
    focus = "document.activeElement.dataset.node"
    assert page.evaluate(focus) == "[0,0]"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focus) == "[1,2]"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focus) == "[1,1]"
    before = game.state()
    page.keyboard.press("Enter")
    assert game.state() == expected_after(puzzle, before, (1, 1))
    page.keyboard.press("ArrowUp")
    assert page.evaluate(focus) == "[0,1]"
    before = game.state()
    page.keyboard.press(" ")
    assert game.state() == expected_after(puzzle, before, (0, 1))
    assert game.moves() == 2
    page.keyboard.press("ArrowUp")  # at the edge the focus stays
    assert page.evaluate(focus) == "[0,1]"
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Light (0,1): ")  # node labels as in board text
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"


def test_named_boards_colours_and_lit_only(open_game: Any) -> None:
    puzzle = lo.grid(3, 3, modulus=3).with_metadata(
        title="Three colours",
        colors=("black", "red", "lime"),
        boards={"corner": {(0, 0): 2}, "centre": {(1, 1): 1}},
        lit_only=True,
    )
    game = open_game(puzzle)
    page = game.page
    assert page.text_content("h1") == "Three colours"
    assert game.state() == puzzle.as_dict(puzzle.boards["corner"])
    page.select_option("#board", label="centre")
    assert game.state() == puzzle.as_dict(puzzle.boards["centre"])
    fill = page.eval_on_selector(game.selector((1, 1)) + " .lo-cell", "e => e.style.fill")
    assert fill == "red"
    before = game.state()
    game.click((0, 0))  # dark: the lit-only rule refuses the press
    assert game.state() == before
    assert game.moves() == 0
    assert "only lit" in (page.text_content("#status") or "")
    game.click((1, 1))
    assert game.state() == expected_after(puzzle, before, (1, 1))


def test_unpressable_lights_do_not_press(open_game: Any) -> None:
    puzzle = lo.grid(2, 3, pressable=[(0, 0), (1, 2)])
    game = open_game(puzzle)
    before = game.state()
    game.page.click(game.selector((0, 1)), force=True)  # aria-disabled: Playwright would wait
    assert game.state() == before
    assert game.page.get_attribute(game.selector((0, 1)), "aria-disabled") == "true"
    game.click((1, 2))
    assert game.state() == expected_after(puzzle, before, (1, 2))


def test_every_control_runs_without_console_errors(open_game: Any) -> None:
    game = open_game(families.hypercube(3))
    for control in ["#hint", "#fewest", "#new-board", "#reset", "#hint"]:
        game.page.click(control)
    game.click(game.puzzle.nodes[0])
    game.page.click("#undo")
    game.page.click("#redo")
    game.page.hover(game.selector(game.puzzle.nodes[1]))
    assert game.errors == []
    for attr in ["hint", "undo", "redo", "reset", "new-board", "moves"]:
        assert game.page.query_selector(f"#{attr}") is not None


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_screenshot(open_game: Any, tmp_path: Any) -> None:
    game = open_game(lo.grid(5, 5), seed=5)
    game.page.click("#hint")
    path = tmp_path / "play.png"
    data = game.page.screenshot(path=str(path), full_page=True)
    width, height = png_size(data)
    assert (width, height) == (1000, 800) or (width >= 1000 and height >= 600)
    assert path.stat().st_size > 10_000  # a drawn board, not a blank page
    box = game.page.locator("svg.lo-board").bounding_box()
    assert box is not None
    assert box["width"] > 200
    assert box["height"] > 200


def test_widget_front_end_syncs_with_its_model(play_tab: Any, tmp_path: Any) -> None:
    """The anywidget entry point of play.js, with a stand-in for the notebook's model.

    It opens in the module's shared page, which records console errors and warnings, uncaught
    errors and requests that leave file: addresses."""
    pytest.importorskip("anywidget")
    from lightsout_graphs.interfaces.play import PlayWidget
    from lightsout_graphs.interfaces.play.page import static_text

    puzzle = lo.grid(3, 3, modulus=3)
    widget = PlayWidget(puzzle, seed=8)
    widget.press((2, 2))  # Python changes the board before the view is shown
    store = {
        "_data": widget._data,
        "_values": widget._values,
        "_remaining": widget._remaining,
        "moves": 0,
    }
    page_text = f"""<!DOCTYPE html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"><style>{static_text("play.css")}</style></head>
<body><div id="w"></div><script type="module">
{static_text("play.js")}
const store = {json.dumps(store)};
const listeners = {{}};
window.saved = [];
const model = {{
  get: (key) => store[key],
  set: (key, value) => {{ store[key] = value; }},
  save_changes: () => window.saved.push(JSON.parse(JSON.stringify(store))),
  on: (event, f) => {{ (listeners[event] ||= []).push(f); }},
  off: (event, f) => {{ listeners[event] = (listeners[event] || []).filter((g) => g !== f); }},
}};
window.fromPython = (values, remaining) => {{
  store._values = values;
  store._remaining = remaining;
  (listeners["change:_values"] || []).forEach((f) => f());
}};
render({{ model, el: document.getElementById("w") }});
</script></body></html>"""
    path = tmp_path / "widget.html"
    path.write_text(page_text, encoding="utf-8")
    page, errors = play_tab
    page.evaluate("1")  # a round trip: what the last test's page reported has arrived
    errors.clear()
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("[data-node]")
        assert page.query_selector("#hint") is None  # several widgets may share a notebook
        shown = page.eval_on_selector_all("[data-node]", "els => els.map(e => +e.dataset.state)")
        assert shown == store["_values"]
        assert page.evaluate("window.saved.length") == 0  # showing the board sends nothing
        page.click("[data-node='[1,1]']")
        sent = page.evaluate("window.saved[window.saved.length - 1]")
        assert sent["moves"] == 1
        # The Python side receives the front end's message and agrees with the library.
        widget.set_state({key: sent[key] for key in ("_values", "_remaining", "moves")})
        before = puzzle.as_dict(store["_values"])
        assert widget.state == puzzle.press(before, (1, 1))
        x = [widget._remaining[puzzle.index[u]] for u in puzzle.pressable]
        assert puzzle.apply_vector(np.array(widget._values), np.array(x)).tolist() == [0] * 9
        # A board set from Python shows up in the page.
        widget.state = {(0, 0): 2}
        page.evaluate("([v, r]) => window.fromPython(v, r)", [widget._values, widget._remaining])
        shown = page.eval_on_selector_all("[data-node]", "els => els.map(e => +e.dataset.state)")
        assert shown == widget._values
        page.click("[data-control='hint']")
        assert page.eval_on_selector_all("[data-node].hint", "els => els.length") > 0
        page.evaluate("1")  # a round trip: every message of the page has arrived
        assert errors == []
    finally:
        page.goto("about:blank")  # the widget's page stays behind no test that follows


def test_fewest_presses_is_offered_only_for_small_solution_sets(open_game: Any) -> None:
    game = open_game(Puzzle(nx.empty_graph(17), rule="open"))  # 2**17 quiet patterns
    assert game.page.is_disabled("#fewest")
    assert "131072" in (game.page.get_attribute("#fewest", "title") or "")
