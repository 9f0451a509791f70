"""`sudoku-harness new NAME --reference FILE`: a config.yaml entry for a new assignment, from the
reference solution's definitions read by AST (harness/assignments/guesses.py; never run), with
every guess marked `# guess:` for the teacher to check; puzzles of its own generated when no
suite is given; the handout's starter (`--starter FILE`) as `starter:`, which `check` holds to
0 marks; then `check -a NAME` runs it.

The entry is appended to config.yaml as text, so the teacher's own comments and layout stay as
they were; a config.yaml is made where there is none.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.assignments.guesses import Guess, Guesses, guess
from harness.config import CONFIG_NAME, load_config
from harness.errors import BadInput, InternalError
from harness.puzzles.generate import Request, generate
from harness.puzzles.rating import plain_tries
from harness.puzzles.suites import Case, dump_suite

DEFAULT_MARKS = 10
PUZZLES = 4  # easy puzzles generated per size when no suite is given
PLAIN_TRIES = 2_000  # each solved by a handout's plain backtracker within these values placed
POOL = 12  # puzzles generated per try before blanks are capped
SEED = 1
HEADER = "# sudoku-harness configuration (docs: the YAML vocabulary)\nassignments:\n"


@dataclass(frozen=True)
class Scaffolded:
    config: Path  # the config.yaml written to
    suites: tuple[Path, ...]  # suite files written (none when suites were given)
    guesses: Guesses


def scaffold(
    name: str,
    reference: Path,
    config: Path | None,
    suites: Sequence[Path] = (),
    examples: Path | None = None,
    starter: Sequence[Path] = (),
) -> Scaffolded:
    """Write the entry for `name`; BadInput for a reference that cannot be read, a name already
    taken, an examples folder or starter file that is not there, or a config.yaml that does not
    load afterwards (each said before anything is written)."""
    found = _guesses(reference)
    path = config if config is not None else Path.cwd() / CONFIG_NAME
    text = path.read_text(encoding="utf-8") if path.is_file() else HEADER
    if path.is_file() and name in load_config(path).assignments:
        raise BadInput(f"{path}: assignments.{name}: already there (choose another name)")
    if examples is not None and not examples.is_dir():
        raise BadInput(f"--examples: {examples} is not a folder")
    for file in starter:
        if not file.is_file():
            raise BadInput(f"--starter: {file} is not a file")
    written = () if suites else _suites(path.parent, name, found)
    listed = [_relative(p, path.parent) for p in (*suites, *written)]
    shown = _relative(examples, path.parent) if examples is not None else None
    given = [_relative(file, path.parent) for file in starter]
    entry = _entry(name, reference, path.parent, found, listed, shown, given)
    path.write_text(text.rstrip("\n") + "\n" + entry, encoding="utf-8")
    load_config(path)  # a guess the schema refuses is a bug of ours: say it now, in one line
    return Scaffolded(path, written, found)


def _guesses(reference: Path) -> Guesses:
    if not reference.is_file() or reference.suffix != ".py":
        raise BadInput(f"{reference}: the reference must be a Python file (.py)")
    try:
        found = guess(reference.read_text(encoding="utf-8"))
    except (SyntaxError, ValueError) as err:
        raise BadInput(f"{reference}: cannot be read as Python: {err}") from None
    if not found.functions:
        raise BadInput(f"{reference}: defines no function to grade (classes: docs, plug-ins)")
    return found


def _suites(folder: Path, name: str, found: Guesses) -> tuple[Path, ...]:
    """Easy puzzles of each guessed size, made with one seed: a suite of the assignment's own."""
    cases = [case for size in found.conventions.get("sizes", [9]) for case in _plain(size, name)]
    path = folder / "testcases" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    description = (
        f"Easy puzzles for {name}, written by `sudoku-harness new` (suites generate, seed {SEED}):"
        f" the first {PUZZLES} a plain row-major backtracker solves within {PLAIN_TRIES:,} values"
    )
    path.write_text(dump_suite(name, description, cases), encoding="utf-8")
    return (path,)


