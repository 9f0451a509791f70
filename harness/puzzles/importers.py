"""Importers: the puzzle formats people already have, read into suite cases.

One reader per format (a `Reader`, registered in `READERS`):

- lines: one puzzle per line, row-major, n*n characters; `.` or `0` blank, `1`-`9`, then letters
  `A`=10 onwards (either case). `#` lines and blank lines are skipped; whatever follows the first
  whitespace on a line is a comment. Ids `<stem>-<line number>`.
- csv: a header naming a `puzzle` column and optionally a `solution` column (others ignored);
  cells as in `lines`. Ids `<stem>-<row number>` (the first row after the header is 1).
- boards: a folder (searched recursively) of `.csv` boards, one grid row per CSV row, an empty
  field or 0 blank, values as decimal integers. `--solutions` is a tree mirroring it.
  Ids are the relative paths without `.csv`.
- tokens: n lines of n whitespace-separated tokens, 0 or `.` blank, values above 9 as letters
  `A`=10 onwards or as decimal integers. One file, or a folder of them in which each puzzle pairs
  with an output file by name (`inN` with `outN`, any other `X` with `out_X`); an output reading
  `No Solution` says the puzzle has none. Outputs are never imported as puzzles.

`read` says only what the source says (`RawCase`); `complete` computes what the source lacks with
the reference solver and checks what it gives. Every problem is a `BadInput` naming the file, the
line or case, and the field.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, Protocol, get_args

from harness.errors import BadInput
from harness.puzzles import solver
from harness.puzzles.decide import decide
from harness.puzzles.rating import Rating, level
from harness.puzzles.suites import SIZES, Case, repeats, solution_problem
from harness.records.evidence import Grid

Format = Literal["lines", "csv", "boards", "tokens"]
FORMATS: tuple[Format, ...] = get_args(Format)
LINE_LENGTHS = tuple(n * n for n in SIZES)
DEFAULT_MAX_GUESSES = solver.DEFAULT_MAX_GUESSES


@dataclass(frozen=True)
class RawCase:
    """What the source says about one puzzle, before anything is computed."""

    id: str
    puzzle: Grid
    solution: Grid | None  # None: the source gives none
    unsolvable: bool  # the source says the puzzle has no solution
    origin: str  # "file:line" or the file's path: for messages and the case's `source`
    solution_origin: str | None = None  # the file the solution came from, when another one


class Reader(Protocol):
    """One format: the puzzles of `source` in order, read lazily (so a limit stops early);
    `solutions` is the format's separate solutions path, when it has one."""

    def __call__(self, source: Path, solutions: Path | None) -> Iterator[RawCase]: ...


# ---------------------------------------------------------------------------------------------
# Places in a source, for errors


@dataclass(frozen=True)
class _Spot:
    """A field at a place in a source file: `error` builds the message naming all three."""

    path: Path
    line: int | None = None
    field: str = "puzzle"

    @property
    def origin(self) -> str:
        return str(self.path) if self.line is None else f"{self.path}:{self.line}"

    def on(self, line: int) -> _Spot:
        return replace(self, line=line)

    def of(self, field: str) -> _Spot:
        return replace(self, field=field)

    def error(self, message: str) -> BadInput:
        where = "" if self.line is None else f"line {self.line}: "
        return BadInput.at(str(self.path), f"{where}{self.field}: {message}")


# ---------------------------------------------------------------------------------------------
# Cell values


@dataclass(frozen=True)
class _Encoding:
    """How one cell is written: `decode` gives its value (0: blank), None when it is no value."""

    decode: Callable[[str], int | None]
    hint: str


def _digit_or_letter(text: str) -> int | None:
    if len(text) != 1 or not text.isascii():
        return None
    if text == ".":
        return 0
    if text.isdigit():
        return int(text)
    return ord(text.upper()) - ord("A") + 10 if text.isalpha() else None


