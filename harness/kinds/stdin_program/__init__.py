"""stdin-program: a program reading an n x n puzzle on stdin and printing its solution."""

from __future__ import annotations

from harness.kinds.probe_set import ProbeSet
from harness.kinds.stdin_program.probes import BUILDERS, configured

PROBE_SET = ProbeSet(BUILDERS, configure=configured)
