"""Reading what a student process sent back into raw outcomes (harness/records/outcomes.py).

Every reply is untrusted: anything that is not a well-formed reply is a protocol error, the
student's, never the harness's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from harness.records.outcomes import (
    OUTPUT_CHARS,
    SOURCE_CHARS,
    Adapted,
    CallOutcome,
    LoadOutcome,
    Skipped,
    SourceLine,
)
from harness.sandbox.child import codec
from harness.sandbox.process import Exchange
from harness.sandbox.program import ProgramRun
from harness.sandbox.quota import DiskCheck


def call_outcome(exchange: Exchange) -> CallOutcome:
    return replace(
        _noted(_what_happened(exchange), exchange.disk),
        output=exchange.output.decode("utf-8", "replace")[:OUTPUT_CHARS],
        seconds=exchange.wall,
        cpu_seconds=exchange.cpu,
        memory=exchange.memory,
    )


def _noted(outcome: CallOutcome, disk: DiskCheck) -> CallOutcome:
    """A failure beside a full working copy says so: the student's ENOSPC is explained."""
    if not disk.note or disk.over or outcome.kind not in ("raised", "crashed"):
        return outcome
    if outcome.kind == "crashed" and not outcome.message:
        return outcome
    said = f"{outcome.message} ({disk.note})" if outcome.message else disk.note
    return replace(outcome, message=said)


def load_outcome(exchange: Exchange) -> LoadOutcome:
    reply = exchange.reply
    if exchange.disk.over:
        return LoadOutcome("crashed", message=f"importing the module {exchange.disk.note}")
    if exchange.timed_out:
        return LoadOutcome("timeout", message="importing the module did not finish in time")
    if reply is None:
        ending = exchange.ending
        how = _ending_text(ending.code, ending.signal_name) if ending else "did not reply"
        memory = exchange.memory
        why = f" ({memory.detail})" if memory is not None and memory.exceeded(True) else ""
        message = f"the interpreter {how} while importing the module{why}"
        return LoadOutcome("crashed", message=message)
    if reply.get("ok") is True:
        return _loaded(reply)
    return _load_failure(reply)


def _loaded(reply: dict[str, Any]) -> LoadOutcome:
    try:
        names = frozenset(_strings(reply["names"]))
        members = {
            str(k): frozenset(_strings(v)) for k, v in dict(reply.get("members", {})).items()
        }
        skipped = tuple(_skipped(item) for item in reply.get("skipped", []))
        imported = {
            str(k): str(v)[:100] for k, v in dict(reply.get("imported", {})).items() if k in members
        }
    except Exception as err:  # untrusted data: any way of not parsing is the student's
        return _broken_while_loading(f"{type(err).__name__}: {err}"[:200])
    return LoadOutcome("loaded", names=names, members=members, skipped=skipped, imported=imported)


