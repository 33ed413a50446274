"""The play package: its names, and the widget imported only when asked for."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lightsout_graphs.interfaces import play
from lightsout_graphs.interfaces.play.model import play_data
from lightsout_graphs.interfaces.play.page import play_html, write_play_page


def test_the_public_names() -> None:
    assert sorted(play.__all__) == ["PlayWidget", "play_data", "play_html", "write_play_page"]
    assert (play.play_data, play.play_html, play.write_play_page) == (
        play_data,
        play_html,
        write_play_page,
    )


def test_the_widget_is_loaded_lazily() -> None:
    code = (
        "import sys, lightsout_graphs.interfaces.play as p; "
        "print('lightsout_graphs.interfaces.play.widget' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    pytest.importorskip("anywidget")
    from lightsout_graphs.interfaces.play.widget import PlayWidget

    assert play.PlayWidget is PlayWidget


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        play.nothing  # noqa: B018
