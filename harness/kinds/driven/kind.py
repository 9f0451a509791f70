"""Shape `driven`: a student's functions in a compiled language (C, Java), called by a driver
the teacher writes (a C `main`, a Java runner) and built together with them.

The build is made once per submission (build.py), in the sandbox, and kept for every stage of
its grading (the Scope of harness/kinds/base.py). Each probe is a line the driver reads, and
its reply a line of JSON (protocol.py): one run of the driver per probe, or an item's probes in
one run (runs.py). The items are declared with roles, as a Python function library's are, and
judged by the same model; what no role covers is judged against the reference built with the
same driver (`role: reference`, harness/grading/answers.py). A function the student lacks makes
the items that call it CE, and only those, where the language allows (stand_ins.py); a build
that fails with every file handed in is CE for every item.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from harness.config import AssignmentConfig, LanguageConfig
from harness.kinds.base import KindDefaults, RunContext, Scope, SubmissionRun, language_suffixes
from harness.kinds.driven import build, settings
from harness.kinds.driven.build import Built
from harness.kinds.driven.runs import Runs
from harness.kinds.driven.settings import SHAPE
from harness.records.outcomes import LoadOutcome
from harness.submissions import Submission


class Driven(KindDefaults):
    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        driver = settings.check(assignment, languages)
        return language_suffixes(languages[driver.language])

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        make = functools.partial(build.build, submission, context)
        with Scope() as own:
            scope = context.scope or own  # the submission's, when its stages share one
            return _run(context, scope.keep(f"{SHAPE}:{submission.path}", make))


def _run(context: RunContext, built: Built) -> SubmissionRun:
    """The probes run on a build of the submission with the driver."""
    if built.failure is not None:
        return SubmissionRun(built.failure, ())
    runs = Runs(context, built)
    outcomes = runs.run_all()
    functions = _functions(context)
    missing = tuple(item for item, name in functions.items() if name in runs.missing)
    names = {item: name for item, name in functions.items() if item not in missing}
    notes = {item: _left_out(built) for item in missing if built.left_out}
    if built.notes and names:
        first = next(iter(names))
        notes[first] = (*built.notes, *notes.get(first, ()))
    return SubmissionRun(LoadOutcome("loaded"), outcomes, names, missing=missing, notes=notes)


def _functions(context: RunContext) -> dict[str, str]:
    """item -> the function its calls name, for the items this shape runs."""
    items = context.assignment.items
    return {
        name: settings.function_of(name, item)
        for name, item in items.items()
        if item.role and item.shape in (None, SHAPE)
    }


def _left_out(built: Built) -> tuple[str, ...]:
    return tuple(f"{file} did not compile and was left out: {why}" for file, why in built.left_out)
