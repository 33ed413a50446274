"""A self-contained HTML page to play a puzzle: data, script and styles inline, no network."""

from __future__ import annotations

import html
import json
import os
from importlib.resources import files
from pathlib import Path
from typing import Any

from lightsout_graphs.interfaces.play.model import play_data
from lightsout_graphs.representation.puzzle import Puzzle, StateLike

__all__ = ["CONTENT_SECURITY_POLICY", "play_html", "static_text", "write_play_page"]

#: The page's Content-Security-Policy: its own inline script and styles, data: URLs for the
#: icon, and no network source of any kind, so that no slip in the data can make it load
#: anything.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data:; font-src 'none'; connect-src 'none'; media-src 'none'; object-src 'none'; "
    "frame-src 'none'; worker-src 'none'; manifest-src 'none'; base-uri 'none'; "
    "form-action 'none'"
)


def static_text(name: str) -> str:
    """The text of a front-end file shipped in ``lightsout_graphs/interfaces/play/static``.

    Parameters
    ----------
    name : {"play.js", "play.css"}
        The file.

    Returns
    -------
    str

    Examples
    --------
    >>> "export default" in static_text("play.js")
    True
    """
    return (files("lightsout_graphs.interfaces.play") / "static" / name).read_text(encoding="utf-8")


def _json_for_script(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</script>``, no ``<!--``)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def play_html(
    puzzle: Puzzle,
    *,
    board: str | None = None,
    state: StateLike | None = None,
    seed: int | None = None,
    title: str | None = None,
) -> str:
    """The play page of a puzzle as one HTML document that works offline.

    The page draws the puzzle as SVG and plays it with the library's toggle rule; see
    :func:`lightsout_graphs.interfaces.play.model.play_data` for what is embedded.

    Parameters
    ----------
    puzzle, board, state, seed, title
        As in :func:`~lightsout_graphs.interfaces.play.model.play_data`, which also says what
        it raises.

    Returns
    -------
    str
        The HTML document.

    Examples
    --------
    >>> page = play_html(lo.grid(3, 3), title="3 × 3")
    >>> page.startswith("<!DOCTYPE html>"), "<title>3 × 3</title>" in page
    (True, True)
    >>> any(u in page.replace("http://www.w3.org/2000/svg", "") for u in ("http:", "https:"))
    False
    """
    data = play_data(puzzle, board=board, state=state, seed=seed, title=title)
    script = static_text("play.js")
    style = static_text("play.css")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="generator" content="lightsout_graphs">',
            '<link rel="icon" href="data:,">',
            f"<title>{html.escape(data['title'])}</title>",
            "<style>",
            "body { margin: 0; padding: 1rem; background: #0e1016; }",
            style,
            "</style>",
            "</head>",
            "<body>",
            '<main id="app" class="lo-play">',
            "<noscript>This page needs JavaScript to play.</noscript>",
            "</main>",
            f'<script type="application/json" id="puzzle-data">{_json_for_script(data)}</script>',
            '<script type="module">',
            script,
            'const puzzleData = JSON.parse(document.getElementById("puzzle-data").textContent);',
            'window.lightsout = mount(document.getElementById("app"), puzzleData, { ids: true });',
            "</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def write_play_page(
    puzzle: Puzzle,
    path: str | os.PathLike[str],
    *,
    board: str | None = None,
    state: StateLike | None = None,
    seed: int | None = None,
    title: str | None = None,
) -> Path:
    """Write the play page of a puzzle to a file.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    path : str or path-like
        Where to write the HTML file.
    board, state, seed, title
        As in :func:`play_html`.

    Returns
    -------
    pathlib.Path
        The file written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     out = write_play_page(lo.grid(2, 2), pathlib.Path(tmp) / "p.html")
    ...     out.read_text(encoding="utf-8").count('id="puzzle-data"')
    1
    """
    out = Path(path)
    out.write_text(play_html(puzzle, board=board, state=state, seed=seed, title=title), "utf-8")
    return out
