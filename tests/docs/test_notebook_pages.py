"""The rendered notebooks show what their titles promise, and link to each other."""

from __future__ import annotations

import html
import re
from pathlib import Path


def _text(page: Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


def test_big_boards_notebook_runs_at_the_promised_sizes(built_docs: Path) -> None:
    text = _text(built_docs / "notebooks" / "generated" / "04_big_boards.html")
    assert "a million lights" in text and "the nullity map up to 2048" in text
    assert "(1000, 1000) press" in text  # the million-light board was solved
    assert "M =  2048:" in text  # the nullity map up to 2048 was computed
    # The 10^8-light board is promised on request only, and the page says it did not run.
    assert "10⁸ lights on request" in text
    assert "HUGE = 0: set HUGE = 10000" in text


def test_notebooks_cross_references_are_links(built_docs: Path) -> None:
    folder = built_docs / "notebooks" / "generated"
    for page in folder.glob("0*.html"):
        source = page.read_text(encoding="utf-8")
        # A notebook named in prose is a link to its page, never bare code.
        bare = re.findall(r'<code[^>]*><span class="pre">(0[1-4]_[a-z_]+)</span></code>', source)
        assert bare == [], (page.name, bare)
    first = (folder / "01_getting_started.html").read_text(encoding="utf-8")
    assert 'href="04_big_boards.html"' in first
