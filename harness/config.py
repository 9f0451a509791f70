"""config.yaml: the assignments, their items and marks, limits, suites and static rules.

Validated on load against the schema below; unknown keys are errors, so a typo in `marks:` cannot
silently award zero. Paths inside the file are relative to the file.
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping, Set
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic.json_schema import SkipJsonSchema

from harness.errors import BadInput
from harness.limits import IntakeLimits, Limits
from harness.program_io import Comparison as Comparison  # re-exported: the program's compare
from harness.program_io import ProgramIo
from harness.records.moments import EXAMPLE as MOMENT_EXAMPLE
from harness.records.moments import aware, parse_moment
from harness.records.outcomes import AdaptationKind, SourceReading
from harness.records.results import RuleName
from harness.records.similarity import Settings as SimilaritySettings
from harness.records.tiers import Tier
from harness.vocabulary import Conventions, Declared, ObjectConfig, Role
from harness.yamlfile import dotted, first_error, read_yaml

HelperPolicy = Literal["own", "reference", "better"]
LateUnit = Literal["day", "hour"]  # what a late penalty is counted in
PenaltyBase = Literal["max", "earned"]  # what its percent is of
CriterionScope = Literal["each", "every"]
ADAPTATION_COST = 0.1  # of an item's marks, per kind of interface deviation read through
SIMILARITY = SimilaritySettings()  # the similarity keys' defaults, kept with the engine's
CONFIG_NAME = "config.yaml"
CONFIG_ENV = "SUDOKU_HARNESS_CONFIG"

StandIns = Literal["none", "c"]  # what stands in for a function a student lacks (DriverConfig)
DriverRuns = Literal["item", "probe"]  # how a driver's probes are run (DriverConfig)
Framework = Literal["googletest", "junit5", "pytest"]  # the test runners of shape unit-tests
EntryBy = Literal["name", "definitions"]  # how a submission's entry file is found (entry_by)
READING_SHAPES = ("function-library", "board-classes")  # the shapes `readings:` apply to
Shape = Literal[  # the kinds of submission (harness/kinds/: a Kind each, in one registry)
    "function-library",  # a Python module of functions
    "board-classes",  # a Python module of classes (a Board and a Solver)
    "stdin-program",  # a program in any language of `languages:`
    "notebook",  # a Jupyter notebook handed in beside a module (an item's shape)
    "driven",  # a teacher's driver built with a student's C or Java functions
    "unit-tests",  # the course's own unit tests
]
# The kinds that have one probe set, which `probes:` names when it is left out: their items
# name their cases (a size, a test), never a role.
ONE_PROBE_SET: Mapping[Shape, str] = {
    "stdin-program": "stdin-program",
    "unit-tests": "unit-tests",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CriterionConfig(_Strict):
    """One row of a handout's rubric table: its marks, and its text as the handout words it."""

    marks: float = Field(ge=0, description="what the row is worth")
    text: str = Field(
        default="",
        description="the row in the handout's words, shown on the feedback pages and in the JSON",
    )
    across: CriterionScope = Field(
        default="each",
        description="how its marks meet its checks: `each` shares them over the cases that judge "
        'it (the handout\'s "for each board"); `every` gives them only when every case passes '
        '("for every unsolved board", "always"), as the handout words it',
    )


class ItemConfig(Declared):
    """One graded item (for a function library: one function; for classes: one method): its
    marks, and either its role (harness/vocabulary.py: the keys it inherits) or the probe
    builder of a probe set or plug-in that makes its probes."""

    marks: float = Field(ge=0, description="what the item is worth")
    probe: str | None = Field(
        default=None, description="the probe builder's name; default: the item's name"
    )
    plugin: str | None = Field(
        default=None,
        description="a plug-in (or built-in probe set) whose builder makes this item's probes, "
        "beside the assignment's declared items (sudoku-script's notebook: `cosc130-notebook`)",
    )
    shape: Shape | None = Field(
        default=None,
        description="the shape that runs this item, when not the assignment's (sudoku-script's "
        "notebook: `notebook`)",
    )
    function: str | None = Field(
        default=None,
        description="the function it calls, when not its own name (a second item on one function)",
    )
    aliases: tuple[str, ...] = Field(
        default=(), description="other spellings accepted for the item's name (`valid_Sudoku`)"
    )
    depends_on: tuple[str, ...] = Field(
        default=(),
        description="the handout's dependency list: items to fix first when both lose marks",
    )
    helpers: HelperPolicy = Field(
        default="better",
        description="which reading of an item that calls helpers (its assignment's "
        "`ProbeSet.helpers`) is marked when a helper of the student's own fails: `own` (the "
        "student's helpers), `reference` (the trusted reference's helpers in their place), or "
        "`better` of the two",
    )
    tests: tuple[str, ...] = Field(
        default=(),
        description="the course's unit tests this item is marked on (shape unit-tests), by name "
        "or glob over the test files' names (`sudoku.challenge_*`, `SolveTest.*`): its marks are "
        "shared over them",
    )
    time: float | None = Field(
        default=None,
        gt=0,
        description="per-call CPU limit for this item, seconds (default: `limits.time`); with "
        "`time_from_reference`, the floor of the limit",
    )
    time_from_reference: float | None = Field(
        default=None,
        ge=1,
        description="the limit is the slowest reference run times this factor, rounded up to "
        "whole seconds, and never under `time` (the Kattis rule, factor 2; measured before "
        "grading starts: harness/grading/calibration.py)",
    )
    criteria: dict[str, CriterionConfig] = Field(
        default_factory=dict,
        description="a rubric, by row name: the item's marks are the sum of its criteria's, each "
        "shared over the cases that judge it; without criteria, the marks are shared over the "
        "item's cases",
    )

    @model_validator(mode="after")
    def _criteria_add_up(self) -> ItemConfig:
        total = sum(c.marks for c in self.criteria.values())
        if self.criteria and abs(total - self.marks) > 1e-9:
            raise ValueError(f"the criteria's marks add up to {total:g}, not {self.marks:g}")
        return self


