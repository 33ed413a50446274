"""The built documentation site, shared by the tests of ``tests/docs``.

``make test`` builds the site (``make docs``) before running pytest, and these tests read that
build. When it is missing or older than any of its sources (a run of pytest alone, after an
edit), the fixture builds it first, once, under a file lock so that pytest-xdist workers wait
for one another instead of building twice.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.interfaces.play.conftest import (  # the play tests' chromium
    CHROMIUM,
    CHROMIUM_ARGS,
    browser,
)

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "browser", "built_docs"]

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
HTML = DOCS / "_build" / "html"
#: Seconds a build may take here; the whole docs build stays under 5 minutes on 2 cores.
BUILD_TIMEOUT = 600


def _sources() -> Iterator[Path]:
    for folder, pattern in [
        (DOCS, "*"),
        (ROOT / "lightsout_graphs", "*.py"),
        (ROOT / "catalog", "*.toml"),
        (ROOT / "notebooks", "*.ipynb"),
        (ROOT / "research", "*.json"),  # the results pages show these files' tables
        (ROOT / "research", "*.parquet"),
    ]:
        for path in folder.rglob(pattern):
            skip = {"_build", "generated", "__pycache__"}
            if path.is_file() and not skip.intersection(path.parts):
                yield path
    yield ROOT / "CHANGELOG.md"


def is_fresh(html: Path = HTML) -> bool:
    """Whether ``html`` holds a complete build newer than every source."""
    stamp = html / "objects.inv"
    if not stamp.exists():
        return False
    built = stamp.stat().st_mtime
    return all(path.stat().st_mtime <= built for path in _sources())


def build(html: Path = HTML) -> None:
    """Build the site as `make docs` does (warnings are errors); fail the test on a problem."""
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    sphinx = [
        sys.executable,
        "-m",
        "sphinx",
        "-j",
        "auto",
        "-b",
        "html",
        "-E",
        "-W",
        "--keep-going",
        "-q",
    ]
    cmd = [*sphinx, str(DOCS), str(html)]
    done = subprocess.run(
        cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"the docs build failed:\n{done.stderr[-5000:]}", pytrace=False)


@pytest.fixture(scope="session")
def built_docs() -> Path:
    """The folder of the built HTML site, built first when missing or stale."""
    HTML.parent.mkdir(parents=True, exist_ok=True)
    with (HTML.parent / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not is_fresh():
                build()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return HTML
