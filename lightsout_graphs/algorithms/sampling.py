"""Random boards, exactly uniform, and every solution of a board, lazily and fewest first.

A board can reach the goal exactly when ``goal − board`` lies in the image of the toggle
matrix T. Since ``x -> T x`` is a group homomorphism of Z_k^P, a uniform press vector ``x``
gives a uniform element of the image: ``goal − T x`` is a uniform solvable board, with no
rejection and no bias, for any modulus.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING

import numpy as np

from lightsout_graphs.core.errors import (
    InvalidPuzzleError,
    LightsOutError,
    MemoryBudgetError,
    SearchLimitError,
    require_int,
)
from lightsout_graphs.core.zk.budget import BUDGET_ENV, memory_budget
from lightsout_graphs.core.zk.cosets import coset_member
from lightsout_graphs.representation.puzzle import Puzzle, StateLike, checks_puzzle

if TYPE_CHECKING:
    from lightsout_graphs.algorithms.solver import Solution

__all__ = ["SolutionIterator", "random_board", "solutions"]

#: Cosets up to this many solutions are listed fewest presses first.
SORTED_LIMIT = 2**20
#: Peak bytes per light of :func:`random_board` (the presses, the pressed board, the result).
RANDOM_BOARD_BYTES = 40


def _rng(seed: object) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None:
        return np.random.default_rng()
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool) and int(seed) >= 0:
        return np.random.default_rng(int(seed))
    msg = f"Argument 'seed' must be None, an int >= 0 or a numpy Generator, not {seed!r}."
    raise InvalidPuzzleError(msg)


def _uniform(rng: np.random.Generator, k: int, size: int) -> np.ndarray:
    if k <= 2**62:
        return rng.integers(0, k, size=size, dtype=np.int64)
    return np.array([int(rng.integers(0, 2**62)) % k for _ in range(size)], dtype=object)


@checks_puzzle
def random_board(puzzle: Puzzle, seed: object = None, *, solvable: bool = True) -> np.ndarray:
    """A random board, uniform over the boards that can reach the goal (or over all boards).

    Parameters
    ----------
    puzzle : Puzzle
    seed : None, int or numpy.random.Generator, default None
        The randomness: a seed makes the board reproducible.
    solvable : bool, default True
        True: uniform over the boards from which the puzzle's goal can be reached, exactly
        (``goal − T x`` for uniform presses ``x``). False: uniform over every board.

    Returns
    -------
    numpy.ndarray
        The board, one value in ``0..k-1`` per light, in node order.

    Raises
    ------
    InvalidPuzzleError
        A seed that is not None, an int or a Generator, or a lit-only puzzle with
        ``solvable=True`` (its reachable boards are not a linear image).

    Examples
    --------
    >>> p = lo.grid(5, 5)
    >>> board = lo.random_board(p, seed=1)
    >>> lo.is_solvable(p, board)
    True
    >>> bool((lo.random_board(p, seed=1) == board).all())
    True
    >>> lo.random_board(lo.grid(2, 2, modulus=3), seed=0, solvable=False).tolist()
    [2, 1, 1, 0]
    """
    rng = _rng(seed)
    k = puzzle.modulus
    if not isinstance(solvable, bool):
        msg = f"Argument 'solvable' must be True or False, not {solvable!r}."
        raise InvalidPuzzleError(msg)
    needed, budget = RANDOM_BOARD_BYTES * len(puzzle.nodes), memory_budget()
    if needed > budget:
        msg = (
            f"A random board of {len(puzzle.nodes)} lights would need about "
            f"{needed / 2**30:.1f} GiB, above the memory budget of {budget / 2**30:.1f} GiB; "
            f"draw a smaller board, or raise the budget with {BUDGET_ENV} if the machine has "
            "the memory."
        )
        raise MemoryBudgetError(msg, needed, budget)
    if not solvable:
        return np.asarray(_uniform(rng, k, len(puzzle.nodes)), dtype=np.int64)
    if puzzle.lit_only:
        msg = (
            "random_board(solvable=True) needs a linear puzzle; under the lit-only rule the "
            "reachable boards come from lo.lit_only_solvable_states()."
        )
        raise InvalidPuzzleError(msg)
    x = _uniform(rng, k, len(puzzle.pressable))
    # The presses replayed on a dark board (by shifting, for grids and other lattices: no
    # toggle matrix is built), taken off the goal.
    pressed = puzzle.apply_vector(np.zeros(puzzle.n, dtype=np.int64), x)
    return (np.asarray(puzzle.goal, dtype=np.int64) - pressed) % k


class SolutionIterator(Iterator[dict[Hashable, int]]):
    """The solutions of one board, one press dict (node -> count) at a time.

    ``count`` is also :attr:`num_solutions`, the name :class:`~lightsout_graphs.Solution` uses.

    Attributes
    ----------
    count : int
        How many solutions there are (known before any is produced; 0 when unsolvable).
    fewest_first : bool
        Whether they come in order of number of presses (cosets up to 2**20 solutions).
    solution : Solution or None
        The particular solution and quiet patterns the iteration is built on.

    Examples
    --------
    >>> it = lo.solutions(lo.grid(1, 2), 0)
    >>> it.num_solutions, [list(s.values()) for s in it]
    (2, [[0, 0], [1, 1]])
    """

    def __init__(self, sol: Solution | None, limit: int | None) -> None:
        self.solution = sol
        self.count = 0 if sol is None else int(sol.num_solutions)
        self._limit = limit
        self._made = 0
        self.fewest_first = sol is not None and self.count <= SORTED_LIMIT
        self._it = self._generate()

    @property
    def num_solutions(self) -> int:
        """The number of solutions (:attr:`count`; 0 when the board is unsolvable).

        Examples
        --------
        >>> lo.solutions(lo.grid(4, 4), 0).num_solutions
        16
        """
        return self.count

    def _generate(self) -> Iterator[dict[Hashable, int]]:
        sol = self.solution
        if sol is None:
            return
        puzzle, k = sol.puzzle, sol.puzzle.modulus
        pressable = [puzzle.index[u] for u in puzzle.pressable]
        x0 = sol.vector[pressable] % k
        gens = [(v[pressable], o) for v, o in zip(sol.quiet_vectors, sol.quiet_orders, strict=True)]
        orders = [o for _, o in gens]
        full = np.zeros(len(puzzle.nodes), dtype=np.int64)

        def emit(lam: tuple[int, ...] | list[int]) -> dict[Hashable, int]:
            full[:] = 0
            full[pressable] = coset_member(x0, gens, k, lam)  # exact for every k
            return puzzle.as_dict(full)

        if self.fewest_first:
            from lightsout_graphs.algorithms._cosets import group_coset, press_counts

            counts = press_counts(group_coset(x0, gens, k)).reshape(-1)
            for flat in np.argsort(counts, kind="stable"):
                yield emit([int(c) for c in np.unravel_index(int(flat), tuple(orders))])
            return
        lam = [0] * len(orders)
        while True:  # an odometer: itertools.product would list each huge range first
            yield emit(lam)
            i = len(lam) - 1
            while i >= 0:
                lam[i] += 1
                if lam[i] < orders[i]:
                    break
                lam[i] = 0
                i -= 1
            if i < 0:
                return

    def __next__(self) -> dict[Hashable, int]:
        if self._limit is not None and self._made >= self._limit:
            raise StopIteration
        value = next(self._it)
        self._made += 1
        return value

    def __repr__(self) -> str:
        order = "fewest presses first" if self.fewest_first else "coset order"
        from lightsout_graphs.representation._describe import counted

        k = 10 if self.solution is None else self.solution.puzzle.modulus
        return f"<SolutionIterator: {counted(self.count, 'solution', modulus=k)}, {order}>"


def solutions(
    puzzle: Puzzle,
    state: StateLike = 0,
    target: StateLike | None = None,
    *,
    limit: int | None = None,
) -> SolutionIterator:
    """Every press vector that takes ``state`` to ``target``, lazily, fewest presses first.

    Nothing is built up front beyond one solution and the quiet patterns: the solutions are
    made one at a time. When the board has at most 2**20 solutions they come in order of
    number of presses (ties in coset order), from one exact transform of the grouped coset;
    larger cosets come in coset order.

    Parameters
    ----------
    puzzle : Puzzle
    state, target : StateLike
        The board and the goal, as :func:`lightsout_graphs.solve` takes them.
    limit : int, optional
        Stop after this many solutions.

    Returns
    -------
    SolutionIterator
        An iterator of dicts (node -> press count, every node) with ``count``, the total
        number of solutions (0 when the board is unsolvable), known up front.

    Raises
    ------
    SearchLimitError
        A ``limit`` that is not an int >= 0.
    InvalidStateError
        A state or target that does not fit the puzzle.

    Examples
    --------
    >>> it = lo.solutions(lo.grid(4, 4), 0, target=1)
    >>> it.count, it.fewest_first
    (16, True)
    >>> [sum(s.values()) for s in it][:6]
    [4, 4, 6, 6, 6, 6]
    >>> big = lo.solutions(lo.grid(30, 30), 0, target=1, limit=2)
    >>> big.count == 2**20, len(list(big))
    (True, 2)
    """
    if limit is not None:
        limit = require_int(limit, "limit", minimum=0, error=SearchLimitError)
    from lightsout_graphs.algorithms.solver import solve
    from lightsout_graphs.core.errors import Unsolvable

    try:
        sol = solve(puzzle, state, target)
    except Unsolvable:
        sol = None
    except LightsOutError:
        raise
    return SolutionIterator(sol, limit)
