"""A sanitizer's report read into a Finding: the first error, in words a student can act on.

The report is what the sanitizer build printed on stderr (the working copies' paths stripped by
the shape that ran it). Its first error is the finding: UndefinedBehaviorSanitizer's
`FILE:LINE:COLUMN: runtime error: MESSAGE`, or AddressSanitizer's `==PID==ERROR:
AddressSanitizer: KIND ...` with the access (`READ of size 4`), the stack and the memory it
touched (`[176, 500) 'grid' <== Memory access at offset 536 overflows this variable`). Where
UndefinedBehaviorSanitizer speaks first and AddressSanitizer then stops the program at the same
line (an index out of bounds, then the read it makes), the two are one finding: the index from
the first, whether it reads or writes and what lies there from the second.

Its place is the first frame in one of the student's files (never the teacher's driver, a
header or the C library); the expression is quoted from the student's own file at that line
(the subscript the column points at, when the report gives one), never from the report, and the
kind of error is one of a closed list, each said in words of our own. An error in none of the
student's files (the teacher's driver, a library) is not theirs to fix: the first error that is
in them is the finding. A program can print
anything on stderr, a report of its own making too: the most it can do is choose which of our
sentences its own feedback says. Every piece of student text is cleaned before it is kept.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from harness.text import one_line

Tool = Literal["AddressSanitizer", "UndefinedBehaviorSanitizer"]
Kind = Literal[
    "out-of-bounds",
    "use-after-free",
    "use-after-scope",
    "double-free",
    "bad-free",
    "null-pointer",
    "bad-address",
    "stack-overflow",
    "divide-by-zero",
    "integer-overflow",
    "bad-shift",
    "no-return",
    "too-much-memory",
    "other",
]
Access = Literal["reads", "writes", "uses"]

SHOWN = 80  # characters of a report's own words, or of an expression, kept
UBSAN = re.compile(
    r"^(?P<file>\S[^:]*):(?P<line>\d+):(?P<column>\d+): runtime error: (?P<said>.*)$"
)
ASAN = re.compile(r"^==\d+==ERROR: AddressSanitizer: (?P<said>.*)$")
FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ in (?P<rest>.*)$")
AT = re.compile(r"(?P<file>[^\s()]+):(?P<line>\d+)(?::\d+)?$")
ACCESS = re.compile(r"^(?P<access>READ|WRITE) of size (?P<size>\d+) ")
SIGNAL = re.compile(r"The signal is caused by a (?P<access>READ|WRITE) memory access")
ZERO_PAGE = "Hint: address points to the zero page"
REGION = re.compile(
    r" is located (?P<bytes>\d+) bytes (?P<side>to the right of|to the left of|inside of) "
    r"(?P<size>\d+)-byte region"
)
GLOBAL = re.compile(
    r" is located (?P<bytes>\d+) bytes (?P<side>to the right of|to the left of|inside of) "
    r"global variable '(?P<name>[A-Za-z_]\w*)'"
)
STACK_FRAME = re.compile(r"is located in stack of thread \S+ at offset (?P<offset>\d+) in frame")
VARIABLE = re.compile(
    r"^\s*\[(?P<start>\d+), (?P<end>\d+)\) '(?P<name>[A-Za-z_]\w*)'.*<== Memory access"
)
SUBSCRIPTED = re.compile(r"[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*(?:\s*\[[^\[\]\n]*\])+")
INDEX = re.compile(r"^index (?P<index>-?\d+) out of bounds for type '(?P<type>[^']{1,40})'")
OVERFLOW = re.compile(r"^(?:signed integer overflow: |negation of )(?P<what>.{1,60}) cannot be "
                      r"represented in type '(?P<type>[^']{1,30})'")  # fmt: skip

ASAN_KINDS: tuple[tuple[str, Kind], ...] = (  # the start of AddressSanitizer's words, in order
    ("heap-buffer-overflow", "out-of-bounds"),
    ("stack-buffer-overflow", "out-of-bounds"),
    ("stack-buffer-underflow", "out-of-bounds"),
    ("global-buffer-overflow", "out-of-bounds"),
    ("dynamic-stack-buffer-overflow", "out-of-bounds"),
    ("container-overflow", "out-of-bounds"),
    ("heap-use-after-free", "use-after-free"),
    ("stack-use-after-scope", "use-after-scope"),
    ("stack-use-after-return", "use-after-scope"),
    ("attempting double-free", "double-free"),
    ("attempting free on address which was not malloc", "bad-free"),
    ("alloc-dealloc-mismatch", "bad-free"),
    ("new-delete-type-mismatch", "bad-free"),
    ("stack-overflow", "stack-overflow"),
    ("FPE", "divide-by-zero"),
    ("SEGV", "bad-address"),
    ("BUS", "bad-address"),
    ("requested allocation size", "too-much-memory"),
    ("allocator is out of memory", "too-much-memory"),
    ("out of memory", "too-much-memory"),
    ("calloc parameters overflow", "too-much-memory"),
)
UBSAN_KINDS: tuple[tuple[str, Kind], ...] = (  # a word of UndefinedBehaviorSanitizer's message
    ("out of bounds for type", "out-of-bounds"),
    ("with insufficient space for an object", "out-of-bounds"),
    ("null pointer", "null-pointer"),
    ("division by zero", "divide-by-zero"),
    ("integer divide by zero", "divide-by-zero"),
    ("cannot be represented in type", "integer-overflow"),
    ("shift exponent", "bad-shift"),
    ("left shift of", "bad-shift"),
    ("without returning a value", "no-return"),
)


@dataclass(frozen=True)
class Place:
    file: str  # the student's file, relative to their submission
    line: int
    column: int = 0  # 0: not said


@dataclass(frozen=True)
class Finding:
    """The first error of a sanitizer's report, said for a student: `text` in a line, `detail`
    (what the memory was) besides."""

    tool: Tool
    kind: Kind
    words: str  # "reads `sudoku[i][j]` out of bounds (j = 9)"
    detail: str = ""  # "index 9 of an int [9]; 36 bytes past the end of the driver's `grid`"
    place: Place | None = None  # in the student's files (None: in none of them)

    @property
    def text(self) -> str:
        """`UndefinedBehaviorSanitizer: reads ... at sudoku.c line 56`."""
        where = f" at {self.place.file} line {self.place.line}" if self.place else ""
        return one_line(f"{self.tool}: {self.words}{where}")  # a file's name is the student's


@dataclass(frozen=True)
class _Error:
    """One error of a report, as read (before it is worded)."""

    tool: Tool
    kind: Kind
    said: str  # the report's own words (the message, or the kind), cleaned and cut
    access: Access = "uses"
    place: Place | None = None
    index: int | None = None  # UndefinedBehaviorSanitizer's index out of bounds
    memory: str = ""  # what the access touched: "36 bytes past the end of `grid`"
    null: bool = False  # the address is in the zero page


def first_finding(report: bytes, sources: Mapping[str, str]) -> Finding | None:
    """The report's first error in the student's files, worded (None: there is none). `sources`:
    the student's files (relative path -> text), where the place must be and the expression is
    quoted from."""
    errors = list(_errors(report.decode("utf-8", "replace").splitlines(), sources))
    theirs = [i for i, error in enumerate(errors) if error.place is not None]
    if not theirs:
        return None  # none in the student's files: not theirs to fix (a driver's, a library's)
    first = _merged(errors[theirs[0]], errors[theirs[0] + 1 :])
    return _worded(first, sources)


def _errors(lines: Sequence[str], sources: Mapping[str, str]) -> Iterator[_Error]:
    starts = [i for i, line in enumerate(lines) if UBSAN.match(line) or ASAN.match(line)]
    ends = [*starts[1:], len(lines)] if starts else []
    for start, end in zip(starts, ends, strict=True):
        block = lines[start:end]
        yield _ubsan(block, sources) if UBSAN.match(block[0]) else _asan(block, sources)


def _ubsan(block: Sequence[str], sources: Mapping[str, str]) -> _Error:
    found = UBSAN.match(block[0])
    assert found is not None
    said = found["said"]
    file = _relative(found["file"])
    place = Place(file, int(found["line"]), int(found["column"])) if file in sources else None
    index = INDEX.match(said)
    access: Access = "reads" if said.startswith("load") else "uses"
    access = "writes" if said.startswith("store") else access
    return _Error(
        "UndefinedBehaviorSanitizer",
        _kind(said, UBSAN_KINDS, contains=True),
        _cut(said),
        access,
        place or _first_frame(block[1:], sources),
        int(index["index"]) if index else None,
    )


def _asan(block: Sequence[str], sources: Mapping[str, str]) -> _Error:
    found = ASAN.match(block[0])
    assert found is not None
    said = found["said"]
    access: Access = "uses"
    for line in block[1:]:
        matched = ACCESS.match(line) or SIGNAL.search(line)
        if matched:
            access = "reads" if matched["access"] == "READ" else "writes"
            break
    return _Error(
        "AddressSanitizer",
        _kind(said, ASAN_KINDS),
        _cut(said.split(" on ")[0]),
        access,
        _first_frame(_first_stack(block[1:]), sources),
        memory=_memory(block, sources),
        null=any(ZERO_PAGE in line for line in block),
    )


def _kind(said: str, kinds: Sequence[tuple[str, Kind]], contains: bool = False) -> Kind:
    for words, kind in kinds:
        if (words in said) if contains else said.startswith(words):
            return kind
    return "other"


def _first_stack(lines: Sequence[str]) -> list[str]:
    """The frames of the stack the error happened on: the first run of frames."""
    frames: list[str] = []
    for line in lines:
        if FRAME.match(line):
            frames.append(line)
        elif frames:
            break
    return frames


def _first_frame(lines: Sequence[str], sources: Mapping[str, str]) -> Place | None:
    """The first frame in one of the student's files."""
    for line in lines:
        frame = FRAME.match(line)
        at = AT.search(frame["rest"]) if frame else None
        if at is not None and _relative(at["file"]) in sources:
            return Place(_relative(at["file"]), int(at["line"]))
    return None