def _decimal(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def _token(text: str) -> int | None:
    number = _decimal(text)
    return _digit_or_letter(text) if number is None else number


def _board_field(text: str) -> int | None:
    stripped = text.strip()
    return 0 if not stripped else _decimal(stripped)


CHARS = _Encoding(_digit_or_letter, ". or 0 blank, 1-9, then A=10 onwards")
TOKENS = _Encoding(_token, "0 or . blank, 1-9, then A=10 onwards or decimal numbers")
FIELDS = _Encoding(_board_field, "an empty field or 0 blank, else a decimal number")


def _cell(text: str, place: str, n: int, encoding: _Encoding, spot: _Spot) -> int:
    value = encoding.decode(text)
    if value is None:
        raise spot.error(f"{place}: {text!r} is not a cell value ({encoding.hint})")
    if value > n:
        raise spot.error(f"{place}: {text!r} is {value}, more than {n}")
    return value


# ---------------------------------------------------------------------------------------------
# Grids


def _flat_grid(text: str, spot: _Spot) -> Grid:
    """A grid written row-major on one line, one character per cell."""
    if len(text) not in LINE_LENGTHS:
        expected = ", ".join(map(str, LINE_LENGTHS))
        raise spot.error(f"{len(text)} characters, expected a square of a square ({expected})")
    n = math.isqrt(len(text))
    values = [_cell(char, _place(i, n), n, CHARS, spot) for i, char in enumerate(text)]
    return tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))


def _place(index: int, n: int) -> str:
    row, column = divmod(index, n)
    return f"row {row + 1}, column {column + 1}"


Rows = list[tuple[int, list[str]]]  # (line number, the row's cells as written)


def _rows_grid(rows: Rows, encoding: _Encoding, spot: _Spot) -> Grid:
    """A grid written one row per line."""
    n = len(rows)
    if n == 0:
        raise spot.error("no rows (the file is empty)")
    if n not in SIZES:
        raise spot.error(f"{n} rows, expected {', '.join(map(str, SIZES))}")
    return tuple(_row(cells, n, encoding, spot.on(line)) for line, cells in rows)


def _row(cells: list[str], n: int, encoding: _Encoding, spot: _Spot) -> tuple[int, ...]:
    if len(cells) != n:
        raise spot.error(f"{len(cells)} values, expected {n} (the grid has {n} rows)")
    return tuple(_cell(text, f"column {c}", n, encoding, spot) for c, text in enumerate(cells, 1))


# ---------------------------------------------------------------------------------------------
# Files and folders


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as err:
        raise BadInput.at(str(path), f"not UTF-8 text (byte {err.start + 1})") from None
    except OSError as err:
        raise BadInput.at(str(path), f"cannot read it: {err.strerror or err}") from None


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """The numbered lines of a text file (CRLF and a missing final newline are fine)."""
    return enumerate(_text(path).split("\n"), 1)


def _csv_rows(path: Path) -> Rows:
    """The non-empty records of a CSV file, with the line each ends on."""
    reader = csv.reader(io.StringIO(_text(path)))
    try:
        return [(reader.line_num, row) for row in reader if row]
    except csv.Error as err:
        raise BadInput.at(str(path), f"line {reader.line_num}: not valid CSV: {err}") from None


def _existing(path: Path) -> Path:
    if not path.exists():
        raise BadInput.at(str(path), "no such file or folder")
    return path


def _file(path: Path, fmt: Format) -> Path:
    if _existing(path).is_dir():
        raise BadInput.at(str(path), f"a folder, but the {fmt} format reads one file")
    return path


def _folder(path: Path, fmt: Format) -> Path:
    if not _existing(path).is_dir():
        raise BadInput.at(str(path), f"a file, but the {fmt} format reads a folder")
    return path


def _files(folder: Path, suffix: str | None = None) -> list[Path]:
    """The files under `folder` (hidden ones left out), in natural order (in2 before in10)."""
    found = [
        path
        for path in folder.rglob("*")
        if path.is_file()
        and not any(part.startswith(".") for part in path.relative_to(folder).parts)
        and (suffix is None or path.suffix.lower() == suffix)
    ]
    return sorted(found, key=lambda path: _natural(path.relative_to(folder)))


