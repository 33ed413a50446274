"""Pictures of puzzles, boards, solutions, quiet patterns and nullity tables, with matplotlib.

Every function draws with matplotlib's object API and never touches ``pyplot``'s global
state, so it works on a headless machine, in a script and in a notebook. Functions that take
``ax`` draw into it and return it; otherwise they make a new figure. The figures made here show
themselves as a PNG when they are the last value of a notebook cell; save one with
``fig.savefig("board.png")`` (or ``.svg``).

Layout: grid puzzles (nodes ``(row, column)``) are drawn as squares; other puzzles use the
nodes' ``pos`` attributes (the families set them: polyhedra, hypercubes, lattices), else a
projection of coordinate-tuple nodes, else a Kamada-Kawai layout (a seeded spring layout for
large or disconnected graphs). Lights take the puzzle's colour names where matplotlib knows
them, and a default palette otherwise; presses are marked with a dot (k = 2) or their count.
"""

from __future__ import annotations

import io
import math
import numbers
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
from matplotlib import colors as mcolors
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle
from matplotlib.ticker import FuncFormatter, MaxNLocator

from lightsout_graphs._cache import PuzzleCache
from lightsout_graphs.boards import grid_layout, puzzle_label
from lightsout_graphs.errors import InvalidStateError
from lightsout_graphs.puzzle import Puzzle, StateLike

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from lightsout_graphs.analysis import Analysis
    from lightsout_graphs.solver import Solution

__all__ = [
    "draw_depth_distribution",
    "draw_nullity_table",
    "draw_puzzle",
    "draw_quiet_patterns",
    "draw_solution",
    "light_colors",
    "node_positions",
    "puzzle_label",
]

#: What this module computes per puzzle (see :mod:`lightsout_graphs._cache`).
_CACHE = PuzzleCache()

_OFF = "#33363d"
_PALETTE = (
    "#ffd23f",
    "#ee4266",
    "#3bceac",
    "#3a86ff",
    "#f78c6b",
    "#8338ec",
    "#0ead69",
    "#ff006e",
    "#c0c0c0",
)
_EDGE = "#1c1d21"
_LINK = "#8a8f99"
_UNLIT = "#9aa0a6"  # buttons without lights: hollow grey markers
_UNLIT_INK = "#1c1d21"


