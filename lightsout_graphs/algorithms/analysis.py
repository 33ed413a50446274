"""Analysis of a puzzle: rank, nullity, quiet patterns and how many boards are solvable."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from lightsout_graphs.algorithms.solution import _QuietViews, puzzle_json
from lightsout_graphs.algorithms.solver import factorization
from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core._counts import count_json, fraction_text
from lightsout_graphs.core.errors import MemoryBudgetError
from lightsout_graphs.core.zk.budget import BUDGET_ENV, memory_budget
from lightsout_graphs.representation.puzzle import Puzzle, checks_puzzle

__all__ = ["Analysis", "analyze"]

#: The quiet patterns computed per puzzle (see :mod:`lightsout_graphs.core._cache`).
_CACHE = PuzzleCache()


@dataclass(frozen=True)
class Analysis(_QuietViews):
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
    num_quiet_patterns : int
        The number of quiet patterns (press vectors that change nothing), exact for any k; the
        number of solutions of every solvable board.
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
        ``method``: a :data:`lightsout_graphs.core.zk.METHODS` name, ``"chasing"`` or
        ``"wrapped-chasing"``).

    Notes
    -----
    The names are those of :class:`lightsout_graphs.algorithms.solution.Solution`:
    :attr:`num_quiet_patterns`, and generators of the quiet patterns as dicts
    (:attr:`quiet_patterns`), vectors (:attr:`quiet_vectors`) and their orders
    (:attr:`quiet_orders`), all computed when first read. An analysis is frozen: its fields
    cannot be reassigned.

    Examples
    --------
    >>> a = lo.analyze(lo.grid(4, 4))
    >>> a.nullity, a.num_quiet_patterns, a.quiet_orders
    (4, 16, [2, 2, 2, 2])
    >>> a.rank = 0
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'rank'
    """

    puzzle: Puzzle
    n: int
    modulus: int
    rank: int | None
    nullity: int | None
    num_quiet_patterns: int
    solvable_states: int
    solvable_fraction: Fraction
    all_solvable: bool
    method: str = "elimination"

    @classmethod
    def from_nullity(cls, puzzle: Puzzle, nullity: int, method: str) -> Analysis:
        """The analysis of a puzzle over a prime modulus whose nullity is known.

        Parameters
        ----------
        puzzle : Puzzle
            A puzzle over a prime modulus k with every node pressable.
        nullity : int
            The dimension of its quiet patterns over Z_k.
        method : str
            How the nullity was found.

        Returns
        -------
        Analysis

        Examples
        --------
        >>> a = Analysis.from_nullity(lo.grid(5, 5), 2, "known")
        >>> a.rank, a.num_quiet_patterns, a.solvable_fraction
        (23, 4, Fraction(1, 4))
        """
        k, n = puzzle.modulus, puzzle.n
        return cls(
            puzzle=puzzle,
            n=n,
            modulus=k,
            rank=n - nullity,
            nullity=nullity,
            num_quiet_patterns=k**nullity,
            solvable_states=k ** (n - nullity),
            solvable_fraction=Fraction(1, k**nullity),
            all_solvable=nullity == 0,
            method=method,
        )

    @property
    def num_generators(self) -> int:
        """How many generators the quiet patterns have (the nullity for a prime k), not built.

        For other k, the most generators of that many quiet patterns (one per prime factor
        of :attr:`num_quiet_patterns`, counted with multiplicity), an upper bound.

        Examples
        --------
        >>> lo.analyze(lo.grid(5, 5)).num_generators, lo.analyze(lo.grid(3, 3)).num_generators
        (2, 0)
        """
        if self.nullity is not None:
            return self.nullity
        from lightsout_graphs.core.zk.crt import prime_power_parts

        count, left = 0, self.num_quiet_patterns
        for p, _ in prime_power_parts(self.modulus):
            while left % p == 0 and left > 1:
                left //= p
                count += 1
        return count

    def generators_memory(self) -> int:
        """An estimate, in bytes, of building the generators as vectors (and their copies).

        Examples
        --------
        >>> lo.analyze(lo.grid(5, 5)).generators_memory()
        1200
        """
        return 24 * self.num_generators * len(self.puzzle.nodes)

    def _generators(self) -> list[tuple[np.ndarray, int]]:
        if self.num_quiet_patterns == 1:
            return []
        needed = self.generators_memory()
        budget = memory_budget()
        if needed > budget:
            msg = (
                f"Listing the {self.num_generators} generators of the quiet patterns as vectors "
                f"of {len(self.puzzle.nodes)} presses would need about {needed / 2**30:.1f} GiB, "
                f"above the memory budget of {budget / 2**30:.1f} GiB: the counts (nullity, "
                "num_quiet_patterns) need no list; or raise the budget with "
                f"{BUDGET_ENV} if the machine has the memory."
            )
            raise MemoryBudgetError(msg, needed, budget)
        return _CACHE.get(self.puzzle, "quiet", lambda: _quiet(self.puzzle))

    def to_dict(self, *, extras: bool = True) -> dict[str, Any]:
        """The analysis as plain JSON-ready data (ints, strings, lists, dicts, booleans).

        The keys are those of ``lightsout analyze --json``, in its order: ``puzzle``,
        ``lights`` (the number of lights), ``edges``, ``modulus``, ``rule``, ``nodes``,
        ``rank``, ``nullity``, ``kernel_size`` (the number of quiet patterns),
        ``solvable_states``, ``solvable_fraction`` (a float, which may round to 0.0),
        ``solvable_fraction_exact`` (``"p/q"`` in lowest terms, or ``"1"``),
        ``all_solvable``, ``quiet_patterns`` (generators as press counts in node order),
        ``quiet_orders`` and ``light_nodes`` when some buttons carry no light; then
        ``num_quiet_patterns`` and ``method``. Counts are ints when they have at most 40
        digits, else exact strings ``"k^e"`` (or ``"p^a·q^b"``).

        Parameters
        ----------
        extras : bool, default True
            False leaves out the keys that follow those of ``lightsout analyze --json``
            (``num_quiet_patterns``, ``method``): the result is then the command's object.

        Returns
        -------
        dict
            Only str keys, JSON values.

        Examples
        --------
        >>> import json
        >>> data = lo.analyze(lo.grid(5, 5)).to_dict()
        >>> data["nullity"], data["num_quiet_patterns"], data["solvable_fraction_exact"]
        (2, 4, '1/4')
        >>> json.loads(json.dumps(data)) == data
        True
        >>> "method" in lo.analyze(lo.grid(5, 5)).to_dict(extras=False)
        False
        """
        k = self.modulus
        total = k**self.n
        label, nodes, lights = puzzle_json(self.puzzle)
        quiet = count_json(self.num_quiet_patterns, k)
        out: dict[str, Any] = {
            "puzzle": label,
            "lights": self.n,
            "edges": self.puzzle.number_of_edges(),
            "modulus": k,
            "rule": self.puzzle.rule,
            "nodes": nodes,
            "rank": self.rank,
            "nullity": self.nullity,
            "kernel_size": quiet,
            "solvable_states": count_json(self.solvable_states, k),
            "solvable_fraction": self.solvable_states / total,
            "solvable_fraction_exact": fraction_text(self.solvable_states, total, k),
            "all_solvable": bool(self.all_solvable),
            "quiet_patterns": [v.tolist() for v in self.quiet_vectors],
            "quiet_orders": self.quiet_orders,
        }
        if lights is not None:
            out["light_nodes"] = lights
        if extras:
            out["num_quiet_patterns"] = quiet
            out["method"] = self.method
        return out

    def __repr__(self) -> str:
        from lightsout_graphs.representation._describe import counted

        k = self.modulus
        dim = f"rank {self.rank}, nullity {self.nullity}, " if self.rank is not None else ""
        quiet = counted(self.num_quiet_patterns, "quiet pattern", modulus=k)
        share = fraction_text(self.solvable_states, k**self.n, k)
        return (
            f"<Analysis: {counted(self.n, 'light')} mod {k}, {dim}{quiet}, {share} of boards "
            "solvable>"
        )


