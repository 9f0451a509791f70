"""What the outcomes are worth: the one place marks are allocated.

- An item's marks are split evenly over its groups of cases: marks = max * counted / groups.
  A group (Probe.group: the questions of one aspect, a unit or a kind of conflict, asked both
  ways; by default a case alone) counts only when every case of it is accepted. A group that a
  constant answer gets right (None, 0, False, its first argument...: CaseResult.constants)
  counts only with evidence: when one constant is right on every group the item got right,
  none of them counts ("no solution" earns marks only from a function that solves something).
  A rubric's checks likewise (Check.constants): when one constant answer, or doing nothing,
  passes every check an item passed, those checks count for nothing.
- An item with a rubric (criteria in config.yaml) earns the sum of its criteria's marks; each
  criterion's marks are split evenly over the checks that judged it (one per probe informing
  it): marks = max * passed / checks; a criterion the handout states "for every" board
  (`across: every`) earns its marks only when every check passes. A criterion no case
  exercised earns nothing.
- A flag whose rule has a `penalty` in config.yaml takes that many marks from the flagged item,
  once per rule and item; a flag outside any item (a module-level import) takes it from the
  total. Marks never go below zero: zero stays zero.
- An item whose code does nothing (a stub: harness/kinds/stubs.py) earns nothing, whatever its
  cases say (None on a solved board is right by accident, not by behaviour).
- An interface deviation the harness read through to judge working logic (blanks stored as 0,
  solve() without its defaults, a class from a sibling file) costs config.yaml's `adaptations`
  share of the item (default 0.1), once per kind and item, named in the feedback.
- IE cases count as not accepted here, but the submission's status becomes "error" (see
  harness/grading/run.py): a harness failure is never a final mark.
- An item the submission is not graded on (an optional notebook it lacks, a part this machine
  cannot run) counts in neither its total nor its maximum.
Marks are rounded to 2 decimals, the total from the unrounded items, so the result is the same
on every run.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from harness.config import AssignmentConfig, CriterionConfig, RuleConfig
from harness.records.probes import ANY_CONSTANT, Check
from harness.records.results import PLACES, CaseResult, CriterionResult, Flag, RuleName
from harness.records.verdicts import Verdict

FAILURES_SHOWN = 2  # failure messages quoted per criterion; the rest are counted


@dataclass(frozen=True)
class Allocation:
    """What a graded submission's items and total are worth (unrounded)."""

    rubrics: Mapping[str, tuple[CriterionResult, ...]]  # item -> its criteria's marks
    kept: Mapping[str, float]  # item -> its marks after its penalty
    taken: Mapping[str | None, float]  # penalties per item (None: from the total)
    lost: Mapping[str, bool]  # item -> whether it earned less than its maximum (before penalties)
    total: float  # the graded items' marks, less the total's penalty
    adapted: Mapping[str, float]  # item -> marks taken for interface deviations read through


def allocate(
    assignment: AssignmentConfig,
    cases: Mapping[str, Sequence[CaseResult]],
    flags: Sequence[Flag],
    ungraded: Collection[str],
    stubs: Collection[str] = (),
) -> Allocation:
    """Every mark of a submission whose module loaded: items by their cases or rubric, then
    penalties; items in `ungraded` count in neither the total nor (see max_marks) its maximum;
    items in `stubs` (code that does nothing) earn nothing, whatever their cases say."""
    items = assignment.items
    rubrics = {
        item: _nothing(criterion_results(cfg.criteria, cases[item]), item in stubs)
        for item, cfg in items.items()
    }
    raw = {
        item: 0.0
        if item in stubs
        else rubric_marks(rubrics[item])
        if cfg.criteria
        else item_marks(cfg.marks, cases[item])
        for item, cfg in items.items()
    }
    taken = penalties(flags, assignment.rules)
    adapted = {item: adaptation_cost(assignment, item, cases[item]) for item in items}
    kept = {item: after_penalty(raw[item], taken.get(item, 0.0) + adapted[item]) for item in raw}
    lost = {item: raw[item] < cfg.marks for item, cfg in items.items()}
    counted = sum(marks for item, marks in kept.items() if item not in ungraded)
    total = after_penalty(counted, taken.get(None, 0.0))
    return Allocation(rubrics, kept, taken, lost, total, adapted)


def adaptation_cost(assignment: AssignmentConfig, item: str, cases: Sequence[CaseResult]) -> float:
    """What the interface deviations read through in an item's cases cost: each kind once."""
    kinds = sorted({a.kind for case in cases for a in case.adapted})
    share = sum(assignment.adaptation_cost(kind) for kind in kinds)
    return min(1.0, share) * assignment.items[item].marks


def _nothing(criteria: tuple[CriterionResult, ...], stub: bool) -> tuple[CriterionResult, ...]:
    """A stub's criteria: none earns anything, saying why."""
    if not stub:
        return criteria
    return tuple(replace(c, marks=0.0, message="not implemented") for c in criteria)


