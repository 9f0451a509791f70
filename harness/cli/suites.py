"""`sudoku-harness suites ...`: validate, generate, import and calibrate suites of test cases."""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal, Optional

import typer

from harness import atomic
from harness.calibration import (
    axes,
    axes_report,
    board_panel,
    board_panel_report,
    panel,
    panel_report,
)
from harness.calibration import samples as official_samples
from harness.cli.run import run
from harness.config import Config, find_config, load_config
from harness.errors import BadInput, ExitCode
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.puzzles import importers
from harness.puzzles.decide import HANDOFF_GUESSES
from harness.puzzles.generate import (
    PROOF_GUESSES,
    SAT_TARGET,
    SEARCH_TARGET,
    Request,
    generate,
)
from harness.puzzles.rating import DEDUCTIONS, Deduction, Difficulty
from harness.puzzles.solver import DEFAULT_MAX_GUESSES
from harness.puzzles.suites import Case, ValueStyle, dump_suite, load_suites
from harness.puzzles.validation import validate
from harness.records.tiers import Tier

PANEL = Path("solvers/panel")  # typical student solvers, relative to config.yaml
RoundsOf = Literal["naked-singles", "hidden-singles", "locked-candidates"]  # rating.DEDUCTIONS

app = typer.Typer(
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    help="Check, generate and import suites of test cases.",
)

OutputOption = Annotated[
    Optional[Path],  # noqa: UP045 - typer reads this annotation at run time
    typer.Option("--output", "-o", help="Suite file to write (default: standard output)."),
]
NameOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--name", help="The suite's name (default: the output file's stem)."),
]
HiddenOption = Annotated[
    bool, typer.Option("--hidden", help="Mark every case hidden: graded, details not shown.")
]
GuessesOption = Annotated[
    int,
    typer.Option(
        "--max-guesses",
        min=1,
        help="Give up deciding a puzzle after this many guesses (with python-sat installed, the"
        f" SAT solver decides it instead, after at most {HANDOFF_GUESSES:,}).",
    ),
]
VerboseOption = Annotated[bool, typer.Option("--verbose", "-v", help="Log what the harness does.")]
ValuesOption = Annotated[
    ValueStyle,
    typer.Option(
        "--values",
        help="How a stdin program is fed values above 9: letters (A = 10) or decimal.",
    ),
]


SEVERAL = (
    "left out by every role but a solver's with `completion: any` (its other answers are "
    "computed from one solution; `check` lists what each item leaves out)"
)


@app.command("validate")
def validate_command(
    paths: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Argument(help="Suite files or folders of them (default: testcases/)."),
    ] = None,
    max_guesses: GuessesOption = DEFAULT_MAX_GUESSES,
    verbose: VerboseOption = False,
) -> None:
    """Check every case: well-formed, exactly one solution (unless marked otherwise), equal to
    the written one, its recorded difficulty right, no puzzle twice. Exit 1 on any problem.

    Example: [bold]sudoku-harness suites validate testcases/[/bold]
    """

    def work() -> ExitCode:
        result = validate(paths or [Path("testcases")], max_guesses)
        for problem in result.problems:
            typer.echo(str(problem))
        for label in result.several:
            typer.echo(f"{label}: several solutions: {SEVERAL}")
        typer.echo(f"{result.files} files, {result.cases} cases: {len(result.problems)} problems")
        return ExitCode.OK if result.ok else ExitCode.FAILED

    run(work, verbose)