class RuleConfig(_Strict):
    """A static rule, read from the source and never by running it: `import`, `print` inside a
    graded function, `dict`. Each finding is a flag with its line."""

    penalty: float = Field(
        default=0, ge=0, description="marks taken from the flagged item; 0: flag only"
    )
    allow: tuple[str, ...] = Field(
        default=(),
        description="`import`: modules that may be imported; `print`: items that may print "
        "(display_puzzle)",
    )


class LanguageLimits(_Strict):
    """A language's own limits, where its runtime needs other ones than the assignment's: the
    JVM reserves its heap, code cache and class space up front, so it needs more address space
    than the memory it uses. A limit not given is the assignment's."""

    memory_mb: int | None = Field(
        default=None,
        ge=64,
        description="memory of each of its processes and all they start, MiB (the memory "
        "cgroup's limit; `limits.memory_mb` when not given)",
    )
    address_space_mb: int | None = Field(
        default=None,
        ge=64,
        description="RLIMIT_AS, MiB: the address space each of its processes may map, reserved "
        "or used (a JVM with `-Xmx256m` and the flags of the worked example maps about 1 GiB); "
        "not given: `memory_mb`, or twice it where a memory cgroup bounds the tree",
    )


class LanguageConfig(_Strict):
    """How a language is built and run, the way judges describe languages. Commands are argument
    lists; `{sources}` expands to every source file, `{main}` to the one run, `{binary}` to the
    program built, `{python}` to the sandbox interpreter, and any other `{name}` to the
    assignment's `program.variables` (e.g. `{std}`). `sudoku-harness doctor` lists each
    language's toolchain, and says how to install what is missing."""

    files: tuple[str, ...] = Field(
        min_length=1, description='file name patterns, e.g. `["*.cpp", "*.cc"]`'
    )
    build: tuple[str, ...] = Field(
        default=(), description="the build command; empty: nothing to build (interpreted)"
    )
    run: tuple[str, ...] = Field(
        default=(),
        description="the run command of a program (shape stdin-program); a language whose code "
        "only the course's unit tests run (shape unit-tests) needs none",
    )
    processes: bool = Field(
        default=False,
        description="the run command starts processes of its own (a shell script running `cat`): "
        "seccomp then lets it fork and exec; the pids cgroup still bounds how many. Off for "
        "compiled languages, the JVM and Python, whose solvers never need to",
    )
    tools: tuple[str, ...] = Field(
        default=(),
        description="the commands its toolchain needs, which `doctor` looks for on the PATH "
        "(default: the first word of `build` and of `run`)",
    )
    requires: tuple[Path, ...] = Field(
        default=(),
        description="files its toolchain needs besides its commands, which `doctor` looks for "
        "(GoogleTest's header, JUnit's console launcher)",
    )
    modules: tuple[str, ...] = Field(
        default=(),
        description="Python packages its runs import from the harness's own installation "
        "(`pytest`, which the harness's pytest runner takes from there): `doctor` looks for them "
        "where the harness runs, and says to pip install what is missing",
    )
    packages: tuple[str, ...] = Field(
        default=(),
        description="the Debian or Ubuntu packages that install its toolchain: `doctor` says to "
        "install them when a tool is missing, and the Gradescope package's setup.sh installs "
        "them",
    )
    read: tuple[Path, ...] = Field(
        default=(),
        description="folders outside the system's (/usr, /lib, /bin and a few files of /etc) "
        "that its toolchain reads: Landlock lets its processes read them and the private view "
        "shows them (the JDK's configuration, /etc/java-17-openjdk, read by its security "
        "manager)",
    )
    limits: LanguageLimits = Field(
        default=LanguageLimits(),
        description="its own limits, where its runtime needs other ones than the assignment's",
    )

    @property
    def commands(self) -> tuple[str, ...]:
        """The commands `doctor` looks for: `tools`, else the first word of build and run."""
        if self.tools:
            return self.tools
        firsts = [command[0] for command in (self.build, self.run) if command]
        return tuple(dict.fromkeys(c for c in firsts if "{" not in c and "/" not in c))


COMMAND_VARIABLES = frozenset({"sources", "main", "binary", "python"})  # the commands' own


def _placeholders(part: str, where: str) -> list[str]:
    """The `{name}`s of one argument of a command."""
    try:
        return [name for _, name, _, _ in string.Formatter().parse(part) if name is not None]
    except ValueError as err:
        raise ValueError(f"{where}: {err} in {part!r} (write a brace as {{{{ or }}}})") from None


