"""Importers: every format read from examples on disk, completed, and written as a suite.

The examples are under fixtures/import/: good/ holds one source per format, bad/ one file (or
folder) per kind of mistake, each listed in BAD with the error it must give. The real data sets
(../shared/datasets) are used too when present: their official solutions must equal ours.
"""

from __future__ import annotations

import csv
import itertools
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from harness.errors import BadInput
from harness.puzzles import importers
from harness.puzzles.importers import Format, RawCase, complete, detect, import_cases, read
from harness.puzzles.suites import Case, dump_suite, load_suite
from harness.records.evidence import Grid
from tests.conftest import DATASETS, FIXTURES

GOOD = FIXTURES / "import" / "good"
BAD = FIXTURES / "import" / "bad"

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HARD = "67.1....8...4.59.6.........3...89.4..9...4.8....32.....8.9..6..4.57....37........"
HARD_SOL = "674192538812435976953867421327689145196574382548321769281943657465718293739256814"
MULTI9_B = "576192438218435976943867125327689541691574382854321769182943657465718293739256814"
UNSOLV9 = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
P4 = "......24....32.."
P4_SOL = "2413132441323241"
S16 = (
    "C587EBDG49216AF32DA1638F7GBEC9546E3GA9148FC527DB9B4FC527DA63EG18825B3CG1A4F79E6D41GEB7AD3596"
    "8F2CDFC356491E82AB7G769A8FE2CBDG5341AC78FG96B13D45E2F3BD1E5A26G478C9G912D47CE85AB63FE465283B"
    "FC791DGA58E971C3GD4BF2A637F4GAB862ECD195BA2C9D6E531FG4871GD642F597A83CBE"
)


def grid(line: str) -> Grid:
    """A grid from the lines encoding (the test's own decoder, independent of the importer's)."""
    n = round(len(line) ** 0.5)
    values = [0 if ch in ".0" else int(ch, 36) for ch in line]
    return tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))


def by_id(cases: list[Case]) -> dict[str, Case]:
    return {case.id: case for case in cases}


def round_trip(tmp_path: Path, cases: list[Case]) -> None:
    """Written with dump_suite and read back with load_suite, the cases are unchanged."""
    path = tmp_path / "imported.yaml"
    path.write_text(dump_suite(cases[0].suite, "imported", cases), encoding="utf-8")
    assert load_suite(path).cases == tuple(cases)


# ---------------------------------------------------------------------------------------------
# Each format, from the examples


def test_lines(tmp_path: Path) -> None:
    cases = by_id(import_cases(GOOD / "puzzles.txt", suite="lines"))
    assert list(cases) == [f"puzzles-{n}" for n in (3, 4, 6, 7, 8, 9)]
    assert cases["puzzles-3"].puzzle == cases["puzzles-4"].puzzle == grid(WIKI)
    assert cases["puzzles-3"].solution == cases["puzzles-4"].solution == grid(WIKI_SOL)
    assert cases["puzzles-4"].source == f"{GOOD / 'puzzles.txt'}:4"
    assert cases["puzzles-6"].solution == grid(P4_SOL)
    assert cases["puzzles-7"].multiple_solutions and cases["puzzles-7"].rating is None
    assert cases["puzzles-8"].solution is None and cases["puzzles-8"].rating is None
    assert cases["puzzles-9"].solution == grid(S16)  # written in lower case
    round_trip(tmp_path, list(cases.values()))


def test_csv_with_solutions(tmp_path: Path) -> None:
    cases = by_id(import_cases(GOOD / "with_solutions.csv", suite="csv"))
    assert list(cases) == ["with_solutions-1", "with_solutions-2", "with_solutions-3"]
    assert cases["with_solutions-1"].solution == grid(WIKI_SOL)
    assert cases["with_solutions-2"].solution == grid(HARD_SOL)  # computed
    assert cases["with_solutions-2"].rating is not None
    assert cases["with_solutions-2"].rating.difficulty == "hard"
    multiple = cases["with_solutions-3"]
    assert multiple.multiple_solutions and multiple.solution == grid(MULTI9_B)  # the source's
    round_trip(tmp_path, list(cases.values()))


