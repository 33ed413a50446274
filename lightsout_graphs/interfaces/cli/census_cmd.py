"""``lightsout census N``: every graph on up to N vertices, counted by nullity (resumable)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from lightsout_graphs.interfaces.cli.commands import add_output_argument
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK, CommandError
from lightsout_graphs.interfaces.cli.sweep_cmd import add_runner_options

__all__: list[str] = []

#: What the progress bar says before the first part: the kernel may be compiling.
COMPILING = "census (loading the counting kernel; its first run compiles it: about a minute)"


def register(subparsers: Any) -> None:
    """Add the ``census`` subcommand."""
    parser = subparsers.add_parser(
        "census",
        help="count every graph on up to N vertices by nullity (nauty's geng; resumable)",
        description="Generate every graph on 1..N vertices with nauty's geng (split into parts "
        "run in parallel) and count them, for each rule and prime modulus, by the nullity of "
        "the toggle matrix and by whether the all-ones board is solvable, separately for "
        "connected graphs. Parts are stored in the folder DIR (-o DIR, default census-N) as "
        "they finish; running the same command again resumes. The summary goes to "
        "DIR/census.parquet. Exit 143 after SIGTERM "
        "(finished parts are kept).",
    )
    parser.add_argument("max_n", metavar="N", type=int, help="the largest number of vertices")
    add_output_argument(
        parser,
        metavar="DIR",
        dest="out",
        help="the result folder (default: census-N in this folder)",
        aliases=("--out",),
    )
    parser.add_argument("--min-n", type=int, default=1, metavar="M", help="start at M vertices")
    parser.add_argument(
        "--rules", default="closed,open", metavar="LIST", help="comma-separated: closed,open"
    )
    parser.add_argument(
        "--moduli", default="2", metavar="LIST", help="comma-separated primes (default 2)"
    )
    parser.add_argument(
        "--connected-only",
        action="store_true",
        help="generate connected graphs only (geng -c): faster, no counts of all graphs",
    )
    parser.add_argument(
        "--parts",
        type=int,
        metavar="P",
        help="split the largest n into P geng parts (at most the number of graphs on N "
        "vertices: more parts would be empty)",
    )
    add_runner_options(parser, "census")
    parser.set_defaults(handler=handle_census)


def _split(text: str, what: str) -> list[str]:
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items:
        msg = f"Option --{what} is empty."
        raise CommandError(msg)
    return items


def format_census(summary: Any) -> str:
    """The census tables as text: per rule and modulus, per n, the counts and histograms."""
    lines: list[str] = []
    for (rule, k), block in summary.groupby(["rule", "modulus"], sort=False):
        if lines:
            lines.append("")
        lines.append(f"rule {rule}, modulus {k}")
        head = "n", "graphs", "connected", "all solvable (connected)"
        rows = [(*head, "nullity histogram of connected graphs")]
        for n, part in block.groupby("n"):
            zero = part[part.nullity == 0]
            hist = part.groupby("nullity").connected.sum()
            text = " ".join(f"{int(v)}:{int(c)}" for v, c in hist.items() if c)
            solv = f"{int(zero.graphs.sum())} ({int(zero.connected.sum())})"
            rows.append(
                (str(n), str(int(part.graphs.sum())), str(int(part.connected.sum())), solv, text)
            )
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        for r in rows:
            lines.append(
                " ".join(c.rjust(w) for c, w in zip(r[:4], widths, strict=True)) + "  " + r[4]
            )
    return "\n".join(lines)


def handle_census(args: argparse.Namespace) -> int:
    """Run ``lightsout census``: count, print the tables, say where the summary is."""
    from lightsout_graphs.interfaces.cli.runtime import progress_enabled
    from lightsout_graphs.interfaces.sweep.census import SUMMARY, run_census
    from lightsout_graphs.interfaces.sweep.lifetime import EXIT_TERMINATED, SweepTerminated

    if args.out is None:
        args.out = f"census-{args.max_n}"
    moduli = []
    for text in _split(args.moduli, "moduli"):
        try:
            moduli.append(int(text))
        except ValueError as exc:
            msg = f"Option --moduli: {text!r} is not an int."
            raise CommandError(msg) from exc
    bar = None
    tell = None
    if progress_enabled(args):
        from tqdm.auto import tqdm

        bar = tqdm(unit="part", desc="census", dynamic_ncols=True, file=sys.stderr)
        first = [True]

        def tell(done: int, total: int) -> None:
            # The first call comes before the counting kernel is loaded, which on the first
            # run of the installation compiles it (about a minute): say so until parts finish.
            bar.set_description(COMPILING if first[0] and done < total else "census")
            first[0] = False
            bar.total = total
            bar.n = done
            bar.refresh()

    try:
        summary = run_census(
            args.max_n,
            args.out,
            min_n=args.min_n,
            rules=tuple(_split(args.rules, "rules")),
            moduli=tuple(moduli),
            connected_only=args.connected_only,
            parts=args.parts,
            workers=args.workers,
            dask_local=args.dask_local,
            scheduler=args.scheduler,
            overwrite=args.overwrite,
            progress=tell,
        )
    except SweepTerminated:
        print(
            f"lightsout: census stopped by SIGTERM; finished parts are kept in {args.out}; "
            "run the same command to resume",
            file=sys.stderr,
        )
        return EXIT_TERMINATED
    finally:
        if bar is not None:
            bar.close()
    print(format_census(summary))
    print(f"\nSummary table: {args.out}/{SUMMARY}")
    return EXIT_OK
