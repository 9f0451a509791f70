"""Bad input, fuzzed: whatever a teacher's file holds, the answer is one line `error: FILE...: what`
on stderr and exit code 2, never a traceback.

Each input is written into a fresh temporary folder, given to the loader itself (which must raise
`BadInput` naming the file) and then to the real command line through typer's CliRunner, which
must print exactly that error: a suite (`grade` with a config naming it, `league` with a config
naming it as a league's; `suites validate` lists it as a problem and exits 1), config.yaml
(`grade --config`), an example's `NAME.expected.yaml` (`check`), and puzzle files, folders of
boards and output files (`suites import`).

The inputs: random bytes; almost-valid documents with one to three mutations, each of which
alone makes the document invalid (wrong sizes, huge or negative or fractional or non-ASCII
values, wrong types, missing and unknown keys, repeated ids, tags that would build Python
objects, bytes that are not UTF-8); YAML nested thousands of levels deep, cyclic, or
exponential through aliases; and object-constructing tags, which must be refused before
anything is built (a payload that would create a marker file must leave none).
"""

from __future__ import annotations

import contextlib
import copy
import csv
import io
import logging
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from harness import logs
from harness.cli.app import app
from harness.cli.check import load_expected
from harness.config import load_config
from harness.errors import BadInput, ExitCode
from harness.puzzles.importers import LINE_LENGTHS, Format, import_cases
from harness.puzzles.suites import SIZES, load_suite, scan_suite
from harness.yamlfile import read_yaml
from tests.conftest import REPO

FAST = settings(max_examples=60, deadline=None, database=None)  # CI time: 60 each
SOME = settings(max_examples=30, deadline=None, database=None)
HANDOUT = REPO / "testcases" / "handout-examples.yaml"
MARKER = "pwned-marker"  # replaced by a path in the example's folder before the file is written
MAX_GUESSES = "50"  # `suites import` decides each puzzle within this: keeps examples fast


@pytest.fixture(autouse=True, scope="module")
def plain_logging() -> Iterator[None]:
    """The CLI logs through a plain stderr handler here: closing the multiprocessing handler,
    as every in-process invocation does, waits 0.2 s for its receiver thread."""

    def setup(verbose: bool) -> None:
        for handler in list(logs.LOGGER.handlers):
            logs.LOGGER.removeHandler(handler)
            handler.close()
        logs.LOGGER.addHandler(logging.StreamHandler(sys.stderr))
        logs.LOGGER.setLevel(logging.DEBUG if verbose else logging.WARNING)
        logs.LOGGER.propagate = False

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(logs, "setup", setup)
        yield


# ---------------------------------------------------------------------------------------------
# Running one input


@contextlib.contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="fuzz-") as name:
        yield Path(name)


