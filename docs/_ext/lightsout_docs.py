"""Pages of the documentation that are generated from the code and the catalog at build time.

These are written before Sphinx lists the sources (``config-inited``), each into a
``generated/`` folder that git ignores:

- ``api/generated/``: one page per public module, listing every name of its ``__all__``
  through ``autosummary``, which then writes one stub page per name, and ``modules.txt``, the
  index with each module's one-line summary. A name added to an ``__all__`` later appears
  without editing the docs.
- ``catalog/generated/``: one page per named puzzle of ``catalog/``: a scrambled named board,
  rules, sources, nullity and kernel size, named boards (drawn when their text is not a
  picture, as on the cube) and the fewest presses for each board; and ``gallery.txt``, the
  cards of the gallery (a thumbnail, name, lights, buttons, modulus and nullity per puzzle).
- ``notebooks/generated/``: copies of ``notebooks/*.ipynb``, which myst-nb executes.
- ``results/generated/``: the tables of the results pages, read from the files of
  ``research/``.
- ``generated/``: the worked examples of the CLI reference (``cli_examples.py``).

A file is rewritten only when its text changes, so that incremental builds stay incremental.
"""

from __future__ import annotations

import importlib
import itertools
import os
import pkgutil
import shutil
import types
from pathlib import Path
from typing import Any

PACKAGE = "lightsout_graphs"
#: Children of the package that are not part of the Python API: the command line has its own
#: reference page, generated from its argument parser.
NOT_API = frozenset({"cli", "__main__"})
#: The layer folders, bottom to top; each holds modules and subpackages of one layer.
LAYERS = ("core", "representation", "algorithms", "interfaces")
DOCS = Path(__file__).resolve().parents[1]
#: The most solutions a catalog page enumerates to prove the fewest presses of a named board.
MAX_ENUMERATE = 2**16
ROOT = DOCS.parent


# -- the public API --------------------------------------------------------------------------


def _exported(module: types.ModuleType) -> list[str]:
    return sorted(str(name) for name in getattr(module, "__all__", ()))


def public_modules() -> dict[str, list[str]]:
    """Every public module of the package with the names it exports, modules first.

    Public: the package itself, each child module or subpackage of a layer folder (and each
    layer folder) whose name does not start with ``_`` and that declares ``__all__`` (except
    the command line), and every module named in a public ``__all__``.

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
    for layer in LAYERS:  # a layer folder shows its children as the package's own
        folder = importlib.import_module(f"{PACKAGE}.{layer}")
        for info in pkgutil.iter_modules(folder.__path__):
            if not info.name.startswith("_") and info.name not in NOT_API:
                todo.append(f"{PACKAGE}.{layer}.{info.name}")
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


def summary(module: types.ModuleType) -> str:
    """The first sentence of a module's docstring, on one line (reST inline markup kept).

    Parameters
    ----------
    module : module

    Returns
    -------
    str
        ``"—"`` when the module has no docstring.
    """
    doc = (module.__doc__ or "").strip()
    if not doc:
        return "—"
    first = " ".join(doc.split("\n\n")[0].split())
    end = first.find(". ")
    return first if end < 0 else first[: end + 1]


def write_api(folder: Path) -> list[Path]:
    """Write one autosummary page per public module into ``folder``.

    An object exported by several modules (``lightsout_graphs.grid`` is also
    ``lightsout_graphs.representation.families.grid``) gets its page under the first of them, the top-level
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
    # The index: one line per module with the first sentence of its docstring, then the
    # (hidden) toctree that puts the pages in the navigation.
    index = [".. list-table::", "   :header-rows: 1", "   :widths: 35 65", ""]
    index += ["   * - module", "     - what it holds"]
    for page in pages:
        module = importlib.import_module(page.stem)
        index += [f"   * - :doc:`{page.stem} <generated/{page.stem}>`", f"     - {summary(module)}"]
    toctree = ["", ".. toctree::", "   :maxdepth: 1", "   :hidden:", ""]
    toctree.extend(f"   generated/{page.stem}" for page in pages)
    _write(folder / "modules.txt", "\n".join(index + toctree) + "\n")
    # Object pages are autosummary's stubs, written again after this hook: drop stale ones (a
    # name that moved to another module would otherwise stay, outside every toctree).
    _prune(folder, {*pages, folder / "modules.txt"})
    return pages


# -- the catalog -----------------------------------------------------------------------------