def test_csv_without_solutions(tmp_path: Path) -> None:
    cases = import_cases(GOOD / "no_solutions.csv", suite="csv")
    assert [case.id for case in cases] == ["no_solutions-1", "no_solutions-2"]
    assert cases[0].solution == grid(P4_SOL)
    assert cases[0].source == f"{GOOD / 'no_solutions.csv'}:2"
    assert cases[1].puzzle == grid(UNSOLV9) and cases[1].solution is None
    round_trip(tmp_path, cases)


def test_boards_with_solutions(tmp_path: Path) -> None:
    tests, solutions = GOOD / "boards" / "tests", GOOD / "boards" / "solutions"
    raws = read(tests, "boards", solutions)
    assert [(raw.id, raw.solution) for raw in raws] == [
        ("small/four", grid(P4_SOL)),
        ("wiki", grid(WIKI_SOL)),
    ]
    assert raws[0].puzzle == grid(P4) and raws[1].puzzle == grid(WIKI)
    assert raws[0].origin == str(tests / "small" / "four.csv")
    cases = import_cases(tests, None, solutions, suite="boards", hidden=True)
    assert all(case.hidden for case in cases)
    round_trip(tmp_path, cases)


def test_boards_without_solutions_are_computed() -> None:
    cases = import_cases(GOOD / "boards" / "tests", suite="boards")
    assert [case.solution for case in cases] == [grid(P4_SOL), grid(WIKI_SOL)]


def test_tokens_folder(tmp_path: Path) -> None:
    raws = {raw.id: raw for raw in read(GOOD / "tokens")}
    assert list(raws) == ["b01", "in1", "in2", "in3", "in10"]  # outputs left out; in2 < in10
    assert raws["in1"].solution == grid(WIKI_SOL)  # CRLF, trailing spaces; out1 unterminated
    assert raws["in1"].solution_origin == str(GOOD / "tokens" / "out1.txt")
    assert raws["in2"].solution is None and not raws["in2"].unsolvable
    assert raws["in3"].unsolvable and raws["in3"].solution is None
    assert raws["b01"].solution == grid(S16)  # letters in the puzzle, decimals in the output
    cases = by_id(import_cases(GOOD / "tokens", suite="tokens"))
    assert cases["in2"].solution == grid(HARD_SOL)
    assert cases["in3"].solution is None
    assert cases["in10"].multiple_solutions
    round_trip(tmp_path, list(cases.values()))


def test_tokens_single_file_finds_its_output() -> None:
    [raw] = read(GOOD / "tokens" / "in1.txt", "tokens")
    assert (raw.id, raw.puzzle, raw.solution) == ("in1", grid(WIKI), grid(WIKI_SOL))
    [raw] = read(GOOD / "tokens" / "b01.txt", solutions=GOOD / "tokens" / "out1.txt")
    assert raw.solution == grid(WIKI_SOL)  # an explicit output file wins (and is then wrong)


def test_limit_reads_only_the_first() -> None:
    assert [raw.id for raw in read(GOOD / "puzzles.txt", limit=2)] == ["puzzles-3", "puzzles-4"]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("puzzles.txt", "lines"),
        ("with_solutions.csv", "csv"),
        ("boards/tests", "boards"),
        ("tokens", "tokens"),
        ("tokens/b01.txt", "tokens"),
    ],
)
def test_detect(source: str, expected: Format) -> None:
    assert detect(GOOD / source) == expected


def test_every_format_has_a_reader() -> None:
    assert set(importers.READERS) == set(importers.FORMATS)


# ---------------------------------------------------------------------------------------------
# complete(): what the source says against what the solver finds


def raw_case(puzzle: str, solution: str | None = None, unsolvable: bool = False) -> RawCase:
    answer = None if solution is None else grid(solution)
    return RawCase("x", grid(puzzle), answer, unsolvable, "src.txt:1")


def test_complete_rates_unique_puzzles() -> None:
    case = complete(raw_case(HARD), "s")
    assert case.solution == grid(HARD_SOL)
    assert case.rating is not None and case.rating.difficulty == "hard"
    assert case.rating.guesses > 0
    assert (case.suite, case.source, case.tags, case.hidden) == ("s", "src.txt:1", (), False)


def test_complete_rejects_unsolvable_claim_for_a_solvable_puzzle() -> None:
    with pytest.raises(BadInput, match=r"^src\.txt:1: case 'x': solution: the source says"):
        complete(raw_case(WIKI, unsolvable=True), "s")


