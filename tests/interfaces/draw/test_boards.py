"""Pictures of a puzzle and its board: cells or dots and edges, presses, legends, files."""

from __future__ import annotations

import io
import re

import matplotlib.image as mpimg
import networkx as nx
import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.figure import Figure

import lightsout_graphs as lo
from lightsout_graphs import draw
from lightsout_graphs.core.errors import InvalidStateError
from lightsout_graphs.representation.families import make


def test_draw_grid_board_with_presses() -> None:
    p = lo.grid(3, 4)
    ax = draw.draw_puzzle(p, {(1, 1): 1}, presses={(0, 0): 1, (2, 3): 1})
    assert isinstance(ax, Axes)
    assert ax.get_title() == "grid 3×4"
    (cells,) = [c for c in ax.collections if c.get_gid() == "cells"]
    faces = cells.get_facecolors()
    assert len(faces) == 12
    lit = np.flatnonzero(np.all(np.isclose(faces[:, :3], (1.0, 210 / 255, 63 / 255)), axis=1))
    assert lit.tolist() == [p.index[(1, 1)]]
    (marks,) = [c for c in ax.collections if c.get_gid() == "presses"]
    assert marks.get_offsets().tolist() == [[0.0, 0.0], [3.0, -2.0]]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["off", "on", "pressed (white on dark lights)"]


def test_draw_counts_for_larger_moduli_and_own_axes() -> None:
    p = make("hypercube", d=3, modulus=3).with_metadata(colors=["black", "red", "green"])
    fig = Figure()
    mine = fig.add_subplot()
    ax = draw.draw_puzzle(p, 2, presses={(0, 0, 0): 2, (1, 1, 1): 1}, ax=mine, title="t")
    assert ax is mine
    assert ax.get_title() == "t"
    assert sorted(t.get_text() for t in ax.texts) == ["1", "2"]
    assert [t.get_text() for t in ax.get_legend().get_texts()][:3] == ["black", "red", "green"]


def test_draw_directed_graph_has_arrows() -> None:
    p = lo.Puzzle(nx.DiGraph([(0, 1), (1, 2)]), rule="open")
    ax = draw.draw_puzzle(p, [1, 0, 1], legend=False)
    assert len([t for t in ax.texts if t.arrow_patch is not None]) == 2
    assert ax.get_legend() is None


def test_draw_rejects_bad_states() -> None:
    with pytest.raises(InvalidStateError):
        draw.draw_puzzle(lo.grid(2, 2), [0, 1, 2, 0])
    with pytest.raises(InvalidStateError):
        draw.draw_puzzle(lo.grid(2, 2), presses=[1])


def test_saved_png_and_svg_sizes(tmp_path: object) -> None:
    fig = draw.draw_puzzle(lo.grid(5, 5), 1).figure
    fig.set_size_inches(4, 3)
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=50)
    png.seek(0)
    assert mpimg.imread(png, format="png").shape[:2] == (150, 200)
    svg = io.BytesIO()
    fig.savefig(svg, format="svg")
    head = svg.getvalue()[:2000].decode()
    assert re.search(r'width="288pt" height="216pt"', head)
    assert isinstance(fig, Figure)
    assert fig._repr_png_().startswith(b"\x89PNG")  # type: ignore[attr-defined]


def test_lattices_keep_their_shape() -> None:
    hexagonal = make("hexagonal", m=2, n=2)
    ax = draw.draw_puzzle(hexagonal, 1)
    assert not [c for c in ax.collections if c.get_gid() == "cells"]  # dots and edges
    stored = nx.get_node_attributes(hexagonal.graph, "pos")
    assert draw.node_positions(hexagonal) == {v: tuple(stored[v]) for v in hexagonal.nodes}
    for squares in (make("torus", shape=(3, 4)), make("king", m=3, n=3), lo.grid(2, 2)):
        ax = draw.draw_puzzle(squares, 1)
        assert [c.get_gid() for c in ax.collections] == ["cells"]


def test_the_press_legend_shows_both_inks() -> None:
    # presses are drawn white on dark lights and black on bright ones: the legend shows both
    ax = draw.draw_puzzle(lo.grid(2, 2), {(0, 0): 1}, presses={(0, 0): 1, (1, 1): 1})
    (marks,) = [c for c in ax.collections if c.get_gid() == "presses"]
    inks = {tuple(np.round(c[:3], 3)) for c in marks.get_facecolors()}
    assert inks == {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)}
    handle = ax.get_legend().legend_handles[-1]
    assert handle.get_fillstyle() == "left"
    faces = {handle.get_markerfacecolor(), handle.get_markerfacecoloralt()}
    assert faces == {"#000000", "#ffffff"}


def test_the_cube_is_drawn_as_a_net_of_squares() -> None:
    p = make("cube_surface", n=3)
    ax = draw.draw_puzzle(p, 1)
    (cells,) = [c for c in ax.collections if c.get_gid() == "cells"]
    assert len(cells.get_paths()) == 54
    assert not [c for c in ax.collections if type(c).__name__ == "LineCollection"]
    width, height = ax.figure.get_size_inches()
    assert width / height == pytest.approx(12 / 9, rel=0.15)  # the net's 12 × 9 cells
    fig = draw.draw_solution(lo.solve(p, 1))
    for panel in fig.axes:
        assert [c for c in panel.collections if c.get_gid() == "cells"]


def test_your_own_graph_is_drawn_with_node_labels() -> None:
    g = nx.Graph([("a", "b"), ("b", "c"), ("c", (1, 2))])
    ax = draw.draw_puzzle(lo.Puzzle(g), 0)
    labels = sorted(t.get_text() for t in ax.texts if t.get_gid() == "node-label")
    assert labels == sorted(["a", "b", "c", "(1,2)"])
    family = draw.draw_puzzle(make("petersen"), 0)  # family drawings stay unlabelled
    assert not [t for t in family.texts if t.get_gid() == "node-label"]
    big = lo.Puzzle(nx.path_graph(draw.MAX_LABELLED + 1))
    assert not [t for t in draw.draw_puzzle(big, 0).texts if t.get_gid() == "node-label"]


def test_a_huge_modulus_gets_a_short_legend() -> None:
    p = lo.grid(2, 3, modulus=1000003)
    fig = draw.draw_puzzle(p, [0, 5, 5, 17, 0, 1]).figure
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels == ["0", "1", "5", "17", "… of 1000003 states"]


def test_buttons_are_hollow_and_presses_are_marked() -> None:
    p = lo.Puzzle(nx.path_graph(3), lights=[0, 2])
    ax = draw.draw_puzzle(p, [1, 0], presses={1: 1})
    gids = [c.get_gid() for c in ax.collections]
    assert "buttons" in gids and "presses" in gids
    buttons = next(c for c in ax.collections if c.get_gid() == "buttons")
    assert len(buttons.get_offsets()) == 1  # node 1 only
    assert buttons.get_facecolor().size == 0 or buttons.get_facecolor()[0][3] == 0
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "button without a light" in labels


def test_presses_on_a_light_that_is_not_pressable_are_refused() -> None:
    p = lo.ring_puzzle("16-cell")
    with pytest.raises(InvalidStateError, match="not pressable"):
        draw.draw_puzzle(p, None, presses={"r0": 1})
