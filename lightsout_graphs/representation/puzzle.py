"""The puzzle: a graph, a toggle rule, a modulus k, and the nodes that may be pressed.

A :class:`Puzzle` is validated data: the representation (graph, node order, lights and
pressable nodes), the rule, the toggle matrix built once, the puzzle's shape
(:attr:`Puzzle.structure`) and its metadata, one frozen :class:`PuzzleInfo` whose fields
:meth:`Puzzle.with_metadata` checks. The conversion of states, targets and presses between their
user-facing forms (dicts, sequences, board-shaped arrays, scalars) and vectors belongs to the
puzzle's codec (:mod:`lightsout_graphs.representation._codec`). A puzzle solves nothing: see
:mod:`lightsout_graphs.algorithms.solver` and :mod:`lightsout_graphs.algorithms.analysis`.
"""

from __future__ import annotations

import contextvars
import copy as _copy
import functools
import numbers
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, ParamSpec, TypeAlias, TypeVar

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError, require_int
from lightsout_graphs.core.structure import General, Lattice, Product, Structure
from lightsout_graphs.representation._codec import (
    StateCodec,
    StateLike,
    int_vector,
    is_node,
    light_rows,
    press_columns,
    reduce_mod,
)

__all__ = [
    "RULES",
    "FamilyInfo",
    "Puzzle",
    "PuzzleInfo",
    "StateLike",
    "reduce_mod",
]

Rule: TypeAlias = Literal["closed", "open", "weighted"]

#: The toggle rules. ``closed``: a press adds 1 to the pressed node and each neighbour
#: (successor in a DiGraph). ``open``: only to the neighbours. ``weighted``: the amounts come
#: from an edge attribute and, for the pressed node itself, a node attribute.
RULES: tuple[str, ...] = ("closed", "open", "weighted")

#: Moduli must stay below this bound, so that toggle matrices fit 64-bit integers.
MAX_MODULUS = zk.MAX_MODULUS


def check_rule(rule: object, allowed: tuple[str, ...] = RULES) -> str:
    """Return ``rule`` when it is one of ``allowed``, else raise :class:`InvalidPuzzleError`.

    Engines that know fewer rules (grid polynomials, product formulas) pass theirs as ``allowed``.
    """
    if not isinstance(rule, str) or rule not in allowed:
        msg = f"Argument 'rule' must be one of {', '.join(allowed)}, not {rule!r}."
        raise InvalidPuzzleError(msg)
    return rule


@dataclass(frozen=True)
class FamilyInfo:
    """Which family built a puzzle, and with which parameters (used by fast engines).

    Attributes
    ----------
    name : str
        The family's function name, for example ``"grid"``.
    params : dict
        Its parameters, for example ``{"shape": (5, 5)}``.

    Examples
    --------
    >>> lo.grid(5, 5).family.name
    'grid'
    >>> FamilyInfo("mine", {"size": 3})
    FamilyInfo(name='mine', params={'size': 3})
    """

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)


#: The metadata fields :meth:`~lightsout_graphs.Puzzle.with_metadata` accepts.
FIELDS: tuple[str, ...] = (
    "name",
    "title",
    "description",
    "sources",
    "colors",
    "boards",
    "goal",
    "family",
    "lit_only",
    "invariants",
)


