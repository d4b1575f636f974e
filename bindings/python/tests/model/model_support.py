"""What the model-based tests share: the Hypothesis settings profiles and a way to run the
library's pending work until it is quiet.

Profiles (chosen by ``MVVM_HYPOTHESIS_PROFILE``, default ``ci``):

* ``ci`` — ``make test``: derandomized (the same examples on every run, so a failure
  reproduces and a pass means the same thing every time), a bounded number of examples and
  steps, so the whole model suite stays well under a minute on two cores;
* ``long`` — ``make check-all``: many more examples and longer programs, randomized (a
  failure prints the seed and the ``@reproduce_failure`` blob to replay it).

Neither keeps an example database: runs do not depend on what an earlier run found.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

import mvvm

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=40,
    stateful_step_count=30,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    derandomize=False,
    max_examples=200,
    stateful_step_count=50,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE = os.environ.get("MVVM_HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)


def drain(runtime: mvvm.Runtime, limit: int = 1000) -> int:
    """Runs the library's pending main-queue work until none is left (repositories without
    latency answer on the host thread, so this settles every request they got); returns the
    number of rounds that found work. Fails past ``limit`` rounds: the work would never end."""
    rounds = 0
    while runtime.run(0):
        rounds += 1
        assert rounds < limit, "pending work never ends"
    return rounds


def ci_examples(count: int) -> settings:
    """The loaded profile, with ``count`` examples under ``ci`` (a machine whose interesting
    programs are rarer than the others')."""
    return settings(max_examples=count) if PROFILE == "ci" else settings()
