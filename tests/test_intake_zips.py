"""Hostile zips are refused whole, in one line naming the zip, the entry and the rule, before
any byte of them lands outside the run's private folder (harness/intake/zips.py)."""

from __future__ import annotations

import io
import os
import stat
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import BadInput, ExitCode
from harness.intake import opened
from harness.limits import IntakeLimits
from harness.submissions import discover
from tests.archives import WHEN, add, built, utc
from tests.conftest import REPO
from tests.test_bad_input import assert_one_line_error

ESCAPES = ["../evil.py", "/tmp/evil.py", "C:/evil.py", "a/../../evil.py", "..\\evil.py"]


def refused(download: Path, limits: IntakeLimits | None = None) -> str:
    """The one-line error opening the download gives; nothing left of it afterwards."""
    with pytest.raises(BadInput) as caught, opened(download, limits or IntakeLimits()):
        pass
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(str(download)), message
    return message


def around(tmp_path: Path) -> list[Path]:
    return sorted(tmp_path.parent.rglob("evil*"))


@pytest.mark.parametrize("name", ESCAPES)
def test_an_entry_outside_the_folder_is_refused(tmp_path: Path, name: str) -> None:
    download = built(tmp_path / "escape.zip", {"alice/a2.py": b"x = 1\n", name: b"owned\n"})
    message = refused(download)
    assert f"entry {name!r} would be written outside the folder" in message
    assert around(tmp_path) == []


def test_a_symbolic_link_is_refused(tmp_path: Path) -> None:
    download = tmp_path / "links.zip"
    with zipfile.ZipFile(download, "w") as archive:
        add(archive, "alice/a2.py", b"x = 1\n")
        add(archive, "alice/secrets", b"/etc/shadow", mode=stat.S_IFLNK | 0o777)
    assert "entry 'alice/secrets' is a symbolic link: refused" in refused(download)


def test_a_device_is_refused(tmp_path: Path) -> None:
    download = tmp_path / "fifo.zip"
    with zipfile.ZipFile(download, "w") as archive:
        add(archive, "alice/pipe", b"", mode=stat.S_IFIFO | 0o644)
    assert "entry 'alice/pipe' is neither a file nor a folder" in refused(download)


def test_a_bomb_by_ratio_is_refused_before_it_is_written(tmp_path: Path) -> None:
    download = built(tmp_path / "bomb.zip", {"alice/a2.py": b"x = 1\n", "alice/z": bytes(8 << 20)})
    assert download.stat().st_size < 64 << 10
    message = refused(download)
    assert "entry 'alice/z' expands" in message
    assert "(more than intake.ratio 200): a zip bomb, refused" in message


def test_a_download_past_its_size_cap_is_refused(tmp_path: Path) -> None:
    download = built(
        tmp_path / "big.zip", {"a/x": os.urandom(700 << 10), "b/y": os.urandom(700 << 10)}
    )
    message = refused(download, IntakeLimits(total_mb=1))
    assert "entry 'b/y' takes the download past intake.total_mb 1 MiB once extracted" in message


def test_too_many_entries_are_refused(tmp_path: Path) -> None:
    download = built(tmp_path / "many.zip", {f"s{n}/a.py": b"" for n in range(6)})
    assert "more entries than the download may hold (intake.entries 5)" in refused(
        download, IntakeLimits(entries=5)
    )


def test_a_bomb_in_a_students_zip_is_refused_naming_both(tmp_path: Path) -> None:
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as archive:
        add(archive, "z", bytes(8 << 20))
    download = built(tmp_path / "class.zip", {"alice/alice.zip": inner.getvalue()})
    assert f"{download}!alice/alice.zip: entry 'z' expands" in refused(download)


def test_a_zip_in_a_students_zip_is_left_as_it_is(tmp_path: Path) -> None:
    innermost = built(tmp_path / "innermost.zip", {"deep.py": b"x = 1\n"})
    inner = built(tmp_path / "inner.zip", {"a2.py": b"x = 1\n", "lib.zip": innermost.read_bytes()})
    download = built(tmp_path / "class.zip", {"alice/alice.zip": inner.read_bytes()})
    with opened(download, IntakeLimits()) as extracted:
        alice = extracted.root / "alice"
        assert sorted(p.relative_to(alice).as_posix() for p in alice.rglob("*")) == [
            "alice",
            "alice/a2.py",
            "alice/lib.zip",
        ]


def test_an_entry_twice_is_refused(tmp_path: Path) -> None:
    download = tmp_path / "twice.zip"
    with zipfile.ZipFile(download, "w") as archive:
        add(archive, "alice/a2.py", b"x = 1\n")
        with pytest.warns(UserWarning, match="Duplicate name"):
            add(archive, "alice/a2.py", b"x = 2\n")
    assert "entry 'alice/a2.py' cannot be extracted: another entry has its name" in refused(
        download
    )


def test_what_is_not_a_zip_says_so(tmp_path: Path) -> None:
    download = tmp_path / "class.zip"
    download.write_text("PK? no.\n")
    assert "not a zip file, or a damaged one" in refused(download)


def test_a_damaged_entry_says_so(tmp_path: Path) -> None:
    download = built(tmp_path / "class.zip", {"alice/a2.py": b"print(1)\n" * 1000})
    data = bytearray(download.read_bytes())
    start = data.index(b"alice/a2.py") + len("alice/a2.py") + 10  # into the deflated bytes
    data[start : start + 20] = bytes(b ^ 0xFF for b in data[start : start + 20])
    download.write_bytes(data)
    assert "not a zip file, or a damaged one (Error -3 while decompressing" in refused(download)


def test_files_get_the_zips_times_and_private_modes(tmp_path: Path) -> None:
    download = tmp_path / "times.zip"
    with zipfile.ZipFile(download, "w") as archive:
        add(archive, "alice/a2.py", b"x = 1\n", WHEN)
        info = zipfile.ZipInfo("bob/a2.py", date_time=WHEN)
        info.extra = b"UT\x05\x00\x01" + (1_700_000_000).to_bytes(4, "little")  # UTC, exact
        archive.writestr(info, b"x = 2\n")
        add(archive, "__MACOSX/alice/._a2.py", b"\0\5\26\7")
    with opened(download, IntakeLimits()) as extracted:
        alice, bob = (extracted.root / name / "a2.py" for name in ("alice", "bob"))
        assert utc_of(alice) == utc(WHEN)
        assert bob.stat().st_mtime == 1_700_000_000
        assert oct(alice.stat().st_mode & 0o777) == oct(0o600)
        assert oct(alice.parent.stat().st_mode & 0o777) == oct(0o700)
        assert not (extracted.root / "__MACOSX").exists()


def utc_of(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")


def test_grade_refuses_a_hostile_zip_in_one_line(tmp_path: Path) -> None:
    """Before anything is graded: the error names the zip and the entry; exit code 2."""
    download = built(tmp_path / "class.zip", {"alice/a2.py": b"x = 1\n", "../evil.py": b"x\n"})
    config = str(REPO / "config.yaml")
    result = CliRunner().invoke(
        app, ["grade", str(download), "-a", "sudoku-functions", "--config", config]
    )
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert_one_line_error(result.output, str(download), "'../evil.py'", "outside the folder")
    assert around(tmp_path) == []


def test_discover_is_not_fooled_by_macos_folders(tmp_path: Path) -> None:
    for name in ("alice", "__MACOSX"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "a2.py").write_text("x = 1\n")
    assert [s.name for s in discover(tmp_path, (".py",))] == ["alice"]
