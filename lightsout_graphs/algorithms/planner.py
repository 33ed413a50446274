"""One place that picks the engine for every question about a puzzle, with its estimated cost.

An **engine** is an object that answers one question about the puzzles it applies to
(:class:`Engine`): it says whether it applies (from the puzzle's structure, modulus and size,
never the name of the family that built it), what it costs (one
:class:`~lightsout_graphs.core.zk.cost.Cost`: seconds and bytes, from the one time model of
:mod:`lightsout_graphs.core.zk.cost`) and how to run. The engines of each question are
registered here, in the order they are tried (:func:`register`); :func:`plan` returns the first
that applies, with its cost, and every entry point runs exactly that plan
(:meth:`Plan.run`): :func:`lightsout_graphs.solve` and everything built on a factorisation
through :func:`factorize`, :func:`lightsout_graphs.analyze` through :func:`counts`. The answer's
``method`` is the plan's ``engine``. Work estimated over the time budget
(:func:`lightsout_graphs.core.zk.time_budget`) or the memory budget is refused before it
starts, with the estimate and the setting that raises the budget.

The engines, by question:

``solve`` (one board or many, rank, quiet patterns, counting and enumerating solutions)
    ``chasing`` (a 2-D box lattice of the four axis neighbours, closed or open rule, any k),
    ``wrapped-chasing`` (the same with wrapped axes: tori and cylinders, sides >= 3, k below
    2**31), else the general elimination of :mod:`lightsout_graphs.core.zk`, named by the
    engine that will run (``gf2-python``, ``gf2-packed``, ``gf3``, ``z4``, ``gfp``, ``flint``,
    ``flint-local``, ``local`` or ``crt``; see :data:`lightsout_graphs.core.zk.METHODS`).
``counts`` (rank, nullity and the number of solvable boards)
    ``polynomial`` (2-D grids over a prime), ``product formula`` (products of paths, cycles,
    complete graphs and small graphs over a prime), else the ``solve`` engine.
``symmetry``
    ``box isometries`` for lattices of paths and cycles (grids, tori, cylinders: the group read
    from the factors), else ``automorphisms`` (a graph search, refused over the time budget).
``lit_only`` (see :func:`lit_only_method`)
    ``closed`` or ``open`` (the theorems, polynomial time) where their hypotheses hold, else
    ``search`` (breadth-first over the boards).

Two more choices take numbers, not a puzzle: ``gods`` (God's number, see ``gods_methods``:
``breadth-first search`` over few solvable boards, else ``covering``) and ``minimum`` (fewest
presses among the solutions, see ``minimum_engine``: ``enumeration``, ``split search`` or
``cp-sat``, from the size of the solution coset).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any, cast

from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core.errors import (
    EngineError,
    InvalidPuzzleError,
    MemoryBudgetError,
    TimeBudgetError,
)
from lightsout_graphs.core.structure import Lattice, Product
from lightsout_graphs.core.zk.cost import CALL_SECONDS, ENTRY_OPS, Cost
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.representation.puzzle import Puzzle, checks_puzzle

__all__ = [
    "QUESTIONS",
    "Cost",
    "Engine",
    "Plan",
    "counts",
    "engines",
    "factorize",
    "formula_table",
    "lit_only_method",
    "plan",
    "register",
    "sweep_column_engine",
    "unregister",
]

#: The questions :func:`plan` answers.
QUESTIONS: tuple[str, ...] = ("solve", "counts", "symmetry", "lit_only")

#: The most lights the general engine is asked to factorise (a 300×300 torus, 90,000 lights,
#: takes about 50 s and 3 GB on 2 cores): beyond it the time, not the memory, is the limit.
MAX_GENERAL_LIGHTS = 100_000

#: The most toggle-matrix entries the general engine is asked to factorise.
MAX_GENERAL_ENTRIES = 2**24

#: The families of two sides whose nullity tables come from the product formula
#: (:func:`lightsout_graphs.nullity_table`): sweep columns and ``lightsout table`` read them.
TABLE_FAMILIES: tuple[str, ...] = ("grid", "torus", "cylinder", "rook")

#: Seconds per entry of building a press matrix from the graph (networkx, then scipy).
BUILD_SECONDS_PER_ENTRY = 1e-7

#: What the planner computes per puzzle (see :mod:`lightsout_graphs.core._cache`).
_CACHE = PuzzleCache()


# -- engines and plans -----------------------------------------------------------------------------


class Engine:
    """An engine: the three answers the planner asks of it, for one question.

    Subclass it, set :attr:`name` and :attr:`question`, override :meth:`applies`,
    :meth:`cost` and :meth:`run`, and :func:`register` an instance. ``run`` returns what the
    question's entry point expects: a :class:`~lightsout_graphs.core.zk.Factorization` whose
    ``method`` is the engine's name for ``"solve"``, a nullity (or None to fall back to the
    factorisation) for ``"counts"``.

    Attributes
    ----------
    name : str
        The name the answer's ``method`` carries.
    question : str
        One of :data:`QUESTIONS`.
    reason : str
        Why this engine, in words (shown by :class:`Plan`).

    Examples
    --------
    >>> [e.name for e in engines("counts")][:2]
    ['polynomial', 'product formula']
    >>> engines("solve")[0].applies(lo.grid(3, 3)), engines("solve")[0].applies(lo.king(3))
    (True, False)
    """

    name: str = ""
    question: str = "solve"
    reason: str = ""

    def applies(self, puzzle: Puzzle) -> bool:
        """Whether this engine answers the question for ``puzzle`` (cheap: nothing built).

        Examples
        --------
        >>> engines("solve")[1].applies(lo.torus(5, 5)), engines("solve")[1].applies(lo.grid(5, 5))
        (True, False)
        """
        del puzzle
        return True

    def cost(self, puzzle: Puzzle) -> Cost:
        """The estimated time and peak memory of :meth:`run` on ``puzzle``.

        Examples
        --------
        >>> engines("solve")[0].cost(lo.grid(100, 100)).seconds < 1
        True
        """
        del puzzle
        return Cost(CALL_SECONDS, 2**20)

    def method(self, puzzle: Puzzle) -> str:
        """The name the answer will carry (:attr:`name`, unless the engine names a sub-engine).

        Examples
        --------
        >>> general = engines("solve")[-1]
        >>> general.name, general.method(lo.king(4)), general.method(lo.king(4, modulus=6))
        ('general elimination', 'gf2-python', 'crt')
        """
        del puzzle
        return self.name

    def why(self, puzzle: Puzzle) -> str:
        """Why this engine for ``puzzle``, in words.

        Examples
        --------
        >>> engines("solve")[0].why(lo.grid(3, 3))
        'a 2-D box lattice'
        """
        del puzzle
        return self.reason

    def run(self, puzzle: Puzzle) -> Any:
        """Answer the question for ``puzzle``.

        Examples
        --------
        >>> engines("solve")[0].run(lo.grid(5, 5)).kernel_size
        4
        """
        msg = f"The engine {self.name!r} has no run method."
        raise EngineError(msg)

    def __repr__(self) -> str:
        return f"<Engine {self.question}: {self.name}>"


#: The registered engines of each question, in the order :func:`plan` tries them.
_ENGINES: dict[str, list[Engine]] = {question: [] for question in QUESTIONS}


def register(engine: Engine, *, first: bool = False) -> Engine:
    """Add an engine to its question's list: tried last (the default) or first.

    Parameters
    ----------
    engine : Engine
    first : bool, default False
        Try it before every engine registered so far (a special engine that knows when it
        applies); else after them.

    Returns
    -------
    Engine
        ``engine`` (so that ``register`` can decorate an instance's creation).

    Raises
    ------
    EngineError
        Not an :class:`Engine`, an unknown question, or a name already registered for it.

    Examples
    --------
    >>> class Nothing(Engine):
    ...     name, question = "nothing", "symmetry"
    ...
    ...     def applies(self, puzzle):
    ...         return False
    >>> nothing = register(Nothing())
    >>> engines("symmetry")[-1].name
    'nothing'
    >>> unregister(nothing)
    """
    if not isinstance(engine, Engine):
        msg = f"Only an Engine can be registered, not {engine!r}."
        raise EngineError(msg)
    if engine.question not in _ENGINES:
        msg = f"Engine question must be one of {', '.join(QUESTIONS)}, not {engine.question!r}."
        raise EngineError(msg)
    listed = _ENGINES[engine.question]
    if any(e.name == engine.name for e in listed):
        msg = f"An engine named {engine.name!r} already answers {engine.question!r}."
        raise EngineError(msg)
    if first:
        listed.insert(0, engine)
    else:
        listed.append(engine)
    return engine


def unregister(engine: Engine) -> None:
    """Remove a registered engine (for tests and plug-ins).

    Raises
    ------
    EngineError
        The engine is not registered.

    Examples
    --------
    >>> class Nothing(Engine):
    ...     name, question = "nothing", "lit_only"
    >>> unregister(register(Nothing(), first=True))
    >>> engines("lit_only")[0].name
    'closed'
    """
    listed = _ENGINES.get(getattr(engine, "question", ""), [])
    if engine not in listed:
        msg = f"The engine {engine!r} is not registered."
        raise EngineError(msg)
    listed.remove(engine)


def engines(question: str = "solve") -> tuple[Engine, ...]:
    """The engines registered for a question, in the order :func:`plan` tries them.

    Examples
    --------
    >>> [e.name for e in engines("solve")]
    ['chasing', 'wrapped-chasing', 'general elimination']
    """
    _check_question(question)
    return tuple(_ENGINES[question])


def _check_question(question: object) -> str:
    if not isinstance(question, str) or question not in _ENGINES:
        msg = f"Argument 'question' must be one of {', '.join(QUESTIONS)}, not {question!r}."
        raise InvalidPuzzleError(msg)
    return question


@dataclass(frozen=True)
class Plan:
    """Which engine answers a question about a puzzle, what it is expected to cost, and the run.

    Attributes
    ----------
    question : str
        One of :data:`QUESTIONS`.
    engine : str
        The engine's name, as it appears in ``Solution.method`` and ``Analysis.method``.
    cost : Cost
        A rough estimate of the time on one core (an order of magnitude, not a promise) and
        of the peak memory in bytes.
    reason : str
        Why this engine, in words.

    Examples
    --------
    >>> from lightsout_graphs.algorithms.planner import plan
    >>> plan(lo.grid(1000, 1000)).engine
    'chasing'
    >>> plan(lo.torus(1999, 2001), "counts").engine
    'product formula'
    >>> p = plan(lo.grid(5, 5))
    >>> p.run().method == p.engine, p.seconds == p.cost.seconds, p.memory == p.cost.bytes
    (True, True, True)
    """

    question: str
    engine: str
    cost: Cost
    reason: str
    runner: Engine | None = field(default=None, repr=False, compare=False)
    puzzle: Puzzle | None = field(default=None, repr=False, compare=False)

    @property
    def seconds(self) -> float:
        """The estimated seconds (``cost.seconds``).

        Examples
        --------
        >>> plan(lo.grid(9, 9)).seconds < 1
        True
        """
        return self.cost.seconds

    @property
    def memory(self) -> int:
        """The estimated peak memory in bytes (``cost.bytes``).

        Examples
        --------
        >>> plan(lo.grid(9, 9)).memory > 0
        True
        """
        return self.cost.bytes

    def run(self) -> Any:
        """Run the planned engine on the planned puzzle.

        Examples
        --------
        >>> plan(lo.torus(5, 5, modulus=3)).run().method
        'wrapped-chasing'
        """
        if self.runner is None or self.puzzle is None:
            msg = f"The {self.question} plan {self.engine!r} is run by its caller."
            raise EngineError(msg)
        return self.runner.run(self.puzzle)

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


def check_seconds(cost: Cost, what: str) -> None:
    """Refuse work whose estimate is over the time budget (:class:`TimeBudgetError`), naming
    the estimate and the setting that raises the budget."""
    from lightsout_graphs.core.zk.budget import TIME_ENV, time_budget

    budget = time_budget()
    if cost.seconds > budget:
        msg = (
            f"{what} would take about {cost.seconds:,.0f} s, above the time budget of "
            f"{budget:g} s; use a smaller board, or raise the budget with "
            f"zk.set_time_budget(...) or {TIME_ENV} (e.g. {TIME_ENV}=3600, or unlimited) to "
            "run it anyway."
        )
        raise TimeBudgetError(msg, cost.seconds, budget)


# -- what the structure allows -------------------------------------------------------------------


def _plain(puzzle: Puzzle) -> bool:
    """Every node pressable and a light, its structure under the closed or open rule."""
    rule = getattr(puzzle.structure, "rule", None)
    return puzzle.all_pressable and puzzle.all_lights and rule in ("closed", "open")


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
    lattice = puzzle.structure
    if not isinstance(lattice, Lattice) or not _plain(puzzle) or len(lattice.shape) != 2:
        return None
    if not lattice.is_axis_stencil:
        return None
    m, n = lattice.shape
    wrap = (bool(lattice.wrap[0]), bool(lattice.wrap[1]))
    if (wrap[0] and m < 3) or (wrap[1] and n < 3):
        return None
    return m, n, wrap


def _prime(k: int) -> bool:
    from lightsout_graphs.core import zk

    return k < 2**31 and zk.is_prime(k)


# -- solve: light chasing ----------------------------------------------------------------------------

#: The moduli from which wrapped chasing does not apply (the general elimination does).
_WIDE_CHASE = 2**31


def _check_chase(cost: Cost, what: str) -> None:
    """The time budget; a board over the memory budget is left to the chaser, which refuses
    it with its own message before allocating."""
    from lightsout_graphs.core.zk.budget import memory_budget

    if cost.bytes <= memory_budget():
        check_seconds(cost, what)


class _Chasing(Engine):
    name, question = "chasing", "solve"
    reason = "a 2-D box lattice"
    what = "Light chasing on a {m}×{n} grid mod {k}"
    wrapped = False

    def applies(self, puzzle: Puzzle) -> bool:
        shape = _chaser_shape(puzzle)
        if shape is None or any(shape[2]) != self.wrapped:
            return False
        return not self.wrapped or puzzle.modulus < _WIDE_CHASE

    def cost(self, puzzle: Puzzle) -> Cost:
        """The chaser's own estimates of time and memory (``chase_seconds``, ``chase_memory``
        of :mod:`lightsout_graphs.representation.grids.chase_base`)."""
        from lightsout_graphs.representation.grids.chase_base import chase_memory, chase_seconds

        m, n, wrap = _chaser_shape(puzzle)  # type: ignore[misc]
        across = wrap[1] if n <= m else wrap[0]  # the wrapped direction along the chased rows
        unknowns = min(m, n) * (2 if across else 1)
        memory = chase_memory(m * n, unknowns, unknowns, puzzle.modulus)
        return Cost(chase_seconds(m, n, puzzle.modulus, wrap), memory)

    def run(self, puzzle: Puzzle) -> Factorization:
        from lightsout_graphs.representation.grids.chasing import GridChaser
        from lightsout_graphs.representation.grids.wrapped import WrappedChaser

        m, n, wrap = _chaser_shape(puzzle)  # type: ignore[misc]
        k, rule = puzzle.modulus, puzzle.structure.rule  # type: ignore[union-attr]
        _check_chase(self.cost(puzzle), self.what.format(m=m, n=n, k=k))
        if not self.wrapped:
            return cast("Factorization", GridChaser(m, n, modulus=k, rule=rule))
        chaser = WrappedChaser.for_lattice(m, n, k, rule, wrap)
        assert chaser is not None  # applies() checked what for_lattice needs
        return cast("Factorization", chaser)


class _WrappedChasing(_Chasing):
    name = "wrapped-chasing"
    reason = "a 2-D lattice with wrapped sides"
    what = "Wrapped light chasing on a {m}×{n} board mod {k}"
    wrapped = True


# -- solve: the general elimination ------------------------------------------------------------------


def _general_choice(puzzle: Puzzle) -> tuple[str, list[tuple[str, int]]]:
    """The zk engine the general elimination runs, and its engine per prime-power part."""
    from lightsout_graphs.core.zk.dispatch import chosen_method

    def compute() -> tuple[str, list[tuple[str, int]]]:
        return chosen_method(*_general_size(puzzle), puzzle.modulus)

    return _CACHE.get(puzzle, "general choice", compute)


def _general_size(puzzle: Puzzle) -> tuple[tuple[int, int], int]:
    """The press matrix's shape and its number of entries (an upper bound)."""
    return (len(puzzle.lights), len(puzzle.pressable)), 2 * puzzle.number_of_edges() + puzzle.n


