"""Feedback lines per item: readings accepted, names accepted, dependencies, penalties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from harness.records.outcomes import LoadOutcome, Skipped
from harness.records.results import CaseResult, Flag, HelperReadings
from harness.records.verdicts import Verdict

OUTPUT_QUOTED = 80
AGAIN = "graded again alone: a case ran out of wall-clock time with CPU time to spare"
AGAIN_CLOSE = (
    "graded again alone: a case timed out within twice its time limit, beside other grading"
)


def budget_note(seconds: float, final: bool) -> str:
    """For a submission that spent its wall-clock budget (harness/kinds/budget.py): final when
    it slept through it, graded again alone when it worked through it."""
    then = "it is not graded again" if final else "it worked through it, so it is graded again"
    return (
        f"its wall-clock budget of {round(seconds, 1):g} s was spent: the cases past it are TLE "
        f"(not run), and {then}"
    )


def accepted_readings(cases: Sequence[CaseResult]) -> list[str]:
    readings = sorted({reading for case in cases for reading in case.accepted})
    return [f"accepted: {reading}" for reading in readings]


def adaptation_notes(cases: Sequence[CaseResult], taken: float) -> list[str]:
    """Each interface deviation read through in an item, and what they cost together."""
    texts = sorted({a.text for case in cases for a in case.adapted})
    if not texts:
        return []
    cost = f" (-{taken:g} marks: the handout states this interface)" if taken else ""
    return [f"adapted: {'; '.join(texts)}{cost}"]


def informative_note(marks: float, cases: Sequence[CaseResult]) -> list[str]:
    """For an item config.yaml gives no marks: its failures are reported and cost nothing."""
    if marks or not any(case.verdict is not Verdict.AC for case in cases):
        return []
    return ["informative only: this item is worth no marks, so its failures cost nothing"]


def evidence_note(unproven: Sequence[str], count: int) -> list[str]:
    """For an item whose only right answers are ones a constant answer would give."""
    if not count:
        return []
    answers = " or ".join(unproven)
    cases = "a case" if count == 1 else f"{count} groups of cases"
    return [
        f"no credit for {cases} where {answers} is right: an answer a function that returns "
        f"a constant would give counts only once the function gets right a case no constant "
        f"does, and none was"
    ]


def close_note(cases: Sequence[CaseResult]) -> list[str]:
    """For an item with verdicts near its time limit (CaseResult.close): how many, and why it
    matters."""
    close = [case for case in cases if case.close]
    if not close:
        return []
    timed_out = sum(case.verdict is Verdict.TLE for case in close)
    kinds = ((timed_out, "timed out"), (len(close) - timed_out, "passed"))
    said = ", ".join(f"{n} {kind}" for n, kind in kinds if n)
    count = f"{len(close)} case{'s' * (len(close) > 1)}"
    return [
        f"close to the time limit: {count} within a factor of 2 of it ({said}); on a faster or "
        "slower machine they could go the other way"
    ]


def stub_note(item: str, why: str | None) -> list[str]:
    if not why:
        return []
    return [f"not implemented: {why}, so {item} earns nothing whatever its cases say"]


def helper_readings_note(both: HelperReadings | None, marked: float, most: float) -> list[str]:
    """For an item judged again with the reference's helpers: both readings, and which counts."""
    if both is None:
        return []
    if both.own == both.reference:
        return [
            f"judged again with the reference's helpers because {both.problem}: "
            f"{both.own:g}/{most:g} either way, so the marks lost are this item's own"
        ]
    return [
        f"with your own helpers {both.own:g}/{most:g} ({both.problem}); with the reference "
        f"helpers {both.reference:g}/{most:g}; marked {marked:g}/{most:g}"
    ]


def alias_note(item: str, used: str | None) -> list[str]:
    """The alias a submission's function (or a method, "Board.mrv") was found under."""
    if used is None or used.rpartition(".")[2] == item:
        return []
    return [f"accepted the name {used} for {item}: an alias config.yaml accepts"]


def dependency_notes(item: str, depends_on: Sequence[str], lost: Mapping[str, bool]) -> list[str]:
    """For an item that lost marks: the items it depends on that lost marks too."""
    if not lost.get(item):
        return []
    failed = [needed for needed in depends_on if lost.get(needed)]
    if not failed:
        return []
    names = ", ".join(failed)
    return [f"{item} depends on {names}, which also lost marks: fix {names} first"]


def penalty_notes(item: str | None, flags: Sequence[Flag], taken: float) -> list[str]:
    if not taken:
        return []
    rules = sorted({f.rule for f in flags if f.item == item})
    return [f"-{taken:g} marks for breaking the handout's rules: {', '.join(rules)}"]