def _plain(size: int, name: str) -> list[Case]:
    """The first PUZZLES easy puzzles that a plain row-major backtracker (what handouts ask for,
    and many references are) solves in milliseconds. Easy by singles is not enough: one such
    9x9 puzzle costs it half a second of the 1 s limit. Past 9x9 none is, until blanks are
    capped."""
    for blanks in (None, size * size // 2, size * size * 2 // 5, size * size // 3):
        pool = generate(Request(size, POOL, "easy", SEED, max_blanks=blanks), name)
        kept = [case for case in pool if plain_tries(case.puzzle, PLAIN_TRIES) is not None]
        if len(kept) >= PUZZLES:
            return kept[:PUZZLES]
    raise InternalError(f"no {size}x{size} puzzle a plain backtracker solves: seed {SEED}")


def _entry(
    name: str,
    reference: Path,
    root: Path,
    found: Guesses,
    suites: Sequence[str],
    examples: str | None,
    starter: Sequence[str] = (),
) -> str:
    folder = _relative(reference.parent, root)
    lines = [
        "",
        f"  {name}:{_pad(len(name) + 3)}# written by `sudoku-harness new` from {reference.name}:",
        f"{_pad(0)}# each `guess:` is the scaffold's; check them",
        f'    title: "{name}"',
        "    shape: function-library",
        f"    entry: {reference.name}",
        f"    reference: {folder}",
        f"    suites: [{', '.join(suites)}]",
        *([f"    examples: {examples}"] if examples else []),
        *_starter(starter),
        "    conventions:",
    ]
    for key in ("index_base", "blank", "representation", "sizes"):
        if key in found.conventions:
            value = _yaml(found.conventions[key])
            lines.append(f"      {key}: {value}{_pad(8 + len(key) + len(value))}"
                         f"# guess: {found.why.get(key, '')}")  # fmt: skip
    lines.append("    items:")
    for function in found.functions:
        lines += _item(function)
    return "\n".join(lines) + "\n"


def _starter(files: Sequence[str]) -> list[str]:
    """`starter:`, the handout's skeleton: never evidence of copying, and graded by `check`."""
    if not files:
        return []
    return [
        "    starter:                       # the handout's starter: `check` grades it untouched",
        f"      files: [{', '.join(files)}]",
        "      marks: 0                     # the most it may earn: more when the handout gives "
        "working code",
    ]


def _item(function: Guess) -> list[str]:
    name = function.function
    lines = [
        f"      {name}:{_pad(len(name) + 7)}# guess: {function.because}",
        f"        marks: {DEFAULT_MARKS}{_pad(17)}# guess: split the marks as the handout does",
        f"        role: {function.role}",
    ]
    if function.unit:
        lines.append(f"        unit: {function.unit}")
    shown = f"[{', '.join(function.args)}]"
    lines.append(f"        args: {shown}{_pad(14 + len(shown))}# guess: from its parameters")
    if function.otherwise is not None:
        shown = _yaml(function.otherwise[0])
        lines.append(f"        otherwise: {shown}{_pad(19 + len(shown))}"
                     "# guess: what it returns when there is none")  # fmt: skip
    if function.uses:
        shown = f"[{', '.join(function.uses)}]"
        lines.append(f"        uses: {shown}{_pad(14 + len(shown))}# guess: the functions it calls")
    if function.defaults:
        shown = f"[{', '.join(_yaml(v) for v in function.defaults)}]"
        lines.append(
            f"        defaults: {shown}{_pad(18 + len(shown))}# guess: the reference's own"
        )
    if function.returns:
        lines.append(f"        returns: {function.returns}{_pad(17 + len(function.returns))}"
                     "# guess: from what it returns")  # fmt: skip
    return lines


def _yaml(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return f"[{', '.join(_yaml(v) for v in value)}]"
    return str(value)


def _pad(used: int) -> str:
    return " " * max(2, 35 - used)


def _relative(path: Path, root: Path) -> str:
    try:
        return os.path.relpath(path.resolve(), root.resolve())
    except ValueError:  # another drive
        return str(path.resolve())