def _natural(path: Path) -> list[list[int | str]]:
    return [
        [int(piece) if piece.isdigit() else piece for piece in re.split(r"(\d+)", part)]
        for part in path.parts
    ]


def _case_id(relative: Path) -> str:
    return relative.with_suffix("").as_posix()


def _no_solutions(solutions: Path | None, fmt: Format) -> None:
    if solutions is not None:
        raise BadInput.at(
            str(solutions), f"--solutions: the {fmt} format has no separate solutions"
        )


# ---------------------------------------------------------------------------------------------
# lines


def _read_lines(source: Path, solutions: Path | None) -> Iterator[RawCase]:
    _no_solutions(solutions, "lines")
    spot = _Spot(_file(source, "lines"))
    for number, line in _lines(source):
        text = line.strip()
        if text and not text.startswith("#"):
            here = spot.on(number)
            puzzle = _flat_grid(text.split(maxsplit=1)[0], here)
            yield RawCase(f"{source.stem}-{number}", puzzle, None, False, here.origin)


# ---------------------------------------------------------------------------------------------
# csv


@dataclass(frozen=True)
class _Columns:
    puzzle: int
    solution: int | None


def _read_csv(source: Path, solutions: Path | None) -> Iterator[RawCase]:
    _no_solutions(solutions, "csv")
    rows = _csv_rows(_file(source, "csv"))
    if not rows:
        return
    line, header = rows[0]
    columns = _columns(header, _Spot(source, line, "header"))
    for number, (line, row) in enumerate(rows[1:], 1):
        yield _csv_case(f"{source.stem}-{number}", row, columns, _Spot(source, line))


def _columns(header: list[str], spot: _Spot) -> _Columns:
    names = [name.strip().casefold() for name in header]
    if "puzzle" not in names:
        raise spot.error(f"no `puzzle` column (the columns are: {', '.join(header)})")
    solution = names.index("solution") if "solution" in names else None
    return _Columns(puzzle=names.index("puzzle"), solution=solution)


def _csv_case(case_id: str, row: list[str], columns: _Columns, spot: _Spot) -> RawCase:
    puzzle = _flat_grid(_csv_field(row, columns.puzzle, spot), spot)
    solution = None
    if columns.solution is not None:
        text = _csv_field(row, columns.solution, spot.of("solution"))
        solution = _flat_grid(text, spot.of("solution")) if text else None
    return RawCase(case_id, puzzle, solution, False, spot.origin)


def _csv_field(row: list[str], index: int, spot: _Spot) -> str:
    if index >= len(row):
        raise spot.error(f"missing (the row has {len(row)} fields, the header more)")
    return row[index].strip()


# ---------------------------------------------------------------------------------------------
# boards


def _read_boards(source: Path, solutions: Path | None) -> Iterator[RawCase]:
    folder = _folder(source, "boards")
    if solutions is not None:
        _folder(solutions, "boards")
    for path in _files(folder, ".csv"):
        relative = path.relative_to(folder)
        puzzle = _rows_grid(_csv_rows(path), FIELDS, _Spot(path))
        if solutions is None:
            yield RawCase(_case_id(relative), puzzle, None, False, str(path))
        else:
            answer = solutions / relative
            solution = _board_solution(path, answer)
            yield RawCase(_case_id(relative), puzzle, solution, False, str(path), str(answer))


def _board_solution(board: Path, path: Path) -> Grid:
    if not path.is_file():
        raise _Spot(board, field="solution").error(
            f"no file {path} (the --solutions folder must mirror the boards folder)"
        )
    return _rows_grid(_csv_rows(path), FIELDS, _Spot(path, field="solution"))


# ---------------------------------------------------------------------------------------------
# tokens

_OUTPUT = re.compile(r"out(\d+(\..*)?|_.+)")
_NUMBERED_INPUT = re.compile(r"in\d+(\..*)?")


