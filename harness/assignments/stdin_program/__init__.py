"""stdin-program: a program reading an n x n puzzle on stdin and printing its solution."""

from __future__ import annotations

from harness.assignments.base import ProbeSet
from harness.assignments.stdin_program.probes import BUILDERS, configured

PROBE_SET = ProbeSet(BUILDERS, configure=configured)