def _relative(path: str) -> str:
    """A file as a report names it, as the student's files are named: `./x.c` as `x.c`."""
    return posixpath.normpath(path) if path else path


def _memory(block: Sequence[str], sources: Mapping[str, str]) -> str:
    """What the access touched, in words: the stack variable, the heap block, the global."""
    for i, line in enumerate(block):
        if (stack := STACK_FRAME.search(line)) is not None:
            return _stack_variable(int(stack["offset"]), block[i + 1 :], sources)
        if (region := REGION.search(line)) is not None:
            return _beside(int(region["bytes"]), region["side"], f"a {region['size']}-byte block")
        if (found := GLOBAL.search(line)) is not None:
            return _beside(int(found["bytes"]), found["side"], f"the global `{found['name']}`")
    return ""


def _stack_variable(offset: int, lines: Sequence[str], sources: Mapping[str, str]) -> str:
    frame = _first_frame(lines[:1], sources)
    for line in lines:
        if (found := VARIABLE.match(line)) is not None:
            start, end = int(found["start"]), int(found["end"])
            whose = "" if frame is not None else "the caller's "
            name = f"{whose}`{found['name']}`, on the stack"
            if offset >= end:
                return _beside(offset - end, "to the right of", name)
            if offset < start:
                return _beside(start - offset, "to the left of", name)
            return _beside(offset - start, "inside of", name)
    return ""


