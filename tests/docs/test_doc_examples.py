"""The examples of the hand-written documentation pages run as written.

Every ``>>>`` example in a fenced ``python`` block of ``docs/**/*.md`` is run with doctest (the
blocks of one page share one namespace, in order), and every ``lightsout`` command of a ``sh``
block of these pages and of the README runs through the real entry point and exits with 0
(commands that cannot run on their own, such as a sweep on a cluster, are shown as ``text``).
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from lightsout_graphs.interfaces.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(
    p for p in DOCS.rglob("*.md") if "_build" not in p.parts and "generated" not in p.parts
)
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.DOTALL | re.MULTILINE)
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def _blocks(path: Path, language: str) -> list[str]:
    return [
        body for lang, body in FENCE.findall(path.read_text(encoding="utf-8")) if lang == language
    ]


def _examples(path: Path) -> list[doctest.Example]:
    parser = doctest.DocTestParser()
    return [ex for block in _blocks(path, "python") for ex in parser.get_examples(block)]


def test_the_pages_are_found() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"getting-started.md", "background.md", "guide/solving.md"} <= names


def test_the_checker_catches_a_wrong_example(tmp_path: Path) -> None:
    page = tmp_path / "bad.md"
    page.write_text("```python\n>>> 1 + 1\n3\n\n```\n", encoding="utf-8")
    result, report = _run(page)
    assert result.failed == 1
    assert "Expected:\n    3\nGot:\n    2" in report


def _run(path: Path) -> tuple[doctest.TestResults, str]:
    """Run a page's examples in one namespace; the results and doctest's report."""
    test = doctest.DocTest(_examples(path), {}, path.stem, str(path), 0, None)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    runner.run(test, out=report.append)
    return runner.summarize(verbose=False), "".join(report)


@pytest.mark.parametrize("path", PAGES, ids=[p.relative_to(DOCS).as_posix() for p in PAGES])
def test_python_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    monkeypatch.setenv("MPLBACKEND", "Agg")
    result, report = _run(path)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed:\n{report}"


def _commands() -> list[str]:
    """The ``lightsout`` lines of the ``sh`` blocks of the README and the pages, in order."""
    lines = []
    for page in [DOCS.parent / "README.md", *PAGES]:
        lines.extend(line for block in _blocks(page, "sh") for line in block.splitlines())
    commands = [line.split("#")[0].strip() for line in lines if line.startswith("lightsout ")]
    return list(dict.fromkeys(commands))


def test_the_commands_are_found() -> None:
    commands = _commands()
    assert "lightsout solve lights-out --start pattern --min" in commands
    assert len(commands) >= 10


@pytest.mark.parametrize("command", _commands())
def test_documented_command_runs(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    argv = shlex.split(command)[1:]
    assert main(argv) == 0, capsys.readouterr().err
