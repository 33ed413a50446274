"""A puzzle drawn with its board and presses: squares for grids and nets, dots and edges otherwise."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from lightsout_graphs.interfaces.draw.colors import (
    _EDGE,
    _LINK,
    _UNLIT,
    _UNLIT_INK,
    _ink,
    _new_figure,
    light_colors,
)
from lightsout_graphs.representation._describe import puzzle_label
from lightsout_graphs.representation._layout import node_positions, square_shape
from lightsout_graphs.representation.puzzle import Puzzle, StateLike

if TYPE_CHECKING:
    from matplotlib.axes import Axes


__all__ = ["MAX_LABELLED", "MAX_LEGEND_STATES", "draw_puzzle"]

_Positions = Mapping[Hashable, tuple[float, float]]

#: Graphs of your own with at most this many nodes are drawn with node labels.
MAX_LABELLED = 60


def draw_puzzle(
    puzzle: Puzzle,
    state: StateLike | None = None,
    *,
    presses: StateLike | None = None,
    ax: Axes | None = None,
    title: str | None = None,
    legend: bool = True,
) -> Axes:
    """Draw a puzzle, optionally with a board and presses.

    Parameters
    ----------
    puzzle : Puzzle
        Grids are drawn as squares, other graphs as dots joined by their edges.
    state : StateLike, optional
        The lights to show (default all 0).
    presses : StateLike, optional
        Press counts in node order (or a dict); pressed nodes are marked with a dot (k = 2)
        or their count.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default a new figure.
    title : str, optional
        Default: the puzzle's name or family.
    legend : bool, default True
        Add a legend of the light colours (and the press mark).

    Returns
    -------
    matplotlib.axes.Axes
        Use ``ax.figure`` to save or show the picture.

    Raises
    ------
    InvalidStateError
        A state or presses that do not fit the puzzle.

    Examples
    --------
    >>> p = lo.grid(3, 3)
    >>> ax = draw_puzzle(p, {(1, 1): 1}, presses={(0, 0): 1})
    >>> ax.get_title()
    'grid 3×3'
    >>> import io
    >>> ax.figure.savefig(io.BytesIO(), format="svg")
    """
    k = puzzle.modulus
    vec = np.zeros(puzzle.n, dtype=np.int64) if state is None else puzzle.state_vector(state)
    pvec = None if presses is None else _node_presses(puzzle, presses)
    shape = square_shape(puzzle)
    if ax is None:
        if shape is not None:
            m, n = shape
            scale = min(0.6, 9.0 / max(m, n))
            fig = _new_figure(max(3.0, n * scale + 1.0), max(3.0, m * scale + 1.2))
        else:
            fig = _new_figure(6.0, 6.0)
        ax = fig.add_subplot()
    palette = light_colors(puzzle)
    pos = node_positions(puzzle)
    if shape is not None:
        _draw_cells(ax, puzzle, pos, vec, palette)
    else:
        _draw_graph(ax, puzzle, pos, vec, palette)
    xy = np.array([pos[v] for v in puzzle.nodes], dtype=float)
    low, high = xy.min(axis=0), xy.max(axis=0)
    pad = 0.6 if shape is not None else 0.08 * max(float((high - low).max()), 1e-9)
    ax.set_xlim(low[0] - pad, high[0] + pad)
    ax.set_ylim(low[1] - pad, high[1] + pad)
    if pvec is not None:
        _draw_presses(ax, puzzle, pos, vec, pvec, palette)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.set_axis_off()
    ax.set_title(puzzle_label(puzzle) if title is None else title)
    if legend:
        names = puzzle.colors or (("off", "on") if k == 2 else None)
        shown = range(k) if k <= MAX_LEGEND_STATES else _legend_states(vec, k)
        handles: list[Any] = [
            Patch(facecolor=palette[v], edgecolor=_EDGE, label=names[v] if names else str(v))
            for v in shown
        ]
        if k > MAX_LEGEND_STATES:  # a legend of every state would not fit (nor finish)
            handles.append(Patch(facecolor="none", edgecolor="none", label=f"… of {k} states"))
        if not puzzle.all_lights:
            handles.append(
                Line2D(
                    [],
                    [],
                    linestyle="none",
                    marker="s",
                    markersize=7,
                    markerfacecolor="none",
                    markeredgecolor=_UNLIT,
                    label="button without a light",
                )
            )
        if pvec is not None and pvec.any():
            counted = k > 2 and puzzle.n <= 400
            handles.append(
                Line2D(  # presses are drawn black or white, whichever reads on the cell
                    [],
                    [],
                    linestyle="none",
                    marker="$1$" if counted else "o",
                    markersize=7,
                    color="#000000",
                    markerfacecolor="#000000",
                    markerfacecoloralt="#ffffff",
                    markeredgecolor=_EDGE,
                    fillstyle="full" if counted else "left",
                    label="pressed (count, white on dark lights)"
                    if counted
                    else "pressed (white on dark lights)",
                )
            )
        ax.legend(
            handles=handles,
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            ncols=min(len(handles), 6),
            frameon=False,
            fontsize="small",
        )
    return ax


#: Above this many states the legend lists only those on the board (and says how many exist).
MAX_LEGEND_STATES = 12


def _legend_states(vec: np.ndarray, k: int) -> list[int]:
    """The states a legend names when k is large: 0 and those on the board, at most a dozen."""
    present = np.unique(np.asarray(vec, dtype=np.int64) % k)
    return sorted({0, *(int(v) for v in present[: MAX_LEGEND_STATES - 1])})


def _draw_cells(
    ax: Axes, puzzle: Puzzle, pos: _Positions, vec: np.ndarray, palette: Sequence[str]
) -> None:
    """Draw each light as a square (one collection; unpressable cells dotted)."""
    pressable = set(puzzle.pressable)
    dense = puzzle.n > 2500  # no outlines or gaps: they would only blur a large board
    half = 0.5 if dense else 0.45
    corners = [(pos[v][0] - half, pos[v][1] - half) for v in puzzle.nodes]
    cells = PatchCollection(
        [Rectangle(corner, 2 * half, 2 * half) for corner in corners],
        facecolors=[palette[int(vec[puzzle.index[v]])] for v in puzzle.nodes],
        linestyles=["-" if v in pressable else ":" for v in puzzle.nodes],
        edgecolors="none" if dense else _EDGE,
        linewidths=0.0 if dense else 1.0,
        zorder=1,
    )
    cells.set_gid("cells")
    ax.add_collection(cells)


def _draw_graph(
    ax: Axes, puzzle: Puzzle, pos: _Positions, vec: np.ndarray, palette: Sequence[str]
) -> None:
    """Draw the edges (arrows in a directed graph) and the nodes as coloured dots."""
    graph = puzzle.graph
    segments = [(pos[u], pos[v]) for u, v in graph.edges()]
    if segments:
        ax.add_collection(LineCollection(segments, colors=_LINK, linewidths=1.0, zorder=1))
    if graph.is_directed():
        for u, v in graph.edges():
            ax.annotate(
                "",
                xy=pos[v],
                xytext=pos[u],
                arrowprops={"arrowstyle": "-|>", "color": _LINK, "shrinkA": 8, "shrinkB": 8},
                zorder=1,
            )
    size = float(np.clip(9000.0 / max(puzzle.n, 1), 25.0, 500.0))
    xy = np.array([pos[v] for v in puzzle.nodes], dtype=float)
    if not puzzle.all_lights:  # buttons without lights: hollow grey squares, no state colour
        unlit = np.setdiff1d(np.arange(len(puzzle.nodes)), puzzle.light_rows)
        marks = ax.scatter(
            xy[unlit, 0],
            xy[unlit, 1],
            s=size,
            marker="s",
            facecolors="none",
            edgecolors=_UNLIT,
            linewidths=1.5,
            zorder=2,
        )
        marks.set_gid("buttons")
        xy = xy[puzzle.light_rows]
    colors = [palette[int(x)] for x in vec]
    ax.scatter(xy[:, 0], xy[:, 1], s=size, c=colors, edgecolors=_EDGE, linewidths=1.0, zorder=2)
    if puzzle.family is None and puzzle.n <= MAX_LABELLED:  # your own graph: name the nodes
        from lightsout_graphs.representation.boards import node_label

        offset = 0.5 * math.sqrt(size) + 2.0
        for v in puzzle.nodes:
            ax.annotate(
                node_label(v),
                pos[v],
                xytext=(offset, offset),
                textcoords="offset points",
                fontsize="x-small",
                color=_LINK,
                zorder=4,
                gid="node-label",
            )


def _node_presses(puzzle: Puzzle, presses: StateLike) -> np.ndarray:
    """Press counts over every node (lit or not), checked against the puzzle."""
    if puzzle.all_lights:
        return puzzle.state_vector(presses, name="presses")
    return puzzle.full_presses(puzzle.presses_vector(presses, name="presses"))


def _draw_presses(
    ax: Axes,
    puzzle: Puzzle,
    pos: _Positions,
    vec: np.ndarray,
    pvec: np.ndarray,
    palette: Sequence[str],
) -> None:
    """Mark pressed nodes: a dot for k = 2 (or many nodes), else the press count."""
    counted = puzzle.modulus > 2 and puzzle.n <= 400
    lights = puzzle.light_index
    pressed = [(v, int(c)) for v, c in zip(puzzle.nodes, pvec, strict=True) if c]
    inks = [_ink(palette[int(vec[lights[v]])]) if v in lights else _UNLIT_INK for v, _ in pressed]
    if counted:
        for (v, count), ink in zip(pressed, inks, strict=True):
            x, y = pos[v]
            ax.text(
                x,
                y,
                str(count),
                ha="center",
                va="center",
                color=ink,
                fontsize="small",
                fontweight="bold",
                zorder=3,
            )
    elif pressed:
        size = 30.0 if puzzle.n <= 400 else max(1.0, 12000.0 / puzzle.n)
        xs, ys = zip(*(pos[v] for v, _ in pressed), strict=True)
        marks = ax.scatter(xs, ys, s=size, c=inks, edgecolors="none", zorder=3)
        marks.set_gid("presses")
