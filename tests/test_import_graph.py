"""The package's import graph, read from the source: no cycle, no private name across packages,
no arrow pointing up the layers.

A private module or name inside a subpackage (``lightsout_graphs.zk._common``) is that
subpackage's own; the private top-level modules (``lightsout_graphs._labels``,
``lightsout_graphs._describe``, ...) are the package's shared internals, which every subpackage
may use, as ``scipy._lib`` is for scipy.

Every ``import`` and ``from ... import`` of every module counts, those inside functions too
(a lazy import still ties two modules together); imports under ``if TYPE_CHECKING:`` do not,
as they never run. A package is a subfolder of ``lightsout_graphs`` (``zk``, ``sweep``, ...);
the top-level modules form one package of their own.

The layers, bottom to top: the base (errors, ``zk``, the helpers every layer shares), the
representation (:class:`~lightsout_graphs.Puzzle`, the families, grids, products and the
catalog that build puzzles, and the fast engines beside them), the algorithms (solving,
minimum presses, analysis, search-based variants, and the top-level package that exports
them) and the interfaces (the command line, drawings, the play page, sweeps). A module may
import its own layer and those below, never one above.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1] / "lightsout_graphs"


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
    assert list(nx.simple_cycles(graph)) == []


def _shared_internal(dotted: str) -> bool:
    """Whether ``dotted`` is a private top-level module of the package (or a public name in
    one): the package's shared internals, which every subpackage may use, as ``scipy._lib`` is
    for scipy. A private module or name inside a subpackage stays inside it."""
    parts = dotted.split(".")[1:]
    return len(parts) >= 1 and _private(parts[0]) and not any(_private(p) for p in parts[1:])


def private_imports() -> set[tuple[str, str]]:
    """(importing module, imported name) for private names taken from another package."""
    out = set()
    for module in MODULES:
        for target, name in _imports(module):
            dotted = target if name is None else f"{target}.{name}"
            parts = dotted.split(".")[1:]
            if not any(_private(p) for p in parts) or _shared_internal(dotted):
                continue
            if _package(target) != _package(module):
                out.add((module, dotted))
    return out


def test_no_private_name_across_packages() -> None:
    assert private_imports() == set()


BASE, REPRESENTATION, ALGORITHMS, INTERFACES = range(4)

#: The layer of every module, by its dotted name below ``lightsout_graphs`` (a package's name
#: covers its modules; ``""`` is the top-level package itself). A new module must be placed
#: here: :func:`layer` refuses a name it does not know.
LAYERS: dict[str, int] = {
    # The base: errors, arithmetic mod k, and helpers that know no puzzle.
    "errors": BASE,
    "_deprecation": BASE,
    "zk": BASE,
    "_version": BASE,
    "_cache": BASE,
    "_counts": BASE,
    "_labels": BASE,
    "_memory": BASE,
    "structure": BASE,
    # The representation: a puzzle, the ways to build one, and the fast special engines.
    "puzzle": REPRESENTATION,
    "_puzzle_info": REPRESENTATION,
    "_codec": REPRESENTATION,
    "_graph_matrix": REPRESENTATION,
    "_states": REPRESENTATION,
    "_describe": REPRESENTATION,
    "_layout": REPRESENTATION,
    "boards": REPRESENTATION,
    "families": REPRESENTATION,
    "grids": REPRESENTATION,
    "products": REPRESENTATION,
    "catalog": REPRESENTATION,
    # The algorithms over a puzzle, and the public API that exports everything so far.
    "": ALGORITHMS,
    "solution": ALGORITHMS,
    "solver": ALGORITHMS,
    "planner": ALGORITHMS,
    "covering": ALGORITHMS,
    "analysis": ALGORITHMS,
    "minimum": ALGORITHMS,
    "gods": ALGORITHMS,
    # Deprecated module paths: shims that forward to ``gods`` with a warning.
    "sampling": ALGORITHMS,
    "symmetry": ALGORITHMS,
    "_statespace": ALGORITHMS,
    "variants": ALGORITHMS,
    # The interfaces: they call the public API and hold no maths.
    "cli": INTERFACES,
    "draw": INTERFACES,
    "play": INTERFACES,
    "sweep": INTERFACES,
    "__main__": INTERFACES,
}


def layer(module: str) -> int:
    """The layer of a module, from the longest name of :data:`LAYERS` that contains it."""
    parts = module.split(".")[1:]
    for i in range(len(parts), 0, -1):
        key = ".".join(parts[:i])
        if key in LAYERS:
            return LAYERS[key]
    if not parts:
        return LAYERS[""]
    msg = f"{module} has no layer: add it to LAYERS"
    raise KeyError(msg)


def upward_imports() -> set[tuple[str, str]]:
    """(importing module, imported module) for every import of a higher layer."""
    out = set()
    for module in MODULES:
        for target, _ in _imports(module):
            if layer(target) > layer(module):
                out.add((module, target))
    return out


def test_every_module_has_a_layer() -> None:
    assert {m: layer(m) for m in MODULES}["lightsout_graphs.cli"] == INTERFACES


def test_no_import_points_up_the_layers() -> None:
    assert upward_imports() == set()


def test_the_layer_check_sees_a_lazy_upward_import() -> None:
    source = "def f():\n    from lightsout_graphs.cli.counts import x\n"
    lazy = [n for n in _runtime_nodes(ast.parse(source)) if isinstance(n, ast.ImportFrom)]
    assert [n.module for n in lazy] == ["lightsout_graphs.cli.counts"]
    assert layer("lightsout_graphs.analysis") < layer("lightsout_graphs.cli.json_data")
    assert layer("lightsout_graphs") == ALGORITHMS
    assert layer("lightsout_graphs.zk.gf2") == BASE
