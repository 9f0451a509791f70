"""unit-tests: the course's own tests, each a probe of the item whose `tests:` globs match its
name (harness/shapes/unit_tests.py runs them)."""

from __future__ import annotations

from harness.assignments.base import ProbeSet
from harness.assignments.unit_tests.probes import configured

PROBE_SET = ProbeSet({}, configure=configured)