class _General(Engine):
    """The general elimination over Z_k, named by the zk engine it runs."""

    name, question = "general elimination", "solve"
    reason = "the general elimination over Z_k"

    def method(self, puzzle: Puzzle) -> str:
        return _general_choice(puzzle)[0]

    def why(self, puzzle: Puzzle) -> str:
        parts = _general_choice(puzzle)[1]
        if len(parts) == 1:
            return self.reason
        names = " + ".join(f"{name} mod {q}" for name, q in parts)
        return f"{self.reason}, by the Chinese remainder theorem ({names})"

    def cost(self, puzzle: Puzzle) -> Cost:
        from lightsout_graphs.core.zk.cost import engine_cost

        shape, entries = _general_size(puzzle)
        parts = _general_choice(puzzle)[1]
        build = Cost(entries * BUILD_SECONDS_PER_ENTRY, 24 * entries)  # the press matrix
        dense = engine_cost(shape, parts)
        if dense.seconds <= 0.1 or max(shape) > MAX_GENERAL_LIGHTS or entries > MAX_GENERAL_ENTRIES:
            return build + dense  # run refuses what passes the limits: no matrix is built here
        # Sparse rows are eliminated within their band, as zk's budget measures it.
        from lightsout_graphs.core.zk.budget import band_width

        band = _CACHE.get(puzzle, "band", lambda: band_width(puzzle.press_matrix()))
        return build + engine_cost(shape, parts, band)

    def run(self, puzzle: Puzzle) -> Factorization:
        from lightsout_graphs.core import zk

        shape, entries = _general_size(puzzle)
        if max(shape) > MAX_GENERAL_LIGHTS or entries > MAX_GENERAL_ENTRIES:
            lights = max(shape)
            what = (
                f"{lights} lights" if lights > MAX_GENERAL_LIGHTS else f"{entries} toggle entries"
            )
            msg = (
                f"The puzzle has {what}, more than the {MAX_GENERAL_LIGHTS} lights or "
                f"{MAX_GENERAL_ENTRIES} entries the general elimination engine takes here (its "
                "time grows about as n**1.5 to n**3); 2-D grids and tori (lo.grid(m, n), "
                "lo.torus(m, n); CLI: lightsout solve grid --shape MxN) are solved by light "
                "chasing at any size, and lo.analyze answers grids and products of paths, "
                "cycles and complete graphs from formulas; other puzzles need a smaller board."
            )
            raise InvalidPuzzleError(msg)
        try:
            return zk.factorize(puzzle.press_matrix(), puzzle.modulus, method=self.method(puzzle))
        except MemoryBudgetError as err:
            msg = (
                f"This puzzle ({puzzle.n} lights, modulus {puzzle.modulus}) is too large for "
                f"the general engine: {err} Faster routes: light chasing, used automatically "
                "for 2-D grids and tori with the closed or open rule (lo.grid, lo.torus); "
                "lo.analyze for grid and product nullities; or a smaller board."
            )
            raise MemoryBudgetError(msg, err.needed, err.budget) from err