def command_problem(name: str, language: LanguageConfig, known: Set[str]) -> str | None:
    """The first part of languages.NAME's build or run command that cannot be expanded with
    `known` (and COMMAND_VARIABLES), said; None when every part can."""
    for which, command in (("build", language.build), ("run", language.run)):
        for part in command:
            try:
                fields = _placeholders(part, f"languages.{name}.{which}")
            except ValueError as err:
                return str(err)
            for field in fields:
                if field not in known | COMMAND_VARIABLES:
                    return (f"{{{field}}} in languages.{name}.{which} has no value "
                            "(give it here)")  # fmt: skip
    return None


class ProgramConfig(ProgramIo):
    """For programs (shape `stdin-program`): which languages, how to build, which file solves
    which size when a folder holds one program per size; and how each is given its puzzle and
    its answer read and compared (harness/program_io.py: the keys before `languages`)."""

    languages: tuple[str, ...] = Field(
        min_length=1, description="names in the top-level `languages:`"
    )
    variables: dict[str, str] = Field(
        default_factory=dict,
        description="fill `{name}` in the build and run commands, e.g. `{std: c++11}`",
    )
    sizes: dict[int, str] = Field(
        default_factory=dict,
        description='size to file pattern, e.g. `{9: "*9x9*"}`: one program per size, when a '
        "folder is handed in so",
    )
    build_time: float = Field(default=30.0, gt=0, description="CPU seconds to build one program")
    build_memory_mb: int = Field(
        default=2048, ge=64, description="the compiler's memory, MiB (as `limits.memory_mb`)"
    )


class DriverConfig(_Strict):
    """The teacher's driver, for shape `driven`: a program (a C `main`, a Java runner) built
    together with a student's files, once per submission, in the sandbox. It reads one probe a
    line on stdin (the function's name, then its arguments) and prints one reply a line, in JSON
    (docs: assignments/driven)."""

    language: str = Field(
        description="a name in the top-level `languages:`: its file patterns, build and run "
        "commands (`{sources}`: the driver's files, then the student's)"
    )
    sources: tuple[Path, ...] = Field(
        min_length=1,
        description="the driver's files, relative to config.yaml: built with the student's, "
        "from a folder of their own beside them (`sudoku-harness-driver/`)",
    )
    given: tuple[Path, ...] = Field(
        default=(),
        description="the course's files every build gets beside the student's (a `sudoku.h` "
        "their code includes), relative to config.yaml: a submission's own copies are replaced; "
        "one of the language's sources is built with the driver's",
    )
    files: tuple[str, ...] = Field(
        default=(),
        description="the student's files built with it, as name patterns (`[sudoku.c]`: a "
        "handout's own main.c handed in too is left out); default: every file of the language",
    )
    variables: dict[str, str] = Field(
        default_factory=dict,
        description="fill `{name}` in the language's commands, e.g. `{main_class: Runner}`",
    )
    stand_ins: StandIns = Field(
        default="none",
        description="`c`: the harness links a weak C stand-in for each function the items call, "
        "so that one a student's files lack costs only the items that call it (CE) and the "
        "rest still run; `none`: the driver sees to it (a Java runner calling by reflection), "
        "else a missing function fails the build, and every item",
    )
    runs: DriverRuns = Field(
        default="item",
        description="`item`: an item's probes in one run of the driver, a line each, under the "
        "sum of their limits (an item with a time limit of its own still runs each probe "
        "alone, timed exactly); `probe`: every probe a run of its own",
    )
    build_time: float = Field(
        default=30.0, gt=0, description="CPU seconds to build the driver with a submission"
    )
    build_memory_mb: int = Field(
        default=2048, ge=64, description="the compiler's memory, MiB (as `limits.memory_mb`)"
    )


UNIT_TESTS_WORDS = frozenset(
    {
        "sources",
        "tests",
        "test",
        "test_dir",
        "reports",
        "harness",
        "binary",
        "selected",
        "python",
        "packages",
    }
)  # what harness/kinds/unit_tests/kind.py fills in `tests.build` and `tests.run`


