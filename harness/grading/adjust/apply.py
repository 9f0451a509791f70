"""The late policy and the teacher's files over a graded Report: one pure function, `adjusted`.

`read_adjusting` reads and checks config.yaml's deadline, --due and the three files before
anything is graded, so a typo costs no grading run; only which submission each row names waits
for the report (it needs the students the download named). Then, for each submission, in order:

1. its time from --timestamps, over the download's;
2. the overrides of --adjustments, in the file's order;
3. the late penalty, on the marks the overrides left (the usual convention: a late submission's
   regraded mark is what the penalty is taken from). To waive a penalty, give an extension.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from harness.config import AssignmentConfig, DeadlineConfig
from harness.errors import BadInput
from harness.grading.adjust.extensions import Extension, read_extensions
from harness.grading.adjust.keys import Students, by_submission
from harness.grading.adjust.late import Due, with_late_penalty
from harness.grading.adjust.overrides import Override, overridden, read_overrides
from harness.grading.adjust.timestamps import Stamp, read_timestamps
from harness.records.identity import Handed
from harness.records.moments import parse_moment
from harness.records.results import Report, SubmissionResult
from harness.text import one_line

NAMES_LISTED = 5  # submissions named in a warning before "..."


@dataclass(frozen=True)
class Sheets:
    """The teacher's files given on the command line."""

    extensions: Path | None = None
    timestamps: Path | None = None
    adjustments: Path | None = None


@dataclass(frozen=True)
class Adjusting:
    """Everything read from config.yaml, --due and the files, before grading."""

    deadline: DeadlineConfig | None = None  # None: nothing is late
    extensions: tuple[Extension, ...] = ()
    timestamps: tuple[Stamp, ...] = ()
    overrides: tuple[Override, ...] = ()


@dataclass(frozen=True)
class Adjusted:
    report: Report
    warnings: tuple[str, ...]  # one line each, for stderr


def read_adjusting(
    assignment: AssignmentConfig, name: str, due: str | None, sheets: Sheets
) -> Adjusting:
    """Config.yaml's deadline (its date replaced by `due`) and the files, read and checked."""
    deadline = _deadline(assignment, name, due)
    for option, path in (("--extensions", sheets.extensions), ("--timestamps", sheets.timestamps)):
        if path is not None and deadline is None:
            raise BadInput(f"{option} {path}: {_no_policy(name)}")
    items = {item: config.marks for item, config in assignment.items.items()}
    return Adjusting(
        deadline,
        read_extensions(sheets.extensions) if sheets.extensions else (),
        read_timestamps(sheets.timestamps) if sheets.timestamps else (),
        read_overrides(sheets.adjustments, items) if sheets.adjustments else (),
    )


def _deadline(assignment: AssignmentConfig, name: str, due: str | None) -> DeadlineConfig | None:
    if due is None:
        return assignment.deadline
    try:
        moment = parse_moment(due)
    except ValueError as err:
        raise BadInput(f"--due: {one_line(str(err))}") from None
    if assignment.deadline is None:
        raise BadInput(f"--due: {_no_policy(name)}")
    return assignment.deadline.model_copy(update={"due": moment})


def _no_policy(name: str) -> str:
    return (
        f"no late policy: add `deadline:` (due, grace_minutes, penalty) to assignments.{name} "
        "in config.yaml"
    )


def adjusted(report: Report, adjusting: Adjusting) -> Adjusted:
    """The report with every submission's time, overrides and late penalty applied."""
    students = Students.of(report)
    stamps = by_submission(adjusting.timestamps, students, "a time")
    extensions = by_submission(adjusting.extensions, students, "an extension")
    overrides, unapplied = _overrides(adjusting.overrides, students)
    results = tuple(
        _adjusted(
            result,
            adjusting.deadline,
            stamps.get(result.name),
            extensions.get(result.name),
            overrides.get(result.name, ()),
        )
        for result in report.submissions
    )
    warnings = (*unapplied, *_untimed(results, adjusting.deadline))
    return Adjusted(replace(report, submissions=results), warnings)


def _adjusted(
    result: SubmissionResult,
    deadline: DeadlineConfig | None,
    stamp: Stamp | None,
    extension: Extension | None,
    overrides: Sequence[Override],
) -> SubmissionResult:
    if stamp is not None:
        handed = Handed(stamp.at.isoformat(), result.handed.late_marked, stamp.row.where)
        result = replace(result, handed=handed)
    for override in overrides:
        result = overridden(result, override)
    if deadline is None:
        return result
    due = Due(deadline.due, extension.applied(deadline.due) if extension else deadline.due)
    return with_late_penalty(result, due, deadline)


def _overrides(
    overrides: Sequence[Override], students: Students
) -> tuple[Mapping[str, tuple[Override, ...]], tuple[str, ...]]:
    """The overrides by submission, in the file's order, and a warning for each row naming a
    student who handed nothing in (there are no marks to change)."""
    found: dict[str, tuple[Override, ...]] = {}
    unapplied: list[str] = []
    for override in overrides:
        name = students.find(override.row)
        if name is None:
            key = one_line(override.row.text("student"))
            unapplied.append(f"{override.row.where}: {key!r} handed nothing in: not applied")
            continue
        found[name] = (*found.get(name, ()), override)
    return found, tuple(unapplied)


def _untimed(results: Sequence[SubmissionResult], deadline: DeadlineConfig | None) -> list[str]:
    """A warning naming the submissions the late policy could not judge, having no time."""
    if deadline is None:
        return []
    untimed = [r.name for r in results if not r.handed.at and not r.handed.late_marked]
    if not untimed:
        return []
    names = ", ".join(one_line(name) for name in untimed[:NAMES_LISTED])
    more = ", ..." if len(untimed) > NAMES_LISTED else ""
    return [
        f"deadline: no time known for {len(untimed)} submission(s), taken as on time: "
        f"{names}{more} (give their times with --timestamps)"
    ]