def _beside(count: int, side: str, what: str) -> str:
    if side == "inside of":
        return f"{count} bytes into {what}" if count else f"at the start of {what}"
    where = "past the end of" if side == "to the right of" else "before the start of"
    return f"{'just' if count == 0 else f'{count} bytes'} {where} {what}"


def _merged(first: _Error, rest: Sequence[_Error]) -> _Error:
    """UndefinedBehaviorSanitizer's error with those that follow it at the same place, until
    one elsewhere: whether it reads or writes (its own load or store, or AddressSanitizer's),
    and what it touched (AddressSanitizer's)."""
    if first.tool != "UndefinedBehaviorSanitizer" or first.place is None:
        return first
    same = (first.place.file, first.place.line)
    merged = first
    for later in rest:
        if later.place is None or (later.place.file, later.place.line) != same:
            break
        if merged.access == "uses":
            merged = replace(merged, access=later.access)
        if later.tool == "AddressSanitizer":
            return replace(merged, memory=_agreeing(first, later.memory))
    return merged


def _agreeing(error: _Error, memory: str) -> str:
    """What AddressSanitizer says the access touched, where it agrees with the index: past the
    end for an index too large (it may name the next global instead), before the start for one
    below 0."""
    if error.index is None:
        return memory
    side = "before the start of" if error.index < 0 else "past the end of"
    return memory if side in memory else ""


