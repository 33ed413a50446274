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

from lightsout_graphs.errors import LightsOutError, SearchLimitError, Unsolvable
from lightsout_graphs.puzzle import Puzzle, StateLike, check_puzzle
from lightsout_graphs.zk.protocol import Factorization

__all__ = [
    "Solution",
    "describe_certificate",
    "factorization",
    "is_solvable",
    "solve",
]


def _grid_engine(puzzle: Puzzle) -> Factorization | None:
    """The light-chasing engine when the puzzle is a plain 2-D grid, else None."""
    from lightsout_graphs.grids.chasing import GridChaser

    return GridChaser.for_puzzle(puzzle)


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
    cached = puzzle._cache.get(key)
    if cached is not None:
        return cached
    engine: Factorization | None = None
    if method in ("auto", "chasing"):
        engine = _grid_engine(puzzle)
        if engine is None and method == "chasing":
            msg = "Light chasing needs a 2-D grid puzzle with the closed or open rule."
            raise InvalidPuzzleError(msg)
    if engine is None:
        from lightsout_graphs import zk

        engine = zk.factorize(puzzle.press_matrix(), puzzle.modulus)
    puzzle._cache[key] = engine
    return engine


def _full_vector(puzzle: Puzzle, x: np.ndarray) -> np.ndarray:
    """Expand a vector over the pressable nodes to one over all nodes (0 elsewhere)."""
    if len(puzzle.pressable) == len(puzzle.nodes):
        return np.asarray(x, dtype=np.int64) % puzzle.modulus
    full = np.zeros(len(puzzle.nodes), dtype=np.int64)
    full[[puzzle.index[u] for u in puzzle.pressable]] = np.asarray(x, dtype=np.int64)
    return full % puzzle.modulus


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
    k = puzzle.modulus
    terms = []
    for node, coef in certificate.items():
        if coef % k:
            terms.append(f"{node}" if coef % k == 1 else f"{coef % k}·{node}")
    shown = ", ".join(terms[:12]) + (f" and {len(terms) - 12} more" if len(terms) > 12 else "")
    weighted = "" if all(c % k in (0, 1) for c in certificate.values()) else "weighted "
    return (
        f"no press changes the {weighted}sum of the lights at {shown} (mod {k}), "
        f"and the board must change it by {value}"
    )


@dataclass
class Solution:
    """Presses that take a state to a target, with everything needed to check them.

    Attributes
    ----------
    puzzle : Puzzle
    state, target : numpy.ndarray
        The board and the goal, in node order.
    vector : numpy.ndarray
        The presses in node order (0 on nodes that are not pressable).
    presses : dict
        node -> press count in ``0..k-1``, every node.
    num_presses : int
        The sum of the counts.
    count : int
        How many press vectors solve the board (the size of the kernel), an exact int.
    kernel : list of dict
        Generators of the quiet patterns: node -> count. Every solution is ``presses`` plus a
        combination of them.
    kernel_orders : list of int
        The additive order of each generator.
    method : str
        The engine that solved it.
    optimal : bool
        Whether ``num_presses`` is proven to be the fewest.
    proof : str or None
        How optimality was proved, or (``minimize=True`` cut short) why it was not.
    lower_bound : int or None
        With ``minimize=True``: a proven lower bound on the fewest presses (equal to
        ``num_presses`` when ``optimal``).
    """

    puzzle: Puzzle
    state: np.ndarray
    target: np.ndarray
    vector: np.ndarray
    count: int
    kernel: list[dict[Hashable, int]]
    kernel_orders: list[int]
    method: str
    optimal: bool = False
    proof: str | None = None
    lower_bound: int | None = None
    presses: dict[Hashable, int] = field(init=False)
    num_presses: int = field(init=False)

    def __post_init__(self) -> None:
        self.presses = self.puzzle.as_dict(self.vector)
        self.num_presses = int(sum(int(v) for v in self.vector))

    def pressed(self) -> list[Hashable]:
        """The nodes pressed at least once, in node order.

        Examples
        --------
        >>> lo.solve(lo.grid(1, 3), [1, 1, 0]).pressed()
        [(0, 0)]
        """
        return [node for node, count in self.presses.items() if count]

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
        reached = self.puzzle.state_vector(self.puzzle.apply(self.state, self.presses))
        if not np.array_equal(reached % self.puzzle.modulus, self.target):
            bad = [self.puzzle.nodes[i] for i in np.flatnonzero(reached != self.target)[:5]]
            msg = f"The presses do not reach the target; lights differ at {bad}."
            raise LightsOutError(msg)
        return True

    def __repr__(self) -> str:
        opt = ", optimal" if self.optimal else ""
        return (
            f"<Solution: {self.num_presses} presses on {len(self.pressed())} nodes, "
            f"{self.count} solutions{opt}>"
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
    t = puzzle.goal.copy() if target is None else puzzle.state_vector(target, name="target")
    return s, t, (t - s) % puzzle.modulus


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
        cert = {node: int(c) for node, c in zip(puzzle.nodes, y, strict=True) if int(c)}
        value = int(np.dot(np.asarray(y, dtype=object), rhs.astype(object)) % puzzle.modulus)
        words = describe_certificate(puzzle, cert, value)
        msg = f"The board cannot reach the target: {words}."
        raise Unsolvable(msg, certificate=cert, value=value)
    gens = engine.kernel()
    kernel = [puzzle.as_dict(_full_vector(puzzle, g)) for g, _ in gens]
    orders = [int(o) for _, o in gens]
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
            kernel=kernel,
            kernel_orders=orders,
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
                gens,
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
