"""``lightsout sweep`` and ``lightsout sweep-report``: research sweeps from the shell."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from lightsout_graphs.interfaces.cli.commands import add_output_argument
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK

__all__: list[str] = []


def add_runner_options(parser: argparse.ArgumentParser, what: str) -> None:
    """Where ``sweep`` and ``census`` run (Dask or local processes) and ``--overwrite``."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--dask-local", type=int, metavar="N", help="run on a Dask LocalCluster of N workers"
    )
    where.add_argument(
        "--scheduler", metavar="ADDR", help="run on the Dask cluster at ADDR (tcp://host:port)"
    )
    where.add_argument(
        "--workers", type=int, metavar="N", help="local processes (default: every core)"
    )
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help=f"discard a different {what} stored in the result folder",
    )


def register(subparsers: Any) -> None:
    """Add the ``sweep`` and ``sweep-report`` subcommands."""
    parser = subparsers.add_parser(
        "sweep",
        help="run a research sweep over a family or a graph6 stream (resumable)",
        description="Run the sweep described by SPEC (a TOML file with a [sweep] table) and "
        "store one Parquet file per finished chunk in the folder DIR (-o DIR). Running the same "
        "command again resumes; a different spec in the same folder is refused unless --overwrite. "
        "A spec names families and metrics from an allow-list: the registry's and the "
        "package's by name, networkx's graph generators as 'networkx:NAME', and with "
        "--allow-imports functions of your own modules as 'module:function' (importing a "
        "module runs its code). Off a terminal, progress is one line per finished chunk (at most "
        "one every 30 s) on stderr. "
        "Exit 143 after SIGTERM (finished chunks are kept; worker processes end with the "
        "sweep, even when it is killed).",
    )
    parser.add_argument("spec", metavar="SPEC", help="the sweep spec, a TOML file")
    add_output_argument(
        parser,
        metavar="DIR",
        dest="out",
        help="the result folder",
        aliases=("--out",),
        required=True,
    )
    add_runner_options(parser, "sweep")
    parser.add_argument(
        "--allow-imports",
        action="store_true",
        help="let the spec import the modules it names ('module:function' families and "
        "metrics); importing runs their code, so use it only for specs you trust",
    )
    parser.set_defaults(handler=handle_sweep)

    report = subparsers.add_parser(
        "sweep-report",
        help="summary tables and plots of a stored sweep",
        description="Print summary tables of every metric column of the sweep stored in DIR "
        "(the library's and your own), count the combinations the family rejected "
        '(on_error = "skip"), name the files in DIR that are not part of the sweep, and draw '
        "heat maps over two parameters or lines over one.",
    )
    report.add_argument("dir", metavar="DIR", help="a result folder written by `sweep`")
    report.add_argument("--plots", metavar="PLOTDIR", help="where pictures go (default DIR/_plots)")
    report.add_argument("--no-plots", action="store_true", help="print the tables only")
    report.add_argument(
        "--metric",
        action="append",
        dest="metrics",
        metavar="NAME",
        help="report this metric column (repeatable; default all)",
    )
    report.set_defaults(handler=handle_report)


def handle_sweep(args: argparse.Namespace) -> int:
    """Run ``lightsout sweep``: load the spec, run or resume it, say where the table is."""
    from lightsout_graphs.interfaces.sweep import run
    from lightsout_graphs.interfaces.sweep.lifetime import EXIT_TERMINATED, SweepTerminated
    from lightsout_graphs.interfaces.sweep.store import read_manifest

    try:
        out = run(
            args.spec,
            args.out,
            runner="dask" if (args.dask_local or args.scheduler) else "local",
            workers=args.workers,
            scheduler=args.scheduler,
            dask_local=args.dask_local,
            overwrite=args.overwrite,
            progress=False if getattr(args, "quiet", False) else None,
            allow_imports=getattr(args, "allow_imports", False),
        )
    except SweepTerminated:
        print(
            f"lightsout: sweep stopped by SIGTERM; finished chunks are kept in {args.out}; "
            "run the same command to resume",
            file=sys.stderr,
        )
        return EXIT_TERMINATED
    manifest = read_manifest(out)
    chunks = int(manifest.get("total_chunks", 0))
    rejected = ""
    if manifest.get("spec", {}).get("on_error") == "skip":
        count = _rejected_rows(out, chunks)
        rejected = f" ({count} rejected by the family: see the column 'error')"
    print(
        f"Sweep complete: {manifest.get('rows', 0)} rows{rejected} in {chunks} chunk "
        f"file{'' if chunks == 1 else 's'} in {out}"
    )
    return EXIT_OK


def _rejected_rows(out: Any, chunks: int) -> int:
    """Rows of a finished sweep whose combination the family rejected (``on_error = "skip"``)."""
    import pyarrow.parquet as pq

    from lightsout_graphs.interfaces.sweep.spec import ERROR_COLUMN

    count = 0
    for cid in range(chunks):
        column = pq.read_table(out / f"chunk-{cid:08d}.parquet", columns=[ERROR_COLUMN])[0]
        count += len(column) - column.null_count
    return count


def handle_report(args: argparse.Namespace) -> int:
    """Run ``lightsout sweep-report``: print the summary tables and the plot files written."""
    from lightsout_graphs.interfaces.sweep import report

    result = report(args.dir, plot_dir=args.plots, metrics=args.metrics, plots=not args.no_plots)
    print(result.text)
    return EXIT_OK