def _solutions(count: int) -> str:
    return "1 solution" if count == 1 else f"{count} solutions"


def _code(text: str) -> str:
    return f"```text\n{text}\n```\n"


#: Matplotlib settings of the catalog's pictures: legends and titles that read at page width.
RC = {"font.size": 13, "legend.fontsize": 12, "axes.titlesize": 14}
#: Resolution of the catalog's pictures and of the gallery's thumbnails.
DPI, THUMB_DPI = 90, 40


def showcase_board(puzzle: Any) -> tuple[str, Any]:
    """The board a page shows first: the first named board with lights of more than one value
    (a scrambled board), else the first that is not the goal, else a random solvable board
    (seed 1).

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    tuple
        ``(name, state vector)``; the name is ``"random"`` for a random board.
    """
    import numpy as np

    import lightsout_graphs as lo

    others = {
        name: puzzle.state_vector(board)
        for name, board in puzzle.boards.items()
        if not np.array_equal(puzzle.state_vector(board), puzzle.goal)
    }
    for name, vec in others.items():
        if len(np.unique(vec)) > 1:
            return name, vec
    if others:
        return next(iter(others.items()))
    return "random", lo.random_board(puzzle, seed=1)


def _grid_like(text: str) -> bool:
    """Whether a board's text reads as a picture (rows of one width), unlike a long line."""
    lines = text.splitlines()
    return len(lines) > 1 and len({len(line) for line in lines}) == 1


def _save(fig: Any, path: Path, dpi: int = DPI) -> None:
    import matplotlib.pyplot as plt

    fig.savefig(path, dpi=dpi, bbox_inches="tight", facecolor="white")
    plt.close(fig)


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
    with matplotlib.rc_context(RC):
        return _catalog_page(name, images)


def _catalog_page(name: str, images: Path) -> str:
    import lightsout_graphs as lo
    from lightsout_graphs import catalog, draw
    from lightsout_graphs.interfaces.cli.catalog_cmd import graph_description, rules_sentence

    puzzle = catalog.load(name)
    analysis = lo.analyze(puzzle)
    out = [f"# {puzzle.title}\n", f"`{name}` · `lightsout show {name}`\n"]
    if puzzle.description:
        out.append(puzzle.description.strip() + "\n")
    shown, board = showcase_board(puzzle)
    label = "a random solvable board" if shown == "random" else f"the board `{shown}`"
    ax = draw.draw_puzzle(puzzle, board, title=f"{puzzle.title}: {shown}")
    _save(ax.figure, images / f"{name}.png")
    out.append(f"![{puzzle.title}: {label}]({images.name}/{name}.png)\n")
    out.append(f"The picture shows {label}; `lightsout play {name}` plays it.\n")
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
    out.append(f"| {nullity} | {analysis.num_quiet_patterns} | {share} |\n")
    if analysis.nullity is None:
        out.append(f"k = {puzzle.modulus} is not prime, so there is no nullity over a field.\n")
    if puzzle.sources:
        out.append("## Sources\n")
        for source in puzzle.sources:
            out.append("- " + "; ".join(f"{key}: {value}" for key, value in source.items()))
        out.append("")
    out.append("## Named boards and their fewest presses\n")
    # The fewest presses are proven by enumerating the solutions; a build never waits for CP-SAT.
    exact = analysis.num_quiet_patterns <= MAX_ENUMERATE
    for board_name, named in puzzle.boards.items():
        out.append(f"### `{board_name}`\n")
        text = lo.format_board(puzzle, named, colors=None)
        drawn = False
        if _grid_like(text):
            out.append(_code(text))
        try:
            solution = lo.solve(
                puzzle, named, target=puzzle.goal, minimize=exact, max_enumerate=MAX_ENUMERATE
            )
        except lo.Unsolvable:
            solution = None
        if not _grid_like(text) and (solution is None or not exact):
            # A board whose text is one long line (the cube's 54 lights) is shown as a picture.
            picture = f"{name}--{board_name}--board.png"
            ax = draw.draw_puzzle(puzzle, named, title=board_name)
            _save(ax.figure, images / picture)
            out.append(f"![The board {board_name}]({images.name}/{picture})\n")
            drawn = True
        if solution is None:
            out.append("This board cannot reach the goal.\n")
            continue
        if not exact:
            out.append(
                f"The board is solvable, by {solution.num_solutions} press patterns: too many to find "
                f"the fewest while the documentation is built. "
                f"`lightsout solve {name} --start {board_name} --min` proves it.\n"
            )
            continue
        out.append(
            f"Fewest presses: **{solution.num_presses}** ({solution.proof}); "
            f"{_solutions(solution.num_solutions)} in all. Presses:\n"
        )
        out.append(_code(lo.format_presses(puzzle, solution.vector)))
        fig = draw.draw_solution(solution)
        picture = f"{name}--{board_name}.png"
        _save(fig, images / picture, dpi=72)
        what = "The board, the presses" if not drawn else "The presses"
        out.append(f"![{what} that solve {board_name}, and the result]({images.name}/{picture})\n")
    return "\n".join(out)


