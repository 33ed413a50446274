"""The catalog file schema: read one TOML entry, validate every key, build the Puzzle."""

from __future__ import annotations

import numbers
import re
import tomllib
from collections.abc import Hashable, Mapping
from typing import Any

import networkx as nx
import numpy as np

from lightsout_graphs.core.errors import BoardFormatError, CatalogError, LightsOutError
from lightsout_graphs.representation.boards import grid_layout, node_label, parse_board
from lightsout_graphs.representation.families import FAMILIES, make, press_pattern
from lightsout_graphs.representation.puzzle import RULES, FamilyInfo, Puzzle

__all__ = ["INVARIANTS", "SCHEMA_VERSION", "build_entry", "read_entry"]

#: The schema version this library reads and writes.
SCHEMA_VERSION = 1

#: Older names of invariants, read as the current ones (entries written before the rename).
INVARIANT_ALIASES: dict[str, str] = {"kernel_size": "num_quiet_patterns"}

#: The invariants an entry may record, with their meaning (checked by the test suite).
INVARIANTS: dict[str, str] = {
    "rank": "rank of the press matrix (prime moduli)",
    "nullity": "dimension of the quiet patterns (prime moduli)",
    "num_quiet_patterns": "number of quiet press patterns",
    "solvable_states": "number of boards that can be taken to the goal",
    "all_solvable": "whether every board is solvable",
    "gods_number": "the most presses any solvable board needs at the fewest",
}

_TOP_KEYS = {
    "schema_version",
    "name",
    "title",
    "description",
    "sources",
    "graph",
    "modulus",
    "rule",
    "colors",
    "goal",
    "boards",
    "lit_only",
    "invariants",
}
_SOURCE_KEYS = {"manufacturer", "inventor", "year", "reference", "note"}
_GRAPH_KEYS = {
    "family",
    "params",
    "nodes",
    "edges",
    "directed",
    "presses",
    "pressable",
    "lights",
}
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


_Table = dict[str, Any]
_Rule = str | None
_Nodes = list[Hashable] | None


