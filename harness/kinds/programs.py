"""The programs in a stdin-program submission: which files, which language, which sizes, and the
commands that build and run them (from config.yaml's `languages:` table).

A folder usually holds one program for every size. When files match the assignment's size
patterns (`program.sizes`, e.g. `9x9.cpp`, `16x16.cpp`, `25x25.cpp`), each such size gets its own
program and the other sizes get whatever remains. Several source files of one compiled language
are built together as one program; several scripts need a `main.py` (or the configured entry).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.config import AssignmentConfig, LanguageConfig, ProgramConfig
from harness.errors import BadInput
from harness.kinds.base import language_suffixes
from harness.limits import Limits
from harness.sandbox.program import ProgramLimits
from harness.submissions import Submission, SubmissionProblem

MAIN_SCRIPT = "main.py"


@dataclass(frozen=True)
class Program:
    """One program of a submission: its language, its files (relative to the submission), and
    the sizes it is run on (None: every size no other program claims)."""

    language: str
    sources: tuple[Path, ...]
    main: Path
    sizes: tuple[int, ...] | None = None

    @property
    def label(self) -> str:
        return ", ".join(str(p) for p in self.sources)

    @property
    def binary(self) -> str:
        tag = "-".join(f"{n}x{n}" for n in self.sizes) if self.sizes else "all"
        return f"program-{tag}"


@dataclass(frozen=True)
class Commands:
    build: tuple[str, ...]  # empty: nothing to build
    run: tuple[str, ...]


BUILD_OUTPUT = 1 << 20  # compiler output read, bytes
BUILD_SHOWN = 1500  # compiler output shown when a build fails, characters
BUILD_FILE_MB = 256  # the largest file a build may write


def build_limits(seconds: float, memory_mb: int) -> ProgramLimits:
    """A toolchain's limits: `seconds` of CPU (twice that and 5 s of wall clock), `memory_mb`,
    room for a compiler's files and output."""
    return ProgramLimits(
        cpu=seconds,
        wall=2 * seconds + 5,
        memory_mb=memory_mb,
        output_bytes=BUILD_OUTPUT,
        file_size_mb=BUILD_FILE_MB,
        open_files=256,
    )


def shown(output: str) -> str:
    """A build's output as a failure shows it: cut at BUILD_SHOWN characters."""
    return output if len(output) <= BUILD_SHOWN else output[:BUILD_SHOWN] + " ... (cut)"


def languages_of(
    assignment: AssignmentConfig, table: Mapping[str, LanguageConfig]
) -> tuple[tuple[str, LanguageConfig], ...]:
    program = _program(assignment)
    return tuple((name, table[name]) for name in program.languages)


def suffixes(assignment: AssignmentConfig, table: Mapping[str, LanguageConfig]) -> tuple[str, ...]:
    """File suffixes that make a folder a submission (from the languages' patterns)."""
    languages = languages_of(assignment, table)
    found = (suffix for _, language in languages for suffix in language_suffixes(language))
    return tuple(dict.fromkeys(found))


def find_programs(
    submission: Submission, assignment: AssignmentConfig, table: Mapping[str, LanguageConfig]
) -> tuple[Program, ...]:
    """The submission's programs; raises SubmissionProblem when there is none or it is unclear."""
    languages = languages_of(assignment, table)
    root = submission.path.parent if submission.path.is_file() else submission.path
    files = [submission.path] if submission.path.is_file() else sorted(_files(root))
    sources = [(p.relative_to(root), lang) for p in files if (lang := _language(p, languages))]
    if not sources:
        patterns = ", ".join(p for _, lang in languages for p in lang.files)
        raise SubmissionProblem(f"no source file ({patterns}) in the submission")
    by_size = _by_size(sources, _program(assignment).sizes)
    claimed = {path for group in by_size.values() for path, _ in group}
    rest = [(path, lang) for path, lang in sources if path not in claimed]
    entry = assignment.entry
    programs = [_program_of(group, (size,), entry, table) for size, group in by_size.items()]
    if rest or not programs:
        programs.append(_program_of(rest, None, entry, table))
    return tuple(programs)


