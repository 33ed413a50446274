"""Earlier names that still work, with a :class:`DeprecationWarning` that names the new one.

Two forms: :func:`deprecated_name` for an attribute or property kept under its earlier name,
and :func:`moved` for a module that moved: :data:`MOVED_MODULES` lists the old module paths,
and an import hook (:func:`install`) serves each as a stand-in whose every public name
forwards to the new home, with a warning. No file is kept at the old path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["MOVED_MODULES", "RELOCATED", "deprecated_name", "install", "moved"]

#: Old module path -> the module that holds its names now.
MOVED_MODULES: dict[str, str] = {
    # God's number moved into one package.
    "lightsout_graphs.depth": "lightsout_graphs.algorithms.gods",
    "lightsout_graphs.covering_gf2": "lightsout_graphs.algorithms.gods",
    "lightsout_graphs.coset": "lightsout_graphs.algorithms.gods.coset",
    # Implementation modules became private: the public names are at the top level.
    "lightsout_graphs.counts": "lightsout_graphs.core._counts",
    "lightsout_graphs.describe": "lightsout_graphs.representation._describe",
    "lightsout_graphs.labels": "lightsout_graphs.core._labels",
    "lightsout_graphs.layout": "lightsout_graphs.representation._layout",
    "lightsout_graphs.memory": "lightsout_graphs.core._memory",
    "lightsout_graphs.states": "lightsout_graphs.representation._states",
    "lightsout_graphs.statespace": "lightsout_graphs.algorithms._statespace",
    "lightsout_graphs.puzzle_info": "lightsout_graphs.representation._puzzle_info",
}


#: The flat layout's module paths -> their layer folders. Every submodule moved with its
#: package: ``lightsout_graphs.zk.gf`` is now ``lightsout_graphs.core.zk.gf``.
RELOCATED: dict[str, str] = {
    "lightsout_graphs.errors": "lightsout_graphs.core.errors",
    "lightsout_graphs.structure": "lightsout_graphs.core.structure",
    "lightsout_graphs.zk": "lightsout_graphs.core.zk",
    "lightsout_graphs._cache": "lightsout_graphs.core._cache",
    "lightsout_graphs._counts": "lightsout_graphs.core._counts",
    "lightsout_graphs._labels": "lightsout_graphs.core._labels",
    "lightsout_graphs._memory": "lightsout_graphs.core._memory",
    "lightsout_graphs._deprecation": "lightsout_graphs.core._deprecation",
    "lightsout_graphs.puzzle": "lightsout_graphs.representation.puzzle",
    "lightsout_graphs._puzzle_info": "lightsout_graphs.representation._puzzle_info",
    "lightsout_graphs._codec": "lightsout_graphs.representation._codec",
    "lightsout_graphs._graph_matrix": "lightsout_graphs.representation._graph_matrix",
    "lightsout_graphs._states": "lightsout_graphs.representation._states",
    "lightsout_graphs._describe": "lightsout_graphs.representation._describe",
    "lightsout_graphs._layout": "lightsout_graphs.representation._layout",
    "lightsout_graphs.boards": "lightsout_graphs.representation.boards",
    "lightsout_graphs.families": "lightsout_graphs.representation.families",
    "lightsout_graphs.grids": "lightsout_graphs.representation.grids",
    "lightsout_graphs.products": "lightsout_graphs.representation.products",
    "lightsout_graphs.catalog": "lightsout_graphs.representation.catalog",
    "lightsout_graphs.solution": "lightsout_graphs.algorithms.solution",
    "lightsout_graphs.solver": "lightsout_graphs.algorithms.solver",
    "lightsout_graphs.planner": "lightsout_graphs.algorithms.planner",
    "lightsout_graphs.covering": "lightsout_graphs.algorithms.covering",
    "lightsout_graphs.analysis": "lightsout_graphs.algorithms.analysis",
    "lightsout_graphs.minimum": "lightsout_graphs.algorithms.minimum",
    "lightsout_graphs.gods": "lightsout_graphs.algorithms.gods",
    "lightsout_graphs.sampling": "lightsout_graphs.algorithms.sampling",
    "lightsout_graphs.symmetry": "lightsout_graphs.algorithms.symmetry",
    "lightsout_graphs._statespace": "lightsout_graphs.algorithms._statespace",
    "lightsout_graphs.variants": "lightsout_graphs.algorithms.variants",
    "lightsout_graphs.cli": "lightsout_graphs.interfaces.cli",
    "lightsout_graphs.draw": "lightsout_graphs.interfaces.draw",
    "lightsout_graphs.play": "lightsout_graphs.interfaces.play",
    "lightsout_graphs.sweep": "lightsout_graphs.interfaces.sweep",
}


def deprecated_name(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is an earlier name of ``new`` and will be removed.

    Parameters
    ----------
    old, new : str
        The names, as a user writes them (``"Analysis.kernel_size"``).
    stacklevel : int, default 3
        Points the warning at the caller of the property or function that calls this.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     deprecated_name("Solution.count", "Solution.num_solutions", stacklevel=2)
    >>> caught[0].category.__name__, str(caught[0].message)
    ('DeprecationWarning', 'Solution.count is deprecated: use Solution.num_solutions.')
    """
    warnings.warn(f"{old} is deprecated: use {new}.", DeprecationWarning, stacklevel=stacklevel)


