"""The light-chasing table for people: which top-row presses clear each leftover bottom row.

To solve an m×n grid by hand: press, in each row from the top, the cell below every light that
is still on ("chase the lights down"). Only the bottom row can be left lit. Look that pattern up
in the table, press the listed cells of the top row, and chase again: the board goes dark. The
classic 5×5 board has 7 such patterns (plus the dark one); a board whose pattern is not in the
table cannot be solved.

Each entry is computed with :class:`~lightsout_graphs.representation.grids.GridChaser` (its ``apply``): the
bottom row left by chasing after top-row presses ``t`` is linear in ``t``, and for every
pattern it can produce the table lists the ``t`` with the fewest presses (among ties, the one
pressed furthest to the left).
"""

from __future__ import annotations

import itertools
import numbers
from dataclasses import dataclass
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError, SearchLimitError
from lightsout_graphs.representation.grids.chasing import GridChaser
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["ChaseTable", "chase_table"]

#: The most top-row press patterns enumerated (k ** width).
MAX_TOP_PATTERNS = 2**20
#: The most table rows built.
MAX_ROWS = 4096
#: The most cells of a board chased (each of its n columns is chased down all m rows).
MAX_CELLS = 4096


@dataclass(frozen=True)
class ChaseTable:
    """A light-chasing table: bottom-row patterns and the top-row presses that clear them.

    Attributes
    ----------
    rows, cols : int
        The board's size.
    modulus : int
    rule : str
    entries : list of (tuple of int, tuple of int)
        ``(bottom, top)``: after chasing, the bottom row ``bottom`` is cleared by pressing the
        top row ``top`` times each (then chasing again). The dark bottom row is left out.

    Examples
    --------
    >>> table = chase_table(3, 3)
    >>> (table.rows, table.cols, table.modulus), table.entries[0]
    ((3, 3, 2), ((0, 0, 1), (0, 1, 1)))
    """

    rows: int
    cols: int
    modulus: int
    rule: str
    entries: list[tuple[tuple[int, ...], tuple[int, ...]]]

    def _cell(self, value: int, on: str) -> str:
        if self.modulus == 2:
            return on if value else "."
        return str(value) if value else "."

    def to_text(self) -> str:
        """The table as plain text, one pattern per line.

        Returns
        -------
        str

        Examples
        --------
        >>> print(chase_table(5, 5).to_text().splitlines()[6])
        *...*    11...
        """
        width = max(self.cols, len("bottom"))
        k = "" if self.modulus == 2 else f" mod {self.modulus}"
        lines = [
            (
                f"Light chasing on the {self.rows}×{self.cols} board{k} ({self.rule} rule): "
                "press below every lit light, row by row; find the bottom row below and press "
                "those top-row cells; chase again."
            ),
            "",
            f"{'bottom':<{width}}   press on top",
        ]
        for bottom, top in self.entries:
            # The symbols of board text: '*' a lit light, '1' one press (values for k > 2).
            b = "".join(self._cell(v, "*") for v in bottom)
            t = "".join(self._cell(v, "1") for v in top)
            lines.append(f"{b:<{width}}   {t}")
        if not self.entries:
            lines.append("(none: chasing solves every solvable board by itself)")
        return "\n".join(lines) + "\n"

    def draw(self, ax: Any = None) -> Any:
        """Draw the table: each row shows the bottom pattern (lit cells) and the presses.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; a new figure when omitted.

        Returns
        -------
        matplotlib Axes

        Examples
        --------
        >>> ax = chase_table(3, 4).draw()
        >>> ax.get_title()
        'Light chasing on the 3×4 board'
        """
        import matplotlib.pyplot as plt
        from matplotlib.patches import Circle, Rectangle

        n, count = self.cols, max(1, len(self.entries))
        if ax is None:
            _, ax = plt.subplots(figsize=(0.5 * (2 * n + 3) + 0.5, 0.5 * count + 1))
        gap = n + 1.5
        for r, (bottom, top) in enumerate(self.entries or [((0,) * n, (0,) * n)]):
            y = count - 1 - r
            for j, (lit, pressed) in enumerate(zip(bottom, top, strict=True)):
                colour = "#ffd23f" if lit else "#30343f"
                ax.add_patch(Rectangle((j, y), 0.9, 0.9, facecolor=colour, ec="black"))
                ax.add_patch(Rectangle((gap + j, y), 0.9, 0.9, facecolor="white", ec="black"))
                if pressed:
                    ax.add_patch(Circle((gap + j + 0.45, y + 0.45), 0.28, color="#d1495b"))
                # Values above 1: the light's value, and the number of presses.
                for x, value, c in ((j, lit, None), (gap + j, pressed, "white")):
                    if value > 1 or (x == j and lit and self.modulus > 2):
                        ax.text(x + 0.45, y + 0.45, str(value), ha="center", va="center", color=c)
        ax.text(n / 2, count + 0.2, "bottom row", ha="center")
        ax.text(gap + n / 2, count + 0.2, "press on top", ha="center")
        ax.set_xlim(-0.3, gap + n + 0.2)
        ax.set_ylim(-0.3, count + 0.8)
        ax.set_aspect("equal")
        ax.axis("off")
        mod = "" if self.modulus == 2 else f" mod {self.modulus}"
        ax.set_title(f"Light chasing on the {self.rows}×{self.cols} board{mod}")
        return ax


