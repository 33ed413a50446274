"""Where catalog files are found: the shipped folder plus user folders; names, load, problems."""

from __future__ import annotations

import contextlib
import copy
import importlib.resources
import os
from collections.abc import Iterator
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from lightsout_graphs.core.errors import CatalogError, LightsOutError
from lightsout_graphs.representation.catalog._schema import MAX_ENTRY_BYTES, build_entry, read_entry
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = [
    "add_folder",
    "builtin_folder",
    "folder",
    "folders",
    "load",
    "load_file",
    "names",
    "problems",
    "remove_folder",
]

_USER_FOLDERS: list[Path] = []

#: Parsed files: path -> (modification stamp, parsed table or the error it raised).
_PARSED: dict[str, tuple[object, dict[str, Any] | CatalogError]] = {}


def builtin_folder() -> Traversable:
    """The folder of the shipped catalog files.

    An installed wheel carries them as ``lightsout_graphs/catalog_data``; a source checkout
    (or an editable install) reads the top-level ``catalog/`` folder next to the package.

    Returns
    -------
    importlib.resources.abc.Traversable
        A directory (a :class:`pathlib.Path` for ordinary installs).

    Examples
    --------
    >>> any(f.name == "lights-out.toml" for f in builtin_folder().iterdir())
    True
    """
    packaged = importlib.resources.files("lightsout_graphs") / "catalog_data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "catalog"


def folders() -> list[str]:
    """The folders searched, shipped one first, then user folders in the order added.

    Examples
    --------
    >>> len(folders()) >= 1
    True
    """
    return [str(builtin_folder()), *(str(p) for p in _USER_FOLDERS)]


def add_folder(path: str | os.PathLike[str]) -> None:
    """Add a folder of ``*.toml`` catalog files (same schema as the shipped ones).

    Parameters
    ----------
    path : str or path-like
        An existing directory. Adding it twice has no effect.

    Raises
    ------
    CatalogError
        The path is not a directory.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     add_folder(tmp)
    ...     remove_folder(tmp)
    """
    p = Path(path).resolve()
    if not p.is_dir():
        msg = f"Catalog folder {os.fspath(path)!r} is not a directory."
        raise CatalogError(msg)
    if p not in _USER_FOLDERS:
        _USER_FOLDERS.append(p)


def remove_folder(path: str | os.PathLike[str]) -> None:
    """Stop searching the folder ``path`` (str or path-like) added with :func:`add_folder`;
    unknown folders are ignored.

    Examples
    --------
    >>> remove_folder("/no/such/folder")
    """
    p = Path(path).resolve()
    if p in _USER_FOLDERS:
        _USER_FOLDERS.remove(p)


@contextlib.contextmanager
def folder(path: str | os.PathLike[str]) -> Iterator[None]:
    """Search the folder ``path`` (str or path-like) for the duration of a ``with`` block.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp, folder(tmp):
    ...     "lights-out" in names()
    True
    """
    add_folder(path)
    try:
        yield
    finally:
        remove_folder(path)


def _files() -> list[Traversable]:
    out: list[Traversable] = []
    for root in [builtin_folder(), *_USER_FOLDERS]:
        if not root.is_dir():
            continue
        found = [f for f in root.iterdir() if f.name.endswith(".toml") and f.is_file()]
        out.extend(sorted(found, key=lambda f: f.name))
    return out


def _stamp(f: Traversable) -> object:
    """What changes when a file changes: its modification time and size (None if unknown)."""
    if isinstance(f, Path):
        st = f.stat()
        return (st.st_mtime_ns, st.st_size)
    return None  # a packaged resource: it does not change while the program runs


def _parse(f: Traversable) -> dict[str, Any]:
    """The parsed table of a catalog file, cached by path and modification time; CatalogError
    when the file cannot be read, is too large, or is not valid TOML."""
    key = str(f)
    try:
        stamp = _stamp(f)
        cached = _PARSED.get(key)
        if cached is not None and cached[0] == stamp:
            result = cached[1]
        else:
            with f.open("rb") as handle:
                data = handle.read(MAX_ENTRY_BYTES + 1)
            try:
                result = read_entry(data, key)
            except CatalogError as err:
                result = err
            _PARSED[key] = (stamp, result)
    except OSError as err:
        msg = f"{f}: cannot be read ({err.strerror or err})."
        raise CatalogError(msg) from err
    if isinstance(result, CatalogError):
        raise result
    try:
        return copy.deepcopy(result)
    except RecursionError as err:  # pragma: no cover - read_entry bounds the nesting
        msg = f"{f}: tables nested too deeply to read."
        raise CatalogError(msg) from err


