"""Every internal link of the built site leads somewhere: the file exists, and so does the
anchor when the link names one."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: Script and style bodies and comments hold no links; they may hold text that looks like tags.
_OPAQUE = re.compile(r"<!--.*?-->|<(script|style)\b([^>]*)>.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"<([a-zA-Z][\w-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTRIBUTE = re.compile(r"([\w:-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+))")


@dataclass
class _Page:
    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)


@cache
def _parse(path: Path) -> _Page:
    """The links (``a``/``link`` hrefs, ``img``/``script`` sources) and anchors of one page."""
    page = _Page()
    text = _OPAQUE.sub(lambda m: f"<{m[1]}{m[2]}>" if m[1] else "", path.read_text("utf-8"))
    for tag in _TAG.finditer(text):
        name = tag[1].lower()
        for key, *values in _ATTRIBUTE.findall(tag[2]):
            value = unescape(next((v for v in values if v), ""))
            key = key.lower()
            if key in ("id", "name"):
                page.ids.add(value)
            elif (key == "href" and name in ("a", "link")) or (
                key == "src" and name in ("img", "script")
            ):
                page.links.append(value)
    return page


def _target(folder: Path, path: str) -> tuple[Path, bool]:
    """The file a link's path names from a page in ``folder``, and whether it exists."""
    target = (folder / unquote(path)).resolve()
    if target.is_dir():
        target = target / "index.html"
    return target, target.exists()


def broken_links(html: Path) -> list[str]:
    """``page: link`` for every internal link of the site at ``html`` that leads nowhere."""
    broken = []
    # Pages of one folder share most links (the navigation): each path is looked up once.
    targets: dict[tuple[Path, str], tuple[Path, bool]] = {}
    for page in sorted(html.rglob("*.html")):
        if "_static" in page.parts:
            continue
        for link in _parse(page).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue  # external: not checked (the build has no network)
            if parts.path:
                key = (page.parent, parts.path)
                if key not in targets:
                    targets[key] = _target(*key)
                target, exists = targets[key]
            else:
                target, exists = page, page.exists()
            if not exists:
                broken.append(f"{page.relative_to(html)}: {link}")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in _parse(target).ids
            ):
                broken.append(f"{page.relative_to(html)}: {link} (no such anchor)")
    return broken


def test_every_internal_link_resolves(built_docs: Path) -> None:
    assert broken_links(built_docs) == []


def test_the_check_finds_broken_links(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text(
        '<a href="b.html">ok</a><a href="c.html">gone</a><a href="b.html#x">ok</a>'
        '<a href="b.html#nope">bad anchor</a><a href="https://example.org/">external</a>'
        '<img src="pic.png">',
        encoding="utf-8",
    )
    (tmp_path / "b.html").write_text('<h1 id="x">B</h1>', encoding="utf-8")
    assert broken_links(tmp_path) == [
        "a.html: c.html",
        "a.html: b.html#nope (no such anchor)",
        "a.html: pic.png",
    ]


def test_the_site_has_its_sections(built_docs: Path) -> None:
    for page in [
        "index.html",
        "getting-started.html",
        "guide/index.html",
        "guide/sweeps.html",
        "background.html",
        "cli.html",
        "changelog.html",
        "catalog/generated/lights-out.html",
        "results/index.html",
        "results/census11.html",
        "results/gods-numbers.html",
        "results/a075464.html",
        "results/nullities.html",
        "cite.html",
        "notebooks/generated/01_getting_started.html",
        "api/generated/lightsout_graphs.html",
        "searchindex.js",
    ]:
        assert (built_docs / page).exists(), page
