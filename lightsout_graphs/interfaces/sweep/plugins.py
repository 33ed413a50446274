"""Families and metrics from your own code: ``"module:function"`` references and callables.

A sweep spec may name a family or a metric by a reference ``"module.path:function"`` (for
example ``"networkx:circulant_graph"`` or ``"mypackage.metrics:my_metric"``), and in Python by
the callable itself. Importing a module runs its code, so a reference to a module outside
``lightsout_graphs`` and ``networkx`` is refused unless the caller allows imports
(``allow_imports=True``, ``--allow-imports``): a spec file received from someone else cannot run
code on your machine by surprise.

Every resolved callable is recorded in the manifest with :func:`fingerprint` (its reference,
module, the version of the distribution it comes from and a SHA-256 of its source), so a result
folder is never resumed with different code.

A family callable returns a networkx graph (made a puzzle with the spec's rule and modulus) or a
:class:`~lightsout_graphs.Puzzle`; it receives ``modulus`` and ``rule`` when it takes them.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lightsout_graphs.core.errors import SweepError, SweepSpecError
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = [
    "TRUSTED_MODULES",
    "CodeRef",
    "build_family_puzzle",
    "family_keywords",
    "fingerprint",
    "resolve",
]

#: Top-level packages a spec may import from without ``allow_imports``.
TRUSTED_MODULES = ("lightsout_graphs", "networkx")
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
        Whether a module outside :data:`TRUSTED_MODULES` may be imported.

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
    >>> resolve("os:getcwd", "family", allow_imports=False)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.SweepSpecError: Sweep spec key 'family': 'os:getcwd' imports ...
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
    if top not in TRUSTED_MODULES and not allow_imports:
        msg = (
            f"Sweep spec key {key!r}: {value!r} imports module {module_name!r}, which runs its "
            f"code; pass --allow-imports (allow_imports=True in Python) to allow it."
        )
        raise SweepSpecError(msg)
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
        if not allow_imports and not _trusted(obj):
            # A trusted module's attributes lead to other modules (its imports) too: a path
            # through them must not reach, say, importlib.import_module without permission.
            msg = (
                f"Sweep spec key {key!r}: {value!r} leads outside lightsout_graphs and networkx "
                "(to code of another module); pass --allow-imports (allow_imports=True in "
                "Python) to allow it."
            )
            raise SweepSpecError(msg)
    if not callable(obj):
        msg = f"Sweep spec key {key!r}: {value!r} is a {type(obj).__name__}, not a callable."
        raise SweepSpecError(msg)
    return CodeRef(value, obj)


def _trusted(obj: Any) -> bool:
    """Whether ``obj`` is a module, class or function of a trusted package (or plain data)."""
    import types

    if isinstance(obj, types.ModuleType):
        name = obj.__name__
    elif callable(obj) or isinstance(obj, type):
        name = getattr(obj, "__module__", None) or type(obj).__module__
    else:
        return True
    return name.split(".")[0] in TRUSTED_MODULES


def _version(module_name: str) -> str | None:
    top = module_name.split(".")[0]
    module = sys.modules.get(top)
    version = getattr(module, "__version__", None)
    if isinstance(version, str):
        return version
    try:
        from importlib.metadata import packages_distributions
        from importlib.metadata import version as dist_version

        dists = packages_distributions().get(top)
        return dist_version(dists[0]) if dists else None
    except (ImportError, LookupError, OSError, ValueError):  # no version is recorded then
        return None


def fingerprint(code: CodeRef) -> dict[str, Any]:
    """What the manifest records of a callable: reference, module, version, source hash.

    ``sha256`` is the hash of the callable's source text (None when Python cannot read it,
    as for builtins); ``version`` that of the module's top-level package (None when unknown).

    Examples
    --------
    >>> f = fingerprint(resolve("networkx:cycle_graph", "family"))
    >>> f["module"], f["version"] == __import__("networkx").__version__, len(f["sha256"])
    ('networkx.generators.classic', True, 64)
    """
    func = code.func
    module = getattr(func, "__module__", None) or type(func).__module__
    try:
        source = inspect.getsource(func if inspect.isroutine(func) else type(func))
        digest: str | None = hashlib.sha256(source.encode("utf-8")).hexdigest()
    except (OSError, TypeError):
        digest = None
    return {"ref": code.ref, "module": module, "version": _version(module), "sha256": digest}


def family_keywords(func: Callable[..., Any]) -> tuple[tuple[str, ...], bool]:
    """The keyword names a family callable takes, and whether it takes any (``**kwargs``).

    networkx's dispatch keywords (``backend``, ``backend_kwargs``) are left out.

    Examples
    --------
    >>> import networkx as nx
    >>> family_keywords(nx.circulant_graph)
    (('n', 'offsets', 'create_using'), False)
    """
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return (), True
    names, anything = [], False
    for p in sig.parameters.values():
        if p.name in _DISPATCH:
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