def cli(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def bad_input(load: Callable[[Path], object], path: Path) -> str:
    """The loader's error for `path`: one line that starts with the file's name."""
    with pytest.raises(BadInput) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:"), message
    assert len(message.splitlines()) == 1, message
    return message


def assert_exits_with(result: Result, message: str) -> None:
    """Exit 2, nothing on stdout, and exactly `error: MESSAGE` on stderr."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert result.stdout == ""
    assert result.stderr == f"error: {message}\n"
    assert "Traceback" not in result.output


def with_marker(data: bytes, base: Path) -> tuple[bytes, Path]:
    marker = base / "pwned"
    return data.replace(MARKER.encode(), str(marker).encode()), marker


# ---------------------------------------------------------------------------------------------
# The YAML files, each with its loader and a command that reads it


def config_document(suite: Path, examples: str | None = None) -> dict[str, Any]:
    assignment: dict[str, Any] = {
        "shape": "function-library",
        "conventions": {"index_base": 1},
        "suites": [str(suite)],
        "items": {"get_row": {"marks": 5, "role": "unit-values", "unit": "row"}},
    }
    if examples is not None:
        assignment["examples"] = examples
    return {"assignments": {"a": assignment}}


def write_yaml(path: Path, document: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(document, sort_keys=False))
    return path


@dataclass(frozen=True)
class Target:
    """One kind of YAML file: where it goes in a folder, its loader, and the command reading it."""

    name: str
    place: Callable[[Path], Path]  # writes what else the command needs; the file's path
    load: Callable[[Path], object]
    run: Callable[[Path, Path], Result]  # (folder, file) -> the command's result


def _place_suite(base: Path) -> Path:
    write_yaml(base / "config.yaml", config_document(Path("suite.yaml")))
    return base / "suite.yaml"


def _run_suite(base: Path, path: Path) -> Result:
    return cli("grade", base / "nowhere", "--config", base / "config.yaml", "-a", "a", "-j", "1")


def _run_config(base: Path, path: Path) -> Result:
    return cli("grade", base / "nowhere", "--config", path, "-j", "1")


def _place_expected(base: Path) -> Path:
    write_yaml(base / "config.yaml", config_document(HANDOUT, examples="examples"))
    (base / "examples" / "alice").mkdir(parents=True)
    (base / "examples" / "alice" / "a.py").write_text("def get_row(grid, i):\n    return []\n")
    return base / "examples" / "alice.expected.yaml"


def _run_expected(base: Path, path: Path) -> Result:
    return cli("check", "--config", base / "config.yaml", "-a", "a", "-j", "1")


def _place_league_suite(base: Path) -> Path:
    """A stdin-program assignment whose 9x9 league reads the file."""
    document = {
        "languages": {"python": {"files": ["*.py"], "run": ["{python}", "{main}"]}},
        "assignments": {
            "s": {
                "shape": "stdin-program",
                "probes": "stdin-program",
                "suites": [str(REPO / "testcases" / "stdin-9x9.yaml")],
                "program": {"languages": ["python"]},
                "items": {"9x9": {"marks": 25}},
                "league": {"suites": {9: "league.yaml"}},
            }
        },
    }
    write_yaml(base / "config.yaml", document)
    return base / "league.yaml"


def _run_league(base: Path, path: Path) -> Result:
    config = base / "config.yaml"
    return cli("league", base / "nowhere", "--size", "9", "--config", config, "-a", "s", "-j", "1")


SUITE = Target("suite", _place_suite, load_suite, _run_suite)
LEAGUE = Target("league suite", _place_league_suite, load_suite, _run_league)
CONFIG = Target("config", lambda base: base / "config.yaml", load_config, _run_config)
EXPECTED = Target("expected", _place_expected, load_expected, _run_expected)
TARGETS = (SUITE, LEAGUE, CONFIG, EXPECTED)


def check_loads_or_rejected(target: Target, data: bytes) -> None:
    """Random input may happen to be valid (`{}` is an expected outcome): if the loader takes it,
    fine; if not, the command must give its one-line error."""
    with folder() as base:
        path = target.place(base)
        path.write_bytes(data)
        try:
            target.load(path)
        except BadInput as err:
            message = str(err)
            assert message.startswith(f"{path}:") and len(message.splitlines()) == 1, message
            assert_exits_with(target.run(base, path), message)


def check_rejected(target: Target, data: bytes) -> str:
    """Write `data` as the target's file: the loader and the command give the same one-line
    error naming the file, and no payload in it ran. The error is returned."""
    with folder() as base:
        data, marker = with_marker(data, base)
        path = target.place(base)
        path.write_bytes(data)
        message = bad_input(target.load, path)
        assert_exits_with(target.run(base, path), message)
        assert not marker.exists()
    return message


# ---------------------------------------------------------------------------------------------
# Mutations: each makes a document invalid on its own, and no later one can make it valid again

Document = dict[Any, Any]
Mutation = Callable[[Document], None]

HUGE = 10**30
NOT_UTF8 = (b"\xff", b"\xfe\xff", b"\xc3\x28", b"\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80")
# Grid cells that are no value of a 4x4 grid: huge, negative, fractional, not ASCII digits...
BAD_CELLS = (str(HUGE), "-1", "1.5", "1e3", "x", "\u00b2", "\u0663", "0x1", "+1", "5", "10", "NaN")


class Tagged:
    """A value written with a tag that builds a Python object; its arguments mention MARKER."""

    TAGS: tuple[tuple[str, list[object]], ...] = (
        ("tag:yaml.org,2002:python/object/apply:os.system", [f"touch {MARKER}"]),
        ("tag:yaml.org,2002:python/object/apply:builtins.open", [MARKER, "w"]),
        ("tag:yaml.org,2002:python/object/apply:subprocess.check_call", [["touch", MARKER]]),
        ("tag:yaml.org,2002:python/object/new:pathlib.Path", [MARKER]),
    )

    def __init__(self, index: int) -> None:
        self.tag, self.args = self.TAGS[index % len(self.TAGS)]  # index: any int

    def __hash__(self) -> int:  # usable as a key
        return hash(self.tag)


@dataclass(frozen=True)
class Scalar:
    """A scalar written as is, resolved by YAML itself: a date, or an integer in any notation."""

    kind: str  # "int" or "timestamp"
    text: str


# Values Python cannot hold: dates that do not exist, integers of thousands of digits.
UNREADABLE = (
    Scalar("timestamp", "2001-02-30"),
    Scalar("timestamp", "2001-13-45"),
    Scalar("timestamp", "2001-01-01 00:00:00 +99:00"),
    Scalar("int", "1" * 5000),
    Scalar("int", "0b" + "1" * 15_000),
    Scalar("int", "-0x" + "f" * 4000),
)


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(
    Tagged, lambda dumper, value: dumper.represent_sequence(value.tag, value.args)
)
_Dumper.add_representer(
    Scalar,
    lambda dumper, value: dumper.represent_scalar(f"tag:yaml.org,2002:{value.kind}", value.text),
)


def dump(document: object, *, flow: bool, unicode: bool) -> bytes:
    text = yaml.dump(
        document, Dumper=_Dumper, sort_keys=False, default_flow_style=flow, allow_unicode=unicode
    )
    return text.encode()


def grid_text(rows: list[list[str]]) -> str:
    return "".join(" ".join(row) + "\n" for row in rows)


def square(n: int, cell: str = "0") -> list[list[str]]:
    return [[cell] * n for _ in range(n)]


SOLUTION_4 = [
    ["1", "2", "3", "4"],
    ["3", "4", "1", "2"],
    ["2", "1", "4", "3"],
    ["4", "3", "2", "1"],
]
PUZZLE_4 = [["1", "0", "0", "4"], ["0", "4", "1", "0"], ["2", "0", "0", "3"], ["0", "3", "2", "0"]]
SOLUTION_9 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SOLVED_9 = grid_text([list(SOLUTION_9[r * 9 : r * 9 + 9]) for r in range(9)])  # not 4x4


def suite_document() -> Document:
    case = {"id": "fig", "puzzle": grid_text(PUZZLE_4), "solution": grid_text(SOLUTION_4)}
    return {"name": "fuzz", "cases": [{**case, "tags": ["handout"], "hidden": False}]}


def first_case(document: Document) -> Document | None:
    cases = document.get("cases")
    if isinstance(cases, list) and cases and isinstance(cases[0], dict):
        return cases[0]
    return None


def on_case(change: Callable[[Document], None]) -> Mutation:
    def mutate(document: Document) -> None:
        case = first_case(document)
        if case is not None:
            change(case)

    return mutate


def setting(key: object, value: object) -> Callable[[Document], None]:
    def mutate(document: Document) -> None:
        document[key] = copy.deepcopy(value)

    return mutate


def dropping(key: object) -> Callable[[Document], None]:
    return lambda document: document.pop(key, None)


def editing_grid(field: str, edit: Callable[[list[list[str]]], None]) -> Mutation:
    """Edit the cells of a grid field (a field some other mutation replaced is left alone)."""

    def change(case: Document) -> None:
        if isinstance(case.get(field), str):
            rows = [line.split() for line in case[field].splitlines()]
            edit(rows)
            case[field] = grid_text(rows)

    return on_case(change)


def resized(n: int) -> Callable[[list[list[str]]], None]:
    def edit(rows: list[list[str]]) -> None:
        rows[:] = square(n)

    return edit


def ragged(row: int, extra: int) -> Callable[[list[list[str]]], None]:
    def edit(rows: list[list[str]]) -> None:
        cells = rows[row % len(rows)] if rows else []
        if extra < 0:
            del cells[extra:]
        else:
            cells.extend(["0"] * extra)

    return edit


def celled(row: int, column: int, token: str) -> Callable[[list[list[str]]], None]:
    def edit(rows: list[list[str]]) -> None:
        cells = rows[row % len(rows)] if rows else []
        if cells:
            cells[column % len(cells)] = token

    return edit


def unknown_keys(known: set[str]) -> st.SearchStrategy[object]:
    names = st.text(min_size=1, max_size=12).filter(lambda key: key not in known)
    return st.one_of(names, st.integers(), st.booleans())


CASE_KEYS = {"id", "puzzle", "solution", "unsolvable", "multiple_solutions", "hidden", "tags"}
CASE_KEYS |= {"source", "difficulty", "guesses"}
SUITE_KEYS = {"name", "description", "values", "cases"}
# Values that no case field accepts (guesses and difficulty are also invalid alone).
BAD_CASE_VALUES: dict[str, tuple[object, ...]] = {
    "id": (HUGE, 1.5, None, [], "", True, *UNREADABLE),
    "puzzle": (HUGE, -1, 1.5, None, [], {}, True, ""),
    "solution": (HUGE, 1.5, None, [], {}, True, "", SOLVED_9),
    "hidden": ("yes", 1, HUGE, 1.5, None, []),
    "multiple_solutions": ("no", 0, None, {}),
    "unsolvable": ("true", 1, None),  # not True: with the solution dropped, that is valid
    "tags": ("handout", HUGE, [1], [None], {}),
    "difficulty": ("impossible", HUGE, 1.5, []),
    "guesses": (-1, 1.5, "many", HUGE, *UNREADABLE),
    "source": (HUGE, [], {}, *UNREADABLE),
}
BAD_SUITE_VALUES: dict[str, tuple[object, ...]] = {
    "name": (HUGE, [], 1.5, {}, *UNREADABLE),
    "values": ("roman", 10, None),
    "description": (HUGE, None, []),
    "cases": ([], {}, "x", HUGE, None, [None], [[]]),
}


def bad_values(table: dict[str, tuple[object, ...]]) -> st.SearchStrategy[tuple[str, object]]:
    return st.sampled_from([(key, value) for key, values in table.items() for value in values])


def _sized(n: int) -> bool:
    return n not in SIZES


SUITE_MUTATIONS: st.SearchStrategy[Mutation] = st.one_of(
    st.builds(
        editing_grid,
        st.sampled_from(["puzzle", "solution"]),
        st.builds(resized, st.integers(1, 40).filter(_sized)),
    ),
    st.builds(
        editing_grid,
        st.sampled_from(["puzzle", "solution"]),
        st.builds(ragged, st.integers(0, 3), st.sampled_from([-1, -3, 1, 5])),
    ),
    st.builds(
        editing_grid,
        st.sampled_from(["puzzle", "solution"]),
        st.builds(celled, st.integers(0, 3), st.integers(0, 3), st.sampled_from(BAD_CELLS)),
    ),
    bad_values(BAD_CASE_VALUES).map(lambda kv: on_case(setting(*kv))),
    bad_values(BAD_SUITE_VALUES).map(lambda kv: setting(*kv)),
    st.sampled_from(["id", "puzzle", "solution"]).map(lambda key: on_case(dropping(key))),
    st.just(dropping("cases")),
    unknown_keys(CASE_KEYS).map(lambda key: on_case(setting(key, 1))),
    unknown_keys(SUITE_KEYS).map(lambda key: setting(key, 1)),
    st.just(lambda document: document["cases"].append(copy.deepcopy(document["cases"][0]))),
    st.integers(0, 3).map(lambda index: on_case(setting("puzzle", Tagged(index)))),
)


@st.composite
def mutated(
    draw: st.DrawFn, base: Callable[[], Document], mutations: st.SearchStrategy[Mutation]
) -> bytes:
    """`base` with one to three mutations, dumped in block or flow style, maybe with a byte
    sequence that is not UTF-8 inserted somewhere."""
    document = base()
    for mutation in draw(st.lists(mutations, min_size=1, max_size=3)):
        with contextlib.suppress(LookupError, TypeError, AttributeError):  # made moot earlier
            mutation(document)
    data = dump(document, flow=draw(st.booleans()), unicode=draw(st.booleans()))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(NOT_UTF8)) + data[at:]
    return data


# config.yaml: mutations its schema rejects


def config_base() -> Document:
    return config_document(HANDOUT)


def on_assignment(change: Callable[[Document], None]) -> Mutation:
    def mutate(document: Document) -> None:
        assignment = document["assignments"]["a"]
        if isinstance(assignment, dict):
            change(assignment)

    return mutate


def on_item(change: Callable[[Document], None]) -> Mutation:
    return on_assignment(lambda assignment: change(assignment["items"]["get_row"]))


ASSIGNMENT_KEYS = {"title", "shape", "probes", "entry", "salvage", "suites", "reference"}
ASSIGNMENT_KEYS |= {"examples", "limits", "program", "league", "notebook", "items", "rules"}
ASSIGNMENT_KEYS |= {"aliases", "conventions", "adaptations", "deadline", "starter", "similarity"}
ITEM_KEYS = {"marks", "probe", "function", "aliases", "depends_on", "time"}
ITEM_KEYS |= {"time_from_reference", "criteria", "plugin", "shape", "helpers"}
ITEM_KEYS |= {"role", "args", "unit", "cases", "sizes", "positions", "label", "otherwise", "order"}
ITEM_KEYS |= {"returns", "restores", "keeps_input", "completion", "unsolvable", "compare"}
ITEM_KEYS |= {"layout", "file", "examples", "defaults", "uses"}
BAD_ASSIGNMENT_VALUES: dict[str, tuple[object, ...]] = {
    "shape": (HUGE, None, [], {}),
    "probes": ([], {}, HUGE),  # null: every item declares its role
    "conventions": ({"index_base": 2}, {"sizes": [6]}, {"representation": "nested"}, [], "x"),
    "suites": ([], "suite.yaml", ["no/such/suite.yaml"], None, {}),
    "items": ({}, [], "get_row", None, HUGE),
    "limits": ({"time": -1}, {"time": "fast"}, {"memory_mb": 1}, {"memory_mb": 1.5}, []),
    "league": ({"suites": {}}, {"suites": {9: str(HANDOUT)}, "repeats": HUGE}, "x"),
    "rules": ({"bogus": {}}, {"print": {"penalty": -1}}, []),
    "program": ({"languages": []}, {"languages": ["cobol"]}, HUGE),
    "salvage": ("maybe", [], None),
    "title": (HUGE, [], *UNREADABLE),
}
BAD_ITEM_VALUES: dict[str, tuple[object, ...]] = {
    "marks": (-1, "ten", None, [], {}, float("nan"), -float("inf"), -(HUGE), *UNREADABLE),
    "depends_on": (["nope"], [None], {}),
    "time": (0, -1, "slow", [], *UNREADABLE),
    "time_from_reference": (0.5, "x"),
    "criteria": ({"a": {"marks": 1}}, [], {"a": {}}),
    "role": ("row-values", 5, [], None),
    "unit": ("diagonal", 5),
    "args": (["col"], "grid", [5]),
    "returns": ("maybe", 1),
    "examples": ([{"args": 5}], "x", [{"answer": 1}]),
    "file": ({"separator": 5}, {"newline": "cr"}, []),
    "cases": (0, -1, "all"),
}
BAD_TOP_VALUES: dict[str, tuple[object, ...]] = {
    "assignments": (HUGE, [], None, {}, "a"),
    "languages": ({"cpp": {"files": [], "run": ["x"]}}, {"cpp": {}}, []),
    "runtime": ({"python": []}, {"bogus": 1}, []),
    "source": ("elsewhere.yaml",),
}

CONFIG_MUTATIONS: st.SearchStrategy[Mutation] = st.one_of(
    bad_values(BAD_ASSIGNMENT_VALUES).map(lambda kv: on_assignment(setting(*kv))),
    bad_values(BAD_ITEM_VALUES).map(lambda kv: on_item(setting(*kv))),
    bad_values(BAD_TOP_VALUES).map(lambda kv: setting(*kv)),
    st.sampled_from(["shape", "suites", "items"]).map(lambda key: on_assignment(dropping(key))),
    st.just(on_item(dropping("role"))),  # nothing then says how the item is probed
    st.just(dropping("assignments")),
    unknown_keys(ASSIGNMENT_KEYS).map(lambda key: on_assignment(setting(key, 1))),
    unknown_keys(ITEM_KEYS).map(lambda key: on_item(setting(key, 1))),
    unknown_keys({"assignments", "languages", "runtime"}).map(lambda key: setting(key, {})),
    st.integers(0, 3).map(lambda index: on_assignment(setting("title", Tagged(index)))),
)


# NAME.expected.yaml


def expected_base() -> Document:
    return {"status": "graded", "marks": {"total": 120, "get_row": 5}, "flags": ["print"]}


BAD_EXPECTED_VALUES: dict[str, tuple[object, ...]] = {
    "status": ([], {}, None, 5, *UNREADABLE),
    "marks": ("ten", [], 5, None, {"total": "ten"}, {"total": None}, {"total": []}, {5: 1}),
    "flags": (5, "print", {"a": 1}, [None], [[]]),
    "note": (5, [], None, 1.5, *UNREADABLE),
}
EXPECTED_MUTATIONS: st.SearchStrategy[Mutation] = st.one_of(
    bad_values(BAD_EXPECTED_VALUES).map(lambda kv: setting(*kv)),
    unknown_keys({"status", "marks", "flags", "note"}).map(lambda key: setting(key, 1)),
    st.integers(0, 3).map(lambda index: setting("note", Tagged(index))),
)


# ---------------------------------------------------------------------------------------------
# Properties: almost-valid documents


@FAST
@given(st.sampled_from([SUITE, LEAGUE]), mutated(suite_document, SUITE_MUTATIONS))
def test_a_mutated_suite_is_one_line_naming_the_file(target: Target, data: bytes) -> None:
    check_rejected(target, data)


@SOME
@given(mutated(suite_document, SUITE_MUTATIONS))
def test_suites_validate_lists_a_mutated_suite_as_a_problem(data: bytes) -> None:
    """`suites validate` reports every problem (exit 1), each line naming the file."""
    with folder() as base:
        data, marker = with_marker(data, base)
        path = base / "suite.yaml"
        path.write_bytes(data)
        try:
            first = str(scan_suite(path).problems[0])
        except BadInput as err:
            first = str(err)
        result = cli("suites", "validate", path, "--max-guesses", MAX_GUESSES)
        assert not marker.exists()
    assert result.exit_code == ExitCode.FAILED, result.output
    *problems, summary = result.stdout.splitlines()
    assert problems[0] == first
    assert all(line.startswith(f"{path}:") for line in problems), result.stdout
    assert summary.startswith("1 files, ") and summary.endswith(f": {len(problems)} problems")
    assert result.stderr == ""


@FAST
@given(mutated(config_base, CONFIG_MUTATIONS))
def test_a_mutated_config_is_one_line_naming_the_file(data: bytes) -> None:
    check_rejected(CONFIG, data)


@FAST
@given(
    st.one_of(
        mutated(expected_base, EXPECTED_MUTATIONS),
        st.sampled_from([[], "graded", HUGE, None, 1.5, [expected_base()]]).map(
            lambda value: dump(value, flow=False, unicode=True)
        ),
    )
)
def test_a_mutated_expected_outcome_is_one_line_naming_the_file(data: bytes) -> None:
    check_rejected(EXPECTED, data)


# ---------------------------------------------------------------------------------------------
# Properties: random bytes, and valid files with random edits


@FAST
@given(st.sampled_from(TARGETS), st.binary(max_size=400))
def test_random_bytes_are_refused_by_every_yaml_loader(target: Target, data: bytes) -> None:
    check_loads_or_rejected(target, data)


@FAST
@given(st.sampled_from(TARGETS), st.text(max_size=300))
def test_random_text_is_refused_by_every_yaml_loader(target: Target, text: str) -> None:
    check_loads_or_rejected(target, text.encode("utf-8", "surrogatepass"))


@st.composite
def edited(draw: st.DrawFn, original: bytes) -> bytes:
    """`original` with a few characters deleted, inserted or replaced."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        data[at : at + draw(st.integers(0, 3))] = draw(st.binary(max_size=3))
    return bytes(data)


@FAST
@given(edited(HANDOUT.read_bytes()))
def test_a_real_suite_with_random_edits_loads_or_names_the_file(data: bytes) -> None:
    with folder() as base:
        path = base / "suite.yaml"
        path.write_bytes(data)
        try:
            load_suite(path)
        except BadInput as err:
            assert str(err).startswith(f"{path}:") and len(str(err).splitlines()) == 1, err


# ---------------------------------------------------------------------------------------------
# Properties: nesting, cycles, aliases


@st.composite
def deep_yaml(draw: st.DrawFn) -> bytes:
    depth = draw(st.integers(1, 12_000))
    flow = {
        "open lists": "[" * depth,
        "lists": "[" * depth + "]" * depth,
        "open maps": "{a: " * depth,
        "maps": "{a: " * depth + "}" * depth,
        "mixed": "[{a: " * depth + "}]" * depth,
    }
    block = {
        "sequences": "- " * depth + "x\n",
        "indented maps": "".join(" " * i + "a:\n" for i in range(min(depth, 1500))),
        "indented sequences": "".join(" " * i + "-\n" for i in range(min(depth, 1500))),
    }
    kind = draw(st.sampled_from(sorted(flow) + sorted(block)))
    if kind in block:
        return block[kind].encode()
    key = draw(st.sampled_from(["", "cases: ", "assignments: ", "marks: ", "name: x\ncases: "]))
    return (key + flow[kind]).encode()


CYCLES_AND_LAUGHS = (
    "&a [*a]",
    "&a {a: *a}",
    "cases: &c [*c]",
    "assignments: &a {a: *a}",
    "marks: &m {total: *m}",
    "name: x\ncases:\n- &c {id: a, puzzle: '1', tags: *c}\n",
    "&top {cases: [*top], name: x}",
    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    + "".join(
        f"{b}: &{b} [{', '.join([f'*{a}'] * 10)}]\n"
        for a, b in zip("abcdefgh", "bcdefghi", strict=True)
    )
    + "cases: *i\nassignments: *i\nmarks: *i\nflags: *i\n",
)


@settings(FAST, max_examples=20)  # PyYAML needs up to a second for ten thousand `[`
@given(st.sampled_from(TARGETS), deep_yaml())
def test_deeply_nested_yaml_is_one_line_naming_the_file(target: Target, data: bytes) -> None:
    check_rejected(target, data)


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
@pytest.mark.parametrize("text", CYCLES_AND_LAUGHS)
def test_cyclic_and_exponential_aliases_are_one_line(target: Target, text: str) -> None:
    check_rejected(target, text.encode())


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_ten_thousand_levels_say_nested_too_deeply(target: Target) -> None:
    message = check_rejected(target, b"[" * 10_000)
    assert message.endswith("malformed YAML: nested too deeply"), message


@pytest.mark.parametrize("depth", [99, 100, 101, 300, 700])
def test_where_deep_nesting_is_refused_does_not_depend_on_the_callers_stack(
    tmp_path: Path, depth: int
) -> None:
    """PyYAML composes recursively: without a fixed limit, a file a few hundred levels deep was
    read from a shallow stack and refused from a deep one (the CLI's), so the same suite got
    two different errors (found by the fuzzer)."""
    path = tmp_path / "deep.yaml"
    path.write_text("cases: " + "[" * depth + "]" * depth)

    def outcome() -> str:
        try:
            read_yaml(path)
        except BadInput as err:
            return str(err)
        return "read"

    def deeper(frames: int) -> str:
        return deeper(frames - 1) if frames else outcome()

    shallow, deep = outcome(), deeper(500)
    assert shallow == deep
    assert (shallow == "read") is (depth < 100), shallow
    if depth >= 100:
        assert shallow == f"{path}:1: malformed YAML: nested too deeply"


# ---------------------------------------------------------------------------------------------
# Object-constructing tags: refused before anything is built

PAYLOADS = (
    f'!!python/object/apply:os.system ["touch {MARKER}"]',
    f'!!python/object/apply:builtins.open ["{MARKER}", "w"]',
    f'!!python/object/apply:subprocess.check_call [["touch", "{MARKER}"]]',
    f'!<tag:yaml.org,2002:python/object/apply:builtins.open> ["{MARKER}", "w"]',
    f'!!python/object/new:pathlib.Path ["{MARKER}"]',
    "!!python/name:os.system",
    "!!python/module:os",
    "!!python/object:harness.errors.BadInput {}",
)
PLACES = (
    "{payload}\n",
    "name: x\ncases: {payload}\n",
    "name: x\ncases:\n- id: a\n  puzzle: {payload}\n",
    "cases:\n- {payload}\n",
    "? {payload}\n: 1\n",
    "assignments:\n  a: {payload}\n",
    "status: graded\nmarks: {{total: {payload} }}\n",
)
TAG_DIRECTIVE = (
    "%TAG !py! tag:yaml.org,2002:python/\n---\n"
    f'note: !py!object/apply:os.system ["touch {MARKER}"]\n'
)


def test_the_payloads_are_live_under_an_unsafe_loader(tmp_path: Path) -> None:
    """The tag tests can fail: the `open` payload creates its file when objects are built."""
    data, marker = with_marker(PAYLOADS[1].encode(), tmp_path)
    yaml.unsafe_load(data).close()
    assert marker.exists()


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
@pytest.mark.parametrize("payload", PAYLOADS)
def test_object_tags_are_refused_wherever_they_are(target: Target, payload: str) -> None:
    for place in PLACES:
        message = check_rejected(target, place.format(payload=payload).encode())
        assert "malformed YAML" in message and "python/" in message, message


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_a_tag_directive_cannot_smuggle_a_python_tag(target: Target) -> None:
    message = check_rejected(target, TAG_DIRECTIVE.encode())
    assert "python/object/apply:os.system" in message, message


@SOME
@given(
    st.sampled_from(TARGETS),
    st.sampled_from(PAYLOADS),
    st.sampled_from(PLACES),
    st.text(max_size=40),
)
def test_object_tags_after_random_text_are_refused(
    target: Target, payload: str, place: str, prefix: str
) -> None:
    """Whatever precedes it, a tag is never constructed (the loader fails on one or the other)."""
    text = prefix + "\n" + place.format(payload=payload)
    check_rejected(target, text.encode("utf-8", "surrogatepass"))


# ---------------------------------------------------------------------------------------------
# Puzzle files for `suites import`

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# Cells no 9x9 line accepts; none of them is whitespace, which would end the puzzle early.
BAD_CHARS = ("\u00b2", "\u0663", "\u00e9", "-", "+", "*", "!", "Z", "a", "\u00df", "\x00", "\x7f")


def formats(*names: Format | None) -> st.SearchStrategy[Format | None]:
    return st.sampled_from(names)


@dataclass(frozen=True)
class Source:
    """Files to write (relative path -> bytes), the source to import, and the file its error
    must name (a folder's error names the file inside it that is wrong)."""

    files: dict[str, bytes]
    source: str
    fmt: Format | None
    named: str

    @classmethod
    def one(cls, name: str, fmt: Format | None, data: bytes) -> Source:
        return cls({name: data}, name, fmt, name)


@st.composite
def bad_lines(draw: st.DrawFn) -> Source:
    """A lines file whose last puzzle has a wrong length or a character that is no cell."""
    if draw(st.booleans()):
        length = draw(st.integers(1, 1400).filter(lambda n: n not in LINE_LENGTHS))
        line = (WIKI * 18)[:length]
    else:
        at = draw(st.integers(0, len(WIKI) - 1))
        line = WIKI[:at] + draw(st.sampled_from(BAD_CHARS)) + WIKI[at + 1 :]
    before = draw(st.lists(st.sampled_from(["# a comment", "", WIKI + " the wiki one"])))
    data = "\n".join([*before, line]).encode()
    return Source.one("puzzles.txt", draw(formats(None, "lines")), data)


BAD_TOKENS = (str(HUGE), "-1", "1.5", "1e3", "\u00b2", "\u0663", "x!", "Z", "0x1", "+1", "10")


@st.composite
def bad_grid(draw: st.DrawFn, rows: list[list[str]]) -> list[list[str]]:
    """`rows` with a wrong size, a ragged row, or a token that is no value of the grid."""
    edit = draw(
        st.one_of(
            st.builds(resized, st.integers(1, 40).filter(_sized)),
            st.builds(ragged, st.integers(0, 8), st.sampled_from([-1, -3, 1, 5])),
            st.builds(celled, st.integers(0, 8), st.integers(0, 8), st.sampled_from(BAD_TOKENS)),
        )
    )
    rows = copy.deepcopy(rows)
    edit(rows)
    return rows


GRIDS = st.sampled_from([SOLUTION_4, square(9)])


@st.composite
def bad_tokens(draw: st.DrawFn) -> Source:
    """A tokens puzzle that is no grid; or a good one whose output file is no grid."""
    fmt = draw(formats(None, "tokens"))
    bad = grid_text(draw(bad_grid(draw(GRIDS)))).encode()
    if draw(st.booleans()):
        return Source.one("in1.txt", fmt, bad)
    files = {"in1.txt": grid_text(PUZZLE_4).encode(), "out1.txt": bad}
    return Source(files, "in1.txt", fmt, "out1.txt")


@st.composite
def bad_boards(draw: st.DrawFn) -> Source:
    """A folder of CSV boards, one of which is no grid."""
    board = csv_text(draw(bad_grid(draw(GRIDS))))
    files = {"boards/good.csv": csv_text(PUZZLE_4).encode(), "boards/sub/bad.csv": board.encode()}
    return Source(files, "boards", draw(formats(None, "boards")), "boards/sub/bad.csv")


def csv_text(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue()


@st.composite
def bad_csv(draw: st.DrawFn) -> Source:
    """A CSV file without a puzzle column, or with a puzzle or solution that is no grid."""
    header, row = ["puzzle", "solution"], [WIKI, SOLUTION_9]
    kind = draw(st.sampled_from(["header", "puzzle", "solution", "short row"]))
    if kind == "header":
        header = draw(st.lists(st.text(max_size=10), max_size=4).filter(_no_puzzle_column))
    elif kind == "short row":
        header, row = ["id", "puzzle"], ["1"]
    else:
        index = header.index(kind)
        at = draw(st.integers(0, 80))
        row[index] = row[index][:at] + draw(st.sampled_from(BAD_CHARS)) + row[index][at + 1 :]
    return Source.one("puzzles.csv", draw(formats(None, "csv")), csv_text([header, row]).encode())


def _no_puzzle_column(header: list[str]) -> bool:
    return all(name.strip().casefold() != "puzzle" for name in header)


def import_once(source: Source) -> tuple[Path, str | None, Result]:
    """Import the source directly and through the CLI: the file its error must name, the direct
    error (None if it imported), and the command's result."""
    with folder() as base:
        for name, data in source.files.items():
            (base / name).parent.mkdir(parents=True, exist_ok=True)
            (base / name).write_bytes(data)
        path = base / source.source
        try:
            import_cases(path, source.fmt, suite="fuzz", max_guesses=int(MAX_GUESSES))
            message = None
        except BadInput as err:
            message = str(err)
        extra = [] if source.fmt is None else ["--format", source.fmt]
        result = cli("suites", "import", path, "--max-guesses", MAX_GUESSES, *extra)
    return base / source.named, message, result


@FAST
@given(st.one_of(bad_lines(), bad_tokens(), bad_boards(), bad_csv()))
def test_a_bad_puzzle_file_is_one_line_naming_the_file(source: Source) -> None:
    named, message, result = import_once(source)
    assert message is not None, f"imported: {source}"
    assert message.startswith(f"{named}:") and len(message.splitlines()) == 1, message
    assert_exits_with(result, message)


@FAST
@given(
    st.sampled_from(["puzzles.txt", "puzzles.csv", "in1.txt"]),
    formats(None, "lines", "csv", "tokens"),
    st.one_of(st.binary(max_size=300), edited(WIKI.encode() + b"\n"), edited(b"1 2\n3 4\n")),
)
def test_random_puzzle_files_import_or_name_the_file(
    name: str, fmt: Format | None, data: bytes
) -> None:
    named, message, result = import_once(Source.one(name, fmt, data))
    assert "Traceback" not in result.output
    if message is None:
        assert result.exit_code == ExitCode.OK, result.output
        assert result.stdout.startswith("name: ")
    else:
        assert message.startswith(f"{named}:") and len(message.splitlines()) == 1, message
        assert_exits_with(result, message)


# ---------------------------------------------------------------------------------------------
# Examples: the bugs the properties found


def test_a_key_with_a_line_break_is_escaped_onto_one_line() -> None:
    document = suite_document()
    document["cases"][0]["hid\nden"] = True
    message = check_rejected(SUITE, dump(document, flow=False, unicode=True))
    assert message.endswith("case 'fig': hid\\nden: unknown key (check the spelling)"), message


def test_a_config_key_with_a_line_break_is_escaped_onto_one_line() -> None:
    document = config_base()
    document["assignments"]["a"]["items"]["get\u2028row"] = {"marks": 1, "depends_on": ["a\nb"]}
    message = check_rejected(CONFIG, dump(document, flow=False, unicode=True))
    assert "items.get\\u2028row.depends_on: 'a\\nb' is not an item" in message, message


def test_a_csv_header_with_a_line_break_is_escaped_onto_one_line() -> None:
    path, message, result = import_once(Source.one("p.csv", None, b'"puz\nzle",x\n1,2\n'))
    assert message == f"{path}: line 2: header: no `puzzle` column (the columns are: puz\\nzle, x)"
    assert_exits_with(result, message)


@pytest.mark.parametrize("cell", ["\u00b2", "\u0663", "\u0660"])
def test_a_digit_that_is_not_ascii_is_not_a_value(cell: str) -> None:
    """'²'.isdigit() is true but int('²') raises: it was a ValueError traceback."""
    document = suite_document()
    document["cases"][0]["puzzle"] = grid_text([[cell, "0", "0", "0"], *PUZZLE_4[1:]])
    message = check_rejected(SUITE, dump(document, flow=False, unicode=True))
    assert message.endswith(
        f"puzzle: row 1: {cell!r} is not a value (use integers, 0 or . for blank)"
    )


@pytest.mark.parametrize("n", [1, 49])
def test_a_grid_size_the_harness_does_not_grade_is_rejected(n: int) -> None:
    """A 1x1 or 49x49 grid used to load, though the message promised 4, 9, 16, 25, 36."""
    document = suite_document()
    document["cases"][0]["puzzle"] = grid_text(square(n))
    message = check_rejected(SUITE, dump(document, flow=False, unicode=True))
    assert message.endswith(
        f"puzzle: {n} rows: the size must be a square number (4, 9, 16, 25, 36)"
    )


def test_a_character_yaml_forbids_names_its_line() -> None:
    message = check_rejected(SUITE, b"name: x\ncases:\n- id: \x07\n")
    assert message.endswith(".yaml:3: malformed YAML: the character '\\x07' is not allowed")


def test_bytes_that_are_not_utf8_name_their_line() -> None:
    message = check_rejected(CONFIG, b"assignments:\n  a:\n    title: caf\xe9\n")
    assert message.endswith("config.yaml:3: not UTF-8 text (byte 33)"), message


@pytest.mark.parametrize("value", UNREADABLE, ids=lambda value: value.text[:26])
def test_a_value_python_cannot_hold_names_its_line(value: Scalar) -> None:
    """A date that does not exist or an integer of thousands of digits was a ValueError
    traceback: from the YAML loader, or from `suites validate` printing `guesses`."""
    data = dump({"name": "x", "cases": [{"id": "a", "guesses": value}]}, flow=False, unicode=True)
    message = check_rejected(SUITE, data)
    assert "suite.yaml:4: malformed YAML: cannot read the value: " in message, message
    tail = message.split("suite.yaml", 1)[1]  # the same error, in another folder
    with folder() as base:
        (base / "suite.yaml").write_bytes(data)
        result = cli("suites", "validate", base / "suite.yaml")
    assert result.exit_code == ExitCode.FAILED, result.output
    assert result.stdout.splitlines()[0] == f"{base / 'suite.yaml'}{tail}", result.output
