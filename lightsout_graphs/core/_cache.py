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

T = TypeVar("T")


class PuzzleCache:
    """A cache of values per puzzle and key, forgotten with the puzzle."""

    def __init__(self) -> None:
        self._data: weakref.WeakKeyDictionary[Puzzle, dict[Hashable, Any]] = (
            weakref.WeakKeyDictionary()
        )

    def get(self, puzzle: Puzzle, key: Hashable, compute: Callable[[], T]) -> T:
        """The value for ``(puzzle, key)``, computed by ``compute()`` the first time."""
        entries = self._data.setdefault(puzzle, {})
        if key not in entries:
            entries[key] = compute()
        return entries[key]

    def peek(self, puzzle: Puzzle, key: Hashable) -> Any:
        """The cached value for ``(puzzle, key)``, or None."""
        return self._data.get(puzzle, {}).get(key)

    def put(self, puzzle: Puzzle, key: Hashable, value: Any) -> None:
        """Store ``value`` for ``(puzzle, key)``."""
        self._data.setdefault(puzzle, {})[key] = value