def _worded(error: _Error, sources: Mapping[str, str]) -> Finding:
    quoted = _expression(error.place, sources)
    words = _words(error, quoted)
    detail = "; ".join(part for part in (_index_detail(error), error.memory) if part)
    return Finding(error.tool, error.kind, one_line(words), one_line(detail), error.place)


def _words(error: _Error, quoted: _Quoted | None) -> str:
    """What the program does wrong, in a sentence's predicate."""
    verb, kind = error.access, error.kind
    what = f"`{quoted.expression}`" if quoted else ""
    if kind == "out-of-bounds":
        parts = (verb, what, "out of bounds", _subscript(error, quoted))
        return " ".join(part for part in parts if part)
    if kind == "use-after-free":
        return f"{verb} {what or 'memory'} after it was freed"
    if kind == "use-after-scope":
        return f"{verb} {what or 'a local variable'} after it went out of scope"
    if kind == "null-pointer" or (kind == "bad-address" and error.null):
        return "uses a null pointer" if verb == "uses" else f"{verb} through a null pointer"
    simple: dict[Kind, str] = {
        "double-free": "frees the same memory twice",
        "bad-free": "frees memory that was not allocated that way",
        "bad-address": f"{verb} an invalid address",
        "stack-overflow": "overflows the stack (recursion too deep, or local arrays too large)",
        "divide-by-zero": "divides by zero",
        "bad-shift": f"shifts out of range ({error.said})",
        "no-return": "reaches the end of a function without returning a value",
        "too-much-memory": "asks for more memory than it may have",
    }
    if kind in simple:
        return simple[kind]
    if kind == "integer-overflow" and (found := OVERFLOW.match(error.said)) is not None:
        return f"overflows an {found['type']}: {found['what']}"
    return f"has undefined behaviour ({error.said})"


def _subscript(error: _Error, quoted: _Quoted | None) -> str:
    if error.index is None:
        return ""
    if quoted is not None and quoted.subscript:
        return f"({quoted.subscript} = {error.index})"
    return f"(index {error.index})"


def _index_detail(error: _Error) -> str:
    found = INDEX.match(error.said) if error.index is not None else None
    return f"index {found['index']} of an {found['type']}" if found else ""


@dataclass(frozen=True)
class _Quoted:
    expression: str  # `sudoku[i][j]`
    subscript: str = ""  # the one the report's column points at: `j`


def _expression(place: Place | None, sources: Mapping[str, str]) -> _Quoted | None:
    """The subscripted expression at the place, from the student's own file: the one under
    the column, else the only one on the line."""
    if place is None:
        return None
    lines = sources.get(place.file, "").splitlines()
    if not 0 < place.line <= len(lines):
        return None
    text = lines[place.line - 1]
    found = list(SUBSCRIPTED.finditer(text))
    if place.column:
        column = place.column - 1
        for match in found:
            if match.start() <= column < match.end():
                return _Quoted(_cut(match[0]), _bracket(text, column, match.start(), match.end()))
    if len({match[0] for match in found}) == 1:
        return _Quoted(_cut(found[0][0]))
    return None


def _bracket(text: str, column: int, start: int, end: int) -> str:
    """The subscript the column points at, in the expression at text[start:end]: the inside of
    the brackets it is on (gcc points at the `[` of the index in C, at its `]` in C++)."""
    opened = text.find("[", start, end)
    while opened >= 0:
        closed = text.find("]", opened, end)
        if closed < 0:
            return ""
        if opened <= column <= closed:
            return _cut(text[opened + 1 : closed].strip())
        opened = text.find("[", closed, end)
    return ""


def _cut(text: str) -> str:
    text = one_line(text).strip()
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."
