"""The ``lightsout-figure`` directive's runner: the picture is the code's last value, and a
code that draws nothing is refused (so a broken drawing fails the docs build)."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import matplotlib.image as mpimg
import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _figures() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(
        "lightsout_figures", DOCS / "_ext" / "lightsout_figures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("lightsout_figures", module)
    spec.loader.exec_module(module)
    return module


FIGURES = _figures()


def test_the_last_value_is_the_picture(tmp_path: Path) -> None:
    code = (
        "import lightsout_graphs as lo\n"
        "from lightsout_graphs import draw\n"
        "draw.draw_puzzle(lo.grid(3, 4), {(0, 0): 1})\n"
    )
    out = FIGURES.run_figure(code, tmp_path / "a.png", dpi=50)
    image = mpimg.imread(out)
    assert image.shape[0] > 50 and image.shape[1] > 50
    # A figure returned by a function (not an Axes), and the variable fig, work too.
    figure = "import lightsout_graphs as lo\nfrom lightsout_graphs import draw\n"
    figure += "draw.draw_quiet_patterns(lo.analyze(lo.grid(5, 5)))\n"
    assert FIGURES.run_figure(figure, tmp_path / "b.png").stat().st_size > 1000
    named = "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.plot([1, 2])\n"
    assert FIGURES.run_figure(named, tmp_path / "c.png").stat().st_size > 1000


def test_code_that_draws_nothing_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="must end with a Figure or Axes, not int"):
        FIGURES.run_figure("1 + 1\n", tmp_path / "x.png")
    with pytest.raises(ZeroDivisionError):
        FIGURES.run_figure("1 / 0\n", tmp_path / "y.png")
    assert not (tmp_path / "x.png").exists()
