"""The puzzle: a graph, a toggle rule, a modulus k, and the nodes that may be pressed.

A :class:`Puzzle` is validated data. It builds its toggle matrix once and converts states and
presses between their user-facing forms (dicts, sequences, arrays, scalars) and vectors in node
order. It solves nothing: see :mod:`lightsout_graphs.solve` and :mod:`lightsout_graphs.analysis`.
"""

from __future__ import annotations

import copy as _copy
import numbers
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal, TypeAlias

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.errors import InvalidPuzzleError, InvalidStateError
from lightsout_graphs.puzzle_info import FamilyInfo, PuzzleInfo, checked_info

__all__ = ["RULES", "FamilyInfo", "Puzzle", "PuzzleInfo", "StateLike", "check_puzzle"]

#: A state, target or press vector as users may give it: a dict node -> int (missing nodes are
#: 0), a sequence or array in node order, or one int meaning "every node has this value".
StateLike: TypeAlias = Mapping[Hashable, int] | Sequence[int] | np.ndarray | int

Rule: TypeAlias = Literal["closed", "open", "weighted"]

#: The toggle rules. ``closed``: a press adds 1 to the pressed node and each neighbour
#: (successor in a DiGraph). ``open``: only to the neighbours. ``weighted``: the amounts come
#: from an edge attribute and, for the pressed node itself, a node attribute.
RULES: tuple[str, ...] = ("closed", "open", "weighted")

#: Moduli must stay below this bound, so that toggle matrices fit 64-bit integers.
MAX_MODULUS = 2**62


def _check_modulus(modulus: object) -> int:
    if isinstance(modulus, bool) or not isinstance(modulus, numbers.Integral):
        msg = f"Argument 'modulus' must be an int >= 2, not {modulus!r}."
        raise InvalidPuzzleError(msg)
    if int(modulus) < 2:
        msg = f"Argument 'modulus' must be an int >= 2, not {modulus}."
        raise InvalidPuzzleError(msg)
    if int(modulus) >= MAX_MODULUS:
        msg = f"Argument 'modulus' must be below 2**62, not {modulus}."
        raise InvalidPuzzleError(msg)
    return int(modulus)


def _is_node(node: object, index: Mapping[Hashable, int]) -> bool:
    """Whether ``node`` is a key of ``index`` (False for unhashable values)."""
    try:
        return node in index
    except TypeError:
        return False


def _check_rule(rule: object) -> str:
    if not isinstance(rule, str) or rule not in RULES:
        msg = f"Argument 'rule' must be one of {', '.join(RULES)}, not {rule!r}."
        raise InvalidPuzzleError(msg)
    return rule


