"""The command line: thin commands over the modules, one place that turns errors into exits."""

from __future__ import annotations

import logging
import os
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Optional

import typer
from tabulate import tabulate

from harness import __version__, executors
from harness.cli import doctor as doctor_report
from harness.cli import progress, terminal, toolchains
from harness.cli import suites as suites_cli
from harness.cli.check import check as run_check
from harness.cli.check import left_out_lines
from harness.cli.inference import infer
from harness.cli.run import run
from harness.cli.scaffold import scaffold
from harness.cli.similarity import flag_similar, similarity
from harness.config import Config, find_config, load_config
from harness.errors import BadInput, ExitCode
from harness.executors import Choice, Executor, Kind
from harness.grading.adjust.apply import Adjusting, Sheets, adjusted, read_adjusting
from harness.grading.calibration import calibrated_plan
from harness.grading.journal import Header
from harness.grading.plan import Plan
from harness.grading.resume import check_out, grade_into, journaled
from harness.grading.run import OnResult, grade_all
from harness.intake import Intake, joined, opened, take
from harness.integrations import gradescope, gradescope_package
from harness.kinds.registry import suffixes_for
from harness.league import report as league_report
from harness.league import run as leagues
from harness.records.results import Report
from harness.sandbox.isolation import Mode, choose, probe, summary
from harness.sandbox.workdir import sweep
from harness.submissions import Submission, discover
from harness.text import one_line
from harness.writers import diff as reports
from harness.writers import outputs
from harness.writers.gradescope import LeaderboardEntry
from harness.writers.outputs import Outputs, notes, one_for_gradescope, write_all
from harness.writers.table import render
from harness.writers.table import summary as counts_line

DEFAULT_JOBS = os.cpu_count() or 1

app = typer.Typer(
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    help="Grade Sudoku-solver programming assignments safely and fairly.",
)

# The panels `--help` groups a command's options in: what is read, who the class is and when it
# was due, what is written, and how the run goes.
INPUT, CLASS, OUTPUTS, RUNNING = "input", "class and deadlines", "outputs", "running"
PANELS = (INPUT, CLASS, OUTPUTS, RUNNING)

ConfigOption = Annotated[
    Optional[Path],  # noqa: UP045 - typer reads this annotation at run time on 3.10 too
    typer.Option(
        "--config",
        help="config.yaml to use (default: $SUDOKU_HARNESS_CONFIG, else ./config.yaml or the "
        "first in a parent folder).",
        rich_help_panel=INPUT,
    ),
]
AssignmentOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--assignment",
        "-a",
        help="Assignment name from config.yaml (default: inferred from the path and the files, "
        "and said on stderr).",
        rich_help_panel=INPUT,
    ),
]
JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        help="Submissions graded at once; -j 1 runs the same code serially.",
        show_default="CPU count",
        rich_help_panel=RUNNING,
    ),
]
VerboseOption = Annotated[
    bool,
    typer.Option(
        "--verbose",
        "-v",
        help="Log what the harness does (worker processes too).",
        rich_help_panel=RUNNING,
    ),
]
ExecutorOption = Annotated[
    Kind,
    typer.Option(
        "--executor",
        help="local: worker processes on this machine; dask: one task per submission on a "
        'Dask cluster (--scheduler; pip install -e ".\\[dask]").',
        rich_help_panel=RUNNING,
    ),
]
SchedulerOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--scheduler",
        help="The Dask scheduler for --executor dask: tcp://HOST:PORT, or a scheduler file.",
        rich_help_panel=RUNNING,
    ),
]

