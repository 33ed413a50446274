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

__all__ = ["HARD_LIMIT", "PackedSpace", "check_bound"]

#: Codes are int64, so a packed space holds at most this many boards.
HARD_LIMIT = 2**62

#: A vector prepared for :meth:`PackedSpace.add`: its XOR mask (k = 2) and its non-zero
#: digits as (index, digit) pairs.
Shift = tuple[int, list[tuple[int, int]]]


def check_bound(value: object, name: str = "max_states") -> int:
    """Validate a user-given search bound (an int >= 1) and return it.

    Parameters
    ----------
    value : object
        The bound as the caller gave it.
    name : str
        The argument's name, quoted in the message.

    Returns
    -------
    int

    Raises
    ------
    SearchLimitError
        When ``value`` is not an int >= 1.

    Examples
    --------
    >>> check_bound(4096)
    4096
    >>> check_bound(0)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.SearchLimitError: Argument 'max_states' must be an int >= 1, not 0.
    """
    return require_int(value, name, minimum=1, error=SearchLimitError)


class PackedSpace:
    """All vectors of ``length`` digits in ``0..k-1``, coded as int64 ``Σ v_i k**i``.

    Adding a fixed vector to many codes at once is vectorised over numpy arrays of codes: an XOR
    for k = 2, digit-wise modular addition otherwise (only on the digits the vector touches).

    Parameters
    ----------
    length : int
        The number of digits (lights).
    k : int
        The modulus: digits run over ``0..k-1``.

    Raises
    ------
    SearchLimitError
        When ``k**length`` exceeds :data:`HARD_LIMIT` (callers check their bound first).

    Examples
    --------
    >>> space = PackedSpace(3, 3)
    >>> space.size, space.encode(np.array([1, 0, 2]))
    (27, 19)
    >>> space.decode(19).tolist()
    [1, 0, 2]
    >>> shift = space.shift(np.array([2, 1, 0]))
    >>> space.decode_many(space.add(np.array([19]), shift)).tolist()
    [[0, 1, 2]]
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
        """The code of one vector.

        Examples
        --------
        >>> PackedSpace(4, 2).encode(np.array([1, 1, 0, 1]))
        11
        """
        return sum(int(v) * p for v, p in zip(vector, self.places, strict=True))

    def decode(self, code: int) -> np.ndarray:
        """The vector of one code.

        Examples
        --------
        >>> PackedSpace(4, 2).decode(11).tolist()
        [1, 1, 0, 1]
        """
        out = np.zeros(self.length, dtype=np.int64)
        for i in range(self.length):
            code, out[i] = divmod(code, self.k)
        return out

    def decode_many(self, codes: np.ndarray) -> np.ndarray:
        """The vectors of many codes, one per row.

        Examples
        --------
        >>> PackedSpace(2, 3).decode_many(np.array([0, 5, 8])).tolist()
        [[0, 0], [2, 1], [2, 2]]
        """
        codes = np.asarray(codes, dtype=np.int64)
        out = np.empty((codes.size, self.length), dtype=np.int64)
        for i, place in enumerate(self.places):
            out[:, i] = (codes // place) % self.k
        return out

    def digit(self, codes: np.ndarray, i: int) -> np.ndarray:
        """Digit ``i`` of every code.

        Examples
        --------
        >>> PackedSpace(2, 3).digit(np.array([0, 5, 8]), 1).tolist()
        [0, 1, 2]
        """
        if self.k == 2:
            return (codes >> i) & 1
        return (codes // self.places[i]) % self.k

    def shift(self, vector: np.ndarray) -> Shift:
        """Prepare a vector for :meth:`add`: its XOR mask (k = 2) and its non-zero digits.

        Examples
        --------
        >>> PackedSpace(3, 2).shift(np.array([1, 0, 1]))
        (5, [(0, 1), (2, 1)])
        """
        terms = [(i, int(a) % self.k) for i, a in enumerate(vector) if int(a) % self.k]
        mask = sum(1 << i for i, _ in terms) if self.k == 2 else 0
        return mask, terms

    def add(self, codes: np.ndarray, shift: Shift) -> np.ndarray:
        """``codes + vector`` digit-wise mod k, for a vector prepared by :meth:`shift`.

        Examples
        --------
        >>> space = PackedSpace(2, 2)
        >>> space.add(np.array([0, 1, 2, 3]), space.shift(np.array([1, 0]))).tolist()
        [1, 0, 3, 2]
        """
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
        """The prepared form of ``-vector``.

        Examples
        --------
        >>> space = PackedSpace(2, 5)
        >>> space.negate(space.shift(np.array([1, 3])))
        (0, [(0, 4), (1, 2)])
        """
        mask, terms = shift
        return mask, [(i, (-a) % self.k) for i, a in terms]
