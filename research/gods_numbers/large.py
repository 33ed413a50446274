"""Hard boards for kernels of 2**25..2**32 quiet patterns (lower bounds on God's number).

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/large.py 39 --seconds 1800 --seed 1 --store

``search.py`` keeps the whole spectrum ``F`` of ``b`` in memory, which stops at about 2**24
quiet patterns. Here ``F`` is never stored: a blocked transform (``peaks``) computes it over
all ``2**d`` characters, ``2**22`` at a time (the high bits ``β`` of ``λ`` fixed, the groups
folded onto their low bits with the signs ``(−1)^{β·v_g}``, one Walsh–Hadamard transform per
block), and keeps only its peak and the characters at or near it. The search is a constraint
generation:

1. ``b`` starts at random (``±1`` on the odd groups, ``0`` on the even ones);
2. the blocked transform gives the exact peak ``M = max F`` (so ``b`` proves
   ``God's number ≥ (C + c_0 − M)/2``) and its ``keep`` highest characters, the working set
   ``Λ``;
3. a short walk over ``b`` (the threshold walk of ``search.py``, on the rows of ``Λ`` only,
   flipping the signs of the odd groups) lowers the peak over ``Λ``; back to 2. The walk is
   kept short (``steps``) so that the characters outside ``Λ``, each moved by ±2 per step,
   seldom climb past the ones inside it.

The best ``b`` seen by step 2 is the board: it is replayed by
``lo.solve(board, minimize=True)`` (the grouped branch and bound over every quiet pattern) and
merged with ``--store`` into ``certificates.json`` (every size that has a certificate there;
``check.py --large`` re-proves it with a blocked transform of its own) or
``results_51_256.json`` (hexadecimal presses).
"""

# ruff: noqa: NPY002  (numba compiles the legacy np.random functions only)
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numba
import numpy as np
from extend import presses_hex
from search import board_of, replay, store

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import quiet_groups, walsh_spectrum

HERE = Path(__file__).resolve().parent
#: Low bits of λ handled by one transform (a block of 2**22 int32 values, 16 MiB).
INNER = 22
#: Low bits of λ per transform on a GPU (``--device``): 2**26 int32 values, 256 MiB.
DEVICE_INNER = 26


def _parities(x: np.ndarray) -> np.ndarray:
    """The parity of the bits of each entry of a non-negative int64 array."""
    for shift in (32, 16, 8, 4, 2, 1):
        x = x ^ (x >> shift)
    return x & 1


def peaks(
    cols: np.ndarray, b: np.ndarray, d: int, inner: int, keep: int
) -> tuple[int, np.ndarray, np.ndarray]:
    """``max_λ F(λ)`` over all ``2**d`` characters and the ``keep`` highest characters with
    their values (in no particular order; padded with ``-2**30`` when there are fewer), by one
    transform of ``2**inner`` values per block of high bits ``β``: the groups folded onto their
    low bits with the signs ``(−1)^{β·v_g}``, transformed by the library's
    :func:`~lightsout_graphs.algorithms.gods.walsh_spectrum`."""
    inner = min(inner, d)
    lo_cols = np.asarray(cols, dtype=np.int64) & ((1 << inner) - 1)
    hi_cols = np.asarray(cols, dtype=np.int64) >> inner
    weights = np.asarray(b, dtype=np.int64)
    vals = np.empty(0, dtype=np.int64)
    where = np.empty(0, dtype=np.int64)
    peak = -(1 << 30)
    for beta in range(1 << (d - inner)):
        signs = 1 - 2 * _parities(hi_cols & beta)
        block = walsh_spectrum(lo_cols, weights * signs, inner)
        peak = max(peak, int(block.max()))
        k = min(keep, block.size)
        top = np.argpartition(block, block.size - k)[block.size - k :]
        vals = np.concatenate((vals, block[top]))
        where = np.concatenate((where, top + (beta << inner)))
        if vals.size > keep:
            kept = np.argpartition(vals, vals.size - keep)[vals.size - keep :]
            vals, where = vals[kept], where[kept]
    got = np.full(keep, -(1 << 30), dtype=np.int64)
    at = np.zeros(keep, dtype=np.int64)
    got[: vals.size] = vals
    at[: where.size] = where
    return peak, at, got