log = logging.getLogger(__name__)


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
        Path,
        typer.Argument(
            help="A submission (file or folder), a folder of them, or a download from Moodle, "
            "Canvas or Gradescope (zip or folder).",
        ),
    ],
    assignment: AssignmentOption = None,
    config: ConfigOption = None,
    roster: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--roster",
            help="The class as a CSV (columns: name, id, email, login, sis_id, section, "
            "submission): adds or corrects who handed in what, and lists who handed nothing in.",
            rich_help_panel=CLASS,
        ),
    ] = None,
    due: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--due",
            help="The due date for this run, over config.yaml's deadline.due: ISO 8601 with "
            "its UTC offset (2026-03-02T23:59+00:00).",
            rich_help_panel=CLASS,
        ),
    ] = None,
    extensions_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--extensions",
            help="CSV of extensions: student, due or hours.",
            rich_help_panel=CLASS,
        ),
    ] = None,
    timestamps_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--timestamps",
            help="CSV of when each handed in (student, submitted_at), over the download's times.",
            rich_help_panel=CLASS,
        ),
    ] = None,
    adjustments_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--adjustments",
            help="CSV of the teacher's marks (student, item, marks or delta, comment), applied "
            "over the computed marks at every run, --resume included.",
            rich_help_panel=CLASS,
        ),
    ] = None,
    similar: Annotated[
        bool,
        typer.Option(
            "--similarity",
            help="Flag the rows of submissions sharing code past config.yaml's similarity "
            "threshold, in the table and JSON; marks never change (`similarity` for the pages).",
            rich_help_panel=CLASS,
        ),
    ] = False,
    json_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--json",
            help="Also write the full report as JSON to this file.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    csv_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--csv",
            help="Gradebook CSV: a row per submission, a column per item, then total, max, "
            "percent and grading_status.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    canvas_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--canvas-csv",
            help="Canvas gradebook CSV, to import in Grades > Import.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    canvas_column: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--canvas-column",
            help="The assignment's column in --canvas-csv, as Canvas's own export names it: "
            "'Title (12345)', the number from the assignment's address (default: its title).",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    moodle_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--moodle-csv",
            help="Moodle grading worksheet (grades, feedback comments): upload it with "
            "'Upload grading worksheet'.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    report_dir: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--report",
            help="Feedback pages into this folder: index.html (the class page) and a page per "
            "submission, HTML and Markdown.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    students_dir: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--report-for-students",
            help="Each student's own page alone (HTML and Markdown) into this folder, to mail: "
            "no class page, no link to it, no hidden case.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    junit_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--junit",
            help="JUnit XML: a testcase per case (a failure with its verdict and detail), for CI "
            "systems.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    gradescope_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--gradescope",
            help="Gradescope results.json (one submission only: refused before grading otherwise).",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    fail_under: Annotated[
        Optional[float],  # noqa: UP045
        typer.Option(
            "--fail-under",
            min=0,
            max=100,
            help="Exit 1 when a submission scores under this percent (for solver CI); stderr "
            "names each, with its percent.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    out: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--out",
            help="Keep the run in this folder: journal.jsonl gets each submission as it "
            "finishes, report.json the full report at the end. A killed or interrupted run "
            "goes on with --resume; a folder that already holds a run is refused without it.",
            rich_help_panel=RUNNING,
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue the run kept in --out: grade only the submissions its journal lacks "
            "(refused if the assignment, config, suites or submissions changed).",
            rich_help_panel=RUNNING,
        ),
    ] = False,
    jobs: JobsOption = DEFAULT_JOBS,
    executor_kind: ExecutorOption = Kind.LOCAL,
    scheduler: SchedulerOption = None,
    isolation: Annotated[
        Mode,
        typer.Option(
            "--isolation",
            help="auto: every layer this machine allows; strict: refuse to run without "
            "Landlock or namespaces (a private view, network and PID); off: rlimits and the "
            "working copy only (see doctor).",
            rich_help_panel=RUNNING,
        ),
    ] = Mode.AUTO,
    quiet: Annotated[
        bool,
        typer.Option(
            "--quiet",
            "-q",
            help="Print only the summary line (counts per verdict), not the table.",
            rich_help_panel=RUNNING,
        ),
    ] = False,
    color: Annotated[
        Optional[bool],  # noqa: UP045
        typer.Option(
            "--color/--no-color",
            help="Colour the progress bar (default: when a terminal).",
            rich_help_panel=RUNNING,
        ),
    ] = None,
    verbose: VerboseOption = False,
) -> None:
    """Grade submissions and print the score table.

    Example: [bold]sudoku-harness grade submissions/sudoku-functions --json marks.json[/bold]

    Long run: [bold]sudoku-harness grade submissions/ --out marks/ --csv marks.csv[/bold], and
    after a crash or Ctrl-C the same command with [bold]--resume[/bold].

    Exit codes (when several apply, the first in this list):
    3: the harness failed on a submission (grade again);
    4: no submission could be graded (every row is an error);
    1: a submission scored under --fail-under;
    5: some submissions could not be graded (error rows) or have a forged report (forged rows,
    for review), the rest were;
    0: every submission was graded;
    2: bad input (a path, config.yaml, a suite), nothing graded; 130: interrupted.
    """
    outputs = Outputs(
        json_file,
        csv_file,
        junit_file,
        gradescope_file,
        report_dir,
        canvas_csv=canvas_file,
        moodle_csv=moodle_file,
        canvas_column=canvas_column,
        student_pages=students_dir,
    )
    scope = ExitStack()  # the download's private copy lives as long as the command

    def work() -> ExitCode:
        check_out(out, resume, path)
        layers = choose(isolation)
        settings = load_config(find_config(config))
        base = settings.path(settings.runtime.workdir) if settings.runtime.workdir else None
        download = scope.enter_context(opened(path, settings.intake, base))
        with download.as_given():
            inferred = infer(settings, download.root, assignment)
        name = inferred.name
        sheets = Sheets(extensions_file, timestamps_file, adjustments_file)
        adjusting = read_adjusting(settings.assignment(name), name, due, sheets)
        exports = outputs.for_assignment(settings.assignment(name).title or name)
        plan = calibrated_plan(settings, name, layers)
        intake = take(download, suffixes_for(settings, name), roster)
        submissions = list(intake.submissions)
        one_for_gradescope(outputs, submissions)
        started = time.monotonic()
        shown = not quiet and progress.watched()
        choice = Choice(executor_kind, jobs, scheduler, isolation)
        with executors.opened(choice) as executor:
            typer.echo(summary(layers), err=True)  # the input is fine: grading starts
            if inferred.why:
                typer.echo(inferred.line(), err=True)
            for line in intake.lines():
                typer.echo(line, err=True)
            _sweep(plan)
            _describe(executor)
            done = journaled(out, resume)
            with progress.progress_bar(len(submissions), shown, color, done) as advance:
                report = _grade(settings, plan, intake, executor, out, resume, advance)
            board = _leaderboard(settings, plan, report, submissions, executor, outputs)
        report = _adjusted(report, adjusting)
        if similar:
            report = flag_similar(report, settings, name, submissions)
        write_all(report, exports, time.monotonic() - started, board)
        for line in notes(report, exports):
            typer.echo(line, err=True)
        width = terminal.width()
        typer.echo(counts_line(report, width).strip() if quiet else render(report, width))
        return _exit_code(report, fail_under)

    with scope:
        run(work, verbose)


