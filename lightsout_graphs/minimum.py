"""Fewest presses, proven: enumerate the solution coset when small, else ask CP-SAT.

Every solution is ``x0 + Σ c_i g_i`` (``0 <= c_i < order_i``) for one solution ``x0`` and the
kernel generators ``g_i``. When that coset is small it is enumerated in full: in Gray-code order
on bit-packed Python ints for k = 2 (one XOR and one popcount per candidate), and in vectorised
mixed-radix batches for other k. Larger cosets go to ortools' CP-SAT, which proves optimality of
a model with one integer variable per press count and one modular equation per light.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from lightsout_graphs.errors import LightsOutError, MissingDependencyError
from lightsout_graphs.puzzle import Puzzle

__all__ = ["MinimumResult", "cpsat_minimum", "enumerate_minimum", "fewest_presses"]

_BATCH = 1 << 15


@dataclass(frozen=True)
class MinimumResult:
    """A press vector (over the pressable nodes) with the fewest presses, and how it was proved.

    Attributes
    ----------
    vector : numpy.ndarray
        Press counts over ``puzzle.pressable``.
    num_presses : int
        Their sum.
    proof : str
        ``"enumeration of N solutions"`` or ``"CP-SAT (optimal)"``.
    """

    vector: np.ndarray
    num_presses: int
    proof: str


def _to_int(v: np.ndarray) -> int:
    out = 0
    for i in np.flatnonzero(v):
        out |= 1 << int(i)
    return out


def _from_int(x: int, n: int) -> np.ndarray:
    v = np.zeros(n, dtype=np.int64)
    i = 0
    while x:
        if x & 1:
            v[i] = 1
        x >>= 1
        i += 1
    return v


def enumerate_minimum(
    x0: np.ndarray, generators: list[tuple[np.ndarray, int]], modulus: int
) -> MinimumResult:
    """Search the whole coset ``x0 + span(generators)`` for the fewest presses.

    Parameters
    ----------
    x0 : numpy.ndarray
        One solution.
    generators : list of (numpy.ndarray, int)
        Kernel generators with their additive orders (a direct sum, as the zk engines return).
    modulus : int

    Returns
    -------
    MinimumResult

    Examples
    --------
    >>> x0 = np.array([1, 1, 0])
    >>> enumerate_minimum(x0, [(np.array([1, 1, 1]), 2)], 2).vector.tolist()
    [0, 0, 1]
    """
    n = len(x0)
    size = math.prod(int(o) for _, o in generators)
    if modulus == 2:
        gens = [_to_int(np.asarray(g)) for g, _ in generators]
        cur = _to_int(np.asarray(x0))
        best, best_w = cur, cur.bit_count()
        for i in range(1, size):
            cur ^= gens[(i & -i).bit_length() - 1]
            w = cur.bit_count()
            if w < best_w:
                best, best_w = cur, w
        vec = _from_int(best, n)
    else:
        orders = np.array([int(o) for _, o in generators], dtype=np.int64)
        # Large moduli: sums of products of residues would overflow int64, so use exact ints.
        exact = modulus * (n + int(orders.sum()) + 1) >= 2**63
        dtype = object if exact else np.int64
        g = (
            np.array([np.asarray(v, dtype=np.int64) for v, _ in generators], dtype=dtype)
            if generators
            else np.zeros((0, n), dtype=dtype)
        )
        base = np.asarray(x0, dtype=np.int64).astype(dtype) % modulus
        vec, best_w = base, int(base.sum())
        for start in range(0, size, _BATCH):
            idx = np.arange(start, min(size, start + _BATCH), dtype=np.int64).astype(dtype)
            coeffs = np.empty((len(idx), len(orders)), dtype=dtype)
            rest = idx.copy()
            for j, o in enumerate(orders):
                coeffs[:, j] = rest % o
                rest //= o
            cand = (base + (coeffs @ g) % modulus) % modulus
            weights = cand.sum(axis=1)
            j = int(np.argmin(weights))
            if int(weights[j]) < best_w:
                vec, best_w = cand[j], int(weights[j])
    return MinimumResult(
        vector=np.asarray(vec, dtype=np.int64),
        num_presses=int(np.asarray(vec).sum()),
        proof=(
            "enumeration of the only solution"
            if size == 1
            else f"enumeration of all {size} solutions"
        ),
    )


def cpsat_minimum(
    puzzle: Puzzle, rhs: np.ndarray, *, time_limit: float = 120.0, hint: np.ndarray | None = None
) -> MinimumResult:
    """Fewest presses by ortools' CP-SAT: minimise Σ x_u subject to P x ≡ rhs (mod k).

    Parameters
    ----------
    puzzle : Puzzle
    rhs : numpy.ndarray
        ``target − state`` mod k, in node order.
    time_limit : float, default 120
        Seconds allowed to prove optimality.
    hint : numpy.ndarray, optional
        A known solution over the pressable nodes, given to the solver as a starting point.

    Returns
    -------
    MinimumResult

    Raises
    ------
    MissingDependencyError
        When ortools is not installed (``pip install 'lightsout_graphs[cpsat]'``).
    LightsOutError
        When CP-SAT cannot prove optimality within ``time_limit``.

    Examples
    --------
    >>> p = lo.grid(3, 3)
    >>> cpsat_minimum(p, np.ones(9, dtype=np.int64)).num_presses
    5
    """
    try:
        from ortools.sat.python import cp_model
    except ImportError as err:
        msg = (
            "Proving the fewest presses on this board needs ortools' CP-SAT: "
            "pip install 'lightsout_graphs[cpsat]'."
        )
        raise MissingDependencyError(msg) from err
    k = puzzle.modulus
    if k > 2**20:
        msg = f"CP-SAT minimum presses supports moduli up to 2**20, not {k}."
        raise LightsOutError(msg)
    p = puzzle.press_matrix().tocsr()
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, k - 1, f"x{j}") for j in range(p.shape[1])]
    for v in range(p.shape[0]):
        lo_, hi_ = p.indptr[v], p.indptr[v + 1]
        cols, vals = p.indices[lo_:hi_], p.data[lo_:hi_]
        r = int(rhs[v]) % k
        top = int(sum(int(a) for a in vals)) * (k - 1)
        q = model.new_int_var(-((r + k - 1) // k), (top - r) // k, f"q{v}")
        model.add(sum(int(a) * xs[int(c)] for c, a in zip(cols, vals, strict=True)) == r + k * q)
    model.minimize(sum(xs))
    if hint is not None:
        for var, val in zip(xs, hint, strict=True):
            model.add_hint(var, int(val))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = 2
    status = solver.solve(model)
    stopped_early = solver.wall_time < 0.9 * float(time_limit)
    if status in (cp_model.FEASIBLE, cp_model.UNKNOWN) and stopped_early:
        # CP-SAT stops short of its time limit without a proof only when interrupted (its
        # own SIGINT handler ends the search): pass Ctrl-C on instead of blaming the limit.
        raise KeyboardInterrupt
    if status != cp_model.OPTIMAL:
        msg = (
            f"CP-SAT did not prove the fewest presses within {time_limit} s "
            f"(status {solver.status_name(status)}); raise 'time_limit'."
        )
        raise LightsOutError(msg)
    vec = np.array([solver.value(x) for x in xs], dtype=np.int64)
    if not np.array_equal((p @ vec) % k, np.asarray(rhs) % k):  # pragma: no cover - solver bug
        msg = "CP-SAT returned presses that do not solve the board."
        raise LightsOutError(msg)
    return MinimumResult(vector=vec, num_presses=int(vec.sum()), proof="CP-SAT (optimal)")


def fewest_presses(
    puzzle: Puzzle,
    x0: np.ndarray,
    generators: list[tuple[np.ndarray, int]],
    rhs: np.ndarray,
    *,
    max_enumerate: int = 2**20,
    time_limit: float = 120.0,
) -> MinimumResult:
    """The fewest presses among all solutions: enumeration when the coset is small, else CP-SAT.

    Parameters
    ----------
    puzzle : Puzzle
    x0 : numpy.ndarray
        One solution over the pressable nodes.
    generators : list of (numpy.ndarray, int)
        The kernel generators and their orders.
    rhs : numpy.ndarray
        ``target − state`` mod k.
    max_enumerate : int, default 2**20
        Enumerate cosets up to this size.
    time_limit : float, default 120
        Seconds for CP-SAT.

    Returns
    -------
    MinimumResult

    Examples
    --------
    >>> p = lo.grid(4, 4)
    >>> sol = lo.solve(p, 0, target=1)
    >>> best = fewest_presses(
    ...     p,
    ...     sol.vector,
    ...     [(np.array(list(g.values())), 2) for g in sol.kernel],
    ...     np.ones(16, dtype=np.int64),
    ... )
    >>> best.num_presses, best.proof
    (4, 'enumeration of all 16 solutions')
    """
    size = math.prod(int(o) for _, o in generators)
    if size <= max_enumerate:
        return enumerate_minimum(x0, generators, puzzle.modulus)
    return cpsat_minimum(puzzle, rhs, time_limit=time_limit, hint=x0)
