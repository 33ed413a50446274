"""Exact linear algebra over Z_k: factorise a matrix once, then solve, count and certify.

The engines know nothing of graphs: matrices and vectors of integers mod k in, solutions,
kernels, certificates and exact counts out. :func:`factorize` picks the engine: bit-packed
elimination for k = 2 (a compiled packed-word kernel for large matrices when numba is
installed; a dense packed-word engine on request), bit-sliced elimination for k = 3, 2-adic lifting from GF(2) for k = 4, sparse row
insertion for other primes (FLINT's dense LU when faster), a Smith-like form over the local
ring for other prime powers p^e (built by blocks on FLINT's LU mod p with Hensel lifting, or
one pivot at a time for tiny matrices), and the Chinese remainder theorem for any other k. The elimination engines first reorder the
rows and columns of square matrices when that makes elimination cheaper; answers always come
back in the caller's order.

Beside the engines: :func:`check_modulus`, :data:`MAX_MODULUS` and :func:`is_prime` (the one
check and bound of a modulus in the package), :func:`iter_coset` and friends (the members of a
solution coset), and :func:`bitset_rank` (GF(2) rank of a matrix given as row bitsets).
"""

# ruff: noqa: F401  (the typed imports are the package's names; __all__ comes from _HOMES)

from __future__ import annotations

from typing import TYPE_CHECKING

from lightsout_graphs.core._lazy import lazy_package

if TYPE_CHECKING:  # what each name is; at run time it is imported on first use
    from lightsout_graphs.core.zk.bitsets import BitsetRank, bitset_rank
    from lightsout_graphs.core.zk.budget import (
        estimate_memory,
        memory_budget,
        set_memory_budget,
        set_time_budget,
        time_budget,
    )
    from lightsout_graphs.core.zk.cosets import coset_blocks, coset_member, iter_coset
    from lightsout_graphs.core.zk.crt import prime_power_parts
    from lightsout_graphs.core.zk.dispatch import (
        METHODS,
        component_engines,
        factorize,
        kernel,
        kernel_size,
        rank,
        solve,
    )
    from lightsout_graphs.core.zk.gf2_dense import DenseGF2, pack_rows, unpack_rows, words_for
    from lightsout_graphs.core.zk.moduli import MAX_MODULUS, check_modulus, is_prime
    from lightsout_graphs.core.zk.protocol import Factorization

#: Where each public name lives, imported on first use (:mod:`lightsout_graphs.core._lazy`).
_HOMES: dict[str, tuple[str, ...]] = {
    "lightsout_graphs.core.zk.bitsets": ("BitsetRank", "bitset_rank"),
    "lightsout_graphs.core.zk.budget": (
        "estimate_memory",
        "memory_budget",
        "set_memory_budget",
        "set_time_budget",
        "time_budget",
    ),
    "lightsout_graphs.core.zk.cosets": ("coset_blocks", "coset_member", "iter_coset"),
    "lightsout_graphs.core.zk.crt": ("prime_power_parts",),
    "lightsout_graphs.core.zk.dispatch": (
        "METHODS",
        "component_engines",
        "factorize",
        "kernel",
        "kernel_size",
        "rank",
        "solve",
    ),
    "lightsout_graphs.core.zk.gf2_dense": ("DenseGF2", "pack_rows", "unpack_rows", "words_for"),
    "lightsout_graphs.core.zk.moduli": ("MAX_MODULUS", "check_modulus", "is_prime"),
    "lightsout_graphs.core.zk.protocol": ("Factorization",),
}
__getattr__, __dir__, __all__ = lazy_package(__name__, _HOMES)
