"""What passes between the harness and a program on each run (config.yaml's `program.input` and
`program.output`, harness/program_io.py): the puzzle in, on stdin, as an argument, or as a file
written into the run's working copy and named as the argument; the answer out, from stdout or
from a file the program writes in its working copy.

What a program wrote is never trusted. Its output file is read only from its own working copy,
opened without following a link (a link to the teacher's files is refused, not read), only when
it is a regular file with no other name (not a hard link either), and capped like stdout: past
the cap it is an output limit, and no more of it is read.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from dataclasses import dataclass, replace
from pathlib import Path

from harness.program_io import ProgramIo
from harness.records.outcomes import CallOutcome

OPEN_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
OPEN_WRITE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
READ_ONLY = 0o444  # the input file, as every file of the run's copy
SHOWN_FILES = 3  # other files a run wrote, named in its feedback


class NotGiven(Exception):
    """The input file cannot be written: the submission holds a folder of that name."""


@dataclass(frozen=True)
class Given:
    """How one run is started: its command line and its stdin."""

    argv: tuple[str, ...]
    stdin: bytes


def given(run: tuple[str, ...], text: str, io: ProgramIo, here: Path) -> Given:
    """The run command and stdin that give the program `text` as `io.input` says (writing the
    input file into `here`, the run's working copy, first). An output file the submission
    handed in (a run at home) goes first: only what this run writes is its answer."""
    if io.output == "file":
        clear_output(here, io.output_file)
    if io.input == "stdin":
        return Given(run, text.encode())
    if io.input == "argument":
        return Given((*run, text.removesuffix("\n")), b"")
    write_input(here, io.input_file, text)
    return Given((*run, io.input_file), b"")


def clear_output(folder: Path, name: str) -> None:
    """No `name` in `folder`: the submission's own file or link by that name is removed (a
    folder by that name stays, and the run's answer is then no regular file)."""
    where = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=where)
    finally:
        os.close(where)


def write_input(folder: Path, name: str, text: str) -> None:
    """`name` in `folder`, holding `text`, read-only; a file or link of the submission's own by
    that name is replaced (the puzzle is the harness's)."""
    where = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        try:
            os.unlink(name, dir_fd=where)
        except FileNotFoundError:
            pass
        except OSError as err:  # a folder by that name
            raise NotGiven(f"cannot write the puzzle to {name}: {err.strerror}") from None
        written = os.open(name, OPEN_WRITE, READ_ONLY, dir_fd=where)
        with os.fdopen(written, "w", encoding="utf-8") as out:
            out.write(text)
    finally:
        os.close(where)


@dataclass(frozen=True)
class Written:
    """A program's output file as read: its text, or why there is none (`over`: larger than
    the cap, so not read)."""

    text: str | None = None
    problem: str = ""
    over: bool = False


def read_output(folder: Path, name: str, cap: int) -> Written:
    """`name` in `folder`, read defensively: at most `cap` bytes, never through a link."""
    try:
        where = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as err:
        return Written(problem=f"its working folder could not be read ({err.strerror})")
    try:
        return _read_in(where, name, cap)
    finally:
        os.close(where)


def _read_in(where: int, name: str, cap: int) -> Written:
    try:
        fd = os.open(name, OPEN_READ, dir_fd=where)
    except FileNotFoundError:
        return Written(problem=f"wrote no {name} in its working folder")
    except OSError as err:
        if err.errno == errno.ELOOP:  # O_NOFOLLOW met a symbolic link
            return Written(problem=f"{name} is a link: not followed, not read")
        return Written(problem=f"{name} could not be read ({err.strerror})")
    with os.fdopen(fd, "rb") as file:
        problem = _not_plain(os.fstat(file.fileno()), name)
        if problem:
            return Written(problem=problem)
        data = file.read(cap + 1)
    if len(data) > cap:
        return Written(over=True)
    return Written(data.decode("utf-8", "replace"))


def _not_plain(found: os.stat_result, name: str) -> str:
    if not stat.S_ISREG(found.st_mode):
        return f"{name} is not a regular file: not read"
    if found.st_nlink > 1:
        return f"{name} has another name (a hard link): not read"
    return ""


def entries(folder: Path) -> frozenset[str]:
    """The names in a run's working copy, before it runs (to tell what it wrote beside its
    answer)."""
    try:
        return frozenset(os.listdir(folder))
    except OSError:
        return frozenset()


def answered(
    outcome: CallOutcome, io: ProgramIo, here: Path, cap: int, before: frozenset[str] = frozenset()
) -> CallOutcome:
    """The run's outcome with its answer: stdout as it is, or the output file read from `here`
    (its working copy) in its place. Its message then says, a line each, what was read
    through: another exit status (`exit_status: any`), a stdout, other files written (the
    names not in `before`): none of them judged."""
    if io.output == "stdout" or not _judged(outcome, io):
        return outcome
    name = io.output_file
    found = read_output(here, name, cap)
    if found.over:
        said = f"wrote more than {cap >> 10} KiB to {name}"
        return replace(outcome, kind="output_limit", value=None, output=said)
    if found.text is None:
        return replace(outcome, value=None, message=found.problem) if _clean(outcome) else outcome
    notes = (_ended(outcome, name), _printed(outcome, name), _others(here, before, name))
    said = "\n".join(note for note in notes if note)
    return replace(outcome, kind="returned", value=found.text, message=said, error_type="")


def _ended(outcome: CallOutcome, name: str) -> str:
    if _clean(outcome):
        return ""
    ended = f"exited with status {outcome.exit_code} after writing {name}"
    return f"{ended}: judged on it all the same (the handout says nothing of exit codes)"


def _printed(outcome: CallOutcome, name: str) -> str:
    printed = isinstance(outcome.value, str) and outcome.value.strip()
    return f"printed to stdout too: only {name} is judged" if printed else ""


def _others(here: Path, before: frozenset[str], name: str) -> str:
    new = sorted(entries(here) - before - {name})
    if not new:
        return ""
    shown = ", ".join(new[:SHOWN_FILES]) + (", ..." if len(new) > SHOWN_FILES else "")
    return f"wrote other files too ({shown}): only {name} is judged"


def _clean(outcome: CallOutcome) -> bool:
    return outcome.kind == "returned"


def _judged(outcome: CallOutcome, io: ProgramIo) -> bool:
    """Whether the run's file is judged: it ended by itself, with status 0, or with any status
    when the assignment says the handout leaves exit codes open."""
    exited = outcome.kind == "crashed" and not outcome.signal and bool(outcome.exit_code)
    return _clean(outcome) or (io.exit_status == "any" and exited)
