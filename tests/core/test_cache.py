"""Per-module caches keyed weakly by puzzle."""

from __future__ import annotations

import gc

import lightsout_graphs as lo
from lightsout_graphs.core._cache import PuzzleCache


def test_values_are_computed_once_per_puzzle_and_key() -> None:
    cache, p = PuzzleCache(), lo.grid(2, 2)
    assert cache.get(p, "n", lambda: p.n) == 4
    assert cache.get(p, "n", lambda: 5) == 4
    assert (cache.peek(p, "n"), cache.peek(p.with_metadata(title="T"), "n")) == (4, None)
    assert cache.peek(p, "other") is None
    cache.put(p, "k", 3)
    assert cache.peek(p, "k") == 3


def test_entries_go_with_the_puzzle() -> None:
    cache = PuzzleCache()
    p = lo.grid(1, 2)
    cache.put(p, "k", 1)
    del p
    gc.collect()
    assert len(cache._data) == 0