class UnitTestsConfig(_Strict):
    """The course's own unit tests (shape unit-tests): the teacher's test files, how they are
    built against a submission and run, and where the runner writes its JUnit XML. Commands are
    argument lists, run in the working copy: `{sources}` expands to the submission's source
    files (of `language`'s patterns), `{tests}` to the teacher's test files of the run and
    `{test}` to one of them (a command with `{test}` runs once per test file, and a file that
    does not build makes only its own tests CE), `{test_dir}` to the folder holding them and
    the `given` files, `{reports}` to the folder the report goes in, `{harness}` to the
    harness's files for test programs (its GoogleTest main, its Java security policy, its pytest
    runner), `{python}` to the sandbox interpreter, `{packages}` to the folder of the Python
    packages the runner imports (pytest's, copied from the harness's installation),
    `{selected}` to the arguments that select the tests to run (appended to `run` when it does
    not name them), and any other `{name}` to `variables`."""

    framework: Framework = Field(
        description="the test runner: `googletest` (its main is the harness's, "
        "`{harness}/gtest_main.cc`), `junit5` (the console launcher), `pytest` (the harness's "
        "runner, `{harness}/pytest_runner.py`)"
    )
    language: str = Field(description="the submission's language: a name in `languages:`")
    files: tuple[Path, ...] = Field(
        min_length=1, description="the teacher's test files, visible on the feedback pages"
    )
    hidden: tuple[Path, ...] = Field(
        default=(),
        description="the teacher's hidden test files: built and run apart from the visible ones, "
        "their names and failures never shown",
    )
    given: tuple[Path, ...] = Field(
        default=(),
        description="the teacher's other files every build gets (a header students must not "
        "change): the submission's own copies are ignored",
    )
    build: tuple[tuple[str, ...], ...] = Field(
        default=(), description="the build commands, in order (each an argument list)"
    )
    run: tuple[str, ...] = Field(min_length=1, description="the command that runs the tests")
    report: str = Field(
        description="where the JUnit XML lands: a file name or pattern inside `{reports}` "
        "(`gtest.xml`, `TEST-*.xml`)"
    )
    time: float = Field(
        default=30.0,
        gt=0,
        description="CPU seconds for one run of the tests (every test of a stage in one "
        "process; a run that crashes or times out is run again a test at a time)",
    )
    build_time: float = Field(default=60.0, gt=0, description="CPU seconds for each build command")
    build_memory_mb: int = Field(
        default=2048, ge=64, description="the compiler's memory, MiB (as `limits.memory_mb`)"
    )
    variables: dict[str, str] = Field(
        default_factory=dict,
        description="fill `{name}` in the commands, e.g. `{junit: /usr/share/java/...jar}`",
    )

    @model_validator(mode="after")
    def _placeholders_known(self) -> UnitTestsConfig:
        """Every `{name}` of the commands is one the harness fills, or one of `variables`."""
        known = UNIT_TESTS_WORDS | set(self.variables)
        commands = [("run", self.run), *((f"build[{i}]", c) for i, c in enumerate(self.build))]
        for key, command in commands:
            for index, part in enumerate(command):
                for name in _placeholders(part, f"{key}[{index}]"):
                    if name not in known:
                        listed = ", ".join(sorted(known))
                        raise ValueError(f"{key}[{index}]: unknown placeholder {{{name}}} "
                                         f"(known: {listed}; add it to `variables:`)")  # fmt: skip
        return self

    @field_validator("report")
    @classmethod
    def _report_inside(cls, value: str) -> str:
        if "/" in value or value in ("", ".", ".."):
            raise ValueError("a file name or pattern inside {reports}, e.g. `TEST-*.xml`")
        return value


class LeagueConfig(_Strict):
    """The timed leagues: per size, a suite of puzzles of mixed difficulty; repeats per case."""

    suites: dict[int, Path] = Field(min_length=1, description="size to suite file")
    repeats: int = Field(default=5, ge=1, le=99, description="runs per case: the median is kept")
    baselines: tuple[Path, ...] = Field(
        default=(),
        description="reference programs shown beside the students (the first is x1)",
    )


class SamplesConfig(_Strict):
    """The course's own sample puzzles, read where they are and never copied into the project:
    `suites calibrate` holds each tier of the suites against the samples of that tier and size
    (harness/calibration/panel.py). A folder that is absent is said, and nothing is checked."""

    path: Path = Field(description="a folder `suites import` reads (relative to config.yaml)")
    solutions: Path | None = Field(
        default=None,
        description="a folder mirroring `path` with the boards' solutions (board-solver: the "
        "course's `solutions/` beside its `tests/`)",
    )
    tiers: dict[str, Tier] = Field(
        min_length=1,
        description="each sample, as `suites import` names it (`sampleio-16x16/b01`), to the "
        "tier it names; a sample with no solution needs none (it is held against the size's "
        "unsolvable cases). For board-solver, folders of boards under `path` (`test-3-hard`): "
        "those named `hard` are the tier its competency boards are held against",
    )


class StarterConfig(_Strict):
    """The handout's starter code: the skeleton every student was given. `similarity` leaves its
    fingerprints out (never evidence of copying); `check` grades it as a control, which fails
    when it earns more than `marks`. A list of files is short for `{files: [...]}`."""

    files: tuple[Path, ...] = Field(
        default=(),
        description="its files, relative to config.yaml: graded together as one submission",
    )
    marks: float = Field(
        default=0,
        ge=0,
        description="the most the untouched starter may earn (`check`): 0 unless the handout "
        "gives working code that its own items mark (a constructor given whole)",
    )

    @model_validator(mode="after")
    def _marks_need_files(self) -> StarterConfig:
        if "marks" in self.model_fields_set and not self.files:
            raise ValueError("marks: the starter has no `files:` to grade")
        return self


class NotebookConfig(_Strict):
    """A notebook beside the script, executed headlessly (the `notebook` extra): which file, how
    long each cell may run, and whether a submission without one loses the notebook's marks."""

    file: str = Field(
        default="*.ipynb",
        description="name pattern; any other .ipynb is run (and said) when none matches",
    )
    cell_time: float = Field(
        default=60.0, gt=0, description="wall seconds per cell before it is interrupted"
    )
    memory_mb: int = Field(
        default=2048,
        ge=256,
        description="the runner's and kernel's memory together, MiB (as `limits.memory_mb`)",
    )
    required: bool = Field(
        default=False,
        description="false: a submission without a notebook is not graded on it (its maximum "
        "leaves it out); true: it scores nothing for it",
    )


