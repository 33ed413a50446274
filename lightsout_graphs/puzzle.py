"""The puzzle: a graph, a toggle rule, a modulus k, and the nodes that may be pressed.

A :class:`Puzzle` is validated data. It builds its toggle matrix once and converts states and
presses between their user-facing forms (dicts, sequences, arrays, scalars) and vectors in node
order. It solves nothing: see :mod:`lightsout_graphs.solve` and :mod:`lightsout_graphs.analysis`.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.errors import InvalidPuzzleError, InvalidStateError

__all__ = ["RULES", "FamilyInfo", "Puzzle", "StateLike", "check_puzzle"]

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


@dataclass(frozen=True)
class FamilyInfo:
    """Which family built a puzzle, and with which parameters (used by fast engines).

    Attributes
    ----------
    name : str
        The family's function name, for example ``"grid"``.
    params : dict
        Its parameters, for example ``{"shape": (5, 5)}``.
    """

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)


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
        with unknown nodes, a self-loop (use ``self_weight``), a multigraph under the ``closed``
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
    ) -> None:
        if not isinstance(graph, nx.Graph):
            msg = (
                f"Argument 'graph' must be a networkx Graph or DiGraph, not {type(graph).__name__}."
            )
            raise InvalidPuzzleError(msg)
        self.modulus: int = _check_modulus(modulus)
        if rule not in RULES:
            msg = f"Argument 'rule' must be one of {', '.join(RULES)}, not {rule!r}."
            raise InvalidPuzzleError(msg)
        self.rule: str = rule
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
        self.graph: nx.Graph = nx.freeze(graph.copy() if copy else graph)
        self.nodes: tuple[Hashable, ...] = tuple(graph.nodes)
        self.index: dict[Hashable, int] = {node: i for i, node in enumerate(self.nodes)}
        if pressable is None:
            self.pressable: tuple[Hashable, ...] = self.nodes
        else:
            if not isinstance(pressable, Iterable):
                msg = (
                    "Argument 'pressable' must be an iterable of nodes, not "
                    f"{type(pressable).__name__}."
                )
                raise InvalidPuzzleError(msg)
            chosen = set()
            for node in pressable:
                if not _is_node(node, self.index):
                    msg = f"Argument 'pressable' holds {node!r}, which is not a node of the graph."
                    raise InvalidPuzzleError(msg)
                chosen.add(node)
            self.pressable = tuple(node for node in self.nodes if node in chosen)
        self.press_index: dict[Hashable, int] = {u: j for j, u in enumerate(self.pressable)}
        self._matrix = self._build_matrix()
        # Caches filled by the algorithms (one factorisation per puzzle, reused for every board).
        self._cache: dict[str, Any] = {}
        # Metadata: set by families and the catalog through with_metadata().
        self.name: str | None = None
        self.title: str | None = None
        self.description: str = ""
        self.sources: tuple[Mapping[str, Any], ...] = ()
        self.colors: tuple[str, ...] | None = None
        self.boards: dict[str, np.ndarray] = {}
        self.goal: np.ndarray = np.zeros(len(self.nodes), dtype=np.int64)
        self.family: FamilyInfo | None = None
        self.lit_only: bool = False
        self.invariants: dict[str, Any] = {}

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
        """Return this puzzle with metadata fields set (the toggle rule is unchanged).

        Parameters
        ----------
        **fields
            Any of ``name``, ``title``, ``description``, ``sources``, ``colors``, ``boards``
            (name -> state), ``goal`` (a state), ``family`` (:class:`FamilyInfo`),
            ``lit_only`` and ``invariants``.

        Returns
        -------
        Puzzle
            The same object, for chaining.

        Examples
        --------
        >>> import networkx as nx
        >>> p = Puzzle(nx.cycle_graph(4)).with_metadata(title="Ring", goal=1)
        >>> p.title, p.goal.tolist()
        ('Ring', [1, 1, 1, 1])
        """
        allowed = {
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
        }
        for key, value in fields.items():
            if key not in allowed:
                msg = f"Unknown metadata field {key!r}; expected one of {sorted(allowed)}."
                raise InvalidPuzzleError(msg)
            if key == "goal":
                value = self.state_vector(value, name="goal")
            elif key == "boards":
                value = {
                    str(b): self.state_vector(s, name=f"board {b!r}") for b, s in value.items()
                }
            elif key == "colors" and value is not None:
                value = tuple(str(c) for c in value)
                if len(value) != self.modulus:
                    msg = f"Metadata 'colors' needs {self.modulus} names (one per state), not {len(value)}."
                    raise InvalidPuzzleError(msg)
            elif key == "sources":
                value = tuple(value)
            setattr(self, key, value)
        return self

    # -- the toggle matrix ----------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of lights."""
        return len(self.nodes)

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
        return self._matrix.copy()

    def press_matrix(self) -> sp.csr_array:
        """The columns of T for the pressable nodes only (n × number of pressable nodes).

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.path_graph(3), pressable=[1]).press_matrix().toarray()
        array([[1],
               [1],
               [1]])
        """
        if len(self.pressable) == len(self.nodes):
            return self._matrix.copy()
        cols = [self.index[u] for u in self.pressable]
        return sp.csr_array(self._matrix[:, cols])

    # -- states and presses ---------------------------------------------------------------------

    def state_vector(self, state: StateLike, *, name: str = "state") -> np.ndarray:
        """Convert a state (or target, or presses on every node) to a vector in node order.

        Parameters
        ----------
        state : dict, sequence, numpy array or int
            A dict node -> value (missing nodes are 0), values in node order, or one int for
            every node. Values must be ints in ``0..k-1``.
        name : str
            What the value is called in error messages.

        Returns
        -------
        numpy.ndarray
            int64 values in ``0..k-1``.

        Raises
        ------
        InvalidStateError
            A wrong length, an unknown node, a non-integer or an out-of-range value.

        Examples
        --------
        >>> import networkx as nx
        >>> p = Puzzle(nx.path_graph(3), modulus=3)
        >>> p.state_vector({2: 2}).tolist(), p.state_vector(1).tolist()
        ([0, 0, 2], [1, 1, 1])
        """
        n = len(self.nodes)
        out = np.zeros(n, dtype=np.int64)
        if isinstance(state, Mapping):
            for node, value in state.items():
                if node not in self.index:
                    msg = f"Argument {name!r} names {node!r}, which is not a node of the puzzle."
                    raise InvalidStateError(msg)
                out[self.index[node]] = self._check_value(value, name, f"node {node!r}")
            return out
        if isinstance(state, numbers.Integral) and not isinstance(state, bool):
            out[:] = self._check_value(state, name, "every node")
            return out
        if isinstance(state, str | bytes) or not isinstance(state, Sequence | np.ndarray):
            msg = (
                f"Argument {name!r} must be a dict node -> int, a sequence of {n} ints in node "
                f"order, or one int, not {type(state).__name__}."
            )
            raise InvalidStateError(msg)
        values = (
            list(np.asarray(state, dtype=object).ravel())
            if isinstance(state, np.ndarray)
            else list(state)
        )
        if isinstance(state, np.ndarray) and state.ndim != 1:
            msg = f"Argument {name!r} must be 1-dimensional, not of shape {state.shape}."
            raise InvalidStateError(msg)
        if len(values) != n:
            msg = f"Argument {name!r} has {len(values)} values, but the puzzle has {n} nodes."
            raise InvalidStateError(msg)
        for i, value in enumerate(values):
            out[i] = self._check_value(value, name, f"position {i} (node {self.nodes[i]!r})")
        return out

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
        full = self.state_vector(presses, name=name)
        if len(self.pressable) == len(self.nodes):
            return full
        mask = np.ones(len(self.nodes), dtype=bool)
        mask[[self.index[u] for u in self.pressable]] = False
        bad = np.flatnonzero(mask & (full != 0))
        if bad.size and not (isinstance(presses, numbers.Integral)):
            node = self.nodes[int(bad[0])]
            msg = f"Argument {name!r} presses node {node!r}, which is not pressable."
            raise InvalidStateError(msg)
        return full[[self.index[u] for u in self.pressable]]

    def as_dict(self, vector: Sequence[int] | np.ndarray) -> dict[Hashable, int]:
        """Turn a vector in node order into a dict node -> int.

        Examples
        --------
        >>> import networkx as nx
        >>> Puzzle(nx.path_graph(2)).as_dict([1, 0])
        {0: 1, 1: 0}
        """
        if len(vector) != len(self.nodes):
            msg = f"A vector of {len(vector)} values does not fit a puzzle of {len(self.nodes)} nodes."
            raise InvalidStateError(msg)
        return {node: int(v) for node, v in zip(self.nodes, vector, strict=True)}

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
        x = np.zeros(len(self.pressable), dtype=np.int64)
        x[self.press_index[node]] = int(times) % self.modulus
        return self.as_dict(self.apply_vector(vec, x))

    def apply_vector(self, state: np.ndarray, presses: np.ndarray) -> np.ndarray:
        """Vector form of :meth:`apply`: ``(state + P x) mod k`` with x over :attr:`pressable`."""
        p = self.press_matrix()
        k = self.modulus
        if (k - 1) ** 2 * (p.shape[1] + 1) < 2**63:
            return (np.asarray(state) + p @ np.asarray(presses)) % k
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
        extra = (
            "" if len(self.pressable) == len(self.nodes) else f", pressable={len(self.pressable)}"
        )
        return (
            f"<Puzzle{label}: {len(self.nodes)} nodes, {self.graph.number_of_edges()} edges, "
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
