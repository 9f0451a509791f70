"""Probes for `sudoku-functions` (IIT Delhi COL100 A8): twelve functions, positions from 1.

Each builder derives its calls from the suite cases (9x9 with one solution, as the handout
promises) and computes the expected answers with the trusted model in `harness.puzzles.sudoku`,
which is 0-indexed: the translation to the handout's 1-indexing happens here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from harness.assignments.base import Builder
from harness.assignments.expectations import Equal, GridAfter, SameMembers, Solves
from harness.puzzles import sudoku
from harness.puzzles.sudoku import UnitKind
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.probes import Probe

SIZE = 9
GRID_SAMPLES = 2  # cases whose puzzle and solution probe the row/column/block getters
CANDIDATE_SAMPLES = 3  # puzzles whose every empty cell probes get_candidates
MOVES = 10  # make_move / undo_move probes
HANDOUT_LISTS = (((1, 2, 3, 0, 0, 1, 7, 5, 0), False), ((5, 3, 0, 0, 7, 0, 0, 0, 0), True))
Named = tuple[str, Grid, bool]  # (label, grid, hidden)


def usable(cases: Sequence[Case]) -> list[Case]:
    """Cases the handout's functions may be given: 9x9 with exactly one solution."""
    return [c for c in cases if c.size == SIZE and c.solution and not c.multiple_solutions]


def solved(case: Case) -> Grid:
    if case.solution is None:
        raise ValueError(f"{case.label} has no solution")
    return case.solution


def sample_grids(cases: Sequence[Case]) -> Iterator[Named]:
    for case in usable(cases)[:GRID_SAMPLES]:
        yield f"{case.label} puzzle", case.puzzle, case.hidden
        yield f"{case.label} solution", solved(case), case.hidden


def rows(grid: Grid) -> list[list[int]]:
    return sudoku.thaw(grid)


def first_puzzle(cases: Sequence[Case]) -> Case:
    found = usable(cases)
    if not found:
        raise ValueError("the suites hold no 9x9 case with a unique solution")
    return found[0]


def positions(cases: Sequence[Case], item: str, answer: Callable[[int, int], int]) -> list[Probe]:
    """Every position of the first puzzle, (row, col) from 1."""
    case = first_puzzle(cases)
    return [
        Probe(
            item,
            f"({r + 1},{c + 1})",
            f"{item}(<{case.label}>, ({r + 1}, {c + 1}))",
            (rows(case.puzzle), (r + 1, c + 1)),
            Equal(answer(r, c)),
            case.hidden,
        )
        for r in range(SIZE)
        for c in range(SIZE)
    ]


def get_block_num(cases: Sequence[Case]) -> list[Probe]:
    return positions(cases, "get_block_num", lambda r, c: sudoku.box_of(SIZE, r, c) + 1)


def get_position_inside_block(cases: Sequence[Case]) -> list[Probe]:
    def inside(r: int, c: int) -> int:
        return sudoku.box_cells(SIZE, sudoku.box_of(SIZE, r, c)).index((r, c)) + 1

    return positions(cases, "get_position_inside_block", inside)


def units(cases: Sequence[Case], item: str, kind: UnitKind) -> list[Probe]:
    """Every index 1..9 on sample puzzles and solutions."""
    return [
        Probe(
            item,
            f"{label}#{i + 1}",
            f"{item}(<{label}>, {i + 1})",
            (rows(grid), i + 1),
            Equal(sudoku.unit_values(grid, kind, i)),
            hidden,
        )
        for label, grid, hidden in sample_grids(cases)
        for i in range(SIZE)
    ]


def get_block(cases: Sequence[Case]) -> list[Probe]:
    return units(cases, "get_block", "box")


def get_row(cases: Sequence[Case]) -> list[Probe]:
    return units(cases, "get_row", "row")


def get_column(cases: Sequence[Case]) -> list[Probe]:
    return units(cases, "get_column", "column")


def emptied(grid: Grid, *cells: tuple[int, int]) -> Grid:
    """`grid` with the given (0-indexed) cells blanked."""
    return tuple(
        tuple(0 if (r, c) in cells else v for c, v in enumerate(row)) for r, row in enumerate(grid)
    )


def find_first_unassigned_position(cases: Sequence[Case]) -> list[Probe]:
    item = "find_first_unassigned_position"
    full = solved(first_puzzle(cases))
    crafted: list[Named] = [
        ("a solved grid", full, False),
        ("a grid whose only blank is (9, 9)", emptied(full, (8, 8)), False),
        ("a grid with blanks at (1, 9) and (2, 1)", emptied(full, (0, 8), (1, 0)), False),
        ("a grid with blanks at (2, 1) and (1, 5)", emptied(full, (1, 0), (0, 4)), False),
    ]
    puzzles = [(f"{c.label} puzzle", c.puzzle, c.hidden) for c in usable(cases)]
    return [
        Probe(item, label, f"{item}(<{label}>)", (rows(grid),), Equal(first_blank(grid)), hidden)
        for label, grid, hidden in puzzles + crafted
    ]


def first_blank(grid: Grid) -> tuple[int, int]:
    blanks = sudoku.empty_cells(grid)
    return (blanks[0][0] + 1, blanks[0][1] + 1) if blanks else (-1, -1)


