"""How a panel member takes an assignment's interface: one adapter per language (a Protocol and
a registry), each writing a member's files from a core algorithm (solvers/panel/functions/
LANGUAGE/NAME) and the timed items' interfaces (target.py)."""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from typing import Literal, Protocol

from harness.calibration.adapters.c import CAdapter
from harness.calibration.adapters.java import JavaAdapter
from harness.calibration.adapters.python import PythonAdapter
from harness.calibration.adapters.target import Interface, Target
from harness.config import AssignmentConfig, LanguageConfig
from harness.errors import BadInput

PanelLanguage = Literal["python", "c", "java"]
__all__ = ["ADAPTERS", "Adapter", "Interface", "PanelLanguage", "Target", "language_of"]


class Adapter(Protocol):
    @property
    def suffix(self) -> str:
        """The core files' suffix in solvers/panel/functions/LANGUAGE/."""
        ...

    def member(self, core: str, interface: Interface) -> tuple[tuple[str, str], ...]:
        """A member's files (name, text): the core with every target's function."""
        ...


ADAPTERS: Mapping[PanelLanguage, Adapter] = {
    "python": PythonAdapter(),
    "c": CAdapter(),
    "java": JavaAdapter(),
}
DRIVEN: tuple[tuple[str, PanelLanguage], ...] = (("x.c", "c"), ("X.java", "java"))


def language_of(
    name: str, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
) -> PanelLanguage:
    """The language a submission of the assignment is written in, as the panel has it: Python
    for a function library; for shape driven, the driver's language, by its files."""
    if assignment.shape == "function-library":
        return "python"
    driver = assignment.driver
    if assignment.shape == "driven" and driver is not None and driver.language in languages:
        patterns = languages[driver.language].files
        for file, language in DRIVEN:
            if any(fnmatch.fnmatch(file, pattern) for pattern in patterns):
                return language
    raise BadInput(f"assignments.{name}: the function panel has members in Python (a function "
                   "library) and in C and Java (shape driven), not for this one")  # fmt: skip
