"""No page of the built site shows broken markup: powers turned bold (``2**32 ... 2**40`` read as
bold text by Markdown), powers left in Python or caret notation in prose (the site writes 2³²),
reST roles printed raw (``:attr:`x```) or double backticks outside code."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.docs.conftest import DOCS

sys.path.insert(0, str(DOCS / "_ext"))
from lightsout_markup import (
    superscript_markdown,
    superscript_powers,
    superscript_rest_lines,
)

#: Elements whose text is code or machinery, not prose.
_CODE = {"code", "pre", "script", "style", "kbd", "samp", "tt", "math", "svg", "textarea"}
#: A power written as Python (``2**22``) or with a caret (``2^22``, ``GF(2)^d``).
_POWER = re.compile(r"[\w)](?:\*\*|\^)[\w(]")
#: A role of reST or MyST printed as text: ``:attr:`count```, ``{py:func}`solve```.
_ROLE = re.compile(r"(?:(?<![\w:]):[a-z]+(?::[a-z]+)?:`\S)|(?:\{[a-z]+(?::[a-z]+)?\}`\S)")


class _MarkupScanner(HTMLParser):
    """Collect the broken markup of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.code = 0  # how many elements of the stack are code
        self.adjacent = ""  # the text just before the current tag, with no tag between
        self.problems: list[str] = []

    def _in_code(self) -> bool:
        return self.code > 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if (
            tag in ("strong", "em")
            and not self._in_code()
            and re.search(r"[0-9A-Za-z)]\Z", self.adjacent)
        ):
            self.problems.append(f"a power shown as {tag} text after {self.adjacent[-30:]!r}")
        if tag not in ("br", "img", "hr", "input", "meta", "link", "wbr"):
            self.stack.append(tag)
            self.code += tag in _CODE
        self.adjacent = ""

    def handle_endtag(self, tag: str) -> None:
        if tag in self.stack:
            while True:
                top = self.stack.pop()
                self.code -= top in _CODE
                if top == tag:
                    break
        self.adjacent = ""

    def handle_data(self, data: str) -> None:
        self.adjacent = data
        if self.code or data.isspace():  # code, or the white space between tags
            return
        text = " ".join(data.split())
        for match in _POWER.finditer(text):
            self.problems.append(f"a power in code notation: {_around(text, match)!r}")
        for match in _ROLE.finditer(text):
            self.problems.append(f"a raw role: {_around(text, match)!r}")
        if "``" in text:
            self.problems.append(f"double backticks: {_around(text, text.index('``'))!r}")


def _around(text: str, where: re.Match[str] | int) -> str:
    start = where.start() if isinstance(where, re.Match) else where
    return text[max(0, start - 40) : start + 40]


def markup_problems(page: str) -> list[str]:
    """The broken markup of one page's HTML, one line each."""
    scanner = _MarkupScanner()
    scanner.feed(page)
    scanner.close()
    return scanner.problems


@pytest.mark.parametrize(
    ("html", "found"),
    [
        ("<p>up to 2<strong>32 quiet patterns, 2</strong>40</p>", "strong text"),
        ("<p>the default bound of 2<em>22, and</em></p>", "em text"),
        ("<p>A prime below 2**31.</p>", "code notation"),
        ("<p>2^26 values at a time</p>", "code notation"),
        ("<p>over GF(2)^d</p>", "code notation"),
        ("<p>``count`` is also :attr:`num_solutions`</p>", "raw role"),
        ("<p>see {py:func}`lightsout_graphs.solve`</p>", "raw role"),
        ("<p>``count`` is the number</p>", "double backticks"),
    ],
)
def test_scanner_finds_broken_markup(html: str, found: str) -> None:
    assert any(found in problem for problem in markup_problems(html)), markup_problems(html)


@pytest.mark.parametrize(
    "html",
    [
        "<p>up to 2³² quiet patterns, 2<sup>n² − d</sup> boards</p>",
        "<p><strong>Note</strong>: <code>2**22</code> and <code>k^e</code> are code</p>",
        '<div class="highlight"><pre>&gt;&gt;&gt; 2**40\n``x``</pre></div>',
        "<dl><dt><strong>k</strong> : int, default 2²⁴</dt></dl>",
        "<p>the <em>quiet patterns</em> and <strong>new</strong> terms</p>",
    ],
)
def test_scanner_passes_good_markup(html: str) -> None:
    assert markup_problems(html) == []


def test_markup_extension_writes_superscripts() -> None:
    assert superscript_powers("2**32 quiet patterns, 2^22 values, k**n boards") == (
        "2³² quiet patterns, 2²² values, kⁿ boards"
    )
    markdown = "For 2**40 boards, `2**40` in code\n```python\n>>> 2**40\n```\n"
    assert superscript_markdown(markdown) == markdown.replace("For 2**40", "For 2⁴⁰")
    lines = ["A prime below 2**31::", "", "    x = 2**31", "", "Then 2**5.", ">>> 2**5", "32"]
    superscript_rest_lines(lines)
    assert lines == ["A prime below 2³¹::", "", "    x = 2**31", "", "Then 2⁵.", ">>> 2**5", "32"]


def test_no_page_shows_broken_markup(built_docs: Path) -> None:
    problems = []
    for page in sorted(built_docs.rglob("*.html")):
        if {"_static", "_sources", "_images"} & set(page.relative_to(built_docs).parts):
            continue
        for problem in markup_problems(page.read_text(encoding="utf-8")):
            problems.append(f"{page.relative_to(built_docs)}: {problem}")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])
