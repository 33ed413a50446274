"""The nullity of the n×n board (OEIS A159257) and of the n×n torus (OEIS A165738), n ≤ 100,000.

Usage (from the repository root, in the project's environment, with numba installed)::

    python research/nullities/squares.py               # n ≤ 100,000: writes both b-files
    python research/nullities/squares.py --max 5000    # a shorter run, printed only
    python research/nullities/squares.py --check-only  # re-checks the stored b-files

The method (closed rule, GF(2)). Write n + 1 = 2^a·b with b odd and h_b for the square root of
the characteristic polynomial of the path on b − 1 nodes. Hunziker, Machiavelo and Park give

    A159257(n) = 2·(2^a − 1)·[3 | b] + 2^(a+1)·G(b),   G(b) = deg gcd(h_b(x), h_b(x + 1)),

so one gcd per odd b ≤ n + 1 gives every n. The gcd is halved before it is taken: every
polynomial over GF(2) is ``p = A(y) + x·B(y)`` with ``y = x² + x`` (which ``x ↦ x + 1`` fixes),
so ``p(x + 1) = p(x) + B(y)`` and

    gcd(p(x), p(x + 1)) = gcd(A(y), B(y)) with y = x² + x,   G(b) = 2·deg gcd(A, B).

A and B are carried along the recurrence ``f_{j+1} = x·f_j + f_{j−1}`` of the path polynomials
(``x·(A + xB) = y·B + x·(A + B)``), at a few big-integer operations a step, and their gcd
(degree about b/4) is Euclid's algorithm on packed 64-bit words, compiled with numba.

The torus: A165738(n + 1) = 2·A159257(n) + 4·[n ≡ 2 (mod 3)] for n ≥ 1, and A165738(1) = 0.
This relation is checked here, not proven: against the published terms 1..90 and against the
invariant factors of the cycles (``product_nullity(C_n, C_n)``, an independent polynomial
route) at sampled n.

Checks made by a full run (each an assertion; ``checks()``):

- A159257 against the published b-file for n ≤ 4096 (wmboyles/LightsOut-Math,
  ``published/wmboyles_b159257_first4096.txt``);
- A159257 against the library's ``nullity(n, n)`` (the gcd of h_b(x) and h_b(x + 1) taken
  directly) at sampled n up to the end, and against light chasing
  (``GridChaser(n, n).kernel_size``) at 40 sampled n ≤ 400 and 8 sampled n in 4097..8192, and
  elimination of the toggle matrix for n ≤ 24;
- A165738 against the published terms 1..90, the cycles' invariant factors at 100 sampled
  n ≤ 10,000 and 4 up to the end (the largest included), and elimination of the torus's toggle
  matrix for n ≤ 24.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
SHARED = HERE / "published"  # copies of the published terms, with their sources
BOARD_FILE = HERE / "b159257.txt"
TORUS_FILE = HERE / "b165738.txt"
#: The published b-files stop here (OEIS A159257 at 25,000; A165738 at 1,000).
PUBLISHED_TO = {"A159257": 25_000, "A165738": 1_000}


# -- Euclid on packed words ------------------------------------------------------------------


def _gcd_degree_py(a: int, b: int) -> int:
    """``deg gcd(a, b)`` for polynomials over GF(2) as Python ints (``-1`` when both are 0)."""
    la, lb = a.bit_length(), b.bit_length()
    while lb:
        while la >= lb:
            a ^= b << (la - lb)
            la = a.bit_length()
        a, b, la, lb = b, a, lb, la
    return la - 1


def _compile() -> Any:
    """The numba kernel ``gcd_degree(a_words, b_words)``, or None without numba."""
    try:
        import numba
    except ImportError:
        return None

    @numba.njit(nogil=True, cache=False)
    def top(a: np.ndarray, hint: int) -> int:  # pragma: no cover - compiled
        w = hint >> 6
        while w >= 0 and a[w] == 0:
            w -= 1
        if w < 0:
            return -1
        x = a[w]
        d = 63
        while not (x >> np.uint64(d)) & np.uint64(1):
            d -= 1
        return (w << 6) + d

    @numba.njit(nogil=True, cache=False)
    def gcd_degree(a: np.ndarray, b: np.ndarray) -> int:  # pragma: no cover - compiled
        da = top(a, a.size * 64 - 1)
        db = top(b, b.size * 64 - 1)
        if da < db:
            a, b = b, a
            da, db = db, da
        while db >= 0:
            nb = (db >> 6) + 1
            while da >= db:  # a ^= b · x^s, the leading terms cancel
                s = da - db
                q = s >> 6
                r = np.uint64(s & 63)
                if r == 0:
                    for i in range(nb):
                        a[i + q] ^= b[i]
                else:
                    left = np.uint64(64) - r
                    a[q] ^= b[0] << r
                    for i in range(1, nb):
                        a[i + q] ^= (b[i] << r) | (b[i - 1] >> left)
                    if nb + q < a.size:
                        a[nb + q] ^= b[nb - 1] >> left
                da = top(a, da)
            a, b = b, a
            da, db = db, da
        return da

    return gcd_degree


def _words(p: int, nbytes: int) -> np.ndarray:
    return np.frombuffer(p.to_bytes(nbytes, "little"), dtype=np.uint64).copy()


def odd_gcd_degrees(top: int, *, compiled: bool = True) -> np.ndarray:
    """``G[i] = deg gcd(h_b(x), h_b(x + 1))`` for ``b = 2i + 1 ≤ top``.

    ``compiled=False`` (or no numba) runs Euclid on Python ints: the same answers, slower.
    """
    kernel = _compile() if compiled else None
    size = (top + 1) // 2
    out = np.zeros(size, dtype=np.int64)
    # f_j = A_j(y) + x·B_j(y): (A, B) of f_{j-1} and f_j, starting from f_{-1} = 0, f_0 = 1.
    a0, b0, a1, b1 = 0, 0, 1, 0
    for i in range(size):  # b = 2i + 1, h_b = f_i + f_{i-1}
        big, small = a1 ^ a0, b1 ^ b0
        if kernel is None or small.bit_length() < 512:
            g = _gcd_degree_py(big, small)
        else:
            nbytes = 8 * ((max(big.bit_length(), small.bit_length()) + 63) // 64 + 1)
            g = int(kernel(_words(big, nbytes), _words(small, nbytes)))
        out[i] = 2 * g
        a0, b0, a1, b1 = a1, b1, (b1 << 1) ^ a0, a1 ^ b1 ^ b0
    return out


# -- the two sequences -----------------------------------------------------------------------


def board_nullities(top: int, *, compiled: bool = True) -> np.ndarray:
    """A159257(n) for n = 1..top, as ``out[n - 1]``."""
    sides = np.arange(2, top + 2, dtype=np.int64)  # n + 1
    power = sides & -sides
    odd = sides // power
    g = odd_gcd_degrees(int(odd.max()), compiled=compiled)
    return 2 * (power - 1) * (odd % 3 == 0) + 2 * power * g[(odd - 1) // 2]


def torus_nullities(board: np.ndarray) -> np.ndarray:
    """A165738(n) for n = 1..len(board) + 1 from A159257, by the relation in the module notes."""
    n = np.arange(1, board.size + 1)
    return np.concatenate([[0], 2 * board + 4 * (n % 3 == 2)])


# -- b-files and checks ----------------------------------------------------------------------


def write_bfile(path: Path, values: np.ndarray, header: list[str]) -> None:
    lines = [f"# {line}" for line in header]
    lines += [f"{n} {int(v)}" for n, v in enumerate(values, start=1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_bfile(path: Path) -> dict[int, int]:
    """``{n: a(n)}`` from a b-file (``n a(n)`` per line; ``#`` lines are comments)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            n, v = line.split()
            out[int(n)] = int(v)
    return out


def published_board() -> dict[int, int]:
    """A159257 for n ≤ 4096 as published by wmboyles/LightsOut-Math (empty when not at hand)."""
    path = SHARED / "wmboyles_b159257_first4096.txt"
    return read_bfile(path) if path.exists() else {}


def published_torus() -> dict[int, int]:
    """A165738 for n = 1..90 as published in the OEIS (empty when not at hand)."""
    path = SHARED / "oeis_A165738_1-90.txt"
    if not path.exists():
        return {}
    text = " ".join(x for x in path.read_text().splitlines() if not x.startswith("#"))
    return {n: int(v) for n, v in enumerate(text.replace(",", " ").split(), start=1)}


def check_board(
    board: dict[int, int], sample: list[int], chase: list[int], small: int
) -> list[str]:
    """Check A159257 terms by other methods; the checks made (assertions)."""
    import networkx as nx

    import lightsout_graphs as lo
    from lightsout_graphs.representation.grids import nullity

    done = []
    published = published_board()
    common = sorted(set(published) & set(board))
    for n in common:
        assert board[n] == published[n], f"A159257({n}): {board[n]}, published {published[n]}"
    if common:
        done.append(f"A159257 equals the published b-file for n ≤ {common[-1]}")
    for n in sample:
        assert board[n] == nullity(n, n), f"A159257({n}) differs from nullity(n, n)"
    done.append(f"A159257 equals nullity(n, n) at {len(sample)} sampled n ≤ {max(sample)}")
    for n in chase:
        assert 2 ** board[n] == lo.GridChaser(n, n).kernel_size, f"A159257({n}): chasing"
    done.append(f"A159257 equals light chasing at {len(chase)} sampled n ≤ {max(chase)}")
    for n in range(1, small + 1):
        puzzle = lo.Puzzle(nx.grid_2d_graph(n, n))  # a plain graph: the general engine
        assert board[n] == lo.analyze(puzzle).nullity, f"A159257({n}): elimination"
    done.append(f"A159257 equals elimination of the toggle matrix for n ≤ {small}")
    return done


def check_torus(torus: dict[int, int], sample: list[int], small: int) -> list[str]:
    """Check A165738 terms by other methods; the checks made (assertions)."""
    import networkx as nx

    import lightsout_graphs as lo
    from lightsout_graphs.representation.products import product_nullity

    done = []
    published = published_torus()
    common = sorted(set(published) & set(torus))
    for n in common:
        assert torus[n] == published[n], f"A165738({n}): {torus[n]}, published {published[n]}"
    if common:
        done.append(f"A165738 equals the published terms for n ≤ {common[-1]}")
    for n in sample:
        cycle = nx.cycle_graph(n)
        assert torus[n] == product_nullity(cycle, cycle), f"A165738({n}): invariant factors"
    done.append(
        f"A165738 equals the cycles' invariant factors at {len(sample)} sampled n ≤ {max(sample)}"
    )
    for n in range(3, small + 1):
        puzzle = lo.Puzzle(nx.grid_2d_graph(n, n, periodic=True))
        assert torus[n] == lo.analyze(puzzle).nullity, f"A165738({n}): elimination"
    done.append(f"A165738 equals elimination of the toggle matrix for 3 ≤ n ≤ {small}")
    return done


def samples(top: int, count: int, seed: int = 0) -> list[int]:
    """``count`` sizes ≤ top: spread at random, plus the largest."""
    rng = np.random.default_rng(seed)
    picked = {int(n) for n in rng.integers(1, top + 1, size=count - 1)} | {top}
    return sorted(picked)


def checks(board: dict[int, int], torus: dict[int, int], *, full: bool = True) -> list[str]:
    """All the checks of a run (``full=False``: a quick subset, for the tests)."""
    top = max(board)
    if full:
        # the cycles' invariant factors cost about (n / 10,000)² · 4 s of CPU: most n ≤ 10,000
        wide = samples(max(torus), 4, seed=2)
        torus_sample = sorted(set(samples(min(max(torus), 10_000), 100, seed=1) + wide))
        # light chasing costs about (n / 8000)³ · 30 s of CPU: 40 small n and 8 above the
        # published 4096
        chase = samples(min(top, 400), 40)
        if top > 4096:
            chase += [4096 + n for n in samples(min(top, 8192) - 4096, 8, seed=3)]
        done = check_board(board, samples(top, 200), chase, 24)
        return done + check_torus(torus, torus_sample, 24)
    done = check_board(board, samples(top, 8), samples(min(top, 120), 6), 8)
    return done + check_torus(torus, samples(min(max(torus), 3000), 8, seed=1), 8)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=100_000, dest="top")
    parser.add_argument("--python", action="store_true", help="Euclid on Python ints only")
    parser.add_argument("--check-only", action="store_true", help="check the stored b-files")
    args = parser.parse_args(argv)
    if args.check_only:
        start = time.perf_counter()
        done = checks(read_bfile(BOARD_FILE), read_bfile(TORUS_FILE))
        print("\n".join(done))
        print(f"checks: {time.perf_counter() - start:.1f} s")
        return
    start, cpu = time.perf_counter(), time.process_time()
    board = board_nullities(args.top, compiled=not args.python)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    torus = torus_nullities(board)
    print(f"A159257 and A165738 for n ≤ {args.top:,}: {seconds:.1f} s ({cpu:.1f} s of CPU)")
    if args.top == 100_000:
        command = "python research/nullities/squares.py"
        write_bfile(
            BOARD_FILE,
            board,
            [
                "A159257: nullity of the n×n Lights Out board (closed rule, GF(2)), n = 1..100000.",
                f"Made by `{command}` ({cpu:.0f} s of CPU, {seconds:.0f} s of wall time"
                + " on a shared machine); see research/nullities/README.md.",
            ],
        )
        write_bfile(
            TORUS_FILE,
            torus[: args.top],
            [
                "A165738: nullity of the n×n Lights Out torus (closed rule, GF(2)), n = 1..100000.",
                f"Made by `{command}` from A159257; see research/nullities/README.md.",
            ],
        )
    start = time.perf_counter()
    done = checks(
        {n: int(v) for n, v in enumerate(board, start=1)},
        {n: int(v) for n, v in enumerate(torus[: args.top], start=1)},
    )
    print("\n".join(done))
    print(f"checks: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