def error_hint(error_type: str, message: str) -> str:
    """A likely cause of an import-time or call-time error, for the student."""
    if error_type == "EOFError":
        return " (it reads input when imported: put the driver under if __name__ == '__main__':)"
    if error_type == "FileNotFoundError" and ("'/" in message or ":\\" in message):
        return (
            " (it opens a file by absolute path, which does not exist where it is graded: "
            "open the filename it is given, or put the driver under if __name__ == '__main__':)"
        )
    if error_type == "FileNotFoundError":
        return " (driver code outside if __name__ == '__main__': opens a file that is not there)"
    return ""


def salvage_note(skipped: Sequence[Skipped]) -> list[str]:
    """For a module whose import failed but whose classes were graded anyway."""
    if not skipped:
        return []
    first = skipped[0]
    inner = f" (in line {first.line})" if first.line and first.line != first.statement else ""
    hint = error_hint(first.error_type, first.message)
    lines = ", ".join(str(s.statement) for s in skipped)
    return [
        f"importing the module failed: the statement at line {first.statement} raised "
        f"{first.error_type}{inner}: {first.message}{hint}; graded what it defines, skipping "
        f"the top-level statements that failed (line {lines})"
    ]


def output_note(output: str) -> str:
    text = output.strip()
    shown = text[:OUTPUT_QUOTED] + ("..." if len(text) > OUTPUT_QUOTED else "")
    return (
        f"prints while being graded ({shown!r}): not marked down, but printing inside methods "
        f"slows a search and clutters the output"
    )


def load_note(load: LoadOutcome) -> str:
    """One line saying why the module did not load."""
    where = f" at line {load.line}" if load.line else ""
    if load.kind == "syntax":
        return f"syntax error{where}: {load.message}"
    if load.kind == "timeout":
        return f"{load.message} (module-level code that loops, or waits for input?)"
    if load.kind == "import" and load.error_type == "SystemExit":
        return f"the module calls sys.exit(){where} when imported"
    if load.kind == "import":
        hint = error_hint(load.error_type, load.message)
        return f"importing the module failed{where}: {load.error_type}: {load.message}{hint}"
    if load.kind == "internal":
        return f"internal error: {load.message}"
    if load.kind == "build":
        return f"compile error: {first_error(load.message)}"
    return load.message


def load_detail(load: LoadOutcome) -> str:
    """Everything a student needs to see about a failed load: for a build, the compiler's
    output (capped), which the one-line note only summarises."""
    if load.kind == "build" and "\n" in load.message:
        return f"compile error:\n{load.message}"
    return load_note(load)


def first_error(output: str) -> str:
    """The compiler's first error line (`file:line:col: error: ...`, or the linker's
    `undefined reference to ...`, which comes before its summary), else its first line."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower() or "undefined reference" in line]
    return (errors or lines or ["(no output)"])[0]


def submission_note(
    skipped: Sequence[Skipped], missing: Sequence[str], flags: Sequence[Flag], penalty: float
) -> str:
    """The submission's one-line note: statements skipped while salvaging an import, the
    items it does not define, and the penalty taken from its total."""
    parts = [*salvage_note(skipped)]
    parts += [f"not defined: {', '.join(missing)}"] if missing else []
    parts += penalty_notes(None, flags, penalty)
    return joined(parts)


def reading_note(reading: str) -> str:
    """For a module loaded under a reading of its source (the Python 2 one), and why."""
    if not reading:
        return ""
    return f"read as Python 2, since {reading}"


def forged_note(count: int) -> str:
    """For a submission a run of whose course tests reported what they did not do."""
    return (
        f"forged report: the report of a run of the course's tests was not what they did (a "
        f"test the harness adds, whose outcome it knows, came out otherwise); its {count} "
        f"test(s) earn nothing: for review"
    )


def internal_error_note(count: int) -> str:
    return f"internal error in {count} case(s): not a final mark, grade it again"


def joined(parts: Sequence[str]) -> str:
    """Sentences of one note, in order, empty ones left out."""
    return "; ".join(part for part in parts if part)


def _build_named(optimisation: str) -> str:
    return f"the {optimisation} build" if optimisation else "the course's build"


def undefined_item_note(finding: str, detail: str, optimisation: str) -> str:
    """For an item on whose failed case the sanitizer build found undefined behaviour:
    `finding` (its tool, what it does, where), `detail` (what the memory was)."""
    more = f" ({detail})" if detail else ""
    return (
        f"undefined behaviour, found by a sanitizer build on a case this item failed: "
        f"{finding}{more}. Marks come from {_build_named(optimisation)}: with undefined "
        "behaviour a program may answer differently with another compiler, other flags or on "
        "another machine"
    )


def undefined_note(findings: Sequence[str], optimisation: str) -> str:
    """The submission's note on what the sanitizer build found: the first finding, and how many
    more the items say."""
    if not findings:
        return ""
    more = f" (and {len(findings) - 1} more: see the items)" if len(findings) > 1 else ""
    build = _build_named(optimisation)
    return f"{findings[0]}{more}; marks come from {build} and may differ elsewhere"