def _output_name(name: str) -> str:
    """The output file's name for a puzzle file's: in3.txt -> out3.txt, b01.txt -> out_b01.txt."""
    return "out" + name[2:] if _NUMBERED_INPUT.fullmatch(name) else "out_" + name


def _input_name(name: str) -> str:
    return name[4:] if name.startswith("out_") else "in" + name[3:]


def _read_tokens(source: Path, solutions: Path | None) -> Iterator[RawCase]:
    if _existing(source).is_dir():
        yield from _token_folder(source, solutions)
        return
    if solutions is not None and solutions.is_file():
        output = solutions
    else:
        output = (solutions or source.parent) / _output_name(source.name)
    yield _token_case(source, source.stem, output)


def _token_folder(folder: Path, solutions: Path | None) -> Iterator[RawCase]:
    if solutions is not None:
        _folder(solutions, "tokens")
    files = _files(folder)
    if solutions is None:
        _reject_orphan_outputs(files)
    for path in files:
        if not _OUTPUT.fullmatch(path.name):
            relative = path.relative_to(folder)
            output = (solutions or folder) / relative.parent / _output_name(path.name)
            yield _token_case(path, _case_id(relative), output)


def _reject_orphan_outputs(files: list[Path]) -> None:
    for path in files:
        if _OUTPUT.fullmatch(path.name) and not (path.parent / _input_name(path.name)).is_file():
            expected = _input_name(path.name)
            raise BadInput.at(str(path), f"an output file, but there is no puzzle {expected}")


def _token_case(path: Path, case_id: str, output: Path) -> RawCase:
    puzzle = _token_grid(path, _Spot(path))
    if not output.is_file():
        return RawCase(case_id, puzzle, None, False, str(path))
    solution = _output(output)
    unsolvable = solution is None
    return RawCase(case_id, puzzle, solution, unsolvable, str(path), str(output))


def _output(path: Path) -> Grid | None:
    """The solution an output file gives; None when it says `No Solution`."""
    if " ".join(_text(path).split()).casefold() == "no solution":
        return None
    return _token_grid(path, _Spot(path, field="solution"))


def _token_grid(path: Path, spot: _Spot) -> Grid:
    rows = [(number, line.split()) for number, line in _lines(path) if line.strip()]
    return _rows_grid(rows, TOKENS, spot)


READERS: dict[Format, Reader] = {
    "lines": _read_lines,
    "csv": _read_csv,
    "boards": _read_boards,
    "tokens": _read_tokens,
}


# ---------------------------------------------------------------------------------------------
# Detecting the format


def detect(source: Path) -> Format:
    """The format of `source`, from its shape; BadInput when it cannot tell."""
    if _existing(source).is_dir():
        return _detect_folder(source)
    if source.suffix.lower() == ".csv":
        return "csv"
    return _detect_file(source)


def _detect_folder(folder: Path) -> Format:
    files = _files(folder)
    csvs = sum(path.suffix.lower() == ".csv" for path in files)
    if not files:
        raise _undecided(folder, "an empty folder")
    if csvs == len(files):
        return "boards"
    if csvs == 0:
        return "tokens"
    raise _undecided(folder, "a folder holding both .csv files and others")


def _detect_file(path: Path) -> Format:
    first = next((line.split() for _, line in _lines(path) if _is_content(line)), None)
    if first is None:
        raise _undecided(path, "no puzzle in it")
    if len(first[0]) in LINE_LENGTHS or _looks_like_a_line(first[0]):
        return "lines"
    if all(_token(token) is not None for token in first):
        return "tokens"
    raise _undecided(path, f"its first line starts {first[0][:20]!r}")


def _looks_like_a_line(token: str) -> bool:
    """Longer than any one value, and nothing but cells: a lines puzzle of a wrong length."""
    return len(token) > 3 and all(_digit_or_letter(char) is not None for char in token)


