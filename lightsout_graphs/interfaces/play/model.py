"""The data a play page needs: lights, layout, toggle columns, colours, boards and solutions.

:func:`play_data` turns a :class:`~lightsout_graphs.representation.puzzle.Puzzle` into one JSON-ready dict
that the front end (``static/play.js``) reads. The page does no linear algebra of its own: it
receives each pressable node's toggle column ``T[:, u]`` and the modulus, so a press changes
exactly what the library's toggle rule says, and for every starting board a solution ``x0``
(from :func:`lightsout_graphs.solve`, or from the random presses that made the board), so the
presses that remain are ``(x0 - presses made) mod k``. When the puzzle has quiet patterns and
the solution coset is small, their generators travel too and the page enumerates the coset to
show the fewest presses.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError, Unsolvable
from lightsout_graphs.representation._describe import node_json, node_label, puzzle_label
from lightsout_graphs.representation._layout import node_positions, square_shape
from lightsout_graphs.representation.puzzle import Puzzle, StateLike, check_puzzle

__all__ = [
    "MAX_COSET",
    "MAX_PLAY_LIGHTS",
    "MAX_PLAY_MODULUS",
    "board_solution",
    "play_data",
    "quiet_data",
]

#: Largest solution coset (number of press vectors solving a board) the page enumerates to show
#: the fewest presses.
MAX_COSET = 2**16

#: Largest modulus the page plays (its arithmetic runs on JavaScript numbers).
MAX_PLAY_MODULUS = 2**16

#: Most lights a page holds: one SVG element each, redrawn on every press (a 256×256 board).
MAX_PLAY_LIGHTS = 2**16


def _scaled(
    puzzle: Puzzle, positions: Mapping[Hashable, tuple[float, float]]
) -> tuple[np.ndarray, float]:
    """Scale positions so neighbouring lights sit about one unit apart; return the light radius."""
    pts = np.array([positions[u] for u in puzzle.nodes], dtype=float)
    pts[:, 1] = -pts[:, 1]  # SVG's y points down
    n = len(pts)
    if n == 1:
        return np.zeros((1, 2)), 0.36
    from scipy.spatial import cKDTree

    dist, _ = cKDTree(pts).query(pts, k=2)
    nearest = float(np.min(dist[:, 1]))
    extent = float(np.max(np.ptp(pts, axis=0)))
    if nearest <= 1e-9 * max(extent, 1.0):
        msg = "Two lights share one position; give the nodes distinct 'pos' attributes."
        raise InvalidPuzzleError(msg)
    scale = 1.0 / nearest
    span = 3.0 * math.sqrt(n) + 4.0  # keep sparse layouts from growing without bound
    if extent * scale > span:
        scale = span / extent
    radius = float(min(0.36, max(0.12, 0.36 * nearest * scale)))
    pts = (pts - pts.min(axis=0)) * scale
    return pts, radius


def board_solution(puzzle: Puzzle, board: np.ndarray) -> list[int] | None:
    """Solve a starting board for the page: a press count per node, in node order.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    board : numpy.ndarray
        The starting state in node order; the target is ``puzzle.goal``.

    Returns
    -------
    list of int or None
        A solution in node order (0 on unpressable nodes), or ``None`` when the board cannot
        reach the goal.

    Examples
    --------
    >>> board_solution(lo.grid(1, 3), np.array([1, 1, 0]))
    [1, 0, 0]
    >>> board_solution(lo.grid(1, 2), np.array([1, 0])) is None
    True
    """
    import lightsout_graphs as lo

    try:
        sol = lo.solve(puzzle, board, puzzle.goal)
    except Unsolvable:
        return None
    return sol.vector.tolist()


def quiet_data(puzzle: Puzzle) -> dict[str, Any]:
    """The quiet patterns as the page needs them to show the fewest presses.

    Every solvable board has the same number of solutions: one per quiet pattern (presses that
    change nothing). When that number is at most :data:`MAX_COSET`, the generators of the quiet
    patterns and their orders are included, and the page enumerates the solutions.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.

    Returns
    -------
    dict
        The keys of :meth:`Solution.to_dict` and :class:`Analysis`: ``{"num_quiet_patterns":
        number of quiet patterns, "quiet_vectors": [[count per node], ...], "quiet_orders":
        [...]}``; the vectors and orders are empty when the number is 1 or too large to
        enumerate.

    Examples
    --------
    >>> quiet_data(lo.grid(1, 2))
    {'num_quiet_patterns': 2, 'quiet_vectors': [[1, 1]], 'quiet_orders': [2]}
    >>> quiet_data(lo.grid(3, 3))["num_quiet_patterns"]
    1
    """
    import lightsout_graphs as lo

    sol = lo.solve(puzzle, puzzle.goal, puzzle.goal)
    count = int(sol.num_quiet_patterns)
    out: dict[str, Any] = {"num_quiet_patterns": count, "quiet_vectors": [], "quiet_orders": []}
    if 1 < count <= MAX_COSET and count * puzzle.n <= 50_000_000:
        out["quiet_vectors"] = [[int(v) for v in gen] for gen in sol.quiet_vectors]
        out["quiet_orders"] = [int(o) for o in sol.quiet_orders]
    return out


def _random_board(puzzle: Puzzle, rng: np.random.Generator) -> tuple[np.ndarray, list[int]]:
    """A random starting board other than the goal, and presses in node order that solve it.

    Linear puzzles draw the board uniformly from the boards that can reach the goal
    (:func:`lightsout_graphs.random_board`). Under the lit-only rule the presses are taken
    backwards from the goal, each one legal when replayed forwards.
    """
    k = puzzle.modulus
    if not puzzle.lit_only:
        from lightsout_graphs.algorithms.sampling import random_board

        board = random_board(puzzle, rng)
        for _ in range(20):
            if np.any(board != puzzle.goal):
                break
            board = random_board(puzzle, rng)
        solution = board_solution(puzzle, board)  # the board lives on the lights
        assert solution is not None  # a reachable board always has a solution
        return _node_space(puzzle, board), solution
    t = puzzle.toggle_matrix().tocsc()
    lit = _node_space(puzzle, np.ones(puzzle.n, dtype=np.int64))  # unlit buttons never change
    cols = {u: t[:, [puzzle.index[u]]].toarray().ravel() * lit for u in puzzle.pressable}
    goal = _node_space(puzzle, puzzle.goal)
    board = goal.copy()
    x = np.zeros(len(puzzle.nodes), dtype=np.int64)
    for _ in range(20):
        board = goal.copy()
        x[:] = 0
        for _step in range(2 * puzzle.n + 4):
            legal = [u for u in puzzle.pressable if (board - cols[u])[puzzle.index[u]] % k]
            if not legal:
                break
            u = legal[int(rng.integers(len(legal)))]
            board = (board - cols[u]) % k
            x[puzzle.index[u]] = (x[puzzle.index[u]] + 1) % k
        if np.any(board != goal):
            break
    return np.asarray(board, dtype=np.int64), [int(v) for v in x]


def _node_space(puzzle: Puzzle, state: np.ndarray) -> np.ndarray:
    """A state over the lights as one value per node (0 on buttons without lights)."""
    if puzzle.all_lights:
        return np.asarray(state, dtype=np.int64).copy()
    out = np.zeros(len(puzzle.nodes), dtype=np.int64)
    out[puzzle.light_rows] = state
    return out


def play_data(
    puzzle: Puzzle,
    *,
    board: str | None = None,
    state: StateLike | None = None,
    seed: int | None = None,
    title: str | None = None,
) -> dict[str, Any]:
    """Everything the play page and the notebook widget need, as one JSON-ready dict.

    Parameters
    ----------
    puzzle : Puzzle
        Any puzzle, any modulus up to :data:`MAX_PLAY_MODULUS`.
    board : str, optional
        The name of the starting board among ``puzzle.boards``. Default: the first named board,
        or, when the puzzle has none, a random board made by pressing from the goal.
    state : StateLike, optional
        Start from this board instead (listed as ``"given board"`` after the named boards).
    seed : int, optional
        Seed of that random starting board and of the layout (default 0).
    title : str, optional
        The page's heading. Default: the puzzle's title, name, or a description of it.

    Returns
    -------
    dict
        Keys ``title``, ``description``, ``modulus``, ``rule``, ``litOnly``, ``directed``,
        ``nodes`` (labels as JSON), ``labels`` (their ``repr``), ``x``/``y``/``radius`` (layout in
        units of one light spacing), ``shape`` (``"tile"`` or ``"circle"``), ``edges``,
        ``columns`` (per node: ``[[light index, amount], ...]`` = ``T[:, u]``, or ``None`` when
        the node is not pressable), ``colors`` (names or ``None``), ``goal``, ``boards`` (each
        ``{"name", "state", "solution"}``), ``start`` (index of the starting board) and
        ``kernel`` (see :func:`quiet_data`). States hold one value per node; when some
        buttons carry no light, ``lit`` (one bool per node) marks the lights, and the other
        nodes stay at 0.

    Raises
    ------
    InvalidPuzzleError
        A modulus above :data:`MAX_PLAY_MODULUS`, more lights than :data:`MAX_PLAY_LIGHTS`,
        or node positions that coincide.
    InvalidStateError
        ``board`` names no board of the puzzle, ``state`` is not a state of it, or both are
        given.

    Examples
    --------
    >>> data = play_data(lo.grid(2, 2))
    >>> data["nodes"][:2], data["shape"], data["modulus"]
    ([[0, 0], [0, 1]], 'tile', 2)
    >>> data["columns"][0]  # pressing (0, 0) changes lights 0, 1 and 2 by 1
    [[0, 1], [1, 1], [2, 1]]
    """
    k = check_puzzle(puzzle).modulus
    if k > MAX_PLAY_MODULUS:
        msg = f"The play page handles moduli up to {MAX_PLAY_MODULUS}, not {k}."
        raise InvalidPuzzleError(msg)
    if puzzle.n > MAX_PLAY_LIGHTS:
        msg = (
            f"The play page holds at most {MAX_PLAY_LIGHTS:,} lights (a 256×256 board), not "
            f"{puzzle.n:,}; play a smaller board, or solve this one with `lightsout solve`."
        )
        raise InvalidPuzzleError(msg)
    if board is not None and board not in puzzle.boards:
        known = ", ".join(sorted(puzzle.boards)) or "none"
        msg = f"Argument 'board' is {board!r}, which is not a board of the puzzle (known: {known})."
        raise InvalidStateError(msg)
    if board is not None and state is not None:
        msg = f"Give a starting 'board' name or a 'state', not both (board={board!r})."
        raise InvalidStateError(msg)
    given = None if state is None else puzzle.state_vector(state)
    seed = 0 if seed is None else int(seed)
    positions = node_positions(puzzle, seed=seed)
    pts, radius = _scaled(puzzle, positions)
    index = puzzle.index
    edges = [[index[u], index[v]] for u, v in puzzle.graph.edges()]
    on_lattice = bool(np.all(np.abs(pts - np.round(pts)) < 1e-6))
    shape = "tile" if square_shape(puzzle) is not None and on_lattice else "circle"

    t = puzzle.toggle_matrix().tocsc()
    lit = _node_space(puzzle, np.ones(puzzle.n, dtype=np.int64))
    columns: list[list[list[int]] | None] = [None] * len(puzzle.nodes)
    for j in puzzle.press_columns.tolist():  # T[:, u] as [[light, amount], ...]
        span = slice(t.indptr[j], t.indptr[j + 1])
        entries = sorted(zip(t.indices[span].tolist(), (t.data[span] % k).tolist(), strict=True))
        columns[j] = [[r, v] for r, v in entries if v and lit[r]]

    def entry(name: str, vec: np.ndarray) -> dict[str, Any]:
        state = _node_space(puzzle, vec).tolist()
        return {"name": name, "state": state, "solution": board_solution(puzzle, vec)}

    boards = [entry(name, np.asarray(b, dtype=np.int64)) for name, b in puzzle.boards.items()]
    if given is not None:
        boards.append(entry("given board", given))
        start = len(boards) - 1
    elif boards:
        start = 0 if board is None else list(puzzle.boards).index(board)
    else:
        made, solution = _random_board(puzzle, np.random.default_rng(seed))  # one value per node
        boards.append({"name": "random", "state": made.tolist(), "solution": solution})
        start = 0

    heading = title or puzzle_label(puzzle)
    out: dict[str, Any] = {
        "title": str(heading),
        "description": str(puzzle.description or ""),
        "modulus": k,
        "rule": puzzle.rule,
        "litOnly": bool(puzzle.lit_only),
        "directed": bool(puzzle.graph.is_directed()),
        "nodes": [node_json(u) for u in puzzle.nodes],
        "labels": [node_label(u) for u in puzzle.nodes],
        "x": [round(float(v), 4) for v in pts[:, 0]],
        "y": [round(float(v), 4) for v in pts[:, 1]],
        "radius": round(radius, 4),
        "shape": shape,
        "edges": edges,
        "columns": columns,
        "colors": list(puzzle.colors) if puzzle.colors else None,
        "goal": _node_space(puzzle, puzzle.goal).tolist(),
        "boards": boards,
        "start": start,
        "kernel": quiet_data(puzzle),
    }
    if not puzzle.all_lights:  # buttons without lights: drawn hollow, never a light
        out["lit"] = [bool(v) for v in lit]
    return out