# -- counts ---------------------------------------------------------------------------------------------


class _Polynomial(Engine):
    name, question = "polynomial", "counts"
    reason = "a 2-D grid over a prime"

    def applies(self, puzzle: Puzzle) -> bool:
        shape = _chaser_shape(puzzle)
        return _prime(puzzle.modulus) and shape is not None and not any(shape[2])

    def cost(self, puzzle: Puzzle) -> Cost:
        m, n, _ = _chaser_shape(puzzle)  # type: ignore[misc]
        side = max(m, n)  # polynomials of degree side: bit-packed mod 2, int64 arrays else
        per_entry = 1 / ENTRY_OPS["gfp"] if puzzle.modulus == 2 else 2e-7
        return Cost(CALL_SECONDS + side * side * per_entry, 2**20 + 64 * side)

    def run(self, puzzle: Puzzle) -> int:
        from lightsout_graphs.representation.grids.polynomials import nullity as grid_nullity

        m, n, _ = _chaser_shape(puzzle)  # type: ignore[misc]
        rule = puzzle.structure.rule  # type: ignore[union-attr]
        return int(grid_nullity(m, n, modulus=puzzle.modulus, rule=rule))


class _ProductFormula(Engine):
    name, question = "product formula", "counts"
    reason = "a product of known factors over a prime"

    def applies(self, puzzle: Puzzle) -> bool:
        return _prime(puzzle.modulus) and _formula_nullity(puzzle) is not None

    def cost(self, puzzle: Puzzle) -> Cost:
        """Polynomial gcds of degree about the largest path or cycle factor (complete graphs
        and small factors have closed forms)."""
        product = _product(puzzle)
        sides = [f.n for f in product.factors if f.kind in ("path", "cycle")] if product else []
        side = max(sides, default=1)
        return Cost(CALL_SECONDS + side * side * 1e-7, 2**22 + 64 * side * side)

    def run(self, puzzle: Puzzle) -> int:
        nullity = _formula_nullity(puzzle)
        assert nullity is not None
        return nullity


