"""Play any puzzle: a self-contained HTML page and a notebook widget sharing one front end."""

from __future__ import annotations

from lightsout_graphs.interfaces.play.model import play_data
from lightsout_graphs.interfaces.play.page import play_html, write_play_page

__all__ = ["PlayWidget", "play_data", "play_html", "write_play_page"]


def __getattr__(name: str) -> object:
    # The widget needs anywidget (the ``widget`` extra); import it only when asked for.
    if name == "PlayWidget":
        from lightsout_graphs.interfaces.play.widget import PlayWidget

        return PlayWidget
    msg = f"module 'lightsout_graphs.interfaces.play' has no attribute {name!r}"
    raise AttributeError(msg)
