"""What solving answers: :class:`Solution`, and the words for an unsolvable board's certificate.

A :class:`Solution` speaks the vocabulary of :class:`lightsout_graphs.algorithms.analysis.Analysis`: the
same quantity has the same name on both (``num_quiet_patterns``, ``quiet_patterns``,
``quiet_vectors``, ``quiet_orders``, ``to_dict``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from lightsout_graphs.core._counts import count_json
from lightsout_graphs.core.errors import LightsOutError
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["Solution", "board_dict", "describe_certificate", "puzzle_json"]


def describe_certificate(puzzle: Puzzle, certificate: dict[Hashable, int], value: int) -> str:
    """Say in words which parity check a board violates.

    Parameters
    ----------
    puzzle : Puzzle
    certificate : dict
        node -> coefficient y with ``yᵀT ≡ 0``.
    value : int
        ``y·(target − state) mod k``.

    Returns
    -------
    str

    Examples
    --------
    >>> p = lo.Puzzle(nx.empty_graph(2), rule="open")
    >>> describe_certificate(p, {0: 1}, 1)
    'no press changes the sum of the lights at 0 (mod 2), and the board must change it by 1'
    """
    from lightsout_graphs.representation._describe import describe_certificate as in_words

    return in_words(puzzle, certificate, value)


def puzzle_json(puzzle: Puzzle) -> tuple[str, list[Any], list[Any] | None]:
    """The puzzle's label, its nodes and its lights, ready for JSON (tuples become lists).

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    tuple
        ``(label, nodes, light_nodes)``: the name (else a label), the nodes in node order, and
        the lights in node order, or None when every node carries a light.

    Examples
    --------
    >>> puzzle_json(lo.grid(1, 2))
    ('grid 1×2', [[0, 0], [0, 1]], None)
    """
    from lightsout_graphs.representation._describe import node_json, puzzle_label

    nodes = [node_json(v) for v in puzzle.nodes]
    lights = None if puzzle.all_lights else [node_json(v) for v in puzzle.lights]
    return puzzle.name or puzzle_label(puzzle), nodes, lights


def board_dict(
    puzzle: Puzzle, state: Iterable[int], target: Iterable[int], *, solvable: bool
) -> dict[str, Any]:
    """The keys every answer about one board starts with: puzzle, nodes, state, target.

    :meth:`Solution.to_dict` and ``lightsout solve --json`` (for a board with or without a
    solution) begin with these keys, in this order.

    Parameters
    ----------
    puzzle : Puzzle
    state, target : iterable of int
        The board and the target, one value per light.
    solvable : bool
        Whether presses take ``state`` to ``target``.

    Returns
    -------
    dict
        ``puzzle``, ``modulus``, ``nodes``, ``state``, ``target``, ``solvable``, and
        ``light_nodes`` when some buttons carry no light.

    Examples
    --------
    >>> board_dict(lo.grid(1, 2), [1, 0], [0, 0], solvable=True)
    {'puzzle': 'grid 1×2', 'modulus': 2, 'nodes': [[0, 0], [0, 1]], 'state': [1, 0], 'target': [0, 0], 'solvable': True}
    """
    label, nodes, lights = puzzle_json(puzzle)
    out: dict[str, Any] = {
        "puzzle": label,
        "modulus": puzzle.modulus,
        "nodes": nodes,
        "state": [int(v) for v in state],
        "target": [int(v) for v in target],
        "solvable": solvable,
    }
    if lights is not None:
        out["light_nodes"] = lights
    return out


class _QuietViews:
    """The views of the quiet-pattern generators that :class:`Solution` and
    :class:`~lightsout_graphs.algorithms.analysis.Analysis` share, read from ``_generators()``:
    ``(vector in node order, additive order)`` pairs, computed when first read."""

    puzzle: Puzzle

    def _generators(self) -> list[tuple[np.ndarray, int]]:
        raise NotImplementedError

    @property
    def quiet_patterns(self) -> list[dict[Hashable, int]]:
        """Generators of the quiet patterns, node -> press count (built on first read).

        Every solution of a board is one solution plus a combination of them.

        Examples
        --------
        >>> lo.solve(lo.grid(1, 2), 0).quiet_patterns, lo.analyze(lo.grid(1, 2)).quiet_patterns
        ([{(0, 0): 1, (0, 1): 1}], [{(0, 0): 1, (0, 1): 1}])
        """
        return [self.puzzle.as_dict(g) for g, _ in self._generators()]

    @property
    def quiet_vectors(self) -> list[np.ndarray]:
        """The same generators as vectors in node order.

        Examples
        --------
        >>> [v.tolist() for v in lo.solve(lo.grid(1, 2), 0).quiet_vectors]
        [[1, 1]]
        >>> [v.tolist() for v in lo.analyze(lo.grid(1, 2)).quiet_vectors]
        [[1, 1]]
        """
        return [g.copy() for g, _ in self._generators()]

    @property
    def quiet_orders(self) -> list[int]:
        """The additive order of each generator.

        Examples
        --------
        >>> lo.solve(lo.grid(1, 2, modulus=4), 0).quiet_orders
        [4]
        >>> lo.analyze(lo.grid(1, 2, modulus=4)).quiet_orders
        [4]
        """
        return [o for _, o in self._generators()]


@dataclass(frozen=True, eq=False)
class Solution(_QuietViews):
    """Presses that take a state to a target, with everything needed to check them.

    A solution is frozen: its fields cannot be reassigned.

    Attributes
    ----------
    puzzle : Puzzle
    state, target : numpy.ndarray
        The board and the goal, one value per light in node order.
    vector : numpy.ndarray
        The presses in node order (0 on nodes that are not pressable).
    num_quiet_patterns : int
        The number of quiet patterns (presses that change nothing), an exact int. Every
        solution is :attr:`vector` plus a quiet pattern, so this is also
        :attr:`num_solutions`.
    method : str
        The engine that solved it.
    optimal : bool
        Whether :attr:`num_presses` is proven to be the fewest.
    proof : str or None
        How optimality was proved, or (``minimize=True`` cut short) why it was not.
    lower_bound : int or None
        With ``minimize=True``: a proven lower bound on the fewest presses (equal to
        :attr:`num_presses` when ``optimal``).
    engine : Factorization or None
        The factorisation that solved it; the quiet patterns come from it when first read.

    Notes
    -----
    The names are those of :class:`lightsout_graphs.algorithms.analysis.Analysis`:
    :attr:`num_quiet_patterns`, and generators of the quiet patterns as dicts
    (:attr:`quiet_patterns`), vectors (:attr:`quiet_vectors`) and their orders
    (:attr:`quiet_orders`).

    The dict views :attr:`presses` and :attr:`quiet_patterns` and the board-shaped
    :attr:`presses_array` are made when first read, so a solve of a huge board builds none of
    them.

    Examples
    --------
    >>> sol = lo.solve(lo.grid(1, 3), [1, 1, 0])
    >>> sol.num_presses, sol.num_solutions, sol.optimal
    (1, 1, False)
    >>> sol.optimal = True
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'optimal'
    """

    puzzle: Puzzle
    state: np.ndarray
    target: np.ndarray
    vector: np.ndarray
    num_quiet_patterns: int
    method: str
    optimal: bool = False
    proof: str | None = None
    lower_bound: int | None = None
    engine: Factorization | None = field(default=None, repr=False)

    @cached_property
    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        gens = self.engine.kernel() if self.engine is not None else []
        return [(self.puzzle.full_presses(g), int(o)) for g, o in gens]

    def _generators(self) -> list[tuple[np.ndarray, int]]:
        return self._kernel

    @property
    def num_solutions(self) -> int:
        """The number of press vectors that solve the board (:attr:`num_quiet_patterns`).

        Examples
        --------
        >>> lo.solve(lo.grid(5, 5), 0, target=1).num_solutions
        4
        """
        return self.num_quiet_patterns

    @cached_property
    def presses(self) -> dict[Hashable, int]:
        """node -> press count in ``0..k-1``, every node (built on first read).

        Examples
        --------
        >>> lo.solve(lo.grid(1, 3), [1, 1, 0]).presses
        {(0, 0): 1, (0, 1): 0, (0, 2): 0}
        """
        return self.puzzle.as_dict(self.vector)

    @property
    def presses_array(self) -> np.ndarray:
        """The presses shaped like the board (:attr:`Puzzle.board_shape`), else in node order.

        Examples
        --------
        >>> board = np.array([[1, 1, 0], [1, 0, 0]])
        >>> lo.solve(lo.grid(2, 3), board).presses_array.tolist()
        [[0, 1, 1], [0, 1, 0]]
        """
        return self.puzzle.board_array(self.vector)

    @property
    def num_presses(self) -> int:
        """The number of presses: the sum of the counts.

        Examples
        --------
        >>> lo.solve(lo.grid(3, 3), 1).num_presses
        5
        """
        k = self.puzzle.modulus
        if (k - 1) * max(len(self.vector), 1) < 2**62:
            return int(np.asarray(self.vector, dtype=np.int64).sum())
        return int(sum(int(v) for v in self.vector))

    def pressed(self) -> list[Hashable]:
        """The nodes pressed at least once, in node order.

        Examples
        --------
        >>> lo.solve(lo.grid(1, 3), [1, 1, 0]).pressed()
        [(0, 0)]
        """
        return [self.puzzle.nodes[int(i)] for i in np.flatnonzero(self.vector)]

    def verify(self) -> bool:
        """Press the solution on the state and check that it ends on the target.

        Returns
        -------
        bool
            True (a mismatch raises instead).

        Raises
        ------
        LightsOutError
            The presses touch a node that may not be pressed, or end elsewhere than the
            target; either would be a bug.

        Examples
        --------
        >>> lo.solve(lo.grid(3, 3), 1).verify()
        True
        """
        p = self.puzzle
        x = np.asarray(self.vector, dtype=np.int64)
        if not p.all_pressable:
            outside = np.ones(len(p.nodes), dtype=bool)
            outside[p.press_columns] = False
            if np.any(x[outside]):
                msg = "The presses use nodes that are not pressable."
                raise LightsOutError(msg)
            x = x[p.press_columns]
        reached = p.apply_vector(np.asarray(self.state, dtype=np.int64), x)
        if not np.array_equal(reached % p.modulus, self.target):
            bad = [p.lights[int(i)] for i in np.flatnonzero(reached != self.target)[:5]]
            msg = f"The presses do not reach the target; lights differ at {bad}."
            raise LightsOutError(msg)
        return True

    def to_dict(self, *, extras: bool = True) -> dict[str, Any]:
        """The solution as plain JSON-ready data (ints, strings, lists, dicts, booleans).

        The keys are those of ``lightsout solve --json``, in its order: ``puzzle``,
        ``modulus``, ``nodes``, ``state``, ``target``, ``solvable`` (True), ``light_nodes``
        when some buttons carry no light, ``presses`` (in node order), ``num_presses``,
        ``count`` (the number of solutions), ``optimal``, ``proof``, ``method`` and
        ``press_text``; then ``num_solutions``, ``num_quiet_patterns`` and ``lower_bound``.
        Counts are ints when they have at most 40 digits, else exact strings ``"k^e"``. The
        quiet patterns are left out (see :meth:`lightsout_graphs.algorithms.analysis.Analysis.to_dict`).

        Parameters
        ----------
        extras : bool, default True
            False leaves out the keys that follow those of ``lightsout solve --json``
            (``num_solutions``, ``num_quiet_patterns``, ``lower_bound``): the result is then
            the command's object.

        Returns
        -------
        dict

        Examples
        --------
        >>> import json
        >>> data = lo.solve(lo.grid(1, 3), [1, 1, 0]).to_dict()
        >>> data["presses"], data["num_presses"], data["num_solutions"], data["press_text"]
        ([1, 0, 0], 1, 1, '1..')
        >>> json.loads(json.dumps(data)) == data
        True
        >>> list(lo.solve(lo.grid(1, 3), [1, 1, 0]).to_dict(extras=False))[-3:]
        ['proof', 'method', 'press_text']
        """
        from lightsout_graphs.representation.boards import format_presses

        count = count_json(self.num_quiet_patterns, self.puzzle.modulus)
        out = board_dict(self.puzzle, self.state, self.target, solvable=True)
        out.update(
            presses=[int(v) for v in self.vector],
            num_presses=self.num_presses,
            count=count,
            optimal=bool(self.optimal),
            proof=self.proof,
            method=self.method,
            press_text=format_presses(self.puzzle, self.vector),
        )
        if extras:
            out.update(
                num_solutions=count,
                num_quiet_patterns=count,
                lower_bound=None if self.lower_bound is None else int(self.lower_bound),
            )
        return out

    def __repr__(self) -> str:
        from lightsout_graphs.representation._describe import counted

        opt = ", optimal" if self.optimal else ""
        k = self.puzzle.modulus
        presses = counted(self.num_presses, "press", "presses")
        nodes = counted(int(np.count_nonzero(self.vector)), "node")
        return f"<Solution: {presses} on {nodes}, {counted(self.num_solutions, 'solution', modulus=k)}{opt}>"
