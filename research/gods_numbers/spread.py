"""The whole programme on a partial spread: a few small spectra and one short row per pattern.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/spread.py 84 --target 10 --seconds 600
    python research/gods_numbers/spread.py 84 --target 10 --symmetry c2 --seconds 600
    python research/gods_numbers/spread.py 84 --target 10 --special --lead --peaks --seconds 600
    python research/gods_numbers/spread.py 84 --target 10 --special --lead --peaks --cubes 1 --jobs 2

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)`` (see
``lightsout_graphs.algorithms.gods``). The 252 quiet columns of 84×84 are exactly the nonzero
vectors of four 6-dimensional subspaces ``S_1, …, S_4`` of ``GF(2)^12`` that meet only in 0 (a
*partial spread*, :func:`partial_spread`). Write ``π_i λ`` for the coordinates of ``λ``
restricted to ``S_i`` (six bits, :func:`coordinates`). Then

    ``F(λ) = f_1(π_1 λ) + f_2(π_2 λ) + f_3(π_3 λ) + f_4(π_4 λ)``,

where ``f_i`` is the spectrum of ``b`` on the 63 columns of ``S_i``, a function on
``GF(2)^6``. The whole programme "``F(λ) ≤ top`` for every ``λ``" is then 4 × 64 values
``f_i(a)`` (one row of 63 terms each) and one row of **four** terms per quiet pattern, in
place of a dense row of 252 terms (``proofs.scip_holds``) or the ``d`` levels of the fast
transform (``proofs.butterfly_holds``). :func:`spread_holds` hands it to CP-SAT:

- by default with the peak translated to ``λ = 0``: ``F(λ) ≤ F(0) ≤ top``, ``F(0) ≥ pin``;
- with ``special=u``, only the residue class ``u`` (``proofs.residue_caps``): ``F(0) = top``
  and every ``F(λ) = cap(λ) − 8 k_λ``, ``k_λ ≥ 0``. The eighth round refutes every other class
  of 84×84 (``residues.py``), so the class ``u* = 2598`` alone decides ``M ≥ 10``;
- with ``orbit``, only the ``b`` constant on the orbits of a symmetry of the square
  (``symmetric.orbits``), and no translation: ``F(λ) ≤ top`` everywhere. Infeasibility then
  proves only that no board with that symmetry reaches the target;
- with both, and ``u`` the class ``u*`` whose caps all stay at ``top`` (``class_zero``): every
  ``F(λ) = top − 8 k_λ``. Translation moves no board out of ``u*`` (its shift is 0), so a
  symmetric ``b`` whose translate to its peak lies in ``u*`` lies there itself, and every value
  keeps the residue of the peak.

Two more restrictions keep one ``b`` of each orbit of the square's symmetries and the
translations, so they lose no board (the tests check both against brute force):

- ``--lead`` (``order``, :func:`leading_order`): the square's eight symmetries permute the
  four subspaces of 84×84 like the corners of a square (:func:`subspace_action`). A board and
  its image have the same spectrum values, and ``f_{σ(i)}(0)`` of the image is ``f_i(0)`` of
  the board, so some image has ``f_0(0) ≥ f_j(0)`` for every ``j``, and ``f_1(0) ≥ f_3(0)``
  (the diagonal reflection that keeps ``S_0`` swaps ``S_1`` and ``S_3``).
- ``--peaks`` (with ``--special --lead``): in ``u*`` every value is ``top`` or at most
  ``top − 8``, so a coset of ``S_i^⊥`` whose mean ``f_i(a)`` exceeds ``top − 8`` holds a peak.
  The largest of all the ``f_i(a)`` is at least the largest ``f_i(0) ≥ top/4``, above
  ``top − 8`` when ``top = 8``: translating to a peak in its coset (which keeps ``u*``) and then
  moving ``S_i`` to ``S_0`` gives a board with ``f_0(0) ≥ f_i(a)`` for **every** ``i`` and
  ``a``, and the reflection that keeps ``S_0`` still orders ``S_1`` and ``S_3``. Any peak on
  the coset ``π_0 λ = 0`` would do as well, so the one with the largest ``f_2(π_2 λ)`` is
  chosen (:func:`tie_subspace`; the reflection keeps ``S_2``): ``f_2(0) ≥ f_2(π_2 λ)`` at those
  peaks.
- ``--cubes D`` (with ``--peaks``) splits the led class by ``f_0(0), …, f_{D−1}(0)``
  (:func:`cubes`) and solves each part alone (``--jobs`` at once, ``--only`` some values of
  ``f_0(0)``); the class is refuted only when every part is.

A ``b`` that CP-SAT finds is checked here by a transform; infeasibility rests on CP-SAT alone.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import itertools
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import proofs

HERE = Path(__file__).resolve().parent


def partial_spread(
    cols: np.ndarray, d: int, tries: int = 5000, seed: int = 0
) -> list[list[int]] | None:
    """Bases of subspaces of dimension ``d/2`` that meet pairwise only in 0 and whose nonzero
    vectors are exactly the columns, or ``None`` when no such cover is found.

    Each try grows a subspace inside the columns greedily, in a random order; the subspaces
    of dimension ``d/2`` found are then combined into a cover.

    Examples
    --------
    >>> partial_spread(np.array([1, 2, 3, 4, 8, 12]), 4)  # two lines of GF(2)^4
    [[1, 2], [4, 8]]
    >>> partial_spread(np.array([1, 2, 3, 4]), 4) is None
    True
    """
    k = d // 2
    colset = {int(c) for c in cols}
    if d % 2 or len(colset) % ((1 << k) - 1):
        return None
    rng = np.random.default_rng(seed)
    found: list[frozenset[int]] = []
    order = sorted(colset)
    for _ in range(tries):
        span = {0}
        for c in rng.permutation(order).tolist():
            new = {s ^ c for s in span}
            if len(span) < 1 << k and c not in span and new <= colset:
                span |= new
        if len(span) == 1 << k and frozenset(span) not in found:
            found.append(frozenset(span))
            cover = _cover(found, frozenset(colset))
            if cover is not None:
                return [_basis_of(s) for s in cover]
    return None


def _cover(spaces: list[frozenset[int]], left: frozenset[int]) -> list[frozenset[int]] | None:
    """Some of ``spaces`` whose nonzero vectors are exactly ``left``, each vector once."""
    if not left:
        return []
    first = min(left)
    for s in spaces:
        if first in s and s - {0} <= left:
            rest = _cover(spaces, left - s)
            if rest is not None:
                return [s, *rest]
    return None


def _basis_of(space: frozenset[int]) -> list[int]:
    basis: list[int] = []
    span = {0}
    for v in sorted(space):
        if v not in span:
            basis.append(v)
            span |= {s ^ v for s in span}
    return basis


def coordinates(bases: list[list[int]], d: int) -> np.ndarray:
    """``π_i λ`` for every ``λ``: bit ``j`` of row ``i`` is ``λ·basis_i[j]``.

    Examples
    --------
    >>> coordinates([[1], [2], [3]], 2).tolist()
    [[0, 1, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]]
    """
    lam = np.arange(1 << d, dtype=np.int64)
    out = np.zeros((len(bases), 1 << d), dtype=np.int64)
    for i, basis in enumerate(bases):
        for j, v in enumerate(basis):
            out[i] |= (np.bitwise_count(lam & int(v)).astype(np.int64) & 1) << j
    return out


def _local(basis: list[int]) -> dict[int, int]:
    """The coordinates of every nonzero vector of ``span(basis)`` in that basis."""
    table = {0: 0}
    for j, v in enumerate(basis):
        table.update({s ^ v: c | (1 << j) for s, c in list(table.items())})
    del table[0]
    return table


def subspace_action(bases: list[list[int]], cols: np.ndarray, image: np.ndarray) -> np.ndarray:
    """``action[k, i]``: the subspace onto which the group map ``image[k]`` (``symmetric.images``)
    carries ``S_i``. Raises ``ValueError`` when a map splits a subspace.

    Examples
    --------
    >>> cols = np.array([1, 2, 3, 4, 8, 12])  # two lines of GF(2)^4, swapped by the second map
    >>> subspace_action([[1, 2], [4, 8]], cols, np.array([[0, 1, 2, 3, 4, 5], [3, 4, 5, 0, 1, 2]]))
    array([[0, 1],
           [1, 0]])
    """
    where = {v: i for i, basis in enumerate(bases) for v in _local(basis)}
    index = {int(v): g for g, v in enumerate(cols.tolist())}
    action = np.zeros((len(image), len(bases)), dtype=np.int64)
    for k, row in enumerate(image.tolist()):
        for i, basis in enumerate(bases):
            got = {where[int(cols[row[index[v]]])] for v in _local(basis)}
            if len(got) != 1:
                raise ValueError(f"map {k} splits subspace {i}")
            action[k, i] = got.pop()
    return action


def leading_order(action: np.ndarray) -> list[tuple[int, int]]:
    """Pairs ``(i, j)``, read ``f_i(0) ≥ f_j(0)``, that some map of the group ``action`` (one row
    per map, the identity among them) brings every ``b`` to: the largest ``f_i(0)`` on subspace 0
    when the group moves 0 to every subspace, then, among the maps that keep 0, the largest of
    the first orbit they move on its least point. A board and its image under a map of the
    group have the same spectrum values, so the pairs lose no ``b`` up to symmetry.

    Examples
    --------
    >>> leading_order(
    ...     np.array(
    ...         [
    ...             [0, 1, 2, 3],
    ...             [1, 2, 3, 0],
    ...             [2, 3, 0, 1],
    ...             [3, 0, 1, 2],
    ...             [0, 3, 2, 1],
    ...             [1, 0, 3, 2],
    ...             [2, 1, 0, 3],
    ...             [3, 2, 1, 0],
    ...         ]
    ...     )
    ... )
    [(0, 1), (0, 2), (0, 3), (1, 3)]
    >>> leading_order(np.array([[0, 1], [0, 1]]))
    []
    """
    s = action.shape[1]
    if set(action[:, 0].tolist()) != set(range(s)):
        return []
    pairs = [(0, j) for j in range(1, s)]
    keep = action[action[:, 0] == 0]
    for j in range(1, s):
        orbit = sorted(set(keep[:, j].tolist()))
        if len(orbit) > 1:
            return pairs + [(j, o) for o in orbit if o != j]
    return pairs


def tie_subspace(action: np.ndarray) -> int | None:
    """The first subspace but ``S_0`` that every map keeping ``S_0`` keeps too, or ``None``.

    After the translation to a peak that puts the largest coset mean at ``f_0(0)``, any other
    peak on the coset ``π_0 λ = 0`` does as well; the one with the largest ``f_j(π_j λ)`` can
    be chosen, and a map that keeps ``S_0`` and ``S_j`` keeps that choice.

    Examples
    --------
    >>> tie_subspace(np.array([[0, 1, 2, 3], [0, 3, 2, 1], [1, 2, 3, 0], [2, 3, 0, 1]]))
    2
    >>> tie_subspace(np.array([[0, 1], [0, 1]]))
    1
    >>> tie_subspace(np.array([[0, 1, 2], [0, 2, 1]])) is None
    True
    """
    keep = action[action[:, 0] == 0]
    fixed = [j for j in range(1, action.shape[1]) if np.all(keep[:, j] == j)]
    return fixed[0] if fixed else None


def cubes(
    top: int, parities: Sequence[int], order: Sequence[tuple[int, int]], depth: int
) -> list[tuple[int, ...]]:
    """The values ``(f_0(0), …, f_{depth−1}(0))`` that a board led by ``order`` with every
    ``f_i(a) ≤ f_0(0)`` (``peaks``) and ``Σ_i f_i(0) = F(0) = top`` can take: a split of the
    programme into parts whose union loses no board. ``parities[i]`` is the parity of
    ``f_i(0)`` (the number of odd groups in ``S_i``, modulo 2).

    Examples
    --------
    >>> cubes(8, [0, 0, 0, 0], [(0, 1), (0, 2), (0, 3), (1, 3)], 1)
    [(2,), (4,), (6,), (8,)]
    >>> len(cubes(8, [0, 0, 0, 0], [(0, 1), (0, 2), (0, 3), (1, 3)], 4))
    84
    >>> cubes(3, [1, 0], [(0, 1)], 2)  # f_0(0) odd, f_1(0) even, f_1(0) ≤ f_0(0)
    [(3, 0)]
    """
    s = len(parities)
    found: set[tuple[int, ...]] = set()
    for lead in range(top, -1, -1):
        if (lead - parities[0]) % 2 or lead * s < top:
            continue
        low = top - (s - 1) * lead
        ranges = [range(low + (low - p) % 2, lead + 1, 2) for p in [int(x) for x in parities[1:]]]
        for rest in itertools.product(*ranges):
            values = (lead, *rest)
            if sum(values) == top and all(values[i] >= values[j] for i, j in order):
                found.add(values[:depth])
    return sorted(found)


def spread_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    bases: list[list[int]],
    seconds: float,
    *,
    pin: int = -(10**6),
    special: int | None = None,
    orbit: np.ndarray | None = None,
    order: Sequence[tuple[int, int]] = (),
    peaks: bool = False,
    tie: int | None = None,
    cube: Sequence[int] = (),
    workers: int = 1,
    solver: str = "cp-sat",
    show: bool = False,
) -> bool | None:
    """Whether ``M ≥ t``, by CP-SAT (or SCIP, ``solver="scip"``) on the model of the partial
    spread ``bases``: ``True`` when the solver proves it infeasible, ``False`` when it finds a
    ``b`` (checked here), ``None`` when undecided. ``special`` and ``orbit`` restrict the ``b``
    tried (module docstring): then ``True`` proves only that no such ``b`` has a peak below
    ``t``.

    ``order`` pairs ``(i, j)`` add ``f_i(0) ≥ f_j(0)``. ``peaks`` (the class ``u*`` only, led
    by ``S_0``, ``top/s > top − 8``) adds ``f_i(a) ≤ f_0(0)`` for every ``i`` and ``a``.
    ``tie`` (with ``peaks``) adds ``f_tie(0) ≥ f_tie(π_tie λ)`` at every peak on the coset
    ``π_0 λ = 0``. They keep a board of every orbit when the pairs come from
    :func:`leading_order` and ``tie`` from :func:`tie_subspace`. ``cube`` fixes
    ``f_0(0), f_1(0), …`` to its values (one part of :func:`cubes`). ``show`` prints the
    solver's log (SCIP's estimate of the tree it has searched)."""
    from ortools.sat.python import cp_model

    odd = int((sizes % 2).sum())
    top = proofs.parity_ceiling(t, odd) - 2
    if top < pin:
        return True
    caps = None
    if special is not None:
        if pin < top:
            raise ValueError("a residue class needs the peak proven to be top (pin = top)")
        caps = proofs.residue_caps(proofs.odd_weights(cols, sizes, d), top, special)
        if orbit is not None and np.any(caps != top):
            # without a translation, only the class every cap keeps stays put
            raise ValueError("a symmetric b can be held only to the class every cap keeps")
    if tie is not None and not peaks:
        raise ValueError("tie needs peaks")
    if peaks:
        led = all((0, j) in order for j in range(1, len(bases)))
        if caps is None or orbit is not None or np.any(caps != top) or not led:
            raise ValueError("peaks needs the class u*, translated, led by subspace 0")
        if top <= len(bases) * (top - 8):
            raise ValueError("peaks needs top/s > top - 8 (a coset mean above top - 8)")
    model: Any = cp_model.CpModel() if solver == "cp-sat" else _Scip()
    y, par = proofs.halves(model, sizes, top)
    if y is None:
        return True
    if orbit is not None:
        for g, o in enumerate(orbit.tolist()):
            first = int(np.flatnonzero(orbit == o)[0])
            if first != g:
                model.add(y[g] == y[first])
    b = {int(v): 2 * y[g] + int(par[g]) for g, v in enumerate(cols.tolist())}
    reach = int(np.minimum(sizes, top).sum()) + 1
    f = []
    for basis in bases:
        local = _local(basis)
        spectrum = []
        for a in range(1 << len(basis)):
            var = model.new_int_var(-reach, reach, "")
            terms = [b[v] * (1 - 2 * ((a & c).bit_count() & 1)) for v, c in local.items()]
            model.add(var == sum(terms))
            spectrum.append(var)
        f.append(spectrum)
    for i, j in order:
        model.add(f[i][0] >= f[j][0])
    for i, value in enumerate(cube):
        model.add(f[i][0] == int(value))
    proj = coordinates(bases, d)
    level = [sum(f[i][int(proj[i, lam])] for i in range(len(bases))) for lam in range(1 << d)]
    if caps is not None:
        # F(0) = top where the peak was translated; a symmetric b keeps top's residue anywhere
        if orbit is None:
            model.add(level[0] == top)
        drop: list[Any] = [0] * (1 << d)
        for lam in range(0 if orbit is not None else 1, 1 << d):
            drop[lam] = model.new_int_var(0, (top + reach) // 8 + 1, "")  # F(λ) ≥ −reach
            model.add(level[lam] == int(caps[lam]) - 8 * drop[lam])
        # implied: f_i(a) is the mean of F over the coset π_i λ = a (each other f_j has mean 0
        # there), so the drops on a coset add up to (Σ caps − 2^(d − k) f_i(a))/8
        for i, basis in enumerate(bases):
            for a in range(1 << len(basis)):
                coset = np.flatnonzero(proj[i] == a).tolist()
                total = sum(int(caps[lam]) for lam in coset)
                ks = sum(drop[lam] for lam in coset)
                model.add(8 * ks == total - len(coset) * f[i][a])
        if peaks:
            # every f_i(a) is at most f_0(0) (the module's docstring, --peaks)
            for i in range(len(bases)):
                for value in f[i]:
                    model.add(value <= f[0][0])
            if tie is not None:
                # among the peaks λ on the coset π_0 λ = 0, one with the largest f_tie(π_tie λ)
                # (f_tie ≤ f_0(0) ≤ top and f_tie(0) ≥ top − (s − 1) top bound the slack)
                reach_tie = (len(bases) - 1) * top
                for lam in range(1, 1 << d):
                    if proj[0, lam] == 0:
                        value = f[tie][int(proj[tie, lam])]
                        model.add(value <= f[tie][0] + reach_tie * drop[lam])
    elif orbit is not None:
        for value in level:
            model.add(value <= top)
    else:
        peak = model.new_int_var(max(pin, -reach), top, "")
        model.add(level[0] == peak)
        for value in level[1:]:
            model.add(value <= peak)
    if isinstance(model, _Scip):
        got, values = model.solve(seconds, y, show)
    else:
        engine = cp_model.CpSolver()
        engine.parameters.max_time_in_seconds = seconds
        engine.parameters.num_workers = workers
        engine.parameters.log_search_progress = show
        status = engine.solve(model)
        got = (
            True
            if status == cp_model.INFEASIBLE
            else False
            if status in (cp_model.FEASIBLE, cp_model.OPTIMAL)
            else None
        )
        values = [engine.value(v) for v in y] if got is False else []
    if got is False:
        found = 2 * np.array(values, dtype=np.int64) + par
        assert proofs.spectrum(cols, found, d).max() <= top
    return got


class _Scip:
    """SCIP (``pyscipopt``) behind the two CP-SAT calls the model uses."""

    def __init__(self) -> None:
        from pyscipopt import Model

        self.model = Model()

    def new_int_var(self, low: int, high: int, name: str) -> Any:
        return self.model.addVar(name=name, vtype="I", lb=low, ub=high)

    def add(self, constraint: Any) -> None:
        self.model.addCons(constraint)

    def solve(self, seconds: float, y: list, show: bool) -> tuple[bool | None, list[int]]:
        if not show:
            self.model.hideOutput()
        self.model.setParam("limits/time", float(seconds))
        self.model.optimize()
        status = self.model.getStatus()
        if status == "infeasible":
            return True, []
        if self.model.getNSols() > 0:
            return False, [round(self.model.getVal(v)) for v in y]
        return None, []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--target", type=int, required=True, help="the bound M >= t sought")
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--solver", choices=["cp-sat", "scip"], default="cp-sat")
    parser.add_argument("--log", action="store_true", help="print the solver's log")
    parser.add_argument("--symmetry", help="only boards with this symmetry (symmetric.py's names)")
    parser.add_argument(
        "--special", action="store_true", help="only the residue class every cap keeps"
    )
    parser.add_argument(
        "--lead",
        action="store_true",
        help="only the b that the square's symmetries bring to leading_order (every b, up to them)",
    )
    parser.add_argument(
        "--peaks",
        action="store_true",
        help="with --special --lead: every f_i(a) at most f_0(0) (a translation to a peak)",
    )
    parser.add_argument(
        "--cubes",
        type=int,
        default=0,
        help="with --peaks: split by the first CUBES values f_i(0), each part on its own",
    )
    parser.add_argument("--jobs", type=int, default=1, help="parts solved at once (--cubes)")
    parser.add_argument(
        "--only", type=int, nargs="*", help="with --cubes: only the parts with these f_0(0)"
    )
    args = parser.parse_args()
    if args.peaks and not (args.lead and args.special):
        parser.error("--peaks needs --special --lead")
    if (args.cubes or args.only is not None) and not args.peaks:
        parser.error("--cubes and --only need --special --lead --peaks")
    if args.only is not None and not args.cubes:
        parser.error("--only needs --cubes")
    n, t = args.n, args.target
    cert = {int(c["n"]): c for c in json.loads((HERE / "certificates.json").read_text())}[n]
    orbit = special = None
    order: list[tuple[int, int]] = []
    if args.lead:
        from symmetric import images

        if args.symmetry:
            parser.error("--lead is for every b, not with --symmetry")
        cols, sizes, d, _, image = images(n)
    elif args.symmetry:
        from symmetric import orbits

        cols, sizes, d, _, orbit = orbits(n, args.symmetry)
    else:
        quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.uint8)
        cols, sizes, _ = proofs.grouped(quiet.reshape(-1, n * n))
        d = quiet.shape[0]
    bases = partial_spread(cols, d)
    if bases is None:
        raise SystemExit(f"the quiet columns of {n}×{n} are not a partial spread")
    tie = None
    if args.lead:
        action = subspace_action(bases, cols, image)
        order = leading_order(action)
        tie = tie_subspace(action) if args.peaks else None
    if args.special:
        from class_zero import special_class

        special = special_class(cols, sizes, d)
        if special is None:
            raise SystemExit("no class keeps every cap")
    pin = int(cert["upper_certificate"]["spectrum_bound"])
    parts = [f"symmetry {args.symmetry}"] if orbit is not None else []
    parts += [f"class {special}"] if special is not None else []
    parts += [f"led by {order}"] if order else []
    parts += ["at its largest peak"] if args.peaks else []
    parts += [f"ties by S_{tie}"] if tie is not None else []
    scope = ", ".join(parts) or "every b"
    scope += f", {args.solver}"
    head = f"{n}×{n}, {len(bases)} subspaces of dimension {d // 2}, M >= {t} ({scope}, "
    head += f"peak at least {pin})"
    split: list[tuple[int, ...]] = [()]
    if args.cubes:
        top = proofs.parity_ceiling(t, int((sizes % 2).sum())) - 2
        where = {v: i for i, basis in enumerate(bases) for v in _local(basis)}
        parities = [0] * len(bases)
        for v, c in zip(cols.tolist(), sizes.tolist(), strict=True):
            parities[where[int(v)]] ^= int(c) % 2
        split = every = cubes(top, parities, order, args.cubes)
        if args.only is not None:
            split = [cube for cube in every if cube[0] in args.only]
        print(f"{head}: {len(split)} parts, f_0(0), f_1(0), … fixed to each", flush=True)
    what = {True: "no b", False: "a b is found", None: "undecided"}
    job = functools.partial(
        _part,
        (cols, sizes, d, t, bases, args.seconds),
        {
            "pin": pin,
            "special": special,
            "orbit": orbit,
            "order": order,
            "peaks": args.peaks,
            "tie": tie,
            "workers": args.workers,
            "solver": args.solver,
            "show": args.log,
        },
    )
    results = []
    with concurrent.futures.ProcessPoolExecutor(max(1, args.jobs)) as pool:
        # one part runs here, so the script also runs when it is loaded under another name
        answers = pool.map(job, split) if args.jobs > 1 else map(job, split)
        for cube, (got, seconds) in zip(split, answers, strict=True):
            results.append(got)
            where_ = f" part {list(cube)}" if cube else ""
            print(f"{head}{where_}: {what[got]} ({seconds:.0f} s)", flush=True)
    if args.cubes:
        refuted = sum(got is True for got in results)
        found = any(got is False for got in results)
        verdict = "a b is found" if found else "no b" if refuted == len(every) else "undecided"
        print(f"{head}: {verdict} ({refuted} of {len(every)} parts refuted)")


def _part(args: tuple, kwargs: dict, cube: tuple[int, ...]) -> tuple[bool | None, float]:
    start = time.monotonic()
    got = spread_holds(*args, cube=cube, **kwargs)
    return got, time.monotonic() - start


if __name__ == "__main__":
    main()
