"""A lower bound on God's number by counting: the boards cannot outnumber the short presses.

A puzzle with ``n`` pressable nodes over ``Z_k`` and ``q`` quiet patterns has ``k**n / q``
solvable boards (the image of the press map). Every board has a fewest-press solution, and two
boards never share a solution, so if every board needed at most ``R`` presses there would be at
least as many press vectors of weight ``≤ R`` (weight = the sum of the press counts) as boards.
Hence God's number is at least the least ``R`` with

    Σ_{i ≤ R} a_i ≥ k**n / q,     a_i = [z**i] (1 + z + … + z**(k−1))**n,

the sphere-covering bound of coding theory. It needs nothing but ``n``, ``k`` and ``q``, so it
holds for kernels far too large for any search (2**144 quiet patterns on the 256×256 board),
and it is exact integer arithmetic throughout.
"""

from __future__ import annotations

from collections import deque

from lightsout_graphs.core.errors import MatrixError, require_int
from lightsout_graphs.representation.puzzle import Puzzle, checks_puzzle


def sphere_radius(nodes: int, modulus: int, boards: int) -> int:
    """The least ``R`` such that ``boards`` press vectors have weight ``≤ R`` at most.

    Parameters
    ----------
    nodes : int
        Pressable nodes ``n``.
    modulus : int
        ``k``: each node is pressed 0 to ``k − 1`` times.
    boards : int
        How many distinct boards must each get a press vector of their own.

    Returns
    -------
    int
        The least ``R`` with ``Σ_{i ≤ R} a_i ≥ boards``, ``a_i`` the number of press vectors of
        weight ``i``.

    Raises
    ------
    MatrixError
        ``boards`` larger than ``k**n``, or a count or modulus out of range.

    Examples
    --------
    Five nodes over GF(2): 1 + 5 vectors have weight ≤ 1, 16 have weight ≤ 2.

    >>> sphere_radius(5, 2, 6), sphere_radius(5, 2, 7), sphere_radius(5, 2, 32)
    (1, 2, 5)
    """
    n = require_int(nodes, "nodes", minimum=0, error=MatrixError)
    k = require_int(modulus, "modulus", minimum=2, error=MatrixError)
    need = require_int(boards, "boards", minimum=1, error=MatrixError)
    if need > k**n:
        msg = f"boards={need} is more than the {k}**{n} press vectors of {n} nodes over Z_{k}."
        raise MatrixError(msg)
    # a_i by the recurrence of (1 + z + … + z**(k−1))**n: i·a_i = Σ_{j=1}^{k−1} (j(n+1) − i) a_{i−j},
    # kept as the window sums s0 = Σ_j a_{i−j} and s1 = Σ_j j·a_{i−j}. Only the last k
    # coefficients are held (each has up to n·log2(k) bits; all of them could fill the memory).
    window = deque([0] * (k - 1) + [1], maxlen=k)  # a_{i−k+1}, …, a_i
    total, s0, s1, i = 1, 0, 0, 0
    while total < need:
        newest, leaving = window[-1], window[0]
        s1 += newest + s0 - k * leaving
        s0 += newest - leaving
        i += 1
        a = ((n + 1) * s1 - i * s0) // i
        window.append(a)
        total += a
    return i


@checks_puzzle
def counting_bound(puzzle: Puzzle) -> int:
    """A lower bound on God's number from counting boards against short press vectors.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    int
        The least ``R`` such that the press vectors of weight ``≤ R`` are at least as many as
        the solvable boards: every solvable board has its own fewest-press solution, so some
        board needs at least ``R`` presses. It meets God's number when there is no quiet
        pattern (``(k − 1) n``) and is far below it on small boards; on large kernels it is
        the one bound that needs no search (the module docstring has the argument).

    See Also
    --------
    gods_number_bounds : bounds with a board that replays, by search.

    Examples
    --------
    >>> counting_bound(lo.grid(6, 6)), counting_bound(lo.grid(5, 5))
    (36, 11)
    >>> counting_bound(lo.grid(61, 61))  # 2**40 quiet patterns: no search reaches them
    1646
    """
    from lightsout_graphs.algorithms.solver import factorization

    n, k = len(puzzle.pressable), puzzle.modulus
    return sphere_radius(n, k, k**n // int(factorization(puzzle).kernel_size))
