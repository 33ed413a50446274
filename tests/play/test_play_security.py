"""The play page loads nothing from the network, even from hostile metadata or a future slip."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import lightsout_graphs as lo
from lightsout_graphs.play.page import CONTENT_SECURITY_POLICY, play_html

BEACON = "http://127.0.0.1:9/beacon"
HOSTILE_COLOURS = [
    f"var(--x, url({BEACON}-var))",
    f"url({BEACON}-url)",
    f"image-set(url({BEACON}-set) 1x)",
]


def hostile_puzzle() -> lo.Puzzle:
    p = lo.grid(2, 2, modulus=3)
    return p.with_metadata(
        colors=["off", *HOSTILE_COLOURS[:2]],
        title=f'<img src="{BEACON}-title"> "x" </script>',
    )


def test_the_page_carries_a_policy_that_forbids_every_network_source() -> None:
    page = play_html(hostile_puzzle())
    assert (
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">' in page
    )
    assert page.index("Content-Security-Policy") < page.index("<script")
    directives = dict(d.strip().split(" ", 1) for d in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["connect-src"] == directives["font-src"] == "'none'"
    assert directives["img-src"] == "data:"
    for value in directives.values():
        assert "http" not in value and "*" not in value and "'self'" not in value


@pytest.mark.browser
def test_hostile_colours_fall_back_to_the_palette(open_game: Any) -> None:
    # open_game fails the test on any request that leaves file: and on any console error
    game = open_game(hostile_puzzle())
    swatches = game.page.eval_on_selector_all(
        ".lo-legend span, .lo-legend i, .lo-legend *",
        "els => els.map(e => e.style.background || '')",
    )
    assert not any("url" in s or "var(" in s for s in swatches)
    fills = game.page.eval_on_selector_all("[data-node]", "els => els.map(e => e.style.fill)")
    assert not any("url" in f for f in fills)


@pytest.fixture
def beacon() -> Iterator[tuple[str, list[str]]]:
    """A real HTTP server on localhost: (its URL, the paths it was asked for)."""
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/beacon", hits
    finally:
        server.shutdown()
        server.server_close()


def _visit(browser: Any, path: Path) -> list[str]:
    """Open a page, let it settle, and return its console messages."""
    context = browser.new_context()
    try:
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda msg: console.append(msg.text))
        page.goto(path.as_uri())
        page.wait_for_selector("[data-node]")
        page.wait_for_timeout(500)
        return console
    finally:
        context.close()


@pytest.mark.browser
def test_the_policy_blocks_a_slip_that_would_load_from_the_network(
    browser: Any, tmp_path: Path, beacon: tuple[str, list[str]]
) -> None:
    url, hits = beacon
    slip = (
        f'<img src="{url}-img"><link rel="stylesheet" href="{url}-css">'
        f'<div style="background: url({url}-style)">x</div>'
        f'<script>fetch("{url}-fetch").catch(() => null);</script>'
    )
    page = play_html(lo.grid(3, 3)).replace("</main>", "</main>" + slip)
    guarded = tmp_path / "slip.html"
    guarded.write_text(page, encoding="utf-8")
    console = _visit(browser, guarded)
    assert hits == []  # nothing reached the server
    assert any("Content Security Policy" in text for text in console), console
    # control: the same page without the policy does reach the server
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
    control = tmp_path / "control.html"
    control.write_text(page.replace(meta, ""), encoding="utf-8")
    _visit(browser, control)
    assert hits, "the control page without the policy should have reached the server"
