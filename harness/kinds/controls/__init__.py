"""Controls: submissions made from the reference that must earn (almost) nothing.

`sudoku-harness check` grades them beside the reference and the examples. A stub control is the
reference with every graded function answering one constant, whatever it is asked (a `Maker`
per shape, from the reference's own signatures, so it loads and builds wherever the reference
does): in Python None, 0, 1, True, False, [] and the first argument; in C and C++ 0 and 1; in
Java the type's default, and 1 or true; for a program, one that prints nothing, one that echoes
its puzzle, and one that says every puzzle has no solution. Fair marks give a stub at most
`STUB_SHARE` of the maximum. The handout's starter, when config.yaml names one, is the other
control (harness/cli/check.py grades it too).

A shape with no maker here (a notebook) has no stub controls.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from harness.config import AssignmentConfig, Config, LanguageConfig
from harness.kinds.controls import compiled, programs, python_stubs
from harness.submissions import Submission

STUB_SHARE = 0.05  # of the maximum: the most a stub control may earn
HEADERS = ("*.h", "*.hpp", "*.hh", "*.hxx")  # copied as they are beside a compiled reference's
PYTHON_ANSWERS = (  # (name, the constant's Python source, what the control does)
    ("returns-None", "None", "every graded function returns None"),
    ("returns-0", "0", "every graded function returns 0"),
    ("returns-1", "1", "every graded function returns 1"),
    ("returns-True", "True", "every graded function returns True"),
    ("returns-False", "False", "every graded function returns False"),
    ("returns-empty-list", "[]", "every graded function returns []"),
    (
        "returns-first-argument",
        python_stubs.FIRST_ARGUMENT,
        "every graded function returns its first argument (a method: the first after self)",
    ),
)
COMPILED_ANSWERS: Mapping[compiled.Language, tuple[tuple[str, compiled.Constant, str], ...]] = {
    "c": (
        ("returns-0", "zero", "every graded function returns 0"),
        ("returns-1", "one", "every graded function returns 1"),
    ),
    "c++": (
        ("returns-0", "zero", "every graded function returns 0 (false, nullptr, {})"),
        ("returns-1", "one", "every graded function returns 1 (true where it is a bool)"),
    ),
    "java": (
        ("returns-defaults", "zero", "every graded method returns its type's default (0, "
         "false, null)"),
        ("returns-ones", "one", "every graded method returns 1 or true, or its first argument "
         "of the type it returns (else null)"),
    ),
}  # fmt: skip
SourceKind = Literal["python", "c", "c++", "java"]
SUFFIX_KINDS: tuple[tuple[str, SourceKind], ...] = (
    ("*.py", "python"),
    ("*.java", "java"),
    ("*.c", "c"),
    ("*.cpp", "c++"),
    ("*.cc", "c++"),
    ("*.cxx", "c++"),
)


@dataclass(frozen=True)
class Control:
    """One control: its name (its row in `check`), what it does, and its files (name, text)."""

    name: str
    says: str
    files: tuple[tuple[str, str], ...]

    def write(self, folder: Path) -> Submission:
        """Its files in `folder`/NAME, as a submission to grade."""
        made = folder / self.name
        made.mkdir(parents=True)
        for name, text in self.files:
            (made / name).write_text(text, encoding="utf-8")
        return Submission(self.name, made)


Maker = Callable[[AssignmentConfig, Mapping[str, LanguageConfig], Path | None], tuple[Control, ...]]


def stub_controls(config: Config, name: str) -> tuple[Control, ...]:
    """The stub controls of assignment `name`, made from its reference (none without one, but
    for a program's, which need none)."""
    assignment = config.assignment(name)
    maker = MAKERS.get(assignment.shape)
    if maker is None:
        return ()
    reference = config.path(assignment.reference) if assignment.reference else None
    return maker(assignment, config.languages, reference)


def graded_names(assignment: AssignmentConfig) -> frozenset[str]:
    """Every name a graded item's function may have: its own, `function:`, its aliases."""
    return frozenset(
        found
        for item, declared in assignment.items.items()
        for found in (
            declared.function or item,
            *declared.aliases,
            *assignment.accepted_names(item),
        )
    )


def _python(
    assignment: AssignmentConfig, _languages: Mapping[str, LanguageConfig], reference: Path | None
) -> tuple[Control, ...]:
    return _python_controls(_reference_files(reference, ("*.py",)), graded_names(assignment))


def _python_controls(files: list[Path], names: frozenset[str] | None) -> tuple[Control, ...]:
    sources = _read(files)
    try:
        return tuple(
            Control(name, says, _each(sources, python_stubs.stubbed, answer, names, says))
            for name, answer, says in (PYTHON_ANSWERS if sources else ())
        )
    except (SyntaxError, ValueError, RecursionError):
        return ()  # the reference does not parse: check's reference row says so


def _compiled_controls(
    language: compiled.Language, files: list[Path], names: frozenset[str] | None
) -> tuple[Control, ...]:
    sources = _read(files)
    headers = tuple((file, text) for file, text in sources if _matches(file, HEADERS))
    stubbed = [(file, text) for file, text in sources if not _matches(file, HEADERS)]
    return tuple(
        Control(
            name, says, headers + _each(stubbed, compiled.stubbed, language, constant, names, says)
        )
        for name, constant, says in (COMPILED_ANSWERS[language] if stubbed else ())
    )


def _read(files: list[Path]) -> list[tuple[str, str]]:
    return [(f.name, f.read_text(encoding="utf-8", errors="replace")) for f in files]


def _each(
    sources: list[tuple[str, str]], stub: Callable[..., str], *how: object
) -> tuple[tuple[str, str], ...]:
    """Each source file, stubbed by `stub(text, *how)`."""
    return tuple((file, stub(text, *how)) for file, text in sources)


def _driven(
    assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig], reference: Path | None
) -> tuple[Control, ...]:
    driver = assignment.driver
    if driver is None or driver.language not in languages:
        return ()
    patterns = languages[driver.language].files
    kind = _kind(patterns)
    if kind is None or kind == "python":
        return ()
    files = _reference_files(reference, (*patterns, *HEADERS))
    return _compiled_controls(kind, files, graded_names(assignment))


