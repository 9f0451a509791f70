"""config.yaml: the assignments, their items and marks, limits, suites and static rules.

Validated on load against the schema below; unknown keys are errors, so a typo in `marks:` cannot
silently award zero. Paths inside the file are relative to the file.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from harness.errors import BadInput
from harness.limits import IntakeLimits, Limits
from harness.records.moments import EXAMPLE as MOMENT_EXAMPLE
from harness.records.moments import aware, parse_moment
from harness.records.outcomes import AdaptationKind
from harness.records.results import RuleName
from harness.records.tiers import Tier
from harness.yamlfile import dotted, first_error, read_yaml

HelperPolicy = Literal["own", "reference", "better"]
LateUnit = Literal["day", "hour"]  # what a late penalty is counted in
PenaltyBase = Literal["max", "earned"]  # what its percent is of
CriterionScope = Literal["each", "every"]
ADAPTATION_COST = 0.1  # of an item's marks, per kind of interface deviation read through
CONFIG_NAME = "config.yaml"
CONFIG_ENV = "SUDOKU_HARNESS_CONFIG"

# How a program's output is compared with the answer: `tokens`, whitespace-separated values in
# order (Kattis's and DOMjudge's default; another layout is accepted and said), or `lines`, one
# row per line as the handout prints it.
Comparison = Literal["tokens", "lines"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CriterionConfig(_Strict):
    """One row of a handout's rubric table: its marks, and its text as the handout words it."""

    marks: float = Field(ge=0)
    text: str = ""
    # How its marks meet its checks: "each" shares them over the cases that judge it (the
    # handout's "for each board"); "every" gives them only when every case passes ("for every
    # unsolved board", "always"), as the handout words it.
    across: CriterionScope = "each"


class ItemConfig(_Strict):
    """One graded item (for a function library: one function; for classes: one method)."""

    marks: float = Field(ge=0)
    probe: str | None = None  # the probe builder's name; defaults to the item's name
    shape: str | None = None  # the shape that runs this item, when not the assignment's
    function: str | None = None  # the function it calls, when not its own name (a 2nd item)
    aliases: tuple[str, ...] = ()  # other spellings accepted for the item's name
    depends_on: tuple[str, ...] = ()  # the handout's dependency list
    # Which reading of an item that calls helpers (an assignment's ProbeSet.helpers) is marked
    # when a helper of the student's own fails: "own" (the student's helpers), "reference" (the
    # trusted reference's helpers in their place), or "better" of the two.
    helpers: HelperPolicy = "better"
    time: float | None = Field(default=None, gt=0)  # per-call CPU limit for this item
    # The limit is the slowest reference run times this factor, rounded up to whole seconds,
    # and never under `time` (the Kattis rule, factor 2): see calibration.py.
    time_from_reference: float | None = Field(default=None, ge=1)
    # A rubric: the item's marks are the sum of its criteria's, each shared over the cases that
    # judge it. Without criteria, the marks are shared over the item's cases.
    criteria: dict[str, CriterionConfig] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _criteria_add_up(self) -> ItemConfig:
        total = sum(c.marks for c in self.criteria.values())
        if self.criteria and abs(total - self.marks) > 1e-9:
            raise ValueError(f"the criteria's marks add up to {total:g}, not {self.marks:g}")
        return self


class RuleConfig(_Strict):
    penalty: float = Field(default=0, ge=0)  # marks taken from the flagged item; 0 = flag only
    allow: tuple[str, ...] = ()  # `import`: modules that may be imported; `print`: items that
    # may print (display_puzzle)


class LanguageConfig(_Strict):
    """How a language is built and run, the way judges describe languages. Commands are argument
    lists; `{sources}` expands to every source file, `{main}` to the one run, `{binary}` to the
    program built, `{python}` to the sandbox interpreter, and any other `{name}` to the
    assignment's `program.variables` (e.g. `{std}`)."""

    files: tuple[str, ...] = Field(min_length=1)  # file name patterns, e.g. ["*.cpp", "*.cc"]
    build: tuple[str, ...] = ()  # empty: nothing to build (an interpreted language)
    run: tuple[str, ...] = Field(min_length=1)
    # The run command starts processes of its own (a shell script running `cat`): seccomp then
    # lets it fork and exec; the pids cgroup still bounds how many. Off for compiled languages
    # and Python, whose solvers never need to.
    processes: bool = False


