"""The tables of the results pages equal the result files of ``research/``.

Each test reads the built page's table cells and the research file on its own (not through the
docs extension that wrote the page), so a page that drifts from its file fails.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RESEARCH = ROOT / "research"


def _generator() -> types.ModuleType:
    """``docs/_ext/lightsout_docs.py``, whose functions write the results pages' tables."""
    spec = importlib.util.spec_from_file_location(
        "lightsout_docs", ROOT / "docs" / "_ext" / "lightsout_docs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("lightsout_docs", module)
    spec.loader.exec_module(module)
    return module


def _markdown_rows(text: str) -> list[dict[str, str]]:
    """The rows of the first Markdown table in ``text``, keyed by its header."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    return [
        dict(zip(header, [c.strip() for c in line.strip("|").split("|")], strict=True))
        for line in lines[2:]
    ]


def _bfile(path: Path) -> list[int]:
    pairs = [line.split() for line in path.read_text().splitlines() if line[:1].isdigit()]
    assert [int(n) for n, _ in pairs] == list(range(1, len(pairs) + 1))
    return [int(v) for _, v in pairs]


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
        impossible = row.get("published") and row["upper"] < row["published"][0]
        assert ("impossible" in got["differs"]) == bool(impossible), row["n"]
    marked = [
        cells[0]
        for cells in body
        if "impossible" in dict(zip(table[0], cells, strict=True))["differs"]
    ]
    assert marked == ["19"]


def test_a075464_page_equals_its_file(built_docs: Path) -> None:
    rows = json.loads((RESEARCH / "a075464" / "results.json").read_text(encoding="utf-8"))
    assert [r["n"] for r in rows] == list(range(1, 61))
    table = _find(built_docs / "results" / "a075464.html", "n", "fewest presses")
    got = [dict(zip(table[0], cells, strict=True)) for cells in table[1:]]
    assert [g["n"] for g in got] == [str(r["n"]) for r in rows]
    assert [g["fewest presses"] for g in got] == [str(r["fewest_presses"]) for r in rows]
    assert [g["OEIS"] for g in got] == [
        "new" if r["published"] is None else str(r["published"]) for r in rows
    ]
    assert [g["n"] for g in got if "unique" in g["solutions"]] == [
        str(r["n"]) for r in rows if r["solutions"] == 1
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


def test_nullities_page_shows_the_bfiles(built_docs: Path) -> None:
    table = _find(built_docs / "results" / "nullities.html", "sequence", "terms")
    got = [dict(zip(table[0], cells, strict=True)) for cells in table[1:]]
    assert [g["terms"] for g in got].count("new") == 3
    assert {g["n"] for g in got if g["terms"] == "new"} == {"25,001..100,000", "1,001..25,000"}


# -- the generated tables themselves (no site build needed) ---------------------------------


def test_the_bfile_table_marks_the_new_terms_and_counts_them() -> None:
    rows = _markdown_rows(_generator().squares_table())
    board = _bfile(RESEARCH / "nullities" / "b159257.txt")
    torus = _bfile(RESEARCH / "nullities" / "b165738.txt")
    assert len(board) == len(torus) == 100_000
    expected = []
    for name, terms, published in (("A159257", board, 25_000), ("A165738", torus, 1_000)):
        for start, stop in ((0, 1_000), (1_000, 25_000), (25_000, 100_000)):
            part = terms[start:stop]
            new = "**new**" if stop > published else "published"
            zeros = str(part.count(0))
            at = f"{start + 1 + part.index(max(part)):,}"
            expected.append([name, f"{start + 1:,}..{stop:,}", new, zeros, str(max(part)), at])
    assert [[r["sequence"].split()[0], *list(r.values())[1:]] for r in rows] == expected


def test_the_a075464_table_marks_new_terms_and_unique_solutions() -> None:
    rows = _markdown_rows(_generator().a075464_table())
    data = json.loads((RESEARCH / "a075464" / "results.json").read_text(encoding="utf-8"))
    new = [r["n"] for r in rows if r["OEIS"] == "**new**"]
    assert new == [str(n) for n in range(55, 61)]
    unique = {r["n"] for r in rows if r["solutions"].endswith("(unique)")}
    assert unique == {str(r["n"]) for r in data if r["solutions"] == 1}
    assert "59" not in unique and {"55", "56", "57", "58", "60"} <= unique


def test_the_gods_table_has_a_published_column_that_shows_19_differs() -> None:
    rows = _markdown_rows(_generator().gods_numbers_table().split("\n\n", 1)[1])
    by_n = {r["n"]: r for r in rows}
    assert by_n["19"]["published"] == "197"
    assert by_n["19"]["God's number (ours)"] == "164..173"
    assert by_n["19"]["differs"] == "**published value impossible**"
    assert by_n["23"]["differs"] == "tighter upper, tighter lower"
    assert all(
        r["differs"] == ""
        for n, r in by_n.items()
        if n not in {"19", "23", "30", "32", "33", "39", "47"}
    )