def commands(
    program: Program, language: LanguageConfig, variables: Mapping[str, str], python: Path
) -> Commands:
    values = {
        **variables,
        "main": str(program.main),
        "binary": program.binary,
        "python": str(python),
    }
    sources = {"sources": [str(p) for p in program.sources]}
    return Commands(
        tuple(expand(language.build, values, sources)), tuple(expand(language.run, values, {}))
    )


def expand(
    template: Sequence[str], words: Mapping[str, str], lists: Mapping[str, Sequence[str]]
) -> list[str]:
    """An argument list with its `{name}`s filled from `words`; an argument that is a whole
    `{name}` of `lists` (`{sources}`) becomes as many arguments as it holds. Config checks
    every `{name}` when it is read (config.command_problem)."""
    argv: list[str] = []
    for part in template:
        name = part[1:-1] if part.startswith("{") and part.endswith("}") else ""
        if name in lists:
            argv += lists[name]
        else:
            argv.append(part.format_map(words))
    return argv


def _program(assignment: AssignmentConfig) -> ProgramConfig:
    if assignment.program is None:
        raise BadInput("program: required for shape stdin-program (languages, sizes, ...)")
    return assignment.program


def _files(root: Path) -> list[Path]:
    return [
        p
        for p in root.rglob("*")
        if p.is_file()
        and not p.is_symlink()
        and not any(part.startswith(".") or part == "__pycache__" for part in p.parts[-3:])
    ]


def _language(path: Path, languages: Sequence[tuple[str, LanguageConfig]]) -> str:
    for name, language in languages:
        if any(fnmatch.fnmatch(path.name, pattern) for pattern in language.files):
            return name
    return ""


Source = tuple[Path, str]  # (relative path, language)


def _by_size(sources: list[Source], patterns: Mapping[int, str]) -> dict[int, list[Source]]:
    found: dict[int, list[Source]] = {}
    for size, pattern in sorted(patterns.items()):
        group = [s for s in sources if fnmatch.fnmatch(s[0].name.lower(), pattern.lower())]
        if group:
            found[size] = group
    return found


def _program_of(
    group: list[Source],
    sizes: tuple[int, ...] | None,
    entry: str | None,
    table: Mapping[str, LanguageConfig],
) -> Program:
    where = f" for {sizes[0]}x{sizes[0]}" if sizes else ""
    names = ", ".join(str(path) for path, _ in group)
    languages = sorted({lang for _, lang in group})
    if len(languages) > 1:
        raise SubmissionProblem(f"sources in several languages{where} ({names}): hand in one")
    paths = tuple(path for path, _ in group)
    main = _main(paths, entry)
    if main is None and not table[languages[0]].build:
        raise SubmissionProblem(
            f"several scripts{where} ({names}): cannot tell which to run (name it {MAIN_SCRIPT})"
        )
    return Program(languages[0], paths, main or paths[0], sizes)


def _main(paths: tuple[Path, ...], entry: str | None) -> Path | None:
    """The file to run: the only one, else the configured entry, else main.py."""
    if len(paths) == 1:
        return paths[0]
    for wanted in (entry, MAIN_SCRIPT):
        named = [p for p in paths if wanted and p.name == wanted]
        if len(named) == 1:
            return named[0]
    return None


def run_limits(limits: Limits, wall: float | None = None) -> ProgramLimits:
    """One run of a program under an item's limits, stopped on the wall clock at `wall` seconds
    (default: the limits' backstop)."""
    return ProgramLimits(
        cpu=limits.time,
        wall=limits.wall_seconds if wall is None else wall,
        memory_mb=limits.memory_mb,
        output_bytes=limits.output_kb << 10,
        file_size_mb=limits.file_size_mb,
        open_files=limits.open_files,
    )
