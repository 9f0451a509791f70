"""Gradescope's autograder entry point: grade one submission, time it in the assignment's
leagues for the leaderboard, and write results.json (harness/writers/gradescope.py).

`python -m harness.integrations.gradescope SUBMISSION -a NAME --results FILE` is what the
autograder zip's run_autograder runs (harness/integrations/gradescope_package.py).

- `python -m harness.integrations.gradescope` grades with one job by default and, for an assignment
  with a league, times the submission alone in every league size (no baselines) once it is graded
  without error. A hand-in with no source file, or with several submissions in it, is the
  student's to fix: results.json says so, with score 0. A bad config, or the harness failing
  outright, exits non-zero without results.json, which run_autograder turns into "failed on our
  side"; an internal error on some case writes results.json saying so, then exits 3.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from harness import atomic, logs
from harness.config import Config, find_config, load_config
from harness.errors import BadInput, ExitCode, HarnessError
from harness.executors import Executor, LocalExecutor
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.grading.run import grade_all
from harness.kinds.registry import suffixes_for
from harness.league import run as leagues
from harness.records.results import Report
from harness.submissions import Submission, discover
from harness.writers.gradescope import LeaderboardEntry, only_submission, ungradable, write_results


def league_entries(league: leagues.League, submission: str) -> tuple[LeaderboardEntry, ...]:
    """The submission's leaderboard entry from a league run: its mean CPU seconds per puzzle
    (each puzzle's median over the repeats), only when it is ranked."""
    name = f"{league.size}x{league.size} CPU time (s)"
    return tuple(
        (name, round(s.mean, 6), "asc")
        for s in league.standings
        if s.name == submission and s.rank is not None and s.mean is not None
    )


def leaderboard(
    config: Config, plan: Plan, report: Report, submission: Submission, executor: Executor
) -> tuple[LeaderboardEntry, ...]:
    """The leaderboard entries of the report's one submission: its time in every league of the
    assignment, once it graded without error (none for an assignment without a league)."""
    if only_submission(report).status != "graded":
        return ()
    timed = run_leagues(config, plan, submission, executor)
    return tuple(entry for league in timed for entry in league_entries(league, submission.name))


def run_leagues(
    config: Config, plan: Plan, submission: Submission, executor: Executor
) -> list[leagues.League]:
    """Every league of the assignment (most have none), with the submission as the only
    entrant and no baselines: only its own time is wanted."""
    settings = config.assignment(plan.name).league
    if settings is None:
        return []
    suites = [leagues.league_probes(config, plan, size) for size in sorted(settings.suites)]
    return [
        leagues.run_league(plan, probes, [submission], [], settings.repeats, 1, executor)
        for probes in suites
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m harness.integrations.gradescope`: grade one submission into results.json; print
    nothing but errors (stderr). Exit codes as the CLI's (harness/errors.py)."""
    args = _parser().parse_args(argv)
    logs.setup(args.verbose)
    try:
        return _grade(args)
    except HarnessError as err:
        print(f"error: {err}", file=sys.stderr)
        return int(err.exit_code)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m harness.integrations.gradescope",
        description="Grade one submission into a Gradescope results.json.",
    )
    parser.add_argument("submission", type=Path, help="the submission: a file or a folder")
    parser.add_argument("-a", "--assignment", required=True, help="assignment in config.yaml")
    parser.add_argument("--config", type=Path, help="config.yaml (default: as the CLI finds it)")
    parser.add_argument("--results", type=Path, required=True, help="results.json to write")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="processes (default: 1)")
    parser.add_argument("--no-league", action="store_true", help="skip the league's timing")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what is done")
    return parser


def _grade(args: argparse.Namespace) -> int:
    start = time.monotonic()
    config = load_config(find_config(args.config))
    plan = calibrated_plan(config, args.assignment)
    found = _one_submission(config, args.assignment, args.submission)
    if isinstance(found, str):
        data = ungradable(found, time.monotonic() - start)
        atomic.write_text(args.results, json.dumps(data, indent=2) + "\n")
        return ExitCode.OK
    report = grade_all(plan, [found], args.jobs)
    local = LocalExecutor(args.jobs)
    board = () if args.no_league else leaderboard(config, plan, report, found, local)
    write_results(report, args.results, time.monotonic() - start, board)
    return ExitCode.INTERNAL if report.submissions[0].internal_error else ExitCode.OK


def _one_submission(config: Config, assignment: str, path: Path) -> Submission | str:
    """The submission at `path`, or what to tell the student when there is not exactly one."""
    try:
        found = discover(path, suffixes_for(config, assignment))
    except BadInput as err:
        return f"0 marks: your submission could not be graded: {err}"
    if len(found) != 1:
        names = ", ".join(s.name for s in found)
        return (
            f"0 marks: your submission holds {len(found)} folders of source files ({names}): "
            "submit one program, its files themselves rather than folders of them"
        )
    return found[0]


if __name__ == "__main__":
    sys.exit(main())
