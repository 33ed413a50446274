"""God's number, exact: the first method that proves it answers."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from lightsout_graphs.algorithms._statespace import check_bound
from lightsout_graphs.algorithms.buttons import distinct_buttons
from lightsout_graphs.algorithms.gods._bfs import DEFAULT_MAX_STATES, depth_distribution
from lightsout_graphs.algorithms.gods._covering import gods_number_bounds
from lightsout_graphs.core._progress import seconds_bar
from lightsout_graphs.core.errors import (
    LightsOutError,
    MemoryBudgetError,
    SearchLimitError,
    require_seconds,
)
from lightsout_graphs.representation.puzzle import Puzzle, checks_puzzle


def _count(value: int) -> str:
    """A count as digits, or as a power of two when it is too long to read."""
    if value < 10**12:
        return str(value)
    exp = value.bit_length() - 1
    return f"2**{exp}" if value == 1 << exp else f"about 2**{exp}"


@checks_puzzle
def gods_number(
    puzzle: Puzzle,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    time_limit: float = 600.0,
    max_kernel: int = 2**40,
    progress: bool = False,
) -> int:
    """The most presses any solvable board needs at the fewest, proven by any method that can.

    The methods, cheapest first: no quiet pattern (every board has one solution, so the answer
    is ``(k − 1)·n``); breadth-first search over the solvable boards when there are few; the
    covering radius of the quiet-pattern code (:func:`gods_number_bounds`: averaging,
    the Walsh spectrum and integer programmes), which needs no enumeration of boards; and the
    breadth-first search again up to ``max_states`` boards.

    Parameters
    ----------
    puzzle : Puzzle
    max_states : int, default 2**24
        The most solvable boards the breadth-first search may enumerate.
    time_limit : float, default 600
        Seconds for the quiet-pattern programmes.
    max_kernel : int, default 2**40
        The most quiet patterns the programmes accept.
    progress : bool, default False
        Show a tqdm bar of the seconds spent out of ``time_limit``, and the method running
        (on standard error, or a widget in a notebook): the 9×9 board takes minutes.

    Returns
    -------
    int

    Raises
    ------
    SearchLimitError
        When no method proves the value within these limits; the message gives the bounds
        that were proven and points to :func:`gods_number_bounds`, which returns them with a
        board that needs the lower bound.

    See Also
    --------
    gods_number_bounds : proven bounds within a time limit, with a hard board.
    depth_distribution : how many boards need each number of presses.

    Examples
    --------
    >>> gods_number(lo.grid(3, 3))
    9
    >>> gods_number(lo.grid(4, 4)), gods_number(lo.grid(3, 3, modulus=3))
    (7, 18)
    >>> gods_number(lo.grid(17, 17))  # 2**287 solvable boards: averaging proves it
    199
    """
    from lightsout_graphs.algorithms.planner import gods_methods
    from lightsout_graphs.algorithms.solver import factorization

    bound = check_bound(max_states)
    time_limit = require_seconds(time_limit)
    max_kernel = check_bound(max_kernel, "max_kernel")
    tried: list[str] = []
    with seconds_bar(progress, "God's number", time_limit) as note:
        note("factorising")
        engine = factorization(puzzle)
        image = int(engine.image_size)
        # The programmes search the buttons of distinct effects only, whose quiet patterns
        # number k^kept / image (|kernel| · |image| = k^buttons for any map between Z_k-modules).
        kernel = puzzle.modulus ** len(distinct_buttons(puzzle)) // image
        methods = gods_methods(image, kernel, max_states=bound, max_kernel=max_kernel)
        for method in methods:
            note(method)
            found = _METHODS[method](puzzle, bound, time_limit, max_kernel, tried)
            if found is not None:
                return found
    if kernel > max_kernel:
        which = "" if kernel == engine.kernel_size else " (over its buttons of distinct effects)"
        tried.append(
            f"its {_count(kernel)} quiet patterns{which} are more than max_kernel={max_kernel}"
        )
    if image > bound:
        tried.append(f"its {_count(image)} solvable boards are more than max_states={bound}")
    msg = (
        f"God's number of this puzzle is not proven: {'; '.join(tried)}. "
        "gods_number_bounds(puzzle, time_limit=...) returns the proven bounds with a board "
        "that needs the lower one; counting_bound(puzzle) bounds it from below for any kernel."
    )
    raise SearchLimitError(msg)


@checks_puzzle
def gods_number_range(
    puzzle: Puzzle, *, time_limit: float = 600.0, few_boards: int = 2**16
) -> tuple[int | None, int, int]:
    """God's number if it is proven, else the proven bounds: every method, cheapest first.

    The covering programmes first (:func:`gods_number_bounds`), with the counting bound
    (:func:`counting_bound`, for any kernel) as a floor; when they are refused, the search
    of :func:`gods_number`; when that is refused too, the bounds that need no search (every
    button pressed k − 1 times, and over GF(2) the averaging bound of the quiet-pattern
    code). Bounds that stay apart on a puzzle of at most ``few_boards`` solvable boards are
    settled by searching them all.

    Parameters
    ----------
    puzzle : Puzzle
    time_limit : float, default 600.0
        Seconds for each proving method.
    few_boards : int, default 2**16
        The most solvable boards searched to settle bounds that stay apart.

    Returns
    -------
    (int or None, int, int)
        ``(exact, lower, upper)``: ``exact`` is None unless the bounds meet.

    Examples
    --------
    >>> gods_number_range(lo.grid(4, 4))
    (7, 7, 7)
    """
    from lightsout_graphs.algorithms.gods._counting import counting_bound
    from lightsout_graphs.algorithms.gods._covering import quiet_groups
    from lightsout_graphs.algorithms.gods._spectrum import averaging_bound

    counted = counting_bound(puzzle)  # needs no search, holds for any kernel
    try:
        found = gods_number_bounds(puzzle, time_limit=time_limit)
        low, high = max(int(found.lower), counted), int(found.upper)
    except (SearchLimitError, MemoryError):
        # A kernel too large for the programme (some large kernels run out of memory instead
        # of being refused): search the boards, up to gods_number's bound.
        try:
            low = high = int(gods_number(puzzle, time_limit=time_limit))
        except SearchLimitError:  # the bounds that need no search
            high = (puzzle.modulus - 1) * len(puzzle.pressable)
            if puzzle.modulus == 2:
                _, sizes, zero = quiet_groups(puzzle).binary_code()
                high = averaging_bound(sizes, zero)
            return None, counted, high
    if low != high:  # bounds apart: a puzzle with few boards is settled by searching them all
        with contextlib.suppress(SearchLimitError):  # too many boards: the bounds stay
            low = high = max(depth_distribution(puzzle, max_states=few_boards))
    return (low if low == high else None), low, high


def _by_search(
    puzzle: Puzzle, bound: int, time_limit: float, max_kernel: int, tried: list[str]
) -> int | None:
    """The deepest board of the breadth-first search, or None (with why in ``tried``)."""
    del time_limit, max_kernel
    try:
        return max(depth_distribution(puzzle, max_states=bound))
    except LightsOutError as err:
        tried.append(f"the breadth-first search was refused ({err})")
    return None


def _by_covering(
    puzzle: Puzzle, bound: int, time_limit: float, max_kernel: int, tried: list[str]
) -> int | None:
    """The covering radius of the quiet-pattern code when the programmes prove it, or None."""
    del bound
    try:
        g = gods_number_bounds(puzzle, time_limit=time_limit, max_kernel=max_kernel)
    except MemoryBudgetError as err:
        tried.append(f"the quiet-pattern programmes were refused ({err})")
        return None
    if g.exact:
        return int(g.lower)
    tried.append(
        f"the quiet-pattern programmes proved only {g.lower}..{g.upper} in "
        f"time_limit={time_limit} s"
    )
    return None


#: How each method of ``planner.gods_methods`` is tried.
_METHODS: dict[str, Callable[[Puzzle, int, float, int, list[str]], int | None]] = {
    "breadth-first search": _by_search,
    "covering": _by_covering,
}