class ProgramConfig(_Strict):
    """For programs that read a puzzle on stdin: which languages, how to build, which file
    solves which size when a folder holds one program per size."""

    languages: tuple[str, ...] = Field(min_length=1)  # names in the top-level `languages:`
    variables: dict[str, str] = Field(default_factory=dict)  # e.g. {std: c++11}
    sizes: dict[int, str] = Field(default_factory=dict)  # size -> file pattern, e.g. "*9x9*"
    build_time: float = Field(default=30.0, gt=0)  # CPU seconds to build one program
    build_memory_mb: int = Field(default=2048, ge=64)  # the compiler's memory (see Limits)
    compare: Comparison = "tokens"  # how the output is compared with the answer (see Comparison)


class LeagueConfig(_Strict):
    """The timed leagues: per size, a suite of puzzles of mixed difficulty; repeats per case."""

    suites: dict[int, Path] = Field(min_length=1)  # size -> suite file
    repeats: int = Field(default=5, ge=1, le=99)  # runs per case: the median is kept
    baselines: tuple[Path, ...] = ()  # reference programs shown beside the students (first: x1)


class SamplesConfig(_Strict):
    """The course's own sample puzzles, read where they are and never copied into the project:
    `suites calibrate` holds each tier of the suites against the samples of that tier and size
    (harness/league/panel.py). A folder that is absent is said, and nothing is checked."""

    path: Path  # a folder `suites import` reads (relative to config.yaml)
    # sample, as `suites import` names it ("sampleio-16x16/b01") -> the tier it names; a sample
    # with no solution needs none (it is held against the size's unsolvable cases)
    tiers: dict[str, Tier] = Field(min_length=1)


class NotebookConfig(_Strict):
    """A notebook beside the script, executed headlessly (the `notebook` extra): which file, how
    long each cell may run, and whether a submission without one loses the notebook's marks."""

    file: str = "*.ipynb"  # name pattern; any other .ipynb is used (and said) when none matches
    cell_time: float = Field(default=60.0, gt=0)  # wall seconds per cell before an interrupt
    memory_mb: int = Field(default=2048, ge=256)  # the runner's and kernel's memory (see Limits)
    # false: a submission without a notebook is not graded on it (its maximum leaves it out);
    # true: it scores nothing for it.
    required: bool = False


class PenaltyConfig(_Strict):
    """What lateness costs (harness/grading/adjust/policy.py): `percent` for every day or hour
    late, counted from the due date and begun ("1 hour 5 minutes" is 2 hours), of the
    submission's maximum (`of: max`, as Canvas's late policy does) or of the marks it earned
    (`of: earned`), at most `cap` percent in all; more than `refuse_after_days` days late: no
    marks at all."""

    per: LateUnit = "day"
    percent: float = Field(gt=0, le=100)
    of: PenaltyBase = "max"
    cap: float = Field(default=100, gt=0, le=100)
    refuse_after_days: float | None = Field(default=None, gt=0)


class DeadlineConfig(_Strict):
    """An assignment's due date and late policy. `due` is ISO 8601 with its UTC offset (see
    harness/records/moments.py: a timezone name is not accepted); `grace_minutes` late still
    counts as on time, and past them lateness counts from `due` itself."""

    due: datetime
    grace_minutes: float = Field(default=0, ge=0)
    penalty: PenaltyConfig

    @field_validator("due", mode="before")
    @classmethod
    def _with_offset(cls, value: Any) -> datetime:
        if isinstance(value, datetime):  # YAML reads an unquoted date and time itself
            return aware(value)
        if isinstance(value, str):
            return parse_moment(value)
        raise ValueError(f"write the due date as a date and time, e.g. {MOMENT_EXAMPLE!r}")


class SimilarityConfig(_Strict):
    """When `sudoku-harness similarity` flags a pair (harness/similarity/)."""

    # A pair is flagged when either file has at least this share of its fingerprints in the other.
    threshold: float = Field(default=0.5, gt=0, le=1)
    # Fingerprints held by more than this share of the class are boilerplate, left out.
    common_share: float = Field(default=0.3, gt=0, le=1)
    # ... and by at least this many submissions: in a small class, a few who copied from each
    # other are no share of it that makes their code boilerplate.
    common_min: int = Field(default=5, ge=3)
    # A pair sharing fewer fingerprints than this is not flagged (about 20 lines in common).
    min_matched: int = Field(default=10, ge=1)
    # Earlier years' submissions (a folder or zip, any layout grade reads): each submission of
    # the class is compared with each of them too, never they with each other.
    archive: Path | None = None