def _check_amount(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"{where} must be an int, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)


class Puzzle:
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
        self.modulus: int = _check_modulus(modulus)
        self.rule: str = _check_rule(rule)
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
    def _lazy(
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
        without the matrix (it returns None where it cannot).
        """
        self = cls.__new__(cls)
        self.modulus = _check_modulus(modulus)
        self.rule = _check_rule(rule)
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
        chosen = set()
        for node in pressable:
            if not _is_node(node, self._index):
                msg = f"Argument 'pressable' holds {node!r}, which is not a node of the graph."
                raise InvalidPuzzleError(msg)
            chosen.add(self._index[node])
        if len(chosen) == len(self._nodes):
            return
        self._press_cols = np.array(sorted(chosen), dtype=np.int64)

    # -- lazily built parts -------------------------------------------------------------------

    @property
    def graph(self) -> nx.Graph:
        """The board as a frozen networkx graph (built on first read for family puzzles)."""
        if self._graph is None:
            assert self._graph_factory is not None
            self._graph = nx.freeze(self._graph_factory())
        return self._graph

    @property
    def nodes(self) -> Sequence[Hashable]:
        """The nodes in the puzzle's order: a tuple, or a cheap tuple-like sequence of cells."""
        return self._nodes

    @property
    def index(self) -> Mapping[Hashable, int]:
        """node -> position in :attr:`nodes`."""
        return self._index

    @property
    def all_pressable(self) -> bool:
        """Whether every node may be pressed."""
        return self._press_cols is None

    @property
    def pressable(self) -> Sequence[Hashable]:
        """The nodes that may be pressed, in node order."""
        if self._press_cols is None:
            return self._nodes
        if self._pressable is None:
            self._pressable = tuple(self._nodes[int(i)] for i in self._press_cols)
        return self._pressable

    @property
    def press_columns(self) -> np.ndarray:
        """The positions in :attr:`nodes` of the pressable nodes (a new int64 array)."""
        if self._press_cols is None:
            return np.arange(len(self._nodes), dtype=np.int64)
        return self._press_cols.copy()

    @property
    def press_index(self) -> Mapping[Hashable, int]:
        """pressable node -> position among :attr:`pressable`."""
        if self._press_cols is None:
            return self._index
        if self._press_index is None:
            self._press_index = {u: j for j, u in enumerate(self.pressable)}
        return self._press_index

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

    @property
    def all_lights(self) -> bool:
        """Whether every node carries a light (no buttons without lights)."""
        return self._light_rows is None

    @property
    def lights(self) -> Sequence[Hashable]:
        """The nodes that carry a light, in node order (all nodes unless ``lights=`` was given).

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.path_graph(3), lights=[2, 0]).lights
        (0, 2)
        """
        if self._lights is None:
            return self._nodes
        return self._lights

    @property
    def light_rows(self) -> np.ndarray:
        """The positions in :attr:`nodes` of the lights (a new int64 array)."""
        if self._light_rows is None:
            return np.arange(len(self._nodes), dtype=np.int64)
        return self._light_rows.copy()

    @property
    def light_index(self) -> Mapping[Hashable, int]:
        """light -> position among :attr:`lights` (the position in state vectors)."""
        if self._light_index is None:
            return self._index
        return self._light_index

    def _every_node_lit(self) -> Puzzle:
        """The same graph and presses with a light on every node (no metadata).

        For reading press text, which names buttons with or without lights, with the
        readers of boards.
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

    def _light_vector(self, state: StateLike, name: str) -> np.ndarray:
        """:meth:`state_vector` for a puzzle with buttons without lights."""
        from lightsout_graphs._lights import light_vector

        return light_vector(self, state, name)

    def number_of_edges(self) -> int:
        """The number of edges of the graph, without building it when it is not built yet.

        Examples
        --------
        >>> from lightsout_graphs import grid
        >>> grid(3, 4).number_of_edges()
        17
        """
        if self._edges is None:
            if self._graph is None and self._edges_factory is not None:
                self._edges = int(self._edges_factory())
            else:
                self._edges = int(self.graph.number_of_edges())
        return self._edges

    # -- metadata -----------------------------------------------------------------------------

    name = property(lambda self: self.info.name, doc="The catalog name, or None.")
    title = property(lambda self: self.info.title, doc="A title for people, or None.")
    description = property(lambda self: self.info.description, doc="A description.")
    sources = property(lambda self: self.info.sources, doc="Where the puzzle comes from.")
    colors = property(lambda self: self.info.colors, doc="One colour name per state, or None.")
    boards = property(lambda self: self.info.boards, doc="Named boards: name -> vector.")
    family = property(lambda self: self.info.family, doc="The family that built it, or None.")
    lit_only = property(lambda self: self.info.lit_only, doc="Whether only lit buttons press.")
    invariants = property(lambda self: self.info.invariants, doc="Published values.")

    @property
    def goal(self) -> np.ndarray:
        """The default target, a read-only vector in node order (all 0 unless set)."""
        if self.info.goal is not None:
            return self.info.goal
        zeros = np.zeros(self.n, dtype=np.int64)
        zeros.flags.writeable = False
        return zeros

    # -- construction -------------------------------------------------------------------------

    def _amounts(self) -> Iterable[tuple[Hashable, Hashable, int]]:
        """Yield ``(u, v, amount)``: one press of u adds amount to light v (before mod k)."""
        g = self.graph
        if self.rule == "weighted":
            for u in self.nodes:
                amount = g.nodes[u].get(self.self_weight, 1)
                yield u, u, _check_amount(amount, f"Node attribute {self.self_weight!r} of {u!r}")
            if g.is_multigraph():
                edges: Iterable[tuple[Any, Any, Any]] = g.edges(
                    keys=False, data=self.weight, default=1
                )
            else:
                edges = g.edges(data=self.weight, default=1)
            for u, v, amount in edges:
                a = _check_amount(amount, f"Edge attribute {self.weight!r} of ({u!r}, {v!r})")
                yield u, v, a
                if not g.is_directed():
                    yield v, u, a
            return
        msg = f"Amounts are read from attributes only under the weighted rule, not {self.rule!r}."
        raise InvalidPuzzleError(msg)

    def _build_matrix(self) -> sp.csr_array:
        n = len(self.nodes)
        k = self.modulus
        if self.rule != "weighted":
            # Every amount is 1 and a simple graph has no repeated pairs: build it vectorised.
            g = self.graph
            idx = self.index
            ends = np.fromiter(
                (idx[x] for edge in g.edges() for x in edge),
                dtype=np.int64,
                count=2 * g.number_of_edges(),
            ).reshape(-1, 2)
            cols, rows = ends[:, 0], ends[:, 1]
            if not g.is_directed():
                cols, rows = np.concatenate([cols, rows]), np.concatenate([rows, cols])
            if self.rule == "closed":
                diag = np.arange(n, dtype=np.int64)
                cols, rows = np.concatenate([cols, diag]), np.concatenate([rows, diag])
            vals = np.ones(len(rows), dtype=np.int64)
            return sp.csr_array((vals, (rows, cols)), shape=(n, n))
        # Parallel edges under the weighted rule add up; everything is reduced mod k.
        entries: dict[tuple[int, int], int] = {}
        for u, v, amount in self._amounts():
            key = (self.index[v], self.index[u])
            entries[key] = (entries.get(key, 0) + amount) % k
        keys = [key for key, value in entries.items() if value]
        rows = np.array([r for r, _ in keys], dtype=np.int64)
        cols = np.array([c for _, c in keys], dtype=np.int64)
        vals = np.array([entries[key] for key in keys], dtype=np.int64)
        return sp.csr_array((vals, (rows, cols)), shape=(n, n))

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
        new = _copy.copy(self)
        new.info = info
        return new

    @property
    def n(self) -> int:
        """The number of lights (the number of nodes, unless some buttons carry no light)."""
        if self._light_rows is not None:
            return len(self._light_rows)
        return len(self._nodes)

    # -- the toggle matrix ----------------------------------------------------------------------

    def _toggle(self) -> sp.csr_array:
        """The toggle matrix itself (built on first use; never hand it out)."""
        if self._matrix is None:
            assert self._matrix_factory is not None
            self._matrix = self._matrix_factory()
        return self._matrix

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

    def _press_matrix(self) -> sp.csr_array:
        if self._press is None:
            if self._press_cols is None:
                self._press = self._toggle()
            else:
                self._press = sp.csr_array(self._toggle()[:, self._press_cols])
            if self._light_rows is not None:
                self._press = sp.csr_array(self._press[self._light_rows])
        return self._press

    # -- states and presses ---------------------------------------------------------------------

    def state_vector(self, state: StateLike, *, name: str = "state") -> np.ndarray:
        """Convert a state (or target, or presses on every node) to a vector in node order.

        Parameters
        ----------
        state : dict, sequence, numpy array or int
            A dict node -> value (missing nodes are 0), values in node order, an array shaped
            like the board (:attr:`board_shape`, for grids, tori and chess boards), or one int
            for every node. Values must be ints in ``0..k-1``.
        name : str
            What the value is called in error messages.

        Returns
        -------
        numpy.ndarray
            int64 values in ``0..k-1``, a new array.

        Raises
        ------
        InvalidStateError
            A wrong length or shape (the message names the expected shape), an unknown node,
            a non-integer or an out-of-range value.

        Examples
        --------
        >>> import networkx as nx
        >>> p = Puzzle(nx.path_graph(3), modulus=3)
        >>> p.state_vector({2: 2}).tolist(), p.state_vector(1).tolist()
        ([0, 0, 2], [1, 1, 1])
        >>> from lightsout_graphs import grid
        >>> grid(2, 3).state_vector(np.array([[1, 0, 0], [0, 0, 1]])).tolist()
        [1, 0, 0, 0, 0, 1]
        """
        if self._light_rows is not None:
            return self._light_vector(state, name)
        return self._node_vector(state, name=name)

    def _node_vector(self, state: StateLike, *, name: str) -> np.ndarray:
        """A value per node (every node, lit or not): :meth:`state_vector` over all nodes."""
        n = len(self._nodes)
        if isinstance(state, Mapping):
            out = np.zeros(n, dtype=np.int64)
            for node, value in state.items():
                if not _is_node(node, self._index):
                    msg = f"Argument {name!r} names {node!r}, which is not a node of the puzzle."
                    raise InvalidStateError(msg)
                out[self._index[node]] = self._check_value(value, name, f"node {node!r}")
            return out
        if isinstance(state, numbers.Integral) and not isinstance(state, bool | np.bool_):
            return np.full(n, self._check_value(state, name, "every node"), dtype=np.int64)
        if isinstance(state, str | bytes) or not isinstance(state, Sequence | np.ndarray):
            msg = (
                f"Argument {name!r} must be a dict node -> int, a sequence of {n} ints in node "
                f"order{self._shape_words()}, or one int, not {type(state).__name__}."
            )
            raise InvalidStateError(msg)
        arr = state if isinstance(state, np.ndarray) else None
        if arr is None and len(state) == n:
            try:
                arr = np.asarray(state)
            except (ValueError, TypeError, OverflowError):
                arr = None
            if arr is not None and arr.shape != (n,):
                arr = None
        if arr is not None and arr.ndim > 1 and arr.shape == self.board_shape:
            arr = arr.reshape(-1)
        if arr is not None and arr.ndim != 1:
            msg = (
                f"Argument {name!r} has shape {arr.shape}; it must be 1-dimensional in node "
                f"order{self._shape_words()}: expected {self._expected_shapes()}."
            )
            raise InvalidStateError(msg)
        if arr is not None and arr.dtype.kind in "iu":
            if arr.shape[0] != n:
                msg = (
                    f"Argument {name!r} has {arr.shape[0]} values, but the puzzle has {n} "
                    f"nodes; expected {self._expected_shapes()}."
                )
                raise InvalidStateError(msg)
            bad = np.flatnonzero((arr < 0) | (arr >= self.modulus))
            if bad.size:
                i = int(bad[0])
                self._check_value(int(arr[i]), name, f"position {i} (node {self._nodes[i]!r})")
            return arr.astype(np.int64, copy=True)
        values = arr.tolist() if isinstance(state, np.ndarray) and arr is not None else list(state)
        if len(values) != n:
            msg = (
                f"Argument {name!r} has {len(values)} values, but the puzzle has {n} nodes; "
                f"expected {self._expected_shapes()}."
            )
            raise InvalidStateError(msg)
        out = np.zeros(n, dtype=np.int64)
        for i, value in enumerate(values):
            out[i] = self._check_value(value, name, f"position {i} (node {self._nodes[i]!r})")
        return out

    def _shape_words(self) -> str:
        if self.board_shape is None or len(self.board_shape) < 2:
            return ""
        return f", an array of shape {self.board_shape}"

    def _expected_shapes(self) -> str:
        flat = f"a sequence of {len(self._nodes)} values in node order"
        if self.board_shape is None or len(self.board_shape) < 2:
            return flat
        return f"{flat} or an array of shape {self.board_shape}"

    def board_array(self, vector: Sequence[int] | np.ndarray) -> np.ndarray:
        """Shape a vector in node order like the board (:attr:`board_shape`).

        Parameters
        ----------
        vector : sequence or array
            One value per node, in node order.

        Returns
        -------
        numpy.ndarray
            A new int64 array of shape :attr:`board_shape`, or 1-dimensional for a puzzle
            without a board shape.

        Examples
        --------
        >>> from lightsout_graphs import grid
        >>> grid(2, 2).board_array([1, 0, 0, 1]).tolist()
        [[1, 0], [0, 1]]
        """
        arr = np.array(vector, dtype=np.int64).reshape(-1)
        if arr.size not in (self.n, len(self._nodes)):
            msg = (
                f"A vector of {arr.size} values does not fit a puzzle of {len(self._nodes)} nodes."
            )
            raise InvalidStateError(msg)
        return arr.reshape(self.board_shape) if self.board_shape is not None else arr

    def _check_value(self, value: object, name: str, where: str) -> int:
        if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
            msg = f"Argument {name!r} at {where} must be an int in 0..{self.modulus - 1}, not {value!r}."
            raise InvalidStateError(msg)
        v = int(value)
        if not 0 <= v < self.modulus:
            msg = f"Argument {name!r} at {where} must be in 0..{self.modulus - 1}, not {v}."
            raise InvalidStateError(msg)
        return v

    def presses_vector(self, presses: StateLike, *, name: str = "presses") -> np.ndarray:
        """Convert presses to a vector over :attr:`pressable` (counts in ``0..k-1``).

        Raises
        ------
        InvalidStateError
            As :meth:`state_vector`, and for presses on a node that is not pressable.

        Examples
        --------
        >>> import networkx as nx
        >>> p = Puzzle(nx.path_graph(3), pressable=[0, 2])
        >>> p.presses_vector({2: 1}).tolist()
        [0, 1]
        """
        full = self._node_vector(presses, name=name)
        if self._press_cols is None:
            return full
        mask = np.ones(len(self._nodes), dtype=bool)
        mask[self._press_cols] = False
        bad = np.flatnonzero(mask & (full != 0))
        if bad.size and not (isinstance(presses, numbers.Integral)):
            node = self._nodes[int(bad[0])]
            msg = f"Argument {name!r} presses node {node!r}, which is not pressable."
            raise InvalidStateError(msg)
        return full[self._press_cols]

    def full_presses(self, presses: np.ndarray) -> np.ndarray:
        """Expand a vector over :attr:`pressable` to one over every node (0 elsewhere).

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.path_graph(3), pressable=[0, 2]).full_presses(np.array([1, 1])).tolist()
        [1, 0, 1]
        """
        x = np.asarray(presses, dtype=np.int64)
        if self._press_cols is None:
            return x % self.modulus
        full = np.zeros(len(self._nodes), dtype=np.int64)
        full[self._press_cols] = x
        return full % self.modulus

    def as_dict(self, vector: Sequence[int] | np.ndarray) -> dict[Hashable, int]:
        """Turn a vector in node order into a dict node -> int.

        A vector with one value per light (a state) gives a dict over the lights; one with a
        value per node (presses) a dict over every node. The two differ only when some
        buttons carry no light.

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.path_graph(2)).as_dict([1, 0])
        {0: 1, 1: 0}
        >>> Puzzle(nx.path_graph(3), lights=[0, 2]).as_dict([1, 0])
        {0: 1, 2: 0}
        """
        if self._lights is not None and len(vector) == len(self._lights):
            return {node: int(v) for node, v in zip(self._lights, vector, strict=True)}
        if len(vector) != len(self._nodes):
            msg = f"A vector of {len(vector)} values does not fit a puzzle of {len(self._nodes)} nodes."
            raise InvalidStateError(msg)
        return {node: int(v) for node, v in zip(self._nodes, vector, strict=True)}

    def press(self, state: StateLike, node: Hashable, times: int = 1) -> dict[Hashable, int]:
        """Press one node ``times`` times and return the new state.

        Parameters
        ----------
        state : StateLike
            The board before the press.
        node : node
            A pressable node.
        times : int, default 1
            How often to press (any int; taken mod k).

        Returns
        -------
        dict
            node -> value after the presses.

        Raises
        ------
        InvalidStateError
            An unknown or unpressable node, a bad state, or a non-integer ``times``.

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.path_graph(3)).press([1, 1, 0], 0)
        {0: 0, 1: 0, 2: 0}
        """
        if not _is_node(node, self.index):
            msg = f"Argument 'node' is {node!r}, which is not a node of the puzzle."
            raise InvalidStateError(msg)
        if node not in self.press_index:
            msg = f"Argument 'node' is {node!r}, which is not pressable."
            raise InvalidStateError(msg)
        if isinstance(times, bool) or not isinstance(times, numbers.Integral):
            msg = f"Argument 'times' must be an int, not {times!r}."
            raise InvalidStateError(msg)
        vec = self.state_vector(state)
        x = np.zeros(len(self.pressable), dtype=np.int64)  # pressable nodes only
        x[self.press_index[node]] = int(times) % self.modulus
        return self.as_dict(self.apply_vector(vec, x))

    def apply_vector(self, state: np.ndarray, presses: np.ndarray) -> np.ndarray:
        """Vector form of :meth:`apply`: ``(state + P x) mod k`` with x over :attr:`pressable`.

        Examples
        --------
        >>> from lightsout_graphs import grid
        >>> grid(1, 3).apply_vector(np.zeros(3, dtype=np.int64), np.array([1, 0, 0])).tolist()
        [1, 1, 0]
        """
        k = self.modulus
        if self._apply_fn is not None and self._light_rows is None:
            out = self._apply_fn(np.asarray(state), self.full_presses(presses))
            if out is not None:
                return out
        p = self._press_matrix()
        if (k - 1) ** 2 * (p.shape[1] + 1) < 2**63:
            return (np.asarray(state, dtype=np.int64) + p @ np.asarray(presses, dtype=np.int64)) % k
        # Products of residues would overflow int64: add them up as exact Python ints.
        coo = p.tocoo()
        x = np.asarray(presses).astype(object) % k
        out = np.asarray(state).astype(object) % k
        np.add.at(out, coo.row, (coo.data.astype(object) * x[coo.col]) % k)
        return (out % k).astype(np.int64)

    def apply(self, state: StateLike, presses: StateLike) -> dict[Hashable, int]:
        """Apply presses (counts per node, order never matters) to a state.

        Parameters
        ----------
        state : StateLike
            The board before.
        presses : StateLike
            How many times each node is pressed (``0..k-1``); only pressable nodes may be
            non-zero.

        Returns
        -------
        dict
            node -> value after the presses.

        Examples
        --------
        >>> from lightsout_graphs import grid
        >>> p = grid(1, 3)
        >>> p.apply(0, {(0, 0): 1, (0, 2): 1})
        {(0, 0): 1, (0, 1): 0, (0, 2): 1}
        """
        vec = self.state_vector(state)
        x = self.presses_vector(presses)
        return self.as_dict(self.apply_vector(vec, x))

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
