"""The built site in a real chromium: pages load without console errors, and search works.

The site is served over HTTP from a thread, as a web server would serve it (the search page
fetches files, which browsers refuse from ``file://`` pages).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.browser import record_problems

pytestmark = pytest.mark.browser

API_PAGE = "api/generated/lightsout_graphs.solve.html"


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(built_docs: Path) -> Iterator[str]:
    """The address of the built site, served on a free local port."""
    handler = functools.partial(_QuietHandler, directory=str(built_docs))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def open_page(browser: Any, site_url: str) -> Iterator[Callable[[str], Any]]:
    """Open a page of the site; fail the test on any console error or failed request."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(60000)  # a hang guard: pages load in about 1 s
    problems: list[str] = []

    def _open(relative: str) -> Any:
        page = context.new_page()
        record_problems(page, problems, prefix=f"{relative}: ")
        page.on(
            "response",
            lambda resp: (
                problems.append(f"{relative}: HTTP {resp.status}: {resp.url}")
                if resp.status >= 400
                else None
            ),
        )
        page.on(
            "requestfailed",
            lambda req: problems.append(f"{relative}: failed request: {req.url}"),
        )
        page.goto(site_url + relative)
        page.wait_for_load_state("load")
        return page

    yield _open
    context.close()
    assert problems == [], problems


def test_index_page_loads(open_page: Callable[[str], Any]) -> None:
    page = open_page("index.html")
    assert "lightsout_graphs" in page.title()
    links = page.eval_on_selector_all("nav a", "els => els.map(e => e.textContent.trim())")
    assert any("Getting started" in t for t in links), links
    assert page.locator("form[action*='search'] input, input[name='q']").count() >= 1


def test_api_page_loads(open_page: Callable[[str], Any]) -> None:
    page = open_page(API_PAGE)
    assert page.locator("dt#lightsout_graphs\\.solve").count() == 1
    assert "minimize" in page.text_content("dl.py.function")


def test_search_index_loads_and_finds_a_function(open_page: Callable[[str], Any]) -> None:
    page = open_page("search.html?q=gods_number")
    page.wait_for_function("() => typeof Search !== 'undefined' && Search._index !== null")
    page.wait_for_selector("#search-results li a", timeout=60000)
    hits = page.eval_on_selector_all(
        "#search-results li a", "els => els.map(e => e.getAttribute('href'))"
    )
    assert any("lightsout_graphs.gods_number" in h for h in hits), hits


#: The pages whose code a reader copies first, and the longest code line the house style allows.
WIDE_PAGES = ["getting-started.html", "guide/solving.html", "guide/drawing.html", "cli.html"]
CODE_LINE = 100

_CUT = """(limit) => {
  const cut = [];
  for (const pre of document.querySelectorAll('article pre')) {
    const longest = Math.max(...pre.textContent.split('\\n').map((line) => line.length));
    if (longest <= limit && pre.scrollWidth > pre.clientWidth + 1) {
      cut.push(`${pre.scrollWidth}>${pre.clientWidth}: ${pre.textContent.slice(0, 50)}`);
    }
  }
  const article = document.querySelector('article');
  return [article.clientWidth, cut];
}"""


@pytest.mark.parametrize("relative", WIDE_PAGES)
def test_code_lines_fit_a_laptop_screen(browser: Any, site_url: str, relative: str) -> None:
    """At 1280 px a code line of 100 characters shows whole (it was cut at 656 px)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(site_url + relative)
        page.wait_for_load_state("load")
        width, cut = page.evaluate(_CUT, CODE_LINE)
    finally:
        context.close()
    assert width >= 800, width
    assert cut == [], cut
