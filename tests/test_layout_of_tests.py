"""The tests mirror the package: ``tests/<path>/test_<name>.py`` tests ``<path>/<name>.py``.

Paths are relative to ``lightsout_graphs/``. A module ``_name.py`` or ``__name__.py`` is
mirrored by ``test_name.py``, and a subpackage ``<path>/<name>/__init__.py`` by
``tests/<path>/test_<name>.py`` or ``tests/<path>/<name>/test_init.py``.
Test files that test no single module (the README, notebooks, the docs site, fuzzing,
benchmarks, packaging) are listed below by name, with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "lightsout_graphs"

#: Test files (or whole folders, ending in "/") that test no single module.
NOT_MIRRORS: dict[str, str] = {
    "benchmarks/": "ratio benchmarks against baselines (the benchmarks/ folder)",
    "docs/": "the documentation site: API pages, examples, links, the site in a browser",
    "fuzz/": "hypothesis fuzzing of the public API and of the command line",
    "representation/catalog/test_catalog_entries.py": "the shipped catalog/*.toml files and literature values",
    "representation/catalog/test_catalog_install.py": "the catalog files in a non-editable install",
    "interfaces/play/test_play_browser.py": "the play page driven in a real browser",
    "research/": "the scripts and data of research/ (God's-number certificates)",
    "interfaces/sweep/test_hardening.py": "hostile inputs across the sweep spec, runners and store",
    "test_docstrings.py": "every public docstring follows the house standard",
    "test_import_graph.py": "the import graph of the package: no cycles, no private imports",
    "test_layout_of_tests.py": "this file: the tests mirror the package",
    "test_notebooks.py": "the notebooks run",
    "test_readme.py": "the examples of the README run",
}

#: Public modules with code that have no test file of their own (none, ideally).
UNTESTED: dict[str, str] = {}


def _mirrored_modules(test_file: Path) -> list[Path]:
    """The modules a test file may stand for, by its path and name."""
    rel = test_file.relative_to(TESTS)
    name = rel.stem.removeprefix("test_")
    folder = PACKAGE / rel.parent
    candidates = [folder / f"{name}.py", folder / f"_{name}.py", folder / f"__{name}__.py"]
    candidates.append(folder / name / "__init__.py")
    return [c for c in candidates if c.is_file()]


def _allowed(rel: str) -> bool:
    return any(rel == key or (key.endswith("/") and rel.startswith(key)) for key in NOT_MIRRORS)


def _test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def _has_code(module: Path) -> bool:
    """Whether a module defines a function or a class (re-exports alone are not code)."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return any(isinstance(node, kinds) for node in tree.body)


def _public_modules() -> list[Path]:
    """Modules whose path has no private part (``__init__`` and ``__main__`` are public)."""
    found = []
    for module in sorted(PACKAGE.rglob("*.py")):
        parts = module.relative_to(PACKAGE).with_suffix("").parts
        if any(p.startswith("_") and not (p.startswith("__") and p.endswith("__")) for p in parts):
            continue
        found.append(module)
    return found


def _test_files_for(module: Path) -> list[Path]:
    rel = module.relative_to(PACKAGE)
    stem = rel.stem.strip("_")
    candidates = [TESTS / rel.parent / f"test_{stem}.py"]
    if rel.name == "__init__.py" and rel.parent.parts:
        candidates.append(TESTS / rel.parent.parent / f"test_{rel.parent.name}.py")
    return [c for c in candidates if c.is_file()]


def test_every_test_file_mirrors_a_module_or_is_listed() -> None:
    strays = []
    for test_file in _test_files():
        rel = test_file.relative_to(TESTS).as_posix()
        if not _mirrored_modules(test_file) and not _allowed(rel):
            strays.append(rel)
    assert strays == [], f"name these after the module they test, or list them: {strays}"


def test_listed_files_exist_and_do_not_mirror_a_module() -> None:
    for key in NOT_MIRRORS:
        path = TESTS / key
        assert path.exists(), key
        if path.is_file():
            assert not _mirrored_modules(path), f"{key} mirrors a module: take it off the list"


def test_every_public_module_with_code_has_a_test_file() -> None:
    missing = []
    for module in _public_modules():
        rel = module.relative_to(PACKAGE).as_posix()
        if _has_code(module) and not _test_files_for(module) and rel not in UNTESTED:
            missing.append(rel)
    assert missing == [], f"these modules have no tests/<same path>/test_<name>.py: {missing}"


def test_untested_list_is_current() -> None:
    for rel in UNTESTED:
        module = PACKAGE / rel
        assert module.is_file(), rel
        assert not _test_files_for(module), f"{rel} has a test file now: take it off the list"


@pytest.mark.parametrize(
    ("test_file", "module"),
    [
        ("core/zk/test_common.py", "core/zk/_common.py"),
        ("interfaces/cli/test_init.py", "interfaces/cli/__init__.py"),
        ("test_main.py", "__main__.py"),
        ("interfaces/draw/test_boards.py", "interfaces/draw/boards.py"),
    ],
)
def test_mirror_names(test_file: str, module: str) -> None:
    assert PACKAGE / module in _mirrored_modules(TESTS / test_file)
