"""The notebooks in ``notebooks/``: executed end to end, committed clean, public API only.

Each notebook runs in a fresh kernel of this very interpreter (``sys.executable``, through a
kernel spec written to a temporary folder), with matplotlib's Agg backend, from the
``notebooks/`` folder. A cell that raises fails the test with the cell and the traceback.
"""

from __future__ import annotations

import ast
import importlib
import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
EXPECTED = ["01_getting_started", "02_variants", "03_solvability_research", "04_big_boards"]
KERNEL = "lightsout-graphs-test"
#: The most bytes a notebook's outputs may take, committed or freshly executed.
MAX_OUTPUT_BYTES = 1_000_000
#: Seconds one cell may take before the run is abandoned.
CELL_TIMEOUT = 600
#: Parameters the test run overrides, as papermill does: a cell after the ``parameters`` cell.
#: Each value takes the same code path as the default at a smaller size. The docs build runs
#: the notebooks at their defaults (the million-light boards, the nullity map to 2048); here the
#: map goes to 512 (still four doublings from 64, a power of two as 2048 is), because drawing the
#: 2048×2048 heat map alone takes longer than the rest of the notebook; 200 random boards are
#: tested for solvability instead of 2000, the sweep of the atlas stops at 5 nodes, not 6, and
#: the 19×19 bounds get 2 s of search, not 5.
TEST_PARAMETERS: dict[str, dict[str, object]] = {
    "01_getting_started": {"RANDOM_BOARDS": 200},
    "02_variants": {"BOUNDS_SECONDS": 2},
    "03_solvability_research": {"ATLAS_NODES": 5},
    "04_big_boards": {"TABLE": 512},
}


def _ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _with_test_parameters(nb: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """``nb`` with a cell that sets the test parameters of ``name`` after its parameters cell."""
    values = TEST_PARAMETERS.get(name)
    if not values:
        return nb
    code = [c for c in nb.cells if c.cell_type == "code"]
    first = code[0]
    assert "parameters" in first.metadata.get("tags", []), "the first code cell sets parameters"
    defined = {t.id for node in ast.parse(first.source).body for t in getattr(node, "targets", [])}
    assert set(values) <= defined, f"{name}: no parameters {set(values) - defined}"
    source = "\n".join(f"{key} = {value!r}" for key, value in values.items())
    cell = nbformat.v4.new_code_cell(source, metadata={"tags": ["injected-parameters"]})
    nb.cells.insert(nb.cells.index(first) + 1, cell)
    return nb


def _output_bytes(nb: nbformat.NotebookNode) -> int:
    return sum(
        len(json.dumps(cell.get("outputs", []))) for cell in nb.cells if cell.cell_type == "code"
    )


@pytest.fixture(scope="module")
def kernel_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A kernel spec for this interpreter with the Agg backend, found through JUPYTER_PATH."""
    root = tmp_path_factory.mktemp("jupyter")
    spec_dir = root / "kernels" / KERNEL
    spec_dir.mkdir(parents=True)
    ipython_dir = root / "ipython"
    ipython_dir.mkdir()
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "lightsout_graphs tests",
        "language": "python",
        # Agg: no window, no inline backend; IPYTHONDIR: no user profile or startup files.
        "env": {
            "MPLBACKEND": "Agg",
            "IPYTHONDIR": str(ipython_dir),
            "PYDEVD_DISABLE_FILE_VALIDATION": "1",
        },
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    yield root


def test_every_notebook_is_present() -> None:
    assert _ids(NOTEBOOKS) == EXPECTED


#: A cell run first in every notebook's kernel: which interpreter, environment and backend it has.
KERNEL_FACTS = "import sys, matplotlib\nprint(sys.executable, sys.prefix, matplotlib.get_backend())"


def _assert_this_interpreter(facts: nbformat.NotebookNode) -> None:
    """The output of a ``KERNEL_FACTS`` cell names this interpreter and the Agg backend."""
    executable, prefix, backend = facts.outputs[0]["text"].split()
    # The very same interpreter and environment (a virtualenv's prefix, not the system's).
    assert executable == sys.executable
    assert prefix == sys.prefix
    assert backend.lower() == "agg"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_runs(path: Path, kernel_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notebook runs without an error, in a fresh kernel of this very interpreter."""
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_env))
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    nb = _with_test_parameters(_read(path), path.stem)
    facts = nbformat.v4.new_code_cell(KERNEL_FACTS)
    nb.cells.insert(0, facts)  # the kernel as it starts, before the notebook's own cells
    client = nbclient.NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=CELL_TIMEOUT,
        resources={"metadata": {"path": str(FOLDER)}},
        allow_errors=False,
    )
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as err:
        pytest.fail(f"{path.name} failed:\n{err}", pytrace=False)
    nb.cells.remove(facts)
    _assert_this_interpreter(facts)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), "some cells did not run"
    errors = [o for c in code for o in c.outputs if o.get("output_type") == "error"]
    assert not errors
    size = _output_bytes(nb)
    assert size < MAX_OUTPUT_BYTES, f"{path.name}: executed outputs take {size} bytes"


