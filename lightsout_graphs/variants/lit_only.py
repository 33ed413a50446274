"""The lit-only variant: a button may be pressed only while its own light is lit (non-zero).

The allowed presses depend on the board, so the variant is not linear and the order of the
presses matters. It is solved by breadth-first search over all ``k**n`` boards, each packed into
one integer (a bit per light for k = 2, a base-k digit per light otherwise) and expanded a whole
BFS level at a time with numpy. The search refuses puzzles with more than ``max_states`` boards;
the bound can be raised (memory is a few bytes per board).

Links with the linear puzzle: the net effect of a lit-only press sequence is the press vector
that counts how often each node was pressed, so a board that the lit-only search clears is also
solvable by :func:`lightsout_graphs.solve`, with at most as many presses as the sequence.
Under the closed rule on an undirected graph the converse held on every graph the tests tried:
the lit-only restriction did not change which boards can be turned off. On directed graphs it
can (the tests keep an example), and under the open rule a press leaves its own lit button lit,
so no lit board can ever be cleared.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

import numpy as np

from lightsout_graphs.errors import InvalidStateError, LightsOutError, SearchLimitError
from lightsout_graphs.memory import check_memory
from lightsout_graphs.puzzle import Puzzle, StateLike, check_puzzle
from lightsout_graphs.statespace import PackedSpace, check_bound

__all__ = [
    "DEFAULT_MAX_STATES",
    "LitOnlyResult",
    "LitOnlyStates",
    "lit_only_solvable_states",
    "lit_only_solve",
]

#: The default bound on the number of boards (``k**n``) a lit-only search may cover.
DEFAULT_MAX_STATES = 2**22

_UNSEEN = -1
_START = -2


class _Search:
    """The packed board space of a puzzle with one prepared column per pressable node."""

    def __init__(self, puzzle: Puzzle, max_states: int) -> None:
        bound = check_bound(max_states)
        if not puzzle.all_lights:
            from lightsout_graphs.errors import InvalidPuzzleError

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
        The nodes to press, in order: a shortest sequence (empty when unreachable).
    explored : int
        How many boards the search reached before it stopped.

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> result = lit_only_solve(lo.grid(1, 3), [1, 0, 0])
    >>> result.reachable, result.sequence
    (True, [(0, 0), (0, 1), (0, 2), (0, 0)])
    """

    puzzle: Puzzle
    state: np.ndarray
    target: np.ndarray
    reachable: bool
    sequence: list[Hashable] = field(default_factory=list)
    explored: int = 0

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
            or if the result says the target is unreachable.

        Examples
        --------
        >>> lit_only_solve(lo.grid(2, 2), 1).verify()
        True
        """
        if not self.reachable:
            msg = "The target is not reachable with lit-only presses; there is nothing to replay."
            raise LightsOutError(msg)
        board = self.puzzle.as_dict(self.state)
        for step, node in enumerate(self.sequence):
            if board[node] == 0:
                msg = f"Press {step} is on node {node!r}, whose light is off."
                raise LightsOutError(msg)
            board = self.puzzle.press(board, node)
        if list(board.values()) != [int(v) for v in self.target]:
            msg = "The lit-only sequence does not reach the target."
            raise LightsOutError(msg)
        return True

    def __repr__(self) -> str:
        if not self.reachable:
            return f"<LitOnlyResult: unreachable, {self.explored} boards explored>"
        return f"<LitOnlyResult: {self.num_presses} presses, {self.explored} boards explored>"


def _target(puzzle: Puzzle, target: StateLike | None) -> np.ndarray:
    if target is None:
        return np.asarray(puzzle.goal, dtype=np.int64) % puzzle.modulus
    return puzzle.state_vector(target, name="target")


def lit_only_solve(
    puzzle: Puzzle,
    state: StateLike,
    target: StateLike | None = None,
    *,
    max_states: int = DEFAULT_MAX_STATES,
) -> LitOnlyResult:
    """Find a shortest sequence of lit-only presses from ``state`` to ``target``.

    Each press must be on a pressable node whose light is non-zero at the moment of the press,
    and adds that node's column of the toggle matrix to the board (one press, mod k).

    Parameters
    ----------
    puzzle : Puzzle
    state : StateLike
        The starting board.
    target : StateLike, optional
        The goal; default the puzzle's goal (all 0 unless the catalog says otherwise).
    max_states : int, default 2**22
        The largest number of boards, ``k**n``, the search may cover.

    Returns
    -------
    LitOnlyResult
        ``reachable``, a shortest ``sequence`` of nodes, and how many boards were explored.

    Raises
    ------
    SearchLimitError
        When the puzzle has more than ``max_states`` boards; the message gives the value of
        ``max_states`` that would allow the search.
    InvalidStateError
        A state or target that does not fit the puzzle.

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
    """
    check_puzzle(puzzle)
    search = _Search(puzzle, max_states)
    s = puzzle.state_vector(state, name="state")
    t = _target(puzzle, target)
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

    def __init__(self, search: _Search, target: np.ndarray, dist: np.ndarray) -> None:
        self.puzzle = search.puzzle
        self.target = target
        self._search = search
        self._dist = dist
        self._codes = np.flatnonzero(dist >= 0)

    def __len__(self) -> int:
        return int(self._codes.size)

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
        >>> lit_only_solvable_states(lo.grid(1, 2)).vectors().tolist()
        [[0, 0], [1, 1]]
        """
        return self._search.space.decode_many(self._codes)

    def distance(self, state: StateLike) -> int | None:
        """The fewest lit-only presses from ``state`` to the target, or None if unreachable.

        Examples
        --------
        >>> sets = lit_only_solvable_states(lo.grid(3, 3))
        >>> sets.distance({(1, 1): 1}), sets.distance({(0, 0): 1})
        (5, 9)
        >>> lit_only_solvable_states(lo.grid(1, 2)).distance([1, 0]) is None
        True
        """
        d = int(self._dist[self._code(state)])
        return None if d < 0 else d

    def sequence(self, state: StateLike) -> list[Hashable] | None:
        """A shortest lit-only press sequence from ``state`` to the target, or None.

        Examples
        --------
        >>> lit_only_solvable_states(lo.grid(1, 3)).sequence([1, 1, 0])
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
        >>> lit_only_solvable_states(lo.grid(1, 3)).distribution()
        {0: 1, 1: 3, 2: 1, 3: 1, 4: 2}
        """
        counts = np.bincount(self._dist[self._codes])
        return {d: int(c) for d, c in enumerate(counts) if c}

    def __repr__(self) -> str:
        total = self._search.space.size
        return f"<LitOnlyStates: {len(self)} of {total} boards reach the target>"


