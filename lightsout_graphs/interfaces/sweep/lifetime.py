"""Worker processes that die with their sweep, and a clean end on SIGTERM.

Method: on Linux a worker asks the kernel for a parent-death signal (``prctl`` with
``PR_SET_PDEATHSIG`` through ctypes), so the moment the process that started it dies, even by
SIGKILL, the kernel sends it SIGKILL. Nothing has to be polled and nothing can be missed: the
signal is delivered by the kernel, not by the dying parent. If the parent died before the
request was made, the worker sees that its parent id changed and exits at once. The same is
done for the ``geng`` processes a worker starts (by util-linux's ``setpriv --pdeathsig``, or in
the child between fork and exec where it is missing: :func:`child_starter`), and for
the nanny and worker processes of a Dask LocalCluster started by a sweep. Elsewhere (no
``prctl``), and when a worker is started through a ``forkserver``, a watchdog thread polls
the main process once a second instead (or as well).

SIGTERM to the main process raises :class:`SweepTerminated` in it (a ``KeyboardInterrupt``
subclass, so ``finally`` blocks run): finished chunks stay, temporary files are removed and the
command exits with :data:`EXIT_TERMINATED` (143 = 128 + SIGTERM, the shell's convention).
A SIGTERM to a worker only ends that worker; the main process sees the broken pool, stops
with a :class:`~lightsout_graphs.core.errors.SweepError` naming it, and keeps the finished chunks.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["EXIT_TERMINATED", "SweepTerminated"]

#: The exit code of ``lightsout sweep``/``census`` ended by SIGTERM.
EXIT_TERMINATED = 143
_PR_SET_PDEATHSIG = 1


class SweepTerminated(KeyboardInterrupt):
    """Raised in the main process of a sweep when it receives SIGTERM.

    It is a :class:`KeyboardInterrupt`, so the run stops as on Ctrl-C: finished chunks stay
    stored and a later run resumes.

    Examples
    --------
    >>> issubclass(SweepTerminated, KeyboardInterrupt)
    True
    """


def _load_prctl() -> Any:
    if not sys.platform.startswith("linux"):
        return None  # pragma: no cover
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        return None


# Loaded once at import, so that the child side of a fork (preexec_fn) only makes the call.
_PRCTL = _load_prctl()


def _prctl_pdeathsig(sig: int) -> bool:
    if _PRCTL is None:
        return False  # pragma: no cover
    return int(_PRCTL(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0)) == 0


def threading_main() -> bool:
    """Whether this is the main thread (signal handlers can only be set there)."""
    return threading.current_thread() is threading.main_thread()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - someone else's process took the pid
        return True
    return True


def die_with_parent(parent: int | None = None) -> None:
    """Make this process exit when the sweep's main process dies (call first in a worker).

    Parameters
    ----------
    parent : int, optional
        The main process's pid (``os.getpid()`` there); default the current parent. When the
        worker was started through an intermediary (a ``forkserver``), the kernel signal
        follows the intermediary and a watchdog thread also polls ``parent`` once a second.
    """
    direct = parent is None or os.getppid() == parent
    main = os.getppid() if parent is None else parent
    armed = _prctl_pdeathsig(signal.SIGKILL)
    if direct and armed:
        if os.getppid() != main:  # the parent died before the request: too late for it
            os._exit(1)
        return
    if not _alive(main):
        os._exit(1)

    def watch() -> None:
        import time

        while _alive(main):
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()


def child_preexec() -> None:
    """``preexec_fn`` for subprocesses (such as geng): killed when their starter dies."""
    _prctl_pdeathsig(signal.SIGKILL)


@functools.cache
def _setpriv() -> str | None:
    """util-linux's ``setpriv`` where it can set the parent-death signal, else None."""
    path = shutil.which("setpriv")
    if path is None or not sys.platform.startswith("linux"):
        return None  # pragma: no cover - util-linux is part of every Linux we run on
    try:
        ok = subprocess.run(
            [path, "--pdeathsig", "KILL", "--", "true"],
            check=False,
            capture_output=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):  # pragma: no cover
        return None
    return path if ok.returncode == 0 else None


def child_starter(argv: list[str]) -> tuple[list[str], Callable[[], None] | None]:
    """The command line and ``preexec_fn`` that start ``argv`` killed when its starter dies.

    Where util-linux's ``setpriv`` is found, it asks for the parent-death signal and then
    executes ``argv`` in the same process, and no ``preexec_fn`` is needed: Python can then
    start the child without copying the parent's memory map (a ``preexec_fn`` forces a full
    ``fork``, about 10 ms for a worker with numba loaded, which a census with hundreds of geng
    parts pays each time). Elsewhere it is ``argv`` with :func:`child_preexec`.
    """
    setpriv = _setpriv()
    if setpriv is None:
        return list(argv), child_preexec  # pragma: no cover - no util-linux
    return [setpriv, "--pdeathsig", "KILL", "--", *argv], None


@contextlib.contextmanager
def terminate_on_sigterm() -> Iterator[None]:
    """While active, SIGTERM raises :class:`SweepTerminated` (main thread only; else no-op)."""
    if not threading_main():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        raise SweepTerminated

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
