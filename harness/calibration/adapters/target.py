"""What a panel member must expose for one timed item: the function the item's calls name, the
arguments `args:` gives it, the course's conventions and the form of its answer (`returns:`),
all read from config.yaml; the compiled languages read the rest (a C prototype, a Java method)
from the teacher's reference (harness/calibration/adapters/c.py, java.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from harness.config import AssignmentConfig, ItemConfig
from harness.errors import BadInput
from harness.vocabulary import Conventions, FileFormat, SolveForm

GRID_ARGUMENTS = ("grid", "file")  # what a solve call can be given its puzzle as


@dataclass(frozen=True)
class Target:
    """One timed item's interface."""

    item: str
    function: str
    arguments: tuple[str, ...]
    returns: SolveForm
    conventions: Conventions
    file: FileFormat  # the puzzle file's format, when the call is given a file
    where: str  # the item's key in config.yaml, for messages

    @classmethod
    def from_item(cls, where: str, name: str, item: ItemConfig, conventions: Conventions) -> Target:
        found = cls(
            name,
            item.function or name,
            item.kinds,
            item.returns,
            conventions,
            item.file,
            f"{where}.items.{name}",
        )
        found.puzzle_at  # noqa: B018 - the check: a call given no puzzle is refused here
        return found

    @property
    def puzzle_at(self) -> int:
        """Which argument holds the puzzle (a grid, or a file's path)."""
        for index, kind in enumerate(self.arguments):
            if kind in GRID_ARGUMENTS:
                return index
        raise BadInput(f"{self.where}.args: the panel gives a solver its puzzle as a grid or a "
                       f"file, and {list(self.arguments)} has neither")  # fmt: skip

    @property
    def given_file(self) -> bool:
        return self.arguments[self.puzzle_at] == "file"

    def refuse(self, why: str) -> BadInput:
        """The one-line error for an interface the panel cannot take."""
        return BadInput(f"{self.where}: the panel cannot make a member for it: {why}")


@dataclass(frozen=True)
class Interface:
    """Every timed item of an assignment, and where its members' files take their names from."""

    assignment: str
    targets: tuple[Target, ...]
    reference: Path | None  # the teacher's reference folder (C prototypes, Java methods)
    entry: str | None  # config.yaml's `entry:`, the file a Python submission is read from

    @classmethod
    def of(
        cls, name: str, assignment: AssignmentConfig, items: tuple[str, ...], reference: Path | None
    ) -> Interface:
        where = f"assignments.{name}"
        conventions = assignment.conventions
        targets = tuple(
            Target.from_item(where, item, assignment.items[item], conventions) for item in items
        )
        return cls(name, targets, reference, assignment.entry)

    def reference_files(self, suffixes: tuple[str, ...]) -> list[Path]:
        """The reference's files with these suffixes, in name order; BadInput when none."""
        folder = self.reference
        files = [] if folder is None else [folder] if folder.is_file() else list(folder.glob("*"))
        found = sorted(p for p in files if p.is_file() and p.suffix in suffixes)
        if not found:
            shown = ", ".join(suffixes)
            raise BadInput(f"assignments.{self.assignment}.reference: the panel reads the "
                           f"solver's signature from the reference's {shown} files, and there "
                           "are none")  # fmt: skip
        return found

    def reference_text(self, suffixes: tuple[str, ...]) -> tuple[list[Path], str]:
        """The reference's files with these suffixes (`reference_files`) and their text joined,
        which the compiled adapters read the timed functions' signatures from."""
        files = self.reference_files(suffixes)
        return files, "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in files)
