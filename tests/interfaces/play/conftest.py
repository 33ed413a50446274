"""Fixtures of the play-page tests: one real chromium per module, driven by Playwright."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any

import pytest

from lightsout_graphs.interfaces.play.page import write_play_page
from lightsout_graphs.representation._describe import node_json
from lightsout_graphs.representation.puzzle import Puzzle
from tests.browser import record_problems

#: Debian's chromium, installed by scripts/system-deps.sh; Playwright never downloads a browser.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless chromium shared by the tests of one module."""
    from playwright.sync_api import sync_playwright  # a dev dependency: never skipped

    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail(f"{CHROMIUM} is missing: run ./scripts/system-deps.sh (make setup) first.")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Game:
    """A play page opened in the browser, with helpers that speak in puzzle nodes."""

    def __init__(self, page: Any, puzzle: Puzzle, errors: list[str]) -> None:
        self.page = page
        self.puzzle = puzzle
        self.errors = errors
        self._by_json = {json.dumps(node_json(u)): u for u in puzzle.nodes}

    def selector(self, node: Hashable) -> str:
        return f"[data-node='{json.dumps(node_json(node), separators=(',', ':'))}']"

    def state(self) -> dict[Hashable, int]:
        """The board as the page shows it, read from the data-node / data-state attributes."""
        pairs = self.page.eval_on_selector_all(
            "[data-node]", "els => els.map(e => [e.dataset.node, Number(e.dataset.state)])"
        )
        out = {}
        for text, value in pairs:
            out[self._by_json[json.dumps(json.loads(text))]] = value
        return out

    def hinted(self) -> list[Hashable]:
        texts = self.page.eval_on_selector_all(
            "[data-node].hint", "els => els.map(e => e.dataset.node)"
        )
        return [self._by_json[json.dumps(json.loads(t))] for t in texts]

    def click(self, node: Hashable) -> None:
        """Click a light with the mouse, at its centre, as a player does.

        Playwright's waits before a click (visible, stable, enabled, on top) take a tenth of a
        second a click and are left out: the tests compare the board after every click, so a
        click that missed its light (covered, moving) fails them; the enabled check is here.
        """
        selector = self.selector(node)
        disabled = self.page.get_attribute(selector, "aria-disabled")
        assert disabled != "true", f"the light {node!r} is disabled"
        self.page.click(selector, force=True)

    def moves(self) -> int:
        return int(self.page.text_content("#moves") or "-1")


def _watch(page: Any, problems: list[str]) -> None:
    """Append to ``problems`` the page's console errors and warnings, uncaught errors, and
    every request that leaves ``file:`` and ``data:`` addresses."""
    record_problems(page, problems, console=("error", "warning"))
    page.on(
        "request",
        lambda req: (
            problems.append(f"network request: {req.url}")
            if not req.url.startswith(("file:", "data:"))
            else None
        ),
    )


@pytest.fixture(scope="module")
def play_tab(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """One page of one browser context, and the problems it reports, shared by a module's games.

    A new page starts a renderer (about half a second); opening the next game's file in the
    same page replaces the document and all of its script state in a fraction of that. The play
    page keeps nothing in storage, so a game sees nothing of the one before.
    """
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.set_default_timeout(60000)  # a hang guard: actions take well under 1 s
    problems: list[str] = []
    page = context.new_page()
    _watch(page, problems)
    try:
        yield page, problems
    finally:
        context.close()


@pytest.fixture
def open_game(play_tab: tuple[Any, list[str]], tmp_path: Path) -> Iterator[Callable[..., Game]]:
    """Open a puzzle's play page from a file:// URL; fail the test on any console error.

    The first game of a test opens in the module's shared page, any further one in a new page.
    """
    shared, shared_problems = play_tab
    pages: list[Any] = []
    games: list[Game] = []

    def _open(puzzle: Puzzle, **options: Any) -> Game:
        path = write_play_page(puzzle, tmp_path / f"page{len(games)}.html", **options)
        if not games:
            page, errors = shared, shared_problems
            page.evaluate("1")  # a round trip: what the last game reported has arrived
            errors.clear()
        else:
            page = shared.context.new_page()
            pages.append(page)
            errors = []
            _watch(page, errors)
        page.goto(path.as_uri())
        page.wait_for_selector("[data-node]")
        game = Game(page, puzzle, errors)
        games.append(game)
        return game

    yield _open
    if games:
        shared.evaluate("1")  # a round trip: every message of this test has arrived
    for page in pages:
        page.close()
    problems = [e for g in games for e in g.errors]
    assert problems == [], problems
