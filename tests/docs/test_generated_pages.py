"""The pages generated from the code and the catalog follow them, with no edit of the docs."""

from __future__ import annotations

import argparse
import importlib.util
import sys
import types
from pathlib import Path

import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from lightsout_graphs.interfaces.cli import build_parser

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _generator() -> types.ModuleType:
    """``docs/_ext/lightsout_docs.py``, the extension that writes the generated pages."""
    spec = importlib.util.spec_from_file_location(
        "lightsout_docs", DOCS / "_ext" / "lightsout_docs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("lightsout_docs", module)
    spec.loader.exec_module(module)
    return module


def test_every_catalog_entry_has_a_page_with_its_counts(built_docs: Path) -> None:
    for name in catalog.names():
        page = built_docs / "catalog" / "generated" / f"{name}.html"
        assert page.exists(), name
        text = page.read_text(encoding="utf-8")
        puzzle = catalog.load(name)
        analysis = lo.analyze(puzzle)
        assert puzzle.title.replace("'", "&#8217;") in text or puzzle.title in text, name
        assert f"<td><p>{analysis.num_quiet_patterns}</p></td>" in text, name
        for board in puzzle.boards:
            assert f'<code class="docutils literal notranslate"><span class="pre">{board}' in text


def test_the_gallery_counts_lights_and_buttons_as_lightsout_list_does() -> None:
    """Cards say '72 lights · 120 buttons', not the 192 nodes of the 600-cell's graph."""
    entry = {"name": "600-cell", "title": "600", "modulus": 2, "nullity": 84, "thumbnail": "t"}
    # A copy of its own, not registered: the tests that pickle its functions use the first one.
    spec = importlib.util.spec_from_file_location(
        "lightsout_docs_gallery", DOCS / "_ext" / "lightsout_docs.py"
    )
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    text = generator.gallery_text(
        [
            {**entry, "lights": 72, "buttons": 120},
            {**entry, "name": "lights-out", "lights": 25, "buttons": 25, "nullity": 2},
        ]
    )
    assert "72 lights · 120 buttons · k = 2 · nullity 84" in text
    assert "25 lights · k = 2 · nullity 2" in text
    assert "nodes" not in text


def test_a_catalog_entry_added_later_gets_a_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "more"
    folder.mkdir()
    (folder / "ring.toml").write_text(
        """
schema_version = 1
name = "ring-of-five"
title = "A ring of five"
[graph]
family = "cycle"
params = { n = 5 }
[boards]
one = { 0 = 1 }
""",
        encoding="utf-8",
    )
    gen = _generator()
    with catalog.folder(folder):
        listed = catalog.names()
        assert "ring-of-five" in listed and "lights-out" in listed
        # Every entry's page is checked in the built site; two pages show the generator's way.
        monkeypatch.setattr(catalog, "names", lambda: ["lights-out", "ring-of-five"])
        pages = gen.write_catalog(tmp_path / "generated")
    names = [p.stem for p in pages]
    assert names == ["lights-out", "ring-of-five"]
    text = (tmp_path / "generated" / "ring-of-five.md").read_text(encoding="utf-8")
    assert text.startswith("# A ring of five\n")
    solution = lo.solve(catalog.load_file(folder / "ring.toml"), {0: 1}, minimize=True)
    assert f"Fewest presses: **{solution.num_presses}**" in text
    assert (tmp_path / "generated" / "images" / "ring-of-five--one.png").stat().st_size > 0


def test_a_name_added_to_all_gets_an_api_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def brand_new(x: int) -> int:
        """A function exported after the docs were written."""
        return x

    monkeypatch.setattr(lo, "brand_new", brand_new, raising=False)
    monkeypatch.setattr(lo, "__all__", [*lo.__all__, "brand_new"])
    gen = _generator()
    gen.write_api(tmp_path)
    page = (tmp_path / "lightsout_graphs.rst").read_text(encoding="utf-8")
    assert "\n   brand_new\n" in page
    # A name exported twice is documented once, under its first public module.
    families = (tmp_path / "lightsout_graphs.representation.families.rst").read_text(
        encoding="utf-8"
    )
    assert ":py:obj:`lightsout_graphs.grid`" in families
    assert "\n   grid\n" not in families


def _subcommands(parser: argparse.ArgumentParser) -> list[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return sorted(action.choices)
    return []


def test_the_cli_reference_has_every_subcommand_and_option(built_docs: Path) -> None:
    text = (built_docs / "cli.html").read_text(encoding="utf-8")
    parser = build_parser()
    commands = _subcommands(parser)
    assert {"solve", "analyze", "sweep"} <= set(commands)
    for command in commands:
        assert f'id="lightsout-{command}"' in text, command
    solve = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[
        "solve"
    ]
    for action in solve._actions:
        for option in action.option_strings:
            assert option in text, option