@app.command("generate")
def generate_command(
    size: Annotated[int, typer.Option("--size", help="4, 9, 16, 25 or 36.")] = 9,
    count: Annotated[int, typer.Option("--count", help="How many puzzles.")] = 10,
    difficulty: Annotated[
        Difficulty, typer.Option("--difficulty", help="Measured: easy, medium or hard.")
    ] = "medium",
    seed: Annotated[int, typer.Option("--seed", help="The same seed gives the same file.")] = 1,
    max_blanks: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--max-blanks",
            min=1,
            help="Stop blanking at this many blanks: an easy case a plain backtracking "
            "student solves (see `suites calibrate`).",
        ),
    ] = None,
    min_guesses: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--min-guesses",
            min=1,
            help="Hard only: remove clues until the reference search needs this many guesses "
            f"to prove the puzzle unique (default {SEARCH_TARGET} up to 16x16; {SAT_TARGET} "
            "from 25x25, where python-sat proves what the search cannot).",
        ),
    ] = None,
    max_guesses: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--max-guesses",
            min=1,
            help="Hard only: never make a removal the search cannot prove within this many "
            f"guesses (default {PROOF_GUESSES} up to 16x16, none from 25x25): a tier the "
            "course's programs finish in time.",
        ),
    ] = None,
    tier: Annotated[
        Optional[Tier],  # noqa: UP045
        typer.Option(
            "--tier",
            help="Name each case after the official sample it is to stand beside (basic, easy, "
            "medium, hard): `suites calibrate` checks it does.",
        ),
    ] = None,
    unsolvable: Annotated[
        bool,
        typer.Option(
            "--unsolvable",
            help="Then give each puzzle one wrong value, where naked and hidden singles prove "
            "it has no solution (as naked singles prove it of the handout's sample).",
        ),
    ] = False,
    clues: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--clues",
            min=0,
            help="Sparse boards instead: this many clues of a random full grid, any valid "
            "completion accepted (boards as sparse as B351's hard tier; see `suites calibrate "
            "-a board-solver`). Alone, with --difficulty hard.",
        ),
    ] = None,
    max_rounds: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--max-rounds",
            min=0,
            help="Easy or medium: keep a puzzle only when its singles (naked; with medium, hidden "
            "too) decide it in at most this many rounds, as an official sample's do (`suites "
            "calibrate` prints the samples' rounds).",
        ),
    ] = None,
    rounds_of: Annotated[
        Optional[RoundsOf],  # noqa: UP045
        typer.Option(
            "--rounds-of",
            help="With --max-rounds: whose rounds (the technique of the sample the case stands "
            "beside; default: the difficulty's singles).",
        ),
    ] = None,
    max_tries: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--max-tries",
            min=0,
            help="Keep a puzzle only when plain first-empty backtracking places at most this "
            "many values on it, as on an official sample (`suites calibrate` prints them).",
        ),
    ] = None,
    output: OutputOption = None,
    name: NameOption = None,
    hidden: HiddenOption = False,
    values: ValuesOption = "decimal",
    verbose: VerboseOption = False,
) -> None:
    """Make puzzles with a unique solution by removing clues from random full grids (or, with
    --unsolvable, with none). Each case's source starts with the command that makes it.

    Example: [bold]sudoku-harness suites generate --size 9 --count 20 --difficulty hard
    --seed 7 -o testcases/hidden-9x9.yaml --hidden[/bold]
    """

    def work() -> ExitCode:
        started = time.perf_counter()
        request = Request(
            size, count, difficulty, seed, max_blanks, min_guesses, max_guesses, tier, unsolvable
        )
        deduction = _deduction(rounds_of) if rounds_of else None
        request = dataclasses.replace(
            request, clues=clues, max_rounds=max_rounds, max_tries=max_tries, rounds_of=deduction
        )
        suite = _suite_name(name, output, f"generated-{size}x{size}-{difficulty}")
        command = _generate_command(request)
        cases = [
            _marked(_sourced(case, command), hidden, values) for case in generate(request, suite)
        ]
        kind = "unsolvable" if unsolvable else "sparse" if clues is not None else difficulty
        description = f"{count} {kind} {size}x{size} puzzles made by `sudoku-harness {command}`."
        _emit(output, dump_suite(suite, description, cases), len(cases), started)
        return ExitCode.OK

    run(work, verbose)


@app.command("import")
def import_command(
    source: Annotated[Path, typer.Argument(help="A puzzle file or folder in a known format.")],
    output: OutputOption = None,
    fmt: Annotated[
        Optional[importers.Format],  # noqa: UP045
        typer.Option("--format", help="lines, csv, boards or tokens (default: detected)."),
    ] = None,
    solutions: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--solutions",
            help="Boards or tokens: the matching solutions (folder or file).",
        ),
    ] = None,
    name: NameOption = None,
    limit: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--limit", min=1, help="Import only the first N puzzles."),
    ] = None,
    hidden: HiddenOption = False,
    max_guesses: GuessesOption = DEFAULT_MAX_GUESSES,
    values: ValuesOption = "decimal",
    verbose: VerboseOption = False,
) -> None:
    """Turn puzzles in the formats people have into a suite, computing missing solutions:
    81-character lines, CSV with puzzle,solution columns, folders of CSV boards (with
    --solutions), and stdin-style token files.

    Example: [bold]sudoku-harness suites import top95.txt -o testcases/top95.yaml[/bold]
    """

    def work() -> ExitCode:
        started = time.perf_counter()
        suite = _suite_name(name, output, source.stem)
        cases = importers.import_cases(
            source,
            fmt,
            solutions,
            suite=suite,
            limit=limit,
            hidden=hidden,
            max_guesses=max_guesses,
        )
        cases, repeats = importers.drop_repeats([_marked(c, False, values) for c in cases])
        for note in repeats:
            typer.echo(f"skipped {note}", err=True)
        description = f"Imported from {source.name} by `sudoku-harness suites import`."
        _emit(output, dump_suite(suite, description, cases), len(cases), started)
        return ExitCode.OK

    run(work, verbose)