class PenaltyConfig(_Strict):
    """What lateness costs (harness/grading/adjust/policy.py): `percent` for every day or hour
    late, counted from the due date and begun ("1 hour 5 minutes" is 2 hours), of the
    submission's maximum (`of: max`, as Canvas's late policy does) or of the marks it earned
    (`of: earned`), at most `cap` percent in all; more than `refuse_after_days` days late: no
    marks at all."""

    per: LateUnit = Field(default="day", description="what lateness is counted in")
    percent: float = Field(gt=0, le=100, description="taken for every day or hour begun late")
    of: PenaltyBase = Field(
        default="max",
        description="the percent is of the submission's maximum, or of the marks it earned",
    )
    cap: float = Field(default=100, gt=0, le=100, description="at most this percent in all")
    refuse_after_days: float | None = Field(
        default=None, gt=0, description="more than this many days late, every mark is taken"
    )


class DeadlineConfig(_Strict):
    """An assignment's due date and late policy. `due` is ISO 8601 with its UTC offset (see
    harness/records/moments.py: a timezone name is not accepted); `grace_minutes` late still
    counts as on time, and past them lateness counts from `due` itself."""

    due: datetime = Field(
        description="ISO 8601 with its UTC offset (`2026-03-02T23:59:00+00:00`; Z is +00:00)"
    )
    grace_minutes: float = Field(
        default=0,
        ge=0,
        description="minutes after `due` still on time; past them, lateness counts from `due`",
    )
    penalty: PenaltyConfig = Field(description="what lateness costs")

    @field_validator("due", mode="before")
    @classmethod
    def _with_offset(cls, value: Any) -> datetime:
        if isinstance(value, datetime):  # YAML reads an unquoted date and time itself
            return aware(value)
        if isinstance(value, str):
            return parse_moment(value)
        raise ValueError(f"write the due date as a date and time, e.g. {MOMENT_EXAMPLE!r}")


class SimilarityConfig(_Strict):
    """When `sudoku-harness similarity` flags a pair (harness/similarity/). Every default is the
    engine's (harness/records/similarity.py: what each key means, at length)."""

    threshold: float = Field(
        default=SIMILARITY.threshold,
        gt=0,
        le=1,
        description="a pair is flagged when either file has at least this share of its "
        "fingerprints in the other",
    )
    common_share: float = Field(
        default=SIMILARITY.common_share,
        gt=0,
        le=1,
        description="fingerprints held by more than this share of the class are boilerplate, "
        "left out ...",
    )
    common_min: int = Field(
        default=SIMILARITY.common_min,
        ge=3,
        description="... and by at least this many submissions: in a small class, a few who "
        "copied from each other are no share of it that makes their code boilerplate",
    )
    min_matched: int = Field(
        default=SIMILARITY.min_matched,
        ge=1,
        description="a pair sharing fewer fingerprints than this is not flagged by the "
        "threshold (about 20 lines in common)",
    )
    merge_neighbor: int = Field(
        default=SIMILARITY.merge_neighbor,
        ge=1,
        description="matches of this many fingerprints or more, at most `merge_gap` apart, are "
        "one: lines put between copied ones do not split a copy",
    )
    merge_gap: int = Field(
        default=SIMILARITY.merge_gap,
        ge=0,
        description="fingerprints between two matches that still make them one (0: no merging)",
    )
    outlier_z: float | None = Field(
        default=SIMILARITY.outlier_z,
        gt=0,
        description="a pair this many robust standard deviations above the class's median share "
        "is flagged as an outlier under the threshold too (null: never)",
    )
    outlier_min_share: float = Field(
        default=SIMILARITY.outlier_min_share,
        gt=0,
        le=1,
        description="an outlier's share is at least this",
    )
    outlier_min_matched: int = Field(
        default=SIMILARITY.outlier_min_matched,
        ge=1,
        description="an outlier shares at least this many fingerprints (under the threshold, a "
        "share of a small file can be a few idioms)",
    )
    outlier_min_class: int = Field(
        default=SIMILARITY.outlier_min_class,
        ge=3,
        description="no outliers in a class of fewer submissions",
    )
    archive: Path | None = Field(
        default=None,
        description="earlier years' submissions (a folder or zip, any layout `grade` reads): "
        "each submission of the class is compared with each of them too, never they with "
        "each other",
    )

    def settings(self) -> SimilaritySettings:
        """What the engine is asked: every key but the archive, which is read, not compared."""
        return SimilaritySettings(**self.model_dump(exclude={"archive"}))


