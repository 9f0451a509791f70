"""Assignments declared in YAML: each item's role over a Sudoku-aware vocabulary
(harness/vocabulary.py), in the course's conventions, makes its probes; no package is written.

`probe_set(assignment)` is the ProbeSet of an assignment's declared items (those with `role:`),
as a package's would be: a builder per item, the child drivers its roles need, and the helpers
each item's calls use (`uses:`), which the reference may stand in for.
"""

from __future__ import annotations

import functools

from harness.assignments.base import CHILD, ProbeSet
from harness.assignments.course import Course
from harness.assignments.declared.calls import Spec
from harness.assignments.declared.probes import item_probes
from harness.assignments.declared.roles import ROLES
from harness.config import AssignmentConfig

DRIVER_FILES = {"script": CHILD / "script_driver.py"}  # a driver's prefix -> its module


def probe_set(assignment: AssignmentConfig) -> ProbeSet:
    course = Course(assignment.conventions)
    declared = {name: cfg for name, cfg in assignment.items.items() if cfg.role is not None}
    builders = {
        name: functools.partial(item_probes, Spec(name, cfg, course))
        for name, cfg in declared.items()
    }
    prefixes = {ROLES[cfg.role].driver.split(".")[0] for cfg in declared.values() if cfg.role}
    drivers = tuple(DRIVER_FILES[p] for p in sorted(prefixes) if p in DRIVER_FILES)
    helpers = {name: cfg.uses for name, cfg in declared.items() if cfg.uses}
    return ProbeSet(builders, drivers, helpers)
