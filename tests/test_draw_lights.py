"""Pictures of puzzles whose buttons carry no light."""

from __future__ import annotations

import networkx as nx
import pytest

import lightsout_graphs as lo
from lightsout_graphs.draw import draw_puzzle, draw_quiet_patterns, draw_solution
from lightsout_graphs.errors import InvalidStateError


def test_buttons_are_hollow_and_presses_are_marked() -> None:
    p = lo.Puzzle(nx.path_graph(3), lights=[0, 2])
    ax = draw_puzzle(p, [1, 0], presses={1: 1})
    gids = [c.get_gid() for c in ax.collections]
    assert "buttons" in gids and "presses" in gids
    buttons = next(c for c in ax.collections if c.get_gid() == "buttons")
    assert len(buttons.get_offsets()) == 1  # node 1 only
    assert buttons.get_facecolor().size == 0 or buttons.get_facecolor()[0][3] == 0
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "button without a light" in labels


def test_solution_and_quiet_patterns_draw() -> None:
    p = lo.ring_puzzle("16-cell")
    fig = draw_solution(lo.solve(p, {"r0": 1, "r1": 1, "r2": 1}))
    assert len(fig.axes) == 2
    fig = draw_quiet_patterns(p)
    assert fig.axes[0].get_title() == "quiet pattern 1"


def test_presses_on_a_light_that_is_not_pressable_are_refused() -> None:
    p = lo.ring_puzzle("16-cell")
    with pytest.raises(InvalidStateError, match="not pressable"):
        draw_puzzle(p, None, presses={"r0": 1})
