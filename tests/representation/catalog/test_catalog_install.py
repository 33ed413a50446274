"""The shipped catalog works from a plain, non-editable install into a fresh virtualenv."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]

CHECK = textwrap.dedent(
    """
    import json, pathlib, sys
    import lightsout_graphs
    from lightsout_graphs import catalog
    names = catalog.names()
    p = catalog.load("lights-out")
    print(json.dumps({
        "file": lightsout_graphs.__file__,
        "folder": str(catalog.builtin_folder()),
        "names": names,
        "pattern": p.boards["pattern"].tolist(),
        "problems": [str(e) for e in catalog.problems()],
    }))
    """
)


@pytest.mark.slow
def test_catalog_loads_from_a_non_editable_install(tmp_path: Path) -> None:
    import json

    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)],
        check=True,
        capture_output=True,
    )
    python = venv / "bin" / "python"
    # `--system-site-packages` exposes the base interpreter's packages, not those of the
    # virtualenv running the tests (hatchling, numpy, networkx, ...). A path line in a .pth
    # file adds that site-packages folder after the new venv's own; the .pth files inside it
    # (such as an editable install of this project) are not processed, so only the copy
    # installed below can be imported. The new venv has no pip of its own (making one costs
    # seconds): the pip of that folder installs into it.
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    parent = sysconfig.get_paths()["purelib"]
    Path(purelib, "_test_parent_env.pth").write_text(parent + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def run(args: list[str], cwd: Path, timeout: int) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(python), *args],
            check=False,
            capture_output=True,
            text=True,
            env=env,
            cwd=cwd,
            timeout=timeout,
        )

    pip = ["-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
    install = run([*pip, "--ignore-installed", str(REPO)], tmp_path, 600)
    assert install.returncode == 0, install.stderr[-2000:]
    work = tmp_path / "elsewhere"
    work.mkdir()
    check = run(["-c", CHECK], work, 300)
    assert check.returncode == 0, check.stderr[-2000:]
    report = json.loads(check.stdout.strip().splitlines()[-1])
    installed = Path(report["file"]).resolve()
    assert venv.resolve() in installed.parents, "the installed copy must be imported"
    assert REPO not in installed.parents
    folder = Path(report["folder"]).resolve()
    assert folder == installed.parent / "catalog_data"
    assert "lights-out" in report["names"]
    assert len(report["names"]) == len(list((REPO / "catalog").glob("*.toml")))
    assert report["pattern"][:5] == [0, 1, 0, 1, 0]
    assert report["problems"] == []
