"""``lightsout solve``: the presses that take a board to the target."""

from __future__ import annotations

import argparse
from typing import Any

from lightsout_graphs.core._counts import count_text
from lightsout_graphs.interfaces.cli.commands import (
    add_command,
    add_json_argument,
    add_output_argument,
)
from lightsout_graphs.interfaces.cli.json_data import solution_json, unsolvable_json
from lightsout_graphs.interfaces.cli.output import (
    GRID_TEXT_LIMIT,
    grid_too_big,
    print_json,
    write_text,
)
from lightsout_graphs.interfaces.cli.puzzles import resolve_puzzle
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK, progress_enabled, status
from lightsout_graphs.interfaces.cli.starts import start_board, target_board
from lightsout_graphs.representation._describe import describe_certificate, puzzle_summary

__all__: list[str] = []


def register(subparsers: Any) -> None:
    """Add the ``solve`` subcommand."""
    parser = add_command(
        subparsers,
        "solve",
        handle,
        puzzle=True,
        start=True,
        help="solve a board: the presses, their number and how many solutions exist",
        description="Find presses that take a board to the target (by default the puzzle's "
        "goal, usually every light off). Prints the press grid, the number of presses and how "
        "many press patterns solve the board. Boards of more than "
        f"{GRID_TEXT_LIMIT} lights are summarised (the number of lights on and of presses); "
        "-o FILE writes the press grid, --json everything. Exit code 1, with the violated "
        "parity check, when no presses do.",
    )
    parser.add_argument(
        "--target",
        metavar="TEXT|FILE|-|BOARD_NAME",
        help="the goal: board text, a file, -, or a named board (default the puzzle's goal)",
    )
    parser.add_argument(
        "--min",
        dest="minimize",
        action="store_true",
        help="the fewest presses, proven optimal",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="with --min: seconds to prove the fewest presses; past it, the best found and its "
        "proven range (default 120)",
    )
    add_output_argument(
        parser,
        help="write the presses to FILE as board text (readable by --board), at any size; "
        "- prints that text alone",
        aliases=("--out",),
    )
    add_json_argument(parser)


def handle(args: argparse.Namespace) -> int:
    """Solve the board and print the presses, their number and the number of solutions.

    An unsolvable board raises Unsolvable in words (exit code 1); with ``--json`` its object
    (``"solvable": false`` and the certificate) is printed first.
    """
    import lightsout_graphs as lo
    from lightsout_graphs.algorithms.solver import factorization
    from lightsout_graphs.representation.boards import format_board, format_presses

    puzzle = resolve_puzzle(args)
    # The engine before the board: a board over the memory budget is refused unallocated.
    factorization(puzzle)
    state, origin = start_board(puzzle, args)
    target = target_board(puzzle, args.target)
    # --min can search for minutes: a bar of its seconds; a plain solve, one status line.
    bar = args.minimize and progress_enabled(args)
    try:
        with status(None if bar else args, f"solving a board of {puzzle.n} lights", size=puzzle.n):
            solution = lo.solve(
                puzzle,
                state,
                target,
                minimize=args.minimize,
                time_limit=args.time_limit,
                progress=bar,
            )
    except lo.Unsolvable as err:
        goal = puzzle.goal if target is None else target
        words = describe_certificate(puzzle, err.certificate, state=state, target=goal)
        if args.json:
            print_json(unsolvable_json(puzzle, err, state, goal, words))
        raise lo.Unsolvable(words, err.certificate, err.value) from err
    if args.json:
        print_json(solution_json(solution))
        return EXIT_OK
    if args.output == "-":  # the press text alone, for a pipe
        print(format_presses(puzzle, solution.vector))
        return EXIT_OK
    print(puzzle_summary(puzzle), flush=True)
    if args.output is not None:
        write_text(args.output, format_presses(puzzle, solution.vector))
    if grid_too_big(puzzle.n):
        _print_summary(puzzle.n, origin, solution, args)
    else:
        print(f"Board ({origin}):\n{format_board(puzzle, solution.state, colors=None)}")
        if args.target is not None or solution.target.any():
            print(f"Target:\n{format_board(puzzle, solution.target, colors=None)}")
        print("Presses:" if args.output is None else f"Presses (also written to {args.output}):")
        print(format_presses(puzzle, solution.vector))
    if solution.optimal:
        fewest = (
            " (the fewest possible)"
            if solution.num_solutions == 1
            else " (the fewest possible, proven over all "
            f"{count_text(solution.num_solutions, puzzle.modulus)} solutions)"
        )
    elif solution.lower_bound is not None:
        fewest = (
            f" (the best found in --time-limit {args.time_limit:g} s; the fewest lie in "
            f"{solution.lower_bound}..{solution.num_presses}: give it longer to prove them)"
        )
    else:
        fewest = "" if solution.num_solutions == 1 else " (not minimised: use --min for the fewest)"
    print(f"Number of presses: {count_text(solution.num_presses, 10)}{fewest}")
    if solution.num_solutions == 1:
        print("Solutions: 1 (this is the only one)")
    else:
        solutions = count_text(solution.num_solutions, puzzle.modulus)
        print(f"Solutions: {solutions} (they differ by quiet patterns: see `lightsout analyze`)")
    return EXIT_OK


def _print_summary(lights: int, origin: str, solution: Any, args: argparse.Namespace) -> None:
    """Counts instead of grids, for a board too big to read as text."""
    on = int((solution.state != solution.target).sum())
    print(
        f"Board ({origin}): {count_text(on, 10)} of {count_text(lights, 10)} lights differ "
        "from the target"
    )
    pressed = int((solution.vector != 0).sum())
    where = (
        f"written to {args.output}"
        if args.output is not None
        else "not printed above "
        f"{count_text(GRID_TEXT_LIMIT, 10)} lights: write them with -o FILE, or print "
        "everything with --json"
    )
    print(
        f"Presses: {count_text(pressed, 10)} of {count_text(lights, 10)} lights pressed ({where})"
    )
