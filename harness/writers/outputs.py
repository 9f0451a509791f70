"""The files a grading run writes besides its table: every format reads the same Report.

    --json FILE         the full report (harness/records/results.py's schema)
    --csv FILE          a gradebook row per submission (harness/writers/gradebook.py)
    --junit FILE        a JUnit testcase per case, for CI systems (harness/writers/junit.py)
    --gradescope FILE   Gradescope's results.json, for one submission, with its league times
                        as leaderboard entries where the assignment has a league
                        (harness/writers/gradescope.py)
    --report DIR        feedback pages, HTML and Markdown (harness/writers/pages/)
    --canvas-csv FILE   Canvas's gradebook import, one column (harness/writers/canvas.py),
                        named by --canvas-column (default: the assignment's title)
    --moodle-csv FILE   Moodle's grading worksheet, grades and feedback comments
                        (harness/writers/moodle.py)
    --report-for-students DIR   each submission's own page alone, to hand to its student

Each is written atomically; a bad path is a one-line error naming it. `--fail-under PERCENT`
turns a run whose submissions fall below the mark into a failure exit (for solver authors' CI),
saying each one's percent. `exit_code` is what the run's exit says (EXIT_CODES, for `--help`).
`notes` says, for the LMS files, which submissions they leave out or match by name only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from harness.errors import BadInput, ExitCode
from harness.records.results import Report, SubmissionResult, write_json
from harness.text import one_line
from harness.writers import canvas, gradebook, gradescope, junit, moodle, pages


@dataclass(frozen=True)
class Outputs:
    json: Path | None = None
    csv: Path | None = None
    junit: Path | None = None
    gradescope: Path | None = None
    report: Path | None = None  # a folder
    canvas_csv: Path | None = None
    moodle_csv: Path | None = None
    canvas_column: str | None = None  # None: the assignment's title (`for_assignment`)
    student_pages: Path | None = None  # a folder

    def for_assignment(self, title: str) -> Outputs:
        """These outputs with the Canvas column named (the given one, else `title`) and
        checked; raises BadInput, before anything is graded, for a name Canvas would misread."""
        if self.canvas_csv is None:
            if self.canvas_column is not None:
                raise BadInput.at("--canvas-column", "it names --canvas-csv's column: add it")
            return self
        column = title if self.canvas_column is None else self.canvas_column
        return replace(self, canvas_column=canvas.check_column(column))


def write_all(
    report: Report,
    outputs: Outputs,
    seconds: float,
    leaderboard: Sequence[gradescope.LeaderboardEntry] = (),
) -> None:
    """Write every output asked for; raises BadInput naming a path that cannot be written.
    `seconds` and `leaderboard` go into results.json (Gradescope's execution_time and
    leaderboard)."""
    writers: list[tuple[Path | None, Callable[[Path], object]]] = [
        (outputs.json, lambda path: write_json(report, path)),
        (outputs.csv, lambda path: gradebook.write_csv(report, path)),
        (outputs.junit, lambda path: junit.write_junit(report, path)),
        (
            outputs.gradescope,
            lambda path: gradescope.write_results(report, path, seconds, leaderboard),
        ),
        (outputs.report, lambda path: pages.write_pages(report, path)),
        (
            outputs.canvas_csv,
            lambda path: canvas.write_csv(report, outputs.canvas_column or report.assignment, path),
        ),
        (
            outputs.moodle_csv,
            lambda path: moodle.write_csv(report, datetime.now().astimezone(), path),
        ),
        (outputs.student_pages, lambda path: pages.write_student_pages(report, path)),
    ]
    for path, write in writers:
        if path is not None:
            write_one(path, write)


def write_one(path: Path, write: Callable[[Path], object]) -> None:
    """`write(path)`, with an OSError turned into a one-line BadInput naming the path."""
    try:
        write(path)
    except OSError as err:
        raise BadInput.at(str(path), f"cannot write it: {err.strerror or err}") from None


def notes(report: Report, outputs: Outputs) -> list[str]:
    """A line for each LMS file that leaves submissions out or matches them by name only."""
    failed = tuple(s.name for s in report.submissions if s.internal_error)
    absent = tuple(s.name or s.lms_id or s.email for s in report.absent)
    said = [
        ("--canvas-csv", outputs.canvas_csv, canvas.by_name_only(report), BY_NAME),
        ("--moodle-csv", outputs.moodle_csv, moodle.without_participant(report), NO_PARTICIPANT),
        *((flag, path, failed, FAILED) for flag, path in _lms_files(outputs)),
        *((flag, path, absent, ABSENT) for flag, path in _lms_files(outputs)),
    ]
    return [
        f"{flag}: {why.format(n=len(names))}: {_names(names)}"
        for flag, path, names, why in said
        if path is not None and names
    ]


BY_NAME = "{n} submission(s) with no Canvas id, SIS id or login: Canvas matches them by name"
NO_PARTICIPANT = "{n} submission(s) left out, with no Moodle participant id"
FAILED = "{n} submission(s) left out, the harness failed on them (grade them again)"
ABSENT = "{n} student(s) with no submission left out (the LMS keeps their grades)"


def _lms_files(outputs: Outputs) -> list[tuple[str, Path | None]]:
    return [("--canvas-csv", outputs.canvas_csv), ("--moodle-csv", outputs.moodle_csv)]


def _names(names: Sequence[str]) -> str:
    """The first five names, each on one line, then '...' for the rest."""
    return ", ".join(one_line(name) for name in names[:5]) + (" ..." if len(names) > 5 else "")


def one_for_gradescope(outputs: Outputs, submissions: Sequence[object]) -> None:
    """Refuse, before anything is graded, a results.json asked for more than one submission."""
    if outputs.gradescope is not None and len(submissions) != 1:
        raise BadInput.at(
            str(outputs.gradescope),
            f"a Gradescope results.json is one submission's, and the path holds "
            f"{len(submissions)}: grade one submission (a file or a folder of source files)",
        )


def below(report: Report, percent: float) -> tuple[SubmissionResult, ...]:
    """The submissions whose marks are under `percent` of their maximum."""
    return tuple(s for s in report.submissions if _percent(s) < percent)


def _percent(submission: SubmissionResult) -> float:
    """A submission with no maximum counts as full marks: there was nothing to fail."""
    return 100.0 if submission.percent is None else submission.percent


def fail_under(report: Report, percent: float | None) -> tuple[ExitCode, str]:
    """FAILED and a line naming who is under `percent`, with their percents, or OK and
    nothing: "2 submission(s) under the 90% asked for: never_backtracks 75%, syntax_error 0%"."""
    if percent is None:
        return ExitCode.OK, ""
    failing = below(report, percent)
    if not failing:
        return ExitCode.OK, ""
    scores = [f"{one_line(s.name)} {round(_percent(s), 1):g}%" for s in failing[:SHOWN]]
    more = f" and {len(failing) - SHOWN} more" if len(failing) > SHOWN else ""
    return (
        ExitCode.FAILED,
        f"{len(failing)} submission(s) under the {percent:g}% asked for: {', '.join(scores)}{more}",
    )


SHOWN = 5  # submissions named in the --fail-under line

# What `grade`'s exit code says, the first that applies (for its --help and docs/how-to/grade.md).
EXIT_CODES = (
    (ExitCode.INTERNAL, "the harness failed on a submission (an IE case): grade again"),
    (ExitCode.NONE_GRADED, "no submission could be graded: every row is an error"),
    (ExitCode.FAILED, "--fail-under: a submission scored under it"),
    (
        ExitCode.SOME_ERRORS,
        "some submissions could not be graded (error rows), or have a forged report (forged "
        "rows, for review); the rest were",
    ),
    (ExitCode.OK, "every submission was graded"),
)


def exit_code(report: Report, failed: ExitCode = ExitCode.OK) -> ExitCode:
    """The run's exit code, the first of EXIT_CODES that applies (`failed`: fail_under's)."""
    rows = report.submissions
    graded = sum(s.status == "graded" for s in rows)
    applies = {
        ExitCode.INTERNAL: any(s.internal_error for s in rows),
        ExitCode.NONE_GRADED: graded == 0,
        ExitCode.FAILED: failed is ExitCode.FAILED,
        ExitCode.SOME_ERRORS: graded < len(rows),
        ExitCode.OK: True,
    }
    return next(code for code, _ in EXIT_CODES if applies[code])
