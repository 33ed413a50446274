"""Hard boards by a threshold local search over the group counts (lower bounds on God's number).

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/search.py 19 --seconds 600 --seed 1

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)``, ``F`` the Walsh spectrum of
``b`` on the quiet-group columns, ``b_g ≡ c_g (mod 2)``, ``|b_g| ≤ c_g`` (see
``lightsout_graphs.algorithms.gods``). Any ``b`` proves ``God's number ≥ (C + c_0 − max F)/2``: the board
of presses ``a_g = (c_g − b_g)/2`` per group needs exactly that many presses.

The search fixes a target ``T`` and minimises the excess ``Σ_λ max(0, F(λ) − T)/2`` (a
WalkSAT-like walk: pick a ``λ`` above the target, move the ``b_g`` that lowers it and costs
least on the values of ``F`` at or above ``T``, with a tabu tenure and some noise); when the
excess reaches 0 the spectrum peak is at most ``T`` and the target drops by 2. The inner loop is
compiled with numba. The best board is replayed by ``lo.solve(board, minimize=True)`` (the
grouped coset search over all ``2**d`` quiet patterns) and merged into ``certificates.json``
when it is better than the stored one.
"""

# ruff: noqa: NPY002  (numba compiles the legacy np.random functions only)
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numba
import numpy as np

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import quiet_groups, walsh_spectrum

HERE = Path(__file__).resolve().parent


@numba.njit(inline="always")
def _sign(signs: np.ndarray, cols: np.ndarray, g: int, lam: int) -> int:
    """``(−1)^{λ·v_g}``: from the table ``signs`` when it has a column per ``λ``, else computed."""
    if signs.shape[1] > 1:
        return signs[g, lam]
    x = lam & cols[g]
    x ^= x >> 32
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return 1 - 2 * (x & 1)


@numba.njit
def _walk(
    signs: np.ndarray,
    cols: np.ndarray,
    hi: np.ndarray,
    b: np.ndarray,
    f: np.ndarray,
    target: int,
    steps: int,
    seed: int,
    noise: float,
    tenure: int,
) -> tuple[np.ndarray, int]:
    """Walk for ``steps`` moves; returns the best ``b`` and its peak."""
    np.random.seed(seed)
    g_count, size = len(cols), len(f)
    best_b = b.copy()
    best_top = f.max()
    tabu = np.zeros(g_count, dtype=np.int64)
    hot = np.empty(size, dtype=np.int64)
    bad = np.empty(size, dtype=np.int64)
    n_hot = 0
    n_bad = 0
    cost = 0
    for lam in range(size):
        if f[lam] >= target:
            hot[n_hot] = lam
            n_hot += 1
            if f[lam] > target:
                bad[n_bad] = lam
                n_bad += 1
                cost += (f[lam] - target) // 2
    best_cost = cost
    for step in range(steps):
        if n_bad == 0:
            best_b[:] = b
            best_top = f.max()
            target = best_top - 2
            n_hot = 0
            n_bad = 0
            cost = 0
            for lam in range(size):
                if f[lam] >= target:
                    hot[n_hot] = lam
                    n_hot += 1
                    if f[lam] > target:
                        bad[n_bad] = lam
                        n_bad += 1
                        cost += (f[lam] - target) // 2
            best_cost = cost
            continue
        lam0 = bad[np.random.randint(n_bad)]
        pick = -1
        pick_delta = 1 << 60
        random_move = np.random.random() < noise
        count = 0
        for g in range(g_count):
            s = _sign(signs, cols, g, lam0)
            new_b = b[g] - 2 * s
            if new_b > hi[g] or new_b < -hi[g]:
                continue
            if random_move:
                count += 1
                if np.random.randint(count) == 0:
                    pick = g
                continue
            delta = 0
            ds = -2 * s
            for i in range(n_hot):
                lam = hot[i]
                old = f[lam]
                new = old + ds * _sign(signs, cols, g, lam)
                if old > target:
                    delta -= (old - target) // 2
                if new > target:
                    delta += (new - target) // 2
            if tabu[g] > step and cost + delta >= best_cost:
                continue
            if delta < pick_delta or (delta == pick_delta and np.random.random() < 0.5):
                pick_delta = delta
                pick = g
        if pick < 0:
            continue
        ds = -2 * _sign(signs, cols, pick, lam0)
        b[pick] += ds
        tabu[pick] = step + tenure + np.random.randint(tenure + 1)
        n_hot = 0
        n_bad = 0
        cost = 0
        for lam in range(size):
            f[lam] += ds * _sign(signs, cols, pick, lam)
            if f[lam] >= target:
                hot[n_hot] = lam
                n_hot += 1
                if f[lam] > target:
                    bad[n_bad] = lam
                    n_bad += 1
                    cost += (f[lam] - target) // 2
        best_cost = min(best_cost, cost)
    if n_bad == 0 and f.max() < best_top:
        best_b[:] = b
        best_top = f.max()
    return best_b, best_top


