"""``lightsout analyze``: rank, nullity, quiet patterns and solvable boards of a puzzle."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from lightsout_graphs.core._counts import count_text, fraction_text
from lightsout_graphs.interfaces.cli.commands import add_command, add_json_argument, count_value
from lightsout_graphs.interfaces.cli.json_data import analysis_json
from lightsout_graphs.interfaces.cli.output import GRID_TEXT_LIMIT, grid_too_big, print_json
from lightsout_graphs.interfaces.cli.puzzles import resolve_puzzle
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK, status
from lightsout_graphs.representation._describe import puzzle_summary

if TYPE_CHECKING:
    from lightsout_graphs.algorithms.analysis import Analysis

__all__: list[str] = []


def register(subparsers: Any) -> None:
    """Add the ``analyze`` subcommand."""
    parser = add_command(
        subparsers,
        "analyze",
        handle,
        puzzle=True,
        help="rank, nullity, quiet patterns and the share of solvable boards",
        description="Analyse a puzzle of the catalog (NAME) or of a family "
        "(e.g. --family torus --shape 7x9 --modulus 3): rank, nullity, quiet patterns and "
        "how many boards are solvable.",
    )
    parser.add_argument(
        "--max-patterns",
        type=count_value,
        default=None,
        metavar="N",
        help=f"print at most N quiet patterns (default 8, none above {GRID_TEXT_LIMIT} lights)",
    )
    add_json_argument(parser)


def analysis_lines(analysis: Analysis, *, max_patterns: int = 8) -> list[str]:
    """The text report of an analysis (without the puzzle's summary line), one entry per line."""
    from lightsout_graphs.core.zk import memory_budget
    from lightsout_graphs.representation.boards import format_presses

    puzzle = analysis.puzzle
    k = analysis.modulus
    lines = []
    if analysis.rank is not None:
        lines.append(f"Rank: {analysis.rank} of {len(puzzle.pressable)}")
        lines.append(f"Nullity: {analysis.nullity}")
    else:
        lines.append(f"Rank: not defined (the modulus {k} is not prime)")
    if analysis.num_quiet_patterns == 1:
        lines.append("Quiet patterns: none but pressing nothing (each board has one solution)")
    else:
        quiet = count_text(analysis.num_quiet_patterns, k)
        lines.append(f"Quiet patterns: {quiet} (press patterns that change nothing)")
    total = k**analysis.n
    share = fraction_text(analysis.solvable_states, total, k)
    every = "; every board is solvable" if analysis.all_solvable else ""
    lines.append(
        f"Solvable boards: {count_text(analysis.solvable_states, k)} of {count_text(total, k)} "
        f"({share}){every}"
    )
    gens = analysis.num_generators if analysis.num_quiet_patterns > 1 else 0
    needed = analysis.generators_memory()
    if gens and ((grid_too_big(puzzle.n) and max_patterns <= 0) or needed > memory_budget()):
        # Nothing is built: a big board's patterns are pictures or data, not text.
        why = (
            f"not listed: as vectors they would need about {needed / 2**30:.1f} GiB, above the "
            "memory budget"
            if needed > memory_budget()
            else f"not printed for a board of {count_text(puzzle.n, 10)} lights; --json lists "
            "them, --max-patterns N prints N"
        )
        return [*lines, f"Generators of the quiet patterns: {gens} ({why})"]
    # Vectors, not dicts: only the patterns shown become dicts (a big board has many).
    patterns = list(zip(analysis.quiet_vectors, analysis.quiet_orders, strict=True))
    shown = patterns[:max_patterns]
    if patterns:
        more = f", the first {len(shown)} shown" if len(shown) < len(patterns) else ""
        lines.append(f"Generators of the quiet patterns ({len(patterns)}{more}):")
    for i, (pattern, order) in enumerate(shown, start=1):
        lines.append(f"Pattern {i}{'' if order == k else f' (order {order})'}:")
        lines.append(format_presses(puzzle, pattern))
    return lines


def handle(args: argparse.Namespace) -> int:
    """Analyse the puzzle and print the report or its JSON."""
    import lightsout_graphs as lo

    puzzle = resolve_puzzle(args)
    with status(args, f"analysing {puzzle.n} lights", size=puzzle.n):
        analysis = lo.analyze(puzzle)
    if args.json:
        print_json(analysis_json(analysis))
        return EXIT_OK
    print(f"Puzzle: {puzzle_summary(puzzle)}")
    shown = (0 if grid_too_big(puzzle.n) else 8) if args.max_patterns is None else args.max_patterns
    print("\n".join(analysis_lines(analysis, max_patterns=shown)))
    return EXIT_OK
