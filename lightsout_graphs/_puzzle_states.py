"""States and presses of a puzzle: from the forms users give to vectors in node order, and back.

:class:`PuzzleStates` is the middle layer of :class:`lightsout_graphs.Puzzle`: above the parts
built on first use (:class:`lightsout_graphs._puzzle_parts.PuzzleParts`), below construction and
validation (:mod:`lightsout_graphs.puzzle`). It converts states, targets and presses, presses
nodes and applies press vectors; it never changes the puzzle.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Mapping, Sequence

import numpy as np

from lightsout_graphs import states
from lightsout_graphs._puzzle_parts import PuzzleParts
from lightsout_graphs.errors import InvalidStateError, require_int
from lightsout_graphs.states import StateLike, in_range, is_node, reduce_mod

__all__ = ["PuzzleStates"]


class PuzzleStates(PuzzleParts):
    """States, targets and presses of a puzzle (see :class:`lightsout_graphs.Puzzle`).

    Examples
    --------
    >>> p = lo.Puzzle(nx.path_graph(3))
    >>> isinstance(p, PuzzleStates), p.apply(0, {1: 1})
    (True, {0: 1, 1: 1, 2: 1})
    """

    # -- buttons without lights -----------------------------------------------------------------

    @property
    def all_lights(self) -> bool:
        """Whether every node carries a light (no buttons without lights).

        Examples
        --------
        >>> lo.grid(2, 2).all_lights, lo.Puzzle(nx.path_graph(3), lights=[0]).all_lights
        (True, False)
        """
        return self._light_rows is None

    @property
    def lights(self) -> Sequence[Hashable]:
        """The nodes that carry a light, in node order (all nodes unless ``lights=`` was given).

        Examples
        --------
        >>> import networkx as nx
        >>> lo.Puzzle(nx.path_graph(3), lights=[2, 0]).lights
        (0, 2)
        """
        if self._lights is None:
            return self._nodes
        return self._lights

    @property
    def light_rows(self) -> np.ndarray:
        """The positions in :attr:`nodes` of the lights (a new int64 array).

        Examples
        --------
        >>> lo.Puzzle(nx.path_graph(3), lights=[2, 0]).light_rows.tolist()
        [0, 2]
        """
        if self._light_rows is None:
            return np.arange(len(self._nodes), dtype=np.int64)
        return self._light_rows.copy()

    @property
    def light_index(self) -> Mapping[Hashable, int]:
        """light -> position among :attr:`lights` (the position in state vectors).

        Examples
        --------
        >>> dict(lo.Puzzle(nx.path_graph(3), lights=[2, 0]).light_index)
        {0: 0, 2: 1}
        """
        if self._light_index is None:
            return self._index
        return self._light_index

    def _light_vector(self, state: StateLike, name: str) -> np.ndarray:
        """:meth:`state_vector` for a puzzle with buttons without lights."""
        from lightsout_graphs._lights import light_vector

        return light_vector(self, state, name)

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
        >>> p = lo.Puzzle(nx.path_graph(3), modulus=3)
        >>> p.state_vector({2: 2}).tolist(), p.state_vector(1).tolist()
        ([0, 0, 2], [1, 1, 1])
        >>> from lightsout_graphs import grid
        >>> grid(2, 3).state_vector(np.array([[1, 0, 0], [0, 0, 1]])).tolist()
        [1, 0, 0, 0, 0, 1]
        """
        if self._light_rows is not None:
            return self._light_vector(state, name)
        return states.to_vector(self, state, name)

    def _node_vector(self, state: StateLike, *, name: str) -> np.ndarray:
        """A value per node (every node, lit or not): :meth:`state_vector` over all nodes."""
        return states.to_vector(self, state, name)

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
        return states.check_value(value, self.modulus, name, where)

    def presses_vector(self, presses: StateLike, *, name: str = "presses") -> np.ndarray:
        """Convert presses to a vector over :attr:`pressable` (counts in ``0..k-1``).

        Raises
        ------
        InvalidStateError
            As :meth:`state_vector`, and for presses on a node that is not pressable.

        Examples
        --------
        >>> import networkx as nx
        >>> p = lo.Puzzle(nx.path_graph(3), pressable=[0, 2])
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
        >>> lo.Puzzle(nx.path_graph(3), pressable=[0, 2]).full_presses(np.array([1, 1])).tolist()
        [1, 0, 1]
        """
        x = np.asarray(presses, dtype=np.int64)
        if self._press_cols is None:
            return x if in_range(x, self.modulus) else reduce_mod(x.copy(), self.modulus)
        full = np.zeros(len(self._nodes), dtype=np.int64)
        full[self._press_cols] = x
        return reduce_mod(full, self.modulus)

    def as_dict(self, vector: Sequence[int] | np.ndarray) -> dict[Hashable, int]:
        """Turn a vector in node order into a dict node -> int.

        A vector with one value per light (a state) gives a dict over the lights; one with a
        value per node (presses) a dict over every node. The two differ only when some
        buttons carry no light.

        Examples
        --------
        >>> import networkx as nx
        >>> lo.Puzzle(nx.path_graph(2)).as_dict([1, 0])
        {0: 1, 1: 0}
        >>> lo.Puzzle(nx.path_graph(3), lights=[0, 2]).as_dict([1, 0])
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
