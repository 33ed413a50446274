"""``lightsout draw``: a picture of a puzzle, a board, its solution or its quiet patterns."""

from __future__ import annotations

import argparse
from typing import Any

from lightsout_graphs.interfaces.cli.commands import (
    add_command,
    add_dpi_argument,
    add_output_argument,
    check_dpi,
)
from lightsout_graphs.interfaces.cli.output import default_output, output_path, save_figure
from lightsout_graphs.interfaces.cli.puzzles import resolve_puzzle
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK, CommandError, status
from lightsout_graphs.interfaces.cli.starts import DEFAULT_START, read_board, start_board
from lightsout_graphs.representation._describe import describe_certificate

__all__: list[str] = []

#: The most lights a picture draws (512×512): past it a light is smaller than a pixel, and
#: drawing takes minutes (700×700: 2 minutes and 2.5 GB).
MAX_DRAW_LIGHTS = 1 << 18
#: Peak bytes per light of a picture, measured on 300×300 and 700×700 grids (about 5 KB).
DRAW_BYTES_PER_LIGHT = 6000


def register(subparsers: Any) -> None:
    """Add the ``draw`` subcommand."""
    parser = add_command(
        subparsers,
        "draw",
        handle,
        puzzle=True,
        start=True,
        start_default="none (the puzzle alone); with --solution, " + DEFAULT_START,
        help="draw a puzzle, a board, its solution or its quiet patterns (PNG or SVG)",
        description="Draw a puzzle to a PNG or SVG file: grids as squares, other graphs with "
        "their own layout. Lights take the puzzle's colours; presses are marked. Without "
        "--board or --start the puzzle alone is drawn (its goal: every light off, unless the "
        "puzzle says otherwise); --solution solves the puzzle's first named board, else the "
        "board with every light at 1. The picture goes to NAME.png (NAME-solution.png, "
        "NAME-quiet-patterns.png) unless -o names another file.",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--solution", action="store_true", help="draw the board with its presses, and after them"
    )
    what.add_argument(
        "--quiet-patterns", action="store_true", help="draw the quiet patterns, one panel each"
    )
    parser.add_argument("--presses", metavar="TEXT|FILE|-", help="mark these presses on the board")
    parser.add_argument(
        "--min", dest="minimize", action="store_true", help="with --solution: the fewest presses"
    )
    add_output_argument(
        parser, help="the picture: FILE.png or FILE.svg (default: named after the puzzle, .png)"
    )
    add_dpi_argument(parser)


def handle(args: argparse.Namespace) -> int:
    """Draw the requested picture and save it.

    Options the picture would ignore are a CommandError; ``--solution`` of an unsolvable board
    raises Unsolvable (exit code 1).
    """
    if args.output is None:
        what = "solution" if args.solution else "quiet-patterns" if args.quiet_patterns else ""
        args.output = default_output(args, ".png", what)
    path = output_path(args.output, (".png", ".svg"))
    if args.minimize and not args.solution:
        msg = "--min needs --solution: it draws the fewest presses that solve the board."
        raise CommandError(msg)
    if args.presses is not None and (args.solution or args.quiet_patterns):
        drawing = "--solution" if args.solution else "--quiet-patterns"
        msg = f"--presses marks presses on a board; it cannot go with {drawing}."
        raise CommandError(msg)
    check_dpi(args.dpi)
    if args.quiet_patterns and (args.board is not None or args.start is not None):
        given = "--board" if args.board is not None else "--start"
        msg = f"{given} names a board; --quiet-patterns draws the quiet patterns, not a board."
        raise CommandError(msg)
    puzzle = resolve_puzzle(args)
    _check_drawable(puzzle)
    with status(args, f"drawing {puzzle.n} lights", size=puzzle.n):
        width, height = save_figure(_draw(args, puzzle), path, args.dpi)
    if not args.quiet:
        print(f"Wrote {path} ({width}×{height} pixels at {args.dpi} dpi)")
    return EXIT_OK


def _check_drawable(puzzle: Any) -> None:
    """Refuse a picture of more lights than a picture shows, before anything is drawn."""
    from lightsout_graphs.core.errors import MemoryBudgetError
    from lightsout_graphs.core.zk import memory_budget

    if puzzle.n > MAX_DRAW_LIGHTS:
        msg = (
            f"A picture of {puzzle.n:,} lights is more than draw renders (at most "
            f"{MAX_DRAW_LIGHTS:,}: each light would be smaller than a pixel); draw a smaller "
            "board, or use `lightsout solve` / `lightsout analyze` for counts (--json for data)."
        )
        raise CommandError(msg)
    needed, budget = DRAW_BYTES_PER_LIGHT * puzzle.n, memory_budget()
    if needed > budget:
        msg = (
            f"A picture of {puzzle.n:,} lights would need about {needed / 2**30:.1f} GiB, above "
            f"the memory budget of {budget / 2**30:.1f} GiB; draw a smaller board."
        )
        raise MemoryBudgetError(msg, needed, budget)


def _draw(args: argparse.Namespace, puzzle: Any) -> Any:
    """The figure (or axes) that the options ask for."""
    import lightsout_graphs as lo
    from lightsout_graphs.interfaces import draw

    if args.quiet_patterns:
        return draw.draw_quiet_patterns(lo.analyze(puzzle))
    if args.solution:
        state, _ = start_board(puzzle, args)
        try:
            solution = lo.solve(puzzle, state, minimize=args.minimize)
        except lo.Unsolvable as err:
            words = describe_certificate(puzzle, err.certificate, state=state, target=puzzle.goal)
            raise lo.Unsolvable(words, err.certificate, err.value) from err
        return draw.draw_solution(solution)
    given = args.board is not None or args.start is not None
    board = start_board(puzzle, args)[0] if given else None
    # Presses name any pressable node, with or without a light.
    every = puzzle.every_node_lit()
    presses = None if args.presses is None else read_board(every, args.presses, option="--presses")
    return draw.draw_puzzle(puzzle, board, presses=presses)
