"""One place that picks the engine for every question about a puzzle, with its estimated cost.

Every entry point asks here: :func:`lightsout_graphs.solve` and everything built on a
factorisation (analysis, sampling, solution counts and enumeration, fewest presses, the
covering searches) through :func:`factorize`; :func:`lightsout_graphs.analyze` through
:func:`counts`; the symmetry search through :func:`box_shape`; every sweep column through
:func:`sweep_column_engine`. The choice reads the puzzle's **structure**
(:attr:`lightsout_graphs.Puzzle.structure`: a lattice, a product of factors or a general
graph), its modulus, its size and the memory budget, never the name of the family that built
it. :func:`plan` says which engine a question goes to and what it is expected to cost, without
running it; a refusal is raised from the same estimate, before anything is allocated, and it
names the cheaper route.

The engines, by question:

``solve`` (one board or many, rank, quiet patterns, counting and enumerating solutions)
    ``chasing`` (a 2-D box lattice of the four axis neighbours, closed or open rule, any k),
    ``wrapped-chasing`` (the same with wrapped axes: tori and cylinders, sides >= 3), or the
    general elimination of :mod:`lightsout_graphs.core.zk` (its engine names:
    :data:`lightsout_graphs.core.zk.METHODS`).
``counts`` (rank, nullity and the number of solvable boards)
    ``polynomial`` (2-D grids over a prime), ``product formula`` (products of paths, cycles,
    complete graphs and small graphs over a prime), else the ``solve`` engine.
``symmetry``
    ``box isometries`` for box lattices of the axis stencil, else ``automorphisms``.
``gods`` (God's number, see :func:`gods_methods`)
    ``breadth-first search`` over few solvable boards, else ``covering`` (the covering radius
    of the quiet-pattern code), then the search again within ``max_states``.
``lit_only`` (see :func:`lit_only_method`)
    ``closed`` or ``open`` (the theorems, polynomial time) where their hypotheses hold, else
    ``search`` (breadth-first over the boards).
``minimum`` (fewest presses among the solutions, see :func:`minimum_engine`)
    ``enumeration``, ``split search`` or ``cp-sat``, from the size of the solution coset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core.errors import (
    EngineError,
    InvalidPuzzleError,
    MemoryBudgetError,
    TimeBudgetError,
)
from lightsout_graphs.core.structure import Lattice, Product
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.representation.puzzle import Puzzle, check_puzzle

__all__ = [
    "COLUMN_KINDS",
    "GF2_TABLE_LIMIT",
    "LIT_ONLY_METHODS",
    "MAX_GENERAL_ENTRIES",
    "MAX_GENERAL_LIGHTS",
    "ODD_TABLE_LIMIT",
    "QUESTIONS",
    "QUICK_SEARCH",
    "Plan",
    "box_shape",
    "counts",
    "factorize",
    "gods_methods",
    "lit_only_method",
    "minimum_engine",
    "plan",
    "sweep_column_engine",
    "table_applies",
]

#: The questions :func:`plan` answers.
QUESTIONS: tuple[str, ...] = ("solve", "counts", "symmetry", "lit_only")

#: The most lights the general engine is asked to factorise (a 300×300 torus, 90,000 lights,
#: takes about 50 s and 3 GB on 2 cores): beyond it the time, not the memory, is the limit.
MAX_GENERAL_LIGHTS = 100_000

#: The most toggle-matrix entries the general engine is asked to factorise.
MAX_GENERAL_ENTRIES = 2**24

#: The sweep families whose columns come from a nullity table (see :func:`sweep_column_engine`).
_TABLE_FAMILIES = ("grid", "torus", "cylinder", "rook")

#: What the planner computes per puzzle (see :mod:`lightsout_graphs.core._cache`).
_CACHE = PuzzleCache()

#: Word operations per second assumed by the time estimates (one core, bitset elimination).
_WORD_OPS = 2e9
#: The share of a word operation one entry operation of an engine costs (1 when not listed):
#: bitsets and FLINT's GF(p) LU do 64 at once; ``flint-local`` (several dense products per
#: power of p) about 3 (2000 × 2000 over Z/9 in about 2 s).
_PER_WORD = {"gf2": 1 / 64, "z4": 1 / 64, "gf3": 1 / 64, "flint": 1 / 64, "flint-local": 1 / 3}


@dataclass(frozen=True)
class Plan:
    """Which engine answers a question about a puzzle, and what it is expected to cost.

    Attributes
    ----------
    question : str
        One of :data:`QUESTIONS`.
    engine : str
        The engine's name, as it appears in ``Solution.method`` and ``Analysis.method``.
    seconds : float
        A rough estimate of the time on one core (an order of magnitude, not a promise).
    memory : int
        An estimate of the peak memory in bytes.
    reason : str
        Why this engine, in words.

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> from lightsout_graphs.algorithms.planner import plan
    >>> plan(lo.grid(1000, 1000)).engine
    'chasing'
    >>> plan(lo.torus(1999, 2001), "counts").engine
    'product formula'
    """

    question: str
    engine: str
    seconds: float
    memory: int
    reason: str

    def __repr__(self) -> str:
        return (
            f"<Plan {self.question}: {self.engine}, about {_seconds(self.seconds)} and "
            f"{_bytes(self.memory)}; {self.reason}>"
        )


def _seconds(s: float) -> str:
    return f"{s:.2g} s" if s >= 0.01 else "milliseconds"


def _bytes(x: int) -> str:
    if x >= 2**30:
        return f"{x / 2**30:.1f} GiB"
    return f"{x / 2**20:.0f} MiB" if x >= 2**20 else f"{max(x, 1) // 1024 + 1} KiB"


# -- what the structure allows -------------------------------------------------------------------


def _plain(puzzle: Puzzle) -> bool:
    """Every node pressable and a light, its structure under the closed or open rule."""
    rule = getattr(puzzle.structure, "rule", None)
    return puzzle.all_pressable and puzzle.all_lights and rule in ("closed", "open")


def _lattice(puzzle: Puzzle) -> Lattice | None:
    structure = puzzle.structure
    return structure if isinstance(structure, Lattice) and _plain(puzzle) else None


def _product(puzzle: Puzzle) -> Product | None:
    """The puzzle as a product of factors (lattices of the axis stencil included), or None."""
    if not _plain(puzzle):
        return None
    structure = puzzle.structure
    if isinstance(structure, Lattice):
        return structure.as_product()
    return structure if isinstance(structure, Product) else None


def _chaser_shape(puzzle: Puzzle) -> tuple[int, int, tuple[bool, bool]] | None:
    """``(m, n, wrap)`` when light chasing applies: a 2-D box of the axis stencil."""
    lattice = _lattice(puzzle)
    if lattice is None or len(lattice.shape) != 2 or not lattice.is_axis_stencil:
        return None
    m, n = lattice.shape
    wrap = (bool(lattice.wrap[0]), bool(lattice.wrap[1]))
    if (wrap[0] and m < 3) or (wrap[1] and n < 3):
        return None
    return m, n, wrap


def _prime(k: int) -> bool:
    from lightsout_graphs.core import zk

    return k < 2**31 and zk.is_prime(k)


# -- cost estimates --------------------------------------------------------------------------------


def _chasing_cost(m: int, n: int, k: int, wrap: tuple[bool, bool]) -> tuple[float, int]:
    """Light chasing: the engine's own memory estimate (board-sized arrays and the small
    system of the first row), and a rough time."""
    from lightsout_graphs.representation.grids.chase_base import chase_memory

    width = min(m, n)
    across = wrap[1] if n <= m else wrap[0]  # the wrapped direction along the chased rows
    unknowns = width * (2 if across else 1)
    memory = chase_memory(m * n, unknowns, unknowns, k)
    seconds = (m * n * width * (1 / 64 if k == 2 else 1)) / _WORD_OPS + m * n / 5e7
    return seconds, memory


def _general_engines(puzzle: Puzzle) -> list[tuple[str, int]]:
    """The zk engine of each prime-power part of k, as the general engine will pick them."""
    from lightsout_graphs.core import zk

    lights, presses = len(puzzle.lights), len(puzzle.pressable)
    nonzeros = 2 * puzzle.number_of_edges() + puzzle.n
    return zk.component_engines((lights, presses), nonzeros, puzzle.modulus)


def _general_cost(puzzle: Puzzle) -> tuple[float, int, list[tuple[str, int]]]:
    from lightsout_graphs.core import zk

    m, n = len(puzzle.lights), len(puzzle.pressable)
    engines = _general_engines(puzzle)
    memory = zk.estimate_memory((m, n), puzzle.modulus, engines)
    per_word = max((_PER_WORD.get(name, 1.0) for name, _ in engines), default=1.0)
    seconds = m * n * min(m, n) * per_word / _WORD_OPS
    return seconds, memory, engines


# -- the plans --------------------------------------------------------------------------------------


def _solve_plan(puzzle: Puzzle) -> Plan:
    k = puzzle.modulus
    shape = _chaser_shape(puzzle)
    if shape is not None:
        m, n, wrap = shape
        seconds, memory = _chasing_cost(m, n, k, wrap)
        if any(wrap):
            return Plan(
                "solve", "wrapped-chasing", seconds, memory, "a 2-D lattice with wrapped sides"
            )
        return Plan("solve", "chasing", seconds, memory, "a 2-D box lattice")
    seconds, memory, engines = _general_cost(puzzle)
    names = " + ".join(dict.fromkeys(name for name, _ in engines))
    return Plan("solve", names, seconds, memory, "the general elimination over Z_k")


def _counts_plan(puzzle: Puzzle) -> Plan:
    k = puzzle.modulus
    if _prime(k):
        shape = _chaser_shape(puzzle)
        if shape is not None and not any(shape[2]):
            return Plan("counts", "polynomial", 1e-3, 2**20, "a 2-D grid over a prime")
        if _formula_nullity(puzzle) is not None:
            return Plan(
                "counts", "product formula", 1e-2, 2**22, "a product of known factors over a prime"
            )
    solve = _solve_plan(puzzle)
    return Plan("counts", solve.engine, solve.seconds, solve.memory, solve.reason)


def _symmetry_plan(puzzle: Puzzle) -> Plan:
    if box_shape(puzzle) is not None:
        return Plan("symmetry", "box isometries", 1e-3, 2**20, "a box lattice of the axis stencil")
    n = puzzle.n
    return Plan("symmetry", "automorphisms", n * n / 1e7, 64 * n * n, "a general graph")


def _lit_only_plan(puzzle: Puzzle) -> Plan:
    found = lit_only_method(puzzle)
    n = puzzle.n
    if found == "search":
        states = puzzle.modulus ** min(n, 64)
        return Plan("lit_only", "search", states / 1e7, 16 * states, "no theorem applies")
    reason = f"the {found}-rule theorem (modulus 2, symmetric toggle matrix)"
    if found == "open":
        reason = (
            "the open-rule classification (modulus 2, symmetric toggle matrix): per "
            "component, tokens on the root of a line graph of a multigraph, else the level "
            "sets of the invariants (an induced graph of type E6, checked)"
        )
    return Plan("lit_only", found, n**3 / 1e9, 8 * n * n, reason)


_PLANS: dict[str, Callable[[Puzzle], Plan]] = {
    "solve": _solve_plan,
    "counts": _counts_plan,
    "symmetry": _symmetry_plan,
    "lit_only": _lit_only_plan,
}


def plan(puzzle: Puzzle, question: str = "solve") -> Plan:
    """Which engine answers ``question`` about ``puzzle``, with its estimated time and memory.

    Nothing is computed but the estimate: the toggle matrix is not built.

    Parameters
    ----------
    puzzle : Puzzle
    question : str, default "solve"
        One of :data:`QUESTIONS`: ``"solve"`` (solving boards, rank, quiet patterns,
        counting solutions), ``"counts"`` (what :func:`lightsout_graphs.analyze` reports),
        ``"symmetry"``, ``"lit_only"`` (clearing or reaching a board by lit-only presses).

    Returns
    -------
    Plan

    Raises
    ------
    InvalidPuzzleError
        For an unknown question.

    Examples
    --------
    >>> import networkx as nx
    >>> import lightsout_graphs as lo
    >>> plan(lo.grid(5, 5)).engine, plan(lo.torus(5, 5, modulus=3)).engine
    ('chasing', 'wrapped-chasing')
    >>> plan(lo.Puzzle(nx.petersen_graph(), modulus=6)).engine
    'gf2 + flint'
    >>> plan(lo.product(nx.cycle_graph(9), nx.cycle_graph(7)), "counts").engine
    'product formula'
    >>> plan(lo.grid(8, 8), "symmetry").engine
    'box isometries'
    >>> plan(lo.grid(20, 20), "lit_only").engine, plan(lo.grid(3, 3, modulus=3), "lit_only").engine
    ('closed', 'search')
    """
    check_puzzle(puzzle)
    if not isinstance(question, str) or question not in _PLANS:
        msg = f"Argument 'question' must be one of {', '.join(QUESTIONS)}, not {question!r}."
        raise InvalidPuzzleError(msg)
    return _PLANS[question](puzzle)


# -- running the plans ------------------------------------------------------------------------------


def factorize(puzzle: Puzzle, *, method: str = "auto") -> Factorization:
    """Factorise a puzzle's press matrix with the engine :func:`plan` picks for ``"solve"``.

    Parameters
    ----------
    puzzle : Puzzle
    method : {"auto", "general", "chasing"}, default "auto"
        ``"general"`` forces the general elimination; ``"chasing"`` forces light chasing and
        refuses puzzles that are not 2-D lattices of the axis stencil.

    Returns
    -------
    Factorization

    Raises
    ------
    InvalidPuzzleError
        For an unknown method, ``"chasing"`` where it does not apply, or a general
        elimination beyond :data:`MAX_GENERAL_LIGHTS` lights.
    MemoryBudgetError
        When the chosen engine's estimate is over the memory budget.

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> f = factorize(lo.grid(5, 5))
    >>> f.method, f.rank, f.kernel_size
    ('chasing', 23, 4)
    >>> factorize(lo.grid(5, 5), method="general").method
    'gf2-python'
    """
    check_puzzle(puzzle)
    try:
        return _factorize(puzzle, method)
    except TimeBudgetError as err:
        msg = f"This puzzle ({puzzle.n} lights, modulus {puzzle.modulus}): {err}"
        raise TimeBudgetError(msg, err.seconds, err.budget) from err


def _factorize(puzzle: Puzzle, method: str) -> Factorization:
    from lightsout_graphs.core import zk
    from lightsout_graphs.representation.grids.chasing import GridChaser
    from lightsout_graphs.representation.grids.wrapped import WrappedChaser

    check_puzzle(puzzle)
    if not isinstance(method, str) or method not in ("auto", "general", "chasing"):
        msg = f"Argument 'method' must be 'auto', 'general' or 'chasing', not {method!r}."
        raise InvalidPuzzleError(msg)
    shape = _chaser_shape(puzzle) if method != "general" else None
    if shape is None and method == "chasing":
        msg = (
            "Light chasing needs a 2-D grid puzzle with the closed or open rule, or a 2-D "
            "torus with sides >= 3."
        )
        raise InvalidPuzzleError(msg)
    if shape is not None:
        m, n, wrap = shape  # each chaser refuses a board over the budget before allocating
        rule = puzzle.structure.rule  # type: ignore[union-attr]
        if not any(wrap):
            return GridChaser(m, n, modulus=puzzle.modulus, rule=rule)
        wrapped = WrappedChaser.for_lattice(m, n, puzzle.modulus, rule, wrap)
        if wrapped is not None:
            return wrapped
    lights, presses = len(puzzle.lights), len(puzzle.pressable)
    edges = puzzle.number_of_edges()
    entries = 2 * edges + puzzle.n
    if max(lights, presses) > MAX_GENERAL_LIGHTS or entries > MAX_GENERAL_ENTRIES:
        what = (
            f"{max(lights, presses)} lights"
            if max(lights, presses) > MAX_GENERAL_LIGHTS
            else f"{entries} toggle entries"
        )
        msg = (
            f"The puzzle has {what}, more than the {MAX_GENERAL_LIGHTS} lights or "
            f"{MAX_GENERAL_ENTRIES} entries the general elimination engine takes here (its "
            "time grows about as n**1.5 to n**3); 2-D grids and tori (lo.grid(m, n), "
            "lo.torus(m, n); CLI: lightsout solve grid --shape MxN) are solved by light "
            "chasing at any size, and lo.analyze answers grids and products of paths, cycles "
            "and complete graphs from formulas; other puzzles need a smaller board."
        )
        raise InvalidPuzzleError(msg)
    try:
        return zk.factorize(puzzle.press_matrix(), puzzle.modulus)
    except MemoryBudgetError as err:
        msg = (
            f"This puzzle ({puzzle.n} lights, modulus {puzzle.modulus}) is too large for the "
            f"general engine: {err} Faster routes: light chasing, used automatically for 2-D "
            "grids and tori with the closed or open rule (lo.grid, lo.torus); lo.analyze for "
            "grid and product nullities; or a smaller board."
        )
        raise MemoryBudgetError(msg, err.needed, err.budget) from err


def _formula_nullity(puzzle: Puzzle) -> int | None:
    """The nullity of a product over a prime from the product formula, or None where no
    formula applies cheaply (kept per puzzle: :func:`plan` and :func:`counts` share it)."""
    from lightsout_graphs.representation.products.fast import product_structure_nullity

    def compute() -> int | None:
        product = _product(puzzle)
        if product is None:
            return None
        return product_structure_nullity(product, puzzle.modulus, puzzle.n)

    return _CACHE.get(puzzle, "formula nullity", compute)


def counts(puzzle: Puzzle) -> tuple[int | None, str]:
    """The nullity over a prime from a formula, with the formula's name, where one applies.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    (int or None, str)
        ``(nullity, "polynomial")`` for 2-D grids over a prime, ``(nullity, "product
        formula")`` for products of known factors over a prime, else ``(None, engine)`` with
        the engine :func:`factorize` will use: then the caller factorises.

    Examples
    --------
    >>> import networkx as nx
    >>> import lightsout_graphs as lo
    >>> counts(lo.grid(5, 5)), counts(lo.product(nx.cycle_graph(5), nx.cycle_graph(5)))
    ((2, 'polynomial'), (8, 'product formula'))
    >>> counts(lo.Puzzle(nx.petersen_graph()))
    (None, 'gf2')
    """
    check_puzzle(puzzle)
    chosen = _counts_plan(puzzle)
    k = puzzle.modulus
    if chosen.engine == "polynomial":
        from lightsout_graphs.representation.grids.polynomials import nullity as grid_nullity

        shape = _chaser_shape(puzzle)
        assert shape is not None
        rule = puzzle.structure.rule  # type: ignore[union-attr]
        return grid_nullity(shape[0], shape[1], modulus=k, rule=rule), "polynomial"
    if chosen.engine == "product formula":
        nullity = _formula_nullity(puzzle)
        assert nullity is not None
        return nullity, "product formula"
    return None, chosen.engine


def minimum_engine(
    orders: list[int], modulus: int, *, max_enumerate: int, split_limit: int
) -> Plan:
    """The engine that proves the fewest presses among the solutions of a coset.

    Parameters
    ----------
    orders : list of int
        The additive order of each quiet-pattern generator (the coset has their product
        many solutions).
    modulus : int
    max_enumerate : int
        The largest coset the grouped transform enumerates (its table is k counts wide for
        2 < k <= 64).
    split_limit : int
        The most generators the GF(2) split search takes.

    Returns
    -------
    Plan
        ``"enumeration"`` (the grouped transform over the whole coset, exact),
        ``"split search"`` (GF(2) branch and bound over two halves of the generators) or
        ``"cp-sat"`` (ortools' CP-SAT over the generators' coefficients).

    Examples
    --------
    >>> minimum_engine([2] * 10, 2, max_enumerate=2**24, split_limit=40).engine
    'enumeration'
    >>> minimum_engine([2] * 30, 2, max_enumerate=2**24, split_limit=40).engine
    'split search'
    >>> minimum_engine([3] * 30, 3, max_enumerate=2**24, split_limit=40).engine
    'cp-sat'
    """
    from lightsout_graphs.core import zk

    size = 1
    for order in orders:
        size *= int(order)
    wide = modulus if 2 < modulus <= 64 else 1
    table = size * wide * 32
    if size == 1:  # one solution: nothing to search
        return Plan("minimum", "enumeration", 0.0, 64, "the board has one solution")
    if size * wide <= max_enumerate and table <= zk.memory_budget():
        seconds = size * wide / 2e8
        return Plan("minimum", "enumeration", seconds, table, "the coset fits the transform")
    if modulus == 2 and len(orders) <= split_limit:
        half = 2 ** ((len(orders) + 1) // 2)
        return Plan("minimum", "split search", half / 1e7, 32 * half, "GF(2), few generators")
    return Plan("minimum", "cp-sat", float("nan"), 2**28, "the coset is too large to enumerate")


#: Puzzles with at most this many solvable boards get their God's number by breadth-first
#: search first (a fraction of a second).
QUICK_SEARCH = 2**16


def gods_methods(image: int, kernel: int, *, max_states: int, max_kernel: int) -> list[str]:
    """The methods that may prove a God's number, in the order to try them.

    Parameters
    ----------
    image : int
        The number of solvable boards.
    kernel : int
        The number of quiet patterns.
    max_states : int
        The most boards the breadth-first search may enumerate.
    max_kernel : int
        The most quiet patterns the covering programmes accept.

    Returns
    -------
    list of str
        Among ``"breadth-first search"`` (every solvable board, by depth) and ``"covering"``
        (the covering radius of the quiet-pattern code: averaging, the Walsh spectrum and
        integer programmes), cheapest first; empty when none fits the limits.

    Examples
    --------
    >>> gods_methods(2**10, 4, max_states=2**24, max_kernel=2**40)
    ['breadth-first search']
    >>> gods_methods(2**79, 4, max_states=2**24, max_kernel=2**40)
    ['covering']
    >>> gods_methods(2**20, 2**50, max_states=2**24, max_kernel=2**40)
    ['breadth-first search']
    """
    if image <= min(max_states, QUICK_SEARCH):
        return ["breadth-first search"]
    out = ["covering"] if kernel <= max_kernel else []
    if image <= max_states:
        out.append("breadth-first search")
    return out


#: The ``method`` arguments of the lit-only functions.
LIT_ONLY_METHODS: tuple[str, ...] = ("auto", "theory", "search")


def _lit_only_theory(puzzle: Puzzle) -> str:
    """``"closed"``, ``"open"`` or ``""``: which proved lit-only theory the toggle matrix falls
    under (modulus 2, every node a pressable light, symmetric, with unit or zero diagonal)."""
    import numpy as np
    import scipy.sparse as sp

    if puzzle.modulus != 2 or not (puzzle.all_lights and puzzle.all_pressable):
        return ""
    m = sp.csr_array(puzzle.toggle_matrix()).astype(np.int64)
    m.data %= 2
    m.eliminate_zeros()
    if (m != m.T).count_nonzero():
        return ""
    diagonal = m.diagonal()
    if np.all(diagonal == 1):
        return "closed"
    if np.all(diagonal == 0):
        return "open"
    return ""


def lit_only_method(
    puzzle: Puzzle, method: str = "auto", *, question: str = "solve", clear: bool = True
) -> str:
    """Which method answers a lit-only question: ``"closed"``, ``"open"`` (theory) or ``"search"``.

    The theory applies at modulus 2 when every node is a pressable light and the toggle matrix
    is symmetric: with unit diagonal (closed rule, undirected) for clearing questions
    (``clear=True``: the target is dark), with zero diagonal (open rule) for reachability
    (``question="solve"``), orbits and the boards that reach a target (``question="states"``,
    the target's orbit). Under the open rule the theory then works per connected
    component: a line graph of a multigraph is a game of tokens on its root, any other
    component has an induced graph of type E6 and its orbits are the level sets of the
    invariants (certificates checked on the graph); a component whose certificate search
    gives up is searched on its own boards. Everything else is searched.

    Parameters
    ----------
    puzzle : Puzzle
    method : {"auto", "theory", "search"}
        ``auto`` takes the theory where it applies; ``theory`` raises where it does not.
    question : {"solve", "states"}
        One board to another, or every board that reaches a target.
    clear : bool
        Whether the target is the dark board.

    Returns
    -------
    str

    Raises
    ------
    EngineError
        An unknown method, or ``method="theory"`` where no theorem applies.

    Examples
    --------
    >>> import networkx as nx
    >>> import lightsout_graphs as lo
    >>> lit_only_method(lo.grid(3, 3)), lit_only_method(lo.grid(3, 3), clear=False)
    ('closed', 'search')
    >>> lit_only_method(lo.Puzzle(nx.path_graph(3), rule="open"))
    'open'
    >>> lit_only_method(lo.grid(3, 3, modulus=3))
    'search'
    """
    check_puzzle(puzzle)
    if not isinstance(question, str) or question not in ("solve", "states"):
        msg = f"Argument 'question' must be 'solve' or 'states', not {question!r}."
        raise EngineError(msg)
    if not isinstance(clear, bool):
        msg = f"Argument 'clear' must be True or False, not {clear!r}."
        raise EngineError(msg)
    if not isinstance(method, str) or method not in LIT_ONLY_METHODS:
        msg = f"Unknown lit-only method {method!r}; use one of {', '.join(LIT_ONLY_METHODS)}."
        raise EngineError(msg)
    if method == "search":
        return "search"
    found = _lit_only_theory(puzzle)
    if found == "closed" and not clear:
        found = ""
    if found:
        return found
    if method == "theory":
        msg = (
            "No lit-only theorem covers this question: the theory needs modulus 2, every node a "
            "pressable light, a symmetric toggle matrix, and either the closed rule with the dark "
            "target or the open rule; use method='search'."
        )
        raise EngineError(msg)
    return "search"


def box_shape(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The side lengths when the puzzle is a box lattice whose symmetries are geometric.

    A box of the axis stencil without wrapping, under the closed or open rule: its toggle
    matrix is preserved by every isometry of the box, so the symmetry search enumerates those
    instead of the graph's automorphisms.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    tuple of int or None

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> box_shape(lo.grid(3, 4)), box_shape(lo.torus(3, 4)), box_shape(lo.king(3))
    ((3, 4), None, None)
    """
    lattice = puzzle.structure
    if not isinstance(lattice, Lattice) or puzzle.rule not in ("closed", "open"):
        return None
    if not lattice.is_axis_stencil or any(lattice.wrap):
        return None
    return lattice.shape


#: Above this many sides, odd-prime nullity tables are not used (an M×M table over an odd prime
#: takes about 2 s at M = 500 and grows like M² log M); GF(2) tables go to
#: :data:`GF2_TABLE_LIMIT`.
ODD_TABLE_LIMIT = 2048
#: The largest side of a GF(2) nullity table a sweep reads.
GF2_TABLE_LIMIT = 16384

#: The kinds of sweep column :func:`sweep_column_engine` tells apart.
COLUMN_KINDS: tuple[str, ...] = ("counts", "size", "all_on", "search", "custom", "other")


def table_applies(size: int, modulus: int, rule: str) -> bool:
    """Whether an M×M nullity table answers the count columns of a sweep up to ``size``.

    Examples
    --------
    >>> table_applies(500, 3, "closed"), table_applies(500, 4, "closed")
    (True, False)
    """
    limit = GF2_TABLE_LIMIT if modulus == 2 else ODD_TABLE_LIMIT
    return rule in ("closed", "open") and _prime(modulus) and size <= limit


def sweep_column_engine(
    family: str | None,
    kind: str,
    modulus: int,
    rule: str,
    size: int | None,
    *,
    compiled: bool = False,
) -> str:
    """The engine of one sweep column for one modulus and rule, as the manifest records it.

    A sweep names its family by name (its spec is text), so this is the one place that reads
    family names to choose an engine: grids, tori and cylinders of two sides ``m``, ``n`` and
    rook boards have nullity tables over every prime (:func:`lightsout_graphs.nullity_table`),
    grids count their lights and edges by formula and chase the all-on board.

    Parameters
    ----------
    family : str or None
        The sweep's family name (None for a graph stream).
    kind : str
        One of :data:`COLUMN_KINDS`: ``"counts"`` (rank, nullity and the counts that follow),
        ``"size"`` (lights and edges), ``"all_on"`` (whether the all-on board is solvable),
        ``"search"`` (fewest presses, God's number...), ``"custom"`` (a metric of your own),
        ``"other"``.
    modulus : int
    rule : str
    size : int or None
        The largest side when the sweep varies exactly int ``m`` and ``n``, else None.
    compiled : bool, default False
        For a graph stream: whether the compiled kernel answers its metrics.

    Returns
    -------
    str
        ``"table"``, ``"formula"``, ``"chasing"``, ``"compiled"``, ``"search"``, ``"custom"``
        or ``"general"`` (each puzzle built and analysed through the public API).

    Examples
    --------
    >>> sweep_column_engine("grid", "counts", 3, "closed", 100)
    'table'
    >>> sweep_column_engine("grid", "all_on", 4, "closed", 100)
    'chasing'
    >>> sweep_column_engine("king", "counts", 2, "closed", 100)
    'general'
    >>> sweep_column_engine(None, "counts", 2, "closed", None, compiled=True)
    'compiled'
    """
    if kind not in COLUMN_KINDS:
        msg = f"Argument 'kind' must be one of {', '.join(COLUMN_KINDS)}, not {kind!r}."
        raise InvalidPuzzleError(msg)
    if kind in ("search", "custom"):
        return kind
    if family is None:
        return "compiled" if compiled else "general"
    if size is None or family not in _TABLE_FAMILIES:
        return "general"
    if family == "grid" and kind == "size":
        return "formula"
    if family == "grid" and kind == "all_on":
        return "chasing" if rule in ("closed", "open") else "general"
    if kind == "counts" and table_applies(size, modulus, rule):
        return "table"
    return "general"
