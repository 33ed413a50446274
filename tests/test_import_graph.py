"""The package's import graph, read from the source: no cycle, no private name across packages,
no arrow pointing down-to-up across the layer folders.

The package is four layer folders, bottom to top: ``core`` (errors, exact arithmetic mod k in
``zk``, the typed shapes and the helpers every layer shares), ``representation``
(:class:`~lightsout_graphs.Puzzle`, the families, grids, products and the catalog that build
puzzles, and the engines that follow from a shape), ``algorithms`` (the planner, solving,
fewest presses, analysis, God's number, the variants) and ``interfaces`` (the command line,
drawings, the play page, sweeps). A module's layer is the folder it lives in; it may import
its own layer and those below, never one above. Beside the folders sit only the package's
surface (``lightsout_graphs`` itself, which exports the algorithms and everything below, and
``_version``) and the ``python -m`` entry point.

A package is a folder: ``lightsout_graphs.core.zk`` or ``lightsout_graphs.core``. A private
module or name inside a subpackage (``lightsout_graphs.core.zk._common``) is that
subpackage's own; a private module directly in a layer folder
(``lightsout_graphs.core._labels``, ``lightsout_graphs.representation._describe``) is the
layer's shared internals, which every package of that layer and above may use, as
``scipy._lib`` is for scipy.

Every ``import`` and ``from ... import`` of every module counts, those inside functions too
(a lazy import still ties two modules together); imports under ``if TYPE_CHECKING:`` do not,
as they never run.
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
    """The package a module belongs to: its folder (``lightsout_graphs.core.zk`` for
    ``lightsout_graphs.core.zk.gf2``, ``lightsout_graphs.core`` for ``lightsout_graphs.core.errors``)."""
    if MODULES[module].name == "__init__.py":
        return module
    return module.rpartition(".")[0]


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
    assert "lightsout_graphs.interfaces.sweep.spec" in MODULES
    assert "lightsout_graphs.core.zk" in MODULES
    assert import_graph().has_edge(
        "lightsout_graphs.interfaces.sweep.runners", "lightsout_graphs.interfaces.sweep.spec"
    )


def test_no_import_cycle() -> None:
    graph = import_graph()
    assert list(nx.simple_cycles(graph)) == []


def _shared_internal(dotted: str) -> bool:
    """Whether ``dotted`` is a private module directly in a layer folder (or a public name in
    one), such as ``lightsout_graphs.representation._describe``: that layer's shared internals,
    which every package of the layer and above may use, as ``scipy._lib`` is for scipy. A
    private module or name inside a subpackage (``lightsout_graphs.core.zk._common``) stays
    inside it."""
    parts = dotted.split(".")[1:]
    if len(parts) >= 2 and parts[0] in LAYER_FOLDERS:
        return _private(parts[1]) and not any(_private(p) for p in parts[2:])
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


#: The layer folders of ``lightsout_graphs``, bottom to top. A module's layer is the folder it
#: lives in: ``lightsout_graphs/core/zk/gf2.py`` is in the base. A new folder at the top of the
#: package must take its place here (a test checks that this list is every folder there).
LAYER_FOLDERS = ("core", "representation", "algorithms", "interfaces")
BASE, REPRESENTATION, ALGORITHMS, INTERFACES = range(len(LAYER_FOLDERS))

#: The package's surface: the modules beside the layer folders (``lightsout_graphs`` itself,
#: which exports the algorithms and everything below, and ``_version``) sit above the
#: algorithms and below the interfaces, which call the public API.
SURFACE = ALGORITHMS + 0.5

#: ``python -m lightsout_graphs`` starts the command line: the entry point, above everything.
ENTRY_POINT = INTERFACES + 1


def layer(module: str) -> float:
    """The layer of a module, from the folder it lives in."""
    parts = module.split(".")[1:]
    if parts and parts[0] in LAYER_FOLDERS:
        return LAYER_FOLDERS.index(parts[0])
    if parts == ["__main__"]:
        return ENTRY_POINT
    if len(parts) <= 1:
        return SURFACE
    msg = f"{module} lives in no layer folder: move it into one of {LAYER_FOLDERS}"
    raise KeyError(msg)


def test_the_layer_folders_are_the_package_folders() -> None:
    folders = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()}
    assert folders == set(LAYER_FOLDERS)


def test_only_the_surface_lives_beside_the_layer_folders() -> None:
    beside = {p.stem for p in ROOT.glob("*.py")}
    assert beside == {"__init__", "__main__", "_version"}


def upward_imports() -> set[tuple[str, str]]:
    """(importing module, imported module) for every import of a higher layer."""
    out = set()
    for module in MODULES:
        for target, _ in _imports(module):
            if layer(target) > layer(module):
                out.add((module, target))
    return out


def test_every_module_has_a_layer() -> None:
    layers = {m: layer(m) for m in MODULES}
    assert layers["lightsout_graphs.interfaces.cli"] == INTERFACES
    assert layers["lightsout_graphs.core.zk.gf2"] == BASE
    assert BASE < layers["lightsout_graphs.representation.puzzle"] < ALGORITHMS


def test_no_import_points_up_the_layers() -> None:
    assert upward_imports() == set()


def test_the_layer_check_sees_a_lazy_upward_import() -> None:
    source = "def f():\n    from lightsout_graphs.interfaces.cli.counts import x\n"
    lazy = [n for n in _runtime_nodes(ast.parse(source)) if isinstance(n, ast.ImportFrom)]
    assert [n.module for n in lazy] == ["lightsout_graphs.interfaces.cli.counts"]
    assert layer("lightsout_graphs.algorithms.analysis") < layer(
        "lightsout_graphs.interfaces.cli.json_data"
    )
    assert ALGORITHMS < layer("lightsout_graphs") < INTERFACES
    assert layer("lightsout_graphs.core.zk.gf2") == BASE
    assert layer("lightsout_graphs.__main__") > INTERFACES