def _index() -> tuple[dict[str, list[Traversable]], list[CatalogError]]:
    """Name -> files declaring it, and the errors of files whose name cannot be read."""
    table: dict[str, list[Traversable]] = {}
    errors: list[CatalogError] = []
    for f in _files():
        try:
            entry = _parse(f)
        except CatalogError as err:
            errors.append(err)
            continue
        name = entry.get("name")
        if not isinstance(name, str) or not name:
            errors.append(
                CatalogError(f"{f}: key 'name': expected a non-empty string, not {name!r}.")
            )
            continue
        table.setdefault(name, []).append(f)
    return table, errors


def _twice(name: str, files: list[Traversable]) -> CatalogError:
    return CatalogError(
        f"{files[1]}: key 'name': expected a name not used by another file, not {name!r} "
        f"(also declared in {files[0]})."
    )


def names() -> list[str]:
    """The names of the catalog's puzzles, sorted (files that cannot be read are left out).

    Returns
    -------
    list of str

    Examples
    --------
    >>> "lights-out" in names()
    True
    """
    return sorted(_index()[0])


def load_file(path: str | os.PathLike[str] | Traversable) -> Puzzle:
    """Load and validate one catalog file.

    Parameters
    ----------
    path : str or path-like
        A ``.toml`` file following the schema of ``catalog/README.md``.

    Returns
    -------
    Puzzle
        With its metadata: name, title, description, sources, colors, boards, goal, family,
        lit_only and invariants.

    Raises
    ------
    CatalogError
        The file cannot be read, is larger than 1 MiB, is nested too deeply, or breaks the
        schema (the message names the file and key). Parses are cached by path and
        modification time, so loading again costs no re-reading.

    Examples
    --------
    >>> p = load_file(builtin_folder() / "lights-out.toml")
    >>> p.title
    'Lights Out'
    """
    f: Traversable = path if isinstance(path, Traversable) else Path(path)
    try:
        return build_entry(_parse(f), str(f))
    except CatalogError:
        raise
    except LightsOutError as err:
        # A refusal deeper down (a size or memory guard): still one file's problem.
        msg = f"{f}: {err}"
        raise CatalogError(msg) from err


def load(name: str) -> Puzzle:
    """Load a catalog puzzle by name, with its metadata attached.

    Parameters
    ----------
    name : str
        A name from :func:`names`, for example ``"lights-out"``.

    Returns
    -------
    Puzzle
        ``.title``, ``.description``, ``.sources``, ``.colors``, ``.boards`` (name -> state),
        ``.goal``, ``.family``, ``.lit_only`` and ``.invariants`` are set.

    Raises
    ------
    CatalogError
        An unknown name, a name declared by two files, or a file that breaks the schema.

    Examples
    --------
    >>> p = load("lights-out")
    >>> p
    <Puzzle 'lights-out': 25 nodes, 40 edges, rule='closed', modulus=2>
    >>> {"pattern", "all-on"} <= set(p.boards)
    True
    """
    table, _ = _index()
    if name not in table:
        known = ", ".join(sorted(table)[:12])
        msg = f"Unknown catalog puzzle {name!r}; known puzzles include: {known}."
        raise CatalogError(msg)
    files = table[name]
    if len(files) > 1:
        raise _twice(name, files)
    return load_file(files[0])


def problems() -> list[CatalogError]:
    """Validate every catalog file and return the errors found (an empty list when all is well).

    Returns
    -------
    list of CatalogError
        One per broken file or duplicated name.

    Examples
    --------
    >>> problems()
    []
    """
    table, errors = _index()
    for name, files in sorted(table.items()):
        if len(files) > 1:
            errors.append(_twice(name, files))
        for f in files:
            try:
                load_file(f)
            except CatalogError as err:
                errors.append(err)
    return errors