class AssignmentConfig(_Strict):
    title: str = ""
    shape: str
    probes: str
    entry: str | None = None  # entry file name; None: the only .py file of the folder
    # When importing fails, run the top-level statements one by one, skipping those that raise,
    # and grade what got defined (the board-classes shape always does).
    salvage: bool = False
    suites: tuple[Path, ...] = Field(min_length=1)
    reference: Path | None = None
    examples: Path | None = None
    limits: Limits = Limits()
    program: ProgramConfig | None = None  # for shapes that build and run programs
    league: LeagueConfig | None = None
    samples: SamplesConfig | None = None  # the course's official samples (suites calibrate)
    notebook: NotebookConfig = NotebookConfig()  # for items whose probes run the notebook
    items: dict[str, ItemConfig] = Field(min_length=1)
    rules: dict[RuleName, RuleConfig] = Field(default_factory=dict)
    # Other names accepted for names of the interface (methods, attributes), e.g. an older
    # year's starter: {valsInRows: [valuesInRows]}. Item names take their items' aliases too.
    aliases: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    # What an interface deviation the harness reads through costs, as a share of the item's
    # marks, once per item and kind: blanks stored as 0, solve() without its defaults, a class
    # from a sibling file. Not listed: 0.1 (the handouts state these interfaces); 0 where a
    # handout leaves it open.
    adaptations: dict[AdaptationKind, Annotated[float, Field(ge=0, le=1)]] = Field(
        default_factory=dict
    )
    # The due date and late policy; none: nothing is late (harness/grading/adjust/).
    deadline: DeadlineConfig | None = None
    # The handout's starter files (its skeleton): code every student was given, never evidence
    # of copying (`sudoku-harness similarity` leaves their fingerprints out).
    starter: tuple[Path, ...] = ()
    similarity: SimilarityConfig = SimilarityConfig()

    def adaptation_cost(self, kind: AdaptationKind) -> float:
        return self.adaptations.get(kind, ADAPTATION_COST)

    @model_validator(mode="after")
    def _dependencies_are_items(self) -> AssignmentConfig:
        for name, item in self.items.items():
            for needed in item.depends_on:
                if needed not in self.items:
                    raise ValueError(f"items.{name}.depends_on: {needed!r} is not an item")
        return self

    @property
    def max_marks(self) -> float:
        return sum(item.marks for item in self.items.values())

    def accepted_names(self, name: str) -> tuple[str, ...]:
        """The name itself, then every alias config.yaml accepts for it."""
        item = self.items.get(name)
        extra = (*(item.aliases if item else ()), *self.aliases.get(name, ()))
        return (name, *dict.fromkeys(a for a in extra if a != name))


class RuntimeConfig(_Strict):
    python: Path | None = None  # interpreter for student code; default: the harness's own
    workdir: Path | None = None  # where private working copies are made; default: system temp


class Config(_Strict):
    runtime: RuntimeConfig = RuntimeConfig()
    intake: IntakeLimits = IntakeLimits()  # caps on the downloads `grade` reads (zips)
    languages: dict[str, LanguageConfig] = Field(default_factory=dict)
    assignments: dict[str, AssignmentConfig] = Field(min_length=1)
    source: Path = Path(CONFIG_NAME)  # the file it was read from

    @property
    def root(self) -> Path:
        """The folder holding the file: relative paths start there."""
        return self.source.parent

    @model_validator(mode="after")
    def _languages_are_known(self) -> Config:
        for name, assignment in self.assignments.items():
            for language in assignment.program.languages if assignment.program else ():
                if language not in self.languages:
                    known = ", ".join(sorted(self.languages)) or "none"
                    raise ValueError(
                        f"assignments.{name}.program.languages: {language!r} is not in "
                        f"`languages:` (known: {known})"
                    )
        return self

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
        for index, suite in enumerate(assignment.suites):
            if not config.path(suite).is_file():
                where = f"assignments.{name}.suites[{index}]"
                raise BadInput.at(str(path), f"{where}: suite file {suite} not found")
        archive = assignment.similarity.archive
        if archive is not None and not config.path(archive).exists():
            where = f"assignments.{name}.similarity.archive"
            raise BadInput.at(str(path), f"{where}: {archive} not found")
        for index, starter in enumerate(assignment.starter):
            if not config.path(starter).is_file():
                where = f"assignments.{name}.starter[{index}]"
                raise BadInput.at(str(path), f"{where}: starter file {starter} not found")
        for size, suite in assignment.league.suites.items() if assignment.league else ():
            if not config.path(suite).is_file():
                where = f"assignments.{name}.league.suites.{size}"
                raise BadInput.at(str(path), f"{where}: suite file {suite} not found")