class _CountsBySolving(Engine):
    """The counts from the factorisation of the ``solve`` plan: its engine, its cost."""

    name, question = "solve", "counts"

    def _solve(self, puzzle: Puzzle) -> Plan:
        return plan(puzzle, "solve")

    def method(self, puzzle: Puzzle) -> str:
        return self._solve(puzzle).engine

    def why(self, puzzle: Puzzle) -> str:
        return self._solve(puzzle).reason

    def cost(self, puzzle: Puzzle) -> Cost:
        return self._solve(puzzle).cost

    def run(self, puzzle: Puzzle) -> None:
        """None: the caller reads the counts from the factorisation (kept per puzzle)."""
        del puzzle


# -- symmetry and lit-only ----------------------------------------------------------------------------


#: Seconds per squared node of networkx's VF2 search of a graph's automorphisms, measured on
#: grid graphs of 20×20 and 40×40 nodes (10 s and 150 s on the two-core development machine):
#: lattice-like graphs are its slow case, as many partial matches extend far before failing.
VF2_SECONDS_PER_PAIR = 6e-5


class _BoxIsometries(Engine):
    name, question = "box isometries", "symmetry"
    reason = "a lattice of paths and cycles (grid, torus, cylinder): its group from its factors"

    def applies(self, puzzle: Puzzle) -> bool:
        return lattice_shape(puzzle) is not None