def _chase(chaser: GridChaser, board: np.ndarray, m: int, n: int) -> np.ndarray:
    """Chase every light down: press below each lit cell, row by row; the final board."""
    k = chaser.modulus
    for i in range(m - 1):
        presses = np.zeros(m * n, dtype=np.int64)
        presses[(i + 1) * n : (i + 2) * n] = (-board[i * n : (i + 1) * n]) % k
        board = chaser.apply(board, presses)
    return board


def _check_cells(m: object, n: object) -> None:
    """Refuse a board of more than :data:`MAX_CELLS` cells before chasing it."""
    if not (isinstance(m, numbers.Integral) and isinstance(n, numbers.Integral)):
        return  # GridChaser names what is wrong
    cells = int(m) * int(n)
    if int(m) > 0 and int(n) > 0 and cells > MAX_CELLS:
        msg = (
            f"A chase table of a {m}×{n} board would chase {cells} cells, more than "
            f"{MAX_CELLS}; it is meant for boards people solve by hand (lo.solve, or "
            "`lightsout solve`, solves big boards)."
        )
        raise SearchLimitError(msg)


def chase_table(
    board: Puzzle | int, n: int | None = None, *, modulus: int = 2, rule: str = "closed"
) -> ChaseTable:
    """The light-chasing table of an m×n grid: top-row presses for each leftover bottom row.

    Parameters
    ----------
    board : Puzzle or int
        A grid puzzle (from :func:`lightsout_graphs.grid` or the catalog), or the number of
        rows m.
    n : int, optional
        The number of columns (default m) when ``board`` is an int.
    modulus : int, default 2
    rule : {"closed", "open"}, default "closed"
        Ignored when ``board`` is a puzzle (its own are used).

    Returns
    -------
    ChaseTable
        ``entries`` sorted by bottom pattern; ``k**rank − 1`` of them, where ``rank`` is
        the rank of the map from top rows to bottom rows.

    Raises
    ------
    InvalidPuzzleError
        A puzzle that is not a plain 2-D grid, or bad sizes.
    SearchLimitError
        A board so big that the table would not be for people (more than 4096 cells, 2**20
        top-row patterns or 4096 entries).

    Examples
    --------
    >>> table = chase_table(5)
    >>> len(table.entries)
    7
    >>> table.entries[0]
    ((0, 0, 1, 1, 1), (0, 0, 0, 1, 0))
    """
    if isinstance(board, Puzzle):
        shape = GridChaser.for_puzzle_shape(board)
        if shape is None:
            msg = "A chase table needs a plain 2-D grid puzzle (lo.grid, closed or open rule)."
            raise InvalidPuzzleError(msg)
        (m, n), modulus, rule = shape, board.modulus, board.rule
    elif isinstance(board, bool) or not isinstance(board, numbers.Integral):
        msg = f"Argument 'board' must be a grid Puzzle or a number of rows, not {board!r}."
        raise InvalidPuzzleError(msg)
    else:
        m, n = int(board), int(board) if n is None else n
    _check_cells(m, n)
    chaser = GridChaser(m, n, modulus=modulus, rule=rule)
    m, n = chaser.rows, chaser.cols
    k = chaser.modulus
    if k**n > MAX_TOP_PATTERNS:
        msg = (
            f"A chase table of a board {n} wide mod {k} would try {k}**{n} top rows, more "
            f"than {MAX_TOP_PATTERNS}; it is meant for boards people solve by hand."
        )
        raise SearchLimitError(msg)
    # The bottom row left after chasing top-row presses t is linear in t: one column per cell.
    basis = np.zeros((n, n), dtype=np.int64)
    for j in range(n):
        presses = np.zeros(m * n, dtype=np.int64)
        presses[j] = 1
        left = _chase(chaser, chaser.apply(np.zeros(m * n, dtype=np.int64), presses), m, n)
        basis[j] = np.asarray(left[(m - 1) * n :], dtype=np.int64)
    best: dict[tuple[int, ...], tuple[int, ...]] = {}
    for top in itertools.product(range(k), repeat=n):
        bottom = tuple(int(v) for v in (np.array(top, dtype=np.int64) @ basis) % k)
        if not any(bottom):
            continue
        # Clearing ``bottom`` needs the presses that produce its negative.
        need = tuple((-v) % k for v in bottom)
        old = best.get(need)
        if old is None or (sum(top), [-v for v in top]) < (sum(old), [-v for v in old]):
            best[need] = top
            if len(best) > MAX_ROWS:
                msg = f"The chase table would have more than {MAX_ROWS} rows."
                raise SearchLimitError(msg)
    entries = sorted(best.items())
    return ChaseTable(rows=m, cols=n, modulus=k, rule=chaser.rule, entries=entries)