def search(
    n: int, seconds: float, seed: int, start: np.ndarray | None = None, steps: int = 200_000
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, int, int]:
    """The lowest peak found for the n×n board, its ``b``, columns, sizes, zero and ``d``."""
    groups = quiet_groups(lo.grid(n, n))
    cols, sizes, zero = groups.binary_code()
    d = groups.dimension
    lam = np.arange(1 << d, dtype=np.int64)
    if len(cols) << d <= 1 << 26:  # a table of the signs (at most 256 MiB)
        signs = np.stack(
            [1 - 2 * (np.bitwise_count(lam & int(v)) & 1).astype(np.int32) for v in cols]
        ).astype(np.int32)
    else:
        signs = np.ones((1, 1), dtype=np.int32)
    rng = np.random.default_rng(seed)
    parity = sizes % 2
    hi = sizes.astype(np.int64)
    best_top, best_b = None, None
    until = time.monotonic() + seconds
    rounds = 0
    while time.monotonic() < until:
        if start is not None and rounds == 0:
            b = start.astype(np.int64).copy()
        elif best_b is not None and rng.random() < 0.7:  # perturb the best
            b = best_b.copy()
            kick = rng.choice(len(b), max(1, len(b) // 20), replace=False)
            b[kick] = np.where(rng.random(len(kick)) < 0.5, parity[kick], -parity[kick])
        else:
            b = np.where(rng.random(len(sizes)) < 0.5, parity, -parity).astype(np.int64)
        f = walsh_spectrum(cols, b, d).astype(np.int64)
        target = int(f.max()) - 2 if best_top is None else best_top - 2
        b, top = _walk(
            signs,
            cols.astype(np.int64),
            hi,
            b,
            f,
            target,
            steps,
            int(rng.integers(1 << 30)),
            0.05,
            max(3, len(cols) // 20),
        )
        top = int(walsh_spectrum(cols, b, d).max())
        rounds += 1
        if best_top is None or top < best_top:
            best_top, best_b = top, b.copy()
            print(f"round {rounds}: M <= {top}", flush=True)
    assert best_b is not None and best_top is not None
    return best_top, best_b, cols, sizes, zero, d


def board_of(n: int, cols: np.ndarray, sizes: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Presses ``x`` with ``a_g = (c_g − b_g)/2`` pressed lights in each group (and every
    light of the zero group)."""
    groups = quiet_groups(lo.grid(n, n))
    column = groups.masks()[groups.member]
    x = (column == 0).astype(np.int64)
    for g, a in enumerate(((sizes - b) // 2).tolist()):
        x[np.flatnonzero(column == cols[g])[: int(a)]] = 1
    return x


def b_of_stored(source: int, n: int) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, int]:
    """The ``b`` of ``source``'s stored board (``certificates.json``) as a ``b`` of the n×n
    board, with its peak, the n×n columns, sizes and zero count. The two must have the same
    quiet columns with the same parities, and each ``|b_g|`` must fit the n×n group; a board
    of n×n then needs ``(C + c_0 − M)/2`` presses with the same peak ``M``."""
    certs = {int(c["n"]): c for c in json.loads((HERE / "certificates.json").read_text())}
    if source not in certs:
        raise ValueError(f"--board-of {source}: no stored board of that size")
    groups = quiet_groups(lo.grid(source, source))
    cols, sizes, _ = groups.binary_code()
    target = quiet_groups(lo.grid(n, n))
    to_cols, to_sizes, zero = target.binary_code()
    if not (np.array_equal(cols, to_cols) and np.array_equal(sizes % 2, to_sizes % 2)):
        raise ValueError(f"--board-of {source}: its quiet columns or parities are not {n}×{n}'s")
    x = np.array([int(ch) for ch in certs[source]["presses"].replace("/", "")], dtype=np.int64)
    column = groups.masks()[groups.member]
    pressed = np.array([int(x[column == c].sum()) for c in cols.tolist()], dtype=np.int64)
    b = sizes.astype(np.int64) - 2 * pressed
    if np.any(np.abs(b) > to_sizes):
        raise ValueError(f"--board-of {source}: its b does not fit the groups of {n}×{n}")
    top = int(walsh_spectrum(to_cols, b, target.dimension).max())
    return top, b, to_cols, to_sizes, zero


def rows(values: np.ndarray, n: int, on: str, off: str) -> str:
    grid = values.reshape(n, n)
    return "/".join("".join(on if v else off for v in row) for row in grid)


def replay(n: int, x: np.ndarray, lower: int, time_limit: float) -> tuple[np.ndarray, str]:
    """The board of presses ``x`` and how ``lo.solve(minimize=True)`` proved that it needs
    exactly ``lower`` presses (an AssertionError if it needs another number)."""
    p = lo.grid(n, n)
    board = p.apply_vector(np.zeros(n * n, dtype=np.int64), x) % 2
    sol = lo.solve(p, p.as_dict(board), minimize=True, time_limit=time_limit)
    assert sol.optimal and sol.num_presses == lower, (n, sol.num_presses, lower)
    return board, str(sol.proof)


def store(n: int, x: np.ndarray, lower: int, note: str, time_limit: float = 600.0) -> bool:
    """Replay the board of presses ``x`` by ``lo.solve(minimize=True)`` and merge it into
    ``certificates.json`` when it needs more presses than the stored witness."""
    board, proof = replay(n, x, lower, time_limit)
    path = HERE / "certificates.json"
    certs = json.loads(path.read_text())
    for cert in certs:
        if int(cert["n"]) == n and int(cert["lower"]) < lower:
            cert.update(
                lower=lower,
                replayed_by=proof,
                board=rows(board, n, "*", "."),
                presses=rows(x, n, "1", "0"),
                lower_argument=note,
            )
            path.write_text(json.dumps(certs, indent=1) + "\n")
            print(f"n={n}: stored a board needing {lower} presses ({proof})", flush=True)
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=200_000, help="moves per walk")
    parser.add_argument("--out", type=Path, default=None, help="JSON file for the best b")
    parser.add_argument("--store", action="store_true", help="replay, merge into certificates")
    parser.add_argument(
        "--from", dest="start", type=Path, default=None, help="JSON of a b to store"
    )
    parser.add_argument(
        "--board-of",
        type=int,
        default=None,
        help="take the b of that size's stored board (the same quiet columns and parities)",
    )
    args = parser.parse_args()
    if args.board_of is not None:
        try:
            top, b, cols, sizes, zero = b_of_stored(args.board_of, args.n)
        except ValueError as error:
            parser.error(str(error))
    elif args.start is not None:  # store a b found earlier
        groups = quiet_groups(lo.grid(args.n, args.n))
        cols, sizes, zero = groups.binary_code()
        b = np.array(json.loads(args.start.read_text())["b"], dtype=np.int64)
        top = int(walsh_spectrum(cols, b, groups.dimension).max())
    else:
        top, b, cols, sizes, zero, _ = search(args.n, args.seconds, args.seed, steps=args.steps)
    total = int(sizes.sum()) + 2 * int(zero)
    print(json.dumps({"n": args.n, "M": top, "lower": (total - top) // 2}))
    if args.out:
        args.out.write_text(json.dumps({"n": args.n, "M": top, "b": b.tolist()}))
    if args.store:
        x = board_of(args.n, cols, sizes, b)
        note = f"search.py {args.n} " + (
            f"--board-of {args.board_of}"
            if args.board_of is not None
            else f"--seconds {args.seconds:g} --seed {args.seed} --steps {args.steps}"
        )
        store(args.n, x, (total - top) // 2, note)


if __name__ == "__main__":
    main()
