"""The colours of lights: puzzle colour names, palette and the ink drawn on them."""

from __future__ import annotations

import lightsout_graphs as lo
from lightsout_graphs import draw


def test_light_colors() -> None:
    assert draw.light_colors(lo.grid(2, 2)) == ["#33363d", "#ffd23f"]
    named = lo.grid(1, 2, modulus=3).with_metadata(colors=["off", "tab:red", "#00ff00"])
    assert draw.light_colors(named) == ["#33363d", "#d62728", "#00ff00"]
    many = draw.light_colors(lo.grid(1, 2, modulus=15))
    assert len(many) == 15
    assert len(set(many)) == 15
