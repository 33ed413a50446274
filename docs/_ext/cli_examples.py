"""One worked example per ``lightsout`` subcommand, run while the docs are built.

:data:`EXAMPLES` holds, for each subcommand, a command line, the files it reads (written first
into an empty folder) and the pictures it writes that the page shows. :func:`write_examples`
runs every example through the real entry point (:func:`lightsout_graphs.interfaces.cli.main`), in a
temporary folder, and writes the MyST text that ``docs/cli.md`` includes: the command, what it
printed, and the pictures. The test suite runs the same examples and compares their output with
the built page (``tests/docs/test_cli_examples.py``).
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["EXAMPLES", "Example", "run_example", "write_examples"]


@dataclass(frozen=True)
class Example:
    """A worked example: the command, what it says, the files it needs and the pictures it makes."""

    command: str
    text: str
    files: dict[str, str] = field(default_factory=dict)
    pictures: tuple[str, ...] = ()

    @property
    def subcommand(self) -> str:
        """The subcommand: the first word after ``lightsout`` that is not an option."""
        return next(w for w in shlex.split(self.command)[1:] if not w.startswith("-"))


GRIDS_TOML = """[sweep]
family = "grid"
params = { m = "1..6", n = "1..6" }
moduli = [2, 3]
metrics = ["nullity", "all_solvable"]
"""

EXAMPLES = [
    Example("lightsout list", "Every named puzzle of the catalog, with its counts."),
    Example(
        "lightsout show mini-lights-out",
        "One puzzle of the catalog: its rules, sources, counts and named boards.",
    ),
    Example(
        "lightsout solve lights-out --start pattern --min",
        "Solve a named board with the fewest presses, proven.",
    ),
    Example(
        "lightsout analyze lights-out",
        "Rank, nullity, how many boards are solvable, and the quiet patterns.",
    ),
    Example(
        "lightsout draw lights-out --start pattern --solution --min -o pattern.png",
        "Draw a board, its fewest presses and the result.",
        pictures=("pattern.png",),
    ),
    Example(
        "lightsout table 8",
        "The nullity of every m×n board up to 8×8 as CSV (0: every board of that size is "
        "solvable); `-o FILE` draws the heat map, on a log colour scale once a nullity is above "
        "16.",
    ),
    Example(
        "lightsout table 256 -o nullity.png --dpi 60",
        "The heat map of every m×n board up to 256×256.",
        pictures=("nullity.png",),
    ),
    Example(
        "lightsout chase-table lights-out",
        "The light-chasing sheet, to solve the 5×5 board by hand.",
    ),
    Example(
        "lightsout play lights-out",
        "A page that plays the puzzle in any browser, offline (`lights-out.html`; `-o FILE` "
        "names another).",
    ),
    Example(
        "lightsout census 5 -o census5 --workers 1 -q",
        "Every graph on up to 5 vertices (nauty's geng), counted by nullity, for both rules.",
    ),
    Example(
        "lightsout sweep grids.toml -o grids --workers 1 -q",
        "A sweep over the grids up to 6×6, mod 2 and 3, from the spec `grids.toml`:",
        files={"grids.toml": GRIDS_TOML},
    ),
    Example(
        "lightsout sweep-report grids",
        "The summary of the sweep above (run in the same folder, after it).",
        files={"grids.toml": GRIDS_TOML},
    ),
]


def run_example(example: Example, folder: Path) -> tuple[int, str]:
    """Run an example in ``folder`` through the real entry point.

    Parameters
    ----------
    example : Example
        The example; its files are written into ``folder`` first.
    folder : Path
        The working folder (kept between examples, so that a report can follow its sweep).

    Returns
    -------
    tuple
        The exit code and what the command printed (standard output, then standard error).
    """
    from lightsout_graphs.interfaces.cli import main

    for name, text in example.files.items():
        (folder / name).write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    here = Path.cwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(shlex.split(example.command)[1:])
    finally:
        os.chdir(here)
    return code, (out.getvalue() + err.getvalue()).rstrip("\n")


def write_examples(path: Path, images: Path) -> list[tuple[Example, str]]:
    """Run every example and write the MyST text of the examples section to ``path``.

    Parameters
    ----------
    path : Path
        The text that ``docs/cli.md`` includes.
    images : Path
        Where the pictures the examples draw are copied (next to ``path``).

    Returns
    -------
    list
        ``(example, output)`` pairs, in order.

    Raises
    ------
    RuntimeError
        An example that exits with a non-zero code.
    """
    import matplotlib

    matplotlib.use("Agg")
    images.mkdir(parents=True, exist_ok=True)
    done = []
    lines = []
    with tempfile.TemporaryDirectory(prefix="lightsout-cli-examples-") as tmp:
        folder = Path(tmp)
        seen: set[str] = set()
        for example in EXAMPLES:
            code, output = run_example(example, folder)
            if code != 0:
                msg = f"the example `{example.command}` exited with {code}:\n{output}"
                raise RuntimeError(msg)
            done.append((example, output))
            if example.subcommand not in seen:
                lines.append(f"### `{example.subcommand}`\n")
                seen.add(example.subcommand)
            lines.append(example.text + "\n")
            lines.append(f"```console\n$ {example.command}\n{output}\n```\n")
            for picture in example.pictures:
                shutil.copyfile(folder / picture, images / picture)
                rel = images.relative_to(path.parent.parent).as_posix()  # from docs/cli.md
                lines.append(f"![What `{example.command}` draws]({rel}/{picture})\n")
    text = "\n".join(lines)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return done
