"""Tests of the pictures: layouts, colours, press marks, titles and saved files."""

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
from lightsout_graphs.errors import InvalidStateError
from lightsout_graphs.families import make


def test_light_colors() -> None:
    assert draw.light_colors(lo.grid(2, 2)) == ["#33363d", "#ffd23f"]
    named = lo.grid(1, 2, modulus=3).with_metadata(colors=["off", "tab:red", "#00ff00"])
    assert draw.light_colors(named) == ["#33363d", "#d62728", "#00ff00"]
    many = draw.light_colors(lo.grid(1, 2, modulus=15))
    assert len(many) == 15
    assert len(set(many)) == 15


def test_positions_of_grids_families_tuples_and_graphs() -> None:
    assert draw.node_positions(lo.grid(2, 3))[(1, 2)] == (2.0, -1.0)
    cube = make("hypercube", d=4)
    stored = nx.get_node_attributes(cube.graph, "pos")
    assert draw.node_positions(cube) == {v: tuple(map(float, stored[v])) for v in cube.nodes}
    bare = lo.Puzzle(nx.grid_graph((2, 3, 4)))  # tuple nodes without pos: a projection
    pos = draw.node_positions(bare)
    assert len({(round(x, 6), round(y, 6)) for x, y in pos.values()}) == bare.n
    petersen = draw.node_positions(lo.Puzzle(nx.petersen_graph()))
    again = draw.node_positions(lo.Puzzle(nx.petersen_graph()))
    assert petersen == again  # deterministic layout
    split = lo.Puzzle(nx.disjoint_union(nx.path_graph(3), nx.path_graph(2)))
    assert len(draw.node_positions(split)) == 5
    assert draw.node_positions(lo.Puzzle(nx.empty_graph(1))) == {0: (0.0, 0.0)}


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


def test_draw_solution() -> None:
    sol = lo.solve(lo.grid(5, 5), 1, minimize=True)
    fig = draw.draw_solution(sol)
    assert [ax.get_title() for ax in fig.axes] == ["board and presses", "after the presses"]
    assert fig.get_suptitle() == "grid 5×5: 15 presses (fewest), one of 4 solutions"
    only = draw.draw_solution(lo.solve(lo.grid(3, 3), 1))
    assert only.get_suptitle().endswith("the only solution")
    petersen = make("petersen")
    graph = draw.draw_solution(lo.solve(petersen, petersen.apply(0, {0: 1, 1: 1})))
    assert len(graph.axes) == 2


def test_draw_quiet_patterns() -> None:
    fig = draw.draw_quiet_patterns(lo.analyze(lo.grid(5, 5)))
    assert [ax.get_title() for ax in fig.axes] == ["quiet pattern 1", "quiet pattern 2"]
    assert fig.get_suptitle() == "grid 5×5: 4 quiet patterns"
    none = draw.draw_quiet_patterns(lo.grid(3, 3))
    assert none.axes[0].get_title() == "no quiet patterns"
    assert "every board is solvable" in none.get_suptitle()
    some = draw.draw_quiet_patterns(make("cube_surface", n=3), max_patterns=2)
    titled = [ax.get_title() for ax in some.axes if ax.get_title()]
    assert titled == ["quiet pattern 1", "quiet pattern 2"]
    assert "6 generators shown 2" in some.get_suptitle()
    ring = lo.analyze(lo.grid(2, 3, modulus=4))
    assert sorted(ring.quiet_orders) == [2, 4]
    titles = [ax.get_title() for ax in draw.draw_quiet_patterns(ring).axes]
    assert titles == [
        f"quiet pattern {i}" + (" (order 2)" if order == 2 else "")
        for i, order in enumerate(ring.quiet_orders, start=1)
    ]


def test_draw_nullity_table() -> None:
    from lightsout_graphs.grids import nullity_table

    ax = draw.draw_nullity_table(nullity_table(6), modulus=2, rule="closed")
    assert ax.get_xlabel() == "n (columns)"
    assert ax.get_ylabel() == "m (rows)"
    assert ax.get_title() == "Nullity of m×n grid boards, closed rule, mod 2"
    assert len(ax.texts) == 36
    assert ax.texts[-1].get_text() == "0"
    big = draw.draw_nullity_table(-np.ones((30, 30)), annotate=None)
    assert not big.texts
    with pytest.raises(InvalidStateError, match="2-D"):
        draw.draw_nullity_table(np.zeros(3))
    with pytest.raises(InvalidStateError, match="2-D array of nullities"):
        draw.draw_nullity_table([["a"]])


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