def _strings(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise ValueError("expected a list of names")
    return value


def _skipped(item: Any) -> Skipped:
    line, statement = item.get("line"), item.get("statement")
    return Skipped(
        str(item["type"]),
        str(item.get("message", "")),
        line if isinstance(line, int) else None,
        statement if isinstance(statement, int) else 0,
    )


def _load_failure(reply: dict[str, Any]) -> LoadOutcome:
    message = str(reply.get("message", ""))
    line = reply.get("line") if isinstance(reply.get("line"), int) else None
    kind = reply.get("kind")
    source = _source(reply.get("source"), line)
    if kind == "syntax":
        return LoadOutcome(
            "syntax", error_type="SyntaxError", message=message, line=line, source=source
        )
    if kind == "import":
        error_type = str(reply.get("type", ""))
        return LoadOutcome(
            "import", error_type=error_type, message=message, line=line, source=source
        )
    return _broken_while_loading(f"a reply claiming {str(kind)[:40]!r}")


def _source(source: Any, line: int | None) -> SourceLine | None:
    """The line a load failure points at, as the child read it: kept only when it is text (cut
    to size, on one line) beside a line number; a column or file that is not plain is dropped."""
    if line is None or line < 1 or not isinstance(source, dict):
        return None
    text, column, file = source.get("text"), source.get("column"), source.get("file")
    if not isinstance(text, str) or not text.strip():
        return None
    column = column if isinstance(column, int) and 0 < column <= SOURCE_CHARS + 1 else 0
    file = file if isinstance(file, str) and re.fullmatch(r"[\w.-]{1,100}", file) else ""
    shown = text.replace("\r", " ").replace("\n", " ")[:SOURCE_CHARS]
    return SourceLine(line, shown, column, file)


def _broken_while_loading(what: str) -> LoadOutcome:
    """Student code wrote on the reply channel while loading: its failure, whatever it claimed
    (the worker confirmed its limits before any student code ran, so nothing later is ours)."""
    message = f"the module broke the harness's reply channel while loading ({what})"
    return LoadOutcome("import", error_type="ProtocolError", message=message)


def _what_happened(exchange: Exchange) -> CallOutcome:
    if exchange.disk.over:
        return CallOutcome("disk_limit", message=exchange.disk.note)
    if exchange.timed_out:
        return CallOutcome("timeout")
    if exchange.output_overflow:
        return CallOutcome("output_limit")
    if exchange.reply_overflow:
        return CallOutcome("reply_limit")
    if exchange.reply is not None:
        return _from_reply(exchange.reply)
    if exchange.malformed:
        return CallOutcome("protocol", message=exchange.malformed)
    ending = exchange.ending
    if ending is None:
        return CallOutcome("protocol", message="no reply and the process is still running")
    return CallOutcome("crashed", exit_code=ending.code, signal=ending.signal_name)


def _from_reply(reply: dict[str, Any]) -> CallOutcome:
    try:
        if reply.get("ok") is True:
            return _returned(reply)
        if reply.get("kind") == "unencodable":
            return CallOutcome("unencodable", message=str(reply.get("message", "")))
        line = reply.get("line")
        return CallOutcome(
            "raised",
            error_type=str(reply["type"]),
            message=str(reply.get("message", "")),
            line=line if isinstance(line, int) else None,
        )
    except Exception as err:  # untrusted data: any way of not parsing is the student's
        return CallOutcome(
            "protocol", message=f"malformed reply: {type(err).__name__}: {err}"[:300]
        )


def _returned(reply: dict[str, Any]) -> CallOutcome:
    defaults = reply.get("defaults")
    return CallOutcome(
        "returned",
        value=codec.decode(reply["value"]),
        args_after=tuple(codec.decode(arg) for arg in reply["args"]),
        same=tuple((str(path), int(index)) for path, index in reply["same"]),
        adapted=(Adapted("defaults", defaults[:200]),) if isinstance(defaults, str) else (),
    )


def _ending_text(code: int | None, signal_name: str) -> str:
    return f"was killed by {signal_name}" if signal_name else f"exited with status {code}"


# A program's run: its stdout is the answer, its stderr is evidence (of what it says it died of:
# never of a verdict, which the harness decides from what it measured).
TRACEBACK = "Traceback (most recent call last)"
PYTHON_ERROR = re.compile(r"^(\w+(?:\.\w+)*)(?:: ?(.*))?$")
PYTHON_LINE = re.compile(r'^  File "([^"]*)", line (\d+)')
CPP_THROW = re.compile(r"terminate called after throwing an instance of '([^']+)'")
STDERR_SHOWN = 300


@dataclass(frozen=True)
class _Said:
    """What a failed program's stderr says it died of."""

    error_type: str
    sentence: str  # "raised IndexError at line 3: ...", "uncaught std::bad_alloc"
    line: int | None = None


def program_outcome(run: ProgramRun, image: int = 0) -> CallOutcome:
    """What one run of a program comes to, before judging: `returned` with its stdout. `image`:
    the bytes its executable maps before it starts, measured by the caller."""
    stderr = run.stderr.decode("utf-8", "replace")
    outcome = _noted(_program_kind(run, stderr), run.disk)
    output = run.stdout if outcome.kind == "output_limit" else run.stderr
    memory = run.memory if run.memory is None or not image else replace(run.memory, image=image)
    return replace(
        outcome,
        output=output.decode("utf-8", "replace")[:OUTPUT_CHARS],
        seconds=run.wall,
        cpu_seconds=run.cpu,
        memory=memory,
    )


def _program_kind(run: ProgramRun, stderr: str) -> CallOutcome:
    if run.disk.over:
        return CallOutcome("disk_limit", message=run.disk.note)
    if run.timed_out:
        return CallOutcome("timeout")
    if run.output_overflow:
        return CallOutcome("output_limit")
    if run.ending.code == 0:
        return CallOutcome("returned", value=run.stdout.decode("utf-8", "replace"))
    ending = run.ending
    crashed = CallOutcome("crashed", exit_code=ending.code, signal=ending.signal_name)
    said = _python_error(stderr) or _cpp_error(stderr)
    if said is not None:
        message = f"{said.sentence} (the program {ending.text})"
        return replace(crashed, error_type=said.error_type, message=message, line=said.line)
    message = f"the program {ending.text}"
    tail = stderr.strip()[-STDERR_SHOWN:]
    message += f"; its stderr ends: {tail!r}" if tail else ""
    return replace(crashed, message=message)


def _python_error(stderr: str) -> _Said | None:
    """The exception a Python program says it died of, from its traceback: its type, the
    sentence saying so, and the line deepest in the student's own files (their paths are
    relative once the working copy's is removed)."""
    if TRACEBACK not in stderr:
        return None
    lines = stderr[stderr.rindex(TRACEBACK) :].splitlines()
    found = [PYTHON_ERROR.match(line) for line in lines if not line.startswith(" ")]
    errors = [m for m in found if m]
    if not errors:
        return None
    frames = [m for line in lines if (m := PYTHON_LINE.match(line))]
    own = [m for m in frames if not m.group(1).startswith(("/", "<"))]  # the working copy's
    error_type, message = errors[-1].group(1), errors[-1].group(2) or ""
    line = int((own or frames)[-1].group(2)) if frames else None
    where = f" at line {line}" if line else ""
    detail = f": {message}" if message else ""
    return _Said(error_type, f"raised {error_type}{where}{detail}", line)


def _cpp_error(stderr: str) -> _Said | None:
    """The C++ exception a program says went uncaught (std::bad_alloc among them: its word, not
    a measurement of its memory)."""
    match = CPP_THROW.search(stderr)
    if match is None:
        return None
    thrown = match.group(1)
    return _Said(thrown, f"uncaught {thrown}")
