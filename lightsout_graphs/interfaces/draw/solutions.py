"""Solutions and quiet patterns, each drawn as a row of boards."""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.figure import Figure

from lightsout_graphs.core._counts import count_text
from lightsout_graphs.interfaces.draw.boards import draw_puzzle
from lightsout_graphs.interfaces.draw.colors import _new_figure
from lightsout_graphs.representation._describe import puzzle_label
from lightsout_graphs.representation._layout import square_shape
from lightsout_graphs.representation.puzzle import Puzzle

if TYPE_CHECKING:
    from lightsout_graphs.algorithms.analysis import Analysis
    from lightsout_graphs.algorithms.solver import Solution

__all__ = ["draw_quiet_patterns", "draw_solution"]


def draw_solution(solution: Solution) -> Figure:
    """Draw a solution: the board with the presses marked, and the board after them.

    Parameters
    ----------
    solution : Solution
        From :func:`lightsout_graphs.solve`.

    Returns
    -------
    matplotlib.figure.Figure
        Two panels; the title gives the number of presses and of solutions.

    Examples
    --------
    >>> sol = lo.solve(lo.grid(3, 3), 1)
    >>> fig = draw_solution(sol)
    >>> [ax.get_title() for ax in fig.axes]
    ['board and presses', 'after the presses']
    """
    puzzle = solution.puzzle
    wide = square_shape(puzzle)
    if wide is not None:
        m, n = wide
        scale = min(0.55, 6.0 / max(m, n))
        fig = _new_figure(max(6.0, 2 * n * scale + 1.5), max(3.2, m * scale + 1.6))
    else:
        fig = _new_figure(11.0, 6.0)
    left, right = fig.subplots(1, 2)
    draw_puzzle(puzzle, solution.state, presses=solution.vector, ax=left, title="board and presses")
    after = puzzle.apply_vector(solution.state, solution.vector[puzzle.press_columns])
    draw_puzzle(puzzle, after, ax=right, title="after the presses", legend=False)
    fewest = " (fewest)" if solution.optimal else ""
    count = (
        "the only solution"
        if solution.num_solutions == 1
        else f"one of {count_text(solution.num_solutions, puzzle.modulus)} solutions"
    )
    presses = "1 press" if solution.num_presses == 1 else f"{solution.num_presses} presses"
    _title(fig, f"{puzzle_label(puzzle)}: {presses}{fewest}, {count}")
    return fig


def _title(fig: Figure, text: str) -> None:
    """The figure's title, wrapped to its width (a narrow figure of one board clips no words)."""
    size = 12.0  # matplotlib's default for a suptitle ("large")
    chars = max(20, int(fig.get_figwidth() * 72 / (size * 0.58)))
    fig.suptitle(textwrap.fill(text, chars), fontsize=size)


def draw_quiet_patterns(puzzle_or_analysis: Puzzle | Analysis, *, max_patterns: int = 9) -> Figure:
    """Draw the quiet patterns (presses that change nothing) of a puzzle, one panel each.

    Parameters
    ----------
    puzzle_or_analysis : Puzzle or Analysis
        A puzzle (it is analysed) or the result of :func:`lightsout_graphs.analyze`.
    max_patterns : int, default 9
        Draw at most this many generators.

    Returns
    -------
    matplotlib.figure.Figure
        One panel per generator of the quiet patterns, pressed nodes coloured by their count
        and marked; a single panel saying so when there are none.

    Examples
    --------
    >>> fig = draw_quiet_patterns(lo.grid(5, 5))
    >>> [ax.get_title() for ax in fig.axes]
    ['quiet pattern 1', 'quiet pattern 2']
    """
    if isinstance(puzzle_or_analysis, Puzzle):
        from lightsout_graphs.algorithms.analysis import analyze

        analysis = analyze(puzzle_or_analysis)
    else:
        analysis = puzzle_or_analysis
    puzzle = analysis.puzzle
    patterns = list(zip(analysis.quiet_patterns, analysis.quiet_orders, strict=True))
    shown = patterns[: max(1, max_patterns)]
    count = max(1, len(shown))
    cols = min(count, 3)
    rows = math.ceil(count / cols)
    fig = _new_figure(3.2 * cols + 0.4, 3.4 * rows + 0.6)
    axes = np.atleast_1d(fig.subplots(rows, cols)).ravel()
    if not shown:
        draw_puzzle(puzzle, None, ax=axes[0], title="", legend=False)
    for i, (pattern, order) in enumerate(shown):
        title = f"quiet pattern {i + 1}" + ("" if order == puzzle.modulus else f" (order {order})")
        # Presses on buttons without lights are marked on dark lights; else lights = presses.
        vec = puzzle.state_vector(pattern, name="quiet pattern") if puzzle.all_lights else None
        presses = pattern if vec is None else vec
        draw_puzzle(puzzle, vec, presses=presses, ax=axes[i], title=title, legend=False)
    for extra in axes[count:]:
        extra.set_axis_off()
    more = (
        f" (the first {len(shown)} of {len(patterns)} generators shown)"
        if len(patterns) > len(shown)
        else ""
    )
    quiet = count_text(analysis.num_quiet_patterns, analysis.modulus)
    words = (
        "no quiet patterns: every board is solvable"
        if not patterns
        else f"{quiet} quiet patterns{more}"
    )
    _title(fig, f"{puzzle_label(puzzle)}: {words}")
    return fig
