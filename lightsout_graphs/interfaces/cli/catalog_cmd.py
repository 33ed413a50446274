"""``lightsout list`` and ``lightsout show``: the catalog of named puzzles."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from lightsout_graphs.core.zk import is_prime
from lightsout_graphs.interfaces.cli.commands import add_command, count_value
from lightsout_graphs.interfaces.cli.json_data import catalog_row
from lightsout_graphs.interfaces.cli.output import print_json
from lightsout_graphs.interfaces.cli.puzzles import resolve_puzzle
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK, progress, status
from lightsout_graphs.representation._describe import family_label, is_directed, puzzle_summary

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle

__all__ = ["graph_description", "rules_sentence"]


def register(subparsers: Any) -> None:
    """Add the ``list`` and ``show`` subcommands."""
    listing = add_command(
        subparsers,
        "list",
        handle_list,
        help="the catalog of named puzzles as a table",
        description="List the catalog: name, graph, number of lights and of buttons (the nodes "
        "that can be pressed; most puzzles have one button per light), modulus, rule and "
        "nullity, the dimension of the button patterns that change no light (or the number of "
        "quiet patterns when the modulus is not prime).",
    )
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    show = add_command(
        subparsers,
        "show",
        handle_show,
        puzzle=True,
        help="one puzzle: its rules, size, solvability, quiet patterns and named boards",
        description="Describe a puzzle of the catalog (or of a family): the rules, graph size, "
        "modulus, rank or number of quiet patterns, the share of solvable boards, the quiet "
        "patterns and the named boards.",
    )
    show.add_argument(
        "--max-patterns",
        type=count_value,
        default=8,
        metavar="N",
        help="print at most N quiet patterns (default 8)",
    )


def graph_description(puzzle: Puzzle) -> str:
    """A few words for the graph in ``lightsout list``: the family and its size, or the edges.

    Examples
    --------
    >>> graph_description(lo.grid(5, 5)), graph_description(lo.Puzzle(nx.path_graph(3)))
    ('grid 5×5', 'graph, 2 edges')
    """
    return family_label(puzzle) or f"graph, {puzzle.number_of_edges()} edges"


def rules_sentence(puzzle: Puzzle) -> str:
    """What one press does, in words, for ``lightsout show``.

    Examples
    --------
    >>> rules_sentence(lo.grid(2, 2, modulus=3))
    'a press adds 1 mod 3 to its own light and to its neighbours'
    >>> rules_sentence(lo.Puzzle(nx.DiGraph([(0, 1)]), rule="open"))
    'a press adds 1 mod 2 to the lights its arcs point to, not to its own light'
    """
    k = puzzle.modulus
    directed = is_directed(puzzle)
    reach = "the lights its arcs point to" if directed else "its neighbours"
    if puzzle.rule == "closed":
        text = f"a press adds 1 mod {k} to its own light and to {reach}"
    elif puzzle.rule == "open":
        text = f"a press adds 1 mod {k} to {reach}, not to its own light"
    else:
        links = "arcs" if directed else "edges"
        text = (
            f"a press adds the weights of its {links} mod {k} to {reach}, "
            "and its own weight to its own light"
        )
    if puzzle.colors:
        text += f" (states: {', '.join(puzzle.colors)})"
    return text


def _nullity(puzzle: Puzzle) -> tuple[int | None, int]:
    """(nullity or None, kernel size), from the recorded invariants when present."""
    inv = puzzle.invariants
    if "num_quiet_patterns" in inv and ("nullity" in inv or not is_prime(puzzle.modulus)):
        return inv.get("nullity"), int(inv["num_quiet_patterns"])
    import lightsout_graphs as lo

    analysis = lo.analyze(puzzle)
    return analysis.nullity, analysis.num_quiet_patterns


def handle_list(args: argparse.Namespace) -> int:
    """Print the catalog as a table (or JSON)."""
    from lightsout_graphs.representation import catalog

    rows = []
    names = list(catalog.names())
    for name in progress(names, args, total=len(names), desc="catalog"):
        puzzle = catalog.load(name)
        nullity, kernel = _nullity(puzzle)
        rows.append(catalog_row(name, puzzle, graph_description(puzzle), nullity, kernel))
    if args.json:
        print_json(rows)
        return EXIT_OK
    keys = ["name", "graph", "lights", "buttons", "modulus", "rule"]
    table = [[*keys, "nullity"]]
    for row in rows:
        shown = str(row["nullity"]) if row["nullity"] is not None else f"({row['kernel_size']})"
        table.append([*(str(row[key]) for key in keys), shown])
    widths = [max(len(r[i]) for r in table) for i in range(len(keys) + 1)]
    for r in table:
        cells = [
            cell.rjust(w) if i in (2, 3, 4, 6) else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(r, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())
    if any(row["nullity"] is None for row in rows):
        print("(n): modulus not prime, the number of quiet patterns instead of the nullity")
    return EXIT_OK


def handle_show(args: argparse.Namespace) -> int:
    """Describe one puzzle: metadata, analysis, quiet patterns and named boards."""
    import lightsout_graphs as lo
    from lightsout_graphs.interfaces.cli.analyze_cmd import analysis_lines
    from lightsout_graphs.representation.boards import format_board

    puzzle = resolve_puzzle(args)
    print(puzzle_summary(puzzle))
    if puzzle.description:
        print(f"\n{puzzle.description.strip()}")
    print(f"\nRules: {rules_sentence(puzzle)}; graph: {graph_description(puzzle)}.")
    if puzzle.goal.any():
        print(f"Goal:\n{format_board(puzzle, puzzle.goal, colors=None)}")
    else:
        print("Goal: every light at 0.")
    for source in puzzle.sources:
        print("Source: " + "; ".join(f"{k}: {v}" for k, v in source.items()))
    print()
    with status(args, f"analysing {puzzle.n} lights", size=puzzle.n):
        analysis = lo.analyze(puzzle)
    print("\n".join(analysis_lines(analysis, max_patterns=args.max_patterns)))
    if puzzle.boards:
        print(f"\nNamed boards ({len(puzzle.boards)}; solve one with --start NAME):")
        for name, board in puzzle.boards.items():
            print(f"{name}:\n{format_board(puzzle, board, colors=None)}")
    return EXIT_OK