@dataclass(frozen=True)
class PuzzleInfo:
    """Everything a puzzle says about itself besides its graph, rule and modulus.

    Attributes
    ----------
    name, title : str or None
        The catalog name and a title for people.
    description : str
    sources : tuple of mapping
        Where the puzzle comes from (``title``, ``url``, ``year`` ...).
    colors : tuple of str or None
        One colour name per light state.
    boards : mapping
        Named starting boards, name -> read-only vector in node order.
    goal : numpy.ndarray or None
        The target every solve aims at by default (read-only); None means all lights 0.
    family : FamilyInfo or None
        The family that built the puzzle, which decides the fast engines.
    lit_only : bool
        Whether only lit buttons may be pressed (a non-linear variant).
    invariants : mapping
        Published values the catalog checks (``rank``, ``nullity`` ...).

    Examples
    --------
    >>> info = PuzzleInfo(title="Ring")
    >>> info.title, info.lit_only
    ('Ring', False)
    """

    name: str | None = None
    title: str | None = None
    description: str = ""
    sources: tuple[Mapping[str, Any], ...] = ()
    colors: tuple[str, ...] | None = None
    boards: Mapping[str, np.ndarray] = field(default_factory=lambda: ReadOnlyDict({}))
    goal: np.ndarray | None = None
    family: FamilyInfo | None = None
    lit_only: bool = False
    invariants: Mapping[str, Any] = field(default_factory=lambda: ReadOnlyDict({}))


