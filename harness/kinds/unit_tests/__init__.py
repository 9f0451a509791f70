"""unit-tests: the course's own tests, each a probe of the item whose `tests:` globs match its
name (harness/kinds/unit_tests/kind.py runs them)."""

from __future__ import annotations

from harness.kinds.probe_set import ProbeSet
from harness.kinds.unit_tests.probes import configured

PROBE_SET = ProbeSet({}, configure=configured)