def _fwht_torch(x: Any) -> Any:
    """The Walsh–Hadamard transform of a 1-D torch tensor of length ``2**k`` (a new tensor)."""
    import torch

    n = x.numel()
    h = 1
    while h < n:
        y = x.view(-1, 2, h)
        x = torch.stack((y[:, 0] + y[:, 1], y[:, 0] - y[:, 1]), dim=1).view(n)
        h *= 2
    return x


def peaks_torch(
    cols: np.ndarray, b: np.ndarray, d: int, inner: int, keep: int, device: str = "cuda"
) -> tuple[int, np.ndarray, np.ndarray]:
    """``peaks`` on a PyTorch device (a GPU: ``device="cuda"``), with the same answer: the
    peak over all ``2**d`` characters and the ``keep`` highest characters with their values
    (padded with ``-2**30`` when there are fewer), by one transform of ``2**inner`` values per
    block of high bits ``β``. PyTorch is imported only here: the optional GPU path.
    """
    import torch

    inner = min(inner, d)
    dev = torch.device(device)
    lo_cols = torch.as_tensor(cols & ((1 << inner) - 1), dtype=torch.int64, device=dev)
    hi_cols = torch.as_tensor(cols >> inner, dtype=torch.int64, device=dev)
    weights = torch.as_tensor(b, dtype=torch.int32, device=dev)
    vals = torch.empty(0, dtype=torch.int32, device=dev)
    where = torch.empty(0, dtype=torch.int64, device=dev)
    for beta in range(1 << (d - inner)):
        x = hi_cols & beta
        for shift in (32, 16, 8, 4, 2, 1):
            x = x ^ (x >> shift)
        signs = (1 - 2 * (x & 1)).to(torch.int32)
        block = torch.zeros(1 << inner, dtype=torch.int32, device=dev)
        block.index_add_(0, lo_cols, weights * signs)
        block = _fwht_torch(block)
        v, i = torch.topk(block, min(keep, block.numel()), sorted=False)
        vals = torch.cat((vals, v))
        where = torch.cat((where, i.to(torch.int64) + (beta << inner)))
        if vals.numel() > keep:
            v, i = torch.topk(vals, keep, sorted=False)
            vals, where = v, where[i]
    peak = int(vals.max().item())
    got = np.full(keep, -(1 << 30), dtype=np.int64)
    at = np.zeros(keep, dtype=np.int64)
    got[: vals.numel()] = vals.cpu().numpy()
    at[: where.numel()] = where.cpu().numpy()
    return peak, at, got


def device_problem(device: str) -> str | None:
    """Why ``peaks_torch`` cannot run on ``device`` (no PyTorch, an unknown or absent device),
    or ``None`` when it can."""
    try:
        import torch
    except ImportError:
        return "PyTorch is not installed (the GPU path is optional: pip install torch)"
    try:
        torch.zeros(1, device=torch.device(device))
    except (RuntimeError, AssertionError) as error:
        return f"PyTorch cannot use it ({str(error).splitlines()[0]})"
    return None


def _signs(cols: np.ndarray, lams: np.ndarray) -> np.ndarray:
    """``(−1)^{λ·v_g}`` as int8, one row per character."""
    par = (np.bitwise_count(lams[:, None] & cols[None, :]) & 1).astype(np.int8)
    return (1 - 2 * par).astype(np.int8)