class AssignmentConfig(_Strict):
    """One assignment: how submissions run and are probed, what they are graded on and worth,
    within which limits."""

    title: str = Field(
        default="",
        description="its name for people: the Canvas column, the pages (default: its key)",
    )
    shape: Shape = Field(
        description="how a submission runs (harness/kinds/): `function-library`, "
        "`board-classes`, `stdin-program`, `notebook`, `driven` (a teacher's driver built with "
        "a student's C or Java functions), `unit-tests` (the course's own tests)"
    )
    probes: str | None = Field(
        default=None,
        description="a probe set that makes every item's probes: a package of the harness's "
        "(`board-solver`, `stdin-program`) or a plug-in; none: each item declares its `role:` "
        "(or names a `plugin:`), in the assignment's `conventions:`. Shapes `stdin-program` and "
        "`unit-tests` have one probe set, of their name: left out, it is theirs",
    )
    conventions: Conventions = Field(
        default=Conventions(),
        description="how the course writes a grid, for every declared item's calls and answers "
        "(harness/vocabulary.py)",
    )
    objects: dict[str, ObjectConfig] = Field(
        default_factory=dict,
        description="the student's classes the items work on, by class name: how an object is "
        "made from a case's grid, and the paths to its cells and their values and domains",
    )
    entry: str | None = Field(
        default=None,
        description="the entry file's name (`a2.py`); null, or not in a folder: the only .py "
        "file of the folder, else the one defining the most of the items' names (`entry_by`)",
    )
    entry_by: EntryBy = Field(
        default="name",
        description="how a submission's entry file is found: `name`: `entry:` where the "
        "folder has it, else its only .py file, else the .py file that defines the most of "
        "the names the items need (functions, classes, methods; read, never run); "
        "`definitions`: always the file that defines the most of them (a student's renamed "
        "copy beside the untouched starter), among equals the one with fewer stubs, then `entry:`",
    )
    readings: tuple[SourceReading, ...] = Field(
        default=(),
        description="readings of a student's Python file that does not run as Python 3 as "
        "written: `python2` (tabs at Python 2's stops, print statements, `range(...)` and "
        "`d.keys()` as lists, `xrange`, `raw_input`, integer `/`), said in the feedback and "
        "priced as an adaptation (`adaptations: {python2: ...}`); the function-library and "
        "board-classes shapes",
    )
    salvage: bool = Field(
        default=False,
        description="when importing fails, run the top-level statements one by one, skipping "
        "those that raise, and grade what got defined (the board-classes shape always does)",
    )
    sanitize: bool = Field(
        default=True,
        description="a compiled submission (C, C++) that lost marks on a wrong answer or a "
        "run-time error is built again with AddressSanitizer and UndefinedBehaviorSanitizer and "
        "those cases run again, to name its undefined behaviour (marks unchanged); false: never "
        "(it about doubles such a submission's CPU time)",
    )
    suites: tuple[Path, ...] = Field(
        default=(),
        description="suite files, graded in order (required but for the course's unit tests, "
        "`tests:`, which need none)",
    )
    reference: Path | None = Field(
        default=None,
        description="the reference solution: `check` grades it (full marks), time limits are "
        "measured on it, and its helpers stand in for a student's failing ones",
    )
    examples: Path | None = Field(
        default=None,
        description="example submissions, each with `NAME.expected.yaml` beside it: `check` "
        "grades them",
    )
    limits: Limits = Field(
        default=Limits(),
        description="resource limits of each student process; any not given takes its default",
    )
    program: ProgramConfig | None = Field(
        default=None, description="for shapes that build and run programs"
    )
    driver: DriverConfig | None = Field(
        default=None, description="for shape `driven`: the teacher's driver and how it is built"
    )
    tests: UnitTestsConfig | None = Field(
        default=None, description="the course's own unit tests (shape unit-tests)"
    )
    league: LeagueConfig | None = Field(
        default=None, description="the timed leagues (`sudoku-harness league`)"
    )
    samples: SamplesConfig | None = Field(
        default=None,
        description="the course's official samples, read where they are: `suites calibrate` "
        "holds each tier of the suites against them",
    )
    notebook: NotebookConfig = Field(
        default=NotebookConfig(), description="for items whose probes run the notebook"
    )
    items: dict[str, ItemConfig] = Field(
        min_length=1,
        description="the graded items, by name (a function, a method, a size), with their marks",
    )
    rules: dict[RuleName, RuleConfig] = Field(
        default_factory=dict, description="static rules, read from the source: by default off"
    )
    aliases: dict[str, tuple[str, ...]] = Field(
        default_factory=dict,
        description="other names accepted for names of the interface (methods, attributes), "
        "e.g. an older year's starter: `{valsInRows: [valuesInRows]}`; item names take their "
        "items' aliases too",
    )
    adaptations: dict[AdaptationKind, Annotated[float, Field(ge=0, le=1)]] = Field(
        default_factory=dict,
        description="what an interface deviation the harness reads through costs, as a share of "
        "the item's marks, once per item and kind: blanks stored as 0, solve() without its "
        "defaults, a class from a sibling file, a file read as Python 2 (`python2`, with "
        f"`readings:`). Not listed: {ADAPTATION_COST} (the handouts "
        "state these interfaces); 0 where a handout leaves it open",
    )
    deadline: DeadlineConfig | None = Field(
        default=None,
        description="the due date and late policy; none: nothing is late (harness/grading/adjust/)",
    )
    starter: StarterConfig = Field(
        default=StarterConfig(),
        description="the handout's starter code (its skeleton): a list of files, or `{files: "
        "[...], marks: 0}`. Never evidence of copying (`similarity` leaves it out); `check` "
        "grades it and fails when it earns more than `marks`",
    )
    similarity: SimilarityConfig = Field(
        default=SimilarityConfig(), description="when a pair of submissions is flagged"
    )

    def adaptation_cost(self, kind: AdaptationKind) -> float:
        return self.adaptations.get(kind, ADAPTATION_COST)

    @field_validator("starter", mode="before")
    @classmethod
    def _starter_as_list(cls, value: Any) -> Any:
        """`starter: [a.py]`, as it has always been written, is `starter: {files: [a.py]}`."""
        return {"files": value} if isinstance(value, (list, tuple)) else value

    @model_validator(mode="after")
    def _readings_have_a_shape_that_reads(self) -> AssignmentConfig:
        if self.readings and self.shape not in READING_SHAPES:
            raise ValueError(f"readings: {self.shape} does not read them (only "
                             f"{' and '.join(READING_SHAPES)} do)")  # fmt: skip
        return self

    @model_validator(mode="after")
    def _starter_marks_fit(self) -> AssignmentConfig:
        if self.starter.marks > self.max_marks:
            raise ValueError(f"starter.marks: {self.starter.marks:g} is more than the "
                             f"assignment's {self.max_marks:g} marks in all")  # fmt: skip
        return self

    @model_validator(mode="after")
    def _dependencies_are_items(self) -> AssignmentConfig:
        for name, item in self.items.items():
            for needed in item.depends_on:
                if needed not in self.items:
                    raise ValueError(f"items.{name}.depends_on: {needed!r} is not an item")
        return self

    @model_validator(mode="after")
    def _objects_are_declared(self) -> AssignmentConfig:
        for key, shape in self.objects.items():
            for name in shape.names(key):
                if not name.isidentifier():
                    raise ValueError(f"objects.{key}: {name!r} is not a class name")
        for name, item in self.items.items():
            if item.object is not None and item.object not in self.objects:
                known = ", ".join(self.objects) or "none"
                raise ValueError(
                    f"items.{name}.object: {item.object!r} is not under `objects:` ({known})"
                )
        return self

    @model_validator(mode="after")
    def _suites_or_tests(self) -> AssignmentConfig:
        if not self.suites and self.tests is None:
            raise ValueError("suites: at least one suite file (or `tests:`, the course's own unit "
                             "tests)")  # fmt: skip
        return self

    @model_validator(mode="after")
    def _probes_of_the_shape(self) -> AssignmentConfig:
        """`probes:` left out is the shape's one probe set, where it has one."""
        if self.probes is None and self.shape in ONE_PROBE_SET:
            object.__setattr__(self, "probes", ONE_PROBE_SET[self.shape])
        return self

    @model_validator(mode="after")
    def _unit_tests_fit_the_shape(self) -> AssignmentConfig:
        """`tests:` belongs to shape unit-tests, which makes its probes from them alone."""
        if self.tests is not None and self.shape != "unit-tests":
            raise ValueError("tests: the course's unit tests are for `shape: unit-tests`, not "
                             f"{self.shape}")  # fmt: skip
        if self.shape == "unit-tests" and self.probes != "unit-tests":
            raise ValueError(f"probes: {self.probes!r} cannot: shape unit-tests makes its "
                             "probes with `probes: unit-tests` (its items name tests, never "
                             "roles)")  # fmt: skip
        return self

    @model_validator(mode="after")
    def _items_say_how_they_are_probed(self) -> AssignmentConfig:
        for name, item in self.items.items():
            where = f"items.{name}"
            if item.role is not None and (self.probes is not None or item.plugin is not None):
                how = f"probes: {self.probes}" if self.probes else f"plugin: {item.plugin}"
                raise ValueError(f"{where}.role: a role is declared, but {how} makes its probes")
            if self.probes is None and item.role is None and item.plugin is None:
                roles = ", ".join(get_args(Role))
                raise ValueError(f"{where}.role: missing: declare its role ({roles}), or name a "
                                 "plugin")  # fmt: skip
        return self

    @property
    def max_marks(self) -> float:
        return sum(item.marks for item in self.items.values())

    def accepted_names(self, name: str) -> tuple[str, ...]:
        """The name itself, then every alias config.yaml accepts for it (an item's, a class's
        under `objects:`, or the assignment's `aliases:`)."""
        item, shape = self.items.get(name), self.objects.get(name)
        extra = (
            *(item.aliases if item else ()),
            *(shape.aliases if shape else ()),
            *self.aliases.get(name, ()),
        )
        return (name, *dict.fromkeys(a for a in extra if a != name))


