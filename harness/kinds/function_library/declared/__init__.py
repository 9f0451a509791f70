"""Assignments declared in YAML: each item's role over a Sudoku-aware vocabulary
(harness/vocabulary.py), in the course's conventions, makes its probes; no package is written.

`probe_set(assignment)` is the ProbeSet of an assignment's declared items (those with `role:`),
as a package's would be: a builder per item, the child drivers its roles need, and the helpers
each item's calls use (`uses:`), which the reference may stand in for.
"""

from __future__ import annotations

import functools

from harness.config import AssignmentConfig, ItemConfig
from harness.kinds.course import Course
from harness.kinds.function_library.declared.calls import Spec
from harness.kinds.function_library.declared.objects import DRIVER
from harness.kinds.function_library.declared.probes import item_probes
from harness.kinds.function_library.declared.roles import ROLES
from harness.kinds.probe_set import CHILD, ProbeSet

DRIVER_FILES = {  # a driver's prefix -> its module
    "script": CHILD / "script_driver.py",
    "object": CHILD / "object_driver.py",
}


def probe_set(assignment: AssignmentConfig) -> ProbeSet:
    course = Course(assignment.conventions)
    declared = {name: cfg for name, cfg in assignment.items.items() if cfg.role is not None}
    builders = {
        name: functools.partial(item_probes, Spec(name, cfg, course, assignment.objects))
        for name, cfg in declared.items()
    }
    prefixes = {ROLES[cfg.role].driver.split(".")[0] for cfg in declared.values() if cfg.role}
    prefixes |= {DRIVER.split(".")[0] for cfg in declared.values() if cfg.object is not None}
    drivers = tuple(DRIVER_FILES[p] for p in sorted(prefixes) if p in DRIVER_FILES)
    helpers = {name: _standing_in(cfg) for name, cfg in declared.items() if cfg.uses}
    return ProbeSet(builders, drivers, helpers)


def _standing_in(cfg: ItemConfig) -> tuple[str, ...]:
    """What the reference stands in for when the item is read again: the helpers it uses, and
    for an item on an object, the object's class (the item's own method grafted onto the
    reference's class: harness/sandbox/child/object_driver.py)."""
    own = (cfg.object,) if cfg.object is not None else ()
    return (*cfg.uses, *own)
