"""Shape driven's settings, checked when a plan is made (through the shape's `suffixes`), each
problem one line naming its key; and which of a submission's files are the student's to build.

A driven item is declared with a role (harness/vocabulary.py), as a Python function's is: its
calls are the role's, written on the driver's lines (protocol.py), its answers judged by the
same model. Roles that need more than a value back (a copy checked by changing it, printed
output) or a file written for the call are not for a driver; nor is what substitutes Python
objects (a helper of the reference's standing in, a handout's default arguments, other names).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from pathlib import Path

from harness.config import (
    AssignmentConfig,
    DriverConfig,
    ItemConfig,
    LanguageConfig,
    command_problem,
)
from harness.errors import BadInput
from harness.kinds.driven.stand_ins import IDENTIFIER
from harness.vocabulary import Conventions

SHAPE = "driven"
FOLDER = "sudoku-harness-driver"  # where the driver's files go, beside the student's
UNFIT = {  # roles a driver cannot ask, and why
    "copy": "its check changes the copy in the student's process",
    "display": "it is judged on printed output, and a driver's output is its replies",
    "load": "its calls read a file written for them",
}
PYTHON_ONLY = ("aliases", "uses", "defaults")  # item keys that substitute Python objects


def check(assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]) -> DriverConfig:
    """The assignment's driver settings; BadInput names the first key that does not fit."""
    driver = assignment.driver
    if driver is None:
        raise BadInput("driver: required for shape driven (language, sources, ...)")
    if driver.language not in languages:
        known = ", ".join(sorted(languages)) or "none"
        raise BadInput(f"driver.language: {driver.language!r} is not in `languages:` "
                       f"(known: {known})")  # fmt: skip
    if assignment.probes is not None:
        raise BadInput(f"probes: shape driven runs declared items (each item's `role:`), not "
                       f"probe set {assignment.probes}")  # fmt: skip
    _language(driver, languages[driver.language])
    _conventions(assignment.conventions)
    for name, item in assignment.items.items():
        if item.shape in (None, SHAPE):
            _item(name, item)
    return driver


def _language(driver: DriverConfig, language: LanguageConfig) -> None:
    name = driver.language
    if not language.run:
        raise BadInput(f"driver.language: languages.{name}.run: missing: the driver is run by it")
    if driver.stand_ins == "c" and not any(fnmatch.fnmatch("x.c", p) for p in language.files):
        files = list(language.files)
        raise BadInput(f"driver.stand_ins: c is for a language of C files "
                       f"(languages.{name}.files is {files})")  # fmt: skip
    problem = command_problem(name, language, set(driver.variables))
    if problem:
        raise BadInput(f"driver.variables: {problem}")


def _conventions(conventions: Conventions) -> None:
    if conventions.representation != "rows":
        raise BadInput("conventions.representation: a driver reads grids as rows (`rows`), not "
                       f"{conventions.representation}")  # fmt: skip
    blank = conventions.blank
    if blank is None or len(str(blank).split()) != 1:
        raise BadInput(f"conventions.blank: {blank!r} cannot be one token of a driver's line "
                       "(a number, or a word such as `.`)")  # fmt: skip


def _item(name: str, item: ItemConfig) -> None:
    where = f"items.{name}"
    if item.role is None:
        raise BadInput(f"{where}.role: missing: shape driven runs items declared with a role")
    if item.role in UNFIT:
        raise BadInput(f"{where}.role: {item.role} is not for shape driven: {UNFIT[item.role]}")
    if "file" in item.arguments:
        raise BadInput(f"{where}.args: a file is not for shape driven (its calls are lines)")
    for key in PYTHON_ONLY:
        if key in item.model_fields_set:
            raise BadInput(f"{where}.{key}: not for shape driven (the driver calls one name, "
                           "with the arguments `args:` gives)")  # fmt: skip
    if not IDENTIFIER.fullmatch(function_of(name, item)):
        raise BadInput(f"{where}: {function_of(name, item)!r} is no function name a driver can "
                       "call (give `function:`)")  # fmt: skip


def function_of(name: str, item: ItemConfig) -> str:
    """The function an item's calls name: `function:`, else the item's own name."""
    return item.function or name


def student_files(root: Path, language: LanguageConfig, driver: DriverConfig) -> tuple[Path, ...]:
    """The student's files to build (relative to `root`): the language's, of those the ones
    `driver.files` names (all when it names none); never a link, a hidden file, or one in the
    driver's own folder."""
    found = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        hidden = any(part.startswith(".") or part == FOLDER for part in relative.parts)
        if hidden or path.is_symlink() or not path.is_file():
            continue
        if _matches(path.name, language.files) and (
            not driver.files or _matches(path.name, driver.files)
        ):
            found.append(relative)
    return tuple(found)


def _matches(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in patterns)