class _Automorphisms(Engine):
    name, question = "automorphisms", "symmetry"
    reason = "a general graph"

    def cost(self, puzzle: Puzzle) -> Cost:
        n = puzzle.n
        return Cost(VF2_SECONDS_PER_PAIR * n * n, 64 * n * n)


class _LitOnly(Engine):
    question = "lit_only"

    def __init__(self, name: str, reason: str) -> None:
        self.name, self.reason = name, reason

    def applies(self, puzzle: Puzzle) -> bool:
        return lit_only_method(puzzle) == self.name

    def cost(self, puzzle: Puzzle) -> Cost:
        n = puzzle.n
        if self.name == "search":
            states = puzzle.modulus ** min(n, 64)
            return Cost(states / 1e7, 16 * states)
        return Cost(n**3 / 1e9, 8 * n * n)


for _engine in (
    _Chasing(),
    _WrappedChasing(),
    _General(),
    _Polynomial(),
    _ProductFormula(),
    _CountsBySolving(),
    _BoxIsometries(),
    _Automorphisms(),
    _LitOnly("closed", "the closed-rule theorem (modulus 2, symmetric toggle matrix)"),
    _LitOnly(
        "open",
        "the open-rule classification (modulus 2, symmetric toggle matrix): per component, "
        "tokens on the root of a line graph of a multigraph, else the level sets of the "
        "invariants (an induced graph of type E6, checked)",
    ),
    _LitOnly("search", "no theorem applies"),
):
    register(_engine)
