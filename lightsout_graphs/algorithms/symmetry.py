"""Symmetries of a puzzle and the solutions of a board grouped into orbits under them.

A symmetry is a permutation σ of the nodes that keeps the toggle rule: ``T[σv, σu] = T[v, u]``
for all nodes (a press of σu does to σv what a press of u does to v), and that maps pressable
nodes to pressable nodes. Grids know their symmetries (the signed permutations of the axes: the
dihedral group of the rectangle or square in 2-D); every other puzzle is matched against itself
with networkx's VF2 isomorphism search, on a graph labelled with the toggle amounts.

If ``x`` solves ``T x ≡ target − state`` and σ fixes ``target − state``, then σ(x) solves the
same board, so the symmetries that fix the board act on its solutions; :func:`all_solutions`
lists the orbits of that action.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, cast

import networkx as nx
import numpy as np
import scipy.sparse as sp
from networkx.algorithms.isomorphism import DiGraphMatcher, GraphMatcher

from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core._counts import count_text
from lightsout_graphs.core._memory import check_memory
from lightsout_graphs.core.errors import (
    InvalidPuzzleError,
    SearchLimitError,
    Unsolvable,
    require_int,
)
from lightsout_graphs.core.zk import coset_blocks
from lightsout_graphs.representation.puzzle import Puzzle, StateLike, checks_puzzle

__all__ = ["all_solutions", "is_symmetry", "symmetries"]

#: What this module computes per puzzle (see :mod:`lightsout_graphs.core._cache`).
_CACHE = PuzzleCache()

#: The default bound on the number of symmetries :func:`symmetries` lists.
DEFAULT_MAX_SYMMETRIES = 100_000

#: The default bound on the number of solutions :func:`all_solutions` enumerates.
DEFAULT_MAX_SOLUTIONS = 2**16

Permutation = dict[Hashable, Hashable]


def _check_count(value: object, name: str) -> int:
    return require_int(value, name, minimum=1, error=SearchLimitError)


def _pressable_mask(puzzle: Puzzle) -> np.ndarray:
    mask = np.zeros(len(puzzle.nodes), dtype=bool)
    mask[[puzzle.index[u] for u in puzzle.pressable]] = True
    return mask


def _preserves(puzzle: Puzzle, perm: np.ndarray) -> bool:
    """Whether the index permutation ``perm`` (i -> index of σ(node i)) keeps the puzzle."""
    t = puzzle.toggle_matrix()
    moved = sp.csr_array(t[perm][:, perm])
    if (moved != t).nnz:
        return False
    mask = _pressable_mask(puzzle)
    if not puzzle.all_lights:  # a symmetry also maps lights to lights
        lit = np.zeros(len(puzzle.nodes), dtype=bool)
        lit[puzzle.light_rows] = True
        if not np.array_equal(lit[perm], lit):
            return False
    return bool(np.array_equal(mask[perm], mask))


def _as_index(puzzle: Puzzle, perm: Mapping[Hashable, Hashable], where: str) -> np.ndarray:
    """Turn a dict node -> node into an index permutation, checking that it is a bijection."""
    if not isinstance(perm, Mapping):
        msg = f"{where} must be a dict node -> node, not {type(perm).__name__}."
        raise InvalidPuzzleError(msg)
    n = len(puzzle.nodes)
    out = np.empty(n, dtype=np.int64)
    for i, node in enumerate(puzzle.nodes):
        if node not in perm:
            msg = f"{where} does not map node {node!r}."
            raise InvalidPuzzleError(msg)
        image = perm[node]
        try:
            known = image in puzzle.index
        except TypeError:  # an unhashable image
            known = False
        if not known:
            msg = f"{where} maps {node!r} to {image!r}, which is not a node of the puzzle."
            raise InvalidPuzzleError(msg)
        out[i] = puzzle.index[image]
    if len(perm) != n or len(set(out.tolist())) != n:
        msg = f"{where} is not a permutation of the puzzle's {n} nodes."
        raise InvalidPuzzleError(msg)
    return out


@checks_puzzle
def is_symmetry(puzzle: Puzzle, perm: Mapping[Hashable, Hashable]) -> bool:
    """Whether a permutation of the nodes keeps the toggle rule and the pressable nodes.

    Parameters
    ----------
    puzzle : Puzzle
    perm : dict
        node -> node, a bijection of the puzzle's nodes.

    Returns
    -------
    bool
        True when ``T[σv, σu] = T[v, u]`` for all nodes and σ maps pressable nodes to
        pressable nodes.

    Raises
    ------
    InvalidPuzzleError
        If ``perm`` is not a bijection of the nodes.

    Examples
    --------
    >>> p = lo.Puzzle(nx.path_graph(3))
    >>> is_symmetry(p, {0: 2, 1: 1, 2: 0}), is_symmetry(p, {0: 1, 1: 0, 2: 2})
    (True, False)
    """
    return _preserves(puzzle, _as_index(puzzle, perm, "Argument 'perm'"))


def _grid_shape(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The side lengths when the puzzle is a box whose symmetries are geometric (the planner's
    ``box isometries`` engine), checked against the node labels."""
    from lightsout_graphs.algorithms.planner import box_shape

    shape = box_shape(puzzle)
    if shape is None:
        return None
    cells = set(itertools.product(*(range(s) for s in shape)))
    if len(cells) != len(puzzle.nodes) or any(node not in cells for node in puzzle.nodes):
        return None
    return shape


