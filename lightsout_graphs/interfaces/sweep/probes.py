"""How big a family's graph will be before it is built, and building it under a time limit.

A spec's parameters are untrusted numbers: ``family = "networkx:complete_graph"`` with
``n = 100000`` asks for five billion edges. Before a networkx generator is called,
:func:`estimate` gives the number of nodes and edges it would build from its parameters
(``n`` nodes and ``n(n-1)/2`` edges for a complete graph, ``2**n`` nodes for a hypercube, ...)
and :func:`check_size` refuses a graph past :data:`MAX_GRAPH_SIZE` nodes and edges or the
memory budget. Generators it does not know are estimated from an ``n`` parameter (at least
``n`` nodes), and :func:`time_limit` bounds the spec check's calls of any family constructor
(:data:`PROBE_SECONDS` in all), so no constructor hangs a spec check.
"""

from __future__ import annotations

import contextlib
import inspect
import math
import signal
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.lifetime import threading_main

__all__ = ["MAX_GRAPH_SIZE", "PROBE_SECONDS", "ProbeTimeout"]

#: The most nodes plus edges a sweep builds for one puzzle from a networkx generator (a
#: networkx graph of this size takes about 2 GB and tens of seconds to build).
MAX_GRAPH_SIZE = 10_000_000
#: Bytes of a networkx graph per node and per edge (measured: about 280 and 160).
_BYTES_PER_NODE, _BYTES_PER_EDGE = 300, 200
#: Seconds the spec check may spend building its trial puzzles, in all.
PROBE_SECONDS = 20.0


class ProbeTimeout(BaseException):
    """A family constructor ran past the time limit of the spec check.

    A ``BaseException``, as ``KeyboardInterrupt`` is, so that no ``except Exception`` of the
    constructor's own code swallows it.

    Examples
    --------
    >>> issubclass(ProbeTimeout, Exception), issubclass(ProbeTimeout, BaseException)
    (False, True)
    """