def test_puzzle_label() -> None:
    assert draw.puzzle_label(make("hypercube", d=3)) == "hypercube d=3"
    from lightsout_graphs import catalog

    assert draw.puzzle_label(catalog.load("lights-out")) == "Lights Out"


def test_lattices_keep_their_shape() -> None:
    hexagonal = make("hexagonal", m=2, n=2)
    ax = draw.draw_puzzle(hexagonal, 1)
    assert not [c for c in ax.collections if c.get_gid() == "cells"]  # dots and edges
    stored = nx.get_node_attributes(hexagonal.graph, "pos")
    assert draw.node_positions(hexagonal) == {v: tuple(stored[v]) for v in hexagonal.nodes}
    for squares in (make("torus", shape=(3, 4)), make("king", m=3, n=3), lo.grid(2, 2)):
        ax = draw.draw_puzzle(squares, 1)
        assert [c.get_gid() for c in ax.collections] == ["cells"]


def test_draw_nullity_table_colour_scales() -> None:
    from matplotlib import colors as mcolors

    from lightsout_graphs.grids import nullity_table

    table = nullity_table(40)
    linear = draw.draw_nullity_table(table).images[0]
    assert type(linear.norm) is mcolors.Normalize
    log = draw.draw_nullity_table(table, norm="log").images[0]
    assert isinstance(log.norm, mcolors.SymLogNorm)
    assert (log.norm.vmin, log.norm.vmax) == (0.0, float(table.max()))
    # The log scale spreads the small nullities: nullity 1 is close to 0 on the
    # linear scale, but a third of the way up on the log scale.
    assert linear.norm(1) < 0.1
    assert log.norm(1) > 0.3
    assert log.norm(0) == 0.0
    assert float(log.norm(table.max())) == 1.0
    given = mcolors.Normalize(vmin=0, vmax=100)
    assert draw.draw_nullity_table(table, norm=given).images[0].norm is given
    same = draw.draw_nullity_table(table, norm="linear").images[0].norm
    assert (same.vmin, same.vmax) == (linear.norm.vmin, linear.norm.vmax)
    dark = draw.draw_nullity_table(-np.ones((3, 3)), norm="log").images[0].norm
    assert dark.vmax == 1.0  # nothing to show: still a valid scale
    small = draw.draw_nullity_table(nullity_table(5), norm="log")
    assert [t.get_text() for t in small.texts][:5] == ["0", "1", "0", "0", "1"]
    for bad in ("logarithmic", 2, [0, 1]):
        with pytest.raises(InvalidStateError, match="'norm'"):
            draw.draw_nullity_table(table, norm=bad)  # type: ignore[arg-type]


def test_draw_depth_distribution() -> None:
    distribution = lo.depth_distribution(lo.grid(3, 3))
    ax = draw.draw_depth_distribution(distribution)
    assert isinstance(ax.figure, Figure)
    assert ax.get_xlabel() == "fewest presses d"
    assert ax.get_ylabel() == "number of boards"
    assert [int(p.get_x() + p.get_width() / 2) for p in ax.patches] == sorted(distribution)
    assert [int(p.get_height()) for p in ax.patches] == [
        distribution[d] for d in sorted(distribution)
    ]
    assert (
        ax.get_title() == f"512 solvable boards, at most {max(distribution)} presses (God's number)"
    )
    assert [t.get_text() for t in ax.texts] == [
        f"{distribution[d]:,}" for d in sorted(distribution)
    ]
    fig = Figure()
    own = fig.add_subplot()
    assert draw.draw_depth_distribution({3: 2, 0: 1}, ax=own, title="mine") is own
    assert own.get_title() == "mine"
    assert [int(p.get_height()) for p in own.patches] == [1, 2]
    wide = draw.draw_depth_distribution(dict.fromkeys(range(40), 1))
    assert not wide.texts  # too many bars to label
    for bad in ({}, [1, 2], {1: -1}, {-1: 1}, {1.5: 1}, {1: True}):
        with pytest.raises(InvalidStateError, match="'distribution'"):
            draw.draw_depth_distribution(bad)  # type: ignore[arg-type]


def test_log_colour_bar_writes_plain_numbers() -> None:
    from lightsout_graphs.grids import nullity_table

    ax = draw.draw_nullity_table(nullity_table(64), norm="log")
    bar = ax.images[0].colorbar
    assert bar is not None
    labels = [bar.formatter(v, 0) for v in (0.0, 1.0, 10.0)]
    assert labels == ["0", "1", "10"]


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
