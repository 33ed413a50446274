"""Solving a board: the presses that take a state to a target, their count, and certificates.

Every puzzle is factorised once (:func:`factorization`) and the factorisation is reused for
every board of that puzzle. The engine is the one :mod:`lightsout_graphs.algorithms.planner` picks (light
chasing for 2-D lattices, the general engine of :mod:`lightsout_graphs.core.zk` otherwise); every
engine answers through the same interface. The answer, a
:class:`lightsout_graphs.algorithms.solution.Solution`, is defined in :mod:`lightsout_graphs.algorithms.solution`
(and re-exported here).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from lightsout_graphs.algorithms.solution import Solution, describe_certificate
from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core._progress import seconds_bar
from lightsout_graphs.core.errors import SearchLimitError, Unsolvable, require_int, require_seconds
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.representation.puzzle import Puzzle, StateLike, checks_puzzle, reduce_mod

__all__ = [
    "Solution",
    "describe_certificate",
    "factorization",
    "is_solvable",
    "solve",
]

#: What this module computes per puzzle (see :mod:`lightsout_graphs.core._cache`).
_CACHE = PuzzleCache()


@checks_puzzle
def factorization(puzzle: Puzzle, *, method: str = "auto") -> Factorization:
    """The factorised press matrix of a puzzle, computed once and cached on the puzzle.

    Parameters
    ----------
    puzzle : Puzzle
    method : str, default "auto"
        ``"auto"`` uses the engine :func:`lightsout_graphs.algorithms.planner.plan` picks (light chasing
        for 2-D grids and tori, the general Z_k engine otherwise); ``"general"`` forces the general engine; ``"chasing"`` forces light chasing
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
    from lightsout_graphs.algorithms import planner

    key = f"factorization:{method}"
    return _CACHE.get(puzzle, key, lambda: planner.factorize(puzzle, method=method))


def _rhs(puzzle: Puzzle, state: StateLike, target: StateLike | None) -> tuple[np.ndarray, ...]:
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


