"""The package's import graph, read from the source: no cycle, no private name across packages.

Every ``import`` and ``from ... import`` of every module counts, those inside functions too
(a lazy import still ties two modules together); imports under ``if TYPE_CHECKING:`` do not,
as they never run. A package is a subfolder of ``lightsout_graphs`` (``zk``, ``sweep``, ...);
the top-level modules form one package of their own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1] / "lightsout_graphs"

# Known offenders, to be emptied as the modules they name get public names: the modules of
# each import cycle, and (importing module, dotted name) for a private name taken from another
# package.
KNOWN_CYCLES: set[frozenset[str]] = {
    frozenset({"lightsout_graphs.analysis", "lightsout_graphs.products.fast"}),
}
KNOWN_PRIVATE: set[tuple[str, str]] = {
    # LatticeNodes / LatticeIndex: node labels of lattices, used by grids and families.
    ("lightsout_graphs.grids.wrapped", "lightsout_graphs._labels.LatticeNodes"),
    ("lightsout_graphs.grids.chasing", "lightsout_graphs._labels.LatticeNodes"),
    ("lightsout_graphs.families._stencil", "lightsout_graphs._labels.LatticeIndex"),
    ("lightsout_graphs.families._stencil", "lightsout_graphs._labels.LatticeNodes"),
    ("lightsout_graphs.families.polyhedra", "lightsout_graphs._labels.LatticeIndex"),
    ("lightsout_graphs.families.polyhedra", "lightsout_graphs._labels.LatticeNodes"),
    # The memory check of the search-based variants.
    ("lightsout_graphs.variants.lit_only", "lightsout_graphs._memory.check_memory"),
    ("lightsout_graphs.cli", "lightsout_graphs._version.__version__"),
    ("lightsout_graphs.products.tables", "lightsout_graphs.grids._gf2poly"),
    # The modulus and rule checks of Puzzle, which families.check_args passes on to the
    # families that build their own toggle matrix.
    ("lightsout_graphs.families._common", "lightsout_graphs.puzzle._check_modulus"),
    ("lightsout_graphs.families._common", "lightsout_graphs.puzzle._check_rule"),
}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _package(module: str) -> str:
    """The package a module belongs to: ``lightsout_graphs.zk`` or ``lightsout_graphs``."""
    parts = module.split(".")
    is_folder = MODULES[module].name == "__init__.py"
    return ".".join(parts[:2]) if len(parts) > 2 or (len(parts) == 2 and is_folder) else parts[0]


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` except those under ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)
    return out


def _imports(module: str) -> list[tuple[str, str | None]]:
    """(imported module, imported name or None) for every import of ``module``."""
    path = MODULES[module]
    base = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, str | None]] = []
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((a.name, None) for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = base.split(".")
                source = ".".join([*parts[: len(parts) - node.level + 1], node.module or ""])
                source = source.rstrip(".")
            else:
                source = node.module or ""
            if source not in MODULES:
                continue
            for alias in node.names:
                full = f"{source}.{alias.name}"
                found.append((full, None) if full in MODULES else (source, alias.name))
    return found


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    for module in MODULES:
        for target, _ in _imports(module):
            if target != module:
                graph.add_edge(module, target)
    return graph


def test_every_module_is_parsed() -> None:
    assert "lightsout_graphs.sweep.spec" in MODULES
    assert "lightsout_graphs.zk" in MODULES
    assert import_graph().has_edge("lightsout_graphs.sweep.runners", "lightsout_graphs.sweep.spec")


def test_no_import_cycle() -> None:
    graph = import_graph()
    cycles = []
    for cycle in nx.simple_cycles(graph):
        if frozenset(cycle) not in KNOWN_CYCLES:
            cycles.append(cycle)
    assert cycles == []


def private_imports() -> set[tuple[str, str]]:
    """(importing module, imported name) for private names taken from another package."""
    out = set()
    for module in MODULES:
        for target, name in _imports(module):
            dotted = target if name is None else f"{target}.{name}"
            parts = dotted.split(".")[1:]
            if any(_private(p) for p in parts) and _package(target) != _package(module):
                out.add((module, dotted))
    return out


def test_no_private_name_across_packages() -> None:
    assert private_imports() - KNOWN_PRIVATE == set()
