"""Every JSON object ``lightsout`` prints comes from here: analyses, solutions, catalog rows.

Analyses and solutions are written by their own ``to_dict`` (:meth:`lightsout_graphs.Analysis.to_dict`,
:meth:`lightsout_graphs.Solution.to_dict`), so the command and the library speak one vocabulary; an unsolvable
board starts with the same keys (:func:`lightsout_graphs.algorithms.solution.board_dict`). Nodes are
written with :func:`lightsout_graphs.representation._describe.node_json`, counts with
:func:`lightsout_graphs.core._counts.count_json` (exact strings when they are huge). The shapes are
part of the command's interface: keys are added, never renamed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from lightsout_graphs.representation._describe import node_json

if TYPE_CHECKING:
    from lightsout_graphs.algorithms.analysis import Analysis
    from lightsout_graphs.algorithms.solution import Solution
    from lightsout_graphs.core.errors import Unsolvable
    from lightsout_graphs.representation.puzzle import Puzzle

__all__: list[str] = []


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The object of ``lightsout analyze --json``: :meth:`Analysis.to_dict` without its extras."""
    return analysis.to_dict(extras=False)


def solution_json(solution: Solution) -> dict[str, Any]:
    """The object of ``lightsout solve --json``: :meth:`Solution.to_dict` without its extras."""
    return solution.to_dict(extras=False)


def unsolvable_json(
    puzzle: Puzzle,
    err: Unsolvable,
    state: Iterable[int],
    target: Iterable[int],
    reason: str,
) -> dict[str, Any]:
    """An unsolvable board: the board keys, the reason in words and the certificate."""
    from lightsout_graphs.algorithms.solution import board_dict

    return {
        **board_dict(puzzle, state, target, solvable=False),
        "reason": reason,
        "certificate": [[node_json(node), int(c)] for node, c in err.certificate.items()],
        "value": int(err.value),
    }


def catalog_row(
    name: str, puzzle: Puzzle, graph: str, nullity: int | None, kernel_size: int
) -> dict[str, Any]:
    """One puzzle of ``lightsout list --json``."""
    return {
        "name": name,
        "title": puzzle.title,
        "graph": graph,
        "lights": puzzle.n,
        "buttons": len(puzzle.pressable),
        "modulus": puzzle.modulus,
        "rule": puzzle.rule,
        "nullity": nullity,
        "kernel_size": kernel_size,
    }
