"""Shared fixtures and the hypothesis profiles of the test suite."""

from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    parent=settings.get_profile("default"),
    derandomize=True,
    print_blob=True,
)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# The command line, sweep workers and notebook kernels run in many subprocesses that each
# import the package: they share its compiled bytecode, even where the environment turns the
# cache off (PYTHONDONTWRITEBYTECODE).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
