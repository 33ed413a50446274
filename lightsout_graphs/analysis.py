"""Analysis of a puzzle: rank, nullity, quiet patterns and how many boards are solvable."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from lightsout_graphs._cache import PuzzleCache
from lightsout_graphs.puzzle import Puzzle, check_puzzle
from lightsout_graphs.solver import _full_vector, factorization

__all__ = ["Analysis", "analyze"]

#: The quiet patterns computed per puzzle (see :mod:`lightsout_graphs._cache`).
_CACHE = PuzzleCache()


@dataclass(frozen=True)
class Analysis:
    """What the toggle matrix says about every board of a puzzle at once.

    Attributes
    ----------
    puzzle : Puzzle
    n : int
        The number of lights (buttons without a light do not count).
    modulus : int
    rank : int or None
        The rank of the press matrix when k is prime, else None.
    nullity : int or None
        The dimension of the space of quiet patterns when k is prime, else None.
    kernel_size : int
        The number of quiet patterns (press vectors that change nothing), exact for any k.
    solvable_states : int
        How many boards can be taken to the goal (equally, to any reachable target).
    solvable_fraction : fractions.Fraction
        ``solvable_states / k**n``, over the lights.
    all_solvable : bool
        Whether every board is solvable.
    method : str
        How the counts were found: ``"polynomial"`` (grids over a prime k, without
        elimination), ``"product formula"`` (Cartesian products over a prime k, from the
        invariant factors of the two factors) or the engine of the factorisation (its
        ``method``: a :data:`lightsout_graphs.zk.METHODS` name, ``"chasing"`` or
        ``"wrapped-chasing"``).

    The quiet patterns themselves, :attr:`quiet_patterns` and :attr:`quiet_orders`, are
    computed when first read.
    """

    puzzle: Puzzle
    n: int
    modulus: int
    rank: int | None
    nullity: int | None
    kernel_size: int
    solvable_states: int
    solvable_fraction: Fraction
    all_solvable: bool
    method: str = "elimination"

    def _generators(self) -> list[tuple[np.ndarray, int]]:
        if self.kernel_size == 1:
            return []
        return _CACHE.get(self.puzzle, "quiet", lambda: _quiet(self.puzzle))

    @property
    def quiet_patterns(self) -> list[dict[Hashable, int]]:
        """Generators of the quiet patterns, node -> press count (computed when first read)."""
        return [self.puzzle.as_dict(g) for g, _ in self._generators()]

    @property
    def quiet_vectors(self) -> list[np.ndarray]:
        """The same generators as vectors in node order."""
        return [g.copy() for g, _ in self._generators()]

    @property
    def quiet_orders(self) -> list[int]:
        """The additive order of each generator."""
        return [o for _, o in self._generators()]

    def __repr__(self) -> str:
        dim = f"rank {self.rank}, nullity {self.nullity}, " if self.rank is not None else ""
        return (
            f"<Analysis: {self.n} lights mod {self.modulus}, {dim}{self.kernel_size} quiet "
            f"patterns, {self.solvable_fraction} of boards solvable>"
        )


def _quiet(puzzle: Puzzle) -> list[tuple[np.ndarray, int]]:
    return [(_full_vector(puzzle, g), int(o)) for g, o in factorization(puzzle).kernel()]


def _grid_by_polynomials(puzzle: Puzzle) -> Analysis | None:
    """The counts of a 2-D grid over a prime k from the polynomial method, else None."""
    from lightsout_graphs.grids.chasing import GridChaser
    from lightsout_graphs.grids.polynomials import nullity as grid_nullity
    from lightsout_graphs.zk.crt import prime_power_parts

    k = puzzle.modulus
    if prime_power_parts(k) != [(k, 1)] or k > 2**31:
        return None
    shape = GridChaser.for_puzzle_shape(puzzle)
    if shape is None:
        return None
    m, n = shape
    d = grid_nullity(m, n, modulus=k, rule=puzzle.rule)
    size = puzzle.n
    solvable = 1 << (size - d) if k == 2 else k ** (size - d)
    return Analysis(
        puzzle=puzzle,
        n=size,
        modulus=k,
        rank=size - d,
        nullity=d,
        kernel_size=1 << d if k == 2 else k**d,
        solvable_states=solvable,
        solvable_fraction=Fraction(1, k**d),
        all_solvable=d == 0,
        method="polynomial",
    )


def analyze(puzzle: Puzzle) -> Analysis:
    """Rank, nullity, quiet patterns and the solvable boards of a puzzle.

    On a 2-D grid over a prime k the counts come from the polynomial method (a gcd of two
    polynomials of degree about the side), without elimination. A Cartesian product over a
    prime (a torus, a cylinder, prism, rook's board, hypercube, Hamming graph or
    :func:`lightsout_graphs.product`) gets its nullity from the product formula of
    :mod:`lightsout_graphs.products`, also without elimination. In every case the quiet
    patterns are computed only when :attr:`Analysis.quiet_patterns` is read.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    Analysis

    Examples
    --------
    >>> a = lo.analyze(lo.grid(5, 5))
    >>> a.rank, a.nullity, a.kernel_size, a.solvable_fraction, a.method
    (23, 2, 4, Fraction(1, 4), 'polynomial')
    >>> len(a.quiet_patterns)
    2
    >>> a = lo.analyze(lo.grid(5, 5, modulus=4))
    >>> a.rank is None, a.kernel_size
    (True, 16)
    >>> lo.analyze(lo.torus(30, 30)).nullity  # from the invariant factors of the two cycles
    24
    """
    from lightsout_graphs.products.fast import counted_analysis, fast_nullity

    check_puzzle(puzzle)
    fast = _grid_by_polynomials(puzzle)
    if fast is not None:
        return fast
    nullity = fast_nullity(puzzle)
    if nullity is not None:
        return counted_analysis(puzzle, nullity)
    engine = factorization(puzzle)
    k = puzzle.modulus
    rank = engine.rank
    nullity = None if rank is None else len(puzzle.pressable) - rank
    total = k**puzzle.n
    image = int(engine.image_size)
    return Analysis(
        puzzle=puzzle,
        n=puzzle.n,
        modulus=k,
        rank=rank,
        nullity=nullity,
        kernel_size=int(engine.kernel_size),
        solvable_states=image,
        solvable_fraction=Fraction(image, total),
        all_solvable=image == total,
        method=engine.method,
    )
