"""Earlier names that still work, with a :class:`DeprecationWarning` that names the new one.

Two forms: :func:`deprecated_name` for an attribute or property kept under its earlier name,
and :func:`moved` for a module that moved, kept as a thin shim whose every name forwards.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["deprecated_name", "moved"]


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