def gallery_entry(name: str, images: Path) -> dict[str, Any]:
    """Draw the thumbnail of one named puzzle and say what its gallery card shows.

    Parameters
    ----------
    name : str
        A name of ``catalog.names()``.
    images : Path
        Folder for the thumbnail ``thumb-NAME.png``.

    Returns
    -------
    dict
        ``name``, ``title``, ``lights``, ``buttons`` (the pressable nodes, as ``lightsout
        list`` counts them), ``modulus``, ``nullity`` (``None`` for a composite modulus) and
        ``thumbnail`` (the file name).
    """
    import matplotlib

    matplotlib.use("Agg")
    import lightsout_graphs as lo
    from lightsout_graphs import catalog, draw

    puzzle = catalog.load(name)
    _, board = showcase_board(puzzle)
    thumbnail = f"thumb-{name}.png"
    with matplotlib.rc_context(RC):
        ax = draw.draw_puzzle(puzzle, board, title="", legend=False)
        ax.figure.set_size_inches(4, 4)
        _save(ax.figure, images / thumbnail, dpi=THUMB_DPI)
    return {
        "name": name,
        "title": puzzle.title,
        "lights": puzzle.n,
        "buttons": len(puzzle.pressable),
        "modulus": puzzle.modulus,
        "nullity": lo.analyze(puzzle).nullity,
        "thumbnail": thumbnail,
    }


def gallery_text(entries: list[dict[str, Any]]) -> str:
    """The MyST of the gallery: one card per puzzle (thumbnail, name and counts).

    Paths are relative to ``docs/catalog/index.md``, the page that includes the text.
    """
    cards = ["::::{container} lo-gallery\n"]
    for e in entries:
        nullity = "—" if e["nullity"] is None else e["nullity"]
        # The counts of `lightsout list`: buttons only where they are not the lights.
        buttons = "" if e["buttons"] == e["lights"] else f" · {e['buttons']} buttons"
        cards.append(
            f":::{{container}} lo-card\n"
            f"```{{image}} generated/images/{e['thumbnail']}\n"
            f":alt: {e['title']}\n"
            f":target: generated/{e['name']}.html\n"
            f":class: lo-thumb\n"
            f"```\n\n"
            f"{{doc}}`{e['title']} <generated/{e['name']}>`\n\n"
            f"{e['lights']} lights{buttons} · k = {e['modulus']} · nullity {nullity}\n"
            f":::\n"
        )
    cards.append("::::\n")
    return "\n".join(cards)


def _catalog_files(name: str, images: Path) -> tuple[str, dict[str, Any]]:
    """The page text and the gallery entry of one named puzzle (its pictures drawn)."""
    return catalog_page(name, images), gallery_entry(name, images)


def _in_parallel(work: Any, names: list[str], images: Path) -> list[Any]:
    """``[work(name, images) for name in names]``, on every core where the system forks.

    Drawing the pictures is most of a build's time. The children are forked, so they see the
    catalog folders of the parent (``catalog.folder``) and never import the docs again.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    workers = min(len(names), os.cpu_count() or 1)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [work(name, images) for name in names]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        return list(pool.map(work, names, [images] * len(names)))


def write_catalog(folder: Path) -> list[Path]:
    """Write one page per named puzzle (and its pictures) into ``folder``, and the gallery.

    Parameters
    ----------
    folder : Path
        ``docs/catalog/generated``; the gallery goes to ``gallery.txt`` there (included by
        ``docs/catalog/index.md``).

    Returns
    -------
    list of Path
        The pages written, sorted by puzzle name.
    """
    from lightsout_graphs import catalog

    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    names = list(catalog.names())
    pages = []
    entries = []
    for name, (text, entry) in zip(names, _in_parallel(_catalog_files, names, images), strict=True):
        path = folder / f"{name}.md"
        _write(path, text)
        pages.append(path)
        entries.append(entry)
    gallery = folder / "gallery.txt"
    _write(gallery, gallery_text(entries))
    _prune(folder, {*pages, gallery})
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


# -- the results ------------------------------------------------------------------------------

RESEARCH = ROOT / "research"


def _table(header: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines.extend("| " + " | ".join(str(cell) for cell in row) + " |" for row in rows)
    return "\n".join(lines) + "\n"


def _bounds(low: Any, high: Any) -> str:
    if low is None or high is None:
        return "—"
    return str(low) if low == high else f"{low}..{high}"


def _differs(lower: Any, upper: Any, low: Any, high: Any) -> str:
    """How our God's number (``lower..upper``) differs from the published ``low..high``."""
    if low is None or high is None or lower is None or upper is None:
        return ""
    if upper < low:
        return "**published value impossible**"
    if lower > high:
        return "**published value too small**"
    parts = []
    if upper < high:
        parts.append("tighter upper")
    if lower > low:
        parts.append("tighter lower")
    if low == high and lower != upper:
        parts.append("published exact, ours open")
    return ", ".join(parts)


