"""Every example of the README runs as written.

The test reads README.md afresh, so new examples are covered without editing it:

- every ```python block runs (in a temporary folder);
- every ```toml block is written to the file the text just before it names (``grids.toml``),
  so the shell examples that use it find it;
- every ```sh block runs with bash (``set -e``) in that temporary folder, with the virtual
  environment's ``bin`` first on the PATH, as after ``source .venv/bin/activate``; only the
  set-up lines (``make ...``, ``source .venv/bin/activate``) are left out, because the test
  suite itself runs inside that set-up: the Makefile test below checks what they do;
- every inline code span that is a complete expression over ``lo`` (``lo.gods_number(...)``)
  is evaluated; spans with ``...`` are sketches and are skipped.
"""

from __future__ import annotations

import ast
import os
import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
SETUP_LINE = re.compile(r"^\s*(make\s|source\s+\.venv/bin/activate|\.\s+\.venv/bin/activate)")


def _blocks(language: str) -> list[tuple[int, str]]:
    """(offset, text) of every fenced block in the given language."""
    text = README.read_text(encoding="utf-8")
    return [(m.start(), m.group(2)) for m in FENCE.finditer(text) if m.group(1) == language]


def _named_file(offset: int) -> str:
    """The last ``name.ext`` in backticks in the 300 characters before a block."""
    before = README.read_text(encoding="utf-8")[max(0, offset - 300) : offset]
    names = re.findall(r"`([\w.-]+\.\w+)`", before)
    assert names, f"the README block at offset {offset} is not introduced by a file name"
    return names[-1]


def _venv_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env["MPLBACKEND"] = "Agg"
    return env


def test_python_blocks_in_the_readme_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = _blocks("python")
    assert blocks, "the README shows a Python example"
    monkeypatch.chdir(tmp_path)
    for i, (_, block) in enumerate(blocks):
        script = tmp_path / f"readme_{i}.py"
        script.write_text(block, encoding="utf-8")
        runpy.run_path(str(script))


@pytest.mark.slow
def test_shell_blocks_in_the_readme_run_as_written(tmp_path: Path) -> None:
    for offset, block in _blocks("toml"):
        (tmp_path / _named_file(offset)).write_text(block, encoding="utf-8")
    blocks = _blocks("sh")
    assert blocks, "the README shows shell examples"
    ran = 0
    for _, block in blocks:
        lines = [line for line in block.splitlines() if not SETUP_LINE.match(line)]
        commands = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
        if not commands:
            continue
        script = "set -euo pipefail\n" + "\n".join(lines) + "\n"
        proc = subprocess.run(
            ["bash", "-c", script],
            cwd=tmp_path,
            env=_venv_env(),
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        assert proc.returncode == 0, f"README block failed:\n{block}\n{proc.stdout}\n{proc.stderr}"
        assert "lightsout: error" not in proc.stderr, proc.stderr
        ran += len(commands)
    assert ran >= 3  # the README's command-line examples (the set-up lines are tested apart)


def _inline_expressions() -> list[str]:
    text = FENCE.sub("", README.read_text(encoding="utf-8"))
    found = []
    for span in re.findall(r"`([^`\n]+)`", text):
        if not span.startswith("lo.") or "..." in span:
            continue
        try:
            tree = ast.parse(span, mode="eval")
        except SyntaxError:
            continue
        free = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        if free <= {"lo"}:
            found.append(span)
    return found


def test_inline_examples_in_the_readme_run() -> None:
    import lightsout_graphs as lo

    spans = _inline_expressions()
    assert spans, "the README names runnable expressions"
    for span in spans:
        eval(compile(span, "<README>", "eval"), {"lo": lo})  # our own README


def test_readme_says_how_to_enter_the_environment() -> None:
    text = README.read_text(encoding="utf-8")
    assert "source .venv/bin/activate" in text


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make demo" in text and "make test" in text
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "make test" in ci


def _dry_run(target: str, tmp_path: Path) -> str:
    """What ``make -n`` would run for a target in a fresh checkout (nothing is executed)."""
    proc = subprocess.run(
        ["make", "-n", "-B", "-C", str(ROOT), target, f"VENV={tmp_path / 'venv'}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return proc.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_demo_installs_the_demo_set_and_says_how_to_enter_the_venv(tmp_path: Path) -> None:
    demo = _dry_run("demo", tmp_path)
    assert '".[cpsat,sweep]"' in demo
    assert "[dev]" not in demo and "system-deps" not in demo
    assert "source .venv/bin/activate" in demo.replace(str(tmp_path / "venv"), ".venv")
    test = _dry_run("test", tmp_path)
    assert '".[dev]"' in test and "system-deps" in test


def test_missing_geng_names_the_package_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsout_graphs.core.errors import MissingDependencyError
    from lightsout_graphs.interfaces.sweep import streams

    monkeypatch.setattr(streams.shutil, "which", lambda name: None)
    with pytest.raises(MissingDependencyError, match=r"package 'nauty' \(sudo apt-get install"):
        streams.find_geng()