def moved(module: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that serves ``names`` from their new home, with a warning.

    ``names`` maps each old name to ``"new.module:new_name"``, or to
    ``"new.module:new_name:advice"`` where the warning should say ``advice`` instead of the
    new name. Anything else raises the usual ``AttributeError``.

    Examples
    --------
    >>> import warnings
    >>> get = moved("old.place", {"pi": "math:pi"})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     value = get("pi")
    >>> round(value, 2), str(caught[0].message)
    (3.14, 'old.place.pi is deprecated and will be removed; use math.pi instead.')
    """

    def __getattr__(name: str) -> Any:
        if name not in names:
            msg = f"module {module!r} has no attribute {name!r}"
            raise AttributeError(msg)
        home, new, *advice = names[name].split(":", 2)
        instead = advice[0] if advice else f"{home}.{new}"
        warnings.warn(
            f"{module}.{name} is deprecated and will be removed; use {instead} instead.",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(home), new)

    return __getattr__


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves each old module path as a stand-in that forwards its names, with a warning.

    Two kinds of old path: a module of ``moves`` whose public names went elsewhere (each named
    name forwards to its new home), and a module of the flat layout, or any submodule below
    it, that moved whole into a layer folder (``relocated``: every name forwards).
    """

    def __init__(self, moves: Mapping[str, str], relocated: Mapping[str, str]) -> None:
        self.moves = dict(moves)
        self.relocated = dict(relocated)

    def relocation(self, fullname: str) -> str | None:
        """The layered path of ``fullname``, or None where it did not move whole."""
        for old, new in self.relocated.items():
            if fullname == old or fullname.startswith(old + "."):
                return new + fullname[len(old) :]
        return None

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.moves:
            home = self.relocation(fullname)
            if home is None or importlib.util.find_spec(home) is None:
                return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # the default module object

    def exec_module(self, module: types.ModuleType) -> None:
        if module.__name__ in self.moves:
            self._forward_named(module, self.moves[module.__name__])
        else:
            home = self.relocation(module.__name__)
            assert home is not None  # find_spec said so
            self._forward_all(module, home)

    @staticmethod
    def _forward_named(module: types.ModuleType, home: str) -> None:
        package = importlib.import_module("lightsout_graphs")
        target = importlib.import_module(home)
        forwards = {}
        for name in getattr(target, "__all__", ()):
            forwards[name] = f"{home}:{name}"
            if getattr(package, name, None) is getattr(target, name):
                forwards[name] += f":lightsout_graphs.{name}"  # the public home
            elif home.rpartition(".")[2].startswith("_"):
                forwards[name] += ":the public API (this helper is internal)"
        module.__doc__ = f"Deprecated: the names of this module moved (see {home})."
        module.__all__ = []  # type: ignore[attr-defined]
        module.__getattr__ = moved(module.__name__, forwards)  # type: ignore[method-assign]

    @staticmethod
    def _forward_all(module: types.ModuleType, home: str) -> None:
        old = module.__name__
        target = importlib.import_module(home)

        def __getattr__(name: str) -> Any:
            if name.startswith("__"):  # the stand-in's own (__file__, __path__, ...)
                msg = f"module {old!r} has no attribute {name!r}"
                raise AttributeError(msg)
            value = getattr(target, name)  # an AttributeError names the new home
            warnings.warn(
                f"{old}.{name} is deprecated: {old} moved to {home}; use {home}.{name} instead.",
                DeprecationWarning,
                stacklevel=2,
            )
            setattr(module, name, value)  # one warning a name
            return value

        module.__doc__ = f"Deprecated path: this module moved to {home}."
        module.__all__ = list(getattr(target, "__all__", ()))  # type: ignore[attr-defined]
        module.__getattr__ = __getattr__  # type: ignore[method-assign]
        if hasattr(target, "__path__"):
            module.__path__ = []  # a package: its submodules come through this finder too


def install(moves: Mapping[str, str] = MOVED_MODULES) -> None:
    """Serve the old module paths of ``moves`` (once per process).

    Examples
    --------
    >>> import importlib, warnings
    >>> install()
    >>> old = importlib.import_module("lightsout_graphs.counts")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     text = old.count_text(4, 2)
    >>> text, str(caught[0].message).split(";")[0]
    ('4', 'lightsout_graphs.counts.count_text is deprecated and will be removed')
    """
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        # First in line: a stale folder left at an old path must not win as a namespace.
        sys.meta_path.insert(0, _OldPaths(moves, RELOCATED))