#: The engine of the general elimination (what ``factorize(method="general")`` runs).
_GENERAL = _ENGINES["solve"][2]
#: The light-chasing engines (what ``factorize(method="chasing")`` chooses among).
_CHASERS = tuple(_ENGINES["solve"][:2])


@checks_puzzle
def plan(puzzle: Puzzle, question: str = "solve") -> Plan:
    """Which engine answers ``question`` about ``puzzle``, with its estimated time and memory.

    Nothing is computed but the estimate: the toggle matrix is built only to measure the
    band of a general elimination estimated over 0.1 s (kept for the run). The engines of the
    question are tried in their registered order (:func:`engines`); the first that applies
    is the plan, and :meth:`Plan.run` runs it.

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
    EngineError
        When no registered engine applies.

    Examples
    --------
    >>> plan(lo.grid(5, 5)).engine, plan(lo.torus(5, 5, modulus=3)).engine
    ('chasing', 'wrapped-chasing')
    >>> plan(lo.torus(5, 5, modulus=2147483659)).engine
    'flint'
    >>> plan(lo.Puzzle(nx.petersen_graph(), modulus=6)).engine
    'crt'
    >>> plan(lo.product(nx.cycle_graph(9), nx.cycle_graph(7)), "counts").engine
    'product formula'
    >>> plan(lo.grid(8, 8), "symmetry").engine
    'box isometries'
    >>> plan(lo.grid(20, 20), "lit_only").engine, plan(lo.grid(3, 3, modulus=3), "lit_only").engine
    ('closed', 'search')
    """
    found = _first(puzzle, _ENGINES[_check_question(question)])
    if found is None:
        msg = f"No registered engine answers {question!r} for this puzzle."
        raise EngineError(msg)
    return found