def _grid_candidates(puzzle: Puzzle, shape: tuple[int, ...]) -> dict[tuple[int, ...], bool]:
    """The isometries of the box: index permutation -> whether it is a rotation (proper)."""
    d = len(shape)
    out: dict[tuple[int, ...], bool] = {}
    for axes in itertools.permutations(range(d)):
        if any(shape[a] != shape[axes[a]] for a in range(d)):
            continue
        inversions = sum(1 for i in range(d) for j in range(i + 1, d) if axes[i] > axes[j])
        for flips in itertools.product((False, True), repeat=d):
            proper = (inversions + sum(flips)) % 2 == 0
            perm = []
            for node in puzzle.nodes:
                cell = cast(tuple[int, ...], node)
                image = tuple(
                    shape[a] - 1 - cell[axes[a]] if flips[a] else cell[axes[a]] for a in range(d)
                )
                perm.append(puzzle.index[image])
            key = tuple(perm)
            out[key] = out.get(key, False) or proper
    return out


def _labelled_graph(puzzle: Puzzle) -> nx.Graph:
    """The toggle matrix as a graph: node label (own amount, pressable), edge label amount."""
    matrix = puzzle.toggle_matrix()
    t = sp.coo_array(matrix)
    symmetric = (matrix != matrix.T).nnz == 0
    g: nx.Graph = nx.Graph() if symmetric else nx.DiGraph()
    mask = _pressable_mask(puzzle)
    diag = matrix.diagonal()
    for i in range(len(puzzle.nodes)):
        g.add_node(i, label=(int(diag[i]), bool(mask[i])))
    for v, u, a in zip(t.row.tolist(), t.col.tolist(), t.data.tolist(), strict=True):
        if u != v:
            g.add_edge(u, v, label=int(a))
    return g


