"""Charts: nullity tables (colour scales, colour bars) and depth distributions."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.figure import Figure

import lightsout_graphs as lo
from lightsout_graphs import draw
from lightsout_graphs.core.errors import InvalidStateError


def test_draw_nullity_table() -> None:
    from lightsout_graphs.representation.grids import nullity_table

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


def test_draw_nullity_table_colour_scales() -> None:
    from matplotlib import colors as mcolors

    from lightsout_graphs.representation.grids import nullity_table

    table = nullity_table(40)
    linear = draw.draw_nullity_table(table, norm="linear").images[0]
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
    from lightsout_graphs.representation.grids import nullity_table

    ax = draw.draw_nullity_table(nullity_table(64), norm="log")
    bar = ax.images[0].colorbar
    assert bar is not None
    labels = [bar.formatter(v, 0) for v in (0.0, 1.0, 10.0)]
    assert labels == ["0", "1", "10"]


def test_default_colour_scale_shows_the_structure() -> None:
    """Big maps are drawn on the log scale by default (a linear one left them almost blank),
    small ones on the linear scale; both through ``norm="auto"`` and ``norm=None``."""
    from matplotlib import colors as mcolors

    from lightsout_graphs.interfaces.draw.charts import LOG_SCALE_ABOVE
    from lightsout_graphs.representation.grids import nullity_table

    big = nullity_table(512)
    assert big.max() > LOG_SCALE_ABOVE
    for norm in ("auto", None):
        image = draw.draw_nullity_table(big, annotate=False, norm=norm).images[0]
        assert isinstance(image.norm, mcolors.SymLogNorm)
        # Nullity 1, the commonest non-zero value, is well away from the colour of 0.
        assert float(image.norm(1)) > 0.1
    small = nullity_table(8)
    assert small.max() <= LOG_SCALE_ABOVE
    assert type(draw.draw_nullity_table(small).images[0].norm) is mcolors.Normalize
    edge = np.full((2, 2), LOG_SCALE_ABOVE)
    assert type(draw.draw_nullity_table(edge).images[0].norm) is mcolors.Normalize
    assert isinstance(draw.draw_nullity_table(edge + 1).images[0].norm, mcolors.SymLogNorm)
