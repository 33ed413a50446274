"""A Jupyter widget to play a puzzle, with the play page's front end and the Python solver behind it."""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import InvalidStateError, MissingDependencyError, require_int
from lightsout_graphs.interfaces.play.model import _node_space, board_solution, play_data
from lightsout_graphs.interfaces.play.page import _json_for_script, static_text
from lightsout_graphs.representation.puzzle import Puzzle, StateLike

try:
    import anywidget
    import traitlets
except ImportError as err:  # pragma: no cover - exercised only without the widget extra
    msg = "PlayWidget needs anywidget: pip install 'lightsout_graphs[widget]'."
    raise MissingDependencyError(msg) from err

__all__ = ["PlayWidget"]


class PlayWidget(anywidget.AnyWidget):
    """Play a puzzle in a notebook, then read the board back into Python.

    The widget runs the same front end as ``lightsout play`` pages: clicks and keys press
    lights with the puzzle's toggle rule, with undo, redo, hints and random boards. Every change
    is synced to Python, where :attr:`state` reads it as a dict; setting :attr:`state` or calling
    :meth:`press` from Python updates the board, and the solver keeps the hints exact.

    Parameters
    ----------
    puzzle, board, seed, title
        As in :func:`~lightsout_graphs.interfaces.play.model.play_data` (the title is the
        heading shown above the board).

    Raises
    ------
    InvalidPuzzleError
        A modulus too large to play.
    InvalidStateError
        An unknown board name.

    Examples
    --------
    >>> from lightsout_graphs.interfaces.play import PlayWidget
    >>> w = PlayWidget(lo.grid(1, 3), seed=1)
    >>> w.state = 0
    >>> w.press((0, 0))
    >>> w.state
    {(0, 0): 1, (0, 1): 1, (0, 2): 0}
    >>> w.remaining
    {(0, 0): 1, (0, 1): 0, (0, 2): 0}
    >>> w.moves
    1
    """

    _esm = static_text("play.js")
    _css = static_text("play.css")
    #: Numbers the static copies of widgets shown in one page (their element ids).
    _copies = itertools.count(1)

    _data = traitlets.Dict().tag(sync=True)
    _values = traitlets.List(traitlets.Int()).tag(sync=True)
    _remaining = traitlets.List(traitlets.Int(), allow_none=True, default_value=None).tag(sync=True)
    #: Presses made on the current board (the page's move counter).
    moves = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        board: str | None = None,
        seed: int | None = None,
        title: str | None = None,
    ) -> None:
        data = play_data(puzzle, board=board, seed=seed, title=title)
        self._puzzle = puzzle
        start = data["boards"][data["start"]]
        super().__init__(_data=data, _values=list(start["state"]), _remaining=start["solution"])

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle being played.

        Examples
        --------
        >>> from lightsout_graphs.interfaces.play import PlayWidget
        >>> PlayWidget(lo.grid(1, 3), seed=1).puzzle.n
        3
        """
        return self._puzzle

    @property
    def state(self) -> dict[Hashable, int]:
        """The board as a dict light -> value; assign any state to load it into the widget.

        Examples
        --------
        >>> from lightsout_graphs.interfaces.play import PlayWidget
        >>> w = PlayWidget(lo.grid(1, 2), seed=1)
        >>> w.state = {(0, 1): 1}
        >>> w.state, w.moves
        ({(0, 0): 0, (0, 1): 1}, 0)
        """
        lit = np.asarray(self._values, dtype=np.int64)[self._puzzle.light_rows]
        return self._puzzle.as_dict(lit)

    @state.setter
    def state(self, value: StateLike) -> None:
        vec = self._puzzle.state_vector(value)
        with self.hold_trait_notifications():
            self._values = [int(v) for v in _node_space(self._puzzle, vec)]  # one per node
            self.set_trait("_remaining", board_solution(self._puzzle, vec))
            self.moves = 0

    @property
    def remaining(self) -> dict[Hashable, int] | None:
        """Presses (node -> count) that remain in the solution the hints follow, or ``None``.

        Examples
        --------
        >>> from lightsout_graphs.interfaces.play import PlayWidget
        >>> w = PlayWidget(lo.grid(1, 3), seed=1)
        >>> w.state = {(0, 0): 1, (0, 1): 1}
        >>> w.remaining
        {(0, 0): 1, (0, 1): 0, (0, 2): 0}
        """
        if self._remaining is None:
            return None
        return self._puzzle.as_dict(self._remaining)

    def press(self, node: Hashable, times: int = 1) -> None:
        """Press a light from Python, as a click on it would.

        Parameters
        ----------
        node : node
            A pressable node.
        times : int, default 1
            How often to press (taken mod k).

        Raises
        ------
        InvalidStateError
            An unknown or unpressable node, a non-integer ``times``, or, under the lit-only
            rule, a light that is off.

        Examples
        --------
        >>> from lightsout_graphs.interfaces.play import PlayWidget
        >>> w = PlayWidget(lo.grid(2, 2, modulus=3))
        >>> before = w.state
        >>> w.press((1, 1), 2)
        >>> w.state == lo.grid(2, 2, modulus=3).press(before, (1, 1), 2)
        True
        """
        p = self._puzzle
        times = require_int(times, "times", error=InvalidStateError) % p.modulus
        if p.lit_only and node in p.index and self._values[p.index[node]] == 0:
            msg = f"Argument 'node' is {node!r}, whose light is off: the lit-only rule forbids it."
            raise InvalidStateError(msg)
        after = p.press(self.state, node, times)
        with self.hold_trait_notifications():
            if self._remaining is not None:
                rem = list(self._remaining)
                i = p.index[node]
                rem[i] = (rem[i] - times) % p.modulus
                self._remaining = rem
            self._values = [int(v) for v in _node_space(p, p.state_vector(after))]
            self.moves = self.moves + times

    def solve(self, *, minimize: bool = False) -> Any:
        """Solve the board as it stands now with :func:`lightsout_graphs.solve`.

        Parameters
        ----------
        minimize : bool, default False
            Ask for the fewest presses.

        Returns
        -------
        Solution

        Raises
        ------
        Unsolvable
            When the board cannot reach the puzzle's goal.

        Examples
        --------
        >>> from lightsout_graphs.interfaces.play import PlayWidget
        >>> w = PlayWidget(lo.grid(3, 3), seed=2)
        >>> w.puzzle.apply(w.state, w.solve().presses) == w.puzzle.as_dict(w.puzzle.goal)
        True
        """
        import lightsout_graphs as lo

        return lo.solve(self._puzzle, self.state, minimize=minimize)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget for Jupyter, with a self-contained HTML copy for everywhere else.

        A live notebook shows the widget (its view comes first); a notebook rendered without a
        kernel (a documentation site, nbviewer, GitHub) shows the ``text/html`` copy: the
        board as it stands, played in the browser by the same front end, inline, so that it
        loads nothing from the network.

        Examples
        --------
        >>> from lightsout_graphs.interfaces.play import PlayWidget
        >>> data, _ = PlayWidget(lo.grid(2, 2), seed=1)._repr_mimebundle_()
        >>> sorted(data)[:2]
        ['application/vnd.jupyter.widget-view+json', 'text/html']
        >>> "https:" in data["text/html"] or "http:" in data["text/html"].replace(
        ...     "http://www.w3.org/2000/svg", ""
        ... )
        False
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # pragma: no cover - a widget without a view
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/html"] = self._static_html()
        return data, metadata

    def _static_html(self) -> str:
        """The widget's board as an HTML fragment that plays offline (styles and script inline)."""
        ident = f"lo-play-widget-{next(self._copies)}"
        board = _json_for_script(
            {"data": self._data, "values": list(self._values), "remaining": self._remaining}
        )
        return "\n".join(
            [
                f'<div class="lo-play-widget" id="{ident}">',
                "<style>",
                self._css,
                "</style>",
                '<div class="lo-play"><noscript>This board needs JavaScript.</noscript></div>',
                f'<script type="application/json" class="lo-play-data">{board}</script>',
                '<script type="module">',
                self._esm,
                f'const box = document.getElementById("{ident}");',
                'const saved = JSON.parse(box.querySelector(".lo-play-data").textContent);',
                'const game = mount(box.querySelector(".lo-play"), saved.data, { ids: false });',
                "game.load(saved.values, saved.remaining);",
                "</script>",
                "</div>",
            ]
        )

    @traitlets.observe("_values")
    def _check_remaining(self, change: dict[str, Any]) -> None:
        """Keep the hints exact when the board changes without a matching solution."""
        p = self._puzzle
        values = np.asarray(self._values, dtype=np.int64)
        if len(values) != len(p.nodes):
            msg = (
                f"The widget's board has {len(values)} values, but the puzzle has "
                f"{len(p.nodes)} nodes."
            )
            raise InvalidStateError(msg)
        values = values[p.light_rows]  # buttons without lights hold no value
        if self._remaining is not None and len(self._remaining) == len(p.nodes):
            rem = np.asarray(self._remaining, dtype=np.int64)
            x, outside = rem[p.press_columns], np.delete(rem, p.press_columns)
            if not outside.any() and np.array_equal(p.apply_vector(values, x), p.goal):
                return
        self.set_trait("_remaining", board_solution(p, values))
