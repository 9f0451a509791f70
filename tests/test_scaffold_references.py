"""`sudoku-harness new` on every shipped reference (config.yaml's `reference:` folders, each
with its handout's starter): the entry written passes the harness's own validation, and `check`'s
reference pass runs on it; what `new` cannot write (a class's methods alone, a C or Java
reference, a program) is a one-line error that writes nothing. Then its guesses are scored
against the shipped entries (a table in the output; a floor under today's score).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from tabulate import tabulate
from typer.testing import CliRunner

from harness.cli.app import app
from harness.cli.check import reference_rows
from harness.config import ItemConfig, load_config
from harness.errors import ExitCode
from harness.grading.calibration import calibrated_plan
from harness.vocabulary import FileFormat
from tests.conftest import REPO

SHIPPED = load_config(REPO / "config.yaml")
SUFFIXES = (".py", ".c", ".cpp", ".java")


@dataclass(frozen=True)
class Reference:
    assignment: str
    file: Path
    starter: tuple[Path, ...]

    @property
    def id(self) -> str:
        return f"{self.assignment}:{self.file.relative_to(REPO / 'solvers')}"


def _references() -> list[Reference]:
    found = []
    for name, assignment in SHIPPED.assignments.items():
        if assignment.reference is None:
            continue
        folder = SHIPPED.path(assignment.reference)
        starter = tuple(SHIPPED.path(f) for f in assignment.starter.files)
        files = sorted(p for p in folder.rglob("*") if p.suffix in SUFFIXES and p.is_file())
        found += [Reference(name, file, starter) for file in files]
    return found


REFERENCES = _references()
# what `new` cannot write today, and the one line it says instead
REFUSED = {
    "board-solver:board-solver/a2.py": "no item can be written: Board.loadSudoku: the starter",
    "columbia-driver:columbia-driver/driver_3.py": "no item can be written: domains_of: the",
}


@dataclass(frozen=True)
class Written:
    code: int
    output: str
    config: Path


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[Reference], Written]]:
    """`new` on a reference, run once per reference in the module (the validation test and the
    score read the same entry; conftest's GRADING_FIXTURES keeps them on one worker)."""
    made: dict[str, Written] = {}

    def run(reference: Reference) -> Written:
        if reference.id not in made:
            folder = tmp_path_factory.mktemp("new")
            code, output = _new(folder, reference)
            made[reference.id] = Written(code, output, folder / "config.yaml")
        return made[reference.id]

    yield run


def _new(folder: Path, reference: Reference) -> tuple[int, str]:
    starter = [arg for f in reference.starter for arg in ("--starter", str(f))]
    here = Path.cwd()
    os.chdir(folder)
    try:
        args = ["new", "x", "--reference", str(reference.file), *starter]
        result = CliRunner().invoke(app, [*args, "--no-check"])
    finally:
        os.chdir(here)
    return result.exit_code, result.output


@pytest.mark.parametrize("reference", REFERENCES, ids=lambda r: r.id)
def test_new_on_every_shipped_reference_writes_a_config_that_validates(
    written: Callable[[Reference], Written], reference: Reference
) -> None:
    code, output, path = (lambda w: (w.code, w.output, w.config))(written(reference))
    if reference.file.suffix != ".py" or reference.id in REFUSED:
        why = REFUSED.get(reference.id, "the reference must be a Python file (.py)")
        assert code == ExitCode.BAD_INPUT, output
        assert output.startswith("error: ") and why in output, output
        assert len(output.strip().splitlines()) == 1, output
        assert not path.exists()
        return
    assert code == ExitCode.OK, output
    config = load_config(path)  # the harness's own validation
    rows = reference_rows(config, calibrated_plan(config, "x"), jobs=1)  # `check`'s reference pass
    assert [row.kind for row in rows] == ["reference"], rows
    assert "IE" not in rows[0].problems and "error" not in rows[0].got, rows
    print(f"\n{reference.id}: the reference scores {rows[0].got}/{rows[0].expected}")


def test_new_writes_a_class_s_methods_and_says_in_comments_what_it_cannot_write(
    tmp_path: Path,
) -> None:
    """A board class made from a grid: its methods are items on it (`object:`), a function
    given the board too; a function with no parameters and what the starter gives working are
    comments, with why; where the reference does not score full marks, its item says so."""
    fixture = REPO / "tests" / "fixtures" / "scaffold"
    reference = Reference("csp", fixture / "csp.py", (fixture / "starter.py",))
    code, output = _new(tmp_path, reference)
    assert code == ExitCode.OK, output
    text = (tmp_path / "config.yaml").read_text()
    assignment = load_config(tmp_path / "config.yaml").assignment("x")
    assert list(assignment.objects) == ["Board"]
    assert {name: (cfg.role, cfg.object) for name, cfg in assignment.items.items()} == {
        "backtrack": ("search", "Board"),
        "get_row": ("unit-values", None),
        "forward_check": ("forward-check", "Board"),
        "mrv": ("mrv", "Board"),
    }
    lines = [line.strip() for line in text.splitlines()]
    assert lines[-2:] == [
        "# show: not an item: takes no arguments: no call a case can make (it reads input, or "
        "prints)",
        "# Board.peers: not an item: the starter gives it working: not the student's work",
    ], text
    said = [line for line in lines if "the reference scores 0/10 on it: check it" in line]
    assert [line.split(":")[0] for line in said] == ["backtrack", "forward_check"], text


CONVENTIONS = ("index_base", "blank", "representation", "sizes")
DEFAULTS: dict[str, Any] = {"index_base": 0, "blank": 0, "representation": "rows", "sizes": [9]}
MEASURES = ("roles", "args", "conventions", "items", "formats", "full")
# Today's right answers per reference and measure: none may fall. A reference not listed (a new
# worked example) is shown in the table, not held: add its row once its guesses are as wanted.
FLOOR = {
    "sudoku-functions:sudoku-functions/sudoku_functions.py": (12, 12, 4, 12, 0, 12),
    "sudoku-script:sudoku-script/Sudoku.py": (6, 6, 4, 6, 1, 6),
    "cmu-15112:cmu-15112/sudoku.py": (6, 6, 4, 6, 0, 6),
    "columbia-csp:columbia-csp/sudoku.py": (1, 1, 4, 1, 0, 1),
    "monash-fit1045:monash-fit1045/sudoku.py": (5, 4, 4, 5, 2, 5),
    "csp-sudoku:csp-sudoku/csp.py": (6, 6, 4, 7, 0, 7),
}


@dataclass(frozen=True)
class Score:
    """One reference's guesses against its shipped entry: (right, of) for each measure."""

    roles: tuple[int, int]  # the shipped items with a role: the same role (and unit) written
    args: tuple[int, int]  # the same items: the same arguments written
    conventions: tuple[int, int]  # index base, blank, representation, sizes
    items: tuple[int, int]  # the items written: ones the shipped entry grades too
    formats: tuple[int, int]  # items given a file: its separator, blank and final newline
    full: tuple[int, int]  # the items written: the reference scores full marks (as `new` says)


def _score(reference: Reference, path: Path) -> Score:
    """What `new` wrote against the shipped entry (nothing right where it wrote nothing)."""
    shipped = SHIPPED.assignment(reference.assignment)
    entry = yaml.safe_load(path.read_text())["assignments"]["x"] if path.exists() else {}
    items: dict[str, Any] = entry.get("items", {})
    declared: dict[str, ItemConfig] = {}
    for item, cfg in shipped.items.items():  # one per function (sudoku-script has two on one)
        if cfg.role is not None:
            declared.setdefault(cfg.function or item, cfg)
    graded = {*shipped.items, *(cfg.function or item for item, cfg in shipped.items.items())}
    roles = args = 0
    for function, cfg in declared.items():
        got = items.get(function, {})
        roles += got.get("role") == cfg.role and got.get("unit") == cfg.unit
        args += tuple(got.get("args", ())) == _plain(cfg.arguments)
    conventions = shipped.conventions.model_dump()
    guessed = {**DEFAULTS, **entry.get("conventions", {})} if entry else {}
    same = sum(
        (list(conventions[key]) if key == "sizes" else conventions[key]) == guessed.get(key, "none")
        for key in CONVENTIONS
    )
    kept = sum(function in graded for function in items)
    return Score(
        (roles, len(declared)),
        (args, len(declared)),
        (same, len(CONVENTIONS)),
        (kept, len(items)),
        _formats(declared, items),
        _full(path, items),
    )


def _plain(arguments: tuple[Any, ...]) -> tuple[Any, ...]:
    """Arguments as YAML reads them: a plain value as `{given: ...}`."""
    return tuple(a if isinstance(a, str) else a.model_dump() for a in arguments)


def _formats(declared: dict[str, ItemConfig], items: dict[str, Any]) -> tuple[int, int]:
    """The shipped items given a file: the same separator, blank and final newline written."""
    keys = ("separator", "blank", "final_newline")
    given = {f: cfg for f, cfg in declared.items() if "file" in cfg.arguments}
    right = 0
    for function, cfg in given.items():
        written = FileFormat.model_validate(items.get(function, {}).get("file", {}))
        right += all(getattr(written, k) == getattr(cfg.file, k) for k in keys)
    return right, len(given)


def _full(path: Path, items: dict[str, Any]) -> tuple[int, int]:
    """The items written whose comment does not say what less the reference scores on it."""
    lines = path.read_text().splitlines() if path.exists() else []
    short = sum(
        any(line.strip().startswith(f"{i}:") and "the reference scores" in line for line in lines)
        for i in items
    )
    return len(items) - short, len(items)


def _scored() -> list[Reference]:
    """The Python references of the shipped entries that declare roles: what `new` writes."""
    return [
        r
        for r in REFERENCES
        if r.file.suffix == ".py"
        and any(cfg.role for cfg in SHIPPED.assignment(r.assignment).items.values())
    ]


def test_the_guesses_are_scored_on_every_shipped_reference(
    written: Callable[[Reference], Written],
) -> None:
    """A table of `new`'s guesses against the shipped entries (pytest -s shows it; the docs
    keep a copy), and a floor under each reference's score of today."""
    scores = {r.id: _score(r, written(r).config) for r in _scored()}
    rows = [[name, *(_shown(getattr(s, m)) for m in MEASURES)] for name, s in scores.items()]
    totals = [
        (
            sum(getattr(s, m)[0] for s in scores.values()),
            sum(getattr(s, m)[1] for s in scores.values()),
        )
        for m in MEASURES
    ]
    rows.append(["all", *(f"{_shown(t)} ({t[0] / max(t[1], 1):.0%})" for t in totals)])
    print("\n" + tabulate(rows, headers=["reference", *MEASURES]))
    fallen = [
        f"{name} {measure}: {_shown(getattr(scores[name], measure))}, was {right}"
        for name, floor in FLOOR.items()
        for measure, right in zip(MEASURES, floor, strict=True)
        if getattr(scores[name], measure)[0] < right
    ]
    assert not fallen, fallen


def _shown(score: tuple[int, int]) -> str:
    return f"{score[0]}/{score[1]}"


def test_new_on_the_csp_reference_passes_check(tmp_path: Path) -> None:
    """Issue 40's own case: classes and constraint search. `new` with its starter writes the
    six tasks (forward checking's two modes an item each) on the board and module functions,
    and then `check` passes: the reference at full marks, the seven stubs at 5% at most, the
    starter at 0."""
    shipped = SHIPPED.assignment("csp-sudoku")
    assert shipped.reference is not None
    folder, starter = SHIPPED.path(shipped.reference), SHIPPED.path(shipped.starter.files[0])
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        args = ["new", "x", "--reference", str(folder / "csp.py"), "--starter", str(starter)]
        result = CliRunner().invoke(app, args)
    finally:
        os.chdir(here)
    assert result.exit_code == ExitCode.OK, result.output
    assert "9 ok, 0 mismatched" in result.output, result.output
    items = load_config(tmp_path / "config.yaml").assignment("x").items
    assert {name: cfg.role for name, cfg in items.items()} == {
        "ac3": "ac3",
        "backtrack": "search",
        "forward_check": "forward-check",
        "forward_check_count": "forward-check",  # mode: count, the handout's second half
        "degree": "degree",
        "mrv": "mrv",
        "lcv": "lcv",
    }