def test_complete_rejects_a_solution_that_changes_a_given() -> None:
    # a valid grid, but not this puzzle's: the solution of the puzzle HARD
    with pytest.raises(BadInput, match="solution: changes a given of the puzzle"):
        complete(raw_case(WIKI, HARD_SOL), "s")


@pytest.mark.usefixtures("without_sat")
def test_without_sat_complete_gives_up_after_max_guesses() -> None:
    with pytest.raises(BadInput, match="puzzle: could not be decided within 3 guesses"):
        complete(raw_case(HARD), "s", max_guesses=3)
    assert complete(raw_case(WIKI), "s", max_guesses=0).solution == grid(WIKI_SOL)


def test_with_sat_complete_decides_what_max_guesses_leaves_open() -> None:
    case = complete(raw_case(HARD), "s", max_guesses=3)
    assert case.solution == grid(HARD_SOL)
    assert case.rating is not None and case.rating.guesses == 3


# ---------------------------------------------------------------------------------------------
# Bad input: one BadInput naming the file, the line or case, and the field


@dataclass(frozen=True)
class Bad:
    source: str  # under fixtures/import/bad
    names: str  # the file the message starts with, under bad/
    error: str  # a part of the message
    fmt: Format | None = None
    solutions: str | None = None
    max_guesses: int = 200_000


BAD_EXAMPLES = [
    Bad(
        "lines_length.txt",
        "lines_length.txt",
        "line 3: puzzle: 80 characters, expected a square of a square (16, 81, 256, 625, 1296)",
    ),
    Bad(
        "lines_char.txt",
        "lines_char.txt",
        "line 2: puzzle: row 1, column 2: '*' is not a cell value",
    ),
    Bad("lines_range.txt", "lines_range.txt", "line 1: puzzle: row 4, column 2: '5' is 5, more"),
    Bad("csv_no_puzzle.csv", "csv_no_puzzle.csv", "line 1: header: no `puzzle` column"),
    Bad("csv_short_solution.csv", "csv_short_solution.csv", "line 3: solution: 80 characters"),
    Bad(
        "csv_invalid_solution.csv",
        "csv_invalid_solution.csv",
        ":2: case 'csv_invalid_solution-1': solution: not a valid grid: column 1 repeats",
    ),
    Bad(
        "csv_solution_of_unsolvable.csv",
        "csv_solution_of_unsolvable.csv",
        "case 'csv_solution_of_unsolvable-1': solution: given, but the puzzle has no solution",
    ),
    Bad(
        "boards_value",
        "boards_value/board.csv",
        "line 2: puzzle: column 2: 'x' is not a cell value",
    ),
    Bad("boards_short_row", "boards_short_row/board.csv", "line 4: puzzle: 8 values, expected 9"),
    Bad(
        "boards_missing_solution/tests",
        "boards_missing_solution/tests/a.csv",
        "solution: no file",
        solutions="boards_missing_solution/solutions",
    ),
    Bad("tokens_rows.txt", "tokens_rows.txt", "puzzle: 8 rows, expected 4, 9, 16, 25, 36"),
    Bad("tokens_value.txt", "tokens_value.txt", "line 3: puzzle: column 2: 'Z' is 35, more than"),
    Bad("tokens_orphan", "tokens_orphan/out2.txt", "an output file, but there is no puzzle in2"),
    Bad("tokens_bad_output", "tokens_bad_output/out_x.txt", "line 2: solution: 8 values"),
    Bad(
        "tokens_says_unsolvable",
        "tokens_says_unsolvable/in1.txt",
        "case 'in1': solution (from ",
    ),
    Bad("not_utf8.txt", "not_utf8.txt", "not UTF-8 text", fmt="tokens"),
    Bad("empty.txt", "empty.txt", "cannot tell the format (no puzzle in it): pass --format"),
    Bad("mixed_folder", "mixed_folder", "cannot tell the format (a folder holding both"),
    Bad("hard.txt", "hard.txt", ":1: case 'hard-1': puzzle: could not be decided", max_guesses=1),
    Bad(
        "tokens_rows.txt",
        "tokens_rows.txt",
        "a file, but the boards format reads a folder",
        "boards",
    ),
    Bad("boards_value", "boards_value", "a folder, but the lines format reads one file", "lines"),
    Bad(
        "hard.txt",
        "hard.txt",
        "--solutions: the lines format has no separate",
        solutions="hard.txt",
    ),
    Bad("no_such_file.txt", "no_such_file.txt", "no such file or folder"),
]