def _adjusted(report: Report, adjusting: Adjusting) -> Report:
    """The late policy and the teacher's overrides applied; what they could not judge, said."""
    done = adjusted(report, adjusting)
    for warning in done.warnings:
        typer.echo(warning, err=True)
    return done.report


def _leaderboard(
    settings: Config,
    plan: Plan,
    report: Report,
    submissions: list[Submission],
    executor: Executor,
    outputs: Outputs,
) -> tuple[LeaderboardEntry, ...]:
    """The league times for results.json, only when it is asked for."""
    if outputs.gradescope is None:
        return ()
    return gradescope.leaderboard(settings, plan, report, submissions[0], executor)


def _sweep(plan: Plan) -> None:
    """Remove the working copies earlier runs left behind (a killed run, say)."""
    swept = sweep(plan.workdir_base)
    if swept:
        log.info("removed %d working copies left by earlier runs", len(swept))


def _describe(executor: Executor) -> None:
    """Say where grading happens, when it is not simply this machine."""
    where = executor.describe()
    if where:
        typer.echo(where, err=True)


def _exit_code(report: Report, fail_under: float | None) -> ExitCode:
    code, why = outputs.fail_under(report, fail_under)
    if why:
        typer.echo(f"fail-under: {why}", err=True)
    return outputs.exit_code(report, code)


def _grade(
    settings: Config,
    plan: Plan,
    intake: Intake,
    executor: Executor,
    out: Path | None,
    resume: bool,
    on_result: OnResult,
) -> Report:
    """Grade in memory, or kept in the --out folder (resumable); who handed each submission in
    joined to the report."""
    submissions = list(intake.submissions)

    def finish(report: Report) -> Report:
        return joined(report, intake)

    if out is None:
        return finish(grade_all(plan, submissions, on_result=on_result, executor=executor))
    header = Header.of(settings, plan.name, submissions)
    return grade_into(out, resume, header, plan, submissions, executor, on_result, finish)


@app.command()
def doctor(config: ConfigOption = None, verbose: VerboseOption = False) -> None:
    """Show the isolation layers this machine allows, which are in force, and what each stops;
    then the toolchains config.yaml's languages need (compilers, JDK, GoogleTest, JUnit), and
    how to install what is missing.

    Example: [bold]sudoku-harness doctor[/bold]
    """

    def work() -> ExitCode:
        width = terminal.width()
        typer.echo(doctor_report.render(probe(try_bubblewrap=True), width=width))
        typer.echo("")
        typer.echo(_toolchains_report(config, width))
        return ExitCode.OK

    run(work, verbose)