@numba.njit
def _walk(
    s: np.ndarray,
    b: np.ndarray,
    cap: np.ndarray,
    steps: int,
    seed: int,
    noise: float,
    tenure: int,
) -> np.ndarray:
    np.random.seed(seed)
    k, ng = s.shape
    f = np.zeros(k, dtype=np.int64)
    for r in range(k):
        acc = 0
        for g in range(ng):
            acc += s[r, g] * b[g]
        f[r] = acc
    best_b = b.copy()
    best_top = f.max()
    target = best_top - 2
    tabu = np.zeros(ng, dtype=np.int64)
    cost = np.zeros(ng, dtype=np.int64)
    for step in range(steps):
        above = np.flatnonzero(f > target)
        if above.shape[0] == 0:
            best_b[:] = b
            best_top = f.max()
            target = best_top - 2
            continue
        near = np.flatnonzero(f >= target)
        lam = above[np.random.randint(above.shape[0])]
        cost[:] = 0
        for r in near:
            hot = f[r] > target
            for g in range(ng):
                if s[r, g] == s[lam, g]:
                    if hot:
                        cost[g] -= 1
                else:
                    cost[g] += 1
        pick = -1
        best_cost = 1 << 60
        ties = 0
        random_move = np.random.random() < noise
        for g in range(ng):
            delta = -2 * s[lam, g]
            if abs(b[g] + delta) > cap[g] or tabu[g] > step:
                continue
            c = np.random.random() if random_move else cost[g]
            if c < best_cost:
                best_cost, pick, ties = c, g, 1
            elif c == best_cost:
                ties += 1
                if np.random.randint(ties) == 0:
                    pick = g
        if pick < 0:
            continue
        delta = -2 * s[lam, pick]
        b[pick] += delta
        for r in range(k):
            f[r] += delta * s[r, pick]
        tabu[pick] = step + tenure
    return best_b