def _quiet(puzzle: Puzzle) -> list[tuple[np.ndarray, int]]:
    return [(puzzle.full_presses(g), int(o)) for g, o in factorization(puzzle).kernel()]


@checks_puzzle
def analyze(puzzle: Puzzle) -> Analysis:
    """Rank, nullity, quiet patterns and the solvable boards of a puzzle.

    The engine is the one :func:`lightsout_graphs.algorithms.planner.plan` picks for ``"counts"``. On a
    2-D grid over a prime k the counts come from the polynomial method (a gcd of two
    polynomials of degree about the side), without elimination. A Cartesian product over a
    prime (a torus, a cylinder, prism, rook's board, hypercube, Hamming graph or
    :func:`lightsout_graphs.product`) gets its nullity from the product formula of
    :mod:`lightsout_graphs.representation.products`, also without elimination. In every case the quiet
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
    >>> a.rank, a.nullity, a.num_quiet_patterns, a.solvable_fraction, a.method
    (23, 2, 4, Fraction(1, 4), 'polynomial')
    >>> len(a.quiet_patterns)
    2
    >>> a = lo.analyze(lo.grid(5, 5, modulus=4))
    >>> a.rank is None, a.num_quiet_patterns
    (True, 16)
    >>> lo.analyze(lo.torus(30, 30)).nullity  # from the invariant factors of the two cycles
    24
    """
    from lightsout_graphs.algorithms import planner

    nullity, method = planner.counts(puzzle)
    if nullity is not None:
        return Analysis.from_nullity(puzzle, nullity, method)
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
        num_quiet_patterns=int(engine.kernel_size),
        solvable_states=image,
        solvable_fraction=Fraction(image, total),
        all_solvable=image == total,
        method=engine.method,
    )