def _generate_command(request: Request) -> str:
    """The `suites generate` arguments that make `request`'s cases again."""
    words = [
        f"suites generate --size {request.size} --count {request.count}",
        f"--difficulty {request.difficulty} --seed {request.seed}",
    ]
    options = {
        "--max-blanks": request.max_blanks,
        "--min-guesses": request.min_guesses,
        "--max-guesses": request.max_guesses,
        "--tier": request.tier,
        "--max-rounds": request.max_rounds,
        "--rounds-of": request.rounds_of and request.rounds_of.replace(" ", "-"),
        "--max-tries": request.max_tries,
    }
    words.extend(f"{flag} {value}" for flag, value in options.items() if value is not None)
    if request.unsolvable:
        words.append("--unsolvable")
    if request.clues is not None:
        words.append(f"--clues {request.clues}")
    return " ".join(words)


def _deduction(name: RoundsOf) -> Deduction:
    """The deduction a --rounds-of name spells (hyphens for the spaces)."""
    return next(d for d in DEDUCTIONS if d.replace(" ", "-") == name)


def _sourced(case: Case, command: str) -> Case:
    """The case with the command that makes it before its source."""
    return dataclasses.replace(case, source=f"{command}: {case.source}")


def _suite_name(name: str | None, output: Path | None, fallback: str) -> str:
    return name or (output.stem if output is not None else fallback)


def _marked(case: Case, hidden: bool, values: ValueStyle) -> Case:
    """The case as the options say: hidden (or as it was), fed with `values`."""
    return dataclasses.replace(case, hidden=hidden or case.hidden, values=values)


def _emit(output: Path | None, text: str, count: int, started: float) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    atomic.write_text(output, text)
    seconds = time.perf_counter() - started
    typer.echo(f"wrote {count} cases to {output} in {seconds:.1f} s", err=True)


@app.command("calibrate")
def calibrate_command(
    paths: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Argument(help="Suite files (default: the assignment's suites in config.yaml)."),
    ] = None,
    language: Annotated[
        Optional[panel.Language],  # noqa: UP045
        typer.Option(
            "--language",
            help="The panel's language: python, cpp or c (default: each the assignment allows).",
        ),
    ] = None,
    assignment: Annotated[
        str,
        typer.Option(
            "--assignment",
            "-a",
            help="A stdin-program assignment in config.yaml, or board-solver: its competency "
            "boards against the course's hard tier.",
        ),
    ] = "stdin-program",
    folder: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--panel", help="The panel's folder (default: solvers/panel by config)."),
    ] = None,
    samples: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--samples",
            help="The official samples' folder (default: config.yaml's samples.path; its "
            "samples.tiers name each one's tier).",
        ),
    ] = None,
    config: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--config", help="config.yaml to use (default: ./config.yaml or a parent's)."),
    ] = None,
    record: Annotated[
        bool,
        typer.Option(
            "--record",
            help="A function library or driven assignment: write the panel's slowest times to "
            "solvers/panel/times/ASSIGNMENT.yaml, which `check` holds the limits to.",
        ),
    ] = False,
    verbose: VerboseOption = False,
) -> None:
    """Hold each tier to the course's official samples it is named after, two ways, a table
    each: on the puzzles' own measures (blanks, the technique that decides them and its rounds,
    first-empty tries, the reference's guesses: no case harder than its samples on any), and on
    the panel of typical student solvers (solvers/panel), run on every case and sample under
    each size's CPU limit (a member that solves a tier's samples in time solves every case of
    it, one that misses them misses most). Exit 1 when a tier breaks either.

    A function library or driven assignment (Python, C, Java): its panel of first- and
    last-empty backtracking solvers, with and without a candidate check, runs on each solve
    item's cases; each limit should be the smallest whole second at least 3 x the slowest.
    Exit 1 when a limit in force lacks that margin.

    Example: [bold]sudoku-harness suites calibrate --language cpp testcases/stdin-25x25.yaml[/bold]
    """

    def work() -> ExitCode:
        settings = load_config(find_config(config))
        if _function_shaped(settings, assignment):
            unused = {"--language": language, "--samples": samples}
            return _calibrate_functions(settings, assignment, paths, folder, record, unused)
        plan = calibrated_plan(settings, assignment)
        suite_paths = paths or [settings.path(p) for p in settings.assignment(assignment).suites]
        cases = [case for suite in load_suites(suite_paths) for case in suite.cases]
        if plan.assignment.probes == "board-solver":
            return _calibrate_boards(settings, plan, cases, folder, samples)
        official = _official(settings, assignment, samples, cases)
        measured = _calibrate_axes(cases, official)
        languages = (language,) if language else panel.languages(plan)
        where = folder or settings.path(PANEL)
        ran = _calibrate_panel(plan, cases, languages, where, official)
        return ExitCode.OK if measured and ran else ExitCode.FAILED

    run(work, verbose)