@checks_puzzle
def solve(
    puzzle: Puzzle,
    state: StateLike = 0,
    target: StateLike | None = None,
    *,
    minimize: bool = False,
    max_enumerate: int = 2**24,
    time_limit: float = 120.0,
    progress: bool = False,
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
    progress : bool, default False
        With ``minimize``: show a tqdm bar of the seconds the search has spent out of
        ``time_limit``, and which search runs (on standard error, or a widget in a notebook).

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
        ``minimize`` that is not True or False, or ``minimize=True`` with a
        ``max_enumerate`` that is not an int, or a ``time_limit`` that is not a number of
        seconds > 0.
    KeyboardInterrupt
        Ctrl-C during CP-SAT raises :class:`lightsout_graphs.algorithms.minimum.MinimumInterrupted`; its
        ``solution`` attribute holds the best :class:`Solution` found so far.

    Examples
    --------
    >>> p = lo.grid(5, 5)
    >>> sol = lo.solve(p, 0, target=1, minimize=True)
    >>> sol.num_presses, sol.num_solutions, sol.optimal
    (15, 4, True)
    >>> sol.verify()
    True
    >>> try:
    ...     lo.solve(p, {(0, 0): 1})
    ... except lo.Unsolvable as err:
    ...     print(sum(err.certificate.values()) > 0, err.value)
    True 1
    """
    if not isinstance(minimize, bool | np.bool_):
        msg = f"Argument 'minimize' must be True or False, not {minimize!r}."
        raise SearchLimitError(msg)
    # The engine first: it refuses a board over the memory budget before any vector is made.
    engine = factorization(puzzle)
    s, t, rhs = _rhs(puzzle, state, target)
    if minimize:
        require_int(max_enumerate, "max_enumerate", minimum=0, error=SearchLimitError)
        require_seconds(time_limit)
    x = engine.solve(rhs)
    if x is None:
        y = engine.certificate(rhs)
        assert y is not None
        cert = {node: int(c) for node, c in zip(puzzle.lights, y, strict=True) if int(c)}
        value = int(np.dot(np.asarray(y, dtype=object), rhs.astype(object)) % puzzle.modulus)
        words = describe_certificate(puzzle, cert, value)
        msg = f"The board cannot reach the target: {words}."
        raise Unsolvable(msg, certificate=cert, value=value)
    method = engine.method
    optimal = False
    proof = None
    lower_bound = None

    def make(vec: np.ndarray) -> Solution:
        return Solution(
            puzzle=puzzle,
            state=s,
            target=t,
            vector=puzzle.full_presses(vec),
            num_quiet_patterns=int(engine.kernel_size),
            engine=engine,
            method=method,
            optimal=optimal,
            proof=proof,
            lower_bound=lower_bound,
        )

    if minimize:
        from lightsout_graphs.algorithms.minimum import MinimumInterrupted, fewest_presses

        start, generators, widen, folded = _search_space(puzzle, np.asarray(x), engine)
        try:
            with seconds_bar(progress, f"fewest presses of {puzzle.n} lights", time_limit):
                best = fewest_presses(
                    start,
                    generators,
                    puzzle.modulus,
                    max_enumerate=max_enumerate,
                    time_limit=time_limit,
                )
        except MinimumInterrupted as err:
            if err.best is not None:
                proof, lower_bound = err.best.proof + folded, err.best.lower_bound
                err.solution = make(widen(err.best.vector))
            raise
        x, proof, optimal, lower_bound = best.vector, best.proof, best.optimal, best.lower_bound
        x, proof = widen(x), proof + folded
    return make(np.asarray(x))


def _search_space(
    puzzle: Puzzle, x: np.ndarray, engine: Factorization
) -> tuple[np.ndarray, list[tuple[np.ndarray, int]], Callable[[np.ndarray], np.ndarray], str]:
    """The solution and quiet patterns the fewest-press search runs over, the way back, a note.

    Buttons that change no light, or change the lights as an earlier button does, are never
    needed (:mod:`~lightsout_graphs.algorithms.buttons`): the search runs over one button per
    effect, with the solution's presses moved onto it, and its answer is widened with zeros.
    K7 modulo 30 has 30**6 solutions to every board; over its one distinct button, one.
    """

    def same(v: np.ndarray) -> np.ndarray:
        return v

    if engine.kernel_size == 1:  # no quiet pattern, so no idle or repeated button
        return x, engine.kernel(), same, ""
    from lightsout_graphs.algorithms.buttons import button_classes, fold_presses
    from lightsout_graphs.core.zk import dispatch

    k = puzzle.modulus
    owner = button_classes(puzzle)
    kept = np.flatnonzero(owner == np.arange(owner.size))
    if kept.size == owner.size:
        return x, engine.kernel(), same, ""

    def widen(v: np.ndarray) -> np.ndarray:
        full = np.zeros(owner.size, dtype=np.int64)
        full[kept] = v
        return full

    start = fold_presses(x, owner, k)[kept]
    note = (
        f", over one button per effect ({owner.size - kept.size} of the {owner.size} buttons "
        "change no light or repeat another button's effect, and are never needed)"
    )
    if kept.size == 0:
        return start, [], widen, note
    return start, dispatch.kernel(puzzle.press_matrix().tocsc()[:, kept], k), widen, note


@checks_puzzle
def is_solvable(puzzle: Puzzle, state: StateLike = 0, target: StateLike | None = None) -> bool:
    """Whether some presses take ``state`` to ``target``.

    Parameters
    ----------
    puzzle : Puzzle
    state, target : StateLike
        The board and the goal, as :func:`solve` takes them.

    Returns
    -------
    bool

    Examples
    --------
    >>> p = lo.grid(5, 5)
    >>> lo.is_solvable(p, {(0, 0): 1}), lo.is_solvable(p, 0, target=1)
    (False, True)
    """
    engine = factorization(puzzle)
    _, _, rhs = _rhs(puzzle, state, target)
    return bool(engine.is_solvable(rhs))
