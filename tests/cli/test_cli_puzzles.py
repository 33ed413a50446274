"""Tests of the puzzle options of ``lightsout``: sizes and family parameters."""

from __future__ import annotations

import pytest

from lightsout_graphs.cli import puzzles, runtime
from lightsout_graphs.errors import InvalidPuzzleError


def test_parse_shape_and_families() -> None:
    assert puzzles.parse_shape("7x9") == (7, 9)
    assert puzzles.parse_shape("3×3×3") == (3, 3, 3)
    assert puzzles.parse_shape("2,5") == (2, 5)
    with pytest.raises(InvalidPuzzleError, match="'7x'"):
        puzzles.parse_shape("7x")
    assert puzzles.make_family("grid", (2, 3)).n == 6
    assert puzzles.make_family("knight", (3, 4), modulus=3).modulus == 3
    assert puzzles.make_family("cube_surface", (2,)).n == 24
    assert puzzles.make_family("path", params={"n": 3}, rule="open").rule == "open"
    with pytest.raises(runtime.CommandError, match="does not fit the family 'petersen'"):
        puzzles.make_family("petersen", (3,))
