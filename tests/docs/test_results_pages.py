"""The tables of the results pages equal the result files of ``research/``.

Each test reads the built page's table cells and the research file on its own (not through the
docs extension that wrote the page), so a page that drifts from its file fails.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RESEARCH = ROOT / "research"


class _Tables(HTMLParser):
    """Every ``<table>`` of a page as a list of rows of cell texts (header row included)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.tables:
            text = "".join(self._cell).replace("\u2019", "'")  # smart apostrophes
            self.tables[-1][-1].append(" ".join(text.split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables(page: Path) -> list[list[list[str]]]:
    parser = _Tables()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.tables


def _find(page: Path, first_header: str, column: str) -> list[list[str]]:
    """The table of ``page`` whose header row starts with ``first_header`` and has ``column``."""
    for table in tables(page):
        if table and table[0] and table[0][0] == first_header and column in table[0]:
            return table
    raise AssertionError(f"{page.name}: no table with the columns {first_header!r}, {column!r}")


def _range(low: object, high: object) -> str:
    if low is None or high is None:
        return "—"
    return str(low) if low == high else f"{low}..{high}"


def test_the_table_parser_reads_cells() -> None:
    html = "<table><tr><th>a</th><th>b</th></tr><tr><td><p>1</p></td><td>x  y</td></tr></table>"
    parser = _Tables()
    parser.feed(html)
    assert parser.tables == [[["a", "b"], ["1", "x y"]]]


def test_gods_numbers_page_equals_its_file(built_docs: Path) -> None:
    rows = json.loads((RESEARCH / "gods_numbers" / "results.json").read_text(encoding="utf-8"))
    table = _find(built_docs / "results" / "gods-numbers.html", "n", "God's number (ours)")
    body = table[1:]
    assert len(body) == len(rows)
    for cells, row in zip(body, sorted(rows, key=lambda r: r["n"]), strict=True):
        header = table[0]
        got = dict(zip(header, cells, strict=True))
        assert got["n"] == str(row["n"])
        assert got["nullity"] == str(row["nullity"])
        assert got["God's number (ours)"] == _range(row["lower"], row["upper"])
        assert got["published"] == _range(*(row.get("published") or [None, None]))
        assert got["seconds"] == str(row.get("seconds", "—"))


def test_a075464_page_equals_its_file(built_docs: Path) -> None:
    rows = json.loads((RESEARCH / "a075464" / "results.json").read_text(encoding="utf-8"))
    assert [r["n"] for r in rows] == list(range(1, 61))
    table = _find(built_docs / "results" / "a075464.html", "n", "fewest presses")
    got = [dict(zip(table[0], cells, strict=True)) for cells in table[1:]]
    assert [g["n"] for g in got] == [str(r["n"]) for r in rows]
    assert [g["fewest presses"] for g in got] == [str(r["fewest_presses"]) for r in rows]
    assert [g["OEIS"] for g in got] == [
        "—" if r["published"] is None else str(r["published"]) for r in rows
    ]
    # The new terms were confirmed by a second method, and the page says which.
    for g in got[54:]:
        assert g["checked by"] != "—", g


def test_nullities_page_equals_its_file(built_docs: Path) -> None:
    data = json.loads((RESEARCH / "nullities" / "results.json").read_text(encoding="utf-8"))
    table = _find(built_docs / "results" / "nullities.html", "M", "largest nullity")
    got = [dict(zip(table[0], cells, strict=True)) for cells in table[1:]]
    assert [g["M"] for g in got] == [str(r["max_side"]) for r in data["rows"]]
    assert max(int(g["M"]) for g in got) >= 4096
    for g, r in zip(got, data["rows"], strict=True):
        assert g["largest nullity"] == str(r["largest_nullity"])
        assert g["always solvable"] == str(r["always_solvable"])
        assert g["at"] == "{}×{}".format(*r["largest_at"])


def test_census_page_equals_its_file(built_docs: Path) -> None:
    pd = pytest.importorskip("pandas")
    data = pd.read_parquet(RESEARCH / "census11" / "census.parquet")
    page = built_docs / "results" / "census11.html"
    table = _find(page, "n", "connected, nullity 0 (A334443)")
    got = {int(cells[0]): cells for cells in table[1:]}
    closed = data[data["rule"] == "closed"]
    for n in range(1, 12):
        part = closed[closed["n"] == n]
        unique = int(part.loc[part["nullity"] == 0, "connected"].sum())
        assert got[n][1] == str(int(part["graphs"].sum())), n
        assert got[n][2] == str(int(part["connected"].sum())), n
        assert got[n][-1] == str(unique), n
    assert got[11][-1] == "398728322"  # the new term of A334443, as the README states it
    hist = _find(page, "rule", "0")
    eleven = data[data["n"] == 11]
    for cells in hist[1:]:
        counts = eleven[eleven["rule"] == cells[0]].groupby("nullity")["connected"].sum()
        for k, value in enumerate(cells[1:]):
            assert value == str(int(counts.get(k, 0))), (cells[0], k)


def test_lit_only_page_equals_its_file(built_docs: Path) -> None:
    rows = json.loads((RESEARCH / "lit_only" / "results.json").read_text(encoding="utf-8"))
    table = _find(built_docs / "results" / "lit-only.html", "m \\ n", "26")
    side = len(table) - 1
    assert side == 26 and table[0][1:] == [str(n) for n in range(1, 27)]
    found = {(r["m"], r["n"]): r for r in rows}
    for m, cells in enumerate(table[1:], start=1):
        assert cells[0] == str(m)
        for n, cell in enumerate(cells[1:], start=1):
            r = found.get((min(m, n), max(m, n)))
            assert cell == ("·" if r is None else str(r["min_light_number"])), (m, n)
    # Every grid of at most 24 lights was checked by the search, and agrees.
    assert all(r["checked_by"] for r in rows if r["m"] * r["n"] <= 24)
    assert [found[(n, n)]["min_light_number"] for n in range(3, 11)] == [2, 2, 3, 4, 4, 4, 5, 6]