def max_marks(assignment: AssignmentConfig, ungraded: Collection[str]) -> float:
    """The submission's maximum: the assignment's, less the items it was not graded on."""
    items = assignment.items
    return rounded(assignment.max_marks - sum(items[name].marks for name in ungraded))


def item_marks(max_marks: float, cases: Sequence[CaseResult]) -> float:
    groups = grouped(cases)
    if not groups.total:
        return 0.0
    return max_marks * groups.counted / groups.total


@dataclass(frozen=True)
class Groups:
    """An item's groups of cases, as its marks count them."""

    total: int
    passed: int  # groups every case of which was accepted
    counted: int  # the passed groups that count
    unproven: tuple[str, ...]  # a constant right on every passed group, when one is (then
    # none of them counts)


def grouped(cases: Sequence[CaseResult]) -> Groups:
    """The item's groups: a case with no group is a group of its own."""
    groups: dict[tuple[bool, str], list[CaseResult]] = {}
    for case in cases:
        key = (True, case.group) if case.group else (False, case.id)
        groups.setdefault(key, []).append(case)
    passed = [g for g in groups.values() if all(c.verdict is Verdict.AC for c in g)]
    common = one_constant([g[0].constants for g in passed])
    counted = 0 if common else len(passed)
    return Groups(len(groups), len(passed), counted, common)


def one_constant(answers: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    """The constants right on every one of the right answers (each answer's constants:
    ANY_CONSTANT for all of them); empty when there is none, or no right answer."""
    if not answers:
        return ()
    common: set[str] | None = None
    for constants in answers:
        if ANY_CONSTANT in constants:
            continue
        common = set(constants) if common is None else common & set(constants)
    if common is None:
        return (ANY_CONSTANT,)
    return tuple(c for c in answers_order(answers) if c in common)


def answers_order(answers: Sequence[tuple[str, ...]]) -> list[str]:
    return list(dict.fromkeys(c for constants in answers for c in constants))


def criterion_results(
    criteria: Mapping[str, CriterionConfig], cases: Sequence[CaseResult]
) -> tuple[CriterionResult, ...]:
    passed = [c.constants for case in cases for c in case.checks if c.passed]
    unproven = one_constant(passed)
    return tuple(_criterion(name, cfg, cases, unproven) for name, cfg in criteria.items())


def _criterion(
    name: str, cfg: CriterionConfig, cases: Sequence[CaseResult], unproven: tuple[str, ...]
) -> CriterionResult:
    checks = [check for case in cases for check in case.checks if check.criterion == name]
    most = rounded(cfg.marks)
    if not checks:
        why = "not exercised: no case showed the behaviour it names, so it earns nothing"
        return CriterionResult(name, 0.0, most, why, cfg.text)
    if unproven:
        checks = [_unproven(check, unproven) for check in checks]
    failures = [check.message for check in checks if not check.passed]
    passed = len(checks) - len(failures)
    if cfg.across == "every":
        marks = cfg.marks if not failures else 0.0
    else:
        marks = cfg.marks * passed / len(checks)
    why = _why(failures, len(checks), cfg.across)
    return CriterionResult(name, rounded(marks), most, why, cfg.text)


def _unproven(check: Check, constants: tuple[str, ...]) -> Check:
    """A passed check a constant answer passes too, in an item no other passed check proves:
    it does not count."""
    if not check.passed or not check.constants:
        return check
    answer = "doing nothing" if constants == (ANY_CONSTANT,) else " or ".join(constants)
    why = (
        f"no credit: {answer} would pass it too, and the method passed no check that such an "
        f"answer would fail"
    )
    return replace(check, passed=False, message=why)


def _why(failures: Sequence[str], judged: int, across: str = "each") -> str:
    if not failures:
        return ""
    shown = "; ".join(dict.fromkeys(failures[:FAILURES_SHOWN]))
    more = len(failures) - FAILURES_SHOWN
    tail = f" (and {more} more)" if more > 0 else ""
    every = ": it must hold on every one, as the handout words it" if across == "every" else ""
    return f"{shown}{tail} [failed on {len(failures)} of {judged}{every}]"


def rubric_marks(criteria: Sequence[CriterionResult]) -> float:
    return sum(c.marks for c in criteria)


def penalties(
    flags: Sequence[Flag], rules: Mapping[RuleName, RuleConfig]
) -> dict[str | None, float]:
    """Marks taken per item (None: from the total), once per rule and item."""
    taken: dict[str | None, float] = {}
    for rule, item in sorted({(f.rule, f.item) for f in flags}, key=str):
        penalty = rules[rule].penalty if rule in rules else 0.0
        if penalty:
            taken[item] = taken.get(item, 0.0) + penalty
    return taken


def after_penalty(marks: float, penalty: float) -> float:
    return max(0.0, marks - penalty)


def rounded(value: float) -> float:
    return round(value + 0.0, PLACES)