class RuntimeConfig(_Strict):
    """Where student code runs."""

    python: Path | None = Field(
        default=None,
        description="the interpreter for student code; default: the harness's own",
    )
    workdir: Path | None = Field(
        default=None,
        description="where private working copies are made; default: the system temp folder",
    )


class Config(_Strict):
    """config.yaml: every key is checked and unknown keys are errors; paths are relative to the
    file."""

    runtime: RuntimeConfig = Field(default=RuntimeConfig(), description="where student code runs")
    plugins: tuple[Path, ...] = Field(
        default=(),
        description="the teacher's own plug-ins (what YAML cannot say), outside the harness: "
        "a package folder, a Python file, or a folder of files, each defining `PROBE_SET` and "
        "named after its folder or file (harness/kinds/plugins.py)",
    )
    intake: IntakeLimits = Field(
        default=IntakeLimits(), description="caps on the downloads `grade` reads (zips)"
    )
    languages: dict[str, LanguageConfig] = Field(
        default_factory=dict,
        description="file patterns, build and run commands (argument lists), by language name",
    )
    assignments: dict[str, AssignmentConfig] = Field(
        min_length=1, description="the assignments, by name"
    )
    # The file it was read from: set by load_config, never a key of the file (so not in its
    # schema, and refused there).
    source: SkipJsonSchema[Path] = Path(CONFIG_NAME)

    @property
    def root(self) -> Path:
        """The folder holding the file: relative paths start there."""
        return self.source.parent

    @model_validator(mode="after")
    def _languages_are_known(self) -> Config:
        for name, assignment in self.assignments.items():
            program = assignment.program
            for language in program.languages if program else ():
                self._known_language(f"assignments.{name}.program.languages", language)
                if not self.languages[language].run:
                    raise ValueError(f"languages.{language}.run: missing: a program in it is run "
                                     f"by assignments.{name} (stdin-program)")  # fmt: skip
                variables = set(program.variables if program else ())
                problem = command_problem(language, self.languages[language], variables)
                if problem:
                    raise ValueError(f"assignments.{name}.program.variables: {problem}")
            if assignment.tests is not None:
                self._known_language(
                    f"assignments.{name}.tests.language", assignment.tests.language
                )
        return self

    @model_validator(mode="after")
    def _test_files_from_here(self) -> Config:
        """The unit tests' files and the starter's as paths from here (config.yaml names them
        relative to itself): their probes are built, their files copied and the starter's read
        (what a student's header may define as the handout's does), wherever the command is run
        from."""
        assignments = {
            name: a.model_copy(update=self._rooted_files(a)) for name, a in self.assignments.items()
        }
        object.__setattr__(self, "assignments", assignments)
        return self

    def _rooted_files(self, assignment: AssignmentConfig) -> dict[str, object]:
        starter = assignment.starter
        files = tuple(map(self.path, starter.files))
        rooted: dict[str, object] = {"starter": starter.model_copy(update={"files": files})}
        if assignment.tests is not None:
            rooted["tests"] = self._rooted(assignment.tests)
        return rooted

    def _rooted(self, tests: UnitTestsConfig) -> UnitTestsConfig:
        keys = ("files", "hidden", "given")
        return tests.model_copy(
            update={key: tuple(map(self.path, getattr(tests, key))) for key in keys}
        )

    def _known_language(self, where: str, language: str) -> None:
        if language not in self.languages:
            known = ", ".join(sorted(self.languages)) or "none"
            raise ValueError(f"{where}: {language!r} is not in `languages:` (known: {known})")

    def assignment(self, name: str) -> AssignmentConfig:
        if name not in self.assignments:
            known = ", ".join(sorted(self.assignments))
            raise BadInput(f"unknown assignment {name!r} (config.yaml has: {known})")
        return self.assignments[name]

    def path(self, relative: Path) -> Path:
        return relative if relative.is_absolute() else self.root / relative


