"""Buttons of equal effect: which presses the fewest-press searches may leave out.

A button whose press changes no light is never needed, and presses on buttons whose presses
change the lights alike may all move to one of them, ``(x_u + x_v) mod k`` times, which is
never more. So the fewest presses of a board, God's number and the solvable boards are those
of one button per distinct effect; the searches run over those and widen their answers with
zeros. The quiet patterns the other buttons add (``k − 1`` per repeat, ``k`` per idle button)
would only make the searches tell apart solutions that are alike.
"""

from __future__ import annotations

import numpy as np

from lightsout_graphs.core.errors import InvalidStateError
from lightsout_graphs.core.zk import check_modulus
from lightsout_graphs.representation._codec import int_vector
from lightsout_graphs.representation.puzzle import Puzzle, checks_puzzle

__all__ = ["button_classes", "distinct_buttons", "fold_presses"]


@checks_puzzle
def button_classes(puzzle: Puzzle) -> np.ndarray:
    """For each button, the first button of equal effect, or −1 when its press changes nothing.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    numpy.ndarray
        int64, one entry per button of :attr:`~lightsout_graphs.Puzzle.pressable`: the
        position of the first button whose press column (modulo k) equals this one's, or −1
        for a zero column.

    Examples
    --------
    >>> button_classes(lo.Puzzle(nx.path_graph(3), rule="open")).tolist()  # ends alike
    [0, 1, 0]
    >>> button_classes(lo.Puzzle(nx.empty_graph(2), rule="open")).tolist()  # both idle
    [-1, -1]
    """
    press = puzzle.press_matrix().tocsc(copy=True)
    press.data = press.data.astype(np.int64) % puzzle.modulus
    press.eliminate_zeros()
    press.sort_indices()
    columns = press.shape[1]
    counts = np.diff(press.indptr)
    owner = np.where(counts > 0, np.arange(columns, dtype=np.int64), -1)
    # A random linear hash of each column: equal columns hash alike, so only the columns that
    # share a hash are compared exactly (none, on most puzzles: one pass in NumPy).
    weights = np.random.default_rng(0).random(press.shape[0]) + 0.5
    which = np.repeat(np.arange(columns), counts)
    hashes = np.bincount(
        which, weights=weights[press.indices] * (press.data + 0.5), minlength=columns
    )
    live = np.flatnonzero(counts > 0)
    _, inverse, shared = np.unique(hashes[live], return_inverse=True, return_counts=True)
    suspects = live[shared[inverse] > 1]
    first_of: dict[tuple[bytes, bytes], int] = {}
    for j in suspects.tolist():
        start, stop = press.indptr[j], press.indptr[j + 1]
        key = (press.indices[start:stop].tobytes(), press.data[start:stop].tobytes())
        owner[j] = first_of.setdefault(key, j)
    return owner


def distinct_buttons(puzzle: Puzzle) -> np.ndarray:
    """One button of ``puzzle`` for each distinct effect a press has: idle buttons and repeats
    left out.

    Returns
    -------
    numpy.ndarray
        Increasing int64 positions into :attr:`~lightsout_graphs.Puzzle.pressable`: the first
        button of each distinct nonzero press column (modulo k), where
        :func:`button_classes` points to itself.

    Examples
    --------
    >>> distinct_buttons(lo.Puzzle(nx.empty_graph(3), rule="open")).tolist()  # all idle
    []
    >>> distinct_buttons(lo.Puzzle(nx.path_graph(3), rule="open")).tolist()  # ends repeat
    [0, 1]
    >>> distinct_buttons(lo.grid(3, 3)).tolist() == list(range(9))
    True
    """
    owner = button_classes(puzzle)
    return np.flatnonzero(owner == np.arange(owner.size)).astype(np.int64)


def fold_presses(presses: np.ndarray, owner: np.ndarray, modulus: int) -> np.ndarray:
    """Move every press onto the first button of its class; idle buttons' presses dropped.

    The folded presses change the lights exactly as ``presses`` do, and number no more.

    Parameters
    ----------
    presses : numpy.ndarray
        One count per button, in ``0..k-1``.
    owner : numpy.ndarray
        :func:`button_classes` of the puzzle.
    modulus : int

    Returns
    -------
    numpy.ndarray
        int64 counts in ``0..k-1``, nonzero only on the first button of each class.

    Examples
    --------
    >>> fold_presses(np.array([1, 2, 2, 1]), np.array([0, 1, 0, -1]), 3).tolist()
    [0, 2, 0, 0]
    """
    k = check_modulus(modulus)
    owner = int_vector(owner, (int(np.size(owner)),), "'owner'")
    presses = int_vector(presses, (owner.size,), "'presses'")
    if owner.size and (owner.min() < -1 or owner.max() >= owner.size):
        msg = "Argument 'owner' must hold positions of buttons or -1, as button_classes gives."
        raise InvalidStateError(msg)
    folded = np.zeros(owner.size, dtype=object)
    for j, o in enumerate(owner.tolist()):
        if o >= 0:
            folded[o] += int(presses[j])
    return np.array([int(v) % k for v in folded], dtype=np.int64)
