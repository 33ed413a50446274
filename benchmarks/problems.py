"""Test problems of the benchmarks: toggle matrices built directly, and solvable right-hand sides.

They are built with numpy, scipy and networkx alone, so that building a big problem costs
little and does not go through the code being measured.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import scipy.sparse as sp

__all__ = ["closed_grid_apply", "grid_matrix", "random_sparse_matrix", "reachable_rhs"]


def grid_matrix(m: int, n: int, *, rule: str = "closed") -> sp.csr_array:
    """The toggle matrix of the m×n grid (row-major nodes), built directly with scipy.

    It equals ``lo.grid(m, n, rule=rule).toggle_matrix()`` (a test checks this), without
    building a networkx graph, so large boards cost little.

    Parameters
    ----------
    m, n : int
        Rows and columns.
    rule : {"closed", "open"}
        Whether a press toggles its own light.

    Returns
    -------
    scipy.sparse.csr_array
        int64, shape (m·n, m·n).

    Examples
    --------
    >>> grid_matrix(1, 3).toarray().tolist()
    [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    >>> grid_matrix(1, 3, rule="open").toarray().tolist()
    [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
    """
    path_m = sp.diags_array([np.ones(m - 1), np.ones(m - 1)], offsets=[-1, 1], shape=(m, m))
    path_n = sp.diags_array([np.ones(n - 1), np.ones(n - 1)], offsets=[-1, 1], shape=(n, n))
    adj = sp.kron(path_m, sp.eye_array(n)) + sp.kron(sp.eye_array(m), path_n)
    if rule == "closed":
        adj = adj + sp.eye_array(m * n)
    return sp.csr_array(adj, dtype=np.int64)


def closed_grid_apply(presses: np.ndarray, modulus: int = 2, *, rule: str = "closed") -> np.ndarray:
    """What pressing an m×n array of presses does to a dark grid board (a numpy stencil).

    Parameters
    ----------
    presses : numpy.ndarray
        Shape (m, n), press counts.
    modulus : int
        k.
    rule : {"closed", "open"}
        Whether a press changes its own light.

    Returns
    -------
    numpy.ndarray
        The resulting board, shape (m, n), entries mod k.

    Examples
    --------
    >>> closed_grid_apply(np.array([[1, 0, 0], [0, 0, 0]])).tolist()
    [[1, 1, 0], [1, 0, 0]]
    """
    x = np.asarray(presses, dtype=np.int64)
    out = x.copy() if rule == "closed" else np.zeros_like(x)
    out[1:, :] += x[:-1, :]
    out[:-1, :] += x[1:, :]
    out[:, 1:] += x[:, :-1]
    out[:, :-1] += x[:, 1:]
    return out % modulus


def random_sparse_matrix(nodes: int, degree: float, seed: int) -> sp.csr_array:
    """The closed-rule toggle matrix of a G(N, p) random graph with the given average degree.

    Parameters
    ----------
    nodes : int
        N.
    degree : float
        The expected average degree (p = degree / (N − 1)).
    seed : int
        Seed of the random graph.

    Returns
    -------
    scipy.sparse.csr_array
        ``A + I``, int64, shape (N, N).

    Examples
    --------
    >>> a = random_sparse_matrix(50, 4.0, seed=1)
    >>> a.shape, bool((a.diagonal() == 1).all()), bool((a != a.T).nnz == 0)
    ((50, 50), True, True)
    """
    graph = nx.fast_gnp_random_graph(nodes, degree / (nodes - 1), seed=seed)
    adj = nx.to_scipy_sparse_array(graph, nodelist=range(nodes), dtype=np.int64, format="csr")
    return sp.csr_array(adj + sp.eye_array(nodes, dtype=np.int64))


def reachable_rhs(matrix: sp.csr_array, modulus: int, seed: int) -> np.ndarray:
    """A right-hand side ``A x0 mod k`` for random presses x0, so that it is solvable.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        A.
    modulus : int
        k.
    seed : int
        Seed of x0.

    Returns
    -------
    numpy.ndarray
        int64, one entry per row of A.

    Examples
    --------
    >>> a = grid_matrix(2, 2)
    >>> b = reachable_rhs(a, 3, seed=0)
    >>> b.shape, bool(((b >= 0) & (b < 3)).all())
    ((4,), True)
    """
    rng = np.random.default_rng(seed)
    x0 = rng.integers(0, modulus, matrix.shape[1], dtype=np.int64)
    return np.asarray(matrix @ x0, dtype=np.int64) % modulus
