"""The memory an executable maps before it runs, read from its ELF program headers (image.py):
what `size` reports for real binaries, the sum of PT_LOAD p_memsz for made-up 32- and 64-bit
headers of either byte order, and nothing (None) for whatever is not a regular ELF file, read
without following links or blocking on a pipe."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from harness.sandbox.image import PT_LOAD, image_bytes

STATIC_ARRAY = """
#include <cstdio>
char memo[%d];
int main() { std::printf("%%d\\n", memo[std::getchar() & 1023]); return 0; }
"""


def _elf(elf_class: int, order: str, segments: list[tuple[int, int]]) -> bytes:
    """A made-up ELF header and program header table: (p_type, p_memsz) per segment."""
    wide = elf_class == 2
    ident = b"\x7fELF" + bytes([elf_class, 1 if order == "<" else 2, 1]) + bytes(9)
    header_size, entry = (64, 56) if wide else (52, 32)
    if wide:
        header = ident + struct.pack(
            order + "HHIQQQIHHH", 2, 62, 1, 0, header_size, 0, 0, 64, entry, len(segments)
        )
    else:
        header = ident + struct.pack(
            order + "HHIIIIIHHH", 2, 3, 1, 0, header_size, 0, 0, 52, entry, len(segments)
        )
    header += bytes(header_size - len(header))
    table = b""
    for kind, memsz in segments:
        if wide:
            table += struct.pack(order + "IIQQQQQQ", kind, 6, 0, 0, 0, 0, memsz, 4096)
        else:
            table += struct.pack(order + "IIIIIIII", kind, 0, 0, 0, 0, memsz, 6, 4096)
    return header + table


@pytest.mark.parametrize("elf_class", [1, 2])
@pytest.mark.parametrize("order", ["<", ">"])
def test_the_loadable_segments_are_summed(tmp_path: Path, elf_class: int, order: str) -> None:
    binary = tmp_path / "program"
    segments = [(PT_LOAD, 4096), (3, 1 << 30), (PT_LOAD, 6 << 30 if elf_class == 2 else 3 << 30)]
    binary.write_bytes(_elf(elf_class, order, segments))
    assert image_bytes(binary) == 4096 + (6 << 30 if elf_class == 2 else 3 << 30)


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_a_static_array_counts_as_size_reports_it(tmp_path: Path) -> None:
    source = tmp_path / "main.cpp"
    source.write_text(STATIC_ARRAY % (6 << 30))
    binary = tmp_path / "program"
    subprocess.run(["g++", "-O2", "-o", str(binary), str(source)], check=True, timeout=120)
    size = subprocess.run(["size", str(binary)], capture_output=True, text=True, check=False)
    measured = image_bytes(binary)
    assert measured is not None and 6 << 30 < measured < (6 << 30) + (1 << 20)
    if size.returncode == 0:  # binutils' `size`: text + data + bss, rounded differently
        total = int(size.stdout.splitlines()[1].split()[3])
        assert abs(measured - total) < 1 << 16


def test_what_is_not_a_regular_elf_file_has_no_image(tmp_path: Path) -> None:
    script = tmp_path / "main.py"
    script.write_text("print(1)\n")
    truncated = tmp_path / "truncated"
    truncated.write_bytes(_elf(2, "<", [(PT_LOAD, 4096)])[:70])
    cut_header = tmp_path / "cut-header"
    cut_header.write_bytes(b"\x7fELF\x02\x01")
    link = tmp_path / "link"
    link.symlink_to(Path("/bin/true").resolve())
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opened without blocking, and refused: not a regular file
    for path in (script, truncated, cut_header, link, fifo, tmp_path, tmp_path / "missing"):
        assert image_bytes(path) is None, path
    assert (image_bytes(Path("/bin/true").resolve()) or 0) > 0
