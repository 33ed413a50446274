"""Analysis of a puzzle: rank, nullity, quiet patterns and how many boards are solvable."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction

from lightsout_graphs.puzzle import Puzzle, check_puzzle
from lightsout_graphs.solver import _full_vector, factorization

__all__ = ["Analysis", "analyze"]


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
    quiet_patterns : list of dict
        Generators of the quiet patterns, node -> press count.
    quiet_orders : list of int
        The additive order of each generator.
    solvable_states : int
        How many boards can be taken to the goal (equally, to any reachable target).
    solvable_fraction : fractions.Fraction
        ``solvable_states / k**n``, over the lights.
    all_solvable : bool
        Whether every board is solvable.
    """

    puzzle: Puzzle
    n: int
    modulus: int
    rank: int | None
    nullity: int | None
    kernel_size: int
    quiet_patterns: list[dict[Hashable, int]]
    quiet_orders: list[int]
    solvable_states: int
    solvable_fraction: Fraction
    all_solvable: bool

    def __repr__(self) -> str:
        dim = f"rank {self.rank}, nullity {self.nullity}, " if self.rank is not None else ""
        return (
            f"<Analysis: {self.n} lights mod {self.modulus}, {dim}{self.kernel_size} quiet "
            f"patterns, {self.solvable_fraction} of boards solvable>"
        )


def analyze(puzzle: Puzzle) -> Analysis:
    """Rank, nullity, quiet patterns and the solvable boards of a puzzle.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    Analysis

    Examples
    --------
    >>> a = lo.analyze(lo.grid(5, 5))
    >>> a.rank, a.nullity, a.kernel_size, a.solvable_fraction
    (23, 2, 4, Fraction(1, 4))
    >>> a = lo.analyze(lo.grid(5, 5, modulus=4))
    >>> a.rank is None, a.kernel_size
    (True, 16)
    """
    engine = factorization(check_puzzle(puzzle))
    k = puzzle.modulus
    gens = engine.kernel()
    rank = engine.rank
    nullity = None if rank is None else len(puzzle.pressable) - rank
    total = k**puzzle.n  # the boards live on the lights
    return Analysis(
        puzzle=puzzle,
        n=puzzle.n,
        modulus=k,
        rank=rank,
        nullity=nullity,
        kernel_size=int(engine.kernel_size),
        quiet_patterns=[puzzle.as_dict(_full_vector(puzzle, g)) for g, _ in gens],
        quiet_orders=[int(o) for _, o in gens],
        solvable_states=int(engine.image_size),
        solvable_fraction=Fraction(int(engine.image_size), total),
        all_solvable=int(engine.image_size) == total,
    )
