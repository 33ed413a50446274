"""Families and metrics from your own code: ``"module:function"`` references and callables.

A sweep spec may name a family or a metric by a reference ``"module.path:function"``, and in
Python by the callable itself. A spec is untrusted input, so what a reference may reach is an
allow-list:

- ``"networkx:NAME"``: a networkx graph generator (a function of ``networkx.generators`` that
  takes no graph and returns one), for a family only; nothing else of networkx.
- ``"module:function"`` of your own modules, only when the caller allows imports
  (``allow_imports=True``, ``--allow-imports``): importing a module runs its code, so a spec file
  received from someone else cannot run code on your machine by surprise. Even then a reference
  reaches no module of Python's standard library, of ``lightsout_graphs`` or of the libraries it
  builds on (numpy, pandas, ...), and a path through a module's attributes must stay in its package.
- Nothing of ``lightsout_graphs`` itself: its families and metrics are named by their names
  (``family = "grid"``, ``metrics = ["nullity"]``).

Every resolved callable is recorded in the manifest with :func:`fingerprint` (its reference,
module, the version of the distribution it comes from, a SHA-256 of its source and of its whole
module's file, its defaults and closure), so a result folder is never resumed with different code.

A family callable returns a networkx graph (made a puzzle with the spec's rule and modulus) or a
:class:`~lightsout_graphs.Puzzle`; it receives ``modulus`` and ``rule`` when it takes them.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lightsout_graphs.core.errors import SweepError, SweepSpecError
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = [
    "CHANGES",
    "REFUSED_MODULES",
    "TRUSTED_MODULES",
    "CodeRef",
    "build_family_puzzle",
    "code_change",
    "family_keywords",
    "fingerprint",
    "is_graph_generator",
    "resolve",
]

#: Top-level packages a spec may name without ``allow_imports`` (their graph generators only).
TRUSTED_MODULES = ("networkx",)
#: Packages no reference may reach, imports allowed or not: the library itself (its families
#: and metrics go by name) and the libraries it builds on. Python's standard library is refused too.
REFUSED_MODULES = frozenset(
    {
        "lightsout_graphs",
        "numpy",
        "scipy",
        "sympy",
        "matplotlib",
        "tqdm",
        "flint",
        "ortools",
        "numba",
        "pyarrow",
        "pandas",
        "dask",
        "distributed",
        "cloudpickle",
        "pyscipopt",
        "highspy",
        "anywidget",
    }
)
_REF = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$")
#: Keywords of networkx's backend dispatch, never sweep parameters.
_DISPATCH = ("backend", "backend_kwargs")


def _load(ref: str, payload: bytes) -> CodeRef:
    import pickle

    return CodeRef(ref, pickle.loads(payload))  # our own payload, see __reduce__


@dataclass(frozen=True)
class CodeRef:
    """A callable named by a spec, with the reference it was given by.

    Pickled with cloudpickle (as Dask does), so a function defined in a script or a notebook
    reaches worker processes too; a function of an importable module travels by reference and
    is imported again by the worker.

    Attributes
    ----------
    ref : str
        ``"module:qualified.name"``.
    func : callable

    Examples
    --------
    >>> import pickle
    >>> code = resolve("networkx:cycle_graph", "family")
    >>> pickle.loads(pickle.dumps(code)).func(4).number_of_edges()
    4
    """

    ref: str
    func: Callable[..., Any]

    def __reduce__(self) -> tuple[Any, ...]:
        try:
            import cloudpickle
        except ImportError:  # pragma: no cover - cloudpickle comes with the sweep extra (dask)
            return (CodeRef, (self.ref, self.func))
        return (_load, (self.ref, cloudpickle.dumps(self.func)))


def _ref_of(func: Callable[..., Any]) -> str:
    module = getattr(func, "__module__", None) or type(func).__module__
    name = getattr(func, "__qualname__", None) or type(func).__qualname__
    return f"{module}:{name}"


def resolve(value: object, key: str, *, allow_imports: bool = True) -> CodeRef:
    """The callable named by ``"module:function"``, or a callable given as it is.

    Parameters
    ----------
    value : str or callable
    key : str
        The spec key, named in errors.
    allow_imports : bool, default True
        Whether a module outside :data:`TRUSTED_MODULES` may be imported (never one of
        :data:`REFUSED_MODULES`, of Python's standard library, or lightsout_graphs).

    Returns
    -------
    CodeRef

    Raises
    ------
    SweepSpecError
        A malformed reference, a refused or failed import, or a name that is not callable.

    Examples
    --------
    >>> resolve("networkx:circulant_graph", "family").ref
    'networkx:circulant_graph'
    >>> resolve("mypackage:family", "family", allow_imports=False)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.SweepSpecError: Sweep spec key 'family': 'mypackage:family' imports ...
    >>> resolve("os:getcwd", "family")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.SweepSpecError: Sweep spec key 'family': 'os:getcwd' names a function of the library 'os'; ...
    """
    if callable(value) and not isinstance(value, str):
        return CodeRef(_ref_of(value), value)
    if not isinstance(value, str):
        msg = f"Sweep spec key {key!r}: expected 'module:function' or a callable, not {value!r}."
        raise SweepSpecError(msg)
    match = _REF.match(value)
    if match is None:
        msg = f"Sweep spec key {key!r}: {value!r} is not a reference 'module.path:function'."
        raise SweepSpecError(msg)
    module_name, attr = match[1], match[2]
    top = module_name.split(".")[0]
    _check_module(value, key, top, allow_imports)
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any error of the imported code
        msg = f"Sweep spec key {key!r}: cannot import {module_name!r}: {type(exc).__name__}: {exc}"
        raise SweepSpecError(msg) from exc
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            msg = f"Sweep spec key {key!r}: module {module_name!r} has no {attr!r}."
            raise SweepSpecError(msg)
        obj = getattr(obj, part)
        if not _within(obj, top):
            # A module's attributes lead to other modules (its imports) too: a path through
            # them must not reach, say, importlib.import_module or os.system.
            msg = (
                f"Sweep spec key {key!r}: {value!r} leads outside the package {top!r} (to code "
                "of another module); a reference names a function of the module it names."
            )
            raise SweepSpecError(msg)
    if not callable(obj):
        msg = f"Sweep spec key {key!r}: {value!r} is a {type(obj).__name__}, not a callable."
        raise SweepSpecError(msg)
    if top in TRUSTED_MODULES and (key == "metrics" or not is_graph_generator(obj)):
        msg = (
            f"Sweep spec key {key!r}: {value!r} is not a networkx graph generator; a spec "
            "names networkx's generators (functions of networkx.generators that return a graph) "
            "as families, and nothing else of networkx."
        )
        raise SweepSpecError(msg)
    return CodeRef(value, obj)


def _check_module(value: str, key: str, top: str, allow_imports: bool) -> None:
    """Refuse, before importing anything, a reference outside the allow-list."""
    if top == "lightsout_graphs":
        what = "a family of the registry by its name (family = 'grid')"
        if key == "metrics":
            what = "a metric by its name (metrics = ['nullity'])"
        msg = (
            f"Sweep spec key {key!r}: {value!r} names a function of lightsout_graphs; a spec "
            f"names {what}, never the library's functions."
        )
        raise SweepSpecError(msg)
    if top in TRUSTED_MODULES:
        return
    if top in REFUSED_MODULES or top in sys.stdlib_module_names:
        msg = (
            f"Sweep spec key {key!r}: {value!r} names a function of the library {top!r}; a "
            "spec names networkx generators, the registry's families and metrics, or with "
            "--allow-imports functions of your own modules."
        )
        raise SweepSpecError(msg)
    if not allow_imports:
        msg = (
            f"Sweep spec key {key!r}: {value!r} imports module {value.split(':')[0]!r}, which "
            "runs its code; pass --allow-imports (allow_imports=True in Python) to allow it."
        )
        raise SweepSpecError(msg)


def _within(obj: Any, top: str) -> bool:
    """Whether ``obj`` is a module, class or function of the package ``top`` (or plain data)."""
    import types

    if isinstance(obj, types.ModuleType):
        name = obj.__name__
    elif callable(obj) or isinstance(obj, type):
        name = getattr(obj, "__module__", None) or type(obj).__module__
    else:
        return True
    return str(name).split(".")[0] == top


def is_graph_generator(func: object) -> bool:
    """Whether ``func`` is a networkx graph generator: it takes no graph and returns one.

    The functions of ``networkx.generators`` (and networkx's other ``generators`` modules, such
    as the bipartite ones) that networkx marks as returning a graph from no input graph; its
    readers (``read_graph6`` and the like, which open files) and algorithms are not generators.

    Examples
    --------
    >>> import networkx as nx
    >>> is_graph_generator(nx.circulant_graph), is_graph_generator(nx.complete_bipartite_graph)
    (True, True)
    >>> is_graph_generator(nx.read_graph6), is_graph_generator(nx.line_graph)
    (False, False)
    """
    module = str(getattr(func, "__module__", "") or "")
    parts = module.split(".")
    if parts[0] != "networkx" or "generators" not in parts or not callable(func):
        return False
    if hasattr(func, "_returns_graph"):  # networkx's dispatch marks what a function returns
        return bool(func._returns_graph) and not getattr(func, "graphs", None)
    return True


#: The last ``importlib.metadata.packages_distributions()``, under the state of the installed
#: distributions it was read in (see :func:`_distributions`).
_DISTRIBUTIONS: dict[tuple[Any, ...], Any] = {}
#: Endings of the metadata folders of distributions, lower case (also an egg's EGG-INFO).
_METADATA = (".dist-info", "egg-info")


def _metadata_state() -> tuple[Any, ...]:
    """What ``packages_distributions()`` depends on: the folder, ``sys.path`` and, in each of
    its folders, the metadata folders of distributions with their modification times."""
    state: list[Any] = [os.getcwd()]
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as found:
                marks: Any = tuple(
                    sorted(
                        (e.name, e.stat().st_mtime_ns)
                        for e in found
                        if e.name.lower().endswith(_METADATA)
                    )
                )
        except (OSError, TypeError, ValueError):  # a zip file, or no folder
            try:
                marks = os.stat(entry).st_mtime_ns
            except (OSError, TypeError, ValueError):
                marks = None
        state.append((entry, marks))
    return tuple(state)


def _distributions() -> Any:
    """``importlib.metadata.packages_distributions()``, read again only when it can differ.

    Reading it opens the file list of every installed distribution (a fifth of a second with
    150 of them), and a sweep of your own code asks at each run. It is kept while the working
    folder, ``sys.path`` and the distributions' metadata folders in it are the same: installing,
    upgrading or removing a distribution makes or replaces such a folder.
    """
    from importlib.metadata import packages_distributions

    key = _metadata_state()
    if key not in _DISTRIBUTIONS:
        _DISTRIBUTIONS.clear()
        _DISTRIBUTIONS[key] = packages_distributions()
    return _DISTRIBUTIONS[key]


def _version(module_name: str) -> str | None:
    top = module_name.split(".")[0]
    module = sys.modules.get(top)
    version = getattr(module, "__version__", None)
    if isinstance(version, str):
        return version
    try:
        from importlib.metadata import version as dist_version

        dists = _distributions().get(top)
        return dist_version(dists[0]) if dists else None
    except (ImportError, LookupError, OSError, ValueError):  # no version is recorded then
        return None


def fingerprint(code: CodeRef) -> dict[str, Any]:
    """What the manifest records of a callable: everything that can change its values.

    ``sha256`` is the hash of the callable's source text (None when Python cannot read it,
    as for builtins); ``module_sha256`` that of its module's whole source file (a constant
    beside the function counts too; None when there is no file, as in a notebook);
    ``version`` that of the module's top-level package (None when unknown); ``values`` a hash
    of the values the code reads besides its source: its defaults, its closure cells and the
    module-level names it uses (numbers, strings, containers, arrays, and the same of the
    functions among them). A resumed sweep whose callables differ in any of these is refused.

    Examples
    --------
    >>> f = fingerprint(resolve("networkx:cycle_graph", "family"))
    >>> f["module"], f["version"] == __import__("networkx").__version__, len(f["sha256"])
    ('networkx.generators.classic', True, 64)
    >>> def above(limit):
    ...     return lambda puzzle: puzzle.n > limit
    >>> a, b = (fingerprint(CodeRef("m:f", above(t))) for t in (1, 2))
    >>> a["sha256"] == b["sha256"], a["values"] == b["values"]
    (True, False)
    """
    func = code.func
    module = getattr(func, "__module__", None) or type(func).__module__
    target = func if inspect.isroutine(func) else type(func)
    try:
        source = inspect.getsource(target)
        digest: str | None = hashlib.sha256(source.encode("utf-8")).hexdigest()
    except (OSError, TypeError):
        digest = None
    return {
        "ref": code.ref,
        "module": module,
        "version": _version(module),
        "sha256": digest,
        "module_sha256": _module_digest(module),
        "values": _digest(_values(func, depth=0)),
    }


#: What a changed entry of :func:`fingerprint` means, for the message refusing a resume.
CHANGES = {
    "sha256": "its source",
    "module_sha256": "the source file of its module",
    "version": "the version of its package",
    "values": "the values it reads (defaults, closure or module-level names)",
    "module": "its module",
    "ref": "its reference",
}


def _module_digest(module_name: str) -> str | None:
    """SHA-256 of a module's source file (None when it has none, as ``__main__`` in a notebook)."""
    module = sys.modules.get(module_name)
    path = getattr(module, "__file__", None)
    if not path:
        return None
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return None


