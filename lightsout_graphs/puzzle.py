"""The puzzle: a graph, a toggle rule, a modulus k, and the nodes that may be pressed.

A :class:`Puzzle` is validated data. It builds its toggle matrix once and converts states and
presses between their user-facing forms (dicts, sequences, arrays, scalars) and vectors in node
order. It solves nothing: see :mod:`lightsout_graphs.solver` and :mod:`lightsout_graphs.analysis`.

The class comes in three layers, one module each: the parts built on first use (graph, node
order, matrices, metadata views: :mod:`lightsout_graphs._puzzle_parts`), states and presses
(conversions, :meth:`Puzzle.press`, :meth:`Puzzle.apply`: :mod:`lightsout_graphs._puzzle_states`),
and here construction and validation.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal, TypeAlias

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs import zk
from lightsout_graphs._graph_matrix import graph_toggle_matrix
from lightsout_graphs._puzzle_states import PuzzleStates
from lightsout_graphs.errors import InvalidPuzzleError
from lightsout_graphs.puzzle_info import FamilyInfo, PuzzleInfo, checked_info
from lightsout_graphs.states import StateLike, node_positions, reduce_mod

__all__ = [
    "RULES",
    "FamilyInfo",
    "Puzzle",
    "PuzzleInfo",
    "StateLike",
    "check_puzzle",
    "check_rule",
    "reduce_mod",
]

Rule: TypeAlias = Literal["closed", "open", "weighted"]

#: The toggle rules. ``closed``: a press adds 1 to the pressed node and each neighbour
#: (successor in a DiGraph). ``open``: only to the neighbours. ``weighted``: the amounts come
#: from an edge attribute and, for the pressed node itself, a node attribute.
RULES: tuple[str, ...] = ("closed", "open", "weighted")

#: Moduli must stay below this bound, so that toggle matrices fit 64-bit integers.
MAX_MODULUS = zk.MAX_MODULUS


def check_rule(rule: object) -> str:
    """Return ``rule`` when it is one of :data:`RULES`, else raise :class:`InvalidPuzzleError`.

    Parameters
    ----------
    rule : object
        The argument as the caller gave it.

    Returns
    -------
    str

    Raises
    ------
    InvalidPuzzleError
        When ``rule`` is not one of :data:`RULES`; the message names the argument.

    Examples
    --------
    >>> check_rule("open")
    'open'
    >>> check_rule("diagonal")
    Traceback (most recent call last):
    ...
    lightsout_graphs.errors.InvalidPuzzleError: Argument 'rule' must be one of closed, open, weighted, not 'diagonal'.
    """
    if not isinstance(rule, str) or rule not in RULES:
        msg = f"Argument 'rule' must be one of {', '.join(RULES)}, not {rule!r}."
        raise InvalidPuzzleError(msg)
    return rule


class Puzzle(PuzzleStates):
    """Lights Out on a graph: pressing a node adds the rule's amounts, mod k, to the lights it reaches.

    Parameters
    ----------
    graph : networkx.Graph or networkx.DiGraph
        The board. Nodes are any hashables; their order in the graph is the puzzle's node order.
        In a DiGraph a press of ``u`` reaches the successors of ``u``. The graph is copied and
        frozen, so later changes to ``graph`` do not affect the puzzle.
    modulus : int, default 2
        k, the number of states of a light (2 classic, 3 Lights Out 2000, 4 Alien Tiles).
    rule : {"closed", "open", "weighted"}, default "closed"
        ``closed`` adds 1 to the pressed node and its neighbours; ``open`` only to the
        neighbours; ``weighted`` adds the edge attribute ``weight`` (default 1 where absent) to
        each neighbour and the node attribute ``self_weight`` (default 1 where absent) to the
        pressed node, all mod k. Parallel edges of a multigraph add up under ``weighted``.
    pressable : iterable of nodes, optional
        The nodes that may be pressed; the others are never pressed. Default: all.
    lights : iterable of nodes, optional
        The nodes that carry a light. Default: all. The other nodes are buttons without a
        light: states and targets live on the lights only (a dict names lights, a sequence
        has one value per light in node order) and the press matrix is ``T[lights,
        pressable]``. Board-shaped arrays need every node to be a light.
    weight : str, default "weight"
        The edge attribute read by the ``weighted`` rule.
    self_weight : str, default "self_weight"
        The node attribute read by the ``weighted`` rule for the pressed node's own change.
    copy : bool, default True
        Copy the graph before freezing it. ``False`` freezes the given graph itself (it can no
        longer be changed) and saves time and memory on very large boards.

    Attributes
    ----------
    nodes : sequence
        The node order (a tuple; for boards on a box, a tuple-like sequence of coordinate
        tuples computed on demand). ``index`` maps a node back to its position.
    board_shape : tuple of int or None
        The shape of board-shaped arrays (``(m, n)`` for grids, tori and chess boards), or
        None for puzzles without one.
    info : PuzzleInfo
        The metadata (title, sources, colours, named boards, goal, family, ...), frozen;
        :meth:`with_metadata` returns a new puzzle with new values.

    Notes
    -----
    The families build their puzzles without a graph: the toggle matrix comes straight from
    coordinates, and :attr:`graph` is built when first read (the same nodes, edges and
    ``pos``). Algorithms keep what they compute per puzzle in their own caches
    (:mod:`lightsout_graphs._cache`), never on the puzzle.

    Raises
    ------
    InvalidPuzzleError
        For a modulus that is not an int >= 2, an unknown rule, an empty graph, a pressable set
        with unknown nodes, an empty or unknown ``lights`` set, a self-loop (use ``self_weight``), a multigraph under the ``closed``
        or ``open`` rule, or a non-integer amount.

    Examples
    --------
    >>> import networkx as nx
    >>> p = Puzzle(nx.path_graph(3))
    >>> p.nodes
    (0, 1, 2)
    >>> p.toggle_matrix().toarray()
    array([[1, 1, 0],
           [1, 1, 1],
           [0, 1, 1]])
    >>> p.press(0, 1)  # from dark, press the middle node
    {0: 1, 1: 1, 2: 1}
    >>> Puzzle(nx.path_graph(3), modulus=3, rule="open").apply(0, {1: 2})
    {0: 2, 1: 0, 2: 2}
    >>> q = Puzzle(nx.path_graph(3), pressable=[1], lights=[0, 2])  # a button between two lights
    >>> q.n, q.lights, q.press(0, 1)
    (2, (0, 2), {0: 1, 2: 1})
    """

    # Buttons without lights (see _set_lights): None while every node carries a light.
    _light_rows: np.ndarray | None = None
    _lights: tuple[Hashable, ...] | None = None
    _light_index: dict[Hashable, int] | None = None

    def __init__(
        self,
        graph: nx.Graph,
        modulus: int = 2,
        rule: str = "closed",
        pressable: Iterable[Hashable] | None = None,
        *,
        weight: str = "weight",
        self_weight: str = "self_weight",
        copy: bool = True,
        lights: Iterable[Hashable] | None = None,
    ) -> None:
        self.modulus: int = zk.check_modulus(modulus, error=InvalidPuzzleError)
        self.rule: str = check_rule(rule)
        for key, value in (("weight", weight), ("self_weight", self_weight)):
            if not isinstance(value, str):
                msg = f"Argument {key!r} must be an attribute name (a str), not {value!r}."
                raise InvalidPuzzleError(msg)
        if not isinstance(graph, nx.Graph):
            msg = (
                f"Argument 'graph' must be a networkx Graph or DiGraph, not {type(graph).__name__}."
            )
            raise InvalidPuzzleError(msg)
        if graph.number_of_nodes() == 0:
            msg = "Argument 'graph' has no nodes: a puzzle needs at least one light."
            raise InvalidPuzzleError(msg)
        loops = list(nx.selfloop_edges(graph))
        if loops:
            msg = (
                f"Argument 'graph' has a self-loop at node {loops[0][0]!r}: a press's effect on "
                f"its own node is set by the rule (or the node attribute {self_weight!r} under "
                "the weighted rule), not by a loop."
            )
            raise InvalidPuzzleError(msg)
        if graph.is_multigraph() and rule != "weighted":
            msg = (
                f"Argument 'graph' is a multigraph, which is ambiguous under the {rule!r} rule; "
                "use a simple graph, or rule='weighted' where parallel edges add up."
            )
            raise InvalidPuzzleError(msg)
        self.weight = weight
        self.self_weight = self_weight
        self._graph: nx.Graph | None = nx.freeze(graph.copy() if copy else graph)
        self._graph_factory: Callable[[], nx.Graph] | None = None
        self._nodes: Sequence[Hashable] = tuple(graph.nodes)
        self._index: Mapping[Hashable, int] = {node: i for i, node in enumerate(self._nodes)}
        self._edges: int | None = None
        self._edges_factory: Callable[[], int] | None = None
        self._apply_fn: Callable[[np.ndarray, np.ndarray], np.ndarray | None] | None = None
        self.board_shape: tuple[int, ...] | None = None
        self._set_pressable(pressable)
        self._set_lights(lights)
        self._matrix: sp.csr_array | None = self._build_matrix()
        self._matrix_factory: Callable[[], sp.csr_array] | None = None
        self._press: sp.csr_array | None = None
        self.info: PuzzleInfo = PuzzleInfo()

    @classmethod
    def from_builders(
        cls,
        *,
        nodes: Sequence[Hashable],
        index: Mapping[Hashable, int],
        graph: Callable[[], nx.Graph],
        matrix: Callable[[], sp.csr_array],
        edges: Callable[[], int],
        modulus: int,
        rule: str,
        pressable: Iterable[Hashable] | None,
        board_shape: tuple[int, ...] | None = None,
        apply: Callable[[np.ndarray, np.ndarray], np.ndarray | None] | None = None,
    ) -> Puzzle:
        """A puzzle whose graph and toggle matrix are built on first use (for the families).

        ``matrix`` must return the toggle matrix that ``Puzzle(graph(), modulus, rule)``
        would build, and ``nodes`` the graph's node order; ``apply`` may replay presses
        without the matrix (it returns None where it cannot). Nothing checks that the
        builders agree with each other: this is the families' fast route, not a validation.

        Examples
        --------
        >>> g = nx.path_graph(3)
        >>> p = Puzzle.from_builders(
        ...     nodes=(0, 1, 2),
        ...     index={0: 0, 1: 1, 2: 2},
        ...     graph=lambda: g,
        ...     matrix=lambda: Puzzle(g).toggle_matrix(),
        ...     edges=lambda: 2,
        ...     modulus=2,
        ...     rule="closed",
        ...     pressable=None,
        ... )
        >>> p.press(0, 1), p.number_of_edges()
        ({0: 1, 1: 1, 2: 1}, 2)
        """
        self = cls.__new__(cls)
        self.modulus = zk.check_modulus(modulus, error=InvalidPuzzleError)
        self.rule = check_rule(rule)
        self.weight = "weight"
        self.self_weight = "self_weight"
        self._graph = None
        self._graph_factory = graph
        self._nodes = nodes
        self._index = index
        self._edges = None
        self._edges_factory = edges
        self._apply_fn = apply
        self.board_shape = board_shape
        self._set_pressable(pressable)
        self._matrix = None
        self._matrix_factory = matrix
        self._press = None
        self.info = PuzzleInfo()
        return self

    _lazy = from_builders  # the earlier name, still used by the families

    def _set_pressable(self, pressable: Iterable[Hashable] | None) -> None:
        self._pressable: tuple[Hashable, ...] | None = None
        self._press_cols: np.ndarray | None = None
        self._press_index: dict[Hashable, int] | None = None
        if pressable is None:
            return
        if not isinstance(pressable, Iterable):
            msg = (
                "Argument 'pressable' must be an iterable of nodes, not "
                f"{type(pressable).__name__}."
            )
            raise InvalidPuzzleError(msg)
        chosen = node_positions(pressable, self._index, "pressable")
        if len(chosen) == len(self._nodes):
            return
        self._press_cols = np.array(sorted(chosen), dtype=np.int64)

    # -- buttons without lights -----------------------------------------------------------------

    def _set_lights(self, lights: Iterable[Hashable] | None) -> None:
        """Record which nodes carry a light (None or every node: all of them)."""
        self._light_rows = None
        self._lights = None
        self._light_index = None
        if lights is None:
            return
        from lightsout_graphs._lights import light_rows

        rows = light_rows(lights, self._index)
        if rows is None:
            return
        self._light_rows = rows
        self._lights = tuple(self._nodes[int(i)] for i in self._light_rows)
        self._light_index = {v: j for j, v in enumerate(self._lights)}
        self.board_shape = None  # board-shaped arrays need every node to be a light

    def every_node_lit(self) -> Puzzle:
        """The same graph and presses with a light on every node (no metadata).

        For reading press text, which names buttons with or without lights, with the
        readers of boards.

        Examples
        --------
        >>> p = Puzzle(nx.path_graph(3), lights=[0, 2])
        >>> p.n, p.every_node_lit().n, p.every_node_lit().lights
        (2, 3, (0, 1, 2))
        """
        if self._light_rows is None:
            return self
        new = _copy.copy(self)
        new._light_rows = None
        new._lights = None
        new._light_index = None
        new._press = None
        new.info = PuzzleInfo()
        return new

    _every_node_lit = every_node_lit  # the earlier name

    # -- construction -------------------------------------------------------------------------

    def _build_matrix(self) -> sp.csr_array:
        return graph_toggle_matrix(
            self.graph, self._index, self.rule, self.modulus, self.weight, self.self_weight
        )

    def with_metadata(self, **fields: Any) -> Puzzle:
        """Return a new puzzle with metadata fields set; this one is left unchanged.

        The new puzzle shares the graph, rule and modulus (all read-only) but nothing
        mutable: caches computed for one are never seen by the other.

        Parameters
        ----------
        **fields
            Any of ``name``, ``title``, ``description``, ``sources``, ``colors``, ``boards``
            (name -> state), ``goal`` (a state), ``family`` (:class:`FamilyInfo`),
            ``lit_only`` and ``invariants``.

        Returns
        -------
        Puzzle
            A new puzzle whose :attr:`info` holds the new values.

        Raises
        ------
        InvalidPuzzleError
            An unknown field, or a value of the wrong kind (the message names the field).

        Examples
        --------
        >>> import networkx as nx
        >>> p = Puzzle(nx.cycle_graph(4))
        >>> q = p.with_metadata(title="Ring", goal=1)
        >>> q.title, q.goal.tolist(), p.title
        ('Ring', [1, 1, 1, 1], None)
        """
        info = checked_info(self.info, fields, self.modulus, self.state_vector)
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)  # shares only read-only parts (no pickling round)
        new.info = info
        return new

    # -- the toggle matrix ----------------------------------------------------------------------

    def toggle_matrix(self) -> sp.csr_array:
        """The toggle matrix T, n × n, with ``T[v, u]`` = what one press of u adds to light v.

        Entries are in ``0..k-1``; rows and columns follow :attr:`nodes`.

        Returns
        -------
        scipy.sparse.csr_array

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.DiGraph([(0, 1)]), rule="open").toggle_matrix().toarray()
        array([[0, 0],
               [1, 0]])
        """
        return self._toggle().copy()

    def press_matrix(self) -> sp.csr_array:
        """T restricted to the lights (rows) and pressable nodes (columns).

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.path_graph(3), pressable=[1]).press_matrix().toarray()
        array([[1],
               [1],
               [1]])
        """
        return self._press_matrix().copy()

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the built parts: the closures that build the graph and matrix lazily are
        replaced by what they build (so a pickled big board is as big as its matrix)."""
        state = dict(self.__dict__)
        if self._graph_factory is not None:
            state["_edges"] = self.number_of_edges()
            state["_graph"] = self.graph
            state["_matrix"] = self._toggle()
        for key in ("_graph_factory", "_matrix_factory", "_edges_factory", "_apply_fn"):
            state[key] = None
        return state

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        extra = "" if self.all_pressable else f", pressable={len(self.pressable)}"
        extra += "" if self._light_rows is None else f", lights={self.n}"
        return (
            f"<Puzzle{label}: {len(self._nodes)} nodes, {self.number_of_edges()} edges, "
            f"rule={self.rule!r}, modulus={self.modulus}{extra}>"
        )


def check_puzzle(obj: object, name: str = "puzzle") -> Puzzle:
    """Return ``obj`` if it is a :class:`Puzzle`, else raise a package error naming the argument.

    Parameters
    ----------
    obj : object
        What the caller passed.
    name : str, default "puzzle"
        The argument's name, for the message.

    Returns
    -------
    Puzzle

    Raises
    ------
    InvalidPuzzleError
        When ``obj`` is not a Puzzle.

    Examples
    --------
    >>> check_puzzle("5x5")
    Traceback (most recent call last):
    ...
    lightsout_graphs.errors.InvalidPuzzleError: Argument 'puzzle' must be a Puzzle, not str.
    """
    if not isinstance(obj, Puzzle):
        msg = f"Argument {name!r} must be a Puzzle, not {type(obj).__name__}."
        raise InvalidPuzzleError(msg)
    return obj
