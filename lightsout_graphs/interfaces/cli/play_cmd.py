"""``lightsout play``: write a self-contained HTML page to play a puzzle in any browser."""

from __future__ import annotations

import argparse
from typing import Any

from lightsout_graphs.interfaces.cli.commands import add_command, add_output_argument, seed_value
from lightsout_graphs.interfaces.cli.output import default_output, output_path
from lightsout_graphs.interfaces.cli.puzzles import resolve_puzzle
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK
from lightsout_graphs.interfaces.cli.starts import start_board

__all__: list[str] = []


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = add_command(
        subparsers,
        "play",
        handle,
        puzzle=True,
        start=True,
        help="write an HTML page to play a puzzle (offline, one file)",
        description="Write one self-contained HTML file (no network) to play a puzzle: click, "
        "tap or use the keyboard to press lights, with undo and redo, hints that follow an exact "
        "solution, the fewest presses, random solvable boards and the puzzle's named boards.",
    )
    add_output_argument(
        parser, help="the page to write: FILE.html (default: named after the puzzle, NAME.html)"
    )
    parser.add_argument(
        "--seed",
        type=seed_value,
        default=None,
        metavar="SEED",
        help="seed of the random starting board and layout (an int >= 0)",
    )
    parser.add_argument("--title", help="the page's heading (default: the puzzle's title)")


def handle(args: argparse.Namespace) -> int:
    """Write the play page."""
    from lightsout_graphs.interfaces.play import write_play_page

    if args.output is None:
        args.output = default_output(args, ".html")
    path = output_path(args.output, (".html", ".htm"))
    puzzle = resolve_puzzle(args)
    board = state = None
    if args.start is not None and args.start in puzzle.boards:
        board = words = args.start
    elif args.board is not None or args.start is not None or not puzzle.boards:
        # The default start of every command: the first named board, else every light at 1.
        state, _ = start_board(puzzle, args)
        words = "the given board" if args.board is not None else "every light at 1"
    else:  # the page starts from the first named board itself
        words = f"the board {next(iter(puzzle.boards))!r}"
    write_play_page(puzzle, path, board=board, state=state, seed=args.seed, title=args.title)
    if not args.quiet:
        print(f"Wrote {path} ({puzzle.n} lights, mod {puzzle.modulus}, starting from {words})")
    return EXIT_OK
