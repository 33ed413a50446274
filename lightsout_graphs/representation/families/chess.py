"""Chess-move boards: each press reaches the cells a king, bishop-step, knight or rook could move to."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Protocol

import networkx as nx

from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.representation.families._common import (
    check_cells,
    check_edges,
    check_nodes,
    named_family,
    product_of,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.families._stencil import (
    Stencil,
    lattice_positions,
    stencil_puzzle,
)
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])
__all__ += ["PIECES", "piece_offsets"]

#: Single-step moves of the leapers, as (row, column) offsets.
MOVES: dict[str, tuple[tuple[int, int], ...]] = {
    "king": tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)),
    "x": ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    "knight": ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)),
}

#: Every piece :func:`chess_graph` knows: the leapers, and the riders rook, bishop and queen.
PIECES: tuple[str, ...] = ("king", "x", "knight", "rook", "bishop", "queen")


def chess_graph(m: int, n: int, piece: str) -> nx.Graph:
    """The m×n board where cells are joined when ``piece`` moves from one to the other.

    Parameters
    ----------
    m, n : int
        Rows and columns, >= 1.
    piece : {"king", "x", "knight", "rook", "bishop", "queen"}
        ``x`` is one diagonal step; ``rook`` reaches its whole row and column, ``bishop``
        both diagonals, ``queen`` both.

    Returns
    -------
    networkx.Graph
        Nodes ``(row, column)`` in row-major order with a grid ``pos`` (row 0 at the top).

    Raises
    ------
    InvalidPuzzleError
        A bad size or an unknown piece.

    Examples
    --------
    >>> chess_graph(3, 3, "knight").degree[(0, 0)]
    2
    >>> chess_graph(2, 3, "rook").number_of_edges()
    9
    """
    m = require_int(m, "m", minimum=1)
    n = require_int(n, "n", minimum=1)
    check_nodes(m * n, f"A {m}×{n} board")
    offsets = piece_offsets(piece, m, n)
    stencil = Stencil((m, n), offsets, (1,) * len(offsets))
    check_edges(stencil.edges(), f"The graph of the {m}×{n} {piece} board")
    return stencil.graph(lattice_positions((m, n)))


def piece_offsets(piece: str, m: int, n: int) -> tuple[tuple[int, int], ...]:
    """The (row, column) offsets a press of ``piece`` reaches on an m×n board.

    Examples
    --------
    >>> piece_offsets("rook", 2, 3)
    ((0, 1), (0, -1), (0, 2), (0, -2), (1, 0), (-1, 0))
    """
    if piece in MOVES:
        return MOVES[piece]
    if piece not in PIECES:
        msg = f"Argument 'piece' must be one of {', '.join(PIECES)}, not {piece!r}."
        raise InvalidPuzzleError(msg)
    lines: list[tuple[int, int]] = []
    if piece != "bishop":
        lines += [(0, s * j) for j in range(1, n) for s in (1, -1)]
        lines += [(s * i, 0) for i in range(1, m) for s in (1, -1)]
    if piece != "rook":
        lines += [(a * i, b * i) for i in range(1, min(m, n)) for a in (1, -1) for b in (1, -1)]
    return tuple(lines)


class Board(Protocol):
    """The signature of the chess boards' functions: ``m`` rows and ``n`` columns."""

    def __call__(
        self,
        m: int,
        n: int | None = None,
        *,
        modulus: int = 2,
        rule: str = "closed",
        pressable: Iterable[Hashable] | None = None,
    ) -> Puzzle: ...


def _board(piece: str, name: str, summary: str, examples: str, *, rook: bool = False) -> Board:
    """The function of one piece's board: its puzzle, with its docs from one template."""

    def family(
        m: int,
        n: int | None = None,
        *,
        modulus: int = 2,
        rule: str = "closed",
        pressable: Iterable[Hashable] | None = None,
    ) -> Puzzle:
        m = require_int(m, "m", minimum=1)
        n = m if n is None else require_int(n, "n", minimum=1)
        check_cells((m, n), f"A {m}×{n} board")
        offsets = piece_offsets(piece, m, n)
        # The rook's board is K_m □ K_n; the other pieces are lattices (the stencil's default).
        structure = product_of([("complete", m), ("complete", n)], rule) if rook else None
        return stencil_puzzle(
            Stencil((m, n), offsets, (1,) * len(offsets)),
            family=name,
            params={"m": m, "n": n},
            modulus=modulus,
            rule=rule,
            pressable=pressable,
            graph=lambda: chess_graph(m, n, piece),
            board_shape=(m, n),
            structure=structure,
        )

    parameters, returns = "%(board)s\n    %(puzzle)s", "%(board_puzzle)s"
    return named_family(
        family, name, __name__, summary, parameters, returns, examples, "%(raises)s"
    )


king = _board(
    "king",
    "king",
    "Lights Out where a press changes the 8 cells around it (a king's moves), and itself.",
    """    >>> p = king(3)
    >>> p
    <Puzzle: 9 nodes, 20 edges, rule='closed', modulus=2>
    >>> sum(p.press(0, (1, 1)).values())
    9""",
)

x_pattern = _board(
    "x",
    "x_pattern",
    """Lights Out with the × pattern: a press changes its 4 diagonal neighbours, and itself.

    This is the × effect pattern of Lights Out Deluxe. Diagonal steps keep the colour of a
    chessboard square, so the board splits into two independent puzzles.""",
    """    >>> p = x_pattern(3)
    >>> p
    <Puzzle: 9 nodes, 8 edges, rule='closed', modulus=2>
    >>> sorted(v for v, x in p.press(0, (1, 1)).items() if x)
    [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)]""",
)

knight = _board(
    "knight",
    "knight",
    "Lights Out where a press changes the cells a knight's move away, and itself (XL-25).",
    """    >>> p = knight(3)
    >>> p
    <Puzzle: 9 nodes, 8 edges, rule='closed', modulus=2>
    >>> sorted(v for v, x in p.press(0, (0, 0)).items() if x)
    [(0, 0), (1, 2), (2, 1)]""",
)

rook = _board(
    "rook",
    "rook",
    """Lights Out where a press changes its whole row and column, the pressed cell once.

    This is Alien Tiles (7×7 with 4 colours: ``rook(7, modulus=4)``).""",
    """    >>> p = rook(3, 4)
    >>> p
    <Puzzle: 12 nodes, 30 edges, rule='closed', modulus=2>
    >>> sum(p.press(0, (1, 1)).values())  # 4 in the row + 3 in the column - 1 shared
    6""",
    rook=True,
)

#: Alien Tiles is the rook's board (7×7, 4 colours red → green → blue → purple).
alien_tiles = rook

bishop = _board(
    "bishop",
    "bishop",
    "Lights Out where a press changes both diagonals through it (a bishop's moves), and itself.",
    """    >>> p = bishop(3)
    >>> p
    <Puzzle: 9 nodes, 10 edges, rule='closed', modulus=2>
    >>> sorted(v for v, x in p.press(0, (0, 0)).items() if x)
    [(0, 0), (1, 1), (2, 2)]""",
)

queen = _board(
    "queen",
    "queen",
    "Lights Out where a press changes its row, its column and both diagonals, itself once.",
    """    >>> p = queen(3)
    >>> p
    <Puzzle: 9 nodes, 28 edges, rule='closed', modulus=2>
    >>> sum(p.press(0, (1, 1)).values())  # the centre reaches every cell
    9""",
)
