"""Every public name of the package is in the built API reference.

Public: the names of ``lightsout_graphs.__all__``, and of the ``__all__`` of every public
subpackage or module (a direct child whose name does not start with ``_``, and any module
named in a public ``__all__``). The command line is documented from its parser instead.
The check reads the site's ``objects.inv``, the inventory Sphinx writes of every documented
object, and resolves each entry to the Python object it documents: an object exported under
several names (``lightsout_graphs.grid`` is ``lightsout_graphs.representation.families.grid``) is documented
once.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import types
import zlib
from pathlib import Path

import lightsout_graphs

NOT_API = {"lightsout_graphs.interfaces.cli", "lightsout_graphs.__main__"}


def public_exports() -> dict[str, list[str]]:
    """Public module -> the names of its ``__all__`` (dunder names left out)."""
    todo = ["lightsout_graphs"]
    todo += [
        f"lightsout_graphs.{info.name}"
        for info in pkgutil.iter_modules(lightsout_graphs.__path__)
        if not info.name.startswith("_")
    ]
    for layer in ("core", "representation", "algorithms", "interfaces"):
        folder = importlib.import_module(f"lightsout_graphs.{layer}")
        todo += [
            f"lightsout_graphs.{layer}.{info.name}"
            for info in pkgutil.iter_modules(folder.__path__)
            if not info.name.startswith("_")
        ]
    found: dict[str, list[str]] = {}
    while todo:
        name = todo.pop()
        if name in found or name in NOT_API:
            continue
        module = importlib.import_module(name)
        if not hasattr(module, "__all__"):
            continue
        found[name] = [n for n in module.__all__ if not n.startswith("__")]
        for attr in found[name]:
            value = getattr(module, attr)
            if isinstance(value, types.ModuleType):
                todo.append(value.__name__)
    return found


def read_inventory(path: Path) -> dict[str, str]:
    """``objects.inv`` as full name -> ``domain:role`` (Sphinx's format, version 2)."""
    data = path.read_bytes()
    lines = data.split(b"\n", 4)
    assert lines[0] == b"# Sphinx inventory version 2", lines[0]
    body = zlib.decompress(lines[4]).decode("utf-8")
    out = {}
    for line in body.splitlines():
        name, role, _rest = line.split(" ", 2)
        out[name] = role
    return out


def _resolve(full_name: str, role: str) -> object:
    """The object a documented name stands for.

    A module for ``py:module``; otherwise an attribute reached from the longest importable
    module prefix, leaving at least the last part as an attribute (``sweep.report`` is the
    function that ``lightsout_graphs.interfaces.sweep`` exports, not its submodule of the same name).
    """
    if role == "py:module":
        return importlib.import_module(full_name)
    parts = full_name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            obj = getattr(obj, part)
        return obj
    raise ImportError(full_name)


def missing_names(inventory: dict[str, str], exports: dict[str, list[str]]) -> list[str]:
    """The exported names whose object no entry of the inventory documents."""
    documented: set[int] = set()
    for full_name, role in inventory.items():
        if role.startswith("py:") and full_name.startswith("lightsout_graphs"):
            try:
                documented.add(id(_resolve(full_name, role)))
            except (ImportError, AttributeError):
                continue
    missing = []
    for module_name, names in exports.items():
        module = importlib.import_module(module_name)
        for name in names:
            value = getattr(module, name, None)
            if value is None or id(value) not in documented:
                missing.append(f"{module_name}.{name}")
    return missing


def test_every_public_name_is_in_the_api_reference(built_docs: Path) -> None:
    inventory = read_inventory(built_docs / "objects.inv")
    exports = public_exports()
    assert "lightsout_graphs.core.errors" in exports and "lightsout_graphs.core.zk" in exports
    assert missing_names(inventory, exports) == []


def _tags(text: str) -> set[str]:
    """Every ``>text<`` of an HTML page."""
    return {f">{t}<" for t in re.findall(r">([^<>]+)<", text)}


def test_every_public_module_has_a_page_naming_its_exports(built_docs: Path) -> None:
    for module_name, names in public_exports().items():
        page = built_docs / "api" / "generated" / f"{module_name}.html"
        assert page.exists(), f"no API page for {module_name}"
        text = page.read_text(encoding="utf-8")
        module = importlib.import_module(module_name)
        spelled = {n: getattr(getattr(module, n), "__name__", n) for n in names}
        absent = [
            n
            for n in names
            if not {f">{n}<", f">{module_name}.{n}<", f">{spelled[n]}<"} & _tags(text)
        ]
        assert absent == [], f"{module_name}: {absent} not on its page"


def test_the_errors_are_documented(built_docs: Path) -> None:
    inventory = read_inventory(built_docs / "objects.inv")
    for name in lightsout_graphs.core.errors.__all__:
        assert any(k.endswith(f".{name}") for k in inventory), name


def test_the_check_catches_a_missing_name(built_docs: Path) -> None:
    inventory = read_inventory(built_docs / "objects.inv")
    # An exported class the docs show, and a real function that is not exported.
    fake = {"lightsout_graphs.representation.puzzle": ["Puzzle", "_check_modulus"]}
    assert missing_names(inventory, fake) == [
        "lightsout_graphs.representation.puzzle._check_modulus"
    ]
    assert missing_names({}, {"lightsout_graphs": ["solve"]}) == ["lightsout_graphs.solve"]
