"""`sudoku-harness suites validate | generate | import` through typer's CliRunner."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from harness.puzzles import solver
from harness.puzzles.rating import plain_tries, rounds
from harness.puzzles.suites import load_suite
from tests.conftest import FIXTURES, REPO

PROBLEMS = FIXTURES / "validate" / "problems"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def test_the_shipped_suites_validate() -> None:
    result = invoke("suites", "validate", str(REPO / "testcases"))
    assert result.exit_code == ExitCode.OK, result.output
    assert re.search(r"\d+ files, \d+ cases: 0 problems", result.output)


def test_every_problem_is_listed_with_its_file_and_case() -> None:
    result = invoke("suites", "validate", str(PROBLEMS))
    assert result.exit_code == ExitCode.FAILED, result.output
    several = PROBLEMS / "several.yaml"
    expected = [
        f"{several}: case 'bad-value': puzzle: row 1: value 7 is out of range 0..4",
        f"{several}: case 'two-ways': puzzle: has more than one solution",
        f"{several}: case 'wrong-rating': difficulty: recorded hard with 3 guesses, measured easy",
        f"{several}: case 'not-unsolvable': unsolvable: marked unsolvable but",
        f"{several}: case 'fine': puzzle: the same puzzle as {PROBLEMS / 'again.yaml'}",
    ]
    lines = result.output.splitlines()
    for start in expected:
        assert any(line.startswith(start) for line in lines), (start, result.output)
    assert "2 files, 5 cases: 5 problems" in result.output


def test_a_missing_path_is_a_one_line_error() -> None:
    result = invoke("suites", "validate", "no/such/suites")
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.output.strip() == "error: no/such/suites: no such file or folder"


def generate_args(out: Path, *extra: str) -> list[str]:
    return ["suites", "generate", "--size", "9", "--count", "3", "-o", str(out), *extra]


def test_generating_twice_with_a_seed_gives_the_same_file(tmp_path: Path) -> None:
    first, second, other = tmp_path / "a.yaml", tmp_path / "b.yaml", tmp_path / "c.yaml"
    for out, seed in ((first, "5"), (second, "5"), (other, "6")):
        args = generate_args(out, "--difficulty", "hard", "--seed", seed, "--name", "same")
        result = invoke(*args)
        assert result.exit_code == ExitCode.OK, result.output
    assert first.read_text() == second.read_text()
    assert first.read_text() != other.read_text()
    cases = load_suite(first).cases
    assert [c.rating.difficulty for c in cases if c.rating] == ["hard"] * 3
    assert invoke("suites", "validate", str(first)).exit_code == ExitCode.OK


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_each_difficulty_is_measured_and_recorded(tmp_path: Path, difficulty: str) -> None:
    out = tmp_path / "s.yaml"
    result = invoke(*generate_args(out, "--difficulty", difficulty, "--hidden"))
    assert result.exit_code == ExitCode.OK, result.output
    cases = load_suite(out).cases
    assert all(c.hidden and c.rating and c.rating.difficulty == difficulty for c in cases)


@pytest.mark.parametrize("name", ["classic-9x9", "hidden-9x9"])
def test_the_shipped_generated_suites_are_reproduced_by_their_recorded_command(
    tmp_path: Path, name: str
) -> None:
    shipped = REPO / "testcases" / f"{name}.yaml"
    command = re.search(r"`sudoku-harness (suites generate [^`]*)`", shipped.read_text())
    assert command is not None
    out = tmp_path / "again.yaml"
    args = [*command.group(1).split(), "--name", name, "-o", str(out)]
    if all(case.hidden for case in load_suite(shipped).cases):
        args.append("--hidden")
    assert invoke(*args).exit_code == ExitCode.OK
    assert out.read_text() == shipped.read_text()


def test_a_tier_names_the_cases_and_the_command_is_in_each_source(tmp_path: Path) -> None:
    out = tmp_path / "s.yaml"
    result = invoke(*generate_args(out, "--difficulty", "easy", "--seed", "3", "--tier", "basic"))
    assert result.exit_code == ExitCode.OK, result.output
    cases = load_suite(out).cases
    assert [c.id for c in cases] == ["basic-9x9-001", "basic-9x9-002", "basic-9x9-003"]
    assert all(c.tier == "basic" and c.rating and c.rating.difficulty == "easy" for c in cases)
    command = "suites generate --size 9 --count 3 --difficulty easy --seed 3 --tier basic"
    assert all((c.source or "").startswith(f"{command}: generated: seed 3, case") for c in cases)


def test_unsolvable_puzzles_are_refuted_by_singles_and_validate(tmp_path: Path) -> None:
    out = tmp_path / "s.yaml"
    result = invoke(*generate_args(out, "--difficulty", "medium", "--unsolvable"))
    assert result.exit_code == ExitCode.OK, result.output
    cases = load_suite(out).cases
    assert [c.id for c in cases] == [
        "unsolvable-9x9-001",
        "unsolvable-9x9-002",
        "unsolvable-9x9-003",
    ]
    for case in cases:
        assert case.solution is None and case.rating is None and case.tier is None
        assert solver.candidates(case.puzzle, hidden_singles=True) is None
        assert re.search(r"then \d put at row \d, column \d: no solution", case.source or "")
    assert invoke("suites", "validate", str(out)).exit_code == ExitCode.OK
    refused = invoke(*generate_args(out, "--unsolvable", "--tier", "easy"))
    assert refused.exit_code == ExitCode.BAD_INPUT
    assert "--tier: a tier names a sample with a solution, not --unsolvable" in refused.output


@pytest.mark.parametrize(
    ("name", "which"), [("stdin-9x9", ""), ("stdin-16x16", ""), ("stdin-25x25", "--unsolvable")]
)  # the 25x25 tier's command takes seconds: its unsolvable case stands for it
def test_each_shipped_stdin_case_is_what_the_command_in_its_source_makes(
    tmp_path: Path, name: str, which: str
) -> None:
    """Each case by its source (the command, seed and case number): a suite takes the cases it
    needs from several commands, under ids of its own."""
    cases = load_suite(REPO / "testcases" / f"{name}.yaml").cases
    shipped = {c.source: c for c in cases if which in (c.source or "")}
    commands = {re.sub(r": generated: .*", "", c or "", flags=re.S) for c in shipped}
    made = {}
    for index, command in enumerate(sorted(commands)):
        out = tmp_path / f"{index}.yaml"
        assert invoke(*command.split(), "--values", "letters", "-o", str(out)).exit_code == 0
        made.update({case.source: case for case in load_suite(out).cases})
    assert set(shipped) <= set(made)  # a command may make cases the suite does not take
    for source, again in shipped.items():
        case = made[source]
        assert case.id.split("-")[0] == again.id.split("-")[0]
        assert (case.puzzle, case.solution, case.tier) == (again.puzzle, again.solution, again.tier)
        assert case.rating == again.rating


def test_each_sparse_competency_board_is_what_the_command_in_its_source_makes(
    tmp_path: Path,
) -> None:
    """The boards `suites calibrate -a board-solver` chose, from `suites generate --clues`."""
    shipped = {c.id: c for c in load_suite(REPO / "testcases" / "board-competency.yaml").cases}
    sparse = [c for c in shipped.values() if c.id.startswith("sparse-")]
    commands = {(c.source or "").split(", chosen by")[0] for c in sparse}
    assert len(sparse) == 10 and len(commands) == 2
    for index, command in enumerate(sorted(commands)):
        out = tmp_path / f"{index}.yaml"
        assert invoke(*command.split(), "-o", str(out)).exit_code == ExitCode.OK
        made = {c.id: c for c in load_suite(out).cases}
        for case in (c for c in sparse if c.id in made):
            assert (made[case.id].puzzle, made[case.id].solution) == (case.puzzle, case.solution)
            assert made[case.id].multiple_solutions


def test_clues_make_sparse_boards_alone(tmp_path: Path) -> None:
    out = tmp_path / "sparse.yaml"
    args = ["suites", "generate", "--size", "9", "--count", "2", "--difficulty", "hard"]
    assert invoke(*args, "--clues", "19", "-o", str(out)).exit_code == ExitCode.OK
    for case in load_suite(out).cases:
        assert sum(v != 0 for row in case.puzzle for v in row) == 19 and case.rating is None
    assert invoke("suites", "validate", str(out)).exit_code == ExitCode.OK
    refused = invoke(*args, "--clues", "19", "--unsolvable", "-o", str(out))
    assert refused.exit_code == ExitCode.BAD_INPUT and "--clues" in refused.output


def test_a_size_that_is_not_offered_is_a_one_line_error(tmp_path: Path) -> None:
    result = invoke("suites", "generate", "--size", "8", "-o", str(tmp_path / "x.yaml"))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.output.strip() == "error: --size: 8 is not one of 4, 9, 16, 25, 36"


def test_an_import_becomes_a_suite_that_validates(tmp_path: Path) -> None:
    out = tmp_path / "imported.yaml"
    source = FIXTURES / "import" / "good" / "puzzles.txt"
    result = invoke("suites", "import", str(source), "-o", str(out), "--hidden")
    assert result.exit_code == ExitCode.OK, result.output
    assert "skipped puzzles-4: the same puzzle as puzzles-3" in result.output
    suite = load_suite(out)
    assert suite.name == "imported" and suite.cases and all(c.hidden for c in suite.cases)
    assert invoke("suites", "validate", str(out)).exit_code == ExitCode.OK


def test_an_unreadable_import_is_a_one_line_error(tmp_path: Path) -> None:
    result = invoke("suites", "import", str(tmp_path / "absent.txt"))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert len(result.output.strip().splitlines()) == 1
    assert str(tmp_path / "absent.txt") in result.output


def test_max_blanks_caps_the_blanks_and_keeps_the_difficulty(tmp_path: Path) -> None:
    out = tmp_path / "s.yaml"
    result = invoke(*generate_args(out, "--difficulty", "easy", "--max-blanks", "30"))
    assert result.exit_code == ExitCode.OK, result.output
    assert "--max-blanks 30" in out.read_text()
    for case in load_suite(out).cases:
        assert sum(v == 0 for row in case.puzzle for v in row) <= 30
        assert case.rating is not None and case.rating.difficulty == "easy"


def test_max_rounds_and_max_tries_keep_each_case_within_a_samples_measures(tmp_path: Path) -> None:
    """The handout's 9x9 "Easy" sample (in1): 48 blanks, naked singles in 6 rounds, 503 tries
    of a plain first-empty backtracker; a case made to stand beside it is no harder."""
    out, spoilt = tmp_path / "s.yaml", tmp_path / "u.yaml"
    within = ["--max-blanks", "48", "--max-rounds", "6", "--max-tries", "503"]
    result = invoke(*generate_args(out, "--difficulty", "easy", "--seed", "90", *within))
    assert result.exit_code == ExitCode.OK, result.output
    made = load_suite(out).cases
    assert all("--max-blanks 48 --max-rounds 6 --max-tries 503:" in (c.source or "") for c in made)
    unsolvable = [*generate_args(spoilt, "--difficulty", "easy", *within), "--unsolvable"]
    assert invoke(*unsolvable).exit_code == ExitCode.OK
    for case in (*made, *load_suite(spoilt).cases):
        assert sum(v == 0 for row in case.puzzle for v in row) <= 48
        taken = rounds(case.puzzle, "naked singles")
        assert taken is not None and taken <= 6, case.id
        assert plain_tries(case.puzzle, 503) is not None, case.id


def test_the_shipped_hard_25x25_league_tier_is_what_its_recorded_command_makes(
    tmp_path: Path,
) -> None:
    shipped = {c.id: c for c in load_suite(REPO / "testcases" / "league-25x25.yaml").cases}
    command = re.match(r"(suites generate [^:]*):", shipped["hard-1"].source or "")
    assert command is not None and "--max-guesses" in command.group(1)
    args = [*command.group(1).replace("--count 2", "--count 1").split(), "-o", str(tmp_path / "h")]
    assert invoke(*args).exit_code == ExitCode.OK
    (again,) = load_suite(tmp_path / "h").cases
    assert (again.puzzle, again.solution) == (shipped["hard-1"].puzzle, shipped["hard-1"].solution)
    assert again.rating is not None and again.rating == shipped["hard-1"].rating
    assert again.rating.guesses >= 200


def test_rounds_of_a_stronger_technique_bound_what_the_sample_needs(tmp_path: Path) -> None:
    """An easy case (naked singles) beside a sample that needs hidden singles is held to the
    sample's rounds of hidden singles, which it may take fewer of than naked ones."""
    out = tmp_path / "s.yaml"
    limits = ["--max-blanks", "45", "--max-rounds", "5", "--rounds-of", "hidden-singles"]
    assert invoke(*generate_args(out, "--difficulty", "easy", *limits)).exit_code == ExitCode.OK
    naked = []
    for case in load_suite(out).cases:
        assert "--max-rounds 5 --rounds-of hidden-singles:" in (case.source or "")
        assert (rounds(case.puzzle, "hidden singles") or 6) <= 5
        naked.append(rounds(case.puzzle, "naked singles"))
    assert naked == [5, 14, 5]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--difficulty", "hard", "--max-rounds", "5"], "--max-rounds: only for --difficulty easy"),
        (["--rounds-of", "naked-singles"], "--rounds-of: only with --max-rounds"),
        (
            ["--difficulty", "medium", "--max-rounds", "5", "--rounds-of", "naked-singles"],
            "--rounds-of: naked singles never decides a medium puzzle (it needs hidden singles)",
        ),
    ],
)
def test_rounds_that_cannot_be_counted_are_a_one_line_error(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    result = invoke(*generate_args(tmp_path / "s.yaml", *extra))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.output.strip().startswith(f"error: {message}")


def test_guess_counts_outside_hard_are_a_one_line_error(tmp_path: Path) -> None:
    result = invoke(
        *generate_args(tmp_path / "s.yaml", "--difficulty", "easy", "--min-guesses", "5")
    )
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.output.strip() == (
        "error: --min-guesses/--max-guesses: only for --difficulty hard"
    )