def _names(code: Any) -> set[str]:
    """The global names a code object and the code nested in it read."""
    out = set(code.co_names)
    for const in code.co_consts:
        if inspect.iscode(const):
            out |= _names(const)
    return out


def _values(func: Any, depth: int) -> Any:
    """What a function reads besides its source, as plain data (see :func:`fingerprint`)."""
    func = getattr(func, "__wrapped__", func)
    code = getattr(func, "__code__", None)
    if code is None or depth > 3:
        return None
    cells = []
    for cell in getattr(func, "__closure__", None) or ():
        try:
            cells.append(_plain(cell.cell_contents, depth))
        except ValueError:  # an empty cell
            cells.append("<empty>")
    space = getattr(func, "__globals__", {})
    used = {
        name: _plain(space[name], depth)
        for name in sorted(_names(code))
        if name in space and not inspect.ismodule(space[name])
    }
    return {
        "defaults": _plain(getattr(func, "__defaults__", None), depth),
        "kwdefaults": _plain(getattr(func, "__kwdefaults__", None), depth),
        "closure": cells,
        "globals": used,
    }


def _plain(value: Any, depth: int) -> Any:
    """``value`` as JSON-ready data that is equal exactly when the values are (as far as seen)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value if not isinstance(value, float) else repr(value)
    if isinstance(value, bytes):
        return hashlib.sha256(value).hexdigest()
    if isinstance(value, list | tuple):
        return [type(value).__name__, *(_plain(v, depth) for v in value[:10_000])]
    if isinstance(value, set | frozenset):
        return ["set", *sorted(repr(_plain(v, depth)) for v in list(value)[:10_000])]
    if isinstance(value, dict):
        items = list(value.items())[:10_000]
        return ["dict", *sorted((repr(_plain(k, depth)), _plain(v, depth)) for k, v in items)]
    if inspect.isroutine(value):
        try:
            source = inspect.getsource(value)
        except (OSError, TypeError):
            source = getattr(value, "__qualname__", repr(type(value)))
        return ["function", source, _values(value, depth + 1)]
    if isinstance(value, type):
        return ["class", f"{value.__module__}.{value.__qualname__}"]
    tobytes = getattr(value, "tobytes", None)
    if callable(tobytes) and hasattr(value, "dtype"):  # a numpy array or scalar
        return ["array", str(value.dtype), list(getattr(value, "shape", ())), _plain(tobytes(), 0)]
    try:
        import pickle

        return ["pickle", type(value).__qualname__, _plain(pickle.dumps(value, protocol=4), 0)]
    except Exception:  # noqa: BLE001 - any object: what cannot be pickled is named by its type
        return ["object", f"{type(value).__module__}.{type(value).__qualname__}"]


def _digest(data: Any) -> str:
    import json

    text = json.dumps(data, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def code_change(old: object, new: object) -> str | None:
    """What changed between two manifests' ``code`` records, in words (None: nothing said).

    Examples
    --------
    >>> old = {"metrics": {"m:f": {"sha256": "a", "module_sha256": "b"}}}
    >>> new = {"metrics": {"m:f": {"sha256": "a", "module_sha256": "c"}}}
    >>> code_change(old, new)
    "the code of metric 'm:f' changed: the source file of its module"
    """
    if not isinstance(old, dict) or not isinstance(new, dict):
        return None
    pairs: list[tuple[str, str, Any, Any]] = [("family", "", old.get("family"), new.get("family"))]
    old_m, new_m = old.get("metrics") or {}, new.get("metrics") or {}
    if isinstance(old_m, dict) and isinstance(new_m, dict):
        for ref in sorted(set(old_m) & set(new_m)):
            pairs.append(("metric", ref, old_m[ref], new_m[ref]))
    for kind, ref, a, b in pairs:
        if not isinstance(a, dict) or not isinstance(b, dict) or a == b:
            continue
        name = ref or str(b.get("ref") or a.get("ref"))
        changed = [words for key, words in CHANGES.items() if a.get(key) != b.get(key)]
        if not changed:
            continue
        return f"the code of {kind} {name!r} changed: {', '.join(changed)}"
    return None


def family_keywords(func: Callable[..., Any]) -> tuple[tuple[str, ...], bool]:
    """The keyword names a family callable takes, and whether it takes any (``**kwargs``).

    networkx's dispatch keywords (``backend``, ``backend_kwargs``) are left out, and so is a
    generator's ``create_using`` (a graph class: code, not data).

    Examples
    --------
    >>> import networkx as nx
    >>> family_keywords(nx.circulant_graph)
    (('n', 'offsets'), False)
    """
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return (), True
    names, anything = [], False
    # A generator's create_using names a graph class: code, not data, so no spec sets it.
    skip = (*_DISPATCH, "create_using") if is_graph_generator(func) else _DISPATCH
    for p in sig.parameters.values():
        if p.name in skip:
            continue
        if p.kind is p.VAR_KEYWORD:
            anything = True
        elif p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            names.append(p.name)
    return tuple(names), anything


def build_family_puzzle(
    code: CodeRef, kwargs: dict[str, Any], modulus: int, rule: str, *, takes: tuple[str, ...]
) -> Puzzle:
    """Call a family callable and make its result the puzzle of one row.

    Parameters
    ----------
    code : CodeRef
    kwargs : dict
        The row's parameters.
    modulus, rule
        The row's modulus and rule; passed to the callable when ``takes`` names them.
    takes : tuple of str
        The keywords the callable takes (see :func:`family_keywords`).

    Returns
    -------
    Puzzle

    Raises
    ------
    SweepSpecError
        A networkx generator whose graph would be too big
        (:func:`lightsout_graphs.interfaces.sweep.probes.check_size`).
    SweepError
        A result that is neither a networkx graph nor a Puzzle, or a Puzzle with another
        modulus or rule than the row's.

    Examples
    --------
    >>> code = resolve("networkx:circulant_graph", "family")
    >>> p = build_family_puzzle(code, {"n": 8, "offsets": (1, 3)}, 3, "closed", takes=("n",))
    >>> p.n, p.modulus, p.graph.number_of_edges()
    (8, 3, 16)
    """
    import networkx as nx

    if is_graph_generator(code.func):
        from lightsout_graphs.interfaces.sweep.probes import check_size

        check_size(code.ref, code.func, kwargs)  # refused before it is built
    extra = {k: v for k, v in (("modulus", modulus), ("rule", rule)) if k in takes}
    got = code.func(**kwargs, **extra)
    if isinstance(got, Puzzle):
        if got.modulus != modulus or got.rule != rule:
            msg = (
                f"family {code.ref!r} returned a puzzle with modulus {got.modulus} and rule "
                f"{got.rule!r} for the row of modulus {modulus} and rule {rule!r}; let it take "
                "'modulus' and 'rule' keywords, or return a networkx graph."
            )
            raise SweepError(msg)
        return got
    if isinstance(got, nx.Graph):
        return Puzzle(got, modulus=modulus, rule=rule)
    msg = f"family {code.ref!r} returned a {type(got).__name__}, not a networkx graph or a Puzzle."
    raise SweepError(msg)
