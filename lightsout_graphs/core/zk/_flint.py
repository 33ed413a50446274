"""A thin binding to FLINT's word-size matrices (``nmod_mat``), with numpy arrays in and out.

python-flint ships FLINT as a shared library beside its extension module. Its Python classes
convert matrices entry by entry through Python ints (about half a second for 4 million
entries, longer than the elimination itself), so this module calls the library directly
with :mod:`ctypes` and copies entries as one block of 64-bit words.

Only the first field of FLINT's ``nmod_mat_struct`` (the pointer to the row-major entries of
a matrix made by ``nmod_mat_init``, whose rows are contiguous) is read; the structure itself
is allocated with room to spare and handled by FLINT's own functions. On load, a 3 × 5 test
matrix checks that the layout is the one expected (rows, columns and stride after the
pointer); when anything is off, :func:`library` returns None and the callers use the other
engines. Setting the environment variable ``LIGHTSOUT_NO_FLINT`` (to anything non-empty) does
the same on purpose, to compare the engines or to test the route without FLINT.
"""

from __future__ import annotations

import ctypes
import functools
import glob
import os
from typing import Any

import numpy as np

#: Bytes reserved for an ``nmod_mat_struct`` (48 in FLINT 3: pointer, three slongs, nmod_t).
_STRUCT_BYTES = 128


def _candidates() -> list[str]:
    try:
        import flint as _fl  # loads libflint into the process
    except ImportError:
        return []

    pkg = os.path.dirname(os.path.dirname(os.path.abspath(_fl.__file__)))
    found: list[str] = []
    for pattern in ("python_flint.libs/libflint*", "flint/.dylibs/libflint*", "flint/libflint*"):
        found.extend(sorted(glob.glob(os.path.join(pkg, pattern))))
    found.append("libflint.so")
    return found


def _declare(lib: Any) -> None:
    """Argument and result types of the FLINT functions called here."""
    vp, sl, ul, ci = ctypes.c_void_p, ctypes.c_long, ctypes.c_ulong, ctypes.c_int
    for name, args, result in (
        ("nmod_mat_init", [vp, sl, sl, ul], None),
        ("nmod_mat_clear", [vp], None),
        ("nmod_mat_lu", [vp, vp, ci], sl),
        ("nmod_mat_solve_tril", [vp, vp, vp, ci], None),
        ("nmod_mat_solve_triu", [vp, vp, vp, ci], None),
        ("nmod_mat_inv", [vp, vp], ci),
        ("nmod_mat_mul", [vp, vp, vp], None),
        ("nmod_mat_window_init", [vp, vp, sl, sl, sl, sl], None),
        ("nmod_mat_window_clear", [vp], None),
    ):
        getattr(lib, name).argtypes = args
        getattr(lib, name).restype = result


def _layout_ok(lib: Any) -> bool:
    buf = ctypes.create_string_buffer(_STRUCT_BYTES)
    lib.nmod_mat_init(buf, 3, 5, 7)
    try:
        words = np.frombuffer(buf.raw[:40], dtype=np.int64)
        return bool(words[0] != 0 and words[1] == 3 and words[2] == 5 and words[3] == 5)
    finally:
        lib.nmod_mat_clear(buf)


@functools.cache
def library() -> Any | None:
    """The loaded FLINT library, or None when python-flint is missing or its layout unknown."""
    if os.environ.get("LIGHTSOUT_NO_FLINT"):
        return None
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
            _declare(lib)
            if _layout_ok(lib):
                return lib
        except (OSError, AttributeError):
            continue
    return None


def available() -> bool:
    """Whether the FLINT engines can run: python-flint is installed and its library loads.

    Examples
    --------
    >>> available() == (library() is not None)
    True
    """
    return library() is not None


