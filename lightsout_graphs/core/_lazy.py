"""Public names of a package imported on first use (PEP 562), so that importing it is cheap.

A package lists where each public name lives; its ``__getattr__`` imports the home module the
first time the name is asked for and keeps the value as a plain attribute. Type checkers read
the same names from real imports, in an ``if TYPE_CHECKING:`` block or a ``.pyi`` stub beside
the package, which a test keeps equal to the table (``tests/test_init.py``). ``import lightsout_graphs`` then costs milliseconds, and a
``lightsout census`` loads numba and its kernel, not scipy, networkx or pandas.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence


def lazy_attributes(
    package: str, homes: Mapping[str, Sequence[str]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, whose names live in ``homes``.

    ``homes`` maps a home module to the names taken from it, as in ``from HOME import NAME``
    (a name may be a submodule of its home).
    """
    home_of = {name: home for home, names in homes.items() for name in names}

    def __getattr__(name: str) -> object:
        home = home_of.get(name)
        if home is None:
            msg = f"module {package!r} has no attribute {name!r}"
            raise AttributeError(msg)
        module = importlib.import_module(home)
        try:
            value = getattr(module, name)
        except AttributeError:  # a submodule not imported yet
            value = importlib.import_module(f"{home}.{name}")
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(home_of))

    return __getattr__, __dir__


def lazy_package(
    package: str, homes: Mapping[str, Sequence[str]], *eager: str
) -> tuple[Callable[[str], object], Callable[[], list[str]], list[str]]:
    """``__getattr__``, ``__dir__`` and ``__all__`` of ``package`` from its one table ``homes``.

    ``__all__`` is every name of ``homes`` and the ``eager`` names the package imports itself,
    sorted (as lazy_loader's ``attach`` gives them).
    """
    get, names = lazy_attributes(package, homes)
    return get, names, sorted([*eager, *(name for home in homes.values() for name in home)])
