"""Deadlines and late penalties (harness/grading/adjust/): the policy on its own, then applied to
reports built here, with students and times as the download would give them."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from itertools import takewhile
from pathlib import Path
from typing import Any

import pytest

from harness.config import DeadlineConfig, load_config
from harness.errors import BadInput, InternalError
from harness.grading.adjust.apply import Adjusted, Adjusting, Sheets, adjusted, read_adjusting
from harness.grading.adjust.late import NO_TIME, duration_text
from harness.grading.adjust.policy import charge
from harness.grading.journal import fingerprint
from harness.records.identity import Handed, Student
from harness.records.moments import moment_text, parse_moment
from harness.records.results import (
    CriterionResult,
    ItemResult,
    Report,
    SubmissionResult,
    from_json,
    to_json,
)
from harness.submissions import discover
from tests.conftest import FIXTURES, REPO
from tests.test_cli import check_schema

DUE = "2026-03-02T23:59:00+00:00"
DUE_TEXT = "due 2026-03-02 23:59 UTC"


def deadline(**penalty: Any) -> DeadlineConfig:
    grace = penalty.pop("grace_minutes", 0)
    penalty = {"per": "day", "percent": 10, **penalty}
    return DeadlineConfig.model_validate({"due": DUE, "grace_minutes": grace, "penalty": penalty})


def after_due(**delta: float) -> str:
    return (parse_moment(DUE) + timedelta(**delta)).isoformat()


def result(
    name: str = "jane",
    marks: float = 85,
    at: str = "",
    late_marked: bool = False,
    student: Student | None = None,
) -> SubmissionResult:
    items = (ItemResult("get_row", marks, 100, ()),)
    handed = Handed(at, late_marked, "submission_metadata.yml" if at else "")
    return SubmissionResult(
        name, marks, 100, "graded", "", items, (), False, False, student or Student(), handed
    )


def apply(*results: SubmissionResult, **adjusting: Any) -> Adjusted:
    report = Report("a", 100, results, absent=adjusting.pop("absent", ()))
    return adjusted(report, Adjusting(**adjusting))


def one(submission: SubmissionResult, policy: DeadlineConfig) -> SubmissionResult:
    [done] = apply(submission, deadline=policy).report.submissions
    return done


# --- the policy --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("late", "percent"),
    [
        (timedelta(seconds=1), 10),  # a day begun
        (timedelta(days=1), 10),
        (timedelta(days=1, seconds=1), 20),
        (timedelta(days=2, hours=3), 30),
        (timedelta(days=4, hours=23), 50),
        (timedelta(days=30), 100),  # no cap given: all of it at most
    ],
)
def test_every_day_begun_late_costs_the_percent(late: timedelta, percent: float) -> None:
    cost = charge(deadline(), late)
    assert cost is not None and cost.percent == pytest.approx(percent)


@pytest.mark.parametrize("late", [timedelta(days=-3), timedelta(0)])
def test_on_or_before_the_due_date_costs_nothing(late: timedelta) -> None:
    assert charge(deadline(), late) is None


def test_per_hour_counts_hours_begun() -> None:
    cost = charge(deadline(per="hour", percent=2), timedelta(hours=5, minutes=10))
    assert cost is not None and (cost.units, cost.percent) == (6, 12)


def test_the_grace_forgives_but_lateness_counts_from_the_due_date() -> None:
    policy = deadline(per="hour", percent=5, grace_minutes=15)
    assert charge(policy, timedelta(minutes=15)) is None
    cost = charge(policy, timedelta(minutes=16))
    assert cost is not None and (cost.units, cost.percent) == (1, 5)
    cost = charge(policy, timedelta(minutes=61))  # counted from the due date: 2 hours begun
    assert cost is not None and cost.units == 2


def test_the_cap_limits_what_is_taken() -> None:
    cost = charge(deadline(cap=50), timedelta(days=8, hours=1))
    assert cost is not None
    assert (cost.uncapped, cost.percent, cost.capped, cost.refused) == (90, 50, True, False)


def test_later_than_refuse_after_days_takes_everything() -> None:
    policy = deadline(cap=50, refuse_after_days=7)
    kept = charge(policy, timedelta(days=7))
    assert kept is not None and (kept.percent, kept.refused) == (50, False)
    refused = charge(policy, timedelta(days=7, seconds=1))
    assert refused is not None and (refused.percent, refused.refused) == (100, True)


# --- a penalty on a submission ----------------------------------------------------------------


def test_a_late_submission_loses_the_percent_of_its_maximum_and_says_why() -> None:
    done = one(result(marks=85, at=after_due(days=2, hours=3)), deadline())
    assert done.marks == 55
    [change] = done.adjustments
    assert (change.kind, change.item, change.before, change.after) == ("late", None, 85, 55)
    assert change.comment == (
        f"2 days 3 hours late ({DUE_TEXT}): 3 days x 10% = 30% of the maximum (100) taken"
    )
    assert done.computed_marks == 85
    assert done.items == result().items  # a penalty on the total leaves the items as graded


def test_of_earned_takes_the_percent_of_the_marks_earned_rounded_as_marks_are() -> None:
    done = one(result(marks=10, at=after_due(hours=1)), deadline(percent=3.33, of="earned"))
    assert done.marks == 9.67  # 10 - 0.333, to two decimals
    assert done.adjustments[0].comment.endswith(
        "1 day x 3.33% = 3.33% of the marks earned (10) taken"
    )


def test_marks_never_go_below_zero() -> None:
    done = one(result(marks=20, at=after_due(days=3)), deadline())
    assert done.marks == 0 and done.adjustments[0].delta == -20


def test_refused_and_capped_comments() -> None:
    policy = deadline(cap=50, refuse_after_days=7)
    capped = one(result(at=after_due(days=6, hours=1)), policy)
    assert capped.adjustments[0].comment.endswith(
        "7 days x 10% = 70%, capped at 50%: 50% of the maximum (100) taken"
    )
    refused = one(result(at=after_due(days=8)), policy)
    assert refused.marks == 0
    assert (
        refused.adjustments[0].comment
        == f"8 days late ({DUE_TEXT}): more than 7 days late: no marks"
    )


def test_on_time_and_within_the_grace_there_is_no_adjustment() -> None:
    policy = deadline(grace_minutes=15)
    for at in (after_due(days=-1), DUE, after_due(minutes=14)):
        assert one(result(at=at), policy) == result(at=at)


def test_a_time_in_another_offset_is_the_same_moment() -> None:
    one_hour_early = "2026-03-03T00:59:00+02:00"  # 22:59 UTC
    assert one(result(at=one_hour_early), deadline()).adjustments == ()


def test_marked_late_with_no_time_is_said_and_not_charged() -> None:
    done = apply(result(late_marked=True), deadline=deadline())
    [submission] = done.report.submissions
    [change] = submission.adjustments
    assert (change.kind, change.before, change.after, change.comment) == ("late", 85, 85, NO_TIME)
    assert done.warnings == ()


def test_marked_late_with_a_time_is_judged_by_the_time() -> None:
    assert one(result(at=after_due(days=-1), late_marked=True), deadline()).adjustments == ()


def test_no_time_and_no_mark_is_taken_as_on_time_and_said_once() -> None:
    done = apply(result("jane"), result("raj"), result("kim", at=DUE), deadline=deadline())
    assert all(not s.adjustments for s in done.report.submissions)
    assert done.warnings == (
        "deadline: no time known for 2 submission(s), taken as on time: jane, raj "
        "(give their times with --timestamps)",
    )


def test_without_a_deadline_times_change_nothing() -> None:
    done = apply(result(at=after_due(days=9), late_marked=True))
    assert done.report.submissions == (result(at=after_due(days=9), late_marked=True),)
    assert done.warnings == ()


def test_a_malformed_time_from_the_download_is_the_harness_fault() -> None:
    with pytest.raises(InternalError, match="jane: the time it was handed in"):
        one(result(at="yesterday"), deadline())


def test_an_adjusted_report_reads_back_from_json() -> None:
    report = apply(
        result(at=after_due(days=1)), result("raj", late_marked=True), deadline=deadline()
    ).report
    assert from_json(to_json(report)) == report


# --- files: extensions, timestamps, overrides -------------------------------------------------


@pytest.fixture
def config(tmp_path: Path) -> Path:
    text = (FIXTURES / "functions" / "config.yaml").read_text()
    text = text.replace("../../../testcases", str(REPO / "testcases"))
    path = tmp_path / "config.yaml"
    path.write_text(
        text + f'    deadline:\n      due: "{DUE}"\n      penalty: {{per: day, percent: 10}}\n'
    )
    return path


def sheet(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def adjust(adjusting: Adjusting, *results: SubmissionResult) -> tuple[SubmissionResult, ...]:
    return adjusted(Report("a", 100, results), adjusting).report.submissions


def read(config: Path, due: str | None = None, **sheets: Path) -> Adjusting:
    return read_adjusting(
        load_config(config).assignment("verdicts"), "verdicts", due, Sheets(**sheets)
    )


def test_an_extension_in_hours_moves_the_due_date(config: Path, tmp_path: Path) -> None:
    extensions = sheet(tmp_path, "ext.csv", "student,hours\njane,48\n")
    adjusting = read(config, extensions=extensions)
    [on_time] = adjust(adjusting, result(at=after_due(days=2)))
    assert on_time.adjustments == ()
    [late] = adjust(adjusting, result(at=after_due(days=2, minutes=1)))
    assert late.adjustments[0].comment.startswith(
        f"1 minute late ({DUE_TEXT}, extended to 2026-03-04 23:59 UTC): 1 day x 10%"
    )


def test_an_extension_to_a_date_and_due_from_the_command_line(config: Path, tmp_path: Path) -> None:
    extensions = sheet(
        tmp_path, "ext.csv", "Student,Due,comment\nraj,2026-03-10T12:00+01:00,doctor's note\n"
    )
    adjusting = read(config, due="2026-03-01T23:59Z", extensions=extensions)
    submissions = (result("jane", at=DUE), result("raj", at="2026-03-10T11:30:00+00:00"))
    jane, raj = adjusted(Report("a", 100, submissions), adjusting).report.submissions
    assert jane.adjustments[0].comment.startswith("1 day late (due 2026-03-01 23:59 UTC): ")
    assert raj.adjustments[0].comment.startswith(
        "30 minutes late (due 2026-03-01 23:59 UTC, extended to 2026-03-10 12:00 +01:00): "
    )
    assert all("doctor" not in a.comment for s in (jane, raj) for a in s.adjustments)


def test_a_timestamps_file_gives_the_time_and_says_so(config: Path, tmp_path: Path) -> None:
    stamps = sheet(tmp_path, "times.csv", "student,submitted_at\njane,2026-03-04T10:00:00Z\n")
    adjusting = read(config, timestamps=stamps)
    [done] = adjust(adjusting, result(at=DUE, late_marked=True))
    assert done.handed == Handed("2026-03-04T10:00:00+00:00", True, f"{stamps}:2")
    assert done.marks == 65  # 1 day 10 hours late: 2 days begun


def test_overrides_come_first_and_the_penalty_is_taken_from_them(
    config: Path, tmp_path: Path
) -> None:
    adjustments = sheet(
        tmp_path,
        "adj.csv",
        "student,item,marks,delta,comment\n"
        "jane,get_row,,-5,regraded by hand\n"
        "jane,,90,,bonus for the extension task\n",
    )
    items = (ItemResult("get_block_num", 10, 10, ()), ItemResult("get_row", 7, 9, ()))
    jane = replace(result(at=after_due(hours=2)), marks=17, max_marks=19, items=items)
    [done] = adjust(read(config, adjustments=adjustments), jane)
    assert [(a.kind, a.item, a.before, a.after) for a in done.adjustments] == [
        ("override", "get_row", 7, 2),
        ("override", None, 12, 90),
        ("late", None, 90, 88.1),  # 10% of the maximum, 19
    ]
    assert [i.marks for i in done.items] == [10, 2]
    assert done.marks == 88.1 and done.computed_marks == pytest.approx(17)
    assert done.adjustments[1].comment == "bonus for the extension task"


def test_an_item_delta_stops_at_the_items_bounds(config: Path, tmp_path: Path) -> None:
    adjustments = sheet(
        tmp_path, "adj.csv", "student,item,delta\njane,get_row,5\nraj,get_row,-99\n"
    )
    items = (ItemResult("get_row", 7, 9, ()),)
    jane = replace(result("jane"), marks=7, max_marks=9, items=items)
    raj = replace(result("raj"), marks=7, max_marks=9, items=items)
    adjusting = replace(read(config, adjustments=adjustments), deadline=None)
    jane, raj = adjust(adjusting, jane, raj)
    assert (jane.marks, jane.adjustments[0].comment) == (
        9,
        "changed by hand (stopped at the item's maximum, 9)",
    )
    assert (raj.marks, raj.adjustments[0].comment) == (0, "changed by hand (stopped at 0)")


def test_an_item_not_graded_cannot_be_overridden(config: Path, tmp_path: Path) -> None:
    adjustments = sheet(tmp_path, "adj.csv", "student,item,marks\njane,get_row,3\n")
    broken = replace(result(), status="error", marks=0, items=())
    with pytest.raises(
        BadInput, match=r"adj.csv:2: item: get_row has no marks .*: override the total"
    ):
        adjust(read(config, adjustments=adjustments), broken)
    total = sheet(tmp_path, "total.csv", "student,marks,comment\njane,12,graded by hand\n")
    [done] = adjust(read(config, adjustments=total), broken)
    assert done.marks == 12


def test_an_override_of_a_rubric_item_keeps_to_the_schema(config: Path, tmp_path: Path) -> None:
    """The item's marks then differ from its criteria's, and the adjustments say why."""
    adjustments = sheet(tmp_path, "adj.csv", "student,item,marks,comment\njane,get_row,9,fine\n")
    criteria = (CriterionResult("rows", 3, 9, "get_row: wrong row [failed on 6 of 9]"),)
    item = ItemResult("get_row", 3, 9, (), criteria=criteria)
    jane = replace(result(), marks=3, max_marks=9, items=(item,))
    report = adjusted(Report("a", 9, (jane,)), read(config, adjustments=adjustments)).report
    assert report.submissions[0].items[0].marks == 9
    check_schema(to_json(report))


STUDENTS = (
    result(
        "doejane_123456", student=Student("Jane Doe", "123456", "Jane.Doe@uni.edu", "jdoe", "S1")
    ),
    result(
        "kumarraj_123457", student=Student("Raj Kumar", "123457", "raj@uni.edu", "rkumar", "S2")
    ),
)


@pytest.mark.parametrize("key", ["doejane_123456", "123456", "jane.doe@UNI.edu", " jdoe ", "S1"])
def test_a_student_is_named_by_any_of_their_keys(key: str, config: Path, tmp_path: Path) -> None:
    adjustments = sheet(tmp_path, "adj.csv", f"student,delta\n{key},-1\n")
    jane, raj = adjust(read(config, adjustments=adjustments), *STUDENTS)
    assert (jane.marks, raj.marks) == (84, 85)


GROUP = result(  # a Gradescope group: each member's sid and e-mail joined with ", "
    "submission_90002",
    student=Student("Raj Kumar, Li Wei", "123457, 123459", "raj@uni.edu, li@uni.edu"),
)


@pytest.mark.parametrize("key", ["li@uni.edu", "123457", "submission_90002"])
def test_a_group_is_named_by_any_members_key(key: str, config: Path, tmp_path: Path) -> None:
    """As the roster matches a group by each member (intake/roster.py)."""
    adjustments = sheet(tmp_path, "adj.csv", f"student,delta\n{key},-1\n")
    jane, group = adjust(read(config, adjustments=adjustments), STUDENTS[0], GROUP)
    assert (jane.marks, group.marks) == (85, 84)


@pytest.mark.parametrize(
    ("key", "error"),
    [
        ("Jane Doe", r"adj.csv:3: student: 'Jane Doe' names no submission"),  # names are not keys
        ("nobody", r"adj.csv:3: student: 'nobody' names no submission"),
        ("S2", r"adj.csv:3: student: 'S2' names 2 submissions \('kumarraj_123457', 'S2'\)"),
    ],
)
def test_an_unknown_or_ambiguous_key_is_an_error_naming_the_line(
    key: str, error: str, config: Path, tmp_path: Path
) -> None:
    adjustments = sheet(tmp_path, "adj.csv", f"student,delta\njdoe,-1\n{key},-1\n")
    also_s2 = result("S2")  # a folder named like another student's SIS id
    with pytest.raises(BadInput, match=error):
        adjusted(Report("a", 100, (*STUDENTS, also_s2)), read(config, adjustments=adjustments))


def test_a_second_extension_for_one_student_is_an_error(config: Path, tmp_path: Path) -> None:
    extensions = sheet(
        tmp_path, "ext.csv", "student,hours\njdoe,24\nrkumar,24\njane.doe@uni.edu,48\n"
    )
    with pytest.raises(
        BadInput, match=r"ext.csv:4: student: 'doejane_123456' has an extension on line 2"
    ):
        adjusted(Report("a", 100, STUDENTS), read(config, extensions=extensions))


def test_a_student_who_handed_nothing_in_is_known_and_skipped(config: Path, tmp_path: Path) -> None:
    absent = (Student("Kim Lee", "123458", "kim@uni.edu"),)
    extensions = sheet(tmp_path, "ext.csv", "student,hours\nkim@uni.edu,24\n")
    adjustments = sheet(tmp_path, "adj.csv", "student,marks\n123458,50\n")
    adjusting = read(config, extensions=extensions, adjustments=adjustments)
    done = adjusted(Report("a", 100, STUDENTS, absent=absent), adjusting)
    assert done.report.submissions == STUDENTS
    assert done.warnings[0] == f"{adjustments}:2: '123458' handed nothing in: not applied"


def test_due_and_files_need_a_late_policy(tmp_path: Path, config: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text(config.read_text().split("    deadline:")[0])
    stamps = sheet(tmp_path, "times.csv", "student,submitted_at\n")
    with pytest.raises(BadInput, match=r"^--due: no late policy: add `deadline:`"):
        read(plain, due=DUE)
    with pytest.raises(BadInput, match=r"^--timestamps .*times.csv: no late policy"):
        read(plain, timestamps=stamps)
    with pytest.raises(BadInput, match=r"^--due: 'tomorrow' is not a date and time"):
        read(config, due="tomorrow")


def test_the_deadline_is_not_part_of_a_runs_fingerprint(config: Path, tmp_path: Path) -> None:
    """A resumed run may be given another due date: it changes no computed mark."""
    moved = tmp_path / "moved.yaml"
    text = config.read_text().replace(DUE, "2026-04-01T00:00Z")
    moved.write_text(text.replace("percent: 10", "percent: 20"))
    submissions = discover(FIXTURES / "functions" / "AC", (".py",))
    prints = {fingerprint(load_config(c), "verdicts", submissions) for c in (config, moved)}
    assert len(prints) == 1


def test_the_example_in_config_yaml_is_valid(tmp_path: Path, config: Path) -> None:
    """config.yaml documents `deadline:` in comments: uncommented, it loads as written."""
    lines = (REPO / "config.yaml").read_text().splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("    # deadline:"))
    block = list(takewhile(lambda line: line.startswith("    #"), lines[start:]))
    uncommented = [line[:4] + line[6:] for line in block]
    example = tmp_path / "example.yaml"
    example.write_text(config.read_text().split("    deadline:")[0] + "\n".join(uncommented))
    policy = load_config(example).assignment("verdicts").deadline
    assert policy is not None
    assert policy.model_dump() == {
        "due": parse_moment(DUE),
        "grace_minutes": 15,
        "penalty": {"per": "day", "percent": 10, "of": "max", "cap": 50, "refuse_after_days": 7},
    }


# --- moments and durations --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "moment"),
    [
        ("2026-03-02T23:59:00+00:00", datetime(2026, 3, 2, 23, 59, tzinfo=timezone.utc)),
        ("2026-03-02 23:59Z", datetime(2026, 3, 2, 23, 59, tzinfo=timezone.utc)),
        ("2026-03-02T23:59:01.5-0500", datetime(2026, 3, 3, 4, 59, 1, 500000, tzinfo=timezone.utc)),
        (
            "2026-03-02T23:59:59.123456 +05:30",
            datetime(2026, 3, 2, 18, 29, 59, 123456, tzinfo=timezone.utc),
        ),
    ],
)
def test_moments_are_read_with_their_offset(text: str, moment: datetime) -> None:
    assert parse_moment(text) == moment


@pytest.mark.parametrize(
    "text", ["2026-03-02T23:59", "2026-03-02", "02/03/2026 23:59 +00:00", "2026-02-30T10:00Z", ""]
)
def test_moments_without_an_offset_or_real_date_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"2026-03-02T23:59\+00:00|not a real date"):
        parse_moment(text)


def test_moment_and_duration_texts() -> None:
    assert moment_text(parse_moment("2026-03-02T23:59:00+00:00")) == "2026-03-02 23:59 UTC"
    assert moment_text(parse_moment("2026-03-02T23:59:30-03:30")) == "2026-03-02 23:59:30 -03:30"
    assert duration_text(timedelta(days=2, hours=3, minutes=4)) == "2 days 3 hours 4 minutes"
    assert duration_text(timedelta(days=1, seconds=59)) == "1 day"
    assert duration_text(timedelta(days=1, minutes=4)) == "1 day 4 minutes"
    assert duration_text(timedelta(hours=5, minutes=1)) == "5 hours 1 minute"
    assert duration_text(timedelta(seconds=59)) == "under a minute"