class _Figure(Figure):
    """A matplotlib Figure that shows itself as a PNG in notebooks (no pyplot needed)."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png")
        return buffer.getvalue()


#: Graphs of your own with at most this many nodes are drawn with node labels.
MAX_LABELLED = 60


def _new_figure(width: float, height: float) -> Figure:
    return _Figure(figsize=(width, height), layout="compressed")


def light_colors(puzzle: Puzzle) -> list[str]:
    """The colour of each light value ``0..k-1`` as hex strings.

    The puzzle's colour names are used where matplotlib knows them (``"red"``, ``"tab:blue"``,
    ``"#ffcc00"``); other values get a default: dark for 0, then a palette.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    list of str
        ``k`` colours.

    Examples
    --------
    >>> light_colors(lo.grid(2, 2))
    ['#33363d', '#ffd23f']
    >>> p = lo.grid(2, 2, modulus=3).with_metadata(colors=["red", "green", "no-such-colour"])
    >>> light_colors(p)
    ['#ff0000', '#008000', '#ee4266']
    """
    k = puzzle.modulus
    if k - 1 <= len(_PALETTE):
        defaults = [_OFF, *_PALETTE[: k - 1]]
    else:
        from matplotlib import colormaps

        levels = colormaps["viridis"](np.linspace(0.0, 1.0, k - 1))[:, :3]  # vectorised: k may
        codes = np.rint(levels * 255).astype(np.int64) @ np.array([1 << 16, 1 << 8, 1])  # be huge
        defaults = [_OFF] + [f"#{c:06x}" for c in codes.tolist()]
    names = list(puzzle.colors) if puzzle.colors else [None] * k
    out = []
    for value, name in enumerate(names):
        if name is not None and mcolors.is_color_like(name):
            out.append(mcolors.to_hex(name))
        else:
            out.append(defaults[value])
    return out


def _ink(color: str) -> str:
    """Black or white, whichever reads better on ``color``."""
    r, g, b = mcolors.to_rgb(color)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "#ffffff"


def _tuple_projection(nodes: Sequence[Hashable]) -> dict[Hashable, tuple[float, float]] | None:
    """Project nodes that are int tuples of one length: 3-D obliquely, higher as a hypercube."""
    coords: list[tuple[int, ...]] = []
    for v in nodes:
        if not isinstance(v, tuple) or not all(
            isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in v
        ):
            return None
        coords.append(tuple(int(x) for x in v))
    dims = {len(c) for c in coords}
    if len(dims) != 1 or 0 in dims:
        return None
    d = dims.pop()
    if d == 1:
        axes = [(1.0, 0.0)]
    elif d == 2:
        axes = [(0.0, -1.0), (1.0, 0.0)]
    elif d == 3:
        axes = [(0.0, -1.0), (1.0, 0.0), (0.43, 0.31)]
    else:
        axes = [(math.cos(math.pi * i / d), math.sin(math.pi * i / d)) for i in range(d)]
    pos: dict[Hashable, tuple[float, float]] = {}
    for v, c in zip(nodes, coords, strict=True):
        x = sum(ci * a[0] for ci, a in zip(c, axes, strict=True))
        y = sum(ci * a[1] for ci, a in zip(c, axes, strict=True))
        pos[v] = (float(x), float(y))
    if len({(round(x, 6), round(y, 6)) for x, y in pos.values()}) < len(pos):
        return None
    return pos


def _stored_positions(puzzle: Puzzle) -> dict[Hashable, tuple[float, float]] | None:
    """The nodes' ``pos`` attributes, when every node has a 2-D one."""
    attrs = nx.get_node_attributes(puzzle.graph, "pos")
    if len(attrs) != len(puzzle.nodes):
        return None
    try:
        return {v: (float(attrs[v][0]), float(attrs[v][1])) for v in puzzle.nodes}
    except (TypeError, ValueError, IndexError, KeyError):
        return None


def _as_squares(puzzle: Puzzle) -> bool:
    """Whether to draw the lights as grid squares: (row, column) nodes, and any stored
    positions agree with that grid (so hexagonal or triangular lattices keep their shape)."""
    cached = _CACHE.peek(puzzle, "squares")
    if cached is None:
        layout = grid_layout(puzzle)
        cached = layout is not None
        stored = _stored_positions(puzzle) if layout is not None else None
        if layout is not None and stored is not None:
            first = puzzle.nodes[0]
            r0, c0 = layout.cells[first]
            x0, y0 = stored[first]
            cached = all(
                math.isclose(stored[v][0] - x0, c - c0, abs_tol=1e-9)
                and math.isclose(stored[v][1] - y0, r0 - r, abs_tol=1e-9)
                for v, (r, c) in layout.cells.items()
            )
        if layout is None:  # a net of squares (the Lights Out Cube): draw cells, not edges
            cached = _is_net(puzzle)
        _CACHE.put(puzzle, "squares", cached)
    return bool(cached)


def _is_net(puzzle: Puzzle) -> bool:
    """Whether the stored positions are distinct integer points and most edges join lattice
    neighbours: a net of squares (a cube's surface unfolded), best drawn as cells, whose
    wrap-around edges would only cross the picture."""
    stored = _stored_positions(puzzle)
    if stored is None or puzzle.n < 2:
        return False
    points = set(stored.values())
    if len(points) < puzzle.n or any(x != round(x) or y != round(y) for x, y in points):
        return False
    edges = [(stored[u], stored[v]) for u, v in puzzle.graph.edges() if u != v]
    near = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in edges)
    return bool(edges) and near >= 0.6 * len(edges)


def _square_shape(puzzle: Puzzle) -> tuple[int, int] | None:
    """Rows and columns of the square layout (grid or net), or None for a graph drawing."""
    if not _as_squares(puzzle):
        return None
    layout = grid_layout(puzzle)
    if layout is not None:
        return layout.shape
    xs, ys = zip(*node_positions(puzzle).values(), strict=True)
    return round(max(ys) - min(ys)) + 1, round(max(xs) - min(xs)) + 1