class ReadOnlyDict(Mapping[str, Any]):
    """A read-only mapping (picklable, unlike ``types.MappingProxyType``).

    Examples
    --------
    >>> d = ReadOnlyDict({"a": 1})
    >>> d["a"], dict(d)
    (1, {'a': 1})
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data = dict(data or {})

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)

    def __getstate__(self) -> dict[str, Any]:
        return self._data

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._data = state


def _frozen(vector: np.ndarray) -> np.ndarray:
    out = np.array(vector, dtype=np.int64)
    out.flags.writeable = False
    return out


def _text(key: str, value: object, optional: bool) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        what = "a str or None" if optional else "a str"
        msg = f"Metadata {key!r} must be {what}, not {type(value).__name__}."
        raise InvalidPuzzleError(msg)
    return value


def checked_info(
    info: PuzzleInfo,
    fields: Mapping[str, Any],
    modulus: int,
    state_vector: Callable[..., np.ndarray],
) -> PuzzleInfo:
    """Return ``info`` with ``fields`` replaced, each checked; raise naming a bad one.

    Examples
    --------
    >>> checked_info(PuzzleInfo(), {"colors": 5}, 2, None)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidPuzzleError: Metadata 'colors' must be a sequence of 2 colour names, not int.
    """
    changes: dict[str, Any] = {}
    for key, value in fields.items():
        if key not in FIELDS:
            msg = f"Unknown metadata field {key!r}; expected one of {sorted(FIELDS)}."
            raise InvalidPuzzleError(msg)
        if key in ("name", "title"):
            value = _text(key, value, optional=True)
        elif key == "description":
            value = _text(key, value, optional=False)
        elif key == "goal":
            value = None if value is None else _frozen(state_vector(value, name="goal"))
        elif key == "boards":
            if not isinstance(value, Mapping):
                msg = f"Metadata 'boards' must be a dict name -> board, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
            value = ReadOnlyDict(
                {str(b): _frozen(state_vector(s, name=f"board {b!r}")) for b, s in value.items()}
            )
        elif key == "colors" and value is not None:
            if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
                msg = (
                    f"Metadata 'colors' must be a sequence of {modulus} colour names, not "
                    f"{type(value).__name__}."
                )
                raise InvalidPuzzleError(msg)
            value = tuple(str(c) for c in value)
            if len(value) != modulus:
                msg = f"Metadata 'colors' needs {modulus} names (one per state), not {len(value)}."
                raise InvalidPuzzleError(msg)
        elif key == "sources":
            if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
                msg = f"Metadata 'sources' must be a sequence of dicts, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
            for i, source in enumerate(value):
                if not isinstance(source, Mapping):
                    msg = f"Metadata 'sources[{i}]' must be a dict, not {type(source).__name__}."
                    raise InvalidPuzzleError(msg)
            value = tuple(dict(s) for s in value)
        elif key == "family":
            if value is not None and not isinstance(value, FamilyInfo):
                msg = f"Metadata 'family' must be a FamilyInfo or None, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
        elif key == "lit_only":
            if not isinstance(value, bool | np.bool_):
                msg = f"Metadata 'lit_only' must be True or False, not {value!r}."
                raise InvalidPuzzleError(msg)
            value = bool(value)
        elif key == "invariants":
            if not isinstance(value, Mapping):
                msg = f"Metadata 'invariants' must be a dict, not {type(value).__name__}."
                raise InvalidPuzzleError(msg)
            value = ReadOnlyDict(dict(value))
        changes[key] = value
    return replace(info, **changes)


def _check_amount(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"{where} must be an int, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)


def _amounts(
    g: nx.Graph, nodes: Iterable[Hashable], weight: str, self_weight: str
) -> Iterable[tuple[Hashable, Hashable, int]]:
    """Yield ``(u, v, amount)``: one press of u adds amount to light v (before mod k)."""
    for u in nodes:
        amount = g.nodes[u].get(self_weight, 1)
        yield u, u, _check_amount(amount, f"Node attribute {self_weight!r} of {u!r}")
    if g.is_multigraph():
        edges: Iterable[tuple[Any, Any, Any]] = g.edges(keys=False, data=weight, default=1)
    else:
        edges = g.edges(data=weight, default=1)
    for u, v, amount in edges:
        a = _check_amount(amount, f"Edge attribute {weight!r} of ({u!r}, {v!r})")
        yield u, v, a
        if not g.is_directed():
            yield v, u, a


def _graph_toggle_matrix(
    g: nx.Graph, index: Mapping[Hashable, int], rule: str, k: int, weight: str, self_weight: str
) -> sp.csr_array:
    """``T[v, u]`` = what one press of u adds to light v, mod k, rows and columns by ``index``."""
    n = len(index)
    if rule != "weighted":
        # Every amount is 1 and a simple graph has no repeated pairs: build it vectorised.
        ends = np.fromiter(
            (index[x] for edge in g.edges() for x in edge),
            dtype=np.int64,
            count=2 * g.number_of_edges(),
        ).reshape(-1, 2)
        cols, rows = ends[:, 0], ends[:, 1]
        if not g.is_directed():
            cols, rows = np.concatenate([cols, rows]), np.concatenate([rows, cols])
        if rule == "closed":
            diag = np.arange(n, dtype=np.int64)
            cols, rows = np.concatenate([cols, diag]), np.concatenate([rows, diag])
        vals = np.ones(len(rows), dtype=np.int64)
        return sp.csr_array((vals, (rows, cols)), shape=(n, n))
    # Parallel edges under the weighted rule add up; everything is reduced mod k.
    entries: dict[tuple[int, int], int] = {}
    for u, v, amount in _amounts(g, index, weight, self_weight):
        key = (index[v], index[u])
        entries[key] = (entries.get(key, 0) + amount) % k
    keys = [key for key, value in entries.items() if value]
    rows_w = np.array([r for r, _ in keys], dtype=np.int64)
    cols_w = np.array([c for _, c in keys], dtype=np.int64)
    vals_w = np.array([entries[key] for key in keys], dtype=np.int64)
    return sp.csr_array((vals_w, (rows_w, cols_w)), shape=(n, n))


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
    structure : Lattice, Product or General, optional
        The shape of the puzzle, for the families that know it (see :attr:`structure`);
        default :class:`~lightsout_graphs.core.structure.General`. It must describe the graph and
        rule given: nothing checks that it does.

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
    (:mod:`lightsout_graphs.core._cache`), never on the puzzle.

    Raises
    ------
    InvalidPuzzleError
        For a modulus that is not an int >= 2, an unknown rule, an empty graph, a pressable set
        with unknown nodes, an empty or unknown ``lights`` set, a self-loop (use ``self_weight``), a multigraph under the ``closed``
        or ``open`` rule, or a non-integer amount.

    Examples
    --------
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
        structure: Structure | None = None,
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
        self.weight, self.self_weight = weight, self_weight
        nodes = tuple(graph.nodes)
        index = {node: i for i, node in enumerate(nodes)}
        cols, rows = press_columns(pressable, index), light_rows(lights, index)
        codec = StateCodec(nodes, index, self.modulus, None, cols, rows)
        self._fill(codec, structure, graph=nx.freeze(graph.copy() if copy else graph))
        self._matrix: sp.csr_array | None = self._build_matrix()

    def _fill(
        self,
        codec: StateCodec,
        structure: Structure | None,
        *,
        graph: nx.Graph | None = None,
        builders: tuple[Any, Any, Any, Any] = (None, None, None, None),
    ) -> None:
        """The parts both constructors set: the codec, the structure, the graph or the builders
        (graph, matrix, edges, apply), and no matrix, metadata or caches yet."""
        self._codec = codec
        self._graph: nx.Graph | None = graph
        self._graph_factory: Callable[[], nx.Graph] | None = builders[0]
        self._matrix_factory: Callable[[], sp.csr_array] | None = builders[1]
        self._edges_factory: Callable[[], int] | None = builders[2]
        self._apply_fn: Callable[[np.ndarray, np.ndarray], np.ndarray | None] | None = builders[3]
        self._edges: int | None = None
        self._matrix = None
        self._press: sp.csr_array | None = None
        self._structure: Structure = self._checked_structure(structure)
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
        structure: Structure | None = None,
    ) -> Puzzle:
        """A puzzle whose graph and toggle matrix are built on first use (for the families).

        ``matrix`` must return the toggle matrix that ``Puzzle(graph(), modulus, rule)``
        would build, and ``nodes`` the graph's node order; ``apply`` may replay presses
        without the matrix (it returns None where it cannot). Nothing checks that the
        builders agree with each other: this is the families' fast route, not a validation.
        ``structure`` describes the puzzle's shape (see :attr:`structure`): a
        :class:`~lightsout_graphs.core.structure.Lattice` must list ``nodes`` in row-major order
        over its shape, a :class:`~lightsout_graphs.core.structure.Product` as the product of the
        node orders of its factors.

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
        >>> p.press(0, 1), p.number_of_edges(), p.structure
        ({0: 1, 1: 1, 2: 1}, 2, General())
        """
        self = cls.__new__(cls)
        self.modulus = zk.check_modulus(modulus, error=InvalidPuzzleError)
        self.rule = check_rule(rule)
        self.weight, self.self_weight = "weight", "self_weight"
        cols = press_columns(pressable, index)
        codec = StateCodec(nodes, index, self.modulus, board_shape, cols)
        self._fill(codec, structure, builders=(graph, matrix, edges, apply))
        return self

    def _build_matrix(self) -> sp.csr_array:
        return _graph_toggle_matrix(
            self.graph, self.index, self.rule, self.modulus, self.weight, self.self_weight
        )

    def _checked_structure(self, structure: Structure | None) -> Structure:
        """The structure given, or General() where the puzzle is not plainly that shape."""
        if structure is None:
            return General()
        if not isinstance(structure, Lattice | Product | General):
            msg = (
                "Argument 'structure' must be a Lattice, Product or General, not "
                f"{type(structure).__name__}."
            )
            raise InvalidPuzzleError(msg)
        plain = self.all_pressable and self.all_lights
        if isinstance(structure, General) or not plain or structure.rule not in ("closed", "open"):
            return General()
        # A weighted puzzle may carry the structure of the rule its amounts amount to (a
        # family's graph without weights acts as closed); the closed and open rules must match.
        rule_fits = self.rule == "weighted" or structure.rule == self.rule
        if not rule_fits or structure.size != len(self.nodes):
            msg = (
                f"Argument 'structure' describes {structure.size} nodes under the "
                f"{structure.rule!r} rule; the puzzle has {len(self.nodes)} under {self.rule!r}."
            )
            raise InvalidPuzzleError(msg)
        return structure

    @property
    def structure(self) -> Structure:
        """The puzzle's shape, read by the planner to choose an engine.

        A :class:`~lightsout_graphs.core.structure.Lattice` (a box with a stencil of offsets, its
        nodes the cells in row-major order), a :class:`~lightsout_graphs.core.structure.Product`
        of factors (its nodes in the product of the factors' node orders), or
        :class:`~lightsout_graphs.core.structure.General`. Its rule is ``"closed"`` or ``"open"``:
        a family under the weighted rule whose amounts are those of the closed rule (every
        amount 1, no two offsets on one cell) says ``"closed"``, any other weighted puzzle
        is ``General()``, and so is a puzzle with some buttons not pressable or some nodes
        without a light.

        Examples
        --------
        >>> lo.grid(2, 3).structure.shape, lo.rook(3).structure.kinds
        ((2, 3), ('complete', 'complete'))
        >>> lo.grid(2, 3, pressable=[(0, 0)]).structure, Puzzle(nx.path_graph(3)).structure
        (General(), General())
        >>> (
        ...     lo.torus(3, 3, rule="weighted").structure.rule,
        ...     lo.torus(2, 3, rule="weighted").structure,
        ... )
        ('closed', General())
        """
        return self._structure

    # -- nodes, presses and lights --------------------------------------------------------------

    @property
    def graph(self) -> nx.Graph:
        """The board as a frozen networkx graph (built on first read for family puzzles).

        Examples
        --------
        >>> g = lo.grid(2, 2).graph
        >>> g.number_of_edges(), nx.is_frozen(g)
        (4, True)
        """
        if self._graph is None:
            assert self._graph_factory is not None
            self._graph = nx.freeze(self._graph_factory())
        return self._graph

    @property
    def nodes(self) -> Sequence[Hashable]:
        """The nodes in the puzzle's order: a tuple, or a cheap tuple-like sequence of cells.

        Examples
        --------
        >>> list(lo.grid(1, 2).nodes)
        [(0, 0), (0, 1)]
        """
        return self._codec.nodes

    @property
    def index(self) -> Mapping[Hashable, int]:
        """node -> position in :attr:`nodes`.

        Examples
        --------
        >>> lo.grid(2, 2).index[(1, 0)]
        2
        """
        return self._codec.index

    @property
    def board_shape(self) -> tuple[int, ...] | None:
        """The shape of board-shaped arrays, or None (see the class notes).

        Examples
        --------
        >>> lo.grid(2, 3).board_shape, lo.Puzzle(nx.path_graph(3)).board_shape
        ((2, 3), None)
        """
        return self._codec.board_shape

    @property
    def all_pressable(self) -> bool:
        """Whether every node may be pressed.

        Examples
        --------
        >>> (
        ...     lo.Puzzle(nx.path_graph(3)).all_pressable,
        ...     lo.Puzzle(nx.path_graph(3), pressable=[1]).all_pressable,
        ... )
        (True, False)
        """
        return self._codec.press_cols is None

    @property
    def pressable(self) -> Sequence[Hashable]:
        """The nodes that may be pressed, in node order.

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), pressable=[2, 0]).pressable
        (0, 2)
        """
        return self._codec.pressable

    @property
    def press_columns(self) -> np.ndarray:
        """The positions in :attr:`nodes` of the pressable nodes (a new int64 array).

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), pressable=[2]).press_columns.tolist()
        [2]
        """
        cols = self._codec.press_cols
        return np.arange(len(self.nodes), dtype=np.int64) if cols is None else cols.copy()

    @property
    def press_index(self) -> Mapping[Hashable, int]:
        """pressable node -> position among :attr:`pressable`.

        Examples
        --------
        >>> dict(lo.Puzzle(nx.path_graph(3), pressable=[0, 2]).press_index)
        {0: 0, 2: 1}
        """
        return self._codec.press_index

    def number_of_edges(self) -> int:
        """The number of edges of the graph, without building it when it is not built yet.

        Examples
        --------
        >>> lo.grid(3, 4).number_of_edges()
        17
        """
        if self._edges is None:
            if self._graph is None and self._edges_factory is not None:
                self._edges = int(self._edges_factory())
            else:
                self._edges = int(self.graph.number_of_edges())
        return self._edges

    @property
    def n(self) -> int:
        """The number of lights (the number of nodes, unless some buttons carry no light).

        Examples
        --------
        >>> lo.grid(3, 4).n, lo.Puzzle(nx.path_graph(3), lights=[0, 2]).n
        (12, 2)
        """
        return self._codec.n

    @property
    def all_lights(self) -> bool:
        """Whether every node carries a light (no buttons without lights).

        Examples
        --------
        >>> lo.grid(2, 2).all_lights, lo.Puzzle(nx.path_graph(3), lights=[0]).all_lights
        (True, False)
        """
        return self._codec.light_rows is None

    @property
    def lights(self) -> Sequence[Hashable]:
        """The nodes that carry a light, in node order (all nodes unless ``lights=`` was given).

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), lights=[2, 0]).lights
        (0, 2)
        """
        return self._codec.lights

    @property
    def light_rows(self) -> np.ndarray:
        """The positions in :attr:`nodes` of the lights (a new int64 array).

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), lights=[2, 0]).light_rows.tolist()
        [0, 2]
        """
        rows = self._codec.light_rows
        return np.arange(len(self.nodes), dtype=np.int64) if rows is None else rows.copy()

    @property
    def light_index(self) -> Mapping[Hashable, int]:
        """light -> position among :attr:`lights` (the position in state vectors).

        Examples
        --------
        >>> dict(lo.Puzzle(nx.path_graph(3), lights=[2, 0]).light_index)
        {0: 0, 2: 1}
        """
        return self._codec.light_index

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
        if self._codec.light_rows is None:
            return self
        new = _copy.copy(self)
        new._codec = self._codec.every_node_lit()
        new._press = None
        new.info = PuzzleInfo()
        return new

    # -- the toggle matrix ----------------------------------------------------------------------

    def _toggle(self) -> sp.csr_array:
        """The toggle matrix itself (built on first use; never hand it out)."""
        if self._matrix is None:
            assert self._matrix_factory is not None
            self._matrix = self._matrix_factory()
        return self._matrix

    def _press_matrix(self) -> sp.csr_array:
        if self._press is None:
            cols, rows = self._codec.press_cols, self._codec.light_rows
            self._press = self._toggle() if cols is None else sp.csr_array(self._toggle()[:, cols])
            if rows is not None:
                self._press = sp.csr_array(self._press[rows])
        return self._press

    def toggle_matrix(self) -> sp.csr_array:
        """The toggle matrix T, n × n, with ``T[v, u]`` = what one press of u adds to light v.

        Entries are in ``0..k-1``; rows and columns follow :attr:`nodes`.

        Returns
        -------
        scipy.sparse.csr_array

        Examples
        --------
        >>> Puzzle(nx.DiGraph([(0, 1)]), rule="open").toggle_matrix().toarray()
        array([[0, 0],
               [1, 0]])
        """
        return self._toggle().copy()

    def press_matrix(self) -> sp.csr_array:
        """T restricted to the lights (rows) and pressable nodes (columns).

        Examples
        --------
        >>> Puzzle(nx.path_graph(3), pressable=[1]).press_matrix().toarray()
        array([[1],
               [1],
               [1]])
        """
        return self._press_matrix().copy()

    # -- states and presses (converted by the codec) --------------------------------------------

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
        >>> p = lo.Puzzle(nx.path_graph(3), modulus=3)
        >>> p.state_vector({2: 2}).tolist(), p.state_vector(1).tolist()
        ([0, 0, 2], [1, 1, 1])
        >>> lo.grid(2, 3).state_vector(np.array([[1, 0, 0], [0, 0, 1]])).tolist()
        [1, 0, 0, 0, 0, 1]
        """
        return self._codec.state_vector(state, name)

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
        >>> lo.grid(2, 2).board_array([1, 0, 0, 1]).tolist()
        [[1, 0], [0, 1]]
        """
        return self._codec.board_array(vector)

    def presses_vector(self, presses: StateLike, *, name: str = "presses") -> np.ndarray:
        """Convert presses to a vector over :attr:`pressable` (counts in ``0..k-1``).

        Raises
        ------
        InvalidStateError
            As :meth:`state_vector`, and for presses on a node that is not pressable.

        Examples
        --------
        >>> p = lo.Puzzle(nx.path_graph(3), pressable=[0, 2])
        >>> p.presses_vector({2: 1}).tolist()
        [0, 1]
        """
        return self._codec.presses_vector(presses, name)

    def full_presses(self, presses: np.ndarray) -> np.ndarray:
        """Expand a vector over :attr:`pressable` to one over every node (0 elsewhere).

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), pressable=[0, 2]).full_presses(np.array([1, 1])).tolist()
        [1, 0, 1]
        """
        return self._codec.full_presses(presses)

    def as_dict(self, vector: Sequence[int] | np.ndarray) -> dict[Hashable, int]:
        """Turn a vector in node order into a dict node -> int.

        A vector with one value per light (a state) gives a dict over the lights; one with a
        value per node (presses) a dict over every node. The two differ only when some
        buttons carry no light.

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(2)).as_dict([1, 0])
        {0: 1, 1: 0}
        >>> lo.Puzzle(nx.path_graph(3), lights=[0, 2]).as_dict([1, 0])
        {0: 1, 2: 0}
        """
        return self._codec.as_dict(vector)

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
        >>> lo.Puzzle(nx.path_graph(3)).press([1, 1, 0], 0)
        {0: 0, 1: 0, 2: 0}
        """
        if not is_node(node, self.index):
            msg = f"Argument 'node' is {node!r}, which is not a node of the puzzle."
            raise InvalidStateError(msg)
        if node not in self.press_index:
            msg = f"Argument 'node' is {node!r}, which is not pressable."
            raise InvalidStateError(msg)
        times = require_int(times, "times", error=InvalidStateError)
        vec = self.state_vector(state)
        x = np.zeros(len(self.pressable), dtype=np.int64)  # pressable nodes only
        x[self.press_index[node]] = int(times) % self.modulus
        return self.as_dict(self.apply_vector(vec, x))

    def apply_vector(self, state: np.ndarray, presses: np.ndarray) -> np.ndarray:
        """Vector form of :meth:`apply`: ``(state + P x) mod k`` with x over :attr:`pressable`.

        Examples
        --------
        >>> lo.grid(1, 3).apply_vector(np.zeros(3, dtype=np.int64), np.array([1, 0, 0])).tolist()
        [1, 1, 0]
        """
        k = self.modulus
        state = int_vector(state, (len(self.lights),), "'state'")
        presses = int_vector(presses, (len(self.pressable),), "'presses'")
        if self._apply_fn is not None and self.all_lights:
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
        >>> p = lo.grid(1, 3)
        >>> p.apply(0, {(0, 0): 1, (0, 2): 1})
        {(0, 0): 1, (0, 1): 0, (0, 2): 1}
        """
        vec = self.state_vector(state)
        x = self.presses_vector(presses)
        return self.as_dict(self.apply_vector(vec, x))

    # -- metadata -------------------------------------------------------------------------------

    name: Any = property(
        lambda self: self.info.name,
        doc="""The catalog name, or None.

        Examples
        --------
        >>> lo.catalog.load("merlin").name, lo.grid(2, 2).name
        ('merlin', None)
        """,
    )
    title = property(
        lambda self: self.info.title,
        doc="""A title for people, or None.

        Examples
        --------
        >>> lo.catalog.load("merlin").title, lo.grid(2, 2).title
        ("Merlin's Magic Square", None)
        """,
    )
    description = property(
        lambda self: self.info.description,
        doc="""A description.

        Examples
        --------
        >>> lo.catalog.load("merlin").description.split()[:4]
        ['The', 'Magic', 'Square', 'game']
        >>> lo.grid(2, 2).description
        ''
        """,
    )
    sources = property(
        lambda self: self.info.sources,
        doc="""Where the puzzle comes from.

        Examples
        --------
        >>> [s["year"] for s in lo.catalog.load("merlin").sources]
        [1978]
        """,
    )
    colors = property(
        lambda self: self.info.colors,
        doc="""One colour name per state, or None.

        Examples
        --------
        >>> lo.catalog.load("merlin").colors, lo.grid(2, 2).colors
        (('off', 'on'), None)
        """,
    )
    boards = property(
        lambda self: self.info.boards,
        doc="""Named boards: name -> vector.

        Examples
        --------
        >>> boards = lo.catalog.load("merlin").boards
        >>> sorted(boards), boards["centre"].tolist()
        (['all-on', 'centre', 'dark'], [0, 0, 0, 0, 1, 0, 0, 0, 0])
        """,
    )
    family = property(
        lambda self: self.info.family,
        doc="""The family that built it, or None.

        Examples
        --------
        >>> f = lo.grid(2, 3).family
        >>> f.name, f.params
        ('grid', {'shape': (2, 3)})
        """,
    )
    lit_only = property(
        lambda self: self.info.lit_only,
        doc="""Whether only lit buttons press.

        Examples
        --------
        >>> p = lo.grid(2, 2)
        >>> p.lit_only, p.with_metadata(lit_only=True).lit_only
        (False, True)
        """,
    )
    invariants = property(
        lambda self: self.info.invariants,
        doc="""Published values.

        Examples
        --------
        >>> inv = lo.catalog.load("merlin").invariants
        >>> inv["rank"], inv["solvable_states"], lo.grid(2, 2).invariants
        (9, 512, {})
        """,
    )

    @property
    def goal(self) -> np.ndarray:
        """The default target, a read-only vector in node order (all 0 unless set).

        Examples
        --------
        >>> lo.grid(1, 3).goal.tolist(), lo.grid(1, 3).with_metadata(goal=1).goal.tolist()
        ([0, 0, 0], [1, 1, 1])
        """
        if self.info.goal is not None:
            return self.info.goal
        zeros = np.zeros(self.n, dtype=np.int64)
        zeros.flags.writeable = False
        return zeros

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

    # -- pickling and display -------------------------------------------------------------------

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
        extra += "" if self.all_lights else f", lights={self.n}"
        return (
            f"<Puzzle{label}: {len(self.nodes)} nodes, {self.number_of_edges()} edges, "
            f"rule={self.rule!r}, modulus={self.modulus}{extra}>"
        )


def check_puzzle(obj: object, name: str = "puzzle") -> Puzzle:
    """Return ``obj`` if it is a :class:`Puzzle`, else raise a package error naming ``name``."""
    if not isinstance(obj, Puzzle):
        msg = f"Argument {name!r} must be a Puzzle, not {type(obj).__name__}."
        raise InvalidPuzzleError(msg)
    return obj


_P = ParamSpec("_P")
_R = TypeVar("_R")
#: True inside a call that :func:`checks_puzzle` checked: the calls it makes are not checked again.
_INSIDE: contextvars.ContextVar[bool] = contextvars.ContextVar("lightsout_inside", default=False)


def checks_puzzle(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """Decorate a function whose first argument (or ``puzzle=``) must be a :class:`Puzzle`.

    Checked once per public call: checked functions called inside it skip the check. The
    function keeps its name, docstring and signature.
    """

    @functools.wraps(func)
    def checked(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if _INSIDE.get():  # called by the package inside a checked call: checked already
            return func(*args, **kwargs)
        if args:
            check_puzzle(args[0])
        elif "puzzle" in kwargs:
            check_puzzle(kwargs["puzzle"])
        token = _INSIDE.set(True)
        try:
            return func(*args, **kwargs)
        finally:
            _INSIDE.reset(token)

    return checked