def valid_list(cases: Sequence[Case]) -> list[Probe]:
    """Full rows, rows with repeated zeros, rows with a repeat, and the handout's examples."""
    case = first_puzzle(cases)
    lists: list[tuple[str, tuple[int, ...]]] = [
        (f"handout example {i + 1}", values) for i, (values, _) in enumerate(HANDOUT_LISTS)
    ]
    for i in range(SIZE):
        full, partial = solved(case)[i], case.puzzle[i]
        lists += [
            (f"{case.label} solution row {i + 1}", full),
            (f"{case.label} puzzle row {i + 1}", partial),
            (f"{case.label} solution row {i + 1} with a repeat", with_repeat(full, i)),
        ]
    return [
        Probe(
            "valid_list",
            label,
            f"valid_list({list(values)})",
            (list(values),),
            Equal(not sudoku.has_repeat(values)),
            case.hidden,
        )
        for label, values in lists
    ]


def with_repeat(values: tuple[int, ...], shift: int) -> tuple[int, ...]:
    """The same values with one copied over another (which one varies with `shift`)."""
    source, target = shift % SIZE, (shift + 4) % SIZE
    return tuple(values[source] if k == target else v for k, v in enumerate(values))


def valid_sudoku(cases: Sequence[Case]) -> list[Probe]:
    """Valid partial and solved grids, and grids broken only by a row, a column or a block."""
    grids: list[Named] = []
    for case in usable(cases)[:CANDIDATE_SAMPLES]:
        grids += [
            (f"{case.label} puzzle", case.puzzle, case.hidden),
            (f"{case.label} solution", solved(case), case.hidden),
        ]
        kinds: tuple[UnitKind, ...] = ("row", "column", "box")
        grids += [
            (
                f"{case.label} puzzle broken only in a {kind}",
                broken_only_in(case.puzzle, kind),
                case.hidden,
            )
            for kind in kinds
        ]
    return [
        Probe(
            "valid_sudoku",
            label,
            f"valid_sudoku(<{label}>)",
            (rows(grid),),
            Equal(sudoku.is_valid(grid)),
            hidden,
        )
        for label, grid, hidden in grids
    ]


def broken_only_in(puzzle: Grid, kind: UnitKind) -> Grid:
    """Fill one blank so that exactly one unit of `kind` repeats a value, and nothing else."""
    for r, c in sudoku.empty_cells(puzzle):
        for value in range(1, SIZE + 1):
            grid = sudoku.placed(puzzle, r, c, value)
            if {conflict.kind for conflict in sudoku.conflicts(grid)} == {kind}:
                return grid
    raise ValueError(f"no way to break only a {kind} of this puzzle")


def get_candidates(cases: Sequence[Case]) -> list[Probe]:
    return [
        Probe(
            "get_candidates",
            f"{case.label}@({r + 1},{c + 1})",
            f"get_candidates(<{case.label} puzzle>, ({r + 1}, {c + 1}))",
            (rows(case.puzzle), (r + 1, c + 1)),
            SameMembers(tuple(sudoku.candidates(case.puzzle, r, c))),
            case.hidden,
        )
        for case in usable(cases)[:CANDIDATE_SAMPLES]
        for r, c in sudoku.empty_cells(case.puzzle)
    ]


def make_move(cases: Sequence[Case]) -> list[Probe]:
    case = first_puzzle(cases)
    moves = sudoku.empty_cells(case.puzzle)[:MOVES]
    return [
        Probe(
            "make_move",
            f"({r + 1},{c + 1})={v}",
            f"make_move(<{case.label} puzzle>, ({r + 1}, {c + 1}), {v})",
            (rows(case.puzzle), (r + 1, c + 1), v),
            GridAfter(sudoku.placed(case.puzzle, r, c, v)),
            case.hidden,
        )
        for r, c in moves
        for v in [solved(case)[r][c]]
    ]


def undo_move(cases: Sequence[Case]) -> list[Probe]:
    case = first_puzzle(cases)
    full = solved(case)
    return [
        Probe(
            "undo_move",
            f"({r + 1},{c + 1})",
            f"undo_move(<{case.label} solution>, ({r + 1}, {c + 1}))",
            (rows(full), (r + 1, c + 1)),
            GridAfter(emptied(full, (r, c))),
            case.hidden,
        )
        for r, c in sudoku.empty_cells(case.puzzle)[-MOVES:]
    ]


def sudoku_solver(cases: Sequence[Case]) -> list[Probe]:
    return [
        Probe(
            "sudoku_solver",
            case.label,
            f"sudoku_solver(<{case.label} puzzle>)",
            (rows(case.puzzle),),
            Solves(case.puzzle, case.solution),
            case.hidden,
        )
        for case in usable(cases)
    ]


BUILDERS: dict[str, Builder] = {
    builder.__name__: builder
    for builder in (
        get_block_num,
        get_position_inside_block,
        get_block,
        get_row,
        get_column,
        find_first_unassigned_position,
        valid_list,
        valid_sudoku,
        get_candidates,
        make_move,
        undo_move,
        sudoku_solver,
    )
}
