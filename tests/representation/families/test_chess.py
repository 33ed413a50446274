"""King, ×, knight and rook (Alien Tiles) boards."""

from __future__ import annotations

import pytest

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import (
    alien_tiles,
    chess_graph,
    king,
    knight,
    rook,
    x_pattern,
)
from tests.puzzles import lit


def test_king_3x3() -> None:
    p = king(3)
    # 12 orthogonal + 8 diagonal adjacencies
    assert (p.n, p.graph.number_of_edges()) == (9, 20)
    assert lit(p, (0, 0)) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert len(lit(p, (1, 1))) == 9
    assert lit(king(3, rule="open"), (0, 0)) == {(0, 1), (1, 0), (1, 1)}


def test_king_rectangle_edge_count() -> None:
    # m×n king graph: 4mn - 3(m + n) + 2 edges
    m, n = 4, 6
    assert king(m, n).graph.number_of_edges() == 4 * m * n - 3 * (m + n) + 2


def test_x_pattern_is_the_diagonal_step() -> None:
    p = x_pattern(3)
    assert p.graph.number_of_edges() == 8
    assert lit(p, (1, 1)) == {(1, 1), (0, 0), (0, 2), (2, 0), (2, 2)}
    assert lit(p, (0, 1)) == {(0, 1), (1, 0), (1, 2)}
    assert x_pattern(6).graph.number_of_edges() == 2 * 5 * 5


def test_knight_moves() -> None:
    p = knight(3)
    # the centre of a 3×3 board has no knight moves; the 8 others form an 8-cycle
    assert p.graph.degree[(1, 1)] == 0
    assert p.graph.number_of_edges() == 8
    assert lit(p, (0, 0)) == {(0, 0), (1, 2), (2, 1)}
    five = knight(5)
    assert len(lit(five, (2, 2))) == 9
    assert five.graph.number_of_edges() == 48


def test_rook_changes_row_and_column_once() -> None:
    p = rook(3, 4, modulus=4)
    after = p.press(0, (1, 1))
    assert after[(1, 1)] == 1  # the pressed cell once, not twice
    assert {v for v, x in after.items() if x} == {(1, c) for c in range(4)} | {
        (r, 1) for r in range(3)
    }
    assert p.graph.number_of_edges() == 3 * 6 + 4 * 3


def test_alien_tiles_is_the_rook() -> None:
    p = alien_tiles(7, modulus=4)
    assert p.family is not None and p.family.name == "rook"
    assert sum(p.press(0, (3, 3)).values()) == 13


def test_square_default_and_family_info() -> None:
    assert king(4).family.params == {"m": 4, "n": 4}  # type: ignore[union-attr]
    assert knight(2, 5).family.params == {"m": 2, "n": 5}  # type: ignore[union-attr]


def test_errors() -> None:
    with pytest.raises(InvalidPuzzleError, match="'n'"):
        king(3, 0)
    with pytest.raises(InvalidPuzzleError, match="piece"):
        chess_graph(3, 3, "camel")
    with pytest.raises(InvalidPuzzleError, match="'m'"):
        knight("5")  # type: ignore[arg-type]