def gods_numbers_table(path: Path = RESEARCH / "gods_numbers" / "results.json") -> str:
    """The God's-number table of ``research/gods_numbers/results.json`` as a MyST table."""
    import json

    rows = []
    records = sorted(json.loads(path.read_text(encoding="utf-8")), key=lambda r: r["n"])
    for r in records:
        published = r.get("published") or [None, None]
        peer = r.get("averaging_bound_from_published_basis")
        rows.append(
            [
                r["n"],
                r.get("nullity", "—"),
                _bounds(r["lower"], r["upper"]),
                _bounds(*published),
                _differs(r["lower"], r["upper"], *published),
                "—" if peer is None else peer,
                r.get("seconds", "—"),
            ]
        )
    exact = sum(1 for r in records if r["lower"] == r["upper"])
    sizes = [r["n"] for r in records]
    seconds = sum(float(r.get("seconds") or 0) for r in records)
    intro = (
        f"The file holds {len(records)} boards, n = {min(sizes)}..{max(sizes)}, {exact} of them "
        f"exact; their searches took {seconds:,.0f} s in all.\n\n"
    )
    header = ["n", "nullity", "God's number (ours)", "published", "differs"]
    return intro + _table([*header, "averaging bound (peer basis)", "seconds"], rows)


def a075464_table(path: Path = RESEARCH / "a075464" / "results.json") -> str:
    """The A075464 terms of ``research/a075464/results.json`` as a MyST table."""
    import json

    rows = [
        [
            r["n"],
            r["nullity"],
            r["fewest_presses"],
            "**new**" if r["published"] is None else r["published"],
            f"{r['solutions']:,}" + (" (unique)" if r["solutions"] == 1 else ""),
            r["seconds"],
            "; ".join(r["checks"]) or "—",
        ]
        for r in sorted(json.loads(path.read_text(encoding="utf-8")), key=lambda r: r["n"])
    ]
    header = ["n", "nullity", "fewest presses", "OEIS", "solutions", "seconds", "checked by"]
    return _table(header, rows)


def nullities_table(path: Path = RESEARCH / "nullities" / "results.json") -> str:
    """The summary of ``research/nullities/results.json`` as a MyST table."""
    import json

    rows = []
    for r in json.loads(path.read_text(encoding="utf-8"))["rows"]:
        m, n = r["largest_at"]
        rows.append(
            [
                r["max_side"],
                r["sizes"],
                r["always_solvable"],
                f"{r['share_always_solvable']:.2%}",
                r["largest_nullity"],
                f"{m}×{n}",
                r["mean_nullity"],
                r["seconds"],
                r.get("cpu_seconds", "—"),
            ]
        )
    header = ["M", "sizes m, n ≤ M", "always solvable", "share", "largest nullity", "at"]
    return _table([*header, "mean nullity", "seconds", "CPU seconds"], rows)


def _read_bfile(path: Path) -> list[int]:
    """The terms a(1), a(2), ... of a b-file (``n a(n)`` per line, ``#`` comments)."""
    terms = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            n, value = line.split()
            assert int(n) == len(terms) + 1, f"{path.name}: n = {n} out of order"
            terms.append(int(value))
    return terms


