"""The pictures of the built site load in a real chromium, the gallery has a card per puzzle,
and the notebook's play widget plays offline.

The site is served over HTTP from a thread (``site_url`` of ``test_site_browser``); any request
to another address, and any console error, fails the test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from lightsout_graphs import catalog
from tests.docs.test_site_browser import SiteTab, site_url

pytestmark = pytest.mark.browser

__all__ = ["site_url"]

#: The pages that must show pictures drawn by the library, and how many at least.
PICTURE_PAGES = {
    "index.html": 1,
    "guide/drawing.html": 6,
    "guide/big-boards.html": 2,
    "catalog/generated/lights-out-cube.html": 3,
    "results/nullities.html": 1,
    "cli.html": 2,
    "catalog/index.html": len(catalog.names()),  # last: the gallery test reads it next
}


@pytest.fixture(scope="module")
def site_tab(browser: Any, site_url: str) -> Iterator[SiteTab]:
    """The module's page of the site in a 1200×900 window; requests that leave it are problems."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(15000)
    try:
        yield SiteTab(context, site_url, site_only=True)
    finally:
        context.close()


@pytest.fixture
def visit(site_tab: SiteTab) -> Iterator[Callable[[str], Any]]:
    """Open a page of the site; record console errors and requests that leave the site.

    A test that opens the page the one before it opened gets it as it is, problems included.
    """
    shown: list[str] = []

    def _open(relative: str) -> Any:
        shown.append(relative)
        return site_tab.show(relative)

    yield _open
    problems = site_tab.problems_of(shown)
    assert problems == [], problems


def _pictures(page: Any) -> list[dict[str, Any]]:
    return page.eval_on_selector_all(
        "main img",
        """els => els.map(e => ({src: e.getAttribute('src'), complete: e.complete,
                                 width: e.naturalWidth}))""",
    )


@pytest.mark.parametrize(("relative", "least"), PICTURE_PAGES.items(), ids=list(PICTURE_PAGES))
def test_every_picture_loads(visit: Callable[[str], Any], relative: str, least: int) -> None:
    page = visit(relative)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('main img')).every(i => i.complete)"
    )
    pictures = _pictures(page)
    assert len(pictures) >= least, (relative, pictures)
    broken = [p["src"] for p in pictures if p["width"] == 0]
    assert broken == [], relative


def test_the_gallery_has_one_card_per_puzzle(visit: Callable[[str], Any]) -> None:
    page = visit("catalog/index.html")
    cards = page.eval_on_selector_all(
        ".lo-gallery .lo-card",
        """els => els.map(e => ({
            thumbs: Array.from(e.querySelectorAll('img')).map(i => i.naturalWidth),
            links: Array.from(e.querySelectorAll('a')).map(a => a.getAttribute('href')),
            text: e.textContent}))""",
    )
    names = catalog.names()
    assert len(cards) == len(names)
    for card, name in zip(cards, names, strict=True):
        puzzle = catalog.load(name)
        assert len(card["thumbs"]) == 1 and card["thumbs"][0] > 0, name
        assert f"generated/{name}.html" in card["links"], card
        assert puzzle.title in card["text"].replace("\u2019", "'"), name
        # Lights and buttons as `lightsout list` counts them: buttons only where they differ.
        lights, buttons = puzzle.n, len(puzzle.pressable)
        counts = f"{lights} lights" + ("" if buttons == lights else f" · {buttons} buttons")
        assert counts in card["text"], (name, card["text"])
        assert f"k = {puzzle.modulus}" in card["text"], name
        assert "nullity" in card["text"], name


def _board(page: Any) -> list[int]:
    return page.eval_on_selector_all(
        ".lo-play-widget [data-node]", "els => els.map(e => Number(e.dataset.state))"
    )


def test_the_play_widget_plays_offline(visit: Callable[[str], Any]) -> None:
    page = visit("notebooks/generated/01_getting_started.html")
    page.wait_for_selector(".lo-play-widget [data-node]")
    puzzle = catalog.load("lights-out")
    before = _board(page)
    assert before == [int(v) for v in puzzle.state_vector(puzzle.boards["pattern"])]
    page.click(".lo-play-widget [data-node='[2,2]']")
    after = _board(page)
    pressed = puzzle.press(puzzle.boards["pattern"], (2, 2))
    assert after == [pressed[u] for u in puzzle.nodes]
    # The cell shows the static copy, not an empty widget view waiting for a widget manager.
    assert page.locator(".jupyter-widgets, .widget-subarea").count() == 0
    scripts = page.eval_on_selector_all("script[src]", "els => els.map(e => e.src)")
    assert all(json.dumps(s).find("cdn") < 0 for s in scripts), scripts


def test_notebooks_link_to_each_other(visit: Callable[[str], Any]) -> None:
    page = visit("notebooks/generated/01_getting_started.html")
    links = page.eval_on_selector_all("main a", "els => els.map(e => e.getAttribute('href'))")
    for other in ("02_variants", "03_solvability_research", "04_big_boards"):
        assert any(h and h.split("#")[0] == f"{other}.html" for h in links), (other, links)
