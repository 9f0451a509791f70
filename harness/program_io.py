"""The YAML vocabulary of a program's input and output: how a program is given its puzzle, in
which format, where its answer is read, and how that answer is compared (the keys of an
assignment's `program:` beside its languages and build settings, harness/config.py).

Every key defaults to what the stdin-program assignment has always done: the puzzle on stdin as
rows of space-separated values with 0 for a blank, the answer read from stdout and compared as
whitespace-separated tokens. The closed vocabularies below are what a teacher may write; each
key's mistakes are one line naming it, with the values allowed.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Comparison = Literal["tokens", "lines", "exact", "completion"]
ProgramInput = Literal["stdin", "argument", "file"]
ProgramOutput = Literal["stdout", "file"]
Layout = Literal["rows", "line", "commas", "boxed"]
BlankMark = Literal["0", "."]
ValueWriting = Literal["decimal", "letters", "hex"]
Claim = Literal["arc-consistency", "search"]
Mismatch = Literal["report", "fail"]
ExitStatus = Literal["zero", "any"]
NO_SOLUTION = "No Solution"  # what the Wits handout prints for a puzzle without a solution
FILE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,63}")  # a plain name, in the working copy
FORMATTED: tuple[Comparison, ...] = ("exact", "completion")  # compared in `answer:`'s format


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PuzzleFormat(_Strict):
    """A grid written as the course writes it (the puzzle a program reads, or the answer it
    prints)."""

    layout: Layout = Field(
        default="rows",
        description="`rows`: a row a line, values separated by a space; `line`: one line of n x n "
        "characters (a value a character); `commas`: a row a line, values separated by commas; "
        "`boxed`: rows framed by `+---+` borders and `|` between boxes (a value a character)",
    )
    blank: BlankMark = Field(
        default="0", description='an empty cell: `"0"` or `"."` (YAML reads a bare 0 as `"0"`)'
    )
    values: ValueWriting | None = Field(
        default=None,
        description="values above 9: `decimal` (10, 11, ...), `letters` (A = 10, B = 11, ...), or "
        "`hex` (each value minus one as a hex digit, 0..F, as 16x16 hex Sudoku; the blank is "
        "then `.`); default: as each suite says (its `values:`)",
    )

    @field_validator("blank", mode="before")
    @classmethod
    def _zero_as_text(cls, value: Any) -> Any:
        return "0" if value == 0 and not isinstance(value, bool) else value

    @model_validator(mode="after")
    def _hex_needs_a_dot(self) -> PuzzleFormat:
        if self.values == "hex" and self.blank != ".":
            raise ValueError('blank: hex writes the value 1 as 0, so a blank must be "."')
        return self


class LabelConfig(_Strict):
    """Text the handout requires after the printed grid (Columbia's ` AC3` or ` BTS`), and what
    each label claims of the puzzle."""

    pattern: str = Field(
        min_length=1,
        max_length=200,
        description="a regular expression (Python `re`) the text after the grid must match whole, "
        "trailing whitespace aside, e.g. `' (AC3|BTS)'`: one space, then AC3 or BTS; its first "
        "group, if any, is the label",
    )
    claims: dict[str, Claim] = Field(
        default_factory=dict,
        description="what a label says of the puzzle, checked with the harness's model: "
        "`arc-consistency`, that arc consistency alone (AC-3: each cell's values narrowed by its "
        "peers' until nothing changes) fills the grid; `search`, that it does not",
    )
    mismatch: Mismatch = Field(
        default="report",
        description="a label whose claim the model contradicts: `report` it in the feedback and "
        "mark the grid (how much a student's AC-3 settles depends on how it is written), or "
        "`fail` the case",
    )

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, pattern: str) -> str:
        try:
            re.compile(pattern)
        except re.error as err:
            raise ValueError(f"not a regular expression ({err})") from None
        return pattern


class ProgramIo(_Strict):
    """How a program is given its puzzle and where and how its answer is read: the `program:`
    keys beside its languages. Every default is the stdin-program assignment's behaviour."""

    input: ProgramInput = Field(
        default="stdin",
        description="how the program is given the puzzle: on `stdin`; as an `argument` (the "
        "puzzle's text, e.g. 81 characters); or as a `file` written into its working copy "
        "(`input_file`), its name the argument",
    )
    input_file: str = Field(
        default="puzzle.txt", description="with `input: file`: the file's name (a plain name)"
    )
    format: PuzzleFormat = Field(
        default=PuzzleFormat(), description="how the puzzle is written, on any input"
    )
    output: ProgramOutput = Field(
        default="stdout",
        description="where the answer is read: `stdout`, or a `file` the program writes in its "
        "working copy (`output_file`; then its stdout is not judged). The file is read only from "
        "there, never through a link, and capped like stdout (`limits.output_kb`)",
    )
    output_file: str = Field(
        default="output.txt", description="with `output: file`: the file's name (a plain name)"
    )
    exit_status: ExitStatus = Field(
        default="zero",
        description="`zero`: a run that exits with another status is a run-time error; `any`: "
        "with `output: file`, the file is judged whatever status the program exits with (a "
        "handout that says nothing of exit codes), and the feedback says so; killed by a signal "
        "or a limit is still an error",
    )
    compare: Comparison = Field(
        default="tokens",
        description="how the output is compared with the answer: `tokens`, whitespace-separated "
        "values in order (Kattis's and DOMjudge's default; another layout is accepted and "
        "said), or `lines`, one row per line as the handout prints it; `exact`, the text of the "
        "answer in `answer`'s format, character for character (what no printed handout shows "
        "aside, and said: the final newline, CRLF, trailing spaces, blank lines at the end); "
        "`completion`, a grid in `answer`'s format that the harness's model finds a valid "
        "completion of the puzzle (any one, where there are several), then the `label`",
    )
    answer: PuzzleFormat | None = Field(
        default=None,
        description="with `compare: exact` or `completion`: how the answer is printed "
        "(default: as `format`)",
    )
    label: LabelConfig | None = Field(
        default=None,
        description="with `compare: completion`: text required after the grid; none: nothing "
        "but whitespace may follow it",
    )
    no_solution: str | None = Field(
        default=NO_SOLUTION,
        min_length=1,
        max_length=200,
        description="what the handout says a program prints for a puzzle without a solution; "
        "null: the handout defines none, so cases without a solution are left out",
    )

    @field_validator("input_file", "output_file")
    @classmethod
    def _plain_name(cls, name: str) -> str:
        if not FILE_NAME.fullmatch(name):
            raise ValueError(
                f"{name!r}: a plain file name (letters, digits, '.', '_', '-'; no folder)"
            )
        return name

    @model_validator(mode="after")
    def _keys_agree(self) -> ProgramIo:
        problem = _disagreement(self)
        if problem:
            raise ValueError(problem)
        return self

    @property
    def printed(self) -> PuzzleFormat:
        """The answer's format: `answer`, else the puzzle's."""
        return self.answer or self.format


def _disagreement(io: ProgramIo) -> str:
    """The first pair of keys that cannot go together, said with the fix; empty if none."""
    if io.answer is not None and io.compare not in FORMATTED:
        return f"answer: only with compare: exact or completion (not {io.compare})"
    if io.label is not None and io.compare != "completion":
        return f"label: only with compare: completion (not {io.compare})"
    hex_values = "hex" in (io.format.values, io.printed.values)
    if hex_values and io.compare not in FORMATTED:
        return f"format.values: hex needs compare: exact or completion (not {io.compare})"
    if io.exit_status == "any" and io.output != "file":
        return "exit_status: any is only for output: file (stdout's answer needs a clean exit)"
    return ""