def _toolchains_report(config: Path | None, width: int) -> str:
    """The toolchains of config.yaml's languages, or why none are listed."""
    try:
        settings = load_config(find_config(config))
    except BadInput as err:
        return f"toolchains: not listed ({err})"
    found = toolchains.toolchains(settings.languages)
    return doctor_report.render_toolchains(found, settings.source.name, width)


@app.command()
def check(
    assignment: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--assignment",
            "-a",
            help="Assignment name from config.yaml (default: every assignment).",
            rich_help_panel=INPUT,
        ),
    ] = None,
    jobs: JobsOption = DEFAULT_JOBS,
    config: ConfigOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Grade the reference solvers, the examples and the controls; exit 1 on any mismatch.

    The references must score full marks and break no rule; each example must get the outcome
    in its NAME.expected.yaml; each stub control (the reference with every graded function
    answering one constant) at most 5% of the marks, and the starter (config's `starter:`) at
    most its `marks` (0 unless said).

    Example: [bold]sudoku-harness check -a sudoku-functions[/bold]
    """

    def work() -> ExitCode:
        settings = load_config(find_config(config))
        names = [assignment] if assignment else list(settings.assignments)
        return _checked(settings, names, jobs)

    run(work, verbose)


def _checked(settings: Config, names: list[str], jobs: int) -> ExitCode:
    """`check`'s table for `names`, and its exit code."""
    for name in names:
        settings.assignment(name)
    rows = run_check(settings, names, jobs)
    table = [
        [
            r.assignment,
            r.kind,
            one_line(r.name),
            r.expected,
            r.got,
            "ok" if r.ok else one_line("MISMATCH: " + "; ".join(r.problems)),
        ]
        for r in rows
    ]
    typer.echo(tabulate(table, headers=["assignment", "kind", "name", "expected", "got", "result"]))
    left = [line for name in names for line in left_out_lines(settings, name)]
    if left:
        typer.echo("\ncases the items' roles leave out (not graded):")
        typer.echo("\n".join(f"  {one_line(line)}" for line in left))
    failed = sum(not r.ok for r in rows)
    typer.echo(f"\n{len(rows) - failed} ok, {failed} mismatched")
    return ExitCode.FAILED if failed else ExitCode.OK


@app.command()
def new(
    name: Annotated[str, typer.Argument(help="The new assignment's name in config.yaml.")],
    reference: Annotated[
        Path,
        typer.Option(
            "--reference",
            help="The teacher's reference solution (a .py file): read by AST, never run until "
            "check runs it.",
            rich_help_panel=INPUT,
        ),
    ],
    suite: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Option(
            "--suite",
            help="A suite file to grade with (repeatable; default: easy puzzles generated into "
            "testcases/NAME.yaml).",
            rich_help_panel=INPUT,
        ),
    ] = None,
    examples: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--examples",
            help="A folder of example submissions, each with NAME.expected.yaml beside it, for "
            "check to grade too.",
            rich_help_panel=INPUT,
        ),
    ] = None,
    starter: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Option(
            "--starter",
            help="The handout's starter code (repeatable: each of its files): written as "
            "`starter:`, which check grades untouched (it must earn 0) and similarity leaves out.",
            rich_help_panel=INPUT,
        ),
    ] = None,
    then_check: Annotated[
        bool,
        typer.Option(
            "--check/--no-check",
            help="Run `check -a NAME` on the entry written (--no-check: write it and stop, to "
            "edit the guesses first).",
        ),
    ] = True,
    jobs: JobsOption = DEFAULT_JOBS,
    config: ConfigOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Start a config.yaml entry for a new assignment from its reference solution, then check it.

    Each function's role and arguments and the assignment's conventions are guessed from the
    reference's definitions (read by AST, never run), and every guess is marked `# guess:` in
    the YAML it writes, to check and edit. Then `check -a NAME` runs the reference, the stub
    controls made from it, and the starter (`--starter`).

    Example: [bold]sudoku-harness new my-course --reference solution/sudoku.py[/bold]
    """

    def work() -> ExitCode:
        path = config or _config_here()
        made = scaffold(name, reference, path, suite or (), examples, starter or (), jobs)
        typer.echo(f"wrote assignments.{name} to {made.config}" + "".join(
            f"; puzzles to {p}" for p in made.suites
        ))  # fmt: skip
        if not then_check:
            return ExitCode.OK
        return _checked(load_config(made.config), [name], jobs)

    run(work, verbose)


def _config_here() -> Path:
    """config.yaml as the other commands find it, or a new one in this folder."""
    try:
        return find_config(None)
    except BadInput:
        return Path.cwd() / "config.yaml"


@app.command()
def diff(
    old: Annotated[
        Path, typer.Argument(help="The earlier JSON report (grade --json, or --out's report.json).")
    ],
    new: Annotated[Path, typer.Argument(help="The later JSON report.")],
    verbose: VerboseOption = False,
) -> None:
    """List the students whose marks changed between two reports, by item, and why.

    Rows are matched by submission name, then by the student's LMS id or e-mail.

    Exit code: 0 when no marks changed, 1 when some did, 2 for a file that is not a report.

    Example: [bold]sudoku-harness diff before.json after.json[/bold]
    """

    def work() -> ExitCode:
        before, after = reports.load(old), reports.load(new)
        changes = reports.compare(before, after)
        typer.echo(reports.render(changes, before, after))
        return ExitCode.FAILED if changes else ExitCode.OK  # 1: changed, as diff(1) says it

    run(work, verbose)


app.command()(similarity)  # registered here: --help lists the commands in this order


@app.command()
def league(
    paths: Annotated[
        list[Path], typer.Argument(help="Submissions (files or folders) or folders of them.")
    ],
    size: Annotated[
        int,
        typer.Option(
            "--size", help="The league's puzzle size: 9, 16 or 25.", rich_help_panel=INPUT
        ),
    ],
    assignment: AssignmentOption = None,
    config: ConfigOption = None,
    json_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--json",
            help="Also write the standings as JSON to this file.",
            rich_help_panel=OUTPUTS,
        ),
    ] = None,
    repeats: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--repeats",
            min=1,
            max=99,
            help="Runs per puzzle (default: config.yaml's league.repeats).",
            rich_help_panel=RUNNING,
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Programs timed at once (at most the CPU count).",
            show_default="CPU count",
            rich_help_panel=RUNNING,
        ),
    ] = DEFAULT_JOBS,
    executor_kind: ExecutorOption = Kind.LOCAL,
    scheduler: SchedulerOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Rank the programs that pass at one size by CPU time per puzzle.

    The reference programs run beside them; places that noise could swap are flagged.

    Example: [bold]sudoku-harness league submissions/stdin-program --size 16[/bold]
    """

    def work() -> ExitCode:
        settings = load_config(find_config(config))
        inferred = infer(settings, paths[0], assignment)
        name = inferred.name
        if inferred.why:
            typer.echo(inferred.line(), err=True)
        league_settings = leagues.settings(settings, name)
        plan = calibrated_plan(settings, name)
        probes = leagues.league_probes(settings, plan, size)
        suffixes = suffixes_for(settings, name)
        entrants = [s for path in paths for s in discover(path, suffixes)]
        baselines = [
            replace(s, name=f"reference {s.name}")
            for path in league_settings.baselines
            for s in discover(settings.path(path), suffixes)
        ]
        _unique_names([*entrants, *baselines])
        count = repeats or league_settings.repeats
        choice = Choice(executor_kind, jobs, scheduler, Mode.AUTO)
        with executors.opened(choice) as executor:
            _describe(executor)
            standing = leagues.run_league(plan, probes, entrants, baselines, count, jobs, executor)
        if json_file is not None:
            league_report.write_json(standing, json_file)
        typer.echo(league_report.render(standing, terminal.width()))
        return ExitCode.OK

    run(work, verbose)


