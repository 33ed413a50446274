"""Solving a board: the presses that take a state to a target, their count, and certificates.

Every puzzle is factorised once (:func:`factorization`) and the factorisation is reused for
every board of that puzzle. Grid puzzles use light chasing, every other puzzle the general
engine of :mod:`lightsout_graphs.zk`; both answer through the same interface.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np

from lightsout_graphs._cache import PuzzleCache
from lightsout_graphs.errors import LightsOutError, SearchLimitError, Unsolvable
from lightsout_graphs.puzzle import Puzzle, StateLike, check_puzzle, reduce_mod
from lightsout_graphs.zk.protocol import Factorization

__all__ = [
    "Solution",
    "describe_certificate",
    "factorization",
    "is_solvable",
    "solve",
]

#: The most lights the general engine is asked to factorise (a 300×300 torus, 90,000 lights,
#: takes about 50 s and 3 GB on 2 cores).
MAX_GENERAL_LIGHTS = 100_000

#: The most toggle-matrix entries the general engine is asked to factorise.
MAX_GENERAL_ENTRIES = 2**24

#: What this module computes per puzzle (see :mod:`lightsout_graphs._cache`).
_CACHE = PuzzleCache()


def _grid_engine(puzzle: Puzzle) -> Factorization | None:
    """The light-chasing engine for a 2-D grid or torus puzzle, else None."""
    from lightsout_graphs.grids.chasing import GridChaser
    from lightsout_graphs.grids.wrapped import WrappedChaser

    if not puzzle.all_lights:  # light chasing needs a light on every cell
        return None
    engine: Factorization | None = GridChaser.for_puzzle(puzzle)
    if engine is None:
        engine = WrappedChaser.for_puzzle(puzzle)
    return engine


def factorization(puzzle: Puzzle, *, method: str = "auto") -> Factorization:
    """The factorised press matrix of a puzzle, computed once and cached on the puzzle.

    Parameters
    ----------
    puzzle : Puzzle
    method : str, default "auto"
        ``"auto"`` uses light chasing for 2-D grid puzzles and the general Z_k engine
        otherwise; ``"general"`` forces the general engine; ``"chasing"`` forces light chasing
        (grids only).

    Returns
    -------
    Factorization
        Vectors over the pressable nodes (columns) and all lights (rows), in node order.

    Raises
    ------
    InvalidPuzzleError
        For an unknown method, or ``"chasing"`` on a puzzle that is not a 2-D grid.

    Examples
    --------
    >>> f = factorization(lo.grid(5, 5))
    >>> f.rank, f.kernel_size
    (23, 4)
    """
    from lightsout_graphs.errors import InvalidPuzzleError

    check_puzzle(puzzle)
    if method not in ("auto", "general", "chasing"):
        msg = f"Argument 'method' must be 'auto', 'general' or 'chasing', not {method!r}."
        raise InvalidPuzzleError(msg)
    key = f"factorization:{method}"
    cached = _CACHE.peek(puzzle, key)
    if cached is not None:
        return cached
    engine: Factorization | None = None
    if method in ("auto", "chasing"):
        engine = _grid_engine(puzzle)
        if engine is None and method == "chasing":
            msg = (
                "Light chasing needs a 2-D grid puzzle with the closed or open rule, or a 2-D "
                "torus with sides >= 3."
            )
            raise InvalidPuzzleError(msg)
    if engine is None:
        from lightsout_graphs import zk
        from lightsout_graphs.errors import MemoryBudgetError

        entries = 2 * puzzle.number_of_edges() + puzzle.n
        if puzzle.n > MAX_GENERAL_LIGHTS or entries > MAX_GENERAL_ENTRIES:
            what = (
                f"{puzzle.n} lights"
                if puzzle.n > MAX_GENERAL_LIGHTS
                else f"{entries} toggle entries"
            )
            msg = (
                f"The puzzle has {what}, more than the {MAX_GENERAL_LIGHTS} lights or "
                f"{MAX_GENERAL_ENTRIES} entries the general elimination engine takes here (its "
                "time grows about as n**1.5 to n**3); "
                "2-D grids and tori (lo.grid(m, n), lo.torus(m, n); CLI: lightsout solve grid "
                "--shape MxN) are solved by light chasing at any size; other puzzles need a "
                "smaller board."
            )
            raise InvalidPuzzleError(msg)
        try:
            engine = zk.factorize(puzzle.press_matrix(), puzzle.modulus)
        except MemoryBudgetError as err:
            raise MemoryBudgetError(_too_big(puzzle, err), err.needed, err.budget) from err
    _CACHE.put(puzzle, key, engine)
    return engine


def _too_big(puzzle: Puzzle, err: Exception) -> str:
    """The refusal of a factorisation over budget, with the routes a caller can take."""
    return (
        f"This puzzle ({puzzle.n} lights, modulus {puzzle.modulus}) is too large for the general "
        f"engine: {err} Faster routes: light chasing, used automatically for 2-D grids with "
        "the closed or open rule (lo.grid); grids.nullity for grid nullities; or a smaller board."
    )


def _full_vector(puzzle: Puzzle, x: np.ndarray) -> np.ndarray:
    """Expand a vector over the pressable nodes to one over all nodes (0 elsewhere)."""
    return puzzle.full_presses(x)


def describe_certificate(puzzle: Puzzle, certificate: dict[Hashable, int], value: int) -> str:
    """Say in words which parity check a board violates.

    Parameters
    ----------
    puzzle : Puzzle
    certificate : dict
        node -> coefficient y with ``yᵀT ≡ 0``.
    value : int
        ``y·(target − state) mod k``.

    Returns
    -------
    str

    Examples
    --------
    >>> p = lo.Puzzle(nx.empty_graph(2), rule="open")
    >>> describe_certificate(p, {0: 1}, 1)
    'no press changes the sum of the lights at 0 (mod 2), and the board must change it by 1'
    """
    from lightsout_graphs.describe import describe_certificate as in_words

    return in_words(puzzle, certificate, value)


@dataclass(eq=False)
class Solution:
    """Presses that take a state to a target, with everything needed to check them.

    Attributes
    ----------
    puzzle : Puzzle
    state, target : numpy.ndarray
        The board and the goal, one value per light in node order.
    vector : numpy.ndarray
        The presses in node order (0 on nodes that are not pressable).
    count : int
        How many press vectors solve the board (the size of the kernel), an exact int.
    method : str
        The engine that solved it.
    optimal : bool
        Whether ``num_presses`` is proven to be the fewest.
    proof : str or None
        How optimality was proved, or (``minimize=True`` cut short) why it was not.
    lower_bound : int or None
        With ``minimize=True``: a proven lower bound on the fewest presses (equal to
        ``num_presses`` when ``optimal``).
    engine : Factorization or None
        The factorisation that solved it; the quiet patterns (:attr:`kernel`,
        :attr:`kernel_vectors`, :attr:`kernel_orders`) come from it when first read.

    The dict views :attr:`presses` and :attr:`kernel` and the board-shaped
    :attr:`presses_array` are made when first read, so a solve of a huge board builds none of
    them.
    """

    puzzle: Puzzle
    state: np.ndarray
    target: np.ndarray
    vector: np.ndarray
    count: int
    method: str
    optimal: bool = False
    proof: str | None = None
    lower_bound: int | None = None
    engine: Factorization | None = field(default=None, repr=False)
    _presses: dict[Hashable, int] | None = field(default=None, init=False, repr=False)
    _gens: list[tuple[np.ndarray, int]] | None = field(default=None, init=False, repr=False)

    def _generators(self) -> list[tuple[np.ndarray, int]]:
        if self._gens is None:
            gens = self.engine.kernel() if self.engine is not None else []
            self._gens = [(self.puzzle.full_presses(g), int(o)) for g, o in gens]
        return self._gens

    @property
    def kernel_vectors(self) -> list[np.ndarray]:
        """Generators of the quiet patterns as vectors in node order (computed on first read)."""
        return [g for g, _ in self._generators()]

    @property
    def kernel_orders(self) -> list[int]:
        """The additive order of each generator."""
        return [o for _, o in self._generators()]

    @property
    def presses(self) -> dict[Hashable, int]:
        """node -> press count in ``0..k-1``, every node (built on first read)."""
        if self._presses is None:
            self._presses = self.puzzle.as_dict(self.vector)
        return self._presses

    @property
    def presses_array(self) -> np.ndarray:
        """The presses shaped like the board (:attr:`Puzzle.board_shape`), else in node order.

        Examples
        --------
        >>> board = np.array([[1, 1, 0], [1, 0, 0]])
        >>> lo.solve(lo.grid(2, 3), board).presses_array.tolist()
        [[0, 1, 1], [0, 1, 0]]
        """
        return self.puzzle.board_array(self.vector)

    @property
    def num_presses(self) -> int:
        """The number of presses: the sum of the counts."""
        k = self.puzzle.modulus
        if (k - 1) * max(len(self.vector), 1) < 2**62:
            return int(np.asarray(self.vector, dtype=np.int64).sum())
        return int(sum(int(v) for v in self.vector))

    @property
    def kernel(self) -> list[dict[Hashable, int]]:
        """Generators of the quiet patterns as dicts node -> count (built on first read).

        Every solution is ``presses`` plus a combination of them.
        """
        return [self.puzzle.as_dict(v) for v in self.kernel_vectors]

    def pressed(self) -> list[Hashable]:
        """The nodes pressed at least once, in node order.

        Examples
        --------
        >>> lo.solve(lo.grid(1, 3), [1, 1, 0]).pressed()
        [(0, 0)]
        """
        return [self.puzzle.nodes[int(i)] for i in np.flatnonzero(self.vector)]

    def verify(self) -> bool:
        """Replay the presses on the state and confirm that the target is reached.

        Returns
        -------
        bool
            True.

        Raises
        ------
        LightsOutError
            If the replayed board differs from the target (which would be a bug).

        Examples
        --------
        >>> lo.solve(lo.grid(3, 3), 1).verify()
        True
        """
        p = self.puzzle
        x = np.asarray(self.vector, dtype=np.int64)
        if not p.all_pressable:
            outside = np.ones(len(p.nodes), dtype=bool)
            outside[p.press_columns] = False
            if np.any(x[outside]):
                msg = "The presses use nodes that are not pressable."
                raise LightsOutError(msg)
            x = x[p.press_columns]
        reached = p.apply_vector(np.asarray(self.state, dtype=np.int64), x)
        if not np.array_equal(reached % p.modulus, self.target):
            bad = [p.lights[int(i)] for i in np.flatnonzero(reached != self.target)[:5]]
            msg = f"The presses do not reach the target; lights differ at {bad}."
            raise LightsOutError(msg)
        return True

    def __repr__(self) -> str:
        opt = ", optimal" if self.optimal else ""
        return (
            f"<Solution: {self.num_presses} presses on {int(np.count_nonzero(self.vector))} "
            f"nodes, {self.count} solutions{opt}>"
        )


def _check_limits(max_enumerate: object, time_limit: object) -> None:
    """Reject a ``max_enumerate`` that is not an int, or a ``time_limit`` that is not > 0."""
    if isinstance(max_enumerate, bool) or not isinstance(max_enumerate, numbers.Integral):
        msg = f"Argument 'max_enumerate' must be an int, not {max_enumerate!r}."
        raise SearchLimitError(msg)
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, numbers.Real)
        or not float(time_limit) > 0
    ):
        msg = f"Argument 'time_limit' must be a number of seconds > 0, not {time_limit!r}."
        raise SearchLimitError(msg)


def _rhs(puzzle: Puzzle, state: StateLike, target: StateLike | None) -> tuple[np.ndarray, ...]:
    check_puzzle(puzzle)
    s = puzzle.state_vector(state, name="state")
    if target is None:
        # No goal set: all 0 (np.zeros maps pages lazily, so a huge board costs no copy).
        t = (
            np.zeros(puzzle.n, dtype=np.int64)
            if puzzle.info.goal is None
            else np.array(puzzle.goal)
        )
    else:
        t = puzzle.state_vector(target, name="target")
    return s, t, reduce_mod(np.subtract(t, s), puzzle.modulus)


def solve(
    puzzle: Puzzle,
    state: StateLike = 0,
    target: StateLike | None = None,
    *,
    minimize: bool = False,
    max_enumerate: int = 2**24,
    time_limit: float = 120.0,
) -> Solution:
    """Find presses that take ``state`` to ``target``, exactly, for any modulus.

    Parameters
    ----------
    puzzle : Puzzle
    state : StateLike, default 0
        The board (dict, sequence, array, or one int for every light).
    target : StateLike, optional
        The goal; default the puzzle's goal (all 0 unless the catalog says otherwise), so
        ``target=1`` asks to light every light.
    minimize : bool, default False
        Return a solution with the fewest presses (the sum of the counts), proven optimal: by
        enumerating the grouped solution coset when it has at most ``max_enumerate`` elements
        (``max_enumerate // k`` for 2 < k <= 64), else by CP-SAT over the quiet-pattern coefficients
        (needs the ``cpsat`` extra). When CP-SAT's time runs out, the best solution found is
        returned with ``optimal=False`` and a proven ``lower_bound``.
    max_enumerate : int, default 2**24
        The largest coset enumerated for ``minimize`` (about 4 bytes per solution for k = 2).
    time_limit : float, default 120
        Seconds CP-SAT may take to prove optimality.

    Returns
    -------
    Solution

    Raises
    ------
    Unsolvable
        No presses reach the target; ``certificate`` holds the violated parity check.
    InvalidStateError
        A state or target that does not fit the puzzle.
    MissingDependencyError
        ``minimize=True`` on a coset too large to enumerate without ortools installed.
    SearchLimitError
        ``minimize=True`` with a ``max_enumerate`` that is not an int, or a ``time_limit``
        that is not a number of seconds > 0.
    KeyboardInterrupt
        Ctrl-C during CP-SAT raises :class:`lightsout_graphs.minimum.MinimumInterrupted`; its
        ``solution`` attribute holds the best :class:`Solution` found so far.

    Examples
    --------
    >>> p = lo.grid(5, 5)
    >>> sol = lo.solve(p, 0, target=1, minimize=True)
    >>> sol.num_presses, sol.count, sol.optimal
    (15, 4, True)
    >>> sol.verify()
    True
    >>> try:
    ...     lo.solve(p, {(0, 0): 1})
    ... except lo.Unsolvable as err:
    ...     print(sum(err.certificate.values()) > 0, err.value)
    True 1
    """
    s, t, rhs = _rhs(puzzle, state, target)
    if minimize:
        _check_limits(max_enumerate, time_limit)
    engine = factorization(puzzle)
    x = engine.solve(rhs)
    if x is None:
        y = engine.certificate(rhs)
        assert y is not None
        cert = {node: int(c) for node, c in zip(puzzle.lights, y, strict=True) if int(c)}
        value = int(np.dot(np.asarray(y, dtype=object), rhs.astype(object)) % puzzle.modulus)
        words = describe_certificate(puzzle, cert, value)
        msg = f"The board cannot reach the target: {words}."
        raise Unsolvable(msg, certificate=cert, value=value)
    method = type(engine).__name__
    optimal = False
    proof = None
    lower_bound = None

    def make(vec: np.ndarray) -> Solution:
        return Solution(
            puzzle=puzzle,
            state=s,
            target=t,
            vector=_full_vector(puzzle, vec),
            count=int(engine.kernel_size),
            engine=engine,
            method=method,
            optimal=optimal,
            proof=proof,
            lower_bound=lower_bound,
        )

    if minimize:
        from lightsout_graphs.minimum import MinimumInterrupted, fewest_presses

        try:
            best = fewest_presses(
                np.asarray(x),
                engine.kernel(),
                puzzle.modulus,
                max_enumerate=max_enumerate,
                time_limit=time_limit,
            )
        except MinimumInterrupted as err:
            if err.best is not None:
                proof, lower_bound = err.best.proof, err.best.lower_bound
                err.solution = make(err.best.vector)
            raise
        x, proof, optimal, lower_bound = best.vector, best.proof, best.optimal, best.lower_bound
    return make(np.asarray(x))


def is_solvable(puzzle: Puzzle, state: StateLike = 0, target: StateLike | None = None) -> bool:
    """Whether some presses take ``state`` to ``target``.

    Parameters
    ----------
    puzzle : Puzzle
    state : StateLike, default 0
    target : StateLike, optional
        Default the puzzle's goal.

    Returns
    -------
    bool

    Examples
    --------
    >>> p = lo.grid(5, 5)
    >>> lo.is_solvable(p, {(0, 0): 1}), lo.is_solvable(p, 0, target=1)
    (False, True)
    """
    _, _, rhs = _rhs(puzzle, state, target)
    return bool(factorization(puzzle).is_solvable(rhs))
