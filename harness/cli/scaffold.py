"""`sudoku-harness new NAME --reference FILE`: a config.yaml entry for a new assignment, from the
reference solution's definitions read by AST (harness/kinds/guesses.py; never imported),
with every guess marked `# guess:` for the teacher to check; puzzles of its own generated when
no suite is given; the handout's starter (`--starter FILE`) as `starter:`, which `check` holds
to 0 marks. What can be tried is, by running the reference in the sandbox
(harness/cli/tried.py); what the harness refuses is a comment, never an entry its validation
refuses. Then `check -a NAME` runs it (`--no-check`: not).

The entry is appended to config.yaml as text, so the teacher's own comments and layout stay as
they were; a config.yaml is made where there is none.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from harness.cli.tried import Tried, tried
from harness.config import CONFIG_NAME, load_config
from harness.errors import BadInput, InternalError, one_line
from harness.grading.answers import answered
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import make_plan
from harness.kinds.guesses import Guess, Guesses, Unwritten, guess, without
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
    tried: Tried  # what running the reference chose


@dataclass(frozen=True)
class Draft:
    """What the entry is written from, beside the guesses."""

    name: str
    reference: Path
    config: Path  # the config.yaml it goes into
    before: str  # that file's text (the header alone for a new one)
    suites: tuple[str, ...]  # as written, relative to the config's folder
    examples: str | None
    starter: tuple[str, ...]

    def text(self, found: Guesses, tried: Tried | None = None) -> str:
        entry = _entry(self.name, self.reference, self.config.parent, found, self.suites,
                       self.examples, self.starter, tried)  # fmt: skip
        return self.before.rstrip("\n") + "\n" + entry


def scaffold(
    name: str,
    reference: Path,
    config: Path | None,
    suites: Sequence[Path] = (),
    examples: Path | None = None,
    starter: Sequence[Path] = (),
    jobs: int = 1,
) -> Scaffolded:
    """Write the entry for `name`; BadInput for a reference that cannot be read, a name already
    taken, an examples folder or starter file that is not there (each said before anything is
    written). An item whose guess the harness cannot plan is left out, in a comment saying why;
    the config is written only once it loads and plans. The conventions and file formats that
    can be tried are, by running the reference (harness/cli/tried.py)."""
    for file in starter:
        if not file.is_file():
            raise BadInput(f"--starter: {file} is not a file")
    found = _guesses(reference, starter)
    path = config if config is not None else Path.cwd() / CONFIG_NAME
    text = path.read_text(encoding="utf-8") if path.is_file() else HEADER
    if path.is_file() and name in load_config(path).assignments:
        raise BadInput(f"{path}: assignments.{name}: already there (choose another name)")
    if examples is not None and not examples.is_dir():
        raise BadInput(f"--examples: {examples} is not a folder")
    written = () if suites else _suites(path.parent, name, found)
    draft = Draft(
        name,
        reference,
        path,
        text,
        tuple(_relative(p, path.parent) for p in (*suites, *written)),
        _relative(examples, path.parent) if examples is not None else None,
        tuple(_relative(file, path.parent) for file in starter),
    )
    return _settled(draft, found, written, jobs)


def _settled(draft: Draft, found: Guesses, written: tuple[Path, ...], jobs: int) -> Scaffolded:
    """Planned, tried, planned again as `check` plans, then written over config.yaml; on any
    failure nothing is left behind (the suites written, the trial file)."""
    name, path = draft.name, draft.config
    try:
        found = _plannable(draft, found)
        ran = tried(_trial(draft), name, found.markers, jobs)
        found = _with_conventions(found, ran)
        found = _plannable(draft, found, ran)
    except BaseException:
        for suite in written:
            suite.unlink(missing_ok=True)
        _trial(draft).unlink(missing_ok=True)
        raise
    os.replace(_trial(draft), path)
    return Scaffolded(path, written, found, ran)


def _with_conventions(found: Guesses, ran: Tried) -> Guesses:
    """The index base and blank the reference was run under and kept, each said."""
    conventions, why = dict(found.conventions), dict(found.why)
    full = all(_full(m) for m in ran.marks.values())
    for key, value in ran.conventions.items():
        if value != conventions.get(key):
            why[key] = (f"{why.get(key, '')}, but tried: the reference scores more under "
                        f"{_yaml(value)} than {_yaml(conventions.get(key))}")  # fmt: skip
            conventions[key] = value
        elif full:
            why[key] += "; tried: the reference scores full marks"
    return replace(found, conventions=conventions, why=why)


def _plannable(draft: Draft, found: Guesses, ran: Tried | None = None) -> Guesses:
    """The guesses less each item the harness cannot plan (its probes cannot be built from
    its guessed role and arguments, or the reference fails its own calls), each said in a
    comment with the harness's reason; once tried (`ran`), less each item the reference cannot
    stand in for as a helper, as `check` plans. The entry then loads and plans: what is left
    written to the trial file (`_trial`)."""
    for _ in range(len(found.functions) + 1):
        trial = _trial(draft)
        trial.write_text(draft.text(found, ran), encoding="utf-8")
        try:
            config = load_config(trial)
            if ran is None:  # its probes built, and its own answers where it is the judge
                answered(config, make_plan(config, draft.name))
            else:  # as `check` plans, before it grades (the reference as students' helpers too)
                calibrated_plan(config, draft.name)
            return found
        except BadInput as err:
            refused = _refused_item(str(err), draft.name, found)
            if refused is None:
                trial.unlink()
                raise InternalError(f"`new` wrote an entry it cannot grade with: {err}") from None
            item, why = refused
            found = without(found, item, f"the harness cannot grade its guess ({why})")
            if not found.functions:
                trial.unlink()
                raise BadInput(f"{draft.reference}: {_nothing_written(found)}") from None
    raise InternalError(f"`new`: no item of {draft.reference.name} can be planned")


def _trial(draft: Draft) -> Path:
    """Where the entry is tried before it replaces config.yaml: beside it, so that its
    relative paths mean the same."""
    return draft.config.with_name(f".{draft.config.name}.new")


def _refused_item(message: str, name: str, found: Guesses) -> tuple[str, str] | None:
    """The written item a planning error names, and the error's reason, if it names one: an
    item whose probes cannot be built, or one the reference fails (role reference: its
    guessed arguments are not what the function takes)."""
    item = r"([A-Za-z_][A-Za-z0-9_]*)"
    built = re.search(rf"assignments\.{re.escape(name)}\.items\.{item}: (.*)", message)
    failed = re.search(rf"\.reference: (.*\bfails (?:\w+\([^)]*\)\.)?{item}\(.*)", message)
    answer = re.search(rf"\b{item}: (the reference answered .*)", message)
    for match, why in ((built, 2), (answer, 2)):
        if match is not None and match.group(1) in {g.key for g in found.functions}:
            return match.group(1), match.group(why)
    if failed is not None and failed.group(2) in {g.function for g in found.functions}:
        return failed.group(2), failed.group(1)
    return None


def _guesses(reference: Path, starter: Sequence[Path]) -> Guesses:
    if not reference.is_file() or reference.suffix != ".py":
        raise BadInput(f"{reference}: the reference must be a Python file (.py)")
    starters = [_python(file) for file in starter if file.suffix == ".py"]
    source = _python(reference)
    try:
        found = guess(source, starters)
    except (SyntaxError, ValueError) as err:  # checked by _python: never the reference's
        raise InternalError(f"{reference}: {one_line(str(err))}") from None
    if not found.functions:
        raise BadInput(f"{reference}: {_nothing_written(found)}")
    return found


def _python(path: Path) -> str:
    """A file's Python source; BadInput, in one line, when it does not parse."""
    text = path.read_text(encoding="utf-8")
    try:
        ast.parse(text)
    except (SyntaxError, ValueError) as err:
        raise BadInput(f"{path}: cannot be read as Python: {one_line(str(err))}") from None
    return text


