"""Boards packed into integers: digit i (base k) holds light i, one bit per light for k = 2."""

from __future__ import annotations

import numbers

import numpy as np

from lightsout_graphs.errors import SearchLimitError

__all__ = ["PackedSpace", "check_bound"]

#: Codes are int64, so a packed space holds at most this many boards.
HARD_LIMIT = 2**62


def check_bound(value: object, name: str = "max_states") -> int:
    """Validate a user-given search bound (an int >= 1) and return it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) < 1:
        msg = f"Argument {name!r} must be an int >= 1, not {value!r}."
        raise SearchLimitError(msg)
    return int(value)


class PackedSpace:
    """All vectors of ``length`` digits in ``0..k-1``, coded as int64 ``Σ v_i k**i``.

    Adding a fixed vector to many codes at once is vectorised over numpy arrays of codes: an XOR
    for k = 2, digit-wise modular addition otherwise (only on the digits the vector touches).
    """

    def __init__(self, length: int, k: int) -> None:
        self.length = length
        self.k = k
        self.size = k**length
        if self.size > HARD_LIMIT:  # pragma: no cover - callers check their bound first
            msg = f"A space of {k}**{length} boards does not fit 64-bit codes."
            raise SearchLimitError(msg)
        self.places = [k**i for i in range(length)]

    def encode(self, vector: np.ndarray) -> int:
        """The code of one vector."""
        return sum(int(v) * p for v, p in zip(vector, self.places, strict=True))

    def decode(self, code: int) -> np.ndarray:
        """The vector of one code."""
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

    def shift(self, vector: np.ndarray) -> tuple[int, list[tuple[int, int]]]:
        """Prepare a vector for :meth:`add`: its XOR mask (k = 2) and its non-zero digits."""
        terms = [(i, int(a) % self.k) for i, a in enumerate(vector) if int(a) % self.k]
        mask = sum(1 << i for i, _ in terms) if self.k == 2 else 0
        return mask, terms

    def add(self, codes: np.ndarray, shift: tuple[int, list[tuple[int, int]]]) -> np.ndarray:
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

    def negate(self, shift: tuple[int, list[tuple[int, int]]]) -> tuple[int, list[tuple[int, int]]]:
        """The prepared form of ``-vector``."""
        mask, terms = shift
        return mask, [(i, (-a) % self.k) for i, a in terms]
