"""The files a grading run writes besides its table: every format reads the same Report.

    --json FILE         the full report (harness/records/results.py's schema)
    --csv FILE          a gradebook row per submission (harness/writers/gradebook.py)
    --junit FILE        a JUnit testcase per case, for CI systems (harness/writers/junit.py)
    --gradescope FILE   Gradescope's results.json, for one submission, with its league times
                        as leaderboard entries where the assignment has a league
                        (harness/writers/gradescope.py)
    --report DIR        feedback pages, HTML and Markdown (harness/writers/pages/)

Each is written atomically; a bad path is a one-line error naming it. `--fail-under PERCENT`
turns a run whose submissions fall below the mark into a failure exit (for solver authors' CI),
saying each one's percent. `exit_code` is what the run's exit says (EXIT_CODES, for `--help`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.errors import BadInput, ExitCode
from harness.records.results import Report, SubmissionResult, write_json
from harness.text import one_line
from harness.writers import gradebook, gradescope, junit, pages


@dataclass(frozen=True)
class Outputs:
    json: Path | None = None
    csv: Path | None = None
    junit: Path | None = None
    gradescope: Path | None = None
    report: Path | None = None  # a folder


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

# What `grade`'s exit code says, the first that applies (for its --help and the README).
EXIT_CODES = (
    (ExitCode.INTERNAL, "the harness failed on a submission (an IE case): grade again"),
    (ExitCode.NONE_GRADED, "no submission could be graded: every row is an error"),
    (ExitCode.FAILED, "--fail-under: a submission scored under it"),
    (ExitCode.SOME_ERRORS, "some submissions could not be graded (error rows); the rest were"),
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