def _count(value: object) -> int | None:
    """A node count given as an int or as a container of nodes (as networkx takes them)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return max(value, 0)
    if isinstance(value, list | tuple | str | range):
        return len(value)
    return None


def _ints(args: Mapping[str, Any], *names: str) -> list[int] | None:
    out = []
    for name in names:
        got = _count(args.get(name))
        if got is None:
            return None
        out.append(got)
    return out


def _prod(values: object) -> int | None:
    if not isinstance(values, list | tuple):
        return None
    sizes = [_count(v) for v in values]
    if any(s is None for s in sizes):
        return None
    return math.prod(s for s in sizes if s is not None)


def _power(base: int, exponent: int) -> int:
    """``base ** exponent``, capped far past any budget (the exponent can be huge)."""
    if base <= 1:
        return max(base, 0)
    if exponent * math.log2(base) > 256:
        return 1 << 256
    return int(base**exponent)


def _kneser(n: int, k: int) -> tuple[int, int]:
    if n > 10_000:
        return 1 << 256, 1 << 256
    nodes = math.comb(n, k) if 0 <= k <= n else 0
    return nodes, nodes * math.comb(max(n - k, 0), k) // 2


def _names(names: str, params: tuple[str, ...], size: Callable[..., Any]) -> dict[str, Any]:
    return dict.fromkeys(names.split(), (params, size))


#: Generator name -> (its count parameters, their nodes and edges). The G(n, p) generators
#: look at every pair: their work is n^2.
_SIZES: dict[str, tuple[tuple[str, ...], Callable[..., Any]]] = {
    **_names(
        "complete_graph turan_graph random_geometric_graph soft_random_geometric_graph "
        "gnp_random_graph erdos_renyi_graph binomial_graph dense_gnm_random_graph",
        ("n",),
        lambda n: (n, n * (n - 1) // 2),
    ),
    **_names("empty_graph random_powerlaw_tree full_rary_tree", ("n",), lambda n: (n, n)),
    **_names(
        "path_graph cycle_graph star_graph trivial_graph fast_gnp_random_graph",
        ("n",),
        lambda n: (n + 1, n + 1),
    ),
    **_names(
        "wheel_graph ladder_graph circular_ladder_graph prism_graph",
        ("n",),
        lambda n: (2 * n, 3 * n),
    ),
    "gnm_random_graph": (("n", "m"), lambda n, m: (n, min(m, n * n))),
    "complete_bipartite_graph": (("n1", "n2"), lambda a, b: (a + b, a * b)),
    "barbell_graph": (("m1", "m2"), lambda a, b: (2 * a + b, a * a + b)),
    **_names("lollipop_graph tadpole_graph", ("m", "n"), lambda a, b: (a + b, a * a + b)),
    **_names(
        "grid_2d_graph triangular_lattice_graph hexagonal_lattice_graph",
        ("m", "n"),
        lambda a, b: (2 * (a + 1) * (b + 1), 6 * (a + 1) * (b + 1)),
    ),
    "hypercube_graph": (("n",), lambda n: (_power(2, n), n * _power(2, n))),
    "binomial_tree": (("n",), lambda n: (_power(2, n),) * 2),
    "dorogovtsev_goltsev_mendes_graph": (("n",), lambda n: (_power(3, n),) * 2),
    "balanced_tree": (("r", "h"), lambda r, h: (_power(max(r, 2), h + 1),) * 2),
    "kneser_graph": (("n", "k"), _kneser),
    "random_regular_graph": (("d", "n"), lambda d, n: (n, d * n)),
}


def _nodes_edges(name: str, a: Mapping[str, Any]) -> tuple[int, int] | None:
    """Nodes and edges of the networkx generator ``name`` with arguments ``a`` (None: unknown)."""
    if name in _SIZES:
        params, sizes = _SIZES[name]
        got = _ints(a, *params)
        return None if got is None else sizes(*got)
    one = _ints(a, "n")
    if name == "circulant_graph":
        offsets = a.get("offsets")
        k = len(offsets) if isinstance(offsets, list | tuple) else None
        return None if one is None or k is None else (one[0], one[0] * k)
    if name == "grid_graph":
        dim = a.get("dim")
        size = _prod(dim)
        return None if size is None else (size, size * max(1, len(dim)))  # type: ignore[arg-type]
    # Watts-Strogatz, Barabasi-Albert, power-law cluster
    if name.startswith(
        ("watts_strogatz", "newman_watts", "connected_watts", "barabasi", "powerlaw")
    ):
        for pair in (("n", "k"), ("n", "m")):
            got = _ints(a, *pair)
            if got is not None:
                return got[0], got[0] * got[1]
    return None


def estimate(func: Callable[..., Any], kwargs: Mapping[str, Any]) -> tuple[int, int] | None:
    """The nodes and edges a networkx generator would build from ``kwargs`` (None: unknown).

    The estimate is an upper bound of the work for the generators it knows (for the
    :math:`G(n, p)` generators, which look at every pair, the work is ``n(n-1)/2`` pairs).
    Another generator with an int parameter ``n`` has at least ``n`` nodes (no edge counted).

    Parameters
    ----------
    func : callable
        The generator.
    kwargs : mapping
        Its keyword arguments, as a spec gives them (defaults are filled in).

    Returns
    -------
    (int, int) or None
    """
    try:
        bound = inspect.signature(func).bind_partial(**kwargs)
        bound.apply_defaults()
        args: Mapping[str, Any] = bound.arguments
    except (TypeError, ValueError):
        args = kwargs
    name = str(getattr(func, "__name__", ""))
    got = _nodes_edges(name, args)
    if got is not None:
        return got
    n = _count(args.get("n"))
    return None if n is None else (n, 0)


def check_size(ref: str, func: Callable[..., Any], kwargs: Mapping[str, Any]) -> None:
    """Refuse a networkx generator call whose graph would be too big to build.

    The limit is :data:`MAX_GRAPH_SIZE` nodes plus edges, and the memory budget
    (:func:`lightsout_graphs.core.zk.set_memory_budget`) at about 300 bytes a node and 200 an edge.

    Parameters
    ----------
    ref : str
        The family's reference, for the message.
    func : callable
        The generator.
    kwargs : mapping
        Its parameters.

    Raises
    ------
    SweepSpecError
        The estimate is over the limit; the message names the family, the parameters and
        the estimate.
    """
    got = estimate(func, kwargs)
    if got is None:
        return
    from lightsout_graphs.core.zk import memory_budget

    nodes, edges = got
    budget = memory_budget()
    over_bytes = nodes * _BYTES_PER_NODE + edges * _BYTES_PER_EDGE > budget
    if nodes + edges > MAX_GRAPH_SIZE or over_bytes:
        names = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        shown = [str(x) if x < 1 << 200 else "more than 10**60" for x in got]
        msg = (
            f"family {ref!r} with {names} would build about {shown[0]} nodes and {shown[1]} "
            f"edges, more than a sweep builds ({MAX_GRAPH_SIZE} nodes and edges, and a memory "
            f"budget of {budget} bytes at about {_BYTES_PER_NODE} a node and "
            f"{_BYTES_PER_EDGE} an edge)."
        )
        raise SweepSpecError(msg)


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`ProbeTimeout` in the block when it runs past ``seconds``.

    The alarm (``SIGALRM``) interrupts Python code such as a networkx generator between two
    bytecodes. It is set only in the main thread of a process with ``setitimer``, and an
    alarm already pending there keeps its time; elsewhere the block runs without a limit.
    """
    usable = hasattr(signal, "setitimer") and threading_main()
    if not usable or seconds <= 0:
        if seconds <= 0:
            raise ProbeTimeout
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise ProbeTimeout

    start = time.monotonic()
    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    old_delay, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    if 0 < old_delay < seconds:  # someone's earlier alarm comes first: keep it
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        signal.setitimer(signal.ITIMER_REAL, old_delay)
        yield
        return
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_delay > 0:
            signal.setitimer(signal.ITIMER_REAL, max(old_delay - (time.monotonic() - start), 1e-3))
