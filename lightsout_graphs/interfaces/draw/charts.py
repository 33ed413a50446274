"""Tables and charts: nullity tables as heat maps, depth distributions as bars."""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib import colors as mcolors
from matplotlib.ticker import FuncFormatter, MaxNLocator

from lightsout_graphs.core.errors import InvalidStateError
from lightsout_graphs.interfaces.draw.colors import (
    _EDGE,
    _PALETTE,
    _ink,
    _new_figure,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes


__all__ = ["LOG_SCALE_ABOVE", "draw_depth_distribution", "draw_nullity_table"]

#: The default colour scale of :func:`draw_nullity_table` turns logarithmic when the largest
#: nullity of the table is above this: a linear scale would then wash out the small nullities.
LOG_SCALE_ABOVE = 16


def draw_nullity_table(
    table: np.ndarray | Sequence[Sequence[int]],
    *,
    modulus: int = 2,
    rule: str = "closed",
    family: str = "grid",
    ax: Axes | None = None,
    annotate: bool | None = None,
    norm: str | mcolors.Normalize | None = "auto",
) -> Axes:
    """Draw a nullity table as a heat map: rows m, columns n (the solvable board sizes).

    Parameters
    ----------
    table : array of shape (M, N)
        ``table[m - 1, n - 1]`` is the nullity of the m×n board (as returned by
        :func:`lightsout_graphs.representation.grids.nullity_table`); negative entries are left blank.
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
    norm : {"auto", "linear", "log"} or matplotlib.colors.Normalize, default "auto"
        The colour scale. ``"linear"``: linear from 0 to the largest nullity. ``"log"``:
        ``SymLogNorm(linthresh=1, vmin=0)``, linear between 0 and 1 and logarithmic above, so
        nullity 0 keeps its own colour while a few large nullities no longer wash out the rest
        of a big map. ``"auto"`` (or ``None``): ``"log"`` when the largest nullity is above
        :data:`LOG_SCALE_ABOVE`, else ``"linear"`` (every value one step of colour). A
        ``Normalize`` instance is used as given.

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
    >>> type(draw_nullity_table(lo.nullity_table(64)).images[0].norm).__name__  # auto: up to 40
    'SymLogNorm'
    >>> type(draw_nullity_table(lo.nullity_table(8)).images[0].norm).__name__  # auto: up to 6
    'Normalize'
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
    top = float(masked.max()) if masked.count() else 0.0
    if norm is None or (isinstance(norm, str) and norm == "auto"):
        norm = "log" if top > LOG_SCALE_ABOVE else "linear"
    scale: dict[str, Any] = {"vmin": 0}  # linear
    if isinstance(norm, mcolors.Normalize):
        scale = {"norm": norm}
    elif isinstance(norm, str) and norm == "log":
        scale = {"norm": mcolors.SymLogNorm(linthresh=1.0, vmin=0.0, vmax=max(top, 1.0))}
    elif not (isinstance(norm, str) and norm == "linear"):
        msg = (
            "Argument 'norm' must be 'auto', 'linear', 'log' or a matplotlib.colors.Normalize, "
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
        for r, c in zip(*np.nonzero(data >= 0), strict=True):
            red, green, blue, _ = (float(v) for v in image.to_rgba(data[r, c]))
            ax.text(
                c + 1,
                r + 1,
                f"{int(data[r, c])}",
                ha="center",
                va="center",
                fontsize="x-small",
                color=_ink(mcolors.to_hex((red, green, blue))),
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
