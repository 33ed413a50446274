"""The lit-only variant: a button may be pressed only while its own light is lit (non-zero).

The allowed presses depend on the board, so the variant is not linear and the order of the
presses matters. At modulus 2, with every node a pressable light and a symmetric toggle matrix,
theorems answer at any size (statements and proofs in
:mod:`lightsout_graphs.algorithms.variants._lit_only_theory`): under the closed rule lit-only
presses clear exactly the boards ordinary presses clear; under the open rule (the lit-only
σ-game) they form a group whose orbits every connected component's classification gives (a
game of tokens on line graphs of multigraphs, the level sets of two invariants elsewhere).
Every other case (directed graphs, k > 2, buttons without lights or lights without buttons, a
non-zero target under the closed rule) is solved by breadth-first search over all ``k**n``
boards, each packed into one integer and expanded a whole level at a time with numpy; it
refuses puzzles with more than ``max_states`` boards (a few bytes per board).

The net effect of a lit-only sequence is a press vector, so a board the lit-only search clears
is also solvable by :func:`lightsout_graphs.solve`; the converse holds under the closed rule on
undirected graphs, not on directed ones (the tests keep an example). :func:`lit_only_method`
picks the method; every result says which one answered (``"theory"`` or ``"search"``).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.algorithms._statespace import PackedSpace, check_bound
from lightsout_graphs.algorithms.planner import LIT_ONLY_METHODS, lit_only_method
from lightsout_graphs.algorithms.solver import solve as linear_solve
from lightsout_graphs.algorithms.variants import _lit_only_theory as theory
from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core._memory import check_memory
from lightsout_graphs.core.errors import (
    EngineError,
    InvalidPuzzleError,
    InvalidStateError,
    LightsOutError,
    SearchLimitError,
    Unsolvable,
)
from lightsout_graphs.representation.puzzle import Puzzle, StateLike, checks_puzzle

__all__ = [
    "DEFAULT_MAX_STATES",
    "METHODS",
    "LitOnlyOrbit",
    "LitOnlyResult",
    "LitOnlyStates",
    "lit_only_method",
    "lit_only_orbit",
    "lit_only_reachable",
    "lit_only_solvable_states",
    "lit_only_solve",
    "min_light_number",
]

#: The default bound on the number of boards (``k**n``) a lit-only search may cover.
DEFAULT_MAX_STATES = 2**22

#: The search parameters of the lit-only questions (a docstring slot, see fill_doc).
_DOCS = {
    "search": "max_states : int, default 2**22\n    The largest number of boards, ``k**n``, the "
    'search may cover.\nmethod : {"auto", "theory", "search"}, default "auto"\n'
    "    See :func:`lit_only_method`."
}

#: The accepted ``method`` arguments.
METHODS = LIT_ONLY_METHODS


_UNSEEN = -1
_START = -2


class _Search:
    """The packed board space of a puzzle with one prepared column per pressable node."""

    def __init__(self, puzzle: Puzzle, max_states: int) -> None:
        bound = check_bound(max_states)
        if not puzzle.all_lights:
            msg = (
                "The lit-only rule presses a button only while its own light is lit, so it "
                "needs a light on every node; this puzzle has buttons without lights."
            )
            raise InvalidPuzzleError(msg)
        k, n = puzzle.modulus, len(puzzle.nodes)
        size = k**n
        if size > bound:
            msg = (
                f"The lit-only search covers all {k}**{n} = {size} boards of this puzzle, more "
                f"than max_states={bound}; pass max_states={size} (or more) to search anyway "
                "(it needs about 5 bytes per board)."
            )
            raise SearchLimitError(msg)
        check_memory(
            5 * size,
            f"the lit-only search over {k}**{n} boards",
            "the lit-only search fits puzzles of about 30 lights at most",
        )
        self.puzzle = puzzle
        self.space = PackedSpace(n, k)
        matrix = puzzle.toggle_matrix().toarray()
        self.buttons = [puzzle.index[u] for u in puzzle.pressable]
        self.shifts = [self.space.shift(matrix[:, i]) for i in self.buttons]

    def forward(self, start: int, stop: int) -> tuple[np.ndarray, int]:
        """BFS from ``start`` until ``stop`` is seen: the move that first reached each board."""
        space = self.space
        move = np.full(space.size, _UNSEEN, dtype=np.int8)
        move[start] = _START
        frontier = np.array([start], dtype=np.int64)
        explored = 1
        while frontier.size and move[stop] == _UNSEEN:
            found = []
            for j, (button, shift) in enumerate(zip(self.buttons, self.shifts, strict=True)):
                src = frontier[space.digit(frontier, button) != 0]
                dst = space.add(src, shift)
                dst = dst[move[dst] == _UNSEEN]
                move[dst] = j
                found.append(dst)
            frontier = np.concatenate(found) if found else frontier[:0]
            explored += int(frontier.size)
        return move, explored

    def backward(self, target: int) -> np.ndarray:
        """BFS towards ``target``: the fewest lit-only presses from every board, -1 if none."""
        space = self.space
        dist = np.full(space.size, -1, dtype=np.int32)
        dist[target] = 0
        frontier = np.array([target], dtype=np.int64)
        level = 0
        undo = [space.negate(shift) for shift in self.shifts]
        while frontier.size:
            level += 1
            found = []
            for button, back in zip(self.buttons, undo, strict=True):
                src = space.add(frontier, back)
                src = src[space.digit(src, button) != 0]
                src = src[dist[src] < 0]
                dist[src] = level
                found.append(src)
            frontier = np.concatenate(found) if found else frontier[:0]
        return dist


@dataclass(frozen=True)
class LitOnlyResult:
    """The outcome of a lit-only search from one board.

    Attributes
    ----------
    puzzle : Puzzle
    state, target : numpy.ndarray
        The board and the goal, in node order.
    reachable : bool
        Whether lit-only presses take the board to the target.
    sequence : list
        The nodes to press, in order (empty when unreachable): a shortest sequence when
        ``method == "search"``, a constructed one (replayable, not always shortest) when
        ``method == "theory"``.
    explored : int
        How many boards the search (or the theory's reduction) reached before it stopped.
    method : str
        ``"search"`` (breadth-first search over boards) or ``"theory"`` (a theorem: see
        :func:`lit_only_method`).
    certificate : str
        Under the open rule, what decided the answer: the invariant that differs for an
        unreachable target, or, for a reachable one with an empty ``sequence``, the theorem
        and its checked hypothesis (a component's induced E6, for instance): the classification
        proves the boards share an orbit without building the presses (see
        :func:`lit_only_solve`).

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> result = lit_only_solve(lo.grid(1, 3), [1, 0, 0])
    >>> result.reachable, result.sequence
    (True, [(0, 0), (0, 1), (0, 0), (0, 2)])
    """

    puzzle: Puzzle
    state: np.ndarray
    target: np.ndarray
    reachable: bool
    sequence: list[Hashable] = field(default_factory=list)
    explored: int = 0
    method: str = "search"
    certificate: str = ""

    @property
    def has_sequence(self) -> bool:
        """Whether :attr:`sequence` takes the state to the target (False when unreachable, or
        when the classification decided without building presses).

        Examples
        --------
        >>> lit_only_solve(lo.grid(1, 3), [1, 0, 0]).has_sequence
        True
        """
        if not self.reachable:
            return False
        return bool(self.sequence) or bool(np.array_equal(self.state, self.target))

    @property
    def num_presses(self) -> int:
        """The length of :attr:`sequence`.

        Examples
        --------
        >>> result = lit_only_solve(lo.grid(1, 3), [1, 0, 0])
        >>> result.num_presses, len(result.boards()) - 1
        (4, 4)
        """
        return len(self.sequence)

    @property
    def presses(self) -> dict[Hashable, int]:
        """The net effect of :attr:`sequence`: node -> number of presses mod k, every node.

        Examples
        --------
        >>> result = lit_only_solve(lo.grid(1, 3), [1, 0, 0])
        >>> result.presses
        {(0, 0): 0, (0, 1): 1, (0, 2): 1}
        >>> x = np.array(list(result.presses.values()))
        >>> ((np.array([1, 0, 0]) + result.puzzle.toggle_matrix() @ x) % 2).tolist()
        [0, 0, 0]
        """
        counts = dict.fromkeys(self.puzzle.nodes, 0)
        for node in self.sequence:
            counts[node] = (counts[node] + 1) % self.puzzle.modulus
        return counts

    def boards(self) -> list[dict[Hashable, int]]:
        """The boards along the sequence, from the state to the target.

        Returns
        -------
        list of dict
            ``len(sequence) + 1`` boards, node -> value.

        Examples
        --------
        >>> r = lit_only_solve(lo.grid(1, 3), [1, 1, 0])
        >>> [list(b.values()) for b in r.boards()]
        [[1, 1, 0], [0, 0, 0]]
        """
        board = self.puzzle.as_dict(self.state)
        out = [board]
        for node in self.sequence:
            board = self.puzzle.press(board, node)
            out.append(board)
        return out

    def verify(self) -> bool:
        """Replay the sequence, checking that every press is on a lit button.

        Returns
        -------
        bool
            True.

        Raises
        ------
        LightsOutError
            If a press is on a dark button or the target is not reached (which would be a bug),
            if the result says the target is unreachable, or if it is reachable by the
            classification with no sequence built (see :attr:`has_sequence`).

        Examples
        --------
        >>> lit_only_solve(lo.grid(2, 2), 1).verify()
        True
        """
        if not self.reachable:
            msg = "The target is not reachable with lit-only presses; there is nothing to replay."
            raise LightsOutError(msg)
        if not self.has_sequence:
            msg = (
                "The target is reachable by the classification of the lit-only orbits "
                f"({self.certificate}), but no press sequence was built; there is nothing to "
                "replay."
            )
            raise LightsOutError(msg)
        puzzle = self.puzzle
        k = puzzle.modulus
        columns = sp.csc_array(puzzle.press_matrix())  # lights × pressable
        light_of = puzzle.light_index  # node -> its light row
        column_of = {node: j for j, node in enumerate(puzzle.pressable)}
        board = np.asarray(self.state, dtype=np.int64).copy() % k
        for step, node in enumerate(self.sequence):
            row = light_of.get(node)
            if row is None or board[row] == 0 or node not in column_of:
                msg = f"Press {step} is on node {node!r}, whose light is off."
                raise LightsOutError(msg)
            j = column_of[node]
            lo_, hi = columns.indptr[j], columns.indptr[j + 1]
            rows = columns.indices[lo_:hi]
            board[rows] = (board[rows] + columns.data[lo_:hi]) % k
        if board.tolist() != [int(v) for v in self.target]:
            msg = "The lit-only sequence does not reach the target."
            raise LightsOutError(msg)
        return True

    def __repr__(self) -> str:
        if not self.reachable:
            return f"<LitOnlyResult: unreachable ({self.method}), {self.explored} boards explored>"
        if not self.has_sequence:
            return f"<LitOnlyResult: reachable ({self.method}), no sequence built>"
        return (
            f"<LitOnlyResult: {self.num_presses} presses ({self.method}), "
            f"{self.explored} boards explored>"
        )


def _target(puzzle: Puzzle, target: StateLike | None) -> np.ndarray:
    if target is None:
        return np.asarray(puzzle.goal, dtype=np.int64) % puzzle.modulus
    return puzzle.state_vector(target, name="target")


@checks_puzzle
@functools.partial(fill_doc, docs=_DOCS)
def lit_only_solve(
    puzzle: Puzzle,
    state: StateLike,
    target: StateLike | None = None,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    method: str = "auto",
) -> LitOnlyResult:
    """Find a sequence of lit-only presses from ``state`` to ``target``, or prove there is none.

    Each press must be on a pressable node whose light is non-zero at the moment of the press,
    and adds that node's column of the toggle matrix to the board (one press, mod k).

    :func:`lit_only_method` picks how: the theory at modulus 2 on undirected graphs (the closed
    rule towards the dark board, the open rule towards any board), at any size; a breadth-first
    search over all ``k**n`` boards otherwise, which gives a *shortest* sequence. Under the
    closed rule lit-only presses clear exactly the boards ordinary presses clear, with at most
    three presses per node of an ordinary solution. Under the open rule two proved invariants
    prove unreachability, and a reduction constructs a sequence when it finds one (the token
    game on line graphs of multigraphs always does). Where it finds none, each connected
    component is searched when it has at most ``max_states`` boards, else decided by the
    classification (an induced graph of type E6): the answer is then ``reachable`` with an
    empty ``sequence`` (``has_sequence`` is False) and a ``certificate`` naming the theorem and
    its checked hypothesis. Components neither small nor classified are refused with
    :class:`SearchLimitError`. Proofs: :mod:`lightsout_graphs.algorithms.variants._lit_only_theory`.

    Parameters
    ----------
    puzzle : Puzzle
    state : StateLike
        The starting board.
    target : StateLike, optional
        The goal; default the puzzle's goal (all 0 unless the catalog says otherwise).
    %(search)s

    Returns
    -------
    LitOnlyResult
        ``reachable``, a ``sequence`` of nodes (shortest when searched), the ``method``, and how
        many boards were explored.

    Raises
    ------
    SearchLimitError
        When the search is needed and the puzzle has more than ``max_states`` boards; the
        message gives the value of ``max_states`` that would allow the search.
    InvalidStateError
        A state or target that does not fit the puzzle.
    EngineError
        An unknown ``method``, or ``method="theory"`` where no theorem applies.

    See Also
    --------
    lit_only_solvable_states : every board from which the target can be reached.
    lightsout_graphs.solve : the linear puzzle, where any button may be pressed.

    Examples
    --------
    >>> p = lo.grid(3, 3)
    >>> r = lit_only_solve(p, {(1, 1): 1})
    >>> r.reachable, r.num_presses
    (True, 5)
    >>> r.verify()
    True
    >>> lit_only_solve(lo.grid(1, 2), [1, 0]).reachable
    False

    The 100×100 board (10 000 lights) under the closed rule, by the theorem:

    >>> big = lo.grid(100, 100)
    >>> r = lit_only_solve(big, lo.random_board(big, seed=1))
    >>> r.reachable, r.method, r.verify()
    (True, 'theory', True)
    """
    check_bound(max_states)
    s = puzzle.state_vector(state, name="state")
    t = _target(puzzle, target)
    engine = lit_only_method(puzzle, method, clear=not t.any())
    if engine == "closed":
        return _closed_solve(puzzle, s, t)
    if engine == "open":
        return _open_solve(puzzle, s, t, max_states, searching=method != "theory")
    search = _Search(puzzle, max_states)
    space = search.space
    start, stop = space.encode(s), space.encode(t)
    move, explored = search.forward(start, stop)
    if move[stop] == _UNSEEN:
        return LitOnlyResult(puzzle, s, t, reachable=False, explored=explored)
    sequence: list[Hashable] = []
    code = stop
    while code != start:
        j = int(move[code])
        sequence.append(puzzle.pressable[j])
        code = int(space.add(np.array([code]), space.negate(search.shifts[j]))[0])
    sequence.reverse()
    return LitOnlyResult(puzzle, s, t, reachable=True, sequence=sequence, explored=explored)


def _closed_solve(puzzle: Puzzle, s: np.ndarray, t: np.ndarray) -> LitOnlyResult:
    """The closed-rule clearing theorem: an ordinary solution turned into lit-only presses."""
    try:
        presses = linear_solve(puzzle, s, t).presses_array
    except Unsolvable:
        return LitOnlyResult(puzzle, s, t, reachable=False, method="theory")
    masks = theory.neighbour_masks(puzzle.toggle_matrix())
    order = theory.closed_clear(masks, theory.bits_of(s), theory.bits_of(presses))
    nodes = puzzle.nodes
    sequence = [nodes[i] for i in order]
    return LitOnlyResult(
        puzzle, s, t, reachable=True, sequence=sequence, explored=len(order), method="theory"
    )


def _reason(puzzle: Puzzle, part: theory._Component) -> str:
    """The classification's hypothesis for one component, with the puzzle's node labels."""
    return theory.describe(part, lambda v: repr(puzzle.nodes[v]))


def _open_solve(
    puzzle: Puzzle, s: np.ndarray, t: np.ndarray, max_states: int, *, searching: bool = True
) -> LitOnlyResult:
    """The open rule, component by component.

    Different invariants: unreachable. Otherwise each component where the boards differ is
    joined by the constructive reduction; failing that, it is searched on its own boards when
    they are at most ``max_states`` (and ``searching``), else a component that the
    classification covers is reachable by the theorem (no presses built); any other is
    refused.
    """
    th = _theory(puzzle)
    a, b = theory.bits_of(s), theory.bits_of(t)
    if th.separated(a, b):
        return LitOnlyResult(
            puzzle,
            s,
            t,
            reachable=False,
            method="theory",
            certificate="different invariants (the coset of the adjacency matrix's image, or "
            "the quadratic level)",
        )
    order: list[int] = []
    seen = 0
    method = "theory"
    unbuilt: list[str] = []
    bound = check_bound(max_states)
    for part in th.components:
        la, lb = th.local(part, a), th.local(part, b)
        if la == lb:
            continue
        path, count = th.connect_part(part, la, lb)
        seen += count
        small = searching and 2 ** len(part.nodes) <= bound
        if path is None and not small and theory.classify(part):
            unbuilt.append(_reason(puzzle, part))
            continue
        if path is None:
            if not searching:
                msg = (
                    "No lit-only theorem decides these boards: they share the invariants, the "
                    f"orbits of a connected component of {len(part.nodes)} nodes are not "
                    "classified (the searches for an induced graph of type E6 gave up, and it "
                    "is not a line graph of a multigraph), and the reduction found no "
                    "sequence; use method='auto' or 'search'."
                )
                raise EngineError(msg)
            if not small:
                n = len(part.nodes)
                msg = (
                    f"The two boards share the lit-only invariants (a set of "
                    f"{th.level_size(a)} boards that holds the orbit), no theorem classifies "
                    f"the orbits of a connected component of {n} nodes, the constructive "
                    "reduction found no sequence, and the search over its 2**"
                    f"{n} boards is more than max_states={max_states}; pass "
                    f"max_states={2**n} to search."
                )
                raise SearchLimitError(msg)
            path = theory.component_path(part.masks, la, lb, bound)
            seen += 2 ** len(part.nodes)
            method = "search"
            if path is None:
                return LitOnlyResult(puzzle, s, t, reachable=False, explored=seen, method=method)
        order.extend(part.nodes[v] for v in path)
    if unbuilt:
        certificate = "same invariants, and the orbits are the level sets of the invariants: " + (
            "; ".join(unbuilt)
        )
        return LitOnlyResult(
            puzzle, s, t, reachable=True, explored=seen, method=method, certificate=certificate
        )
    nodes = puzzle.nodes
    theory.replay(a, order, th.masks, nodes, b, "construction")  # a wrong sequence is a bug
    sequence = [nodes[i] for i in order]
    return LitOnlyResult(
        puzzle, s, t, reachable=True, sequence=sequence, explored=seen, method=method
    )


class LitOnlyStates:
    """The boards from which lit-only presses reach a target, with their distances.

    Built by :func:`lit_only_solvable_states`. Supports ``len``, ``in`` (with any board a
    :class:`~lightsout_graphs.Puzzle` accepts) and iteration (boards as dicts, in code order).

    Attributes
    ----------
    puzzle : Puzzle
    target : numpy.ndarray
        The goal, in node order.

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> states = lit_only_solvable_states(lo.grid(1, 2))
    >>> len(states), [0, 0] in states, [1, 0] in states
    (2, True, False)
    """

    #: How the set was found: ``"search"`` or ``"theory"``.
    method = "search"

    def __init__(self, search: _Search, target: np.ndarray, dist: np.ndarray) -> None:
        self.puzzle = search.puzzle
        self.target = target
        self._search = search
        self._dist = dist
        self._codes = np.flatnonzero(dist >= 0)

    def __len__(self) -> int:
        return int(self._codes.size)

    @property
    def size(self) -> int:
        """How many boards the set holds, exactly (``len`` fails beyond ``sys.maxsize``).

        Examples
        --------
        >>> lit_only_solvable_states(lo.grid(1, 2)).size
        2
        """
        return len(self)

    def _code(self, state: StateLike) -> int:
        return self._search.space.encode(self.puzzle.state_vector(state, name="state"))

    def __contains__(self, state: object) -> bool:
        try:
            code = self._code(state)  # type: ignore[arg-type]
        except InvalidStateError:
            return False
        return bool(self._dist[code] >= 0)

    def __iter__(self) -> Iterator[dict[Hashable, int]]:
        for code in self._codes:
            yield self.puzzle.as_dict(self._search.space.decode(int(code)))

    def vectors(self) -> np.ndarray:
        """Every board of the set, one per row, in node order.

        Examples
        --------
        >>> lit_only_solvable_states(lo.grid(1, 2), method="search").vectors().tolist()
        [[0, 0], [1, 1]]
        """
        return self._search.space.decode_many(self._codes)

    def distance(self, state: StateLike) -> int | None:
        """The fewest lit-only presses from ``state`` to the target, or None if unreachable.

        Examples
        --------
        >>> sets = lit_only_solvable_states(lo.grid(3, 3), method="search")
        >>> sets.distance({(1, 1): 1}), sets.distance({(0, 0): 1})
        (5, 9)
        >>> lit_only_solvable_states(lo.grid(1, 2), method="search").distance([1, 0]) is None
        True
        """
        d = int(self._dist[self._code(state)])
        return None if d < 0 else d

    def sequence(self, state: StateLike) -> list[Hashable] | None:
        """A shortest lit-only press sequence from ``state`` to the target, or None.

        Examples
        --------
        >>> lit_only_solvable_states(lo.grid(1, 3), method="search").sequence([1, 1, 0])
        [(0, 0)]
        """
        code = self._code(state)
        d = int(self._dist[code])
        if d < 0:
            return None
        space, search = self._search.space, self._search
        out: list[Hashable] = []
        while d > 0:
            arr = np.array([code], dtype=np.int64)
            for j, (button, shift) in enumerate(zip(search.buttons, search.shifts, strict=True)):
                if int(space.digit(arr, button)[0]) == 0:
                    continue
                nxt = int(space.add(arr, shift)[0])
                if int(self._dist[nxt]) == d - 1:
                    out.append(self.puzzle.pressable[j])
                    code, d = nxt, d - 1
                    break
            else:  # pragma: no cover - the distances come from a BFS, so a step always exists
                msg = "Inconsistent lit-only distances."
                raise LightsOutError(msg)
        return out

    def distribution(self) -> dict[int, int]:
        """How many boards of the set need d lit-only presses at the fewest, for each d.

        Examples
        --------
        >>> lit_only_solvable_states(lo.grid(1, 3), method="search").distribution()
        {0: 1, 1: 3, 2: 1, 3: 1, 4: 2}
        """
        counts = np.bincount(self._dist[self._codes])
        return {d: int(c) for d, c in enumerate(counts) if c}

    def __repr__(self) -> str:
        total = self._search.space.size
        return f"<LitOnlyStates: {len(self)} of {total} boards reach the target>"


class _TheoryStates(LitOnlyStates):
    """A set of boards given by a theorem: membership and size without listing the boards.

    Subclasses give ``_has`` (membership of a bitset), ``_size``, ``sequence`` and ``_all`` (the
    boards, listed by a search where it fits); the fewest presses need the search.
    """

    method = "theory"
    _size: int

    def __len__(self) -> int:
        return self._size

    @property
    def size(self) -> int:
        return self._size

    def __contains__(self, state: object) -> bool:
        try:
            vector = self.puzzle.state_vector(state, name="state")  # type: ignore[arg-type]
        except InvalidStateError:
            return False
        return self._has(theory.bits_of(vector))

    def _has(self, bits: int) -> bool:  # pragma: no cover - every subclass tests membership
        raise NotImplementedError

    def _listable(self, which: str) -> int:
        """The number of nodes, when listing the boards ``which`` is not refused."""
        n = len(self.puzzle.nodes)
        if 2**n > DEFAULT_MAX_STATES:
            msg = (
                f"Listing the {self.size} boards {which} is refused (the puzzle has more than "
                "2**22 boards); test membership with `in` instead."
            )
            raise SearchLimitError(msg)
        return n

    def _all(self) -> np.ndarray:  # pragma: no cover - every subclass lists its boards
        raise NotImplementedError

    def __iter__(self) -> Iterator[dict[Hashable, int]]:
        for row in self._all():
            yield self.puzzle.as_dict(row)

    def vectors(self) -> np.ndarray:
        return self._all()

    def _needs_search(self, what: str) -> LightsOutError:
        msg = (
            f"{what} needs the search: this set comes from a theorem, whose sequences are "
            "built, not the shortest; call lit_only_solvable_states(..., "
            "method='search')."
        )
        return SearchLimitError(msg)

    def distance(self, state: StateLike) -> int | None:
        raise self._needs_search("The fewest lit-only presses")

    def distribution(self) -> dict[int, int]:
        raise self._needs_search("The distribution of the fewest lit-only presses")


class _ClearableStates(_TheoryStates):
    """The boards lit-only presses clear under the closed rule: by the theorem, ``im T``."""

    def __init__(self, puzzle: Puzzle, target: np.ndarray) -> None:
        self.puzzle = puzzle
        self.target = target
        quiet = linear_solve(puzzle, 0, target).quiet_vectors
        self._checks = [theory.bits_of(v) for v in quiet]  # T symmetric: left kernel = kernel
        self._rank = len(puzzle.nodes) - len(self._checks)
        self._size = 2**self._rank

    def _has(self, bits: int) -> bool:
        return not any((bits & c).bit_count() & 1 for c in self._checks)

    def _all(self) -> np.ndarray:
        n = self._listable("that lit-only presses clear")
        space = PackedSpace(n, 2)
        codes = np.arange(2**n, dtype=np.int64)
        keep = np.ones(codes.size, dtype=bool)
        for c in self._checks:
            keep &= np.bitwise_count(codes & np.int64(c)) % 2 == 0
        return space.decode_many(codes[keep])

    def sequence(self, state: StateLike) -> list[Hashable] | None:
        s = self.puzzle.state_vector(state, name="state")
        result = _closed_solve(self.puzzle, s, self.target)
        return result.sequence if result.reachable else None

    def __repr__(self) -> str:
        n = len(self.puzzle.nodes)
        return f"<LitOnlyStates (theory): 2**{self._rank} of 2**{n} boards reach the target>"


class _OrbitStates(_TheoryStates):
    """The boards that reach the target under the open rule: by the classification, its orbit.

    Lit-only presses of the open rule form a group, so the boards that reach the target are
    the boards it reaches: its orbit, the product of the components' orbits. Membership
    compares the orbit invariants (the level sets, or the token classes on line graphs) of
    each component; the size is exact; :meth:`sequence` builds replayed presses.
    """

    def __init__(
        self, puzzle: Puzzle, target: np.ndarray, th: theory.OpenTheory, size: int
    ) -> None:
        self.puzzle = puzzle
        self.target = target
        self._theory = th
        self._goal = theory.bits_of(target)
        self._size = size

    def _has(self, bits: int) -> bool:
        return not self._theory.separated(bits, self._goal)

    def _all(self) -> np.ndarray:
        self._listable("of this lit-only orbit")
        search = _Search(self.puzzle, DEFAULT_MAX_STATES)
        dist = search.backward(search.space.encode(self.target))
        return search.space.decode_many(np.flatnonzero(dist >= 0))

    def sequence(self, state: StateLike) -> list[Hashable] | None:
        result = lit_only_solve(self.puzzle, state, self.target)
        return result.sequence if result.reachable else None

    def __repr__(self) -> str:
        n = len(self.puzzle.nodes)
        return f"<LitOnlyStates (theory): an orbit of {self.size} of 2**{n} boards>"


@checks_puzzle
@functools.partial(fill_doc, docs=_DOCS)
def lit_only_solvable_states(
    puzzle: Puzzle,
    target: StateLike | None = None,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    method: str = "auto",
) -> LitOnlyStates:
    """Every board from which lit-only presses reach the target.

    Under the closed rule on an undirected graph at modulus 2, with the dark target, the set is
    given by the clearing theorem (see :func:`lit_only_solve`): the boards that ordinary presses
    clear, of any size; membership is a parity check, :meth:`LitOnlyStates.sequence`
    constructs presses, and the fewest presses (``distance``, ``distribution``) need
    ``method="search"``. Under the open rule (the σ-game) lit-only presses can be undone, so
    the set is the target's orbit, given by the classification at any size (see
    :func:`lit_only_orbit`): membership compares the orbit invariants, the size is exact, and
    the sequences are built. Otherwise a backward breadth-first search over all ``k**n``
    boards.

    Parameters
    ----------
    puzzle : Puzzle
    target : StateLike, optional
        The goal; default the puzzle's goal.
    %(search)s

    Returns
    -------
    LitOnlyStates
        The set (its ``method`` says how it was found), with the fewest presses from each of
        its boards when searched.

    Raises
    ------
    SearchLimitError
        When the puzzle has more than ``max_states`` boards.
    InvalidStateError
        A target that does not fit the puzzle.

    Examples
    --------
    >>> sets = lit_only_solvable_states(lo.grid(3, 3))
    >>> len(sets), sets.method, lo.analyze(lo.grid(3, 3)).solvable_states
    (512, 'theory', 512)
    >>> big = lit_only_solvable_states(lo.grid(100, 100))
    >>> big.size == 2**10_000, lo.random_board(lo.grid(100, 100), seed=3) in big
    (True, True)
    >>> pair = lit_only_solvable_states(lo.grid(1, 2))
    >>> len(pair), [1, 1] in pair, [1, 0] in pair
    (2, True, False)

    Under the open rule a press leaves its own light lit, so only the dark board clears; a lit
    target is reached from its orbit:

    >>> path = lo.Puzzle(nx.path_graph(4), rule="open")
    >>> len(lit_only_solvable_states(path)), lit_only_solvable_states(path).method
    (1, 'theory')
    >>> orbit = lit_only_solvable_states(lo.Puzzle(nx.path_graph(400), rule="open"), {0: 1})
    >>> orbit.size, {399: 1} in orbit, {1: 1} in orbit
    (401, True, False)
    """
    check_bound(max_states)
    t = _target(puzzle, target)
    found = lit_only_method(puzzle, method, question="states", clear=not t.any())
    if found == "closed":
        return _ClearableStates(puzzle, t)
    if found == "open":
        th = _theory(puzzle)
        size, _ = theory.exact_orbit_size(th, theory.bits_of(t), 0)  # None: a lit part unclassified
        if size is not None:
            return _OrbitStates(puzzle, t, th, size)
        if method == "theory":
            msg = (
                "No lit-only theorem classifies the orbit of this target (the searches for the "
                "certificates of a component gave up); use method='auto' or 'search'."
            )
            raise EngineError(msg)
    search = _Search(puzzle, max_states)
    dist = search.backward(search.space.encode(t))
    return LitOnlyStates(search, t, dist)


@functools.partial(fill_doc, docs=_DOCS)
def lit_only_reachable(
    puzzle: Puzzle,
    a: StateLike,
    b: StateLike,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    method: str = "auto",
) -> LitOnlyResult:
    """Whether lit-only presses take board ``a`` to board ``b``, with a sequence when they do.

    The same answer as ``lit_only_solve(puzzle, a, b)``; under the open rule (the σ-game)
    reachability is symmetric, as lit-only presses form a group. The theorems used are listed
    in :func:`lit_only_solve`.

    Parameters
    ----------
    puzzle : Puzzle
    a, b : StateLike
        The start and the goal.
    %(search)s

    Returns
    -------
    LitOnlyResult
        ``reachable``, a replayable ``sequence`` and the ``method`` that answered.

    Raises
    ------
    SearchLimitError
        When the theory does not decide and the search would pass ``max_states``.

    Examples
    --------
    >>> p = lo.Puzzle(nx.cycle_graph(6), rule="open")
    >>> r = lit_only_reachable(p, [1, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0])
    >>> r.reachable, r.method, r.verify()
    (True, 'theory', True)
    >>> lit_only_reachable(p, [1, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0]).reachable
    False
    """
    return lit_only_solve(puzzle, a, b, max_states=max_states, method=method)


@dataclass(frozen=True)
class LitOnlyOrbit:
    """The boards lit-only presses reach from one board, under the open rule over GF(2).

    Attributes
    ----------
    puzzle : Puzzle
    state : numpy.ndarray
        The board.
    invariants : list of tuple
        Per connected component (in the order of their first node): the products ``x·k`` with
        a basis of the adjacency matrix's kernel, and the Arf invariant of the quadratic
        invariant (``None`` where it is not defined). Boards with different invariants lie in
        different orbits (proof in :mod:`lightsout_graphs.algorithms.variants._lit_only_theory`).
    bound : int
        How many boards share those invariants: an upper bound on the orbit's size, proved.
    size : int or None
        The exact size: the bound itself on each connected component that the classification
        covers (see :func:`lit_only_solve`), a search of the component's boards elsewhere;
        None when a component is neither covered nor small enough to search.
    method : str
        ``"theory"`` when every lit component was covered by the classification (or the board
        is dark), ``"search"`` when one was searched.
    certificate : tuple of str
        Per connected component: the checked hypothesis of the classification (for instance
        ``"induced E6 on nodes ..."``), or ``""`` where it does not apply.

    Examples
    --------
    >>> o = lit_only_orbit(lo.Puzzle(nx.cycle_graph(5), rule="open"), [1, 0, 0, 0, 0])
    >>> o.size, o.bound
    (16, 16)
    >>> o
    <LitOnlyOrbit: 16 boards (theory), at most 16>
    """

    puzzle: Puzzle
    state: np.ndarray
    invariants: list[tuple[tuple[int, ...], int | None]]
    bound: int
    size: int | None
    method: str
    certificate: tuple[str, ...] = ()

    def __repr__(self) -> str:
        def short(value: int) -> str:
            return str(value) if value < 10**12 else f"about 2**{value.bit_length() - 1}"

        size = "unknown" if self.size is None else short(self.size)
        bound = short(self.bound)
        return f"<LitOnlyOrbit: {size} boards ({self.method}), at most {bound}>"


#: Each puzzle's lit-only theory, classified once (the certificate searches are the cost).
_THEORIES = PuzzleCache()


def _theory(puzzle: Puzzle) -> theory.OpenTheory:
    """The open rule's theory of ``puzzle``, built the first time it is asked.

    Each component is classified once, under the search budgets of
    :mod:`~lightsout_graphs.algorithms.variants._lit_only_theory` at that time.
    """
    return _THEORIES.get(puzzle, "open", lambda: theory.OpenTheory(puzzle.toggle_matrix()))


def _open_theory(puzzle: Puzzle, what: str) -> theory.OpenTheory:
    if lit_only_method(puzzle) != "open":
        msg = (
            f"{what} is defined for the open rule (the lit-only σ-game) at modulus 2 on an "
            "undirected graph with every node a pressable light, where lit-only presses can "
            "be undone; this puzzle is not one."
        )
        raise InvalidPuzzleError(msg)
    return _theory(puzzle)


@checks_puzzle
def lit_only_orbit(
    puzzle: Puzzle, state: StateLike, *, max_states: int = DEFAULT_MAX_STATES
) -> LitOnlyOrbit:
    """The orbit of a board under lit-only presses (open rule, modulus 2): invariants and size.

    Each connected component is answered on its own (the orbit is the product of the
    components' orbits): by the classification where its hypotheses hold (the size is then
    the number of boards sharing the invariants, see :func:`lit_only_solve`), by a search of
    the component's boards elsewhere.

    Parameters
    ----------
    puzzle : Puzzle
        An open-rule puzzle on an undirected graph, modulus 2.
    state : StateLike
        The board.
    max_states : int, default 2**22
        The largest number of boards per connected component a search may cover.

    Returns
    -------
    LitOnlyOrbit
        The proved invariants and bound (any size), the exact size and how it was found.

    Raises
    ------
    InvalidPuzzleError
        For a puzzle that is not an open-rule puzzle at modulus 2 on an undirected graph.

    Examples
    --------
    >>> p = lo.Puzzle(nx.path_graph(4), rule="open")
    >>> o = lit_only_orbit(p, [1, 0, 0, 0])
    >>> o.size, o.bound, o.method  # a line graph: tokens on a path of 5 vertices
    (5, 5, 'theory')
    >>> big = lit_only_orbit(lo.Puzzle(nx.grid_2d_graph(20, 20), rule="open"), {(0, 0): 1})
    >>> big.size == big.bound == 2**380, big.method
    (True, 'theory')
    """
    bound_states = check_bound(max_states)
    th = _open_theory(puzzle, "A lit-only orbit")
    s = puzzle.state_vector(state, name="state")
    x = theory.bits_of(s)
    bound = th.level_size(x)
    size, method = theory.exact_orbit_size(th, x, bound_states)
    reasons = tuple(_reason(puzzle, part) for part in th.components)
    return LitOnlyOrbit(puzzle, s, th.invariants(x), bound, size, method, reasons)


@checks_puzzle
def min_light_number(puzzle: Puzzle, *, max_states: int = DEFAULT_MAX_STATES) -> int:
    """The fewest lit lights every board can be brought down to by lit-only presses (open rule).

    The smallest m such that from every board, lit-only presses reach a board with at most m
    lit lights (Wang and Wu, Theoret. Comput. Sci. 381 (2007), who prove m <= ceil(l/2) on a
    tree with l leaves; Huang, arXiv:1209.1233, proves m <= 2 on nondegenerate graphs that are
    not line graphs). Components add up. Where the orbits are the level sets of the invariants
    (see :func:`lit_only_solve`) it comes from the least weights of the ``2**d`` cosets of the
    adjacency matrix's image (``d`` the kernel's dimension, up to 28, in about ``48 * 2**d``
    bytes); on a line graph of a multigraph ``Δ`` from the fewest edges leaving a set of ``w``
    vertices of ``Δ`` and the coset leaders of its cut code (``2**c`` cosets, ``c`` its cycle
    rank). Components out of both reaches are searched, sorting their boards into orbits.

    Parameters
    ----------
    puzzle : Puzzle
        An open-rule puzzle on an undirected graph, modulus 2.
    max_states : int, default 2**22
        The largest number of boards per connected component a search may cover.

    Returns
    -------
    int

    Raises
    ------
    InvalidPuzzleError
        For a puzzle that is not an open-rule puzzle at modulus 2 on an undirected graph.
    SearchLimitError
        When a component needs the search and has more than ``max_states`` boards.

    Examples
    --------
    >>> min_light_number(lo.Puzzle(nx.star_graph(4), rule="open"))  # 4 leaves: ceil(4/2)
    2
    >>> min_light_number(lo.Puzzle(nx.petersen_graph(), rule="open"))
    4
    >>> min_light_number(lo.Puzzle(nx.grid_2d_graph(12, 12), rule="open"))  # by the theory
    6
    """
    bound_states = check_bound(max_states)
    th = _open_theory(puzzle, "The minimum light number")
    widths = [
        len(part.kernel) if part.tokens is None else part.tokens.syndrome_bits
        for part in th.components
        if theory.classify(part)
    ]
    for bits in widths:
        if bits <= theory.MAX_COSET_BITS:
            check_memory(
                (48 << bits) + theory.LEADER_STEP_BYTES,
                f"the coset leaders of 2**{bits} cosets",
                "the minimum light number by the theory sorts 2**d cosets in about 48 * 2**d "
                "bytes; raise the budget (zk.set_memory_budget) for larger kernels",
            )
    found, _ = theory.exact_min_light_number(th, bound_states)
    if found is None:
        largest = max(len(part.nodes) for part in th.components)
        wide = max(widths, default=0)
        why = (
            f"the classification covers a component whose orbits need {wide} bits of "
            f"syndrome (its 2**{wide} cosets are more than the 2**{theory.MAX_COSET_BITS} it "
            "sorts), "
            if wide > theory.MAX_COSET_BITS
            else "the fewest lights of a component's orbits are out of the theory's reach (a "
            "minimum cut of a given size on a large root graph with many cycles), "
        )
        route = (
            f"pass max_states={2**largest}"
            if largest <= 40
            else "no search covers that many boards"
        )
        msg = (
            f"The minimum light number is out of reach: {why}and searching means sorting all "
            f"2**{largest} boards of the largest component into orbits, more than "
            f"max_states={max_states}; {route}."
        )
        raise SearchLimitError(msg)
    return found
