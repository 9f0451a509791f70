"""The teacher's files (--extensions, --timestamps, --adjustments): every problem is one line
naming the file, the line and the column."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest

from harness.errors import BadInput
from harness.grading.adjust.extensions import read_extensions
from harness.grading.adjust.overrides import read_overrides
from harness.grading.adjust.timestamps import read_timestamps

ITEMS = {"get_block_num": 10.0, "get_row": 9.0}
Reader = Callable[[Path], tuple[object, ...]]
READERS: dict[str, Reader] = {
    "extensions": read_extensions,
    "timestamps": read_timestamps,
    "adjustments": lambda path: read_overrides(path, ITEMS),
}


def write(tmp_path: Path, data: str | bytes) -> Path:
    path = tmp_path / "file.csv"
    if isinstance(data, str):
        path.write_text(data)
    else:
        path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("reader", "data", "error"),
    [
        ("adjustments", "", ":1: no 'student' column"),
        ("adjustments", "student,item,mark\n", ":1: unknown column 'mark' (known: student, item,"),
        ("adjustments", "student,delta,Delta\n", ":1: the column 'delta' is there twice"),
        ("timestamps", "student\njane\n", ":1: no 'submitted_at' column"),
        ("adjustments", b"student,delta\n\xff,1\n", ":2: not UTF-8 text (byte 15)"),
        ("adjustments", "student,delta\njane,1,2\n", ":2: a value in column 3, which the first"),
        ("adjustments", "student,,delta\njane,1,2\n", ":2: a value in column 2, which the first"),
        ("adjustments", "student,delta\n\njane,ten\n", ":3: delta: 'ten' is not a number"),
        ("adjustments", "student,delta\njane,nan\n", ":2: delta: 'nan' is not a finite number"),
        ("adjustments", "student,marks,delta\njane,1,2\n", ":2: marks: both marks and a delta"),
        ("adjustments", "student,item,comment\njane,get_row,x\n", ":2: marks: neither marks nor"),
        (
            "adjustments",
            "student,item,delta\njane,get_rows,1\n",
            ":2: item: 'get_rows' is not an item",
        ),
        ("adjustments", "student,marks\njane,-1\n", ":2: marks: -1 is below 0"),
        (
            "adjustments",
            "student,item,marks\njane,get_row,12\n",
            ":2: marks: 12 is above get_row's 9",
        ),
        ("extensions", "student,hours\njane,0\n", ":2: hours: 0 extra hours: give more than 0"),
        ("extensions", "student,due,hours\njane,,\n", ":2: due: neither a new due date nor"),
        ("extensions", "student,due\njane,2026-03-09\n", ":2: due: '2026-03-09' is not a date"),
        ("timestamps", "student,submitted_at\njane,\n", ":2: submitted_at: empty"),
        ("timestamps", "student,submitted_at\njane,2026-03-09 10:00\n", ":2: submitted_at: "),
    ],
)
def test_a_bad_file_is_one_line_naming_file_line_and_column(
    reader: str, data: str | bytes, error: str, tmp_path: Path
) -> None:
    path = write(tmp_path, data)
    with pytest.raises(BadInput) as caught:
        READERS[reader](path)
    message = str(caught.value)
    assert message.startswith(f"{path}:"), message
    assert error in message and "\n" not in message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"nope.csv: file not found"):
        read_extensions(tmp_path / "nope.csv")


def test_a_spreadsheets_file_reads_as_written(tmp_path: Path) -> None:
    """A byte-order mark, columns in any case and order, blank rows and empty trailing cells,
    a comment over two lines."""
    data = (
        "\ufeffComment , Delta,STUDENT,item,\r\n"
        "\r\n"
        '"late work,\r\nsee mail",-2,jane,get_row,,\r\n'
        ",,,\r\n"
        "bonus,+1.5,raj,\r\n"
    )
    jane, raj = read_overrides(write(tmp_path, data), ITEMS)
    assert (jane.row.where.rsplit(":", 1)[1], jane.item, jane.delta) == ("3", "get_row", -2)
    assert jane.comment == "late work,\r\nsee mail"
    assert (raj.row.where.rsplit(":", 1)[1], raj.item, raj.delta, raj.marks) == (
        "6",
        None,
        1.5,
        None,
    )


def test_extensions_and_timestamps_are_read(tmp_path: Path) -> None:
    hours, due = read_extensions(
        write(tmp_path, "student,due,hours,comment\njane,,36,flu\nraj,2026-03-09T12:00Z,,\n")
    )
    assert (hours.hours, hours.due, due.hours) == (36, None, None)
    assert due.due == datetime(2026, 3, 9, 12, 0, tzinfo=timezone.utc)
    [stamp] = read_timestamps(
        write(tmp_path, "student,submitted_at\njane,2026-03-04T10:00+01:00\n")
    )
    assert stamp.at == datetime(2026, 3, 4, 9, 0, tzinfo=timezone.utc)
