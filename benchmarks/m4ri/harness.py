"""Build and drive the M4RI timing harness (``harness.c``) from Python.

The harness is compiled with the system C compiler against Debian's ``libm4ri-dev``
(``./scripts/system-deps.sh libm4ri-dev``) into ``benchmarks/build/``. Matrices reach it as a
small sparse text file (see :func:`write_system`); it times the M4RI call itself, on fresh
copies, and prints one line per repetition. When the compiler or the header is missing,
:func:`build` says why and the benchmarks skip M4RI with that note.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse as sp

__all__ = [
    "BUILD_DIR",
    "MODES",
    "M4RITiming",
    "M4RIUnavailable",
    "build",
    "read_system",
    "time_system",
    "write_system",
]

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "harness.c"
#: Where the compiled harness goes (gitignored).
BUILD_DIR = HERE.parent / "build"
#: What the harness can time: see the comment at the top of ``harness.c``.
MODES = ("solve", "kernel", "rref")
_HEADER_DIRS = (Path("/usr/include"), Path("/usr/local/include"))


class M4RIUnavailable(RuntimeError):
    """The M4RI harness cannot be built or run here; the message says why."""


@dataclass(frozen=True)
class M4RITiming:
    """The harness's answer for one system and mode.

    Attributes
    ----------
    mode : str
        ``"solve"``, ``"kernel"`` or ``"rref"``.
    seconds : list of float
        The time of the M4RI call in each repetition.
    rank : int
        The rank of A, as M4RI computed it.
    """

    mode: str
    seconds: list[float]
    rank: int


def write_system(path: str | os.PathLike[str], matrix: object, rhs: np.ndarray) -> None:
    """Write ``A x = b`` over GF(2) in the harness's sparse text format.

    The format, all indices 0-based: a header ``gf2 M N``; then M lines, each the number of
    ones in that row of A followed by their columns; then one line with the number of ones in
    b followed by their rows. Entries are taken mod 2.

    Parameters
    ----------
    path : path-like
        The file to write.
    matrix : scipy sparse matrix or numpy.ndarray, shape (M, N)
        A, integer entries.
    rhs : numpy.ndarray, shape (M,)
        b, integer entries.

    Raises
    ------
    ValueError
        When ``rhs`` does not have one entry per row, or the matrix is empty.

    Examples
    --------
    >>> import io, pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d) / "s.txt"
    ...     write_system(p, np.array([[1, 1, 0], [0, 3, 2]]), np.array([0, 1]))
    ...     print(p.read_text(), end="")
    gf2 2 3
    2 0 1
    1 1
    1 1
    """
    csr = sp.csr_array(matrix).astype(np.int64)
    csr.sum_duplicates()
    m, n = csr.shape
    if m == 0 or n == 0:
        msg = f"Argument 'matrix' must have at least one row and column, not shape {csr.shape}."
        raise ValueError(msg)
    b = np.asarray(rhs).ravel()
    if b.shape != (m,):
        msg = f"Argument 'rhs' must have {m} entries (one per row), not shape {b.shape}."
        raise ValueError(msg)
    odd = csr.data % 2 == 1
    lines = [f"gf2 {m} {n}"]
    indptr, indices = csr.indptr, csr.indices
    for i in range(m):
        lo, hi = indptr[i], indptr[i + 1]
        cols = indices[lo:hi][odd[lo:hi]]
        lines.append(" ".join([str(len(cols)), *map(str, cols.tolist())]))
    ones = np.flatnonzero(b % 2)
    lines.append(" ".join([str(len(ones)), *map(str, ones.tolist())]))
    Path(path).write_text("\n".join(lines) + "\n")


def read_system(path: str | os.PathLike[str]) -> tuple[np.ndarray, np.ndarray]:
    """Read a file written by :func:`write_system` back as dense 0/1 arrays.

    Parameters
    ----------
    path : path-like
        The file.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        A (M × N) and b (M,), entries 0 or 1.

    Raises
    ------
    ValueError
        When the file does not follow the format; the message names the file and line.
    """
    text = Path(path).read_text().splitlines()
    head = text[0].split() if text else []
    if len(head) != 3 or head[0] != "gf2":
        msg = f"{path}: line 1 must be 'gf2 M N', not {text[:1]!r}."
        raise ValueError(msg)
    m, n = int(head[1]), int(head[2])
    if len(text) != m + 2:
        msg = f"{path}: expected {m + 2} lines for M = {m}, found {len(text)}."
        raise ValueError(msg)
    a = np.zeros((m, n), dtype=np.int64)
    b = np.zeros(m, dtype=np.int64)
    for lineno, line in enumerate(text[1:], start=2):
        nums = [int(t) for t in line.split()]
        if not nums or nums[0] != len(nums) - 1:
            msg = f"{path}: line {lineno} must start with its count of indices: {line!r}."
            raise ValueError(msg)
        if lineno - 2 < m:
            a[lineno - 2, nums[1:]] = 1
        else:
            b[nums[1:]] = 1
    return a, b


def _compiler() -> str | None:
    for name in (os.environ.get("CC", ""), "gcc", "cc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def build(build_dir: Path = BUILD_DIR) -> Path:
    """Compile the harness (when its binary is missing or older than ``harness.c``).

    Parameters
    ----------
    build_dir : pathlib.Path
        Where the binary goes; created when missing.

    Returns
    -------
    pathlib.Path
        The executable.

    Raises
    ------
    M4RIUnavailable
        When there is no C compiler, no ``m4ri/m4ri.h`` header, or compilation fails.
    """
    cc = _compiler()
    if cc is None:
        msg = "no C compiler found (gcc, cc or clang); install gcc to time M4RI"
        raise M4RIUnavailable(msg)
    if not any((d / "m4ri" / "m4ri.h").exists() for d in _HEADER_DIRS):
        msg = "m4ri/m4ri.h not found; run ./scripts/system-deps.sh libm4ri-dev to time M4RI"
        raise M4RIUnavailable(msg)
    build_dir.mkdir(parents=True, exist_ok=True)
    exe = build_dir / "m4ri_harness"
    if exe.exists() and exe.stat().st_mtime >= SOURCE.stat().st_mtime:
        return exe
    flags = ["-O2", "-march=native"]
    libs = ["-lm4ri", "-lm"]
    if shutil.which("pkg-config"):
        probe = subprocess.run(
            ["pkg-config", "--cflags", "--libs", "m4ri"],
            check=False,
            capture_output=True,
            text=True,
        )
        if probe.returncode == 0:
            libs = probe.stdout.split()
    cmd = [cc, *flags, "-o", str(exe), str(SOURCE), *libs]
    done = subprocess.run(cmd, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        msg = f"compiling {SOURCE.name} failed: {done.stderr.strip()[:500]}"
        raise M4RIUnavailable(msg)
    return exe


def time_system(
    matrix: object, rhs: np.ndarray, mode: str = "solve", reps: int = 3, *, exe: Path | None = None
) -> M4RITiming:
    """Time one M4RI routine on ``A x = b`` over GF(2).

    Parameters
    ----------
    matrix : scipy sparse matrix or numpy.ndarray
        A.
    rhs : numpy.ndarray
        b; must be in the image of A for ``"solve"`` and ``"rref"``.
    mode : {"solve", "kernel", "rref"}
        ``mzd_solve_left``, ``mzd_kernel_left_pluq`` or ``mzd_echelonize_m4ri`` of ``[A | b]``.
    reps : int
        Timed repetitions, each on fresh copies.
    exe : pathlib.Path, optional
        A harness built by :func:`build` (built on demand otherwise).

    Returns
    -------
    M4RITiming

    Raises
    ------
    M4RIUnavailable
        When the harness cannot be built, or it fails or cannot verify its result.
    ValueError
        For an unknown ``mode`` or ``reps < 1``.
    """
    if mode not in MODES:
        msg = f"Argument 'mode' must be one of {', '.join(MODES)}, not {mode!r}."
        raise ValueError(msg)
    if reps < 1:
        msg = f"Argument 'reps' must be >= 1, not {reps}."
        raise ValueError(msg)
    exe = exe or build()
    with tempfile.TemporaryDirectory(prefix="m4ri-") as tmp:
        path = Path(tmp) / "system.txt"
        write_system(path, matrix, rhs)
        done = subprocess.run(
            [str(exe), str(path), mode, str(reps)], check=False, capture_output=True, text=True
        )
    if done.returncode != 0:
        msg = f"the M4RI harness failed (exit {done.returncode}): {done.stderr.strip()[:300]}"
        raise M4RIUnavailable(msg)
    seconds: list[float] = []
    rank = -1
    checked = False
    for line in done.stdout.splitlines():
        key, _, value = line.partition(" ")
        if key == "seconds":
            seconds.append(float(value))
        elif key == "rank":
            rank = int(value)
        elif key == "check" and value == "ok":
            checked = True
    if not checked or len(seconds) != reps:
        msg = f"the M4RI harness printed an unexpected answer: {done.stdout[-300:]!r}"
        raise M4RIUnavailable(msg)
    return M4RITiming(mode=mode, seconds=seconds, rank=rank)
