"""Every public function and class has a numpydoc docstring with a runnable Examples section.

Public: each function or class a module lists in its ``__all__`` (a name a module only
re-exports is checked once, in the module that defines it), and for a class, each
public method and property written in the class body (inherited ones are checked in their own
class). Every module whose dotted path has no component starting with ``_`` must have an
``__all__``. The Examples themselves run as doctests: pytest collects ``lightsout_graphs`` with
``--doctest-modules`` (see ``pyproject.toml``), so this module only checks that they are there.
"""

from __future__ import annotations

import doctest
import functools
import importlib
import inspect
import pkgutil
import re
import tomllib
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import lightsout_graphs

# Modules that are not imported: running ``python -m lightsout_graphs`` starts the command line.
NOT_IMPORTED = {"lightsout_graphs.__main__"}

_HEADER = re.compile(r"^-{3,}$")


def modules() -> list[types.ModuleType]:
    """The package and every module under it, in a fixed order."""
    found = [lightsout_graphs]
    for info in pkgutil.walk_packages(lightsout_graphs.__path__, "lightsout_graphs."):
        if info.name not in NOT_IMPORTED:
            found.append(importlib.import_module(info.name))
    return sorted(found, key=lambda m: m.__name__)


def is_private(module_name: str) -> bool:
    """Whether any component of the dotted path starts with ``_``."""
    return any(part.startswith("_") for part in module_name.split("."))


def _members(cls: type) -> Iterator[tuple[str, object]]:
    """The public methods and properties written in ``cls``, with the object holding each doc.

    A property is yielded itself, not its getter: its ``__doc__`` is the getter's docstring or
    the ``doc=`` it was given.
    """
    for name, attr in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(attr, staticmethod | classmethod):
            yield name, attr.__func__
        elif isinstance(attr, property):
            yield name, attr
        elif isinstance(attr, functools.cached_property):
            yield name, attr.func
        elif inspect.isfunction(attr):
            yield name, attr


def public_objects() -> dict[str, object]:
    """Qualified name -> object, for every public function and class the package defines.

    A name is keyed by the module that defines it, so a re-export (``lightsout_graphs.solve``)
    is checked once, where it is written.
    """
    found: dict[str, object] = {}
    for module in modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isfunction(inspect.unwrap(obj))):
                continue
            home = getattr(obj, "__module__", None) or ""
            if home == module.__name__:
                qualified = f"{home}.{name}"
            elif home.partition(".")[0] == "lightsout_graphs":
                qualified = f"{home}.{obj.__qualname__}"
            else:
                continue  # from another library
            found[qualified] = obj
            if inspect.isclass(obj):
                for member, target in _members(obj):
                    found[f"{qualified}.{member}"] = target
    return found


def examples_section(doc: str | None) -> str:
    """The body of a docstring's numpydoc ``Examples`` section, or ``""`` if it has none."""
    lines = inspect.cleandoc(doc or "").splitlines()
    for i, line in enumerate(lines[:-1]):
        if line.strip() == "Examples" and _HEADER.match(lines[i + 1].strip()):
            body: list[str] = []
            for rest in lines[i + 2 :]:
                if _HEADER.match(rest.strip()):
                    break  # the next section's underline
                body.append(rest)
            return "\n".join(body)
    return ""


def has_examples(doc: str | None) -> bool:
    """Whether a docstring has an ``Examples`` section with at least one ``>>>`` example."""
    return bool(doctest.DocTestParser().get_examples(examples_section(doc)))


PUBLIC = public_objects()


def test_the_walk_finds_the_package() -> None:
    names = {m.__name__ for m in modules()}
    assert {
        "lightsout_graphs.core.errors",
        "lightsout_graphs.core.zk",
        "lightsout_graphs.interfaces.cli",
    } <= names
    assert "lightsout_graphs.core.errors.require_int" in PUBLIC
    assert "lightsout_graphs.core.errors.Unsolvable" in PUBLIC
    # a re-export is not counted twice
    assert "lightsout_graphs.require_int" not in PUBLIC


def test_every_public_module_has_all() -> None:
    public = [m for m in modules() if not is_private(m.__name__)]
    assert [m.__name__ for m in public if not hasattr(m, "__all__")] == []


def test_the_checker_reads_numpydoc() -> None:
    good = """Do it.

    Examples
    --------
    >>> 1 + 1
    2
    """
    assert has_examples(good)
    assert not has_examples(None)
    assert not has_examples("Do it.\n\n>>> 1 + 1\n2\n")
    assert not has_examples("Do it.\n\nExamples\n--------\nSee the guide.\n")
    assert not has_examples("Do it.\n\nExamples\n--------\nNone.\n\nNotes\n-----\n>>> 1\n")


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_public_name_has_examples(name: str) -> None:
    doc = getattr(PUBLIC[name], "__doc__", None)
    assert has_examples(doc), f"{name} needs a numpydoc Examples section with a >>> line"


def test_pytest_runs_the_examples() -> None:
    config = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    options = config["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    assert "lightsout_graphs" in options["testpaths"]
