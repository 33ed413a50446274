"""Pictures of solutions and quiet patterns."""

from __future__ import annotations

import pytest

import lightsout_graphs as lo
from lightsout_graphs import draw
from lightsout_graphs.representation.families import make


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
    assert none.axes[0].get_title() == ""  # said once, in the figure's title
    assert "no quiet patterns: every board is solvable" in " ".join(none.get_suptitle().split())
    some = draw.draw_quiet_patterns(make("cube_surface", n=3), max_patterns=2)
    titled = [ax.get_title() for ax in some.axes if ax.get_title()]
    assert titled == ["quiet pattern 1", "quiet pattern 2"]
    assert "(the first 2 of 6 generators shown)" in " ".join(some.get_suptitle().split())
    ring = lo.analyze(lo.grid(2, 3, modulus=4))
    assert sorted(ring.quiet_orders) == [2, 4]
    titles = [ax.get_title() for ax in draw.draw_quiet_patterns(ring).axes]
    assert titles == [
        f"quiet pattern {i}" + (" (order 2)" if order == 2 else "")
        for i, order in enumerate(ring.quiet_orders, start=1)
    ]


def test_solution_and_quiet_patterns_draw() -> None:
    p = lo.ring_puzzle("16-cell")
    fig = draw.draw_solution(lo.solve(p, {"r0": 1, "r1": 1, "r2": 1}))
    assert len(fig.axes) == 2
    fig = draw.draw_quiet_patterns(p)
    assert fig.axes[0].get_title() == "quiet pattern 1"


def test_one_press_is_one_press() -> None:
    cube = lo.catalog.load("lights-out-cube")
    sol = lo.solve(cube, cube.apply(0, {next(iter(cube.pressable)): 1}), minimize=True)
    assert sol.num_presses == 1
    assert ": 1 press (fewest), " in draw.draw_solution(sol).get_suptitle()


@pytest.mark.parametrize(
    "picture",
    [
        lambda: draw.draw_quiet_patterns(lo.torus(7, 7)),  # one narrow panel, a long title
        lambda: draw.draw_quiet_patterns(lo.grid(5, 5)),
        lambda: draw.draw_solution(lo.solve(lo.grid(1, 2), 1)),
    ],
)
def test_titles_fit_their_figure(picture: object) -> None:
    assert callable(picture)
    fig = picture()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)  # the compressed layout places the title
    box = fig._suptitle.get_window_extent(renderer)
    assert box.x0 >= 0 and box.x1 <= fig.bbox.width, (box, fig.bbox.width)
