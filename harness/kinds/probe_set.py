"""What an assignment package gives the harness: its probe builders and its child drivers.

A probe builder turns the suites' cases into the probes of one graded item; a probe set whose
probes depend on the assignment's settings gives `configure`, which makes its builders from them.
A driver module runs inside the student's interpreter (harness/sandbox/child/): standard library
only, with a `DRIVERS` dict mapping a driver's name (what a Probe's `driver` names) to a function
called with the student's module, then (in a function library) the name the module gives the
item's function, then the probe's arguments. The worker executes the driver modules' source,
sent with the load request, before any student code runs.

`helpers` names, per probe, what its calls use besides the item itself: where one of those
helpers of the student's own fails, the item is judged again with the reference solution's
helpers in their place (the course's own autograders judge a search on trusted helpers), so a
helper's bug costs marks once, in the helper's item.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.config import AssignmentConfig
from harness.puzzles.suites import Case
from harness.records.probes import Probe
from harness.sandbox import child

Builder = Callable[[Sequence[Case]], list[Probe]]
Configure = Callable[[AssignmentConfig], Mapping[str, Builder]]
CHILD = Path(child.__file__).resolve().parent  # the shipped drivers' folder, wherever this is


@dataclass(frozen=True)
class ProbeSet:
    builders: Mapping[str, Builder]  # an item's probe name -> its builder
    drivers: tuple[Path, ...] = ()  # child-side modules defining DRIVERS, by file
    # A probe name -> the names its calls use from the rest of the submission (helper functions,
    # or the Board class), which the trusted reference can stand in for: the item is then judged
    # a second time on its own code (harness/grading/readings.py).
    helpers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The builders for one assignment's settings in config.yaml (stdin-program's
    # `program.compare`), for probe sets whose probes depend on them; None: `builders`.
    configure: Configure | None = None

    def builders_for(self, assignment: AssignmentConfig) -> Mapping[str, Builder]:
        """The builders as `assignment` configures them."""
        return self.builders if self.configure is None else self.configure(assignment)
