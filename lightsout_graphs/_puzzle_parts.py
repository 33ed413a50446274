"""The parts of a puzzle that are built on first use: graph, labels, matrices, metadata views.

:class:`PuzzleParts` is the base of :class:`lightsout_graphs.Puzzle`; it holds no logic of its
own beyond building each part once and handing out read-only views.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.puzzle_info import PuzzleInfo

__all__ = ["PuzzleParts"]


class PuzzleParts:
    """Lazily built parts of a puzzle (see :class:`lightsout_graphs.Puzzle`).

    Examples
    --------
    >>> p = lo.grid(2, 3)
    >>> isinstance(p, PuzzleParts), p.n, p.board_shape
    (True, 6, (2, 3))
    """

    modulus: int
    rule: str
    info: PuzzleInfo
    board_shape: tuple[int, ...] | None
    _graph: nx.Graph | None
    _graph_factory: Callable[[], nx.Graph] | None
    _nodes: Sequence[Hashable]
    _index: Mapping[Hashable, int]
    _edges: int | None
    _edges_factory: Callable[[], int] | None
    _matrix: sp.csr_array | None
    _matrix_factory: Callable[[], sp.csr_array] | None
    _press: sp.csr_array | None
    _pressable: tuple[Hashable, ...] | None
    _press_cols: np.ndarray | None
    _press_index: dict[Hashable, int] | None
    _light_rows: np.ndarray | None
    _lights: tuple[Hashable, ...] | None
    _light_index: dict[Hashable, int] | None
    _apply_fn: Callable[[np.ndarray, np.ndarray], np.ndarray | None] | None

    # -- lazily built parts -------------------------------------------------------------------

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
        return self._nodes

    @property
    def index(self) -> Mapping[Hashable, int]:
        """node -> position in :attr:`nodes`.

        Examples
        --------
        >>> lo.grid(2, 2).index[(1, 0)]
        2
        """
        return self._index

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
        return self._press_cols is None

    @property
    def pressable(self) -> Sequence[Hashable]:
        """The nodes that may be pressed, in node order.

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), pressable=[2, 0]).pressable
        (0, 2)
        """
        if self._press_cols is None:
            return self._nodes
        if self._pressable is None:
            self._pressable = tuple(self._nodes[int(i)] for i in self._press_cols)
        return self._pressable

    @property
    def press_columns(self) -> np.ndarray:
        """The positions in :attr:`nodes` of the pressable nodes (a new int64 array).

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), pressable=[2]).press_columns.tolist()
        [2]
        """
        if self._press_cols is None:
            return np.arange(self.n, dtype=np.int64)
        return self._press_cols.copy()

    @property
    def press_index(self) -> Mapping[Hashable, int]:
        """pressable node -> position among :attr:`pressable`.

        Examples
        --------
        >>> dict(lo.Puzzle(nx.path_graph(3), pressable=[0, 2]).press_index)
        {0: 0, 2: 1}
        """
        if self._press_cols is None:
            return self._index
        if self._press_index is None:
            self._press_index = {u: j for j, u in enumerate(self.pressable)}
        return self._press_index

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

    @property
    def n(self) -> int:
        """The number of lights (the number of nodes, unless some buttons carry no light).

        Examples
        --------
        >>> lo.grid(3, 4).n, lo.Puzzle(nx.path_graph(3), lights=[0, 2]).n
        (12, 2)
        """
        if self._light_rows is not None:
            return len(self._light_rows)
        return len(self._nodes)

    def _toggle(self) -> sp.csr_array:
        """The toggle matrix itself (built on first use; never hand it out)."""
        if self._matrix is None:
            assert self._matrix_factory is not None
            self._matrix = self._matrix_factory()
        return self._matrix

    def _press_matrix(self) -> sp.csr_array:
        if self._press is None:
            if self._press_cols is None:
                self._press = self._toggle()
            else:
                self._press = sp.csr_array(self._toggle()[:, self._press_cols])
            if self._light_rows is not None:
                self._press = sp.csr_array(self._press[self._light_rows])
        return self._press
