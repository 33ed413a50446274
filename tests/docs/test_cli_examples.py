"""The worked examples of the CLI reference: one per subcommand, and the page shows what the
command prints today.

The examples live in ``docs/_ext/cli_examples.py``; the build runs them into the page. Here
each runs again through the real entry point and its output must equal the page's.
"""

from __future__ import annotations

import html
import importlib.util
import re
import sys
import types
from pathlib import Path

import pytest

from lightsout_graphs.interfaces.cli import build_parser
from tests.docs.test_generated_pages import _subcommands

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _examples_module() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("cli_examples", DOCS / "_ext" / "cli_examples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("cli_examples", module)
    spec.loader.exec_module(module)
    return module


EXAMPLES = _examples_module()


def test_every_subcommand_has_a_worked_example() -> None:
    covered = {example.subcommand for example in EXAMPLES.EXAMPLES}
    assert covered == set(_subcommands(build_parser()))


def _page_blocks(page: Path) -> list[str]:
    """The text of every console block of the page."""
    text = page.read_text(encoding="utf-8")
    blocks = re.findall(r'<div class="highlight-console[^"]*">.*?<pre>(.*?)</pre>', text, re.DOTALL)
    return [html.unescape(re.sub(r"<[^>]+>", "", b)).rstrip("\n") for b in blocks]


def test_the_page_shows_what_each_example_prints(built_docs: Path, tmp_path: Path) -> None:
    blocks = _page_blocks(built_docs / "cli.html")
    assert len(blocks) == len(EXAMPLES.EXAMPLES)
    for example, block in zip(EXAMPLES.EXAMPLES, blocks, strict=True):
        code, output = EXAMPLES.run_example(example, tmp_path)
        assert code == 0, (example.command, output)
        assert block == f"$ {example.command}\n{output}", example.command


def test_options_keep_their_two_hyphens(built_docs: Path) -> None:
    plain = html.unescape(re.sub(r"<[^>]+>", "", (built_docs / "cli.html").read_text("utf-8")))
    assert re.findall(r"–[a-z]+", plain) == []  # "–family" was an option typeset as prose
    assert "--family torus" in plain and "--overwrite" in plain


@pytest.mark.parametrize("picture", ["pattern.png", "nullity.png"])
def test_the_examples_pictures_are_on_the_page(built_docs: Path, picture: str) -> None:
    text = (built_docs / "cli.html").read_text(encoding="utf-8")
    found = re.findall(rf'<img [^>]*src="([^"]*{re.escape(picture)})"', text)
    assert found, picture
    assert (built_docs / found[0]).stat().st_size > 1000
