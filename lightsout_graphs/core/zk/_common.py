"""Checks of matrices, moduli and right-hand sides, and vector helpers for the Z_k engines."""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.errors import InvalidStateError, MatrixError, require_int_entries

INT64_MAX = int(np.iinfo(np.int64).max)


def fits_int64(modulus: int) -> bool:
    """Whether products of two residues mod ``modulus`` fit a signed 64-bit integer."""
    return (modulus - 1) ** 2 <= INT64_MAX


def vector_dtype(modulus: int) -> Any:
    """``np.int64`` when residue products fit 64 bits, else ``object`` (Python ints)."""
    return np.int64 if fits_int64(modulus) else object


def _is_int_kind(dtype: np.dtype) -> bool:
    return dtype.kind in "iub"


def residues(arr: np.ndarray, modulus: int) -> np.ndarray:
    """An integer array mod ``modulus`` as int64 (uint64 entries reduced before the cast)."""
    if arr.dtype.kind == "u" and arr.dtype.itemsize == 8:
        return (arr % np.uint64(modulus)).astype(np.int64)
    return arr.astype(np.int64) % modulus


def _reduce_object(values: np.ndarray, modulus: int) -> np.ndarray:
    flat = values.ravel()
    out = np.empty(flat.shape, dtype=np.int64)
    for i, v in enumerate(flat):
        if isinstance(v, bool | np.bool_) or not isinstance(v, numbers.Integral):
            where = tuple(int(c) for c in np.unravel_index(i, values.shape))
            msg = f"Argument 'matrix' must hold integers; entry {where} is {v!r}."
            raise MatrixError(msg)
        out[i] = int(v) % modulus
    return out.reshape(values.shape)


def coerce_matrix(matrix: object, modulus: int) -> sp.csr_array:
    """The matrix as a CSR array of int64 entries in ``0..modulus-1``, explicit zeros dropped.

    Accepts scipy.sparse arrays or matrices and 2-D numpy integer (or boolean) arrays; any
    integers are reduced mod ``modulus``. Raises :class:`MatrixError` for anything else.
    """
    arr: Any
    if sp.issparse(matrix):
        arr = sp.csr_array(matrix)
    elif isinstance(matrix, np.ndarray):
        arr = matrix
    elif isinstance(matrix, list | tuple):
        try:
            arr = np.array(matrix, dtype=object)
        except ValueError:
            arr = None
        if arr is None or (arr.ndim == 1 and any(isinstance(v, list | tuple) for v in arr)):
            lengths = [len(v) if isinstance(v, list | tuple) else None for v in matrix]
            msg = f"Argument 'matrix' is a ragged sequence (row lengths {lengths}), not 2-D."
            raise MatrixError(msg)
    else:
        msg = (
            "Argument 'matrix' must be a scipy.sparse array or a 2-D numpy integer array, "
            f"not {type(matrix).__name__}."
        )
        raise MatrixError(msg)
    if arr.ndim != 2:
        msg = f"Argument 'matrix' must be 2-D, not of shape {arr.shape}."
        raise MatrixError(msg)
    if arr.dtype == object and not sp.issparse(arr):
        reduced = _reduce_object(arr, modulus)
    elif not _is_int_kind(arr.dtype):
        msg = f"Argument 'matrix' must hold integers, not dtype {arr.dtype}."
        raise MatrixError(msg)
    elif sp.issparse(arr):
        arr.sum_duplicates()
        data = residues(arr.data, modulus)
        reduced = sp.csr_array((data, arr.indices.copy(), arr.indptr.copy()), shape=arr.shape)
    else:
        reduced = residues(arr, modulus)
    out = sp.csr_array(reduced)
    out.eliminate_zeros()
    return out


def coerce_vector(rhs: object, length: int, modulus: int, name: str = "rhs") -> np.ndarray:
    """``rhs`` as a 1-D vector of residues mod ``modulus`` (dtype from :func:`vector_dtype`).

    Raises :class:`InvalidStateError` naming ``name`` when it is not a 1-D integer vector of
    the given length.
    """
    if isinstance(rhs, np.ndarray):
        arr = rhs
    else:
        try:
            arr = np.array(rhs, dtype=object)
        except ValueError:
            msg = f"Argument {name!r} must be a 1-D integer vector, not {rhs!r}."
            raise InvalidStateError(msg) from None
    if arr.ndim != 1:
        msg = f"Argument {name!r} must be a 1-D vector, not of shape {arr.shape}."
        raise InvalidStateError(msg)
    if arr.shape[0] != length:
        msg = f"Argument {name!r} must have length {length}, not {arr.shape[0]}."
        raise InvalidStateError(msg)
    if arr.dtype == object:
        values = [v % modulus for v in require_int_entries(arr, name)]
        return np.array(values, dtype=vector_dtype(modulus)).reshape(length)
    if not _is_int_kind(arr.dtype):
        msg = f"Argument {name!r} must hold integers, not dtype {arr.dtype}."
        raise InvalidStateError(msg)
    return residues(arr, modulus).astype(vector_dtype(modulus))


def matvec_mod(mat: np.ndarray, vec: np.ndarray, modulus: int) -> np.ndarray:
    """``mat @ vec mod modulus`` without overflow (entries of both in ``0..modulus-1``)."""
    terms = mat.shape[1] if mat.ndim == 2 else 0
    if mat.dtype != object and terms * (modulus - 1) ** 2 <= INT64_MAX:
        return (mat.astype(np.int64) @ vec.astype(np.int64)) % modulus
    big = mat.astype(object) @ vec.astype(object) if terms else np.zeros(mat.shape[0], object)
    out = np.array([int(v) % modulus for v in big], dtype=vector_dtype(modulus))
    return out.reshape(mat.shape[0])


def embed_crt(vector: np.ndarray, factor: int, modulus: int) -> np.ndarray:
    """``vector * factor mod modulus`` in exact arithmetic, as a vector of dtype for modulus."""
    vals = [int(v) * factor % modulus for v in vector]
    return np.array(vals, dtype=vector_dtype(modulus)).reshape(len(vals))
