"""The report as JUnit XML, so that CI systems show a solver's regressions natively.

`<testsuites name=ASSIGNMENT>` holds one `<testsuite name=SUBMISSION>` per submission (its
`properties`: marks, max_marks, status, the note, and one `adjustment` per change made to the
computed marks: a late penalty, a teacher's override) and one
`<testcase classname="SUBMISSION.ITEM" name=CASE time=SECONDS>` per case:

- AC: nothing inside; WA, TLE, MLE, OLE, RE, CE: `<failure type=VERDICT message="VERDICT:
  DETAIL">`, the detail in one line and cut at 200 characters, with the whole detail as its
  text; IE (the harness's fault, not the student's): `<error>`, the same way.
- An item not graded for the submission: its cases, or one case named `not graded` when it has
  none, each with `<skipped message=REASON/>`.
- A submission with status `error` and no case at all: one case named `grading`, failing with
  the note.

Counts (`tests`, `failures`, `errors`, `skipped`) and `time` (seconds, summed) are given on every
suite and on `<testsuites>`. Text the XML 1.0 character set does not allow (NUL, ESC and other
control characters in a student's output, lone surrogates from undecodable file names) becomes
U+FFFD; ElementTree escapes the rest.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

from harness import atomic
from harness.records.results import CaseResult, ItemResult, Report, SubmissionResult
from harness.records.verdicts import Verdict
from harness.writers.adjusted import adjustment_lines
from harness.writers.gradebook import number

DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
MESSAGE_CHARS = 200  # a failure's message: its detail in one line, cut at this length
COUNTS = ("tests", "failures", "errors", "skipped")
PROBLEMS = (("failures", "failure"), ("errors", "error"), ("skipped", "skipped"))


def to_xml(report: Report) -> str:
    root = ET.Element("testsuites", name=xml_text(report.assignment))
    suites = [testsuite(result) for result in report.submissions]
    root.extend(suites)
    seconds = sum(_seconds(result) for result in report.submissions)
    _count(root, [_counts(suite) for suite in suites], seconds)
    ET.indent(root)
    return DECLARATION + ET.tostring(root, encoding="unicode") + "\n"


def write_junit(report: Report, path: Path) -> None:
    """Write atomically: a CI job never reads half a file."""
    atomic.write_text(path, to_xml(report))


def xml_text(text: str) -> str:
    """`text` with every character XML 1.0 does not allow replaced by U+FFFD."""
    return NOT_XML.sub("\N{REPLACEMENT CHARACTER}", text)


def testsuite(result: SubmissionResult) -> ET.Element:
    suite = ET.Element("testsuite", name=xml_text(result.name))
    suite.append(_properties(result))
    cases = [case for item in result.items for case in _item_cases(result.name, item)]
    if not cases and result.status == "error":
        cases = [_unrun(result)]
    suite.extend(cases)
    _count(suite, [_counts(case) for case in cases], _seconds(result))
    return suite


def _properties(result: SubmissionResult) -> ET.Element:
    properties = ET.Element("properties")
    values = {
        "marks": number(result.marks),
        "max_marks": number(result.max_marks),
        "status": result.status,
        "note": result.note,
    }
    for name, value in values.items():
        if value:
            ET.SubElement(properties, "property", name=name, value=xml_text(value))
    for line in adjustment_lines(result):
        ET.SubElement(properties, "property", name="adjustment", value=xml_text(line))
    return properties


def _item_cases(submission: str, item: ItemResult) -> list[ET.Element]:
    classname = f"{submission}.{item.name}"
    if item.graded:
        return [_case(classname, case) for case in item.cases]
    reason = item.ungraded_reason or "not graded"
    if not item.cases:
        return [_skipped(_testcase(classname, "not graded", 0.0), reason)]
    return [_skipped(_testcase(classname, c.id, c.seconds), reason) for c in item.cases]


def _case(classname: str, case: CaseResult) -> ET.Element:
    element = _testcase(classname, case.id, case.seconds)
    if case.verdict is not Verdict.AC:
        tag = "error" if case.verdict is Verdict.IE else "failure"
        element.append(_problem(tag, case.verdict.value, case.detail))
    return element


def _skipped(element: ET.Element, reason: str) -> ET.Element:
    ET.SubElement(element, "skipped", message=xml_text(reason))
    return element


def _unrun(result: SubmissionResult) -> ET.Element:
    element = _testcase(result.name, "grading", 0.0)
    element.append(_problem("failure", "error", result.note or "not graded"))
    return element


def _testcase(classname: str, name: str, seconds: float) -> ET.Element:
    attributes = {"classname": xml_text(classname), "name": xml_text(name)}
    return ET.Element("testcase", attributes, time=_time(seconds))


def _problem(tag: str, kind: str, detail: str) -> ET.Element:
    """`<failure>` or `<error>`: the detail in one line (capped) as its message, whole as its
    text."""
    line = " ".join(detail.split())
    if len(line) > MESSAGE_CHARS:
        line = line[: MESSAGE_CHARS - 1] + "\N{HORIZONTAL ELLIPSIS}"
    message = f"{kind}: {line}" if line else kind
    element = ET.Element(tag, message=xml_text(message), type=kind)
    element.text = xml_text(detail) or None
    return element


def _counts(element: ET.Element) -> dict[str, int]:
    """A testcase's contribution to its suite's counts, or a suite's to `<testsuites>`."""
    if element.tag == "testsuite":
        return {key: int(element.get(key, "0")) for key in COUNTS}
    return {"tests": 1, **{key: int(element.find(tag) is not None) for key, tag in PROBLEMS}}


def _count(parent: ET.Element, counts: Iterable[dict[str, int]], seconds: float) -> None:
    totals = dict.fromkeys(COUNTS, 0)
    for count in counts:
        for key, value in count.items():
            totals[key] += value
    for key, value in totals.items():
        parent.set(key, str(value))
    parent.set("time", _time(seconds))


def _seconds(result: SubmissionResult) -> float:
    return sum(case.seconds for item in result.items for case in item.cases)


def _time(seconds: float) -> str:
    return f"{seconds:.3f}"