def walk(
    signs: np.ndarray,
    b: np.ndarray,
    cap: np.ndarray,
    steps: int,
    rng: np.random.Generator,
    noise: float = 0.05,
) -> np.ndarray:
    """Lower the peak of ``F = signs @ b`` over the working characters (threshold walk: pick a
    character above the target, move the ``b_g`` that lowers it at the least cost on the
    characters at or above the target; tabu tenure and some noise; compiled)."""
    tenure = max(3, len(b) // 20)
    seed = int(rng.integers(1 << 30))
    return _walk(signs, b.astype(np.int64), cap, steps, seed, noise, tenure)


def search(
    n: int,
    seconds: float,
    seed: int,
    keep: int,
    steps: int,
    widen: int = 0,
    device: str | None = None,
    out: Path | None = None,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, int]:
    """The lowest exact peak found for the n×n board, with its ``b``, columns, sizes, zero.

    ``device`` (a PyTorch device such as ``"cuda"``) runs the blocked transform there
    (``peaks_torch``); the walk stays on the CPU. ``out`` receives the best ``b`` (JSON) each
    time it improves, so a run stopped from outside keeps it."""
    groups = quiet_groups(lo.grid(n, n))
    cols, sizes, zero = groups.binary_code()
    cols = cols.astype(np.int64)
    d = groups.dimension
    rng = np.random.default_rng(seed)
    parity = sizes % 2
    b = np.where(rng.random(len(sizes)) < 0.5, parity, -parity).astype(np.int64)
    # |b_g| <= 1: the walk flips the signs of the odd groups and leaves the even ones at 0
    # (a larger |b_g| widens the whole spectrum: sum_λ F(λ)² = 2**d · sum_g b_g²)
    cap = np.minimum(sizes, widen + parity).astype(np.int64)
    until = time.monotonic() + seconds
    lams = np.zeros(0, dtype=np.int64)
    best_top, best_b = None, b.copy()
    rounds = 0
    while True:
        began = time.monotonic()
        if device is None:
            peak, where, vals = peaks(cols, b, d, INNER, keep)
        else:
            peak, where, vals = peaks_torch(cols, b, d, DEVICE_INNER, keep, device)
        rounds += 1
        if best_top is None or peak < best_top:
            best_top, best_b = int(peak), b.copy()
            if out is not None:
                out.write_text(json.dumps({"n": n, "M": best_top, "b": best_b.tolist()}))
        print(
            f"round {rounds}: M = {peak} (best {best_top}), |Λ| = {len(lams)}, "
            f"transform {time.monotonic() - began:.0f} s",
            flush=True,
        )
        if time.monotonic() + (time.monotonic() - began) > until:
            break
        lams = where[vals > -(1 << 30)]  # this round's highest characters only
        b = walk(_signs(cols, lams), b.copy(), cap, steps, rng)
    return best_top, best_b, cols, sizes, zero


def store_extended(n: int, x: np.ndarray, lower: int, note: str) -> bool:
    """Replay the board of presses ``x`` by ``lo.solve(minimize=True)`` and merge it into
    ``results_51_256.json`` (hexadecimal presses) when it needs more presses than the stored
    witness."""
    _, proof = replay(n, x, lower, 3600.0)
    path = HERE / "results_51_256.json"
    records = json.loads(path.read_text())
    for r in records:
        if int(r["n"]) == n and (r.get("lower") or 0) < lower:
            r["notes"] = [*r.get("notes", []), f"{note}: a board that needs {lower} presses"]
            r.update(lower=lower, presses_hex=presses_hex(x), lower_argument=note)
            r["replayed_by"] = proof
            path.write_text(json.dumps(records, indent=1) + "\n")
            print(f"n={n}: stored a board needing {lower} presses ({proof})", flush=True)
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--seconds", type=float, default=1800.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=40_000, help="working characters per round")
    parser.add_argument("--steps", type=int, default=200, help="moves of each walk")
    parser.add_argument(
        "--widen", type=int, default=0, help="|b_g| may exceed its parity by this much"
    )
    parser.add_argument(
        "--device", default=None, help="run the transforms with PyTorch there (cuda): optional"
    )
    parser.add_argument("--out", type=Path, default=None, help="JSON file for the best b")
    parser.add_argument("--store", action="store_true", help="replay, merge into certificates")
    parser.add_argument(
        "--from",
        dest="start",
        type=Path,
        default=None,
        help="JSON (--out) of a b found by the run the other options describe: store it",
    )
    args = parser.parse_args()
    if args.device is not None and args.start is None:  # --from only names the run's device
        why = device_problem(args.device)
        if why:
            parser.error(f"--device {args.device}: {why}")
    if args.start is not None:
        groups = quiet_groups(lo.grid(args.n, args.n))
        cols, sizes, zero = groups.binary_code()
        cols = cols.astype(np.int64)
        b = np.array(json.loads(args.start.read_text())["b"], dtype=np.int64)
        top = int(peaks(cols, b, groups.dimension, INNER, 1)[0])
    else:
        top, b, cols, sizes, zero = search(
            args.n,
            args.seconds,
            args.seed,
            args.keep,
            args.steps,
            args.widen,
            args.device,
            args.out,
        )
    total = int(sizes.sum()) + 2 * int(zero)
    print(json.dumps({"n": args.n, "M": top, "lower": (total - top) // 2}), flush=True)
    if args.out:
        args.out.write_text(json.dumps({"n": args.n, "M": top, "b": b.tolist()}))
    if args.store:
        x = board_of(args.n, cols, sizes, b)
        note = (
            f"large.py {args.n} --seconds {args.seconds:g} --seed {args.seed} "
            f"--keep {args.keep} --steps {args.steps} --widen {args.widen}"
        )
        if args.device:
            note += f" --device {args.device}"
        certified = {int(c["n"]) for c in json.loads((HERE / "certificates.json").read_text())}
        if args.n in certified:
            store(args.n, x, (total - top) // 2, note, time_limit=3600.0)
        else:
            store_extended(args.n, x, (total - top) // 2, note)


if __name__ == "__main__":
    main()
