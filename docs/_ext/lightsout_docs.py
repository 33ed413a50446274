"""Pages of the documentation that are generated from the code and the catalog at build time.

Three kinds of pages are written before Sphinx lists the sources (``config-inited``), each
into a ``generated/`` folder that git ignores:

- ``api/generated/``: one page per public module, listing every name of its ``__all__``
  through ``autosummary``, which then writes one stub page per name. A name added to an
  ``__all__`` later appears without editing the docs.
- ``catalog/generated/``: one page per named puzzle of ``catalog/``: picture, rules, sources,
  nullity and kernel size, named boards and the fewest presses for each board.
- ``notebooks/generated/``: copies of ``notebooks/*.ipynb``, which myst-nb executes.

A file is rewritten only when its text changes, so that incremental builds stay incremental.
"""

from __future__ import annotations

import importlib
import pkgutil
import shutil
import types
from pathlib import Path
from typing import Any

PACKAGE = "lightsout_graphs"
#: Children of the package that are not part of the Python API: the command line has its own
#: reference page, generated from its argument parser.
NOT_API = frozenset({"cli", "__main__"})
DOCS = Path(__file__).resolve().parents[1]
#: The most solutions a catalog page enumerates to prove the fewest presses of a named board.
MAX_ENUMERATE = 2**16
ROOT = DOCS.parent


# -- the public API --------------------------------------------------------------------------


def _exported(module: types.ModuleType) -> list[str]:
    return sorted(str(name) for name in getattr(module, "__all__", ()))


