"""The notebook widget's Python side: traits sync the board, Python presses and reads it."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidStateError
from lightsout_graphs.interfaces.play import PlayWidget, play_data
from lightsout_graphs.interfaces.play.page import static_text


def solves(puzzle: lo.Puzzle, values: list[int], remaining: list[int] | None) -> bool:
    assert remaining is not None
    x = np.array([remaining[puzzle.index[u]] for u in puzzle.pressable])
    return puzzle.apply_vector(np.array(values), x).tolist() == puzzle.goal.tolist()


def test_widget_shares_the_page_front_end() -> None:
    puzzle = lo.grid(3, 3)
    w = PlayWidget(puzzle, seed=5)
    assert w._esm == static_text("play.js")
    assert w._css == static_text("play.css")
    assert w._data == play_data(puzzle, seed=5)
    start = w._data["boards"][w._data["start"]]
    assert w.state == puzzle.as_dict(start["state"])
    assert solves(puzzle, w._values, w._remaining)
    assert w.moves == 0


def test_front_end_changes_reach_python() -> None:
    puzzle = lo.grid(2, 3, modulus=3)
    w = PlayWidget(puzzle)
    before = w.state
    after = puzzle.press(before, (0, 1))
    remaining = list(w._remaining)
    remaining[puzzle.index[(0, 1)]] = (remaining[puzzle.index[(0, 1)]] - 1) % 3
    # What the front end sends after a click: the board, the remaining presses and the count.
    w.set_state({"_values": [after[u] for u in puzzle.nodes], "_remaining": remaining, "moves": 1})
    assert w.state == after
    assert w._remaining == remaining
    assert w.moves == 1


def test_board_without_a_matching_solution_is_solved_again() -> None:
    puzzle = lo.grid(3, 3)
    w = PlayWidget(puzzle)
    board = [1, 0, 0, 0, 0, 0, 0, 0, 1]
    w.set_state({"_values": board, "_remaining": [0] * 9})
    assert w._values == board
    assert solves(puzzle, board, w._remaining)


def test_press_and_state_from_python() -> None:
    puzzle = lo.grid(3, 3, modulus=3)
    w = PlayWidget(puzzle)
    w.state = {(1, 1): 2}
    assert w.state == puzzle.as_dict(puzzle.state_vector({(1, 1): 2}))
    assert w.moves == 0
    assert solves(puzzle, w._values, w._remaining)
    w.press((0, 0), 2)
    assert w.state == puzzle.press({(1, 1): 2}, (0, 0), 2)
    assert w.moves == 2
    assert solves(puzzle, w._values, w._remaining)
    assert w.remaining == puzzle.as_dict(w._remaining)
    assert w.puzzle is puzzle
    sol = w.solve()
    assert puzzle.apply(w.state, sol.presses) == puzzle.as_dict(puzzle.goal)


def test_unsolvable_board_has_no_hints() -> None:
    w = PlayWidget(lo.grid(1, 2))
    w.state = [1, 0]
    assert w.remaining is None
    with pytest.raises(lo.Unsolvable):
        w.solve()


def test_bad_presses_are_named() -> None:
    w = PlayWidget(lo.grid(2, 2, pressable=[(0, 0)]).with_metadata(lit_only=True, boards={"a": 0}))
    with pytest.raises(InvalidStateError, match=r"\(5, 5\)"):
        w.press((5, 5))
    with pytest.raises(InvalidStateError, match="not pressable"):
        w.state = 1
        w.press((1, 1))
    w.state = 0
    with pytest.raises(InvalidStateError, match="lit-only"):
        w.press((0, 0))
    with pytest.raises(InvalidStateError, match="'times'"):
        w.press((0, 0), 1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="4 nodes"):
        w.set_state({"_values": [0, 1]})


def test_widget_states_name_the_lights() -> None:
    pytest.importorskip("anywidget")
    from lightsout_graphs.interfaces.play import PlayWidget

    p = lo.ring_puzzle("16-cell")
    w = PlayWidget(p)
    w.state = {"r0": 1, "r1": 1, "r2": 1}
    assert list(w.state) == list(p.lights)
    assert w.remaining is not None and sum(w.remaining.values()) >= 1
    w.press("v0")
    assert w.state == dict.fromkeys(p.lights, 0) and w.moves == 1
    assert w.solve().num_presses == 0


def test_rendered_without_a_kernel_the_widget_is_a_self_contained_board() -> None:
    """A notebook shown without Python (a docs site, nbviewer) gets an HTML copy that carries
    the front end inline and loads nothing from the network; Jupyter still gets the view."""
    puzzle = lo.grid(3, 3)
    w = PlayWidget(puzzle, seed=4)
    w.state = {(1, 1): 1}
    data, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    page = data["text/html"]
    assert static_text("play.js") in page and static_text("play.css") in page
    without_svg_namespace = page.replace("http://www.w3.org/2000/svg", "")
    assert "http:" not in without_svg_namespace and "https:" not in without_svg_namespace
    assert "<script src" not in page and "import " not in page.split("export default")[-1]
    # The copy shows the board as it stands, with the hints of the current board.
    saved = page.split('class="lo-play-data">')[1].split("</script>")[0]
    import json

    board = json.loads(saved)
    assert board["values"] == w._values and board["remaining"] == w._remaining
    assert board["data"] == w._data
    # Two copies in one page do not share element ids.
    other = PlayWidget(puzzle, seed=4)._repr_mimebundle_()[0]["text/html"]
    ident = page.split('id="')[1].split('"')[0]
    assert f'id="{ident}"' not in other
