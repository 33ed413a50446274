"""The public names other code and docs rely on stay importable from the top level."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import lightsout_graphs as lo

CORE = [
    "Puzzle",
    "grid",
    "solve",
    "is_solvable",
    "analyze",
    "Solution",
    "Analysis",
    "Unsolvable",
    "LightsOutError",
]


def test_core_names_are_exported() -> None:
    for name in CORE:
        assert name in lo.__all__
        assert getattr(lo, name) is not None
    assert issubclass(lo.Unsolvable, lo.LightsOutError)


def test_every_exported_name_exists() -> None:
    missing = [name for name in lo.__all__ if not hasattr(lo, name)]
    assert missing == []


LAZY_PACKAGES = [
    "lightsout_graphs",
    "lightsout_graphs.core.zk",
    "lightsout_graphs.interfaces.sweep",
    "lightsout_graphs.representation.families",
]


def typed_imports(package: types.ModuleType) -> dict[str, str]:
    """Name -> home of the imports type checkers read: a ``.pyi`` stub beside the package's
    ``__init__.py``, or its ``if TYPE_CHECKING:`` block."""
    stub = Path(package.__file__ or "").with_suffix(".pyi")
    if stub.exists():
        body = ast.parse(stub.read_text(encoding="utf-8")).body
    else:
        tree = ast.parse(inspect.getsource(package))
        blocks = [n for n in tree.body if isinstance(n, ast.If)]
        body = [s for n in blocks if ast.unparse(n.test) == "TYPE_CHECKING" for s in n.body]
    typed: dict[str, str] = {}
    for stmt in body:
        if isinstance(stmt, ast.Expr):  # the docstring
            continue
        assert isinstance(stmt, ast.ImportFrom) and stmt.module is not None
        for alias in stmt.names:
            if stub.exists():  # ``name as name``: a stub re-exports only these (PEP 484)
                assert alias.asname == alias.name, alias.name
            typed[alias.name] = stmt.module
    return typed


@pytest.mark.parametrize("name", LAZY_PACKAGES)
def test_lazy_names_match_the_typed_imports_and_all(name: str) -> None:
    """A package's run-time table of homes says what its typed imports say, and with its
    eager imports it is exactly ``__all__``; every name resolves."""
    package = importlib.import_module(name)
    typed = typed_imports(package)
    typed.pop("__version__", None)
    eager = {"__version__"} if name == "lightsout_graphs" else set()
    runtime = {attr: home for home, names in package._HOMES.items() for attr in names}
    assert runtime == typed
    assert set(typed) | eager == set(package.__all__)
    assert len(package.__all__) == len(set(package.__all__))
    assert set(package.__all__) <= set(dir(package))
    for attr in set(package.__all__) - eager:  # each is what ``from HOME import NAME`` gives
        home = importlib.import_module(runtime[attr])
        want = getattr(home, attr, None) or importlib.import_module(f"{home.__name__}.{attr}")
        assert getattr(package, attr) is want, attr


def test_each_public_name_is_written_once_in_init() -> None:
    """One list: each public name stands once in ``__init__.py`` (in its table of homes)."""
    source = Path(lo.__file__ or "").read_text(encoding="utf-8")
    written = [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    assert [name for name in lo.__all__ if written.count(name) > 1] == []


@pytest.mark.parametrize(
    "old",
    ["solver", "solution", "puzzle", "errors", "cli", "depth", "covering", "counts", "describe"],
)
def test_the_old_module_paths_are_gone(old: str) -> None:
    """The flat layout's module paths and the short names of modules are gone for good."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"lightsout_graphs.{old}")
    with pytest.raises(AttributeError, match=f"has no attribute '{old}'"):
        getattr(lo, old)


def test_import_loads_no_engine() -> None:
    """``import lightsout_graphs`` (and so every ``lightsout`` command) loads numpy, scipy,
    networkx and numba only when a name that needs them is first used."""
    code = (
        "import sys, lightsout_graphs as lo; "
        "heavy = {'numpy', 'scipy', 'networkx', 'numba', 'pandas'} & set(sys.modules); "
        "assert not heavy, heavy; "
        "assert lo.solve(lo.grid(5, 5), 0, target=1, minimize=True).num_presses == 15; "
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_puzzle_surface() -> None:
    p = lo.grid(2, 2)
    for attr in ("nodes", "modulus", "toggle_matrix", "press", "apply"):
        assert hasattr(p, attr)


def test_sweep_is_imported_on_first_use() -> None:
    code = (
        "import sys, lightsout_graphs as lo; "
        "assert 'pyarrow' not in sys.modules; "
        "assert callable(lo.sweep.run); print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_every_puzzle_function_rejects_a_non_puzzle() -> None:
    import pytest

    calls = [
        lambda: lo.lit_only_solve("x", 0),
        lambda: lo.lit_only_solvable_states("x"),
        lambda: lo.symmetries("x"),
        lambda: lo.is_symmetry("x", {}),
        lambda: lo.depth_distribution("x"),
        lambda: lo.gods_number("x"),
        lambda: lo.all_solutions("x"),
        lambda: lo.format_board("x", [1]),
        lambda: lo.format_presses("x", [1]),
        lambda: lo.parse_board("x", "*"),
    ]
    for call in calls:
        with pytest.raises(lo.InvalidPuzzleError, match="Argument 'puzzle' must be a Puzzle"):
            call()


def test_draw_is_imported_on_first_use() -> None:
    code = (
        "import sys, lightsout_graphs as lo; "
        "assert 'matplotlib' not in sys.modules; "
        "assert callable(lo.draw.draw_puzzle); print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_every_exception_of_the_package_is_exported() -> None:
    """Every exception class the package defines can be caught as ``lo.<Name>``."""
    import importlib
    import inspect
    import pkgutil

    found = set()
    for info in pkgutil.walk_packages(lo.__path__, "lightsout_graphs."):
        if info.name.endswith(("__main__",)) or ".sweep" in info.name or ".cli" in info.name:
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, BaseException)
                and obj.__module__.startswith("lightsout_graphs")
            ):
                found.add(name)
    missing = sorted(name for name in found if getattr(lo, name, None) is None)
    assert missing == []


def test_no_package_exports_a_name_that_is_also_its_submodule() -> None:
    """``from pkg.sub import sub`` in ``pkg/__init__`` is shadowed by the module object as soon
    as anything imports ``pkg.sub`` by its file (pytest's importlib mode does), so the two must
    never share a name."""
    import types

    clashes = []
    for info in pkgutil.walk_packages(lo.__path__, "lightsout_graphs."):
        if not info.ispkg:
            continue
        package = importlib.import_module(info.name)
        children = {child.name for child in pkgutil.iter_modules(package.__path__)}
        for name in getattr(package, "__all__", ()):
            if name in children and not isinstance(getattr(package, name), types.ModuleType):
                clashes.append(f"{info.name}.{name}")
    assert clashes == []