def public_modules() -> dict[str, list[str]]:
    """Every public module of the package with the names it exports, modules first.

    Public: the package itself, each direct child module or subpackage whose name does not
    start with ``_`` and that declares ``__all__`` (except the command line), and every module
    named in a public ``__all__``.

    Returns
    -------
    dict
        Module name -> sorted names of its ``__all__``.
    """
    found: dict[str, list[str]] = {}
    todo = [PACKAGE]
    package = importlib.import_module(PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_") and info.name not in NOT_API:
            todo.append(f"{PACKAGE}.{info.name}")
    while todo:
        name = todo.pop(0)
        if name in found:
            continue
        module = importlib.import_module(name)
        if not hasattr(module, "__all__"):
            continue
        found[name] = _exported(module)
        for attr in found[name]:
            value = getattr(module, attr)
            if isinstance(value, types.ModuleType) and value.__name__.startswith(PACKAGE):
                todo.append(value.__name__)
    return dict(sorted(found.items(), key=lambda item: (item[0] != PACKAGE, item[0])))


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _prune(folder: Path, keep: set[Path]) -> None:
    """Remove generated files that no longer correspond to anything (a renamed puzzle)."""
    if folder.is_dir():
        for path in folder.iterdir():
            if path.is_file() and path not in keep:
                path.unlink()


def _title(text: str, mark: str = "=") -> str:
    return f"{text}\n{mark * len(text)}\n"


def write_api(folder: Path) -> list[Path]:
    """Write one autosummary page per public module into ``folder``.

    An object exported by several modules (``lightsout_graphs.grid`` is also
    ``lightsout_graphs.families.grid``) gets its page under the first of them, the top-level
    package first; the other modules link to that page.

    Parameters
    ----------
    folder : Path
        ``docs/api/generated``.

    Returns
    -------
    list of Path
        The pages written, in the order of :func:`public_modules`.
    """
    pages = []
    canonical: dict[int, str] = {}  # id(object) -> the full name of its page
    for module_name, names in public_modules().items():
        module = importlib.import_module(module_name)
        modules = [n for n in names if isinstance(getattr(module, n), types.ModuleType)]
        own, elsewhere = [], []
        for n in names:
            if n in modules or n.startswith("__"):
                continue
            key = id(getattr(module, n))
            if key in canonical:
                elsewhere.append((n, canonical[key]))
            else:
                canonical[key] = f"{module_name}.{n}"
                own.append(n)
        lines = [
            _title(f"``{module_name}``"),
            f".. automodule:: {module_name}\n   :no-members:\n",
            f".. currentmodule:: {module_name}\n",
        ]
        if modules:
            lines.append("Modules\n-------\n")
            lines.extend(f"- :doc:`{getattr(module, n).__name__}`" for n in modules)
            lines.append("")
        if own:
            lines.append("Names\n-----\n")
            lines.append(".. autosummary::\n   :toctree: .\n   :nosignatures:\n")
            lines.extend(f"   {n}" for n in own)
            lines.append("")
        if elsewhere:
            lines.append("Also exported here\n------------------\n")
            lines.append("Documented under their first public name:\n")
            lines.extend(f"- ``{n}``: :py:obj:`{full}`" for n, full in elsewhere)
            lines.append("")
        path = folder / f"{module_name}.rst"
        _write(path, "\n".join(lines))
        pages.append(path)
    toctree = [".. toctree::", "   :maxdepth: 1", ""]
    toctree.extend(f"   generated/{page.stem}" for page in pages)
    _write(folder / "modules.txt", "\n".join(toctree) + "\n")
    # Object pages are autosummary's stubs, written again after this hook: drop stale ones (a
    # name that moved to another module would otherwise stay, outside every toctree).
    _prune(folder, {*pages, folder / "modules.txt"})
    return pages


# -- the catalog -----------------------------------------------------------------------------


def _solutions(count: int) -> str:
    return "1 solution" if count == 1 else f"{count} solutions"


def _code(text: str) -> str:
    return f"```text\n{text}\n```\n"


def catalog_page(name: str, images: Path) -> str:
    """The MyST page of one named puzzle, with its pictures written into ``images``.

    Parameters
    ----------
    name : str
        A name of ``catalog.names()``.
    images : Path
        Folder for the PNG pictures (next to the page).

    Returns
    -------
    str
        The page's text.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import lightsout_graphs as lo
    from lightsout_graphs import catalog, draw
    from lightsout_graphs.cli.catalog_cmd import graph_description, rules_sentence

    puzzle = catalog.load(name)
    analysis = lo.analyze(puzzle)
    out = [f"# {puzzle.title}\n", f"`{name}` · `lightsout show {name}`\n"]
    if puzzle.description:
        out.append(puzzle.description.strip() + "\n")
    fig = draw.draw_puzzle(puzzle, puzzle.goal, title=puzzle.title).figure
    fig.savefig(images / f"{name}.png", dpi=72, bbox_inches="tight")
    plt.close(fig)
    out.append(f"![{puzzle.title}: the board and its goal]({images.name}/{name}.png)\n")
    out.append("## Rules\n")
    out.append(f"- Graph: {graph_description(puzzle)}, {puzzle.n} lights.")
    out.append(f"- Modulus k = {puzzle.modulus}, rule `{puzzle.rule}`: {rules_sentence(puzzle)}.")
    if puzzle.lit_only:
        out.append("- Only lit buttons may be pressed (the lit-only game).")
    if len(puzzle.pressable) < puzzle.n:
        out.append(f"- {len(puzzle.pressable)} of the {puzzle.n} buttons may be pressed.")
    if puzzle.goal.any():
        out.append("- Goal:\n")
        out.append(_code(lo.format_board(puzzle, puzzle.goal, colors=None)))
    else:
        out.append("- Goal: every light at 0.\n")
    out.append("## Solvability\n")
    nullity = "—" if analysis.nullity is None else str(analysis.nullity)
    out.append("| nullity | quiet patterns (kernel size) | solvable boards |")
    out.append("| --- | --- | --- |")
    share = "all" if analysis.all_solvable else f"{analysis.solvable_fraction} of all"
    out.append(f"| {nullity} | {analysis.kernel_size} | {share} |\n")
    if analysis.nullity is None:
        out.append(f"k = {puzzle.modulus} is not prime, so there is no nullity over a field.\n")
    if puzzle.sources:
        out.append("## Sources\n")
        for source in puzzle.sources:
            out.append("- " + "; ".join(f"{key}: {value}" for key, value in source.items()))
        out.append("")
    out.append("## Named boards and their fewest presses\n")
    # The fewest presses are proven by enumerating the solutions; a build never waits for CP-SAT.
    exact = analysis.kernel_size <= MAX_ENUMERATE
    for board_name, board in puzzle.boards.items():
        out.append(f"### `{board_name}`\n")
        out.append(_code(lo.format_board(puzzle, board, colors=None)))
        try:
            solution = lo.solve(
                puzzle, board, target=puzzle.goal, minimize=exact, max_enumerate=MAX_ENUMERATE
            )
        except lo.Unsolvable:
            out.append("This board cannot reach the goal.\n")
            continue
        if not exact:
            out.append(
                f"The board is solvable, by {solution.count} press patterns: too many to find "
                f"the fewest while the documentation is built. "
                f"`lightsout solve {name} --start {board_name} --min` proves it.\n"
            )
            continue
        out.append(
            f"Fewest presses: **{solution.num_presses}** ({solution.proof}); "
            f"{_solutions(solution.count)} in all. Presses:\n"
        )
        out.append(_code(lo.format_presses(puzzle, solution.vector)))
        fig = draw.draw_solution(solution)
        picture = f"{name}--{board_name}.png"
        fig.savefig(images / picture, dpi=60, bbox_inches="tight")
        plt.close(fig)
        out.append(f"![The presses that solve {board_name}]({images.name}/{picture})\n")
    return "\n".join(out)


def write_catalog(folder: Path) -> list[Path]:
    """Write one page per named puzzle (and its pictures) into ``folder``.

    Parameters
    ----------
    folder : Path
        ``docs/catalog/generated``.

    Returns
    -------
    list of Path
        The pages written, sorted by puzzle name.
    """
    from lightsout_graphs import catalog

    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    pages = []
    for name in catalog.names():
        path = folder / f"{name}.md"
        _write(path, catalog_page(name, images))
        pages.append(path)
    _prune(folder, set(pages))
    return pages


def copy_notebooks(folder: Path) -> list[Path]:
    """Copy ``notebooks/*.ipynb`` into ``folder`` (myst-nb executes the copies).

    Parameters
    ----------
    folder : Path
        ``docs/notebooks/generated``.

    Returns
    -------
    list of Path
        The copies.
    """
    folder.mkdir(parents=True, exist_ok=True)
    copies = []
    for source in sorted((ROOT / "notebooks").glob("*.ipynb")):
        target = folder / source.name
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copyfile(source, target)
        copies.append(target)
    _prune(folder, set(copies))
    return copies


def generate(app: Any = None, config: Any = None) -> None:
    """Write every generated page (the ``config-inited`` hook, before Sphinx lists sources)."""
    write_api(DOCS / "api" / "generated")
    write_catalog(DOCS / "catalog" / "generated")
    copy_notebooks(DOCS / "notebooks" / "generated")


def setup(app: Any) -> dict[str, Any]:
    """Register the generator with Sphinx."""
    app.connect("config-inited", generate)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