@app.command("gradescope-package")
def gradescope_package_command(
    assignment: Annotated[
        str,
        typer.Option(
            "--assignment", "-a", help="Assignment name from config.yaml.", rich_help_panel=INPUT
        ),
    ],
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            help="The zip to write (e.g. autograder.zip).",
            rich_help_panel=OUTPUTS,
        ),
    ] = Path("autograder.zip"),
    config: ConfigOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Build the autograder zip to upload to Gradescope for one assignment.

    setup.sh installs the harness; run_autograder grades /autograder/submission into
    /autograder/results/results.json.

    Example: [bold]sudoku-harness gradescope-package -a stdin-program -o autograder.zip[/bold]
    """

    def work() -> ExitCode:
        config_path = find_config(config)
        outputs.write_one(
            output, lambda path: gradescope_package.build(config_path, assignment, path)
        )
        typer.echo(f"wrote {output}: upload it as the assignment's autograder (zip file)")
        return ExitCode.OK

    run(work, verbose)


def _unique_names(submissions: list[Submission]) -> None:
    seen: dict[str, Path] = {}
    for submission in submissions:
        if submission.name in seen:
            first = seen[submission.name]
            raise BadInput(
                f"{submission.path}: the name {submission.name!r} is also {first}'s: "
                "rename one of the folders"
            )
        seen[submission.name] = submission.path


def main() -> None:
    app()
