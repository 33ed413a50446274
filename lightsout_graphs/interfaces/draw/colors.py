"""The colours of lights and the figures every picture is drawn on."""

from __future__ import annotations

import io

import numpy as np
from matplotlib import colors as mcolors
from matplotlib.figure import Figure

from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["light_colors"]

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
    names = puzzle.colors or [None] * k
    return [
        mcolors.to_hex(name) if name is not None and mcolors.is_color_like(name) else defaults[v]
        for v, name in enumerate(names)
    ]


def _ink(color: str) -> str:
    """Black or white, whichever reads better on ``color``."""
    r, g, b = mcolors.to_rgb(color)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "#ffffff"
