"""Board text: read and write states and press grids of a puzzle as plain text.

Two layouts, chosen from the puzzle's nodes:

- **Grid puzzles** (every node a 2-tuple of ints ``(row, column)``, filling at least half of
  its bounding rectangle): one line per row, one character per cell. ``.`` or ``0`` is 0,
  ``*`` or ``1`` is 1, digits ``2``-``9`` and the initials of the puzzle's colour names (when
  they differ) are the other values. Whitespace between cells is ignored, ``/`` also ends a
  row (so a board fits on one command line) and ``#`` marks a position with no light. When the
  modulus is above 10, cells are whitespace-separated numbers instead.
- **Other puzzles:** the values in node order, separated by whitespace, or ``node=value`` pairs
  (nodes not named are 0). A node is named by :func:`node_label`, e.g. ``(0,1,1)`` or ``7``.

Values may also be written as full colour names where the puzzle has them. Parse errors raise
:class:`~lightsout_graphs.core.errors.BoardFormatError` naming the line, the column and what was
expected. :func:`format_board` and :func:`parse_board` round-trip.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Sequence

import numpy as np

from lightsout_graphs.core._cache import PuzzleCache
from lightsout_graphs.core.errors import BoardFormatError
from lightsout_graphs.representation._describe import node_label, puzzle_label
from lightsout_graphs.representation._layout import GridLayout, grid_layout
from lightsout_graphs.representation.puzzle import Puzzle, StateLike, checks_puzzle

__all__ = [
    "GridLayout",
    "board_text_limit",
    "format_board",
    "format_presses",
    "grid_layout",
    "node_label",
    "parse_board",
    "puzzle_label",
]

#: What this module computes per puzzle (see :mod:`lightsout_graphs.core._cache`).
_CACHE = PuzzleCache()

_HOLE = "#"
_WRAP = 79


# -- symbols --------------------------------------------------------------------------------


def _color_initials(puzzle: Puzzle) -> dict[str, int]:
    """Initial letter (lower case) -> value, when the colour names have distinct initials."""
    if not puzzle.colors:
        return {}
    initials = [name[:1].lower() for name in puzzle.colors]
    if any(not c.isalpha() for c in initials) or len(set(initials)) != len(initials):
        return {}
    return {c: v for v, c in enumerate(initials)}


def _color_names(puzzle: Puzzle) -> dict[str, int]:
    """Colour name (lower case) -> value; the first of equal names wins."""
    return {name.lower(): v for v, name in reversed(list(enumerate(puzzle.colors or ())))}


def _expected(puzzle: Puzzle, *, single_char: bool) -> str:
    k = puzzle.modulus
    if k == 2:
        text = "'.', '*', '0' or '1'"
    elif single_char:
        text = f"'.', '*' or a digit 0-{k - 1}"
    else:
        text = f"'.', '*' or a number 0-{k - 1}"
    initials = _color_initials(puzzle)
    if initials:
        text += " or a colour initial (" + ", ".join(initials) + ")"
    if puzzle.colors and not single_char:
        text += " or a colour name"
    return text


def _parse_value(puzzle: Puzzle, token: str, where: str, *, single_char: bool) -> int:
    k = puzzle.modulus
    if token == ".":
        return 0
    if token == "*":
        return 1
    if token.isascii() and token.isdigit():
        digits = token.lstrip("0") or "0"
        # The length first: Python refuses to convert more than 4300 digits.
        if len(digits) > len(str(k - 1)) or int(digits) >= k:
            shown = digits if len(digits) <= 30 else f"{digits[:12]}… ({len(digits)} digits)"
            msg = f"{where}: value {shown} is too large for modulus {k} (expected 0-{k - 1})."
            raise BoardFormatError(msg)
        return int(digits)
    low = token.lower()
    initials = _color_initials(puzzle)
    if low in initials:
        return initials[low]
    if not single_char:
        names = _color_names(puzzle)
        if low in names:
            return names[low]
    msg = f"{where}: expected {_expected(puzzle, single_char=single_char)}, found {token!r}."
    raise BoardFormatError(msg)


def _symbol(value: int, k: int, *, presses: bool, initials: Sequence[str] | None) -> str:
    if value == 0:
        return "."
    if initials is not None:
        return initials[value]
    if k == 2 and not presses:
        return "*"
    return str(value)


# -- parsing --------------------------------------------------------------------------------


def _tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """Yield ``(token, line, column)`` (1-based) for each whitespace-separated token."""
    for line_no, line in enumerate(text.splitlines(), start=1):
        for match in re.finditer(r"\S+", line):
            yield match.group(), line_no, match.start() + 1


#: Board text may have this many characters on top of :func:`board_text_limit`'s share per light.
BOARD_TEXT_SLACK = 4096


def board_text_limit(puzzle: Puzzle) -> int:
    """The most characters a board of this puzzle may have as text.

    A grid board needs about one character per light (more for a modulus above 10); a listing
    ``node=value`` pairs. The limit leaves room for spacing and long node names: grids get
    ``len(str(k - 1)) + 8`` characters per light, other puzzles ``len(str(k - 1)) + 72``, both
    plus :data:`BOARD_TEXT_SLACK`. Longer text is refused before it is tokenised.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle whose boards are read (its lights, modulus and layout).

    Returns
    -------
    int
        The limit, in characters.

    Examples
    --------
    >>> board_text_limit(lo.grid(5, 5))
    4321
    """
    per_light = len(str(puzzle.modulus - 1)) + (8 if grid_layout(puzzle) is not None else 72)
    return BOARD_TEXT_SLACK + puzzle.n * per_light


@checks_puzzle
def parse_board(puzzle: Puzzle, text: str) -> np.ndarray:
    """Read a board (a state, a target or presses) written as text.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle the board belongs to; it decides the layout (see the module docs).
    text : str
        The board. Grid puzzles: one line (or ``/``-separated part) per row. Other puzzles:
        values in node order, or ``node=value`` pairs.

    Returns
    -------
    numpy.ndarray
        The values in node order (int64, in ``0..k-1``).

    Raises
    ------
    BoardFormatError
        Empty text, a character that is not a value, a row of the wrong length, the wrong
        number of rows or values, an unknown or repeated node; the message names the line and
        column and says what was expected there. Text longer than
        :func:`board_text_limit` allows.

    Examples
    --------
    >>> p = lo.grid(2, 3)
    >>> parse_board(p, ".*.\\n**.").tolist()
    [0, 1, 0, 1, 1, 0]
    >>> parse_board(p, "0 1 0 / 1 1 0").tolist()
    [0, 1, 0, 1, 1, 0]
    >>> parse_board(lo.Puzzle(nx.path_graph(3), modulus=3), "2=1 0=2").tolist()
    [2, 0, 1]
    >>> parse_board(p, ".*.\\n*x.")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.BoardFormatError: line 2, column 2: expected '.', '*', '0' or '1', found 'x'.
    """
    if not isinstance(text, str):
        msg = f"Board text must be a str, not {type(text).__name__}."
        raise BoardFormatError(msg)
    limit = board_text_limit(puzzle)
    if len(text) > limit:
        msg = (
            f"The board text has {len(text)} characters; a board of this puzzle ({puzzle.n} "
            f"lights) fits in {limit}."
        )
        raise BoardFormatError(msg)
    if not text.strip():
        msg = "The board text is empty: expected the value of every light."
        raise BoardFormatError(msg)
    layout = grid_layout(puzzle)
    if layout is not None:
        return _parse_grid(puzzle, layout, text)
    return _parse_listing(puzzle, text)


def _grid_rows(text: str, single_char: bool) -> list[list[tuple[str, int, int]]]:
    """Split text into rows of ``(cell, line, column)``; ``/`` ends a row, blank rows are skipped."""
    pattern = re.compile(r"/|[^\s/]" if single_char else r"/|[^\s/]+")
    rows: list[list[tuple[str, int, int]]] = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        current: list[tuple[str, int, int]] = []
        for match in pattern.finditer(line):
            if match.group() == "/":
                if current:
                    rows.append(current)
                current = []
            else:
                current.append((match.group(), line_no, match.start() + 1))
        if current:
            rows.append(current)
    return rows


def _parse_grid(puzzle: Puzzle, layout: GridLayout, text: str) -> np.ndarray:
    m, n = layout.shape
    single_char = puzzle.modulus <= 10
    rows = _grid_rows(text, single_char)
    lines = text.splitlines()
    out = np.zeros(puzzle.n, dtype=np.int64)
    for r, row in enumerate(rows):
        if r >= m:
            cell, line_no, col = row[0]
            msg = f"line {line_no}, column {col}: expected {m} rows, found a row {r + 1}."
            raise BoardFormatError(msg)
        for c, (cell, line_no, col) in enumerate(row):
            where = f"line {line_no}, column {col}"
            if c >= n:
                msg = f"{where}: expected {n} cells in row {r + 1}, found more, starting with {cell!r}."
                raise BoardFormatError(msg)
            node = layout.at.get((r, c), _HOLE)
            if node is _HOLE:
                if cell not in (_HOLE, ".", "0"):
                    msg = f"{where}: expected {_HOLE!r} (no light at row {r + 1}, column {c + 1}), found {cell!r}."
                    raise BoardFormatError(msg)
                continue
            if cell == _HOLE:
                msg = f"{where}: row {r + 1}, column {c + 1} is a light; expected {_expected(puzzle, single_char=single_char)}, found {cell!r}."
                raise BoardFormatError(msg)
            out[puzzle.index[node]] = _parse_value(puzzle, cell, where, single_char=single_char)
        if len(row) < n:
            last, line_no, col = row[-1]
            col += len(last)
            msg = f"line {line_no}, column {col}: expected {n} cells in row {r + 1}, found {len(row)}."
            raise BoardFormatError(msg)
    if len(rows) < m:
        line_no = len(lines)
        msg = f"line {line_no}, column {len(lines[-1]) + 1}: expected {m} rows, found {len(rows)}."
        raise BoardFormatError(msg)
    return out


def _label_index(puzzle: Puzzle) -> dict[str, Hashable | None]:
    """label -> node; ``None`` marks a label shared by several nodes."""
    cached = _CACHE.peek(puzzle, "labels")
    if cached is None:
        cached = {}
        for node in puzzle.nodes:
            label = node_label(node)
            cached[label] = None if label in cached else node
        _CACHE.put(puzzle, "labels", cached)
    return cached


def _parse_listing(puzzle: Puzzle, text: str) -> np.ndarray:
    tokens = list(_tokens(text))
    pairs = ["=" in tok for tok, _, _ in tokens]
    out = np.zeros(puzzle.n, dtype=np.int64)
    if any(pairs):
        labels = _label_index(puzzle)
        seen: dict[Hashable, str] = {}
        for tok, line_no, col in tokens:
            where = f"line {line_no}, column {col}"
            if "=" not in tok:
                msg = f"{where}: expected a node=value pair (the board uses pairs), found {tok!r}."
                raise BoardFormatError(msg)
            key, _, value = tok.rpartition("=")
            if key not in labels:
                some = ", ".join(node_label(v) for v in puzzle.nodes[:5])
                more = ", ..." if puzzle.n > 5 else ""
                msg = f"{where}: unknown node {key!r} (the nodes are {some}{more})."
                raise BoardFormatError(msg)
            node = labels[key]
            if node is None:
                msg = (
                    f"{where}: the name {key!r} fits several nodes; write the values in node order."
                )
                raise BoardFormatError(msg)
            if node in seen:
                msg = f"{where}: node {key!r} is given twice (first at {seen[node]})."
                raise BoardFormatError(msg)
            seen[node] = where
            if node not in puzzle.light_index:
                msg = (
                    f"{where}: node {key!r} is a button without a light; boards name lights "
                    "(read presses with parse_board(puzzle.every_node_lit(), text))."
                )
                raise BoardFormatError(msg)
            vwhere = f"{where} (value of node {key})"
            out[puzzle.light_index[node]] = _parse_value(puzzle, value, vwhere, single_char=False)
        return out
    for i, (tok, line_no, col) in enumerate(tokens):
        where = f"line {line_no}, column {col}"
        if i >= puzzle.n:
            msg = f"{where}: expected {puzzle.n} values in node order, found more, starting with {tok!r}."
            raise BoardFormatError(msg)
        out[i] = _parse_value(puzzle, tok, where, single_char=False)
    if len(tokens) < puzzle.n:
        lines = text.splitlines()
        nxt = node_label(puzzle.lights[len(tokens)])
        msg = (
            f"line {len(lines)}, column {len(lines[-1]) + 1}: expected {puzzle.n} values in "
            f"node order, found {len(tokens)} (node {nxt} has no value)."
        )
        raise BoardFormatError(msg)
    return out


# -- formatting -----------------------------------------------------------------------------


@checks_puzzle
def format_board(puzzle: Puzzle, state: StateLike, *, colors: bool | None = False) -> str:
    """Write a state (or target) as board text that :func:`parse_board` reads back.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle; it decides the layout.
    state : dict, sequence, numpy array or int
        The values, as accepted by :meth:`Puzzle.state_vector`.
    colors : bool or None, default False
        Write the initials of the puzzle's colour names instead of digits (their names must
        start with different letters). ``None``: do so when k > 2 and they do.

    Returns
    -------
    str
        Without a final newline. Grid puzzles: ``.`` for 0, ``*`` for 1 when k = 2, else
        digits. Other puzzles: the values in node order.

    Raises
    ------
    InvalidStateError
        If the state does not fit the puzzle.
    BoardFormatError
        If ``colors`` is asked for but the colour names do not have distinct initials.

    Examples
    --------
    >>> print(format_board(lo.grid(2, 3), [0, 1, 0, 1, 1, 0]))
    .*.
    **.
    >>> format_board(lo.Puzzle(nx.path_graph(3), modulus=3), [2, 0, 1])
    '2 0 1'
    >>> p = lo.grid(1, 3, modulus=3).with_metadata(colors=["off", "red", "green"])
    >>> format_board(p, [2, 0, 1], colors=True)
    'g.r'
    """
    if colors is not None and not isinstance(colors, bool | np.bool_):
        msg = f"Argument 'colors' must be True, False or None, not {colors!r}."
        raise BoardFormatError(msg)
    vec = puzzle.state_vector(state)
    if colors is None:
        colors = puzzle.modulus > 2 and bool(_color_initials(puzzle))
    return _format(puzzle, vec, presses=False, colors=colors)


@checks_puzzle
def format_presses(puzzle: Puzzle, presses: StateLike) -> str:
    """Write presses as text: the same layout as a board, with the press counts as values.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    presses : dict, sequence, numpy array or int
        Press counts per node, in node order (as ``Solution.vector``) or as a dict.

    Returns
    -------
    str
        Grid puzzles: ``.`` where a cell is not pressed, else the count. Other puzzles:
        ``node=count`` pairs of the pressed nodes (or counts in node order when node names
        cannot be written). :func:`parse_board` reads it back; where some buttons have no
        light, read it with ``parse_board(puzzle.every_node_lit(), text)``.

    Examples
    --------
    >>> print(format_presses(lo.grid(2, 2), {(0, 0): 1}))
    1.
    ..
    >>> format_presses(lo.Puzzle(nx.path_graph(3), modulus=3), {1: 2})
    '1=2'
    >>> p = lo.Puzzle(nx.path_graph(3), lights=[0])  # buttons 1 and 2 have no light
    >>> parse_board(p.every_node_lit(), format_presses(p, {2: 1})).tolist()
    [0, 0, 1]
    """
    if not puzzle.all_lights:  # presses are over every node, lit or not
        vec = puzzle.full_presses(puzzle.presses_vector(presses, name="presses"))
        return _format_listing(puzzle, vec, presses=True, initials=None)
    vec = puzzle.state_vector(presses, name="presses")
    return _format(puzzle, vec, presses=True, colors=False)


def _format(puzzle: Puzzle, vec: np.ndarray, *, presses: bool, colors: bool) -> str:
    k = puzzle.modulus
    initials: list[str] | None = None
    if colors:
        found = _color_initials(puzzle)
        if not found:
            msg = "The puzzle's colour names do not start with different letters; use digits."
            raise BoardFormatError(msg)
        initials = sorted(found, key=found.__getitem__)
    layout = grid_layout(puzzle)
    if layout is None:
        return _format_listing(puzzle, vec, presses=presses, initials=initials)
    m, n = layout.shape
    single_char = k <= 10
    width = 1 if single_char else len(str(k - 1))
    # One symbol per value (and one for a hole), looked up for all cells at once: a board of
    # a million lights formats in about a second.
    values = sorted({int(v) for v in np.unique(vec)})
    symbols = {v: _symbol(v, k, presses=presses, initials=initials).rjust(width) for v in values}
    table = np.array([*symbols.values(), _HOLE.rjust(width)], dtype=object)
    code = np.full(m * n, len(values), dtype=np.int64)
    rc = np.array(list(layout.cells.values()), dtype=np.int64).reshape(-1, 2)
    # grid_layout lists the cells in the order of puzzle.nodes, the order of vec.
    code[rc[:, 0] * n + rc[:, 1]] = np.searchsorted(values, np.asarray(vec))
    grid = table[code].reshape(m, n).tolist()
    sep = "" if single_char else " "
    return "\n".join(sep.join(row) for row in grid)


def _format_listing(
    puzzle: Puzzle, vec: np.ndarray, *, presses: bool, initials: Sequence[str] | None
) -> str:
    labels = _label_index(puzzle)
    named = all(
        labels.get(node_label(node)) is not None and not re.search(r"[\s=]", node_label(node))
        for node in puzzle.nodes
    )
    nodes = puzzle.nodes if len(vec) == len(puzzle.nodes) else puzzle.lights
    if presses and named and vec.any():
        items = [f"{node_label(node)}={int(v)}" for node, v in zip(nodes, vec, strict=True) if v]
    else:
        items = [str(initials[int(v)]) if initials else str(int(v)) for v in vec]
    lines: list[str] = []
    current = ""
    for item in items:
        if current and len(current) + 1 + len(item) > _WRAP:
            lines.append(current)
            current = item
        else:
            current = f"{current} {item}" if current else item
    lines.append(current)
    return "\n".join(lines)
