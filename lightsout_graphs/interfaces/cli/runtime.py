"""How every ``lightsout`` command runs: exit codes, the error policy and progress on stderr.

:func:`run` calls a subcommand's handler under the error policy (exit 2 and one line on stderr
for bad input, exit 1 for an unsolvable board, no traceback unless ``--debug``);
:func:`progress` shows a tqdm bar on a terminal only, silent with ``--quiet``, and
:func:`status` one line while a long step runs.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from lightsout_graphs.core.errors import LightsOutError, Unsolvable

__all__ = ["CommandError"]

PROG = "lightsout"
EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_ERROR = 2
EXIT_INTERNAL = 3

T = TypeVar("T")


class CommandError(LightsOutError, ValueError):
    """A command line that cannot be carried out: conflicting options, a bad output name.

    Examples
    --------
    >>> isinstance(CommandError("--min needs --solution"), ValueError)
    True
    """


def progress_enabled(args: argparse.Namespace | None = None) -> bool:
    """Whether to show progress: standard error is a terminal and ``--quiet`` is off."""
    if args is not None and getattr(args, "quiet", False):
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def progress(
    items: Iterable[T],
    args: argparse.Namespace | None = None,
    *,
    total: int | None = None,
    desc: str | None = None,
) -> Iterator[T]:
    """Iterate with a tqdm bar on standard error when :func:`progress_enabled`, else plainly."""
    if not progress_enabled(args):
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=desc, file=sys.stderr, leave=False)


@contextlib.contextmanager
def status(
    args: argparse.Namespace | None, text: str, *, size: int = 0, threshold: int = 2000
) -> Iterator[None]:
    """Show ``text`` on standard error while a step runs (on a terminal, not ``--quiet``).

    Nothing is shown for a ``size`` below ``threshold``; the line is cleared afterwards.
    """
    show = size >= threshold and progress_enabled(args)
    if show:
        sys.stderr.write(f"{PROG}: {text}...")
        sys.stderr.flush()
    try:
        yield
    finally:
        if show:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def error_line(message: object) -> str:
    """One line for standard error: ``lightsout: error: ...`` with whitespace folded."""
    text = " ".join(str(message).split())
    return f"{PROG}: error: {text}"


#: The words of the Python API that name an argument in an error message: ``Argument 'k'``.
_ARGUMENT = re.compile(r"\bArgument '(\w+)'")

#: Family parameters that the command line gives through ``--shape``.
_SHAPE_PARAMS = frozenset({"shape", "m", "n", "d"})


def _option_name(name: str, args: argparse.Namespace) -> str | None:
    """The command-line spelling of the Python argument ``name``, or None when there is none."""
    parser = getattr(args, "_parser", None)
    for action in getattr(parser, "_actions", []):
        if action.dest != name or action.help == argparse.SUPPRESS:
            continue
        longs = [o for o in action.option_strings if o.startswith("--")]
        if longs:
            return longs[0]
        if not action.option_strings:  # a positional argument: its metavar (N, SPEC)
            return str(action.metavar or action.dest.upper())
    params = [p.partition("=")[0] for p in getattr(args, "param", None) or []]
    if name in params:
        return f"--param {name}"
    if name in _SHAPE_PARAMS and getattr(args, "shape", None):
        return "--shape"
    return None


def option_words(message: str, args: argparse.Namespace | None) -> str:
    """An error message of the Python API in the words of the command line.

    ``Argument 'time_limit'`` becomes ``--time-limit``, ``Argument 'max_n'`` the positional ``N``, a
    family parameter ``--param KEY`` or ``--shape``; a name without such a spelling is kept.
    """
    if args is None:
        return message

    def spell(match: re.Match[str]) -> str:
        return _option_name(match.group(1), args) or match.group(0)

    return _ARGUMENT.sub(spell, message)


def run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Call a subcommand's handler under the error policy and return the exit code.

    LightsOutError: one line, exit 2; Unsolvable: the violated parity check, exit 1; OSError:
    exit 2; anything else is a bug: exit 3. ``--debug`` prints the traceback first.
    """
    debug = bool(getattr(args, "debug", False))
    try:
        code = handler(args)
    except Unsolvable as err:
        _traceback(debug)
        print(f"{PROG}: unsolvable: {' '.join(str(err).split())}", file=sys.stderr)
        return EXIT_UNSOLVABLE
    except LightsOutError as err:
        _traceback(debug)
        print(error_line(option_words(str(err), args)), file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        _silence_broken_pipe()
        return EXIT_OK
    except OSError as err:
        _traceback(debug)
        where = f": {err.filename}" if err.filename else ""
        print(error_line(f"{err.strerror or err}{where}"), file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as err:  # noqa: BLE001 - the last resort: any bug becomes exit 3
        _traceback(debug)
        hint = "" if debug else " (run with --debug for details)"
        print(error_line(f"internal error {type(err).__name__}: {err}{hint}"), file=sys.stderr)
        return EXIT_INTERNAL
    return int(code or 0)


def _traceback(debug: bool) -> None:
    """With ``--debug``, print the traceback of the exception being handled (stderr)."""
    if debug:
        traceback.print_exc(file=sys.stderr)


def _silence_broken_pipe() -> None:  # pragma: no cover - depends on the shell
    """Let ``lightsout list | head`` end quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
