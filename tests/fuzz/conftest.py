"""The fuzz suites' long profile: ``pytest tests/fuzz --hypothesis-profile=fuzz-long``.

In the normal run the fuzz tests use the suite's profile (a bounded number of examples, see
tests/conftest.py). For a long local hunt, pass ``--hypothesis-profile=fuzz-long`` with
``tests/fuzz`` on the command line (so that this file is read before the profile is chosen).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fuzz-long",
    deadline=None,
    max_examples=20_000,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)
