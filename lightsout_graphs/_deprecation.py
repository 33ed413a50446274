"""Earlier names that still work, with a :class:`DeprecationWarning` that names the new one."""

from __future__ import annotations

import warnings

__all__ = ["deprecated_name"]


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