def _is_content(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def _undecided(path: Path, why: str) -> BadInput:
    names = ", ".join(FORMATS)
    return BadInput.at(str(path), f"cannot tell the format ({why}): pass --format ({names})")


# ---------------------------------------------------------------------------------------------
# Reading, completing, importing


def read(
    source: Path,
    fmt: Format | None = None,
    solutions: Path | None = None,
    *,
    limit: int | None = None,
) -> list[RawCase]:
    """What `source` says, in its order; with `limit`, only the first `limit` puzzles are read."""
    reader = READERS.get(fmt or detect(source))
    if reader is None:
        raise BadInput.at("--format", f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")
    if limit is not None and limit < 1:
        raise BadInput.at("--limit", f"{limit}: must be at least 1")
    if solutions is not None:
        _existing(solutions)
    return list(itertools.islice(reader(_existing(source), solutions), limit))


def complete(
    raw: RawCase, suite: str, *, hidden: bool = False, max_guesses: int | None = DEFAULT_MAX_GUESSES
) -> Case:
    """The suite case of `raw`: its solution computed or checked, its rating measured."""
    found = decide(raw.puzzle, limit=2, max_guesses=max_guesses)
    solution = _settle(raw, found, max_guesses)
    return Case(
        suite=suite,
        id=raw.id,
        puzzle=raw.puzzle,
        solution=solution,
        hidden=hidden,
        multiple_solutions=len(found.solutions) > 1,
        tags=(),
        source=raw.origin,
        rating=Rating(level(raw.puzzle), found.guesses) if found.unique else None,
    )


def _settle(raw: RawCase, found: solver.Search, max_guesses: int | None) -> Grid | None:
    """The case's solution: the source's once checked against the search, else the search's."""
    if found.solutions and raw.unsolvable:
        raise _case_error(raw, "solution", "the source says it has none, but it has one")
    if found.exhausted:
        message = f"could not be decided within {max_guesses} guesses (raise --max-guesses)"
        raise _case_error(raw, "puzzle", message)
    if raw.solution is None:
        return found.solutions[0] if found.solutions else None
    problem = _problem(raw.puzzle, raw.solution, found)
    if problem is not None:
        raise _case_error(raw, "solution", problem)
    return raw.solution


def _problem(puzzle: Grid, solution: Grid, found: solver.Search) -> str | None:
    """What is wrong with the source's solution, given what the search found; None if nothing."""
    if solution in found.solutions:
        return None
    invalid = solution_problem(puzzle, solution)
    if not found.solutions:
        given = "" if invalid is None else f"; the given one: {invalid}"
        return f"given, but the puzzle has no solution{given}"
    return invalid  # None: a valid completion, one of several solutions


def _case_error(raw: RawCase, field: str, message: str) -> BadInput:
    if field == "solution" and raw.solution_origin not in (None, raw.origin):
        field = f"solution (from {raw.solution_origin})"
    return BadInput.at(raw.origin, f"case {raw.id!r}: {field}: {message}")


def import_cases(
    source: Path,
    fmt: Format | None = None,
    solutions: Path | None = None,
    *,
    suite: str,
    limit: int | None = None,
    hidden: bool = False,
    max_guesses: int | None = DEFAULT_MAX_GUESSES,
) -> list[Case]:
    """The suite cases of `source`: read, then each completed."""
    raws = read(source, fmt, solutions, limit=limit)
    if not raws:
        raise BadInput.at(str(source), "no puzzles in it")
    return [complete(raw, suite, hidden=hidden, max_guesses=max_guesses) for raw in raws]


def drop_repeats(cases: list[Case]) -> tuple[list[Case], list[str]]:
    """The cases without later repeats of a puzzle, and a note for each one dropped."""
    pairs = repeats(cases)
    dropped = {later for later, _ in pairs}
    notes = [f"{cases[later].id}: the same puzzle as {cases[first].id}" for later, first in pairs]
    return [case for index, case in enumerate(cases) if index not in dropped], notes
