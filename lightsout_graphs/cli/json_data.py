"""Every JSON object ``lightsout`` prints is built here: analyses, solutions, catalog rows.

Nodes are written with :func:`lightsout_graphs.describe.node_json`, counts with
:func:`lightsout_graphs.counts.count_json` (exact strings when they are huge). The shapes
are part of the command's interface: keys are added, never renamed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from lightsout_graphs.counts import count_json, fraction_text
from lightsout_graphs.describe import node_json, puzzle_label

if TYPE_CHECKING:
    from lightsout_graphs.analysis import Analysis
    from lightsout_graphs.errors import Unsolvable
    from lightsout_graphs.puzzle import Puzzle
    from lightsout_graphs.solver import Solution

__all__ = [
    "analysis_json",
    "board_json",
    "catalog_row",
    "puzzle_name",
    "solution_json",
    "unsolvable_json",
]


def puzzle_name(puzzle: Puzzle) -> str:
    """The ``"puzzle"`` value of a JSON answer: the catalog name, else the puzzle's title.

    Examples
    --------
    >>> puzzle_name(lo.grid(2, 3)), puzzle_name(lo.catalog.load("lights-out"))
    ('grid 2×3', 'lights-out')
    """
    return puzzle.name or puzzle_label(puzzle)


def _with_light_nodes(out: dict[str, Any], puzzle: Puzzle) -> dict[str, Any]:
    """Add ``light_nodes`` when some nodes are buttons without lights (values follow them)."""
    if not puzzle.all_lights:
        out["light_nodes"] = [node_json(v) for v in puzzle.lights]
    return out


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The analysis as a JSON-ready dict (quiet patterns as counts in node order).

    Counts (``kernel_size``, ``solvable_states``) are ints when they have at most 40 digits,
    else exact strings ``"k^e"`` (or ``"p^a·q^b"`` over the primes of k). ``solvable_fraction``
    is a number (a float, which may round to 0.0 for a vanishing share);
    ``solvable_fraction_exact`` is the exact share as a string ``"p/q"`` in lowest terms (or
    ``"1"``), each side written like the counts.

    Parameters
    ----------
    analysis : Analysis

    Returns
    -------
    dict

    Examples
    --------
    >>> data = analysis_json(lo.analyze(lo.grid(5, 5)))
    >>> data["nullity"], data["kernel_size"], data["solvable_fraction"]
    (2, 4, 0.25)
    >>> data["solvable_states"], data["solvable_fraction_exact"]
    (8388608, '1/4')
    """
    puzzle = analysis.puzzle
    k = analysis.modulus
    total = k**analysis.n
    out = {
        "puzzle": puzzle_name(puzzle),
        "lights": analysis.n,
        "edges": puzzle.number_of_edges(),
        "modulus": analysis.modulus,
        "rule": puzzle.rule,
        "nodes": [node_json(v) for v in puzzle.nodes],
        "rank": analysis.rank,
        "nullity": analysis.nullity,
        "kernel_size": count_json(analysis.kernel_size, k),
        "solvable_states": count_json(analysis.solvable_states, k),
        "solvable_fraction": analysis.solvable_states / total,
        "solvable_fraction_exact": fraction_text(analysis.solvable_states, total, k),
        "all_solvable": analysis.all_solvable,
        "quiet_patterns": [v.tolist() for v in analysis.quiet_vectors],
        "quiet_orders": list(analysis.quiet_orders),
    }
    return _with_light_nodes(out, puzzle)


def board_json(
    puzzle: Puzzle, state: Iterable[int], target: Iterable[int], *, solvable: bool
) -> dict[str, Any]:
    """The keys every JSON answer of ``solve`` starts with: puzzle, nodes, board, goal.

    Examples
    --------
    >>> board_json(lo.grid(1, 2), [1, 0], [0, 0], solvable=True)
    {'puzzle': 'grid 1×2', 'modulus': 2, 'nodes': [[0, 0], [0, 1]], 'state': [1, 0], 'target': [0, 0], 'solvable': True}
    """
    out = {
        "puzzle": puzzle_name(puzzle),
        "modulus": puzzle.modulus,
        "nodes": [node_json(v) for v in puzzle.nodes],
        "state": [int(v) for v in state],
        "target": [int(v) for v in target],
        "solvable": solvable,
    }
    return _with_light_nodes(out, puzzle)


def solution_json(solution: Solution) -> dict[str, Any]:
    """A solved board: the board keys, the presses, their number and how many solutions exist.

    Examples
    --------
    >>> data = solution_json(lo.solve(lo.grid(1, 2), [1, 1]))
    >>> data["presses"], data["num_presses"], data["count"], data["press_text"]
    ([0, 1], 1, 2, '.1')
    """
    from lightsout_graphs.boards import format_presses

    puzzle = solution.puzzle
    return {
        **board_json(puzzle, solution.state, solution.target, solvable=True),
        "presses": [int(v) for v in solution.vector],
        "num_presses": solution.num_presses,
        "count": count_json(solution.count, puzzle.modulus),
        "optimal": solution.optimal,
        "proof": solution.proof,
        "method": solution.method,
        "press_text": format_presses(puzzle, solution.vector),
    }


def unsolvable_json(
    puzzle: Puzzle,
    err: Unsolvable,
    state: Iterable[int],
    target: Iterable[int],
    reason: str,
) -> dict[str, Any]:
    """An unsolvable board: the board keys, the reason in words and the certificate.

    Examples
    --------
    >>> p = lo.grid(1, 2, rule="open")
    >>> err = lo.Unsolvable("no", {(0, 0): 1, (0, 1): 1}, 1)
    >>> data = unsolvable_json(p, err, [1, 0], [0, 0], "odd")
    >>> data["solvable"], data["certificate"], data["value"]
    (False, [[[0, 0], 1], [[0, 1], 1]], 1)
    """
    return {
        **board_json(puzzle, state, target, solvable=False),
        "reason": reason,
        "certificate": [[node_json(node), int(c)] for node, c in err.certificate.items()],
        "value": int(err.value),
    }


def catalog_row(
    name: str, puzzle: Puzzle, graph: str, nullity: int | None, kernel_size: int
) -> dict[str, Any]:
    """One puzzle of ``lightsout list --json``.

    Examples
    --------
    >>> catalog_row("tiny", lo.grid(1, 2), "grid 1×2", 0, 1)["lights"]
    2
    """
    return {
        "name": name,
        "title": puzzle.title,
        "graph": graph,
        "lights": puzzle.n,
        "modulus": puzzle.modulus,
        "rule": puzzle.rule,
        "nullity": nullity,
        "kernel_size": kernel_size,
    }
