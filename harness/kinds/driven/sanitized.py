"""Shape driven's sanitizer build (harness/kinds/sanitizer/): the student's files and the
teacher's driver built again as the normal build was (build.py: the stand-ins, a student's own
main left out, files that do not compile left out), with the sanitizers' flags at the end of the
command; a failed case is its probe alone, one run of the driver, its stderr the report.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from harness.kinds.base import RunContext
from harness.kinds.driven import build
from harness.kinds.driven.build import Built
from harness.kinds.driven.runs import run_driver
from harness.kinds.sanitizer import settings
from harness.kinds.sanitizer.settings import Rerun
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe
from harness.sandbox.program import ProgramLimits
from harness.submissions import Submission


@dataclass(frozen=True)
class SanitizedDriver:
    """The driver built with the sanitizers (or why it was not)."""

    context: RunContext
    built: Built | None
    failure: str = ""
    sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def optimisation(self) -> str:
        return settings.optimisation(self.built.command) if self.built else ""

    def rerun(self, probe: Probe, limits: ProgramLimits) -> Rerun | None:
        assert self.built is not None  # never asked when it was not built
        run = run_driver(self.context, self.built, [probe], limits, settings.ENVIRONMENT)
        if isinstance(run, CallOutcome):
            return Rerun(b"", f"not run: {run.message}")
        stderr = run.stderr.replace(f"{self.built.folder}/".encode(), b"")
        return Rerun(stderr, run.ending.text)


@contextlib.contextmanager
def sanitized(submission: Submission, context: RunContext) -> Iterator[SanitizedDriver]:
    """The submission built with the sanitizers, for its probes' reruns, while the block runs."""
    driver = context.assignment.driver
    assert driver is not None  # the plan checked it (settings.check)
    language = context.languages[driver.language]
    if not settings.sanitizable(language.build):
        yield SanitizedDriver(context, None, f"not built by gcc or g++ ({driver.language})")
        return
    with contextlib.ExitStack() as keep:
        built = build.build(submission, context, keep, settings.FLAGS)
        if built.failure is not None:
            yield SanitizedDriver(context, None, f"the build failed: {built.failure.message}")
            return
        yield SanitizedDriver(context, built, "", settings.read_sources(built.folder, built.files))