class FlintMatrix:
    """An ``nmod_mat`` owned by Python: created from a numpy array, read back as one.

    ``values``, when given, is a rows × cols array of residues below the word-size
    ``modulus`` (any integer dtype); the entries are zero otherwise.
    """

    def __init__(self, rows: int, cols: int, modulus: int, values: np.ndarray | None = None):
        lib = library()
        assert lib is not None
        self._lib = lib
        self.rows, self.cols = int(rows), int(cols)
        self.modulus = int(modulus)
        self.ptr: Any = ctypes.create_string_buffer(_STRUCT_BYTES)
        lib.nmod_mat_init(self.ptr, self.rows, self.cols, self.modulus)
        if values is not None and self.rows * self.cols:
            src = np.asarray(values).reshape(self.rows, self.cols)
            if src.dtype not in (np.uint64, np.int64):  # int64 residues are >= 0: same words
                src = src.astype(np.uint64)
            src = np.ascontiguousarray(src)
            ctypes.memmove(self._entries(), src.ctypes.data, src.nbytes)

    def _entries(self) -> int:
        return int(ctypes.c_void_p.from_buffer(self.ptr).value or 0)

    def view(self) -> np.ndarray:
        """The entries as a rows × cols uint64 array sharing FLINT's memory (keep self alive)."""
        if not self.rows * self.cols:
            return np.zeros((self.rows, self.cols), dtype=np.uint64)
        words = (ctypes.c_uint64 * (self.rows * self.cols)).from_address(self._entries())
        return np.ctypeslib.as_array(words).reshape(self.rows, self.cols)

    def window(self, r1: int, c1: int, r2: int, c2: int) -> FlintWindow:
        """The block of rows ``r1:r2`` and columns ``c1:c2``, sharing memory (FLINT's window)."""
        return FlintWindow(self, r1, c1, r2, c2)

    def to_numpy(self) -> np.ndarray:
        """The entries as a rows × cols array of uint64."""
        out = np.zeros((self.rows, self.cols), dtype=np.uint64)
        if out.size:
            ctypes.memmove(out.ctypes.data, self._entries(), out.nbytes)
        return out

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the entries, not FLINT's pointers."""
        return {"shape": (self.rows, self.cols, self.modulus), "values": self.to_numpy()}

    def __setstate__(self, state: dict[str, Any]) -> None:
        rows, cols, modulus = state["shape"]
        self.__init__(rows, cols, modulus, state["values"])  # type: ignore[misc]

    def __del__(self) -> None:
        buf = getattr(self, "ptr", None)
        if buf is not None:
            self._lib.nmod_mat_clear(buf)
            self.ptr = None


class FlintWindow:
    """A block of a :class:`FlintMatrix` that FLINT's functions read in place."""

    def __init__(self, parent: FlintMatrix, r1: int, c1: int, r2: int, c2: int) -> None:
        self._parent = parent  # keeps the entries alive
        self._lib = parent._lib
        self._corners = (int(r1), int(c1), int(r2), int(c2))
        self.rows, self.cols = int(r2 - r1), int(c2 - c1)
        self.ptr: Any = ctypes.create_string_buffer(_STRUCT_BYTES)
        self._lib.nmod_mat_window_init(self.ptr, parent.ptr, *self._corners)

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the parent matrix and the corners (pickle keeps one copy of a shared parent)."""
        return {"parent": self._parent, "corners": self._corners}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["parent"], *state["corners"])  # type: ignore[misc]

    def __del__(self) -> None:
        buf = getattr(self, "ptr", None)
        if buf is not None:
            self._lib.nmod_mat_window_clear(buf)
            self.ptr = None


def lu(mat: FlintMatrix) -> tuple[int, np.ndarray, np.ndarray]:
    """FLINT's LU decomposition of ``mat`` in place: the rank r, the row order (FLINT's P),
    and the pivot column of each of the first r rows.
    """
    lib: Any = library()
    m, n = mat.rows, mat.cols
    cperm = (ctypes.c_long * max(m, 1))(*range(m))
    r = int(lib.nmod_mat_lu(cperm, mat.ptr, 0)) if m and n else 0
    perm = np.ctypeslib.as_array(cperm)[:m].astype(np.int64)
    view = mat.view()
    piv = np.arange(r, dtype=np.int64)
    diag = view[np.arange(r), np.arange(r)]
    for i in np.flatnonzero(diag == 0):  # rows whose pivot lies right of the diagonal
        piv[i] = i + int(np.argmax(view[i, i:] != 0))
    return r, perm, piv


def solve_tri(
    name: str, tri: FlintMatrix | FlintWindow, rhs: np.ndarray, unit: bool, modulus: int
) -> np.ndarray:
    """``tri⁻¹ · rhs`` mod ``modulus`` as uint64, by FLINT's ``nmod_mat_solve_tril`` or
    ``_triu`` (``name``), which read only their triangle (and the diagonal unless ``unit``).
    """
    rows, cols = rhs.shape
    if rows == 0 or cols == 0:
        return np.zeros((rows, cols), dtype=np.uint64)
    b = FlintMatrix(rows, cols, modulus, rhs)
    x = FlintMatrix(rows, cols, modulus)
    getattr(library(), name)(x.ptr, tri.ptr, b.ptr, int(unit))
    return x.to_numpy()


def mul(left: FlintMatrix | FlintWindow, right: np.ndarray, modulus: int) -> np.ndarray:
    """``left · right`` mod ``modulus`` as uint64, by FLINT's ``nmod_mat_mul``."""
    out = FlintMatrix(left.rows, right.shape[1], modulus)
    b = FlintMatrix(right.shape[0], right.shape[1], modulus, right)
    left._lib.nmod_mat_mul(out.ptr, left.ptr, b.ptr)
    return out.to_numpy()