def node_positions(puzzle: Puzzle) -> dict[Hashable, tuple[float, float]]:
    """Where each node is drawn: grid cells, ``pos`` attributes, a projection or a layout.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    dict
        node -> ``(x, y)``. Deterministic: the fallback layouts use a fixed seed.

    Examples
    --------
    >>> node_positions(lo.grid(2, 2))[(1, 0)]
    (0.0, -1.0)
    >>> len(node_positions(lo.Puzzle(nx.petersen_graph())))
    10
    """
    cached = _CACHE.peek(puzzle, "positions")
    if cached is not None:
        return dict(cached)
    layout = grid_layout(puzzle) if _as_squares(puzzle) else None
    pos: dict[Hashable, tuple[float, float]] | None = None
    if layout is not None:
        pos = {v: (float(c), -float(r)) for v, (r, c) in layout.cells.items()}
    if pos is None:
        pos = _stored_positions(puzzle)
    if pos is None:
        pos = _tuple_projection(puzzle.nodes)
    if pos is None:
        graph = nx.Graph(puzzle.graph.to_undirected(as_view=True))
        if puzzle.n <= 1:
            pos = dict.fromkeys(puzzle.nodes, (0.0, 0.0))
        elif puzzle.n <= 400 and nx.is_connected(graph):
            raw = nx.kamada_kawai_layout(graph)
            pos = {v: (float(raw[v][0]), float(raw[v][1])) for v in puzzle.nodes}
        else:
            raw = nx.spring_layout(graph, seed=0)
            pos = {v: (float(raw[v][0]), float(raw[v][1])) for v in puzzle.nodes}
    _CACHE.put(puzzle, "positions", pos)
    return dict(pos)


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
    >>> ax.figure.savefig(io.BytesIO(), format="svg")
    """
    k = puzzle.modulus
    vec = np.zeros(puzzle.n, dtype=np.int64) if state is None else puzzle.state_vector(state)
    pvec = None if presses is None else _node_presses(puzzle, presses)
    squares = _as_squares(puzzle)
    if ax is None:
        shape = _square_shape(puzzle)
        if shape is not None:
            m, n = shape
            scale = min(0.6, 9.0 / max(m, n))
            fig = _new_figure(max(3.0, n * scale + 1.0), max(3.0, m * scale + 1.2))
        else:
            fig = _new_figure(6.0, 6.0)
        ax = fig.add_subplot()
    palette = light_colors(puzzle)
    pos = node_positions(puzzle)
    if squares:
        _draw_cells(ax, puzzle, pos, vec, palette)
    else:
        _draw_graph(ax, puzzle, pos, vec, palette)
    if pvec is not None:
        _draw_presses(ax, puzzle, pos, vec, pvec, palette)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.set_axis_off()
    ax.set_title(puzzle_label(puzzle) if title is None else title)
    if legend:
        names = list(puzzle.colors) if puzzle.colors else [str(v) for v in range(k)]
        if k == 2 and not puzzle.colors:
            names = ["off", "on"]
        shown = range(k) if k <= MAX_LEGEND_STATES else _legend_states(vec, k)
        handles: list[Any] = [
            Patch(facecolor=palette[v], edgecolor=_EDGE, label=names[v]) for v in shown
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
    ax: Axes,
    puzzle: Puzzle,
    pos: Mapping[Hashable, tuple[float, float]],
    vec: np.ndarray,
    palette: Sequence[str],
) -> None:
    """Draw each light as a square (one collection; unpressable cells dotted)."""
    pressable = set(puzzle.pressable)
    dense = puzzle.n > 2500  # no outlines or gaps: they would only blur a large board
    half = 0.5 if dense else 0.45
    squares = []
    faces = []
    styles = []
    for node in puzzle.nodes:
        x, y = pos[node]
        squares.append(Rectangle((x - half, y - half), 2 * half, 2 * half))
        faces.append(palette[int(vec[puzzle.index[node]])])
        styles.append("-" if node in pressable else ":")
    cells = PatchCollection(
        squares,
        facecolors=faces,
        edgecolors="none" if dense else _EDGE,
        linewidths=0.0 if dense else 1.0,
        linestyles=styles,
        zorder=1,
    )
    cells.set_gid("cells")
    ax.add_collection(cells)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.6, max(ys) + 0.6)


def _draw_graph(
    ax: Axes,
    puzzle: Puzzle,
    pos: Mapping[Hashable, tuple[float, float]],
    vec: np.ndarray,
    palette: Sequence[str],
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
    xs = np.array([pos[v][0] for v in puzzle.nodes])
    ys = np.array([pos[v][1] for v in puzzle.nodes])
    colors = [palette[int(x)] for x in vec]
    if not puzzle.all_lights:
        _draw_unlit_buttons(ax, puzzle, pos, size)
        xs, ys = xs[puzzle.light_rows], ys[puzzle.light_rows]  # the rest are the lights
    ax.scatter(xs, ys, s=size, c=colors, edgecolors=_EDGE, linewidths=1.0, zorder=2)
    if puzzle.family is None and puzzle.n <= MAX_LABELLED:  # your own graph: name the nodes
        from lightsout_graphs.boards import node_label

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
    xs = np.array([pos[v][0] for v in puzzle.nodes])
    ys = np.array([pos[v][1] for v in puzzle.nodes])
    pad = 0.08 * max(float(np.ptp(xs)), float(np.ptp(ys)), 1e-9)
    ax.set_xlim(float(xs.min()) - pad, float(xs.max()) + pad)
    ax.set_ylim(float(ys.min()) - pad, float(ys.max()) + pad)


def _node_presses(puzzle: Puzzle, presses: StateLike) -> np.ndarray:
    """Press counts over every node (lit or not), checked against the puzzle."""
    if puzzle.all_lights:
        return puzzle.state_vector(presses, name="presses")
    return puzzle.full_presses(puzzle.presses_vector(presses, name="presses"))


def _draw_unlit_buttons(
    ax: Axes, puzzle: Puzzle, pos: Mapping[Hashable, tuple[float, float]], size: float
) -> None:
    """Draw the buttons without lights as hollow grey squares (no state colour)."""
    lit = set(puzzle.lights)
    unlit = [v for v in puzzle.nodes if v not in lit]
    marks = ax.scatter(
        [pos[v][0] for v in unlit],
        [pos[v][1] for v in unlit],
        s=size,
        marker="s",
        facecolors="none",
        edgecolors=_UNLIT,
        linewidths=1.5,
        zorder=2,
    )
    marks.set_gid("buttons")


def _draw_presses(
    ax: Axes,
    puzzle: Puzzle,
    pos: Mapping[Hashable, tuple[float, float]],
    vec: np.ndarray,
    pvec: np.ndarray,
    palette: Sequence[str],
) -> None:
    """Mark pressed nodes: a dot for k = 2 (or many nodes), else the press count."""
    counted = puzzle.modulus > 2 and puzzle.n <= 400
    dots_x, dots_y, inks = [], [], []
    lights = puzzle.light_index
    for node in puzzle.nodes:
        i = puzzle.index[node]
        count = int(pvec[i])
        if not count:
            continue
        x, y = pos[node]
        ink = _ink(palette[int(vec[lights[node]])]) if node in lights else _UNLIT_INK
        if counted:
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
        else:
            dots_x.append(x)
            dots_y.append(y)
            inks.append(ink)
    if dots_x:
        size = 30.0 if puzzle.n <= 400 else max(1.0, 12000.0 / puzzle.n)
        marks = ax.scatter(dots_x, dots_y, s=size, c=inks, edgecolors="none", zorder=3)
        marks.set_gid("presses")


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
    wide = _square_shape(puzzle)
    if wide is not None:
        m, n = wide
        scale = min(0.55, 6.0 / max(m, n))
        fig = _new_figure(max(6.0, 2 * n * scale + 1.5), max(3.2, m * scale + 1.6))
    else:
        fig = _new_figure(11.0, 6.0)
    left, right = fig.subplots(1, 2)
    draw_puzzle(puzzle, solution.state, presses=solution.vector, ax=left, title="board and presses")
    after = puzzle.apply_vector(
        solution.state, solution.vector[[puzzle.index[u] for u in puzzle.pressable]]
    )
    draw_puzzle(puzzle, after, ax=right, title="after the presses", legend=False)
    fewest = " (fewest)" if solution.optimal else ""
    count = "the only solution" if solution.count == 1 else f"one of {solution.count} solutions"
    fig.suptitle(f"{puzzle_label(puzzle)}: {solution.num_presses} presses{fewest}, {count}")
    return fig


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
        from lightsout_graphs.analysis import analyze

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
        draw_puzzle(puzzle, None, ax=axes[0], title="no quiet patterns", legend=False)
    for i, (pattern, order) in enumerate(shown):
        title = f"quiet pattern {i + 1}"
        if order != puzzle.modulus:
            title += f" (order {order})"
        if not puzzle.all_lights:  # presses on buttons without lights: mark them, lights dark
            pv = _node_presses(puzzle, pattern)
            draw_puzzle(puzzle, None, presses=pv, ax=axes[i], title=title, legend=False)
            continue
        vec = puzzle.state_vector(pattern, name="quiet pattern")
        draw_puzzle(puzzle, vec, presses=vec, ax=axes[i], title=title, legend=False)
    for extra in axes[count:]:
        extra.set_axis_off()
    more = f", {len(patterns)} generators shown {len(shown)}" if len(patterns) > len(shown) else ""
    every = "; every board is solvable" if not patterns else ""
    fig.suptitle(f"{puzzle_label(puzzle)}: {analysis.kernel_size} quiet patterns{every}{more}")
    return fig


def draw_nullity_table(
    table: np.ndarray | Sequence[Sequence[int]],
    *,
    modulus: int = 2,
    rule: str = "closed",
    family: str = "grid",
    ax: Axes | None = None,
    annotate: bool | None = None,
    norm: str | mcolors.Normalize | None = None,
) -> Axes:
    """Draw a nullity table as a heat map: rows m, columns n (the solvable board sizes).

    Parameters
    ----------
    table : array of shape (M, N)
        ``table[m - 1, n - 1]`` is the nullity of the m×n board (as returned by
        :func:`lightsout_graphs.grids.nullity_table`); negative entries are left blank.
    modulus : int, default 2
        For the title.
    rule : str, default "closed"
        For the title.
    family : str, default "grid"
        For the title.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default a new figure.
    annotate : bool, optional
        Write each value in its cell; default when the table is at most 20×20.
    norm : {None, "linear", "log"} or matplotlib.colors.Normalize, optional
        The colour scale. ``None`` or ``"linear"``: linear from 0 to the largest nullity.
        ``"log"``: ``SymLogNorm(linthresh=1, vmin=0)``, linear between 0 and 1 and logarithmic
        above, so nullity 0 keeps its own colour while a few large nullities no longer wash
        out the rest of a big map. A ``Normalize`` instance is used as given.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    InvalidStateError
        A table that is not a 2-D array of ints, or an unknown ``norm``.

    Examples
    --------
    >>> ax = draw_nullity_table([[0, 1], [1, 0]])
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('n (columns)', 'm (rows)')
    >>> type(draw_nullity_table([[0, 1], [1, 40]], norm="log").images[0].norm).__name__
    'SymLogNorm'
    """
    try:
        data = np.asarray(table, dtype=float)
    except (TypeError, ValueError) as err:
        msg = f"Argument 'table' must be a 2-D array of nullities: {err}."
        raise InvalidStateError(msg) from err
    if data.ndim != 2 or data.size == 0:
        msg = f"Argument 'table' must be a non-empty 2-D array, not of shape {data.shape}."
        raise InvalidStateError(msg)
    rows, cols = data.shape
    if ax is None:
        side = min(10.0, max(4.0, 0.35 * max(rows, cols) + 2.0))
        fig = _new_figure(side + 1.0, side)
        ax = fig.add_subplot()
    masked = np.ma.masked_less(data, 0)
    scale: dict[str, Any]
    if norm is None or (isinstance(norm, str) and norm == "linear"):
        scale = {"vmin": 0}
    elif isinstance(norm, str) and norm == "log":
        top = float(masked.max()) if masked.count() else 1.0
        scale = {"norm": mcolors.SymLogNorm(linthresh=1.0, vmin=0.0, vmax=max(top, 1.0))}
    elif isinstance(norm, mcolors.Normalize):
        scale = {"norm": norm}
    else:
        msg = (
            "Argument 'norm' must be None, 'linear', 'log' or a matplotlib.colors.Normalize, "
            f"not {norm!r}."
        )
        raise InvalidStateError(msg)
    image = ax.imshow(
        masked,
        origin="upper",
        cmap="magma_r",
        interpolation="nearest",
        extent=(0.5, cols + 0.5, rows + 0.5, 0.5),
        **scale,
    )
    bar = ax.figure.colorbar(image, ax=ax, label="nullity (0: every board solvable)")
    if "vmin" in scale:  # linear: whole numbers only; other scales keep their own ticks
        bar.locator = MaxNLocator(integer=True)
        bar.update_ticks()
    else:  # plain numbers (1, 10, 100) rather than powers of ten
        bar.formatter = FuncFormatter(lambda value, _: f"{value:g}")
        bar.update_ticks()
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("n (columns)")
    ax.set_ylabel("m (rows)")
    ax.set_title(f"Nullity of m×n {family} boards, {rule} rule, mod {modulus}")
    if annotate is None:
        annotate = max(rows, cols) <= 20
    if annotate:
        cmap = image.get_cmap()
        scaled = image.norm
        for r in range(rows):
            for c in range(cols):
                if data[r, c] < 0:
                    continue
                red, green, blue, _ = (float(v) for v in cmap(scaled(data[r, c])))
                color = mcolors.to_hex((red, green, blue))
                ax.text(
                    c + 1,
                    r + 1,
                    f"{int(data[r, c])}",
                    ha="center",
                    va="center",
                    fontsize="x-small",
                    color=_ink(color),
                )
    return ax


def draw_depth_distribution(
    distribution: Mapping[int, int], *, ax: Axes | None = None, title: str | None = None
) -> Axes:
    """Draw how many boards need each number of presses at the fewest, as a bar chart.

    Parameters
    ----------
    distribution : mapping of int to int
        depth d -> number of boards whose fewest presses is d, as returned by
        :func:`lightsout_graphs.depth_distribution`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default a new figure.
    title : str, optional
        Default: the number of boards and the largest depth (God's number).

    Returns
    -------
    matplotlib.axes.Axes
        One bar per depth, x "fewest presses", y "number of boards"; each bar is labelled
        with its count when there are at most 30 bars.

    Raises
    ------
    InvalidStateError
        An empty distribution, or one whose keys or counts are not ints >= 0.

    Examples
    --------
    >>> ax = draw_depth_distribution(lo.depth_distribution(lo.grid(2, 2)))
    >>> ax.get_title()
    "16 solvable boards, at most 4 presses (God's number)"
    >>> [int(bar.get_height()) for bar in ax.patches]
    [1, 4, 6, 4, 1]
    """
    if not isinstance(distribution, Mapping) or not distribution:
        msg = (
            "Argument 'distribution' must be a non-empty mapping depth -> count, "
            f"not {distribution!r}."
        )
        raise InvalidStateError(msg)
    for depth, count in distribution.items():
        for value in (depth, count):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
                msg = (
                    "Argument 'distribution' must map ints >= 0 to ints >= 0; "
                    f"entry {depth!r}: {count!r} does not."
                )
                raise InvalidStateError(msg)
    depths = sorted(int(d) for d in distribution)
    counts = [int(distribution[d]) for d in depths]
    if ax is None:
        fig = _new_figure(min(12.0, max(4.5, 0.45 * len(depths) + 2.5)), 3.6)
        ax = fig.add_subplot()
    bars = ax.bar(depths, counts, color=_PALETTE[3], edgecolor=_EDGE, linewidth=0.5)
    if len(depths) <= 30:
        ax.bar_label(bars, labels=[f"{c:,}" for c in counts], fontsize="x-small", padding=2)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("fewest presses d")
    ax.set_ylabel("number of boards")
    if title is None:
        title = f"{sum(counts):,} solvable boards, at most {depths[-1]} presses (God's number)"
    ax.set_title(title)
    ax.margins(y=0.12)
    return ax
