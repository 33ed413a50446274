"""The play page as a file: self-contained, safe embedding, the front end's test contract."""

from __future__ import annotations

import json
import re

import networkx as nx

import lightsout_graphs as lo
from lightsout_graphs.play import play_data, play_html, write_play_page
from lightsout_graphs.play.page import static_text


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
