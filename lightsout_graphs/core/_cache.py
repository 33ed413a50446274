"""Per-module caches keyed weakly by puzzle: each layer keeps what it computes about a puzzle.

A puzzle never holds another module's data. Each module that derives something expensive from
a puzzle (a factorisation, a symmetry group, a drawing layout) keeps it in its own
:class:`PuzzleCache`; the entry lives as long as the puzzle does. Puzzles are immutable in
everything these caches depend on, and :meth:`~lightsout_graphs.Puzzle.with_metadata` returns
a new puzzle, so an entry can never go stale.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["PuzzleCache"]

T = TypeVar("T")


class PuzzleCache:
    """A cache of values per puzzle and key, forgotten with the puzzle.

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> cache = PuzzleCache()
    >>> p = lo.grid(2, 2)
    >>> cache.get(p, "n", lambda: p.n)
    4
    >>> cache.peek(p, "n"), cache.peek(p.with_metadata(title="T"), "n")
    (4, None)
    """

    def __init__(self) -> None:
        self._data: weakref.WeakKeyDictionary[Puzzle, dict[Hashable, Any]] = (
            weakref.WeakKeyDictionary()
        )

    def get(self, puzzle: Puzzle, key: Hashable, compute: Callable[[], T]) -> T:
        """The value for ``(puzzle, key)``, computed by ``compute()`` the first time.

        Examples
        --------
        >>> cache, p = PuzzleCache(), lo.grid(1, 2)
        >>> cache.get(p, "k", lambda: 1), cache.get(p, "k", lambda: 2)
        (1, 1)
        """
        entries = self._data.setdefault(puzzle, {})
        if key not in entries:
            entries[key] = compute()
        return entries[key]

    def peek(self, puzzle: Puzzle, key: Hashable) -> Any:
        """The cached value for ``(puzzle, key)``, or None.

        Examples
        --------
        >>> PuzzleCache().peek(lo.grid(1, 2), "k") is None
        True
        """
        return self._data.get(puzzle, {}).get(key)

    def put(self, puzzle: Puzzle, key: Hashable, value: Any) -> None:
        """Store ``value`` for ``(puzzle, key)``.

        Examples
        --------
        >>> cache, p = PuzzleCache(), lo.grid(1, 2)
        >>> cache.put(p, "k", 3)
        >>> cache.peek(p, "k")
        3
        """
        self._data.setdefault(puzzle, {})[key] = value