def _first(puzzle: Puzzle, among: list[Engine] | tuple[Engine, ...]) -> Plan | None:
    """The plan of the first engine of ``among`` that applies to ``puzzle``, or None."""
    for engine in among:
        if engine.applies(puzzle):
            why, cost = engine.why(puzzle), engine.cost(puzzle)
            return Plan(engine.question, engine.method(puzzle), cost, why, engine, puzzle)
    return None


# -- running the plans ------------------------------------------------------------------------------


@checks_puzzle
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
        Its ``method`` is the planned engine's name.

    Raises
    ------
    InvalidPuzzleError
        For an unknown method, ``"chasing"`` where it does not apply, or a general
        elimination beyond ``MAX_GENERAL_LIGHTS`` lights.
    MemoryBudgetError, TimeBudgetError
        When the chosen engine's estimate is over the memory or time budget.

    Examples
    --------
    >>> f = factorize(lo.grid(5, 5))
    >>> f.method, f.rank, f.kernel_size
    ('chasing', 23, 4)
    >>> factorize(lo.grid(5, 5), method="general").method
    'gf2-python'
    """
    if not isinstance(method, str) or method not in ("auto", "general", "chasing"):
        msg = f"Argument 'method' must be 'auto', 'general' or 'chasing', not {method!r}."
        raise InvalidPuzzleError(msg)
    if method == "auto":
        chosen = plan(puzzle, "solve")
    else:
        forced = _first(puzzle, (_GENERAL,) if method == "general" else _CHASERS)
        if forced is None:
            msg = (
                "Light chasing needs a 2-D grid puzzle with the closed or open rule, or a 2-D "
                "torus with sides >= 3 and a modulus below 2**31."
            )
            raise InvalidPuzzleError(msg)
        chosen = forced
    try:
        return chosen.run()  # type: ignore[no-any-return, unused-ignore]
    except TimeBudgetError as err:
        msg = f"This puzzle ({puzzle.n} lights, modulus {puzzle.modulus}): {err}"
        raise TimeBudgetError(msg, err.seconds, err.budget) from err


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
    """The nullity from the planned ``"counts"`` engine, with its name.

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
    >>> counts(lo.grid(5, 5)), counts(lo.product(nx.cycle_graph(5), nx.cycle_graph(5)))
    ((2, 'polynomial'), (8, 'product formula'))
    >>> counts(lo.Puzzle(nx.petersen_graph()))
    (None, 'gf2-python')
    """
    chosen = plan(puzzle, "counts")
    return chosen.run(), chosen.engine


def minimum_engine(
    orders: list[int], modulus: int, *, max_enumerate: int, split_limit: int
) -> Plan:
    """The plan that proves the fewest presses in a coset of generators of these additive orders:
    ``"enumeration"`` (grouped transform), ``"split search"`` (GF(2), at most ``split_limit``
    generators) or ``"cp-sat"``."""
    from lightsout_graphs.core import zk

    size = math.prod(int(order) for order in orders)
    wide = modulus if 2 < modulus <= 64 else 1
    table = size * wide * 32
    if size == 1:  # one solution: nothing to search
        return Plan("minimum", "enumeration", Cost(0.0, 64), "the board has one solution")
    if size * wide <= max_enumerate and table <= zk.memory_budget():
        seconds = size * wide / 2e8
        return Plan("minimum", "enumeration", Cost(seconds, table), "the coset fits the transform")
    if modulus == 2 and len(orders) <= split_limit:
        half = 2 ** ((len(orders) + 1) // 2)
        return Plan("minimum", "split search", Cost(half / 1e7, 32 * half), "GF(2), few generators")
    return Plan(
        "minimum", "cp-sat", Cost(float("nan"), 2**28), "the coset is too large to enumerate"
    )


#: Puzzles with at most this many solvable boards get their God's number by breadth-first
#: search first (a fraction of a second).
QUICK_SEARCH = 2**16


def gods_methods(image: int, kernel: int, *, max_states: int, max_kernel: int) -> list[str]:
    """The methods that may prove a God's number from the counts of solvable boards and quiet
    patterns, cheapest first (``"breadth-first search"``, ``"covering"``); empty when none fits."""
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


@checks_puzzle
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
    >>> lit_only_method(lo.grid(3, 3)), lit_only_method(lo.grid(3, 3), clear=False)
    ('closed', 'search')
    >>> lit_only_method(lo.Puzzle(nx.path_graph(3), rule="open"))
    'open'
    >>> lit_only_method(lo.grid(3, 3, modulus=3))
    'search'
    """
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