def _calibrate_axes(cases: list[Case], official: official_samples.Samples | None) -> bool:
    """Each tier held to its samples on what needs no panel (harness/calibration/axes.py), printed;
    True when every tier holds."""
    found = axes.calibrate(cases, official)
    typer.echo(axes_report.render(found) + "\n")
    return found.holds


def _calibrate_panel(
    plan: Plan,
    cases: list[Case],
    languages: tuple[panel.Language, ...],
    where: Path,
    official: official_samples.Samples | None,
) -> bool:
    """The panel in each language on every case and sample (harness/calibration/panel.py), printed;
    True when every tier meets its samples both ways."""
    held = True
    for each in languages:
        found = panel.calibrate(plan, cases, each, panel.members(where, each), official)
        typer.echo(panel_report.render(found) + "\n")
        held = held and found.holds
    return held


def _calibrate_boards(
    settings: Config, plan: Plan, cases: list[Case], folder: Path | None, where: Path | None
) -> ExitCode:
    """The board panel (solvers/panel/board-solver) on the competency boards and the course's
    hard tier (harness/calibration/board_panel.py)."""
    configured = plan.assignment.samples
    reference = settings.path(plan.assignment.reference) if plan.assignment.reference else None
    team = board_panel.members(folder or settings.path(PANEL) / "board-solver", reference)
    course: list[Case] = []
    if configured is not None:
        where = where or settings.path(configured.path)
        answers = settings.path(configured.solutions) if configured.solutions else None
        course = board_panel.course_boards(configured, where, answers)
    held = _calibrate_board_axes(cases, course, where)
    found = board_panel.calibrate(plan, cases, team, course, where)
    typer.echo(board_panel_report.render(found))
    return ExitCode.OK if found.holds and held else ExitCode.FAILED


def _calibrate_board_axes(cases: list[Case], course: list[Case], where: Path | None) -> bool:
    """Boards of ours that name a tier held to the course's boards of it on what needs no panel
    (harness/calibration/axes.py), printed; True when they hold, or when none names a tier."""
    if not any(case.tier for case in cases):
        typer.echo(
            "axes: no board of ours names a tier of the course's samples: none is held to them\n"
        )
        return True
    samples = None
    if where is not None:
        samples = official_samples.Samples(where, tuple(course), absent=not where.is_dir())
    return _calibrate_axes(cases, samples)


def _official(
    settings: Config, assignment: str, folder: Path | None, cases: list[Case]
) -> official_samples.Samples | None:
    """The official samples config.yaml names (read from `folder` when given); None when it
    names none."""
    configured = settings.assignment(assignment).samples
    if configured is None:
        if folder is not None:
            raise BadInput.at("--samples", f"config.yaml's {assignment} has no samples.tiers")
        return None
    where = folder or settings.path(configured.path)
    return official_samples.load(configured, where, official_samples.value_styles(cases))


def _function_shaped(settings: Config, name: str) -> bool:
    """Whether the function panel times the assignment (a function library, shape driven)."""
    from harness.calibration.function_panel import SHAPES

    return settings.assignment(name).shape in SHAPES


def _calibrate_functions(
    settings: Config,
    name: str,
    paths: list[Path] | None,
    folder: Path | None,
    record: bool,
    unused: Mapping[str, object],
) -> ExitCode:
    """The function panel (solvers/panel/functions) on the solve items' cases, and the limits
    that follow (harness/calibration/function_panel.py); recorded for `check` with `record`."""
    from harness.calibration import function_panel, function_panel_report, panel_record

    for option, value in unused.items():
        if value is not None:
            raise BadInput.at(option, f"not for {name}: its panel is in its own language")
    if paths and record:
        raise BadInput.at("--record", "the times on other suites than config.yaml's are not "
                          "what its limits are held to")  # fmt: skip
    if paths:
        suites = tuple(path.resolve() for path in paths)
        chosen = settings.assignment(name).model_copy(update={"suites": suites})
        settings = settings.model_copy(
            update={"assignments": {**settings.assignments, name: chosen}}
        )
    plan = calibrated_plan(settings, name)
    where = folder or settings.path(PANEL)
    found = function_panel.calibrate(settings, plan, where)
    typer.echo(function_panel_report.render(found))
    if record:
        typer.echo(f"\nrecorded in {panel_record.write(settings, plan, found, where)}")
    return ExitCode.OK if found.holds else ExitCode.FAILED
