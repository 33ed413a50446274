"""The play page as a file: self-contained, safe embedding, the front end's test contract."""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

import lightsout_graphs as lo
from lightsout_graphs.interfaces.play import play_data, play_html, write_play_page
from lightsout_graphs.interfaces.play.page import CONTENT_SECURITY_POLICY, static_text


def embedded_data(page: str) -> dict:
    match = re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>', page)
    assert match is not None
    return json.loads(match.group(1))


def test_page_is_self_contained() -> None:
    page = play_html(lo.grid(4, 4))
    without_svg_namespace = page.replace("http://www.w3.org/2000/svg", "")
    assert not re.search(r"https?://", without_svg_namespace)
    assert not re.search(r"<script[^>]*\bsrc=", page)
    assert all(href.startswith("data:") for href in re.findall(r'href="([^"]*)"', page))
    assert static_text("play.js") in page
    assert static_text("play.css") in page


def test_embedded_data_is_the_model() -> None:
    puzzle = lo.grid(3, 3, modulus=3)
    assert embedded_data(play_html(puzzle, seed=2)) == play_data(puzzle, seed=2)


def test_labels_cannot_break_out_of_the_script() -> None:
    g = nx.Graph([("</script><b>", "a&b")])
    puzzle = lo.Puzzle(g).with_metadata(title="<i>x</i>", description="</script>")
    page = play_html(puzzle)
    assert "<title>&lt;i&gt;x&lt;/i&gt;</title>" in page
    assert page.count("</script>") == 2
    data = embedded_data(page)
    assert data["nodes"] == ["</script><b>", "a&b"]
    assert data["description"] == "</script>"


def test_write_play_page(tmp_path) -> None:
    out = write_play_page(lo.grid(2, 2), tmp_path / "board.html", title="Two by two")
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert embedded_data(text)["title"] == "Two by two"


def test_front_end_contract_in_the_script() -> None:
    script = static_text("play.js")
    for name in ["hint", "undo", "redo", "reset", "new-board", "moves"]:
        assert f'"{name}"' in script
    assert '"data-node": JSON.stringify(' in script
    assert '"data-state"' in script
    assert 'classList.toggle("hint"' in script


def test_page_presses_buttons_and_shows_them_without_lights(open_game: Any) -> None:
    puzzle = lo.ring_puzzle("16-cell")
    game = open_game(puzzle, state={"r0": 1, "r1": 1, "r2": 1})
    unlit = game.page.eval_on_selector_all(
        "[data-node].lo-unlit", "els => els.map(e => JSON.parse(e.dataset.node))"
    )
    assert unlit == [f"v{i}" for i in range(8)]
    facts = game.page.text_content(".lo-facts") or ""
    assert facts.startswith("6 lights · 8 buttons without lights")
    label = game.page.get_attribute(game.selector("v0"), "aria-label") or ""
    assert label.startswith("Button v0 (no light)")
    game.click("v0")  # clears r0, r1 and r2
    state = game.state()
    assert all(state[v] == 0 for v in puzzle.nodes)
    assert game.moves() == 1
    assert "lo-solved" in (game.page.get_attribute(".lo-play", "class") or "")


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