def _same_label(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(a["label"] == b["label"])


def _off_diagonal(matrix: sp.csr_array, i: int) -> dict[int, int]:
    """Row ``i`` of a CSR matrix as column -> amount, without its diagonal entry."""
    start, stop = matrix.indptr[i], matrix.indptr[i + 1]
    cols, amounts = matrix.indices[start:stop].tolist(), matrix.data[start:stop].tolist()
    return {int(j): int(a) for j, a in zip(cols, amounts, strict=True) if j != i}


def _twin_classes(puzzle: Puzzle) -> list[list[int]]:
    """Disjoint sets of nodes any two of which may swap: every permutation of a set is a symmetry.

    Two nodes swap when their rows and columns of the toggle matrix agree off themselves and
    they are not joined (open twins), or when they are joined by their own amount and agree
    on the rest (closed twins, such as the nodes of a clique).
    """
    t = sp.csr_array(puzzle.toggle_matrix())
    tt = sp.csr_array(t.T)
    mask = _pressable_mask(puzzle)
    diag = t.diagonal()
    groups: dict[tuple[Any, ...], list[int]] = {}
    for i in range(t.shape[0]):
        row, col = _off_diagonal(t, i), _off_diagonal(tt, i)
        label = (int(diag[i]), bool(mask[i]))
        groups.setdefault(
            ("open", label, frozenset(row.items()), frozenset(col.items())), []
        ).append(i)
        if diag[i]:
            own = {i: int(diag[i])}
            key = (
                "closed",
                label,
                frozenset({**row, **own}.items()),
                frozenset({**col, **own}.items()),
            )
            groups.setdefault(key, []).append(i)
    used: set[int] = set()
    classes = []
    for members in sorted(groups.values(), key=len, reverse=True):
        if len(members) > 1 and not used.intersection(members):
            classes.append(members)
            used.update(members)
    return classes


def _at_least(puzzle: Puzzle, max_count: int) -> int:
    """A lower bound on the number of symmetries from the twin classes (stops past max_count)."""
    count = 1
    for members in _twin_classes(puzzle):
        for m in range(2, len(members) + 1):
            count *= m
            if count > max_count:
                return count
    return count


def _matched(puzzle: Puzzle, max_count: int) -> list[tuple[int, ...]]:
    least = _at_least(puzzle, max_count)
    if least > max_count:  # the nodes that swap freely already give too many: refuse at once
        msg = (
            f"The puzzle has more than max_count={max_count} symmetries (at least {least}, "
            "from nodes that may swap freely); pass a larger max_count to list them all."
        )
        raise SearchLimitError(msg)
    g = _labelled_graph(puzzle)
    matcher_type = DiGraphMatcher if g.is_directed() else GraphMatcher
    matcher = matcher_type(g, g, node_match=_same_label, edge_match=_same_label)
    found: list[tuple[int, ...]] = []
    n = len(puzzle.nodes)
    for mapping in matcher.isomorphisms_iter():
        if len(found) >= max_count:
            msg = (
                f"The puzzle has more than max_count={max_count} symmetries; pass a larger "
                "max_count to list them all."
            )
            raise SearchLimitError(msg)
        found.append(tuple(mapping[i] for i in range(n)))
    return found


def _index_symmetries(
    puzzle: Puzzle, rotations_only: bool, max_count: int
) -> list[tuple[int, ...]]:
    """The symmetries as index permutations, the identity first."""
    if not puzzle.all_lights:
        msg = (
            "Symmetries are not computed for puzzles with buttons without lights; solve "
            "without up_to_symmetry, or give every node a light."
        )
        raise InvalidPuzzleError(msg)
    shape = _grid_shape(puzzle)
    if rotations_only and shape is None:
        msg = (
            "Rotations are defined for grid puzzles only (lo.grid); use "
            "up_to_symmetry='all' or pass the permutations yourself."
        )
        raise InvalidPuzzleError(msg)
    key = f"symmetries:{rotations_only}"
    cached = _CACHE.peek(puzzle, key)
    if cached is None:
        if shape is not None:
            candidates = _grid_candidates(puzzle, shape)
            cached = [
                perm
                for perm, proper in candidates.items()
                if (proper or not rotations_only) and _preserves(puzzle, np.array(perm))
            ]
        else:
            cached = _matched(puzzle, max_count)
        cached.sort()
        _CACHE.put(puzzle, key, cached)
    if len(cached) > max_count:
        msg = (
            f"The puzzle has {len(cached)} symmetries, more than max_count={max_count}; pass "
            f"max_count={len(cached)} to list them all."
        )
        raise SearchLimitError(msg)
    return list(cached)


@checks_puzzle
def symmetries(
    puzzle: Puzzle,
    *,
    rotations_only: bool = False,
    max_count: int = DEFAULT_MAX_SYMMETRIES,
) -> list[Permutation]:
    """The automorphisms of a puzzle: node permutations that keep the toggle rule.

    Parameters
    ----------
    puzzle : Puzzle
    rotations_only : bool, default False
        Grids only: keep the rotations (the isometries of the box that preserve orientation)
        and drop the reflections.
    max_count : int, default 100000
        The most symmetries to list (a complete graph on n nodes has n! of them).

    Returns
    -------
    list of dict
        Each symmetry as node -> image node, the identity first. They form a group.

    Raises
    ------
    SearchLimitError
        If there are more than ``max_count`` symmetries.
    InvalidPuzzleError
        ``rotations_only=True`` on a puzzle that is not a grid.

    Notes
    -----
    A grid puzzle (built by :func:`lightsout_graphs.grid`, closed or open rule) uses the
    signed permutations of its axes, which are all the automorphisms of a grid graph; only
    those that keep the pressable nodes are returned. Other puzzles are matched against
    themselves by networkx's VF2 algorithm (``GraphMatcher``, or ``DiGraphMatcher`` when the
    toggle matrix is not symmetric), with nodes labelled by the amount a press adds to its own
    light and whether they are pressable, and edges by the amount they carry.

    Examples
    --------
    >>> len(symmetries(lo.grid(5, 5))), len(symmetries(lo.grid(5, 5), rotations_only=True))
    (8, 4)
    >>> len(symmetries(lo.grid(3, 4))), len(symmetries(lo.grid(2, 2, 2)))
    (4, 48)
    >>> len(symmetries(lo.Puzzle(nx.petersen_graph())))
    120
    >>> symmetries(lo.Puzzle(nx.path_graph(3)))
    [{0: 0, 1: 1, 2: 2}, {0: 2, 1: 1, 2: 0}]
    """
    bound = _check_count(max_count, "max_count")
    if not isinstance(rotations_only, bool | np.bool_):
        msg = f"Argument 'rotations_only' must be True or False, not {rotations_only!r}."
        raise InvalidPuzzleError(msg)
    perms = _index_symmetries(puzzle, bool(rotations_only), bound)
    nodes = puzzle.nodes
    return [{nodes[i]: nodes[j] for i, j in enumerate(perm)} for perm in perms]


def _closure(perms: list[tuple[int, ...]], max_count: int) -> list[tuple[int, ...]]:
    """The group generated by index permutations (composition closure), identity included."""
    n = len(perms[0]) if perms else 0
    identity = tuple(range(n))
    group = {identity}
    frontier = [identity]
    while frontier:
        nxt = []
        for g in frontier:
            for h in perms:
                gh = tuple(h[i] for i in g)
                if gh not in group:
                    group.add(gh)
                    nxt.append(gh)
                    if len(group) > max_count:
                        msg = (
                            f"The permutations generate more than max_count={max_count} "
                            "symmetries; pass a larger max_count."
                        )
                        raise SearchLimitError(msg)
        frontier = nxt
    return sorted(group)


def _group(
    puzzle: Puzzle,
    up_to_symmetry: str | Sequence[Mapping[Hashable, Hashable]],
    max_count: int,
) -> list[tuple[int, ...]]:
    if isinstance(up_to_symmetry, str):
        if up_to_symmetry not in ("rotation", "all"):
            msg = (
                "Argument 'up_to_symmetry' must be None, 'rotation', 'all' or a list of "
                f"permutations, not {up_to_symmetry!r}."
            )
            raise InvalidPuzzleError(msg)
        return _index_symmetries(puzzle, up_to_symmetry == "rotation", DEFAULT_MAX_SYMMETRIES)
    if not isinstance(up_to_symmetry, Iterable):
        msg = (
            "Argument 'up_to_symmetry' must be None, 'rotation', 'all' or a list of "
            f"permutations, not {type(up_to_symmetry).__name__}."
        )
        raise InvalidPuzzleError(msg)
    perms = []
    for i, perm in enumerate(up_to_symmetry):
        where = f"Permutation {i} of 'up_to_symmetry'"
        index = _as_index(puzzle, perm, where)
        if not _preserves(puzzle, index):
            msg = f"{where} is not a symmetry of the puzzle: it changes the toggle rule."
            raise InvalidPuzzleError(msg)
        perms.append(tuple(index.tolist()))
    if not perms:
        return [tuple(range(len(puzzle.nodes)))]
    return _closure(perms, DEFAULT_MAX_SYMMETRIES)


def _sort_key(row: np.ndarray) -> tuple[int, tuple[int, ...]]:
    values = row.tolist()
    return sum(values), tuple(values)


def all_solutions(
    puzzle: Puzzle,
    state: StateLike = 0,
    target: StateLike | None = None,
    *,
    up_to_symmetry: str | Sequence[Mapping[Hashable, Hashable]] | None = None,
    max_count: int = DEFAULT_MAX_SOLUTIONS,
) -> list[dict[Hashable, int]] | list[list[dict[Hashable, int]]]:
    """Every press vector that takes ``state`` to ``target``, optionally grouped into orbits.

    Parameters
    ----------
    puzzle : Puzzle
    state : StateLike, default 0
        The board.
    target : StateLike, optional
        The goal; default the puzzle's goal.
    up_to_symmetry : None, "rotation", "all" or list of dict, default None
        ``None`` lists the solutions. Otherwise they are grouped into orbits under the
        symmetries that fix ``target − state``: ``"rotation"`` uses the rotations of a grid,
        ``"all"`` every symmetry of :func:`symmetries`, and a list of permutations
        (node -> node, each a symmetry of the puzzle) the group they generate.
    max_count : int, default 65536
        The most solutions to enumerate.

    Returns
    -------
    list of dict, or list of list of dict
        Solutions as node -> press count (every node). Without symmetry, sorted by number of
        presses and then by vector; with symmetry, a list of orbits, each sorted the same way
        and the orbits ordered by their first solution. An unsolvable board has no solutions:
        the result is empty.

    Raises
    ------
    SearchLimitError
        If the board has more than ``max_count`` solutions, or their list would not fit the
        memory budget (half the RAM, or ``$LIGHTSOUT_MEMORY_BUDGET`` bytes).
    InvalidPuzzleError
        An unknown ``up_to_symmetry``, ``"rotation"`` on a puzzle that is not a grid, or a
        permutation that is not a symmetry of the puzzle.
    InvalidStateError
        A state or target that does not fit the puzzle.

    Notes
    -----
    Lighting every light of a dark n×n board (``state=0, target=1``) has ``2**nullity``
    solutions. On the 9×9 board there are 256: 70 up to rotation and 43 up to rotation and
    reflection. On the 11×11 board there are 64: 16 up to rotation and 10 up to rotation and
    reflection. Burnside's lemma checks these counts in the tests.

    Examples
    --------
    >>> p = lo.grid(4, 4)
    >>> len(all_solutions(p, 0, 1))
    16
    >>> orbits = all_solutions(p, 0, 1, up_to_symmetry="all")
    >>> [len(orbit) for orbit in orbits]
    [2, 4, 4, 4, 2]
    >>> sum(orbits[0][0].values())  # the fewest presses that light the 4×4 board
    4
    >>> len(all_solutions(lo.grid(9, 9), 0, 1, up_to_symmetry="rotation"))
    70
    """
    bound = _check_count(max_count, "max_count")
    from lightsout_graphs.algorithms.solver import solve

    try:
        sol = solve(puzzle, state, target)
    except Unsolvable:
        return []
    k = puzzle.modulus
    if sol.num_solutions > bound:
        more = (
            f"pass max_count={sol.num_solutions} to enumerate them"
            if sol.num_solutions < 2**64
            else "lo.solutions() yields them one at a time"
        )
        msg = (
            f"The board has {count_text(sol.num_solutions, k)} solutions, more than "
            f"max_count={bound}; {more}."
        )
        raise SearchLimitError(msg)
    check_memory(
        sol.num_solutions * len(puzzle.nodes) * 120,
        f"listing {count_text(sol.num_solutions, k)} solutions of {len(puzzle.nodes)} lights",
        "lo.solutions() yields them one at a time instead",
    )
    group = None if up_to_symmetry is None else _group(puzzle, up_to_symmetry, bound)
    base = puzzle.full_presses(puzzle.presses_vector(sol.presses, name="presses"))
    gens = [
        puzzle.full_presses(puzzle.presses_vector(g, name="kernel")) for g in sol.quiet_patterns
    ]
    coset = zip(gens, sol.quiet_orders, strict=True)
    rows = np.concatenate(list(coset_blocks(base, list(coset), k)))
    order = sorted(range(len(rows)), key=lambda i: _sort_key(rows[i]))
    rows = rows[order]
    if group is None:
        return [puzzle.as_dict(row) for row in rows]
    diff = (sol.target - sol.state) % k
    stabiliser = [np.array(g) for g in group if np.array_equal(diff[np.array(g)], diff)]
    inverses = [np.argsort(g) for g in stabiliser]
    where = {row.tobytes(): i for i, row in enumerate(rows)}
    orbit_of = np.full(len(rows), -1, dtype=np.int64)
    orbits: list[list[int]] = []
    for i in range(len(rows)):
        if orbit_of[i] >= 0:
            continue
        members = sorted({where[rows[i][inv].tobytes()] for inv in inverses})
        for j in members:
            orbit_of[j] = len(orbits)
        orbits.append(members)
    return [[puzzle.as_dict(rows[j]) for j in members] for members in orbits]