class _Where:
    """Builds CatalogError messages that name the file and the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, key: str, expected: str, value: object = ..., cause: str = "") -> CatalogError:
        got = "" if value is ... else f", not {value!r}"
        extra = f" ({cause})" if cause else ""
        return CatalogError(f"{self.source}: key {key!r}: expected {expected}{got}{extra}.")


#: Colour syntax that cannot load anything: a name (letters), hex, or rgb()/hsl() of numbers.
#: The play page checks the same pattern (play.js) before it uses a colour.
SAFE_COLOUR = re.compile(
    r"[A-Za-z]{1,32}|#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})"
    r"|(?:rgba?|hsla?)\([0-9.,%/\s+-]*(?:deg)?[0-9.,%/\s+-]*\)"
)

#: The largest catalog file, in bytes (the shipped ones are below 2 KiB).
MAX_ENTRY_BYTES = 1 << 20
#: The deepest nesting of tables and lists a catalog file may have.
MAX_DEPTH = 16
#: The most lights a catalog puzzle may have: its named boards are stored whole (8 bytes a
#: light each); bigger boards are built with the families (lo.grid, lo.torus ...) instead.
MAX_LIGHTS = 1 << 22


def read_entry(data: bytes, source: str) -> dict[str, Any]:
    """Parse TOML bytes into a table; syntax errors become :class:`CatalogError` naming ``source``.

    Parameters
    ----------
    data : bytes
        The file's contents.
    source : str
        What to call the file in messages (its path).

    Returns
    -------
    dict

    Raises
    ------
    CatalogError
        Text that is not UTF-8 TOML, that is nested deeper than :data:`MAX_DEPTH`, that holds
        an integer of more digits than Python converts, or that is longer than
        :data:`MAX_ENTRY_BYTES`.

    Examples
    --------
    >>> read_entry(b"name = 'x'", "x.toml")
    {'name': 'x'}
    """
    if len(data) > MAX_ENTRY_BYTES:
        msg = (
            f"{source}: the file is larger than the {MAX_ENTRY_BYTES} bytes (1 MiB) a catalog "
            "entry may have; keep fewer named boards in it."
        )
        raise CatalogError(msg)
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        msg = f"{source}: not a valid TOML file ({err})."
        raise CatalogError(msg) from err
    except ValueError as err:
        # An integer of more digits than Python converts (sys.get_int_max_str_digits).
        msg = f"{source}: not a valid catalog file ({err})."
        raise CatalogError(msg) from err
    except (RecursionError, MemoryError) as err:
        msg = f"{source}: not a valid TOML file (nested too deeply to parse: {type(err).__name__})."
        raise CatalogError(msg) from err
    _check_depth(table, source)
    return table


def _check_depth(table: dict[str, Any], source: str) -> None:
    """Refuse tables nested deeper than :data:`MAX_DEPTH` (dotted keys nest without brackets)."""
    level: list[Any] = [table]
    depth = 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            msg = (
                f"{source}: tables or lists are nested more than {MAX_DEPTH} levels deep (a "
                "catalog entry needs at most 4, e.g. graph.presses.button.light); check the "
                "dotted keys."
            )
            raise CatalogError(msg)
        level = [
            v
            for c in level
            for v in (c.values() if isinstance(c, dict) else c)
            if isinstance(v, dict | list)
        ]


def _is_int(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _node(value: object, where: _Where, key: str) -> Hashable:
    """A node written in TOML: an int, a string, or a list of ints/strings (a tuple)."""
    if _is_int(value) or isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(_is_int(v) or isinstance(v, str) for v in value):
        return tuple(value)
    raise where.error(key, "a node: an int, a string or a list of ints", value)


def _graph(table: object, entry: dict[str, Any], where: _Where) -> Puzzle:
    """Build the puzzle of the [graph] table: a family, press patterns, or nodes and edges."""
    if not isinstance(table, dict):
        raise where.error(
            "graph", "a table with 'family', 'nodes' and 'edges', or 'presses'", table
        )
    for key in table:
        if key not in _GRAPH_KEYS:
            raise where.error(f"graph.{key}", f"one of {', '.join(sorted(_GRAPH_KEYS))}", key)
    modulus = entry.get("modulus", 2)
    if not _is_int(modulus) or modulus < 2:
        raise where.error("modulus", "an int >= 2", modulus)
    rule = entry.get("rule")
    if rule is not None and rule not in RULES:
        raise where.error("rule", f"one of {', '.join(RULES)}", rule)
    kinds = [k for k in ("family", "edges", "presses") if k in table]
    if "nodes" in table and "presses" not in table and "edges" not in table:
        kinds.append("nodes")
    if len(kinds) != 1 or ("family" in table and "nodes" in table):
        raise where.error(
            "graph", "exactly one of 'family', 'nodes' (with 'edges') or 'presses'", sorted(table)
        )
    pressable = _nodes(table, "pressable", where) if "pressable" in table else None
    if "family" in table:
        return _family_graph(table, modulus, rule, pressable, where)
    if "presses" in table:
        if pressable is not None:
            raise where.error("graph.pressable", "nothing: the buttons of 'presses' are pressable")
        if rule not in (None, "weighted"):
            raise where.error("rule", "'weighted' or nothing for press patterns", rule)
        return _pattern_graph(table, modulus, where)
    return _explicit_graph(table, modulus, rule, pressable, where)


def _family_graph(
    table: _Table, modulus: int, rule: _Rule, pressable: _Nodes, where: _Where
) -> Puzzle:
    family = table["family"]
    if family not in FAMILIES:
        raise where.error("graph.family", f"a family name ({', '.join(sorted(FAMILIES))})", family)
    params = table.get("params", {})
    if not isinstance(params, dict):
        raise where.error("graph.params", "a table of the family's parameters", params)
    kwargs = dict(params)
    for key in ("modulus", "rule", "pressable", "lights"):
        if key in kwargs:
            raise where.error(f"graph.params.{key}", f"'{key}' at the top level, not here")
    kwargs["modulus"] = modulus
    if family in ("merlin", "press_pattern"):
        if rule not in (None, "weighted"):
            raise where.error("rule", f"'weighted' or nothing for family {family!r}", rule)
    elif rule is not None:
        kwargs["rule"] = rule
    if pressable is not None:
        kwargs["pressable"] = pressable
    lights = _lights(table, where)
    if lights is not None:
        if family != "press_pattern":
            raise where.error(
                "graph.lights",
                f"nothing for family {family!r} (it decides its lights); lights go with "
                "'nodes' and 'edges', 'presses' or family 'press_pattern'",
            )
        kwargs["lights"] = lights
    try:
        return make(family, **kwargs)
    except LightsOutError as err:
        raise where.error(
            "graph.params", f"parameters of family {family!r}", params, str(err)
        ) from err


def _pattern_graph(table: dict[str, Any], modulus: int, where: _Where) -> Puzzle:
    presses = table["presses"]
    if not isinstance(presses, dict) or not presses:
        raise where.error(
            "graph.presses", "a table button -> list of lights (or light -> amount)", presses
        )
    nodes = _nodes(table, "nodes", where) if table.get("nodes") is not None else None
    labels = {node_label(v): v for v in nodes} if nodes else {}
    mapping: dict[Hashable, Any] = {}
    for button, lights in presses.items():
        b = labels.get(button, button)
        if isinstance(lights, list):
            mapping[b] = [
                labels.get(x, x)
                if isinstance(x, str)
                else _node(x, where, f"graph.presses.{button}")
                for x in lights
            ]
        elif isinstance(lights, dict):
            mapping[b] = {labels.get(x, x): a for x, a in lights.items()}
        else:
            raise where.error(
                f"graph.presses.{button}", "a list of lights or a table light -> amount", lights
            )
    lights = _lights(table, where)
    if lights is not None:
        lights = [labels.get(x, x) if isinstance(x, str) else x for x in lights]
    try:
        return press_pattern(mapping, modulus, nodes=nodes, lights=lights)
    except LightsOutError as err:
        if "'lights'" in str(err):
            raise where.error("graph.lights", "lights among the nodes", cause=str(err)) from err
        raise where.error("graph.presses", "a valid press pattern", cause=str(err)) from err


def _nodes(table: dict[str, Any], key: str, where: _Where, *, full: bool = False) -> list[Hashable]:
    """The list of nodes ``graph.<key>`` (non-empty when ``full``)."""
    raw = table.get(key)
    if not isinstance(raw, list) or (full and not raw):
        raise where.error(f"graph.{key}", f"a {'non-empty ' if full else ''}list of nodes", raw)
    return [_node(v, where, f"graph.{key}") for v in raw]


def _lights(table: dict[str, Any], where: _Where) -> list[Hashable] | None:
    """The ``graph.lights`` list (the nodes that carry a light), or None when absent."""
    return _nodes(table, "lights", where, full=True) if "lights" in table else None


def _explicit_graph(
    table: _Table, modulus: int, rule: _Rule, pressable: _Nodes, where: _Where
) -> Puzzle:
    nodes = _nodes(table, "nodes", where, full=True)
    if len(set(nodes)) != len(nodes):
        raise where.error("graph.nodes", "distinct nodes", table["nodes"])
    directed = table.get("directed", False)
    if not isinstance(directed, bool):
        raise where.error("graph.directed", "true or false", directed)
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(nodes)
    known = set(nodes)
    edges = table.get("edges", [])
    if not isinstance(edges, list):
        raise where.error("graph.edges", "a list of [u, v] pairs", edges)
    for i, edge in enumerate(edges):
        key = f"graph.edges[{i}]"
        if not isinstance(edge, list) or len(edge) not in (2, 3):
            raise where.error(key, "a pair [u, v] or a triple [u, v, weight]", edge)
        u = _node(edge[0], where, key)
        v = _node(edge[1], where, key)
        for end in (u, v):
            if end not in known:
                raise where.error(
                    key, "an edge between listed nodes", edge, f"{end!r} is not in graph.nodes"
                )
        if len(edge) == 3:
            if not _is_int(edge[2]):
                raise where.error(key, "an int weight", edge[2])
            g.add_edge(u, v, weight=edge[2])
        else:
            g.add_edge(u, v)
    lights = _lights(table, where)
    for v in lights or ():
        if v not in known:
            raise where.error(
                "graph.lights", "a list of nodes", lights, f"{v!r} is not in graph.nodes"
            )
    try:
        puzzle = Puzzle(
            g, modulus=modulus, rule=rule or "closed", pressable=pressable, lights=lights
        )
    except LightsOutError as err:
        raise where.error("graph", "a valid puzzle graph", cause=str(err)) from err
    return puzzle.with_metadata(family=FamilyInfo("graph", {}))


def _value(puzzle: Puzzle, value: object, where: _Where, key: str) -> int:
    if _is_int(value):
        if not 0 <= int(value) < puzzle.modulus:  # type: ignore[call-overload]
            raise where.error(key, f"a value in 0..{puzzle.modulus - 1}", value)
        return int(value)  # type: ignore[call-overload]
    if isinstance(value, str) and puzzle.colors:
        low = [c.lower() for c in puzzle.colors]
        if value.lower() in low:
            return low.index(value.lower())
        raise where.error(key, f"a colour name ({', '.join(puzzle.colors)}) or an int", value)
    expected = "an int" + (
        f" or a colour name ({', '.join(puzzle.colors)})" if puzzle.colors else ""
    )
    raise where.error(key, expected, value)


def _board(puzzle: Puzzle, value: object, where: _Where, key: str) -> np.ndarray:
    """A board: one int for every light, a list of row strings or ints, or a table node -> value."""
    n = puzzle.n
    if _is_int(value) or isinstance(value, str):
        return np.full(n, _value(puzzle, value, where, key), dtype=np.int64)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        if grid_layout(puzzle) is not None:
            text = "\n".join(value)
        else:
            text = " ".join(ch for row in value for ch in row if not ch.isspace())
        try:
            return parse_board(puzzle, text)
        except BoardFormatError as err:
            raise where.error(key, f"rows of a board of {n} lights", cause=str(err)) from err
    if isinstance(value, list) and all(_is_int(v) or isinstance(v, str) for v in value):
        if len(value) != n:
            raise where.error(key, f"{n} values in node order", f"{len(value)} values")
        return np.array(
            [_value(puzzle, v, where, f"{key}[{i}]") for i, v in enumerate(value)], dtype=np.int64
        )
    if isinstance(value, dict):
        labels = {node_label(v): v for v in puzzle.lights}
        out = np.zeros(n, dtype=np.int64)
        for label, v in value.items():
            if label not in labels:
                raise where.error(
                    f"{key}.{label}",
                    "a node of the puzzle that carries a light (written as in board text, e.g. '(0,1)')",
                    label,
                )
            out[puzzle.light_index[labels[label]]] = _value(puzzle, v, where, f"{key}.{label}")
        return out
    raise where.error(
        key,
        "a board: an int, a list of row strings, a list of values or a table node -> value",
        value,
    )


def build_entry(entry: Mapping[str, Any], source: str) -> Puzzle:
    """Validate one parsed catalog entry and build its Puzzle with all metadata attached.

    Parameters
    ----------
    entry : mapping
        The parsed TOML table.
    source : str
        The file's path, for messages.

    Returns
    -------
    Puzzle

    Raises
    ------
    CatalogError
        Any key that breaks the schema; the message names the file, the key and what was
        expected.

    Examples
    --------
    >>> entry = {
    ...     "schema_version": 1,
    ...     "name": "tiny",
    ...     "title": "Tiny",
    ...     "graph": {"family": "grid", "params": {"m": 1, "n": 2}},
    ...     "boards": {"left": ["*."]},
    ... }
    >>> p = build_entry(entry, "tiny.toml")
    >>> p.name, p.boards["left"].tolist()
    ('tiny', [1, 0])
    """
    where = _Where(source)
    entry = dict(entry)
    for key in entry:
        if key not in _TOP_KEYS:
            raise where.error(
                key, f"one of the schema's keys ({', '.join(sorted(_TOP_KEYS))})", key
            )
    version = entry.get("schema_version")
    if version != SCHEMA_VERSION or not _is_int(version):
        raise where.error(
            "schema_version", f"{SCHEMA_VERSION} (the version this library reads)", version
        )
    name = entry.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise where.error("name", "a lower-case name of letters, digits and '-'", name)
    title = entry.get("title")
    if not isinstance(title, str) or not title.strip():
        raise where.error("title", "a non-empty string", title)
    description = entry.get("description", "")
    if not isinstance(description, str):
        raise where.error("description", "a string", description)
    sources = entry.get("sources", [])
    if not isinstance(sources, list):
        raise where.error("sources", "a list of tables ([[sources]])", sources)
    for i, src in enumerate(sources):
        if not isinstance(src, dict):
            raise where.error(f"sources[{i}]", "a table", src)
        for key, val in src.items():
            if key not in _SOURCE_KEYS:
                raise where.error(
                    f"sources[{i}].{key}", f"one of {', '.join(sorted(_SOURCE_KEYS))}", key
                )
            if key == "year" and not _is_int(val):
                raise where.error(f"sources[{i}].year", "an int", val)
            if key != "year" and not isinstance(val, str):
                raise where.error(f"sources[{i}].{key}", "a string", val)
    lit_only = entry.get("lit_only", False)
    if not isinstance(lit_only, bool):
        raise where.error("lit_only", "true or false", lit_only)
    if "graph" not in entry:
        raise where.error("graph", "a [graph] table")
    puzzle = _graph(entry["graph"], entry, where)
    colors = entry.get("colors")
    if colors is not None and (
        not isinstance(colors, list)
        or len(colors) != puzzle.modulus
        or not all(isinstance(c, str) and c for c in colors)
    ):
        raise where.error(
            "colors", f"a list of {puzzle.modulus} colour names (one per state)", colors
        )
    for i, colour in enumerate(colors or []):
        if not SAFE_COLOUR.fullmatch(colour.strip()):
            raise where.error(
                f"colors[{i}]",
                "a colour name (letters only), #hex, rgb(...) or hsl(...) with numbers only",
                colour,
            )
    puzzle = puzzle.with_metadata(
        name=name,
        title=title,
        description=description.strip(),
        sources=tuple(dict(s) for s in sources),
        colors=colors,
        lit_only=lit_only,
    )
    if puzzle.n > MAX_LIGHTS:
        raise where.error(
            "graph",
            f"a puzzle of at most {MAX_LIGHTS} lights (its boards are stored whole; build "
            "bigger boards with the families, e.g. lo.grid, or the CLI's --family)",
            f"{puzzle.n} lights",
        )
    goal = _board(puzzle, entry["goal"], where, "goal") if "goal" in entry else None
    boards_raw = entry.get("boards")
    if not isinstance(boards_raw, dict) or not boards_raw:
        raise where.error(
            "boards", "a [boards] table with at least one named starting board", boards_raw
        )
    boards = {str(b): _board(puzzle, v, where, f"boards.{b}") for b, v in boards_raw.items()}
    invariants = entry.get("invariants", {})
    if not isinstance(invariants, dict):
        raise where.error("invariants", "a table", invariants)
    invariants = {INVARIANT_ALIASES.get(key, key): val for key, val in invariants.items()}
    for key, val in invariants.items():
        if key not in INVARIANTS:
            raise where.error(f"invariants.{key}", f"one of {', '.join(sorted(INVARIANTS))}", key)
        if key == "all_solvable":
            if not isinstance(val, bool):
                raise where.error(f"invariants.{key}", "true or false", val)
        elif not _is_int(val) or val < 0:
            raise where.error(f"invariants.{key}", "an int >= 0", val)
    puzzle = puzzle.with_metadata(boards=boards, invariants=dict(invariants))
    if goal is not None:
        puzzle = puzzle.with_metadata(goal=goal)
    return puzzle
