"""What the intake hands on: the submissions to grade, and who handed each in and when."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from harness.records.identity import Handed, Student
from harness.submissions import Submission
from harness.text import one_line

SHOWN = 3  # submissions named in the line that says which are not on the roster


@dataclass(frozen=True)
class Recognised:
    """The download layout recognised (harness/intake/layouts)."""

    name: str  # short: the JSON report's "layout" ("canvas"; "" for a plain folder)
    description: str  # for the teacher: "Canvas bulk download"


@dataclass(frozen=True)
class Intake:
    layout: Recognised
    submissions: tuple[Submission, ...]
    students: Mapping[str, Student] = field(default_factory=dict)  # by submission name
    handed: Mapping[str, Handed] = field(default_factory=dict)  # by submission name
    absent: tuple[Student, ...] = ()  # on the roster, with no submission
    rostered: int = 0  # students on the roster; 0: no roster given
    unlisted: tuple[str, ...] = ()  # submissions the roster does not name

    def lines(self) -> tuple[str, ...]:
        """What `grade` says on stderr: the layout and the count, and the roster's match."""
        noun = "student" if self.students else "submission"
        line = f"layout: {self.layout.description}, {counted(len(self.submissions), noun)}"
        late = sum(h.late_marked for h in self.handed.values())
        line += f" ({late} marked late)" if late else ""
        return tuple(one_line(text) for text in (line, *self._roster_line()))

    def _roster_line(self) -> tuple[str, ...]:
        if not self.rostered:
            return ()
        matched = self.rostered - len(self.absent)
        line = f"roster: {counted(self.rostered, 'student')}, {matched} with a submission, "
        line += f"{len(self.absent)} absent"
        if self.unlisted:
            names = ", ".join(self.unlisted[:SHOWN])
            more = ", ..." if len(self.unlisted) > SHOWN else ""
            line += f"; {counted(len(self.unlisted), 'submission')} not on it ({names}{more})"
        return (line,)


def counted(count: int, noun: str) -> str:
    """`1 student`, `3 students`."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
