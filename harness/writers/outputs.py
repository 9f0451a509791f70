"""The files a grading run writes besides its table: every format reads the same Report.

    --json FILE         the full report (harness/records/results.py's schema)
    --csv FILE          a gradebook row per submission (harness/writers/gradebook.py)
    --junit FILE        a JUnit testcase per case, for CI systems (harness/writers/junit.py)
    --gradescope FILE   Gradescope's results.json, for one submission, with its league times
                        as leaderboard entries where the assignment has a league
                        (harness/writers/gradescope.py)
    --report DIR        feedback pages, HTML and Markdown (harness/writers/pages/)
    --report-for-students DIR   each submission's own page alone, to hand to its student

Each is written atomically; a bad path is a one-line error naming it. `--fail-under PERCENT`
turns a run whose submissions fall below the mark into a failure exit (for solver authors' CI).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.errors import BadInput, ExitCode
from harness.records.results import Report, SubmissionResult, write_json
from harness.writers import gradebook, gradescope, junit, pages


@dataclass(frozen=True)
class Outputs:
    json: Path | None = None
    csv: Path | None = None
    junit: Path | None = None
    gradescope: Path | None = None
    report: Path | None = None  # a folder
    student_pages: Path | None = None  # a folder


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
    """FAILED and a line naming who is under `percent`, or OK and nothing."""
    if percent is None:
        return ExitCode.OK, ""
    failing = below(report, percent)
    if not failing:
        return ExitCode.OK, ""
    names = ", ".join(s.name for s in failing[:5]) + (" ..." if len(failing) > 5 else "")
    return ExitCode.FAILED, f"{len(failing)} submission(s) under {percent:g}%: {names}"
