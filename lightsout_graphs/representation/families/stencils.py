"""Press shapes given as stencils: relative offsets on a box of any dimension, clipped or wrapped.

``stencil((5, 5), [(0, 1), (0, -1), (1, 0), (-1, 0)])`` is the classic 5×5 board; king, ×,
knight, rook, bishop and queen boards are stencils too (their families build them this way).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.representation.families._common import (
    check_modulus,
    family_doc,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.families._stencil import (
    Stencil,
    lattice_positions,
    stencil_puzzle,
)
from lightsout_graphs.representation.families.lattices import _check_shape
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])


def _check_offsets(offsets: object, dim: int) -> tuple[tuple[int, ...], ...]:
    if isinstance(offsets, str | bytes) or not isinstance(offsets, Iterable):
        msg = (
            f"Argument 'offsets' must be a list of {dim}-int tuples, not {type(offsets).__name__}."
        )
        raise InvalidPuzzleError(msg)
    out = []
    for i, off in enumerate(offsets):
        if isinstance(off, str | bytes) or not isinstance(off, Sequence | np.ndarray):
            msg = f"Argument 'offsets[{i}]' must be a tuple of {dim} ints, not {off!r}."
            raise InvalidPuzzleError(msg)
        if len(off) != dim:
            msg = f"Argument 'offsets[{i}]' has {len(off)} entries; the shape has {dim} axes."
            raise InvalidPuzzleError(msg)
        out.append(tuple(require_int(x, f"offsets[{i}]") for x in off))
    if len(set(out)) != len(out):
        msg = "Argument 'offsets' lists an offset twice; give each once (with its amount)."
        raise InvalidPuzzleError(msg)
    return tuple(out)


def _check_wrap(wrap: object, dim: int) -> tuple[bool, ...]:
    if isinstance(wrap, bool | np.bool_):
        return (bool(wrap),) * dim
    if isinstance(wrap, Sequence) and not isinstance(wrap, str | bytes):
        flags = tuple(wrap)
        if len(flags) == dim and all(isinstance(w, bool | np.bool_) for w in flags):
            return tuple(bool(w) for w in flags)
    msg = f"Argument 'wrap' must be True or False, or one flag per axis ({dim}), not {wrap!r}."
    raise InvalidPuzzleError(msg)


@family_doc
def stencil(
    shape: Sequence[int],
    offsets: Iterable[Sequence[int]],
    wrap: bool | Sequence[bool] = False,
    amounts: Sequence[int] | None = None,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out where a press of cell ``c`` reaches ``c + o`` for each offset ``o``.

    Parameters
    ----------
    shape : sequence of int
        The side lengths of the board, any dimension.
    offsets : iterable of int tuples
        The relative cells a press reaches, one entry per axis. Without ``amounts`` the zero
        offset is not allowed: the rule says whether a press changes its own light.
    wrap : bool or sequence of bool, default False
        Wrap the offsets around every axis (a torus) instead of clipping them at the edges, or
        only around some axes, one flag per axis (``(False, True)``: a cylinder whose rows
        are cycles).
    amounts : sequence of int, optional
        What a press adds at each offset (mod k); the puzzle then uses the ``weighted`` rule,
        the zero offset gives the pressed light's own change, and offsets that wrap onto the
        same cell add up.
    %(modulus)s
    rule : {"closed", "open"}, default "closed"
        Without ``amounts``: whether the pressed light changes too.
    pressable : iterable of nodes, optional
        Restrict the presses to these cells.

    Returns
    -------
    Puzzle
        Nodes are coordinate tuples in row-major order; the graph is a DiGraph when the
        offsets (with their amounts) are not symmetric. ``family`` is
        ``FamilyInfo("stencil", {"shape": ..., "offsets": ..., "wrap": ..., "amounts": ...})``.

    Raises
    ------
    InvalidPuzzleError
        A bad shape, offset, amount, modulus or rule.

    Examples
    --------
    >>> plus = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    >>> p = stencil((5, 5), plus)
    >>> (p.toggle_matrix() != lo.grid(5, 5).toggle_matrix()).nnz
    0
    >>> cylinder = stencil((4, 6), plus, wrap=(False, True))  # each row is a cycle
    >>> lo.solve(cylinder, 1).method
    'wrapped-chasing'
    >>> q = stencil((3, 3), [(0, 0), (0, 1)], amounts=[2, 1], modulus=3)
    >>> q.press(0, (1, 1))[(1, 1)], q.press(0, (1, 1))[(1, 2)], q.graph.is_directed()
    (2, 1, True)
    """
    k = check_modulus(modulus)
    if not isinstance(shape, Sequence) or isinstance(shape, str | bytes):
        msg = f"Argument 'shape' must be a sequence of side lengths, not {shape!r}."
        raise InvalidPuzzleError(msg)
    sides = _check_shape(tuple(shape))
    wraps = _check_wrap(wrap, len(sides))
    offs = _check_offsets(offsets, len(sides))
    if amounts is None:
        if rule not in ("closed", "open"):
            msg = f"Argument 'rule' must be 'closed' or 'open' without amounts, not {rule!r}."
            raise InvalidPuzzleError(msg)
        if any(not any(o) for o in offs):
            msg = (
                "Argument 'offsets' holds the zero offset; without amounts the rule decides "
                "whether a press changes its own light (closed or open)."
            )
            raise InvalidPuzzleError(msg)
        vals: tuple[int, ...] = (1,) * len(offs)
    else:
        if isinstance(amounts, str | bytes) or not isinstance(amounts, Sequence | np.ndarray):
            msg = f"Argument 'amounts' must be a sequence of ints, not {amounts!r}."
            raise InvalidPuzzleError(msg)
        if len(amounts) != len(offs):
            msg = f"Argument 'amounts' has {len(amounts)} entries for {len(offs)} offsets."
            raise InvalidPuzzleError(msg)
        for i, a in enumerate(amounts):
            require_int(a, f"amounts[{i}]")
        vals = tuple(int(a) % k for a in amounts)
    multiplicity = amounts is not None
    st = Stencil(sides, offs, vals, wraps, multiplicity)

    params: dict[str, object] = {
        "shape": sides,
        "offsets": offs,
        "wrap": wraps if len(set(wraps)) > 1 else wraps[0],
        "amounts": vals if multiplicity else None,
    }
    return stencil_puzzle(
        st,
        family="stencil",
        params=params,
        modulus=k,
        rule="weighted" if multiplicity else rule,
        pressable=pressable,
        graph=lambda: st.graph(lattice_positions(sides), weights=multiplicity),
        board_shape=sides,
        self_amount=0 if multiplicity else None,
    )
