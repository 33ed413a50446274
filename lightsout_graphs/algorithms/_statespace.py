"""Boards packed into integers, for searches over whole state spaces.

A vector of ``length`` digits in ``0..k-1`` (a board, or presses) is coded as the int64
``Σ v_i k**i``: digit i holds light i, one bit per light for k = 2. :class:`PackedSpace`
encodes and decodes, and adds a fixed vector to a numpy array of codes at once, which is what a
breadth-first search over boards does level after level (:mod:`lightsout_graphs.algorithms.gods`,
:mod:`lightsout_graphs.algorithms.variants.lit_only`). :func:`check_bound` validates the user's bound on
the number of boards such a search may visit.
"""

from __future__ import annotations

import numpy as np

from lightsout_graphs.core.errors import SearchLimitError, require_int

#: Codes are int64, so a packed space holds at most this many boards.
HARD_LIMIT = 2**62

#: A vector prepared for :meth:`PackedSpace.add`: its XOR mask (k = 2) and its non-zero
#: digits as (index, digit) pairs.
Shift = tuple[int, list[tuple[int, int]]]


def check_bound(value: object, name: str = "max_states") -> int:
    """A user-given search bound, checked to be an int >= 1 (else :class:`SearchLimitError`)."""
    return require_int(value, name, minimum=1, error=SearchLimitError)


class PackedSpace:
    """All vectors of ``length`` digits in ``0..k-1``, coded as int64 ``Σ v_i k**i``.

    Adding a fixed vector to many codes at once is vectorised over numpy arrays of codes: an XOR
    for k = 2, digit-wise modular addition otherwise (only on the digits the vector touches).
    A space of more than :data:`HARD_LIMIT` codes raises :class:`SearchLimitError`.
    """

    def __init__(self, length: int, k: int) -> None:
        self.length = length
        self.k = k
        self.size = k**length
        if self.size > HARD_LIMIT:
            msg = f"A space of {k}**{length} boards does not fit 64-bit codes."
            raise SearchLimitError(msg)
        self.places = [k**i for i in range(length)]

    def encode(self, vector: np.ndarray) -> int:
        return sum(int(v) * p for v, p in zip(vector, self.places, strict=True))

    def decode(self, code: int) -> np.ndarray:
        out = np.zeros(self.length, dtype=np.int64)
        for i in range(self.length):
            code, out[i] = divmod(code, self.k)
        return out

    def decode_many(self, codes: np.ndarray) -> np.ndarray:
        """The vectors of many codes, one per row."""
        codes = np.asarray(codes, dtype=np.int64)
        out = np.empty((codes.size, self.length), dtype=np.int64)
        for i, place in enumerate(self.places):
            out[:, i] = (codes // place) % self.k
        return out

    def digit(self, codes: np.ndarray, i: int) -> np.ndarray:
        """Digit ``i`` of every code."""
        if self.k == 2:
            return (codes >> i) & 1
        return (codes // self.places[i]) % self.k

    def shift(self, vector: np.ndarray) -> Shift:
        """Prepare a vector for :meth:`add`: its XOR mask (k = 2) and its non-zero digits."""
        terms = [(i, int(a) % self.k) for i, a in enumerate(vector) if int(a) % self.k]
        mask = sum(1 << i for i, _ in terms) if self.k == 2 else 0
        return mask, terms

    def add(self, codes: np.ndarray, shift: Shift) -> np.ndarray:
        """``codes + vector`` digit-wise mod k, for a vector prepared by :meth:`shift`."""
        mask, terms = shift
        if self.k == 2:
            return codes ^ mask
        out = codes.copy()
        for i, a in terms:
            place = self.places[i]
            d = (codes // place) % self.k
            out += (((d + a) % self.k) - d) * place
        return out

    def negate(self, shift: Shift) -> Shift:
        """The prepared form of ``-vector``."""
        mask, terms = shift
        return mask, [(i, (-a) % self.k) for i, a in terms]
