"""Old module paths kept as thin shims: each name still works, with a ``DeprecationWarning``."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any


def moved(module: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that serves ``names`` from their new home, with a warning.

    ``names`` maps each old name to ``"new.module:new_name"``, or to
    ``"new.module:new_name:advice"`` where the warning should say ``advice`` instead of the
    new name. Anything else raises the usual ``AttributeError``.
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