def lattice_shape(puzzle: Puzzle) -> tuple[tuple[int, ...], tuple[bool, ...]] | None:
    """``(shape, wrap)`` when the puzzle is a box of paths and cycles (closed or open rule) whose
    nodes are its cells in row-major order, else None: its symmetries come from its factors."""
    from lightsout_graphs.core._labels import LatticeNodes

    structure = puzzle.structure
    if isinstance(structure, Lattice) and structure.is_axis_stencil:
        shape, wrap = tuple(int(s) for s in structure.shape), tuple(structure.wrap)
    elif isinstance(structure, Product) and set(structure.kinds) <= {"path", "cycle"}:
        shape = tuple(int(f.n) for f in structure.factors)
        wrap = tuple(f.kind == "cycle" for f in structure.factors)
    else:
        return None
    if structure.rule not in ("closed", "open") or puzzle.rule != structure.rule:
        return None
    nodes = puzzle.nodes
    if isinstance(nodes, LatticeNodes):
        return (shape, wrap) if nodes.shape == shape else None
    # A grid given with its own graph: its nodes must be the cells in row-major order.
    box = isinstance(structure, Lattice) and not any(wrap)
    cells = itertools.product(*(range(side) for side in shape))
    return (shape, wrap) if box and list(nodes) == list(cells) else None


#: Above this many sides, odd-prime nullity tables are not used (an M×M table over an odd prime
#: takes about 2 s at M = 500 and grows like M² log M); GF(2) tables go to
#: ``GF2_TABLE_LIMIT``.
ODD_TABLE_LIMIT = 2048
#: The largest side of a GF(2) nullity table a sweep reads.
GF2_TABLE_LIMIT = 16384

#: The kinds of sweep column :func:`sweep_column_engine` tells apart.
COLUMN_KINDS: tuple[str, ...] = ("counts", "size", "all_on", "search", "custom", "other")


def formula_table(family: str) -> bool:
    """Whether the family's m×n nullity table comes from the product formula.

    Else each board of the table is analysed in turn (``lightsout table`` asks here).

    Examples
    --------
    >>> formula_table("torus"), formula_table("king")
    (True, False)
    """
    return family in TABLE_FAMILIES


def table_applies(size: int, modulus: int, rule: str) -> bool:
    """Whether an M×M nullity table answers the count columns of a sweep up to ``size``."""
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
        One of ``COLUMN_KINDS``: ``"counts"`` (rank, nullity and the counts that follow),
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
    if size is None or family not in TABLE_FAMILIES:
        return "general"
    if family == "grid" and kind == "size":
        return "formula"
    if family == "grid" and kind == "all_on":
        return "chasing" if rule in ("closed", "open") else "general"
    if kind == "counts" and table_applies(size, modulus, rule):
        return "table"
    return "general"
