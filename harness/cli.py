"""The command line: thin commands over the modules, one place that turns errors into exits."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer
from tabulate import tabulate

from harness import __version__, suites_cli
from harness.check import check as run_check
from harness.clirun import run
from harness.config import Config, find_config, load_config
from harness.errors import BadInput, ExitCode
from harness.grading import grade_all
from harness.plan import make_plan
from harness.report import write_json
from harness.shapes import SHAPES
from harness.submissions import discover
from harness.table import render

DEFAULT_JOBS = os.cpu_count() or 1

app = typer.Typer(
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    add_completion=False,
    help="Grade Sudoku-solver programming assignments safely and fairly.",
)

ConfigOption = Annotated[
    Optional[Path],  # noqa: UP045 - typer reads this annotation at run time on 3.10 too
    typer.Option("--config", help="config.yaml to use (default: ./config.yaml or a parent's)."),
]
AssignmentOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--assignment", "-a", help="Assignment name from config.yaml (default: inferred)."
    ),
]
JobsOption = Annotated[
    int,
    typer.Option("--jobs", "-j", min=1, help="Submissions graded at once (default: CPU count)."),
]
VerboseOption = Annotated[bool, typer.Option("--verbose", "-v", help="Log what the harness does.")]


app.add_typer(suites_cli.app, name="suites")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"sudoku-harness {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Grade Sudoku-solver programming assignments safely and fairly."""


@app.command()
def grade(
    path: Annotated[
        Path, typer.Argument(help="A submission (file or folder) or a folder of them.")
    ],
    assignment: AssignmentOption = None,
    json_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--json", help="Also write the full report as JSON to this file."),
    ] = None,
    jobs: JobsOption = DEFAULT_JOBS,
    config: ConfigOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Grade submissions and print the score table.

    Example: [bold]sudoku-harness grade submissions/sudoku-functions --json marks.json[/bold]
    """

    def work() -> ExitCode:
        settings = load_config(find_config(config))
        name = pick_assignment(settings, path, assignment)
        plan = make_plan(settings, name)
        submissions = discover(path, SHAPES[plan.assignment.shape].suffixes)
        report = grade_all(plan, submissions, jobs)
        if json_file is not None:
            write_json(report, json_file)
        typer.echo(render(report))
        internal = any(s.internal_error for s in report.submissions)
        return ExitCode.INTERNAL if internal else ExitCode.OK

    run(work, verbose)


@app.command()
def check(
    assignment: AssignmentOption = None,
    jobs: JobsOption = DEFAULT_JOBS,
    config: ConfigOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Grade the reference solvers (full marks expected) and every example submission
    (its expected outcome); exit 1 on any mismatch.

    Example: [bold]sudoku-harness check -a sudoku-functions[/bold]
    """

    def work() -> ExitCode:
        settings = load_config(find_config(config))
        names = [assignment] if assignment else list(settings.assignments)
        for name in names:
            settings.assignment(name)
        rows = run_check(settings, names, jobs)
        table = [
            [
                r.assignment,
                r.kind,
                r.name,
                r.expected,
                r.got,
                "ok" if r.ok else "MISMATCH: " + "; ".join(r.problems),
            ]
            for r in rows
        ]
        typer.echo(
            tabulate(table, headers=["assignment", "kind", "name", "expected", "got", "result"])
        )
        failed = sum(not r.ok for r in rows)
        typer.echo(f"\n{len(rows) - failed} ok, {failed} mismatched")
        return ExitCode.FAILED if failed else ExitCode.OK

    run(work, verbose)


def pick_assignment(config: Config, path: Path, explicit: str | None) -> str:
    """--assignment, else an assignment named by a folder on the path, else the only one whose
    entry file (a2.py) the submissions hold, else the only one with no fixed entry file."""
    if explicit:
        config.assignment(explicit)
        return explicit
    for part in reversed(path.resolve().parts):
        if part in config.assignments:
            return part
    by_entry = [name for name, a in config.assignments.items() if a.entry and _holds(path, a.entry)]
    if len(by_entry) == 1:
        return by_entry[0]
    any_entry = [name for name, a in config.assignments.items() if not a.entry]
    if not by_entry and len(any_entry) == 1:
        return any_entry[0]
    if len(config.assignments) == 1:
        return next(iter(config.assignments))
    discover(
        path, sorted({s for shape in SHAPES.values() for s in shape.suffixes})
    )  # its errors first
    known = ", ".join(config.assignments)
    raise BadInput(f"{path}: cannot tell which assignment it is: pass --assignment ({known})")


def _holds(path: Path, entry: str) -> bool:
    if path.is_file():
        return path.name == entry
    return (path / entry).is_file() or any(p.is_file() for p in path.glob(f"*/{entry}"))


def main() -> None:
    app()