def squares_table(folder: Path = RESEARCH / "nullities") -> str:
    """The b-files of A159257 (n×n boards) and A165738 (n×n tori), by ranges of n."""
    out = []
    for name, what, published in (
        ("A159257", "board", 25_000),
        ("A165738", "torus", 1_000),
    ):
        terms = _read_bfile(folder / f"b{name[1:]}.txt")
        cuts = sorted({0, 1_000, 25_000, len(terms)})
        rows = []
        for start, stop in itertools.pairwise(cuts):
            part = terms[start:stop]
            top = max(part)
            rows.append(
                [
                    f"{name} ({what})",
                    f"{start + 1:,}..{stop:,}",
                    "published" if stop <= published else "**new**",
                    sum(1 for v in part if v == 0),
                    top,
                    f"{start + 1 + part.index(top):,}",
                ]
            )
        out.extend(rows)
    header = ["sequence", "n", "terms", "nullity 0 (always solvable)", "largest", "at n"]
    return _table(header, out)


def census_tables(path: Path = RESEARCH / "census11" / "census.parquet") -> str:
    """The census of ``research/census11/census.parquet``: per n, and the n = 11 histograms."""
    import pandas as pd

    data = pd.read_parquet(path)
    closed = data[(data["rule"] == "closed") & (data["modulus"] == 2)]
    rows = []
    for n, part in closed.groupby("n"):
        unique = int(part.loc[part["nullity"] == 0, "connected"].sum())
        solvable = int(part.loc[part["nullity"] == 0, "graphs"].sum())
        rows.append(
            [int(n), int(part["graphs"].sum()), int(part["connected"].sum()), solvable, unique]
        )
    header = ["n", "graphs", "connected graphs", "graphs with nullity 0"]
    out = [_table([*header, "connected, nullity 0 (A334443)"], rows), ""]
    top = int(data["n"].max())
    last = data[(data["n"] == top) & (data["modulus"] == 2)]
    nullities = range(int(last["nullity"].max()) + 1)
    hist = []
    for rule in ("closed", "open"):
        part = last[last["rule"] == rule].groupby("nullity")["connected"].sum()
        hist.append([rule, *(int(part.get(k, 0)) for k in nullities)])
    out.append(f"Nullity histogram of the connected graphs on {top} vertices:\n")
    out.append(_table(["rule", *(str(k) for k in nullities)], hist))
    return "\n".join(out)


def lit_only_table(path: Path = RESEARCH / "lit_only" / "results.json") -> str:
    """The minimum light numbers of ``research/lit_only/results.json``: rows m, columns n."""
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    found = {(r["m"], r["n"]): r for r in data}
    side = max(r["n"] for r in data)
    rows = []
    for m in range(1, side + 1):
        cells: list[Any] = [m]
        for n in range(1, side + 1):
            r = found.get((min(m, n), max(m, n)))
            if r is None:
                cells.append("·")
            else:
                value = str(r["min_light_number"])
                cells.append(f"**{value}**" if r["checked_by"] else value)
        rows.append(cells)
    return _table(["m \\ n", *(str(n) for n in range(1, side + 1))], rows)


#: The generated tables of the results pages: file name -> function of no argument.
RESULT_TABLES = {
    "lit-only.txt": lit_only_table,
    "census11.txt": census_tables,
    "gods-numbers.txt": gods_numbers_table,
    "a075464.txt": a075464_table,
    "nullities.txt": nullities_table,
    "squares.txt": squares_table,
}


def write_results(folder: Path) -> list[Path]:
    """Write the tables of the results pages, read from ``research/``, into ``folder``.

    Parameters
    ----------
    folder : Path
        ``docs/results/generated``.

    Returns
    -------
    list of Path
        The tables written (MyST text, included by the pages of ``docs/results``).
    """
    paths = []
    for name, make in RESULT_TABLES.items():
        path = folder / name
        _write(path, make())
        paths.append(path)
    return paths


def generate(app: Any = None, config: Any = None) -> None:
    """Write every generated page (the ``config-inited`` hook, before Sphinx lists sources)."""
    write_api(DOCS / "api" / "generated")
    write_catalog(DOCS / "catalog" / "generated")
    copy_notebooks(DOCS / "notebooks" / "generated")
    write_results(DOCS / "results" / "generated")
    from cli_examples import write_examples  # docs/_ext, on the path of conf.py

    write_examples(DOCS / "generated" / "cli-examples.txt", DOCS / "generated" / "cli-images")


def setup(app: Any) -> dict[str, Any]:
    """Register the generator with Sphinx."""
    app.connect("config-inited", generate)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