def test_the_kernel_is_this_interpreter(kernel_env: Path) -> None:
    """The test kernel is this interpreter with the Agg backend and no user profile.

    Every notebook run checks the running kernel itself (``KERNEL_FACTS``, its first cell):
    a kernel started here only for that would cost a second of start-up.
    """
    spec = json.loads((kernel_env / "kernels" / KERNEL / "kernel.json").read_text("utf-8"))
    assert spec["argv"][0] == sys.executable
    assert spec["argv"][1:3] == ["-m", "ipykernel_launcher"]
    assert spec["env"]["MPLBACKEND"] == "Agg"
    assert Path(spec["env"]["IPYTHONDIR"]).is_dir()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_is_committed_clean(path: Path) -> None:
    assert path.stat().st_size < MAX_OUTPUT_BYTES
    nb = _read(path)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.outputs]
    assert not dirty, f"{path.name}: cells {dirty} hold outputs; strip them before committing"
    assert all(c.execution_count is None for c in code)
    assert "widgets" not in nb.metadata
    assert _output_bytes(nb) < MAX_OUTPUT_BYTES


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_starts_with_parameters_and_explains(path: Path) -> None:
    nb = _read(path)
    code = [c for c in nb.cells if c.cell_type == "code"]
    first = code[0]
    assert "parameters" in first.metadata.get("tags", []), "the first code cell sets parameters"
    tree = ast.parse(first.source)
    assert all(isinstance(node, ast.Assign | ast.AnnAssign) for node in tree.body)
    # Readers are told how to raise each parameter.
    for line in first.source.splitlines():
        if line and not line.startswith("#") and "=" in line:
            assert "#" in line, f"parameter line without a comment: {line!r}"
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    # Prose between the code: no two code cells in a row.
    kinds = [c.cell_type for c in nb.cells]
    pairs = list(itertools.pairwise(kinds))
    assert ("code", "code") not in pairs, f"{path.name}: two code cells with no prose between"


# -- public API only -----------------------------------------------------------------------------


def _is_module(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def _public(module: str, name: str) -> bool:
    """Whether ``module.name`` is public: exported in ``__all__`` or a public submodule."""
    if name.startswith("_"):
        return False
    mod = importlib.import_module(module)
    exported = getattr(mod, "__all__", None)
    if exported is not None and name in exported:
        return True
    return _is_module(f"{module}.{name}")


def _dotted(node: ast.AST) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for anything but names joined by dots."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def api_problems(source: str) -> list[str]:
    """The private names of lightsout_graphs a piece of code uses, as readable messages.

    Imports of ``_modules`` or ``_names``, names that a module does not export, and any
    ``obj._attribute`` access are reported.
    """
    problems: list[str] = []
    tree = ast.parse(source)
    modules: dict[str, str] = {}  # local name -> library module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "lightsout_graphs":
                    continue
                if any(part.startswith("_") for part in alias.name.split(".")):
                    problems.append(f"import of private module {alias.name}")
                if alias.asname:
                    modules[alias.asname] = alias.name
                else:
                    modules["lightsout_graphs"] = "lightsout_graphs"
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] != "lightsout_graphs":
                continue
            if any(part.startswith("_") for part in node.module.split(".")):
                problems.append(f"import from private module {node.module}")
                continue
            for alias in node.names:
                if not _public(node.module, alias.name):
                    problems.append(f"{node.module}.{alias.name} is not public")
                elif _is_module(f"{node.module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        if node.attr.startswith("_") and not node.attr.startswith("__"):
            problems.append(f"private attribute .{node.attr}")
        chain = _dotted(node)
        if not chain or chain[0] not in modules:
            continue
        module = modules[chain[0]]
        for part in chain[1:]:
            if not _public(module, part):
                problems.append(f"{module}.{part} is not public")
                break
            if not _is_module(f"{module}.{part}"):
                break
            module = f"{module}.{part}"
    return problems


def test_api_check_catches_private_names() -> None:
    assert api_problems("from lightsout_graphs.representation.grids import nullity") == []
    assert api_problems("import lightsout_graphs as lo\nlo.solve") == []
    assert api_problems("from lightsout_graphs.representation.grids._gf2poly import gcd")
    assert api_problems("from lightsout_graphs.algorithms.solver import _full_vector")
    assert api_problems("import lightsout_graphs as lo\nlo.grid(2, 2)._cache")
    assert api_problems("import lightsout_graphs as lo\nlo.puzzle.MAX_MODULUS")
    assert api_problems("from lightsout_graphs import grids\ngrids.polynomials._gfp_mod")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_uses_only_the_public_api(path: Path) -> None:
    nb = _read(path)
    source = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert api_problems(source) == []