@pytest.mark.usefixtures("without_sat")  # hard.txt: not decided within max_guesses by search
@pytest.mark.parametrize("bad", BAD_EXAMPLES, ids=lambda bad: bad.source + "/" + bad.error[:20])
def test_bad_input_names_file_line_and_field(bad: Bad) -> None:
    solutions = None if bad.solutions is None else BAD / bad.solutions
    with pytest.raises(BadInput) as caught:
        import_cases(BAD / bad.source, bad.fmt, solutions, suite="bad", max_guesses=bad.max_guesses)
    message = str(caught.value)
    assert message.startswith(f"{BAD / bad.names}:"), message
    assert bad.error in message
    assert "\n" not in message


def test_bad_examples_cover_every_file() -> None:
    named = {(BAD / bad.source).parts[len(BAD.parts)] for bad in BAD_EXAMPLES}
    assert named - {"no_such_file.txt"} == {path.name for path in BAD.iterdir()}


# ---------------------------------------------------------------------------------------------
# Real data (skipped when ../shared/datasets is absent)


def dataset(relative: str) -> Path:
    path = DATASETS / relative
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path


def solved_alone(raw: RawCase) -> Grid | None:
    """The solution `complete` computes when the source's answer is hidden from it."""
    return complete(replace(raw, solution=None, unsolvable=False), "real").solution


@pytest.mark.parametrize(
    ("folder", "ids"),
    [
        ("sample-io-9x9", ["in1", "in2", "in3", "in4"]),
        ("sampleio-16x16", ["b01", "e01", "m01"]),
        ("sampleio-25x25", ["eg1"]),
    ],
)
def test_wits_sample_io_solutions_equal_the_official_outputs(folder: str, ids: list[str]) -> None:
    source = dataset("wits-sample-io") / folder
    assert detect(source) == "tokens"
    raws = read(source)
    assert [raw.id for raw in raws] == ids
    assert all(raw.solution is not None or raw.unsolvable for raw in raws)
    for raw in raws:
        assert solved_alone(raw) == raw.solution, raw.id
    assert [raw.unsolvable for raw in raws] == [raw_id == "in4" for raw_id in ids]
    assert len(import_cases(source, suite="wits")) == len(ids)


def test_b351_boards_with_solutions(tmp_path: Path) -> None:
    root = dataset("b351-boards")
    tests, solutions = root / "tests" / "named-boards", root / "solutions" / "named-boards"
    assert detect(root / "tests") == "boards"
    raws = read(tests, "boards", solutions)
    assert len(raws) == 9 and raws[0].id == "bowser"
    for raw in raws:
        assert raw.solution is not None and solved_alone(raw) == raw.solution, raw.id
    big = read(root / "tests" / "test-6-ridiculous", "boards", limit=1)
    assert len(big[0].puzzle) == 36
    round_trip(tmp_path, import_cases(tests, "boards", solutions, suite="b351"))


def test_norvig_top95_first_lines() -> None:
    source = dataset("benchmarks/norvig_top95.txt")
    assert detect(source) == "lines"
    cases = import_cases(source, suite="top95", limit=3)
    assert [case.id for case in cases] == ["norvig_top95-1", "norvig_top95-2", "norvig_top95-3"]
    assert cases[0].solution == grid(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    )
    assert all(case.rating is not None and case.rating.difficulty == "hard" for case in cases)


def test_plb_tab_comments() -> None:
    source = dataset("benchmarks/plb_hard20.txt")
    [raw] = read(source, limit=1)
    assert raw.puzzle == grid(
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
    )


def test_kaggle_csv_rows() -> None:
    source = dataset("benchmarks/kaggle_radcliffe_3m_rated_sample7034.csv")
    assert detect(source) == "csv"
    with source.open(newline="") as handle:
        rows = list(itertools.islice(csv.DictReader(handle), 5))
    raws = read(source, limit=5)
    assert [raw.solution for raw in raws] == [grid(row["solution"]) for row in rows]
    for raw in raws:
        assert solved_alone(raw) == raw.solution, raw.id


def test_cosc130_crlf_and_no_solution() -> None:
    source = dataset("cosc130-puzzles")
    cases = by_id(import_cases(source, suite="cosc130"))
    assert list(cases) == ["puzzle01", "puzzle02", "puzzle03", "puzzle04"]
    assert [case.solution is None for case in cases.values()] == [False, False, False, True]
