"""Light chasing: solve m×n grid boards over any Z_k through a width×width first-row system.

On a grid every light of row i must be fixed by the presses of row i + 1, since row i + 1 is
the last row that still reaches it. So the presses of the first row decide all the others:
chasing row by row,

    x[i+1] = b[i] − M·x[i] − x[i−1]   (mod k),   x[−1] = 0,

where ``M`` is the width×width tridiagonal matrix of one row (1 on the diagonal for the closed
rule, 0 for the open rule; 1 beside it). Chasing symbolically, ``x[i] = A_i·x[0] + c_i`` with
``A_0 = I``, ``A_{i+1} = −M·A_i − A_{i−1}``. The board is solved exactly when the virtual row
below the last one is quiet: ``A_h·x[0] ≡ −c_h``. That width×width system is factorised once,
by a bit-packed Gauss–Jordan elimination over GF(2), or by the general engine
:func:`lightsout_graphs.core.zk.factorize` for any other k. The shorter side is the width.

Every quiet pattern is a kernel vector of ``A_h`` chased down, and the map from first rows to
whole press patterns is linear and injective, so the grid's quiet patterns are the small
system's kernel with the same orders. The grid's toggle matrix is symmetric and ``A_h`` is a
polynomial in ``M``, hence symmetric too; a parity check ``z`` of the small system chased up
from the bottom row is a parity check of the whole board.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import require_int
from lightsout_graphs.core.zk import check_modulus
from lightsout_graphs.representation.grids import _row_scan
from lightsout_graphs.representation.grids.chase_base import CHASE_DOCS, ChasingFactorization
from lightsout_graphs.representation.puzzle import check_rule

if TYPE_CHECKING:
    from lightsout_graphs.core.zk.protocol import Factorization
    from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["GridChaser"]


class GridChaser(ChasingFactorization):
    """Light chasing on the m×n grid over Z_k: a :class:`~lightsout_graphs.core.zk.protocol.Factorization`.

    The matrix is the grid's toggle matrix, with cells numbered row-major: cell ``(i, j)`` is
    index ``i * n + j``, the node order of :func:`lightsout_graphs.grid`. Building costs about
    ``max(m, n) · min(m, n)²`` operations (bit-packed for k = 2) plus one elimination of a
    ``min(m, n)``-square matrix; each solve then costs ``O(m·n)``. Long and narrow boards
    (rows of at most 64 cells, at least 256 of them) are chased in blocks of rows and their
    system comes from a power of the transfer matrix
    (:mod:`~lightsout_graphs.representation.grids._row_scan`): a few thousand numpy steps
    instead of one per row. :meth:`apply` and :meth:`toggle` replay presses on the board
    with numpy, without building a graph.

    Parameters
    ----------
    m, n : int
        The numbers of rows and columns, each >= 1.
    modulus : int, default 2
        k >= 2, the number of states of a light.
    rule : {"closed", "open"}, default "closed"
        Whether a press changes its own light too.

    Attributes
    ----------
    modulus : int
        k.
    shape : tuple of int
        ``(m·n, m·n)``.
    rank : int or None
        ``m·n − nullity`` when k is prime, else ``None``.
    kernel_size : int
        The number of quiet patterns (presses that change nothing).
    image_size : int
        The number of solvable boards, ``k**(m·n) // kernel_size``.
    rows, cols : int
        m and n.
    rule : str
        The toggle rule.

    Raises
    ------
    InvalidPuzzleError
        A side that is not an int >= 1, or a rule other than ``"closed"`` and ``"open"``.
    ModulusError
        A modulus that is not an int in ``2..2**62 − 1``.

    See Also
    --------
    lightsout_graphs.representation.grids.nullity : the nullity from polynomials, without any elimination.

    Notes
    -----
    The width×width system for k != 2 goes to :func:`lightsout_graphs.core.zk.factorize`; over
    GF(2) a bit-packed dense elimination is used, which handles widths in the thousands.

    Examples
    --------
    >>> from lightsout_graphs.representation.grids import GridChaser
    >>> chaser = GridChaser(5, 5)
    >>> chaser.kernel_size, chaser.rank
    (4, 23)
    >>> board = np.zeros(25, dtype=np.int64)
    >>> board[12] = 1  # only the centre light is on
    >>> presses = chaser.solve(board)
    >>> bool(((lo.grid(5, 5).toggle_matrix() @ presses - board) % 2 == 0).all())
    True
    >>> corner = np.zeros(25, dtype=np.int64)
    >>> corner[0] = 1
    >>> chaser.is_solvable(corner)
    False
    >>> y = chaser.certificate(corner)
    >>> int(y @ corner % 2)  # the parity check that the corner light breaks
    1
    """

    def __init__(self, m: int, n: int, modulus: int = 2, rule: str = "closed") -> None:
        m, n = require_int(m, "m", minimum=1), require_int(n, "n", minimum=1)
        k = check_modulus(modulus)
        self.method: str = "chasing"
        self._setup(
            m, n, k, check_rule(rule, ("closed", "open")), (False, False), f"a {m}×{n} grid mod {k}"
        )

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def for_puzzle(cls, puzzle: Puzzle) -> GridChaser | None:
        """A chaser for a puzzle built by :func:`lightsout_graphs.grid` with two sides, else None.

        Parameters
        ----------
        puzzle : Puzzle
            Any puzzle.

        Returns
        -------
        GridChaser or None
            A chaser whose vectors follow the puzzle's node order, when the puzzle is a 2-D
            grid with every cell pressable and the closed or open rule; otherwise ``None``.

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> GridChaser.for_puzzle(lo.grid(3, 4, modulus=3)).shape
        (12, 12)
        >>> GridChaser.for_puzzle(lo.Puzzle(nx.path_graph(3))) is None
        True
        """
        shape = cls.for_puzzle_shape(puzzle)
        if shape is None:
            return None
        return cls(shape[0], shape[1], modulus=puzzle.modulus, rule=puzzle.rule)

    @staticmethod
    def for_puzzle_shape(puzzle: Puzzle) -> tuple[int, int] | None:
        """``(m, n)`` when light chasing applies to the puzzle (see :meth:`for_puzzle`), else None.

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> GridChaser.for_puzzle_shape(lo.grid(3, 4)), GridChaser.for_puzzle_shape(lo.torus(3, 4))
        ((3, 4), None)
        """
        lattice = GridChaser._lattice(puzzle)
        if lattice is None or puzzle.rule != lattice.rule or any(lattice.wrap):
            return None
        return int(lattice.shape[0]), int(lattice.shape[1])

    def _factor(self) -> Factorization:
        """``A_h = p_h(M)``, read off one column chased on a cycle of ``2w + 2`` cells: O(h·w)."""
        return self._factorize(
            _row_scan.path_power(self._height, self._width, self._diag, self.modulus)
        )

    # -- the Factorization protocol -------------------------------------------------------------

    @functools.partial(fill_doc, docs=CHASE_DOCS)
    def certificate(self, rhs: np.ndarray) -> np.ndarray | None:
        """A parity check y with ``yᵀT ≡ 0`` and ``y·rhs ≢ 0``; ``None`` when rhs is solvable.

        The small system's parity check z, chased up from the bottom row, is a quiet pattern
        y of the grid with ``y·rhs ≡ z·c_h``.

        %(rhs)s

        Returns
        -------
        numpy.ndarray or None
            y in ``0..k-1``, row-major; ``None`` exactly when rhs is solvable.

        %(rhs_raises)s

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> GridChaser(1, 2).certificate(np.array([1, 0])).tolist()
        [1, 1]
        """
        board = self._coerce(rhs)
        z = self._small.certificate(self._small_rhs(board))
        if z is None:
            return None
        up = self._chase(np.asarray(z), None)[:-1][::-1]
        return self._flatten(up)

    # -- replaying presses -----------------------------------------------------------------------

    def _toggle_board(self, x: np.ndarray) -> np.ndarray:
        """``T·x`` on an (m, n) array of residues, not yet reduced for k != 2."""
        # Five residues (plus a state) stay below 2**63 for k <= 2**60; beyond, Python ints.
        out = x.copy() if self._diag else np.zeros_like(x)
        _row_scan.times_row(out, x, 0, False, xor=self._binary)
        _row_scan.times_row(out.T, x.T, 0, False, xor=self._binary)
        return out

    def toggle(self, presses: np.ndarray) -> np.ndarray:
        """``T·presses mod k``: the lights that the presses change, and by how much.

        Parameters
        ----------
        presses : numpy.ndarray
            1-D integer vector of length m·n in row-major cell order: how many times each cell
            is pressed (any integers; they are reduced mod k).

        Returns
        -------
        numpy.ndarray
            Values in ``0..k-1``, row-major: int64, or ``object`` when ``(k − 1)²`` overflows
            int64, as :meth:`solve` returns.

        Raises
        ------
        InvalidStateError
            When ``presses`` is not a 1-D integer vector of length m·n.

        See Also
        --------
        apply : the same, added to a state.

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> GridChaser(2, 3).toggle(np.array([1, 0, 0, 0, 0, 0])).tolist()  # a corner press
        [1, 1, 0, 1, 0, 0]
        """
        board = self._toggle_board(self._as_board(presses, "presses"))
        if not self._binary:
            board %= self.modulus
        return self._row_major(board)

    def apply(self, state: np.ndarray, presses: np.ndarray) -> np.ndarray:
        """``(state + T·presses) mod k``: the board after the presses, without building a graph.

        The same as :meth:`lightsout_graphs.Puzzle.apply_vector` on
        ``lightsout_graphs.grid(m, n, modulus=k, rule=rule)``, computed with a few shifted
        numpy additions in ``O(m·n)``: a 1000×1000 board takes milliseconds.

        Parameters
        ----------
        state : numpy.ndarray
            1-D integer vector of length m·n in row-major cell order: the board before.
        presses : numpy.ndarray
            1-D integer vector of length m·n in row-major cell order: how many times each cell
            is pressed. Both are reduced mod k.

        Returns
        -------
        numpy.ndarray
            The board after, values in ``0..k-1``, row-major: int64, or ``object`` when
            ``(k − 1)²`` overflows int64.

        Raises
        ------
        InvalidStateError
            When ``state`` or ``presses`` is not a 1-D integer vector of length m·n (the
            message names which).

        See Also
        --------
        toggle : the change alone.
        solve : presses that reach a target.

        Examples
        --------
        >>> from lightsout_graphs.representation.grids import GridChaser
        >>> chaser = GridChaser(5, 5)
        >>> state = np.ones(25, dtype=np.int64)  # every light on
        >>> presses = chaser.solve(-state % 2)  # switch them all off
        >>> bool(chaser.apply(state, presses).any())
        False
        >>> GridChaser(1, 3, modulus=3).apply(np.array([0, 1, 2]), np.array([0, 2, 0])).tolist()
        [2, 0, 1]
        """
        board = self._as_board(state, "state")
        change = self._toggle_board(self._as_board(presses, "presses"))
        if self._binary:
            change ^= board
        else:
            change += board
            change %= self.modulus
        return self._row_major(change)

    def __repr__(self) -> str:
        return (
            f"<GridChaser {self.rows}×{self.cols}, rule={self.rule!r}, modulus={self.modulus}, "
            f"kernel_size={self.kernel_size}>"
        )