def lit_only_solvable_states(
    puzzle: Puzzle,
    target: StateLike | None = None,
    *,
    max_states: int = DEFAULT_MAX_STATES,
) -> LitOnlyStates:
    """Every board from which lit-only presses reach the target, by a backward search.

    Parameters
    ----------
    puzzle : Puzzle
    target : StateLike, optional
        The goal; default the puzzle's goal.
    max_states : int, default 2**22
        The largest number of boards, ``k**n``, the search may cover.

    Returns
    -------
    LitOnlyStates
        The set, with the fewest presses from each of its boards.

    Raises
    ------
    SearchLimitError
        When the puzzle has more than ``max_states`` boards.
    InvalidStateError
        A target that does not fit the puzzle.

    Examples
    --------
    >>> sets = lit_only_solvable_states(lo.grid(3, 3))
    >>> len(sets), lo.analyze(lo.grid(3, 3)).solvable_states
    (512, 512)
    >>> pair = lit_only_solvable_states(lo.grid(1, 2))
    >>> len(pair), [1, 1] in pair, [1, 0] in pair
    (2, True, False)

    Under the open rule a press leaves its own light lit, so only the dark board clears:

    >>> len(lit_only_solvable_states(lo.Puzzle(nx.path_graph(4), rule="open")))
    1
    """
    check_puzzle(puzzle)
    search = _Search(puzzle, max_states)
    t = _target(puzzle, target)
    dist = search.backward(search.space.encode(t))
    return LitOnlyStates(search, t, dist)