def _nothing_written(found: Guesses) -> str:
    """Why no item can be written: nothing defined, or only what cannot be an item."""
    if not found.unwritten:
        return "defines no function to grade"
    shown = "; ".join(f"{u.name}: {u.why}" for u in found.unwritten[:3])
    more = f"; and {len(found.unwritten) - 3} more" if len(found.unwritten) > 3 else ""
    return f"no item can be written: {shown}{more}"


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
    tried: Tried | None = None,
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
    lines += _objects(found)
    lines.append("    items:")
    for function in found.functions:
        lines += _item(function, tried)
    lines += _unwritten(found.unwritten)
    return "\n".join(lines) + "\n"


def _objects(found: Guesses) -> list[str]:
    """`objects:`: each class the items' objects are made of, and how (its paths to a cell's
    value, domain, row and column left to the defaults, said so)."""
    if not found.objects:
        return []
    lines = ["    objects:                       # guess: the classes whose objects the items use"]
    for maker in found.objects:
        csv = f', file: {{separator: "{maker.separator}"}}' if maker.separator else ""
        shown = f"{{args: [{', '.join(maker.args)}]{csv}}}"
        lines += [
            f"      {maker.name}:{_pad(len(maker.name) + 7)}# guess: {maker.because}",
            f"        make: {shown}{_pad(14 + len(shown))}# guess: the default paths to its cells:",
            "        # cell: cells[row][column], value: value, domain: domain, column: col",
        ]
    return lines