def find_config(explicit: Path | None = None) -> Path:
    """--config, else $SUDOKU_HARNESS_CONFIG, else config.yaml here or in a parent folder."""
    if explicit is not None:
        return explicit
    if os.environ.get(CONFIG_ENV):
        return Path(os.environ[CONFIG_ENV])
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / CONFIG_NAME).is_file():
            return folder / CONFIG_NAME
    raise BadInput(f"no {CONFIG_NAME} in {here} or its parents (pass --config FILE)")


def load_config(path: Path) -> Config:
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise BadInput.at(str(path), "expected a mapping with an `assignments:` key")
    if "source" in data:
        raise BadInput.at(str(path), "source: unknown key (check the spelling)")
    try:
        config = Config.model_validate({**data, "source": path.resolve()})
    except ValidationError as err:
        location, message = first_error(err)
        where = f"{dotted(location)}: " if location else ""  # a check across keys names its own
        raise BadInput.at(str(path), f"{where}{message}") from None
    _check_paths(config, path)
    return config


def _check_paths(config: Config, path: Path) -> None:
    for name, assignment in config.assignments.items():
        _check_test_files(config, path, name, assignment.tests)
        for index, suite in enumerate(assignment.suites):
            if not config.path(suite).is_file():
                where = f"assignments.{name}.suites[{index}]"
                raise BadInput.at(str(path), f"{where}: suite file {suite} not found")
        archive = assignment.similarity.archive
        if archive is not None and not config.path(archive).exists():
            where = f"assignments.{name}.similarity.archive"
            raise BadInput.at(str(path), f"{where}: {archive} not found")
        for starter in assignment.starter.files:  # `starter:` a list, or `starter.files:`
            if not config.path(starter).is_file():
                where = f"assignments.{name}.starter"
                written = os.path.relpath(starter, config.root)  # as config.yaml says it
                raise BadInput.at(str(path), f"{where}: starter file {written} not found")
        driver = assignment.driver
        for key in ("sources", "given") if driver is not None else ():
            for index, source in enumerate(getattr(driver, key)):
                if not config.path(source).is_file():
                    where = f"assignments.{name}.driver.{key}[{index}]"
                    raise BadInput.at(str(path), f"{where}: driver file {source} not found")
        for size, suite in assignment.league.suites.items() if assignment.league else ():
            if not config.path(suite).is_file():
                where = f"assignments.{name}.league.suites.{size}"
                raise BadInput.at(str(path), f"{where}: suite file {suite} not found")


def _check_test_files(config: Config, path: Path, name: str, tests: UnitTestsConfig | None) -> None:
    """Every file `tests:` names is there (the teacher's tests, hidden ones, given files), each
    with a name of its own (they are copied into one folder)."""
    seen: dict[str, str] = {}
    for key in ("files", "hidden", "given") if tests is not None else ():
        for index, file in enumerate(getattr(tests, key)):
            where = f"assignments.{name}.tests.{key}[{index}]"
            written = os.path.relpath(file, config.root)  # as config.yaml says it
            if not config.path(file).is_file():
                raise BadInput.at(str(path), f"{where}: {written} not found")
            if file.name in seen:
                raise BadInput.at(str(path), f"{where}: {written} has the name of "
                                  f"{seen[file.name]} ({file.name}): the teacher's files go into "
                                  "one folder, so each needs a name of its own")  # fmt: skip
            seen[file.name] = f"tests.{key}[{index}]"
