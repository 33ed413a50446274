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


class SiteTab:
    """One browser page that shows the site's pages one after another, and the problems each
    page reported: console errors, uncaught errors, HTTP errors, failed requests and, when
    ``site_only``, requests to any other address.

    A new page starts a renderer (about half a second); a test that asks for the page already
    shown gets it as it is, and any other page is opened by navigating this one.
    """

    def __init__(self, context: Any, site_url: str, *, site_only: bool = False) -> None:
        self.page = context.new_page()
        self.site_url = site_url
        self.site_only = site_only
        self.shown = ""
        self.problems: dict[str, list[str]] = {}
        self._asked_by: dict[Any, str] = {}  # request -> the page shown when it was made
        page = self.page
        page.on("console", lambda msg: self._note(f"{msg.type}: {msg.text}", msg.type == "error"))
        page.on("pageerror", lambda exc: self._note(f"page error: {exc}"))
        page.on(
            "response",
            lambda resp: self._note(f"HTTP {resp.status}: {resp.url}", resp.status >= 400),
        )
        page.on("request", self._request)
        page.on("requestfailed", self._failed)

    def _note(self, text: str, keep: bool = True, shown: str | None = None) -> None:
        if keep:
            shown = self.shown if shown is None else shown
            self.problems.setdefault(shown, []).append(f"{shown}: {text}")

    def _request(self, request: Any) -> None:
        self._asked_by[request] = self.shown
        if self.site_only and not request.url.startswith(
            (self.site_url, "data:", "blob:", "about:")
        ):
            self._note(f"request outside the site: {request.url}")

    def _failed(self, request: Any) -> None:
        shown = self._asked_by.get(request, self.shown)
        if shown != self.shown and "ERR_ABORTED" in (request.failure or ""):
            return  # cancelled because the page that made it was left
        self._note(f"failed request: {request.url}", shown=shown)

    def show(self, relative: str) -> Any:
        """The page ``relative`` of the site, loaded (once)."""
        if relative != self.shown:
            self.shown = relative
            self.problems[relative] = []
            self.page.goto(self.site_url + relative)
            self.page.wait_for_load_state("load")
        return self.page

    def problems_of(self, shown: list[str]) -> list[str]:
        """The problems the pages ``shown`` reported, every message of the browser included."""
        self.page.evaluate("1")  # a round trip: what the pages reported has arrived
        return [problem for relative in shown for problem in self.problems.get(relative, [])]


@pytest.fixture(scope="module")
def site_tab(browser: Any, site_url: str) -> Iterator[SiteTab]:
    """The module's page of the site in a 1200×900 window."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(60000)  # a hang guard: pages load in about 1 s
    try:
        yield SiteTab(context, site_url)
    finally:
        context.close()


@pytest.fixture
def open_page(site_tab: SiteTab) -> Iterator[Callable[[str], Any]]:
    """Open a page of the site; fail the test on any console error or failed request."""
    shown: list[str] = []

    def _open(relative: str) -> Any:
        shown.append(relative)
        return site_tab.show(relative)

    yield _open
    problems = site_tab.problems_of(shown)
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


@pytest.fixture(scope="module")
def laptop_page(browser: Any, site_url: str) -> Iterator[Any]:
    """One page in a 1280×800 window, the screen of a small laptop."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize("relative", WIDE_PAGES)
def test_code_lines_fit_a_laptop_screen(laptop_page: Any, site_url: str, relative: str) -> None:
    """At 1280 px a code line of 100 characters shows whole (it was cut at 656 px)."""
    laptop_page.goto(site_url + relative)
    laptop_page.wait_for_load_state("load")
    width, cut = laptop_page.evaluate(_CUT, CODE_LINE)
    assert width >= 800, width
    assert cut == [], cut