def _unwritten(said: Sequence[Unwritten]) -> list[str]:
    """What is not written as an item, in comments: its name, why, and the role guessed."""
    lines = []
    for one in said:
        lines.append(f"      # {one.name}: not an item: {one.why}")
        if one.guess is not None:
            shown = ", ".join(one.guess.args)
            unit = f", unit {one.guess.unit}" if one.guess.unit else ""
            lines.append(f"      #   guess: role {one.guess.role}{unit}, args [{shown}] "
                         f"({one.guess.because})")  # fmt: skip
    return lines


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


def _item(function: Guess, tried: Tried | None = None) -> list[str]:
    name = function.key
    scored = tried.marks.get(name) if tried is not None else None
    because = function.because
    if scored is not None and not _full(scored):
        because += f"; the reference scores {_shown(scored)} on it: check it"
    lines = [
        f"      {name}:{_pad(len(name) + 7)}# guess: {because}",
        f"        marks: {DEFAULT_MARKS}{_pad(17)}# guess: split the marks as the handout does",
        f"        role: {function.role}",
    ]
    if function.item:
        lines.append(f"        function: {function.function}")
    if function.owner:
        lines.append(f"        object: {function.owner}")
    if function.mode:
        lines.append(f"        mode: {function.mode}")
    if function.unit:
        lines.append(f"        unit: {function.unit}")
    given = [f"{{given: {_yaml(value)}}}" for value in function.given]
    shown = f"[{', '.join([*function.args, *given])}]"
    lines.append(f"        args: {shown}{_pad(14 + len(shown))}# guess: from its parameters")
    if (function.role == "load" or "file" in function.args) and tried is not None:
        lines += _file(tried, name)
    if function.otherwise is not None:
        shown = _yaml(function.otherwise[0])
        lines.append(f"        otherwise: {shown}{_pad(19 + len(shown))}"
                     "# guess: what it returns when there is none")  # fmt: skip
    if function.reads:
        shown = f"[{', '.join(function.reads)}]"
        lines.append(f"        reads: {shown}{_pad(15 + len(shown))}# guess: what the call changes")
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


def _file(tried: Tried, name: str) -> list[str]:
    """A loader's file format: the one the reference read in full, said as tried."""
    fmt = tried.files.get(name)
    if fmt is None:
        return [f"        # file: the default format; none of the {tried.formats} tried gave the "
                "reference full marks"]  # fmt: skip
    keys = fmt.model_dump(exclude_defaults=True)
    shown = "{" + ", ".join(f"{k}: {_yaml(v)}" for k, v in keys.items()) + "}"
    how = ("its loader's, under which the reference scores full marks" if name in tried.inherited
           else f"the reference reads it in full ({tried.formats} formats tried)")  # fmt: skip
    if not _full(tried.marks.get(name, (0, 0))):
        how = f"its loader's (the reference scores {_shown(tried.marks.get(name, (0, 0)))} on it)"
    return [f"        file: {shown}{_pad(14 + len(shown))}# tried: {how}"]


def _shown(marks: tuple[float, float]) -> str:
    return f"{marks[0]:g}/{marks[1]:g}"


def _full(marks: tuple[float, float]) -> bool:
    return marks[1] > 0 and abs(marks[0] - marks[1]) < 0.005


def _yaml(value: object) -> str:
    if value is None:
        return "null"
    if value is True or value is False:
        return str(value).lower()
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