def _unit_tests(
    assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig], reference: Path | None
) -> tuple[Control, ...]:
    """The reference's own functions stubbed, every one but constructors and dunders: the
    course's tests name no function the harness knows."""
    tests = assignment.tests
    if tests is None or tests.language not in languages:
        return ()
    patterns = languages[tests.language].files
    kind = _kind(patterns)
    if kind is None:
        return ()
    if kind == "python":
        return _python_controls(_reference_files(reference, patterns), None)
    return _compiled_controls(kind, _reference_files(reference, (*patterns, *HEADERS)), None)


def _programs(
    assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig], _reference: Path | None
) -> tuple[Control, ...]:
    program = assignment.program
    if program is None:
        return ()
    kinds = {name: _kind(languages[name].files) for name in program.languages if name in languages}
    python = "python" in kinds.values()
    compiled_kind = next((k for k in kinds.values() if k in ("c", "c++")), None)
    if not python and compiled_kind is None:
        return ()
    suffix = ".py" if python else ".c" if compiled_kind == "c" else ".cpp"
    file = assignment.entry or f"control{suffix}"
    write = programs.python_program if python else programs.c_program
    answers = [
        ("prints-nothing", "", "prints nothing"),
        ("echoes-its-puzzle", "echo", "answers with its puzzle, unsolved"),
    ]
    if program.no_solution is not None:
        said = f"answers every puzzle with {program.no_solution!r}"
        answers.append(("says-no-solution", program.no_solution, said))
    return tuple(
        Control(name, says, ((file, write(program, answer, says)),))
        for name, answer, says in answers
    )


MAKERS: Mapping[str, Maker] = {
    "function-library": _python,
    "board-classes": _python,
    "driven": _driven,
    "unit-tests": _unit_tests,
    "stdin-program": _programs,
}


def _kind(patterns: Iterable[str]) -> SourceKind | None:
    """The language of a source of these patterns, as controls are written in it."""
    return next((kind for pattern, kind in SUFFIX_KINDS if pattern in patterns), None)


def _matches(name: str, patterns: Iterable[str]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in patterns)


def _reference_files(reference: Path | None, patterns: tuple[str, ...]) -> list[Path]:
    """The reference's files of these patterns: the file itself, the folder's own, or those of
    its first sub-folder that has any (a reference in several languages: the first)."""
    if reference is None or not reference.exists():
        return []
    if reference.is_file():
        return [reference] if _matches(reference.name, patterns) else []
    for folder in (reference, *sorted(p for p in reference.iterdir() if p.is_dir())):
        found = sorted(p for p in folder.iterdir() if p.is_file() and _matches(p.name, patterns))
        if found:
            return found
    return []
