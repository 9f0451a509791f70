"""Canaries: tests of the harness's own, whose outcomes it knows, planted in every run of a
course's tests (shape unit-tests), so that a report that is not what the tests did is caught.

Each of the teacher's test files is copied for a stage with canaries added by its framework
(`Framework.plant`): at the end of the file, or, for JUnit, inside the test class; named as the
file names its tests (one of them with a word swapped for another of theirs, chosen at random by
the supervisor for every stage, never a name the files use), and asserting through the macros
or methods the file itself uses. Some must fail (one per kind of assertion the file uses, at
most MOST_FAILING), one must pass. They run with the tests they sit beside, in the same
process, and are reported through the same path: an assertion hijacked by a student's header, a
plugin that turns failures into passes, a report written by code under test, all change what a
canary is reported as, or leave it out.

A run's report is **forged** (`forged`) when a canary that must fail is reported passed, or when
a test of the course's is reported passed while a canary of its file is not reported as it must
be (missing, passed where it must fail, not passed where it must pass). A canary that did not
pass beside tests of its file that did not pass either is no sign: a file that did not import or
build with the submission, or whose set-up code failed, fails its canaries too, and its report
credits nothing.

A canary is never a probe: it is in no item, no case and no feedback, and its name is in no
message shown (`unnamed`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from harness.kinds.unit_tests.frameworks.base import Framework, Listed
from harness.sandbox.junit import CaseRecord

Must = Literal["fail", "pass"]
Came = Literal["passed", "failed", "missing"]
MOST_FAILING = 4  # canaries that must fail, per file: one per kind of assertion it uses
SPARE = ("row", "column", "box", "blank", "grid", "puzzle", "cell", "value", "board", "digit")
LOCALS = ("given", "found", "expected", "actual", "answer", "wanted")  # what a canary compares
TOKEN = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^A-Za-z\d]+")  # words, numbers, the rest
IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
LITTLE = frozenset({"the", "and", "for", "with", "its", "from", "into", "that", "this"})
TRIES = 64  # names tried by swapping a word, before one is made longer


@dataclass(frozen=True)
class Canary:
    test: Listed  # its name, its selector and the teacher's file it is planted in
    must: Must


@dataclass(frozen=True)
class Planted:
    """One of the teacher's test files with its canaries."""

    text: str
    canaries: tuple[Canary, ...] = ()


class Namer:
    """New names shaped like the course's, never one the files use, and the values the canaries
    compare: chosen at random by the supervisor for every stage."""

    def __init__(self, rng: random.Random, taken: Iterable[str]) -> None:
        self.rng = rng
        self.taken = set(taken)

    def named(self, like: Sequence[str], count: int) -> list[str]:
        """`count` new names, each one of `like` with one word (not its first) swapped."""
        found = {w.lower() for name in like for w in _words(name) if len(w) > 2}
        vocabulary = sorted((found - LITTLE) | {*SPARE})
        return [self._new(like, vocabulary) for _ in range(count)]

    def pair(self) -> tuple[int, int]:
        """Two different digits, the smaller first."""
        low, high = sorted(self.rng.sample(range(1, 10), 2))
        return low, high

    def locals(self) -> tuple[str, str]:
        """Two names for what a canary compares, used nowhere in the files (a macro of the
        teacher's headers among them)."""
        free = [name for name in LOCALS if name not in self.taken]
        first, second = free[:2] if len(free) > 1 else self.named(LOCALS, 2)
        return first, second

    def _new(self, like: Sequence[str], vocabulary: Sequence[str]) -> str:
        for tries in range(TRIES * 2):
            name = self._swapped(self.rng.choice(like), vocabulary, longer=tries >= TRIES)
            if name not in self.taken:
                self.taken.add(name)
                return name
        raise RuntimeError(f"no new name like {like[0]!r}")  # 10 spare words: never

    def _swapped(self, template: str, vocabulary: Sequence[str], longer: bool) -> str:
        tokens = TOKEN.findall(template)
        words = [k for k, token in enumerate(tokens) if k and token[0].isalpha()]
        own = {token.lower() for token in tokens}
        word = self.rng.choice([w for w in vocabulary if w not in own] or SPARE)
        if longer or not words:
            snake = "_" in template or template.islower()
            tokens += ["_", word] if snake else [word.capitalize()]
        else:
            at = self.rng.choice(words)
            tokens[at] = _cased(word, tokens[at])
        return "".join(tokens)


def planted(
    framework: Framework, tests: Sequence[Path], given: Sequence[Path], rng: random.Random
) -> dict[str, Planted]:
    """Each of `tests` (the teacher's test files of a stage) with its canaries, by file name;
    names new to every file of the stage (`given` too)."""
    texts = {path: path.read_text(encoding="utf-8", errors="surrogateescape") for path in tests}
    others = [p.read_text(encoding="utf-8", errors="replace") for p in given]
    namer = Namer(rng, identifiers([*texts.values(), *others]))
    return {path.name: framework.plant(path, text, namer) for path, text in texts.items()}


Checks = list[tuple[Must, tuple[str, ...]]]  # each canary's: its outcome, what it asserts


def checks(calls: Sequence[tuple[str, str, str]], a: str, b: str) -> Checks:
    """What the canaries assert, with `calls` (an assertion, the arguments that fail it and
    those that pass it, over values `{a}` < `{b}`): one canary per call that must fail it, then
    one that must pass every call."""

    def said(callee: str, arguments: str) -> str:
        return f"{callee}({arguments.format(a=a, b=b)})"

    failing: Checks = [("fail", (said(callee, fails),)) for callee, fails, _ in calls]
    return [*failing, ("pass", tuple(said(callee, passes) for callee, _, passes in calls))]


def identifiers(texts: Iterable[str]) -> set[str]:
    return {word for text in texts for word in IDENTIFIER.findall(text)}


def forged(
    canaries: Sequence[Canary],
    course: Sequence[Listed],
    cases: Sequence[CaseRecord],
    name: Callable[[str, str], str],
) -> str:
    """Why a run's report is forged ("" when it is not): `canaries` and the course's tests
    (`course`) ran together, and the report says `cases`; `name` names a testcase as its test."""
    reported: dict[str, list[str]] = {}
    for case in cases:
        reported.setdefault(name(case.classname, case.name), []).append(case.status)
    credited = {t.file.name for t in course if _came(reported.get(t.name)) == "passed"}
    for canary in canaries:
        came = _came(reported.get(canary.test.name))
        expected: Came = "passed" if canary.must == "pass" else "failed"
        if came == "passed" and canary.must == "fail":
            return "a test the harness added, which must fail, is reported passed"
        if came != expected and canary.test.file.name in credited:
            return f"a test the harness added, which must {canary.must}, is {_said(came)}"
    return ""


def _came(statuses: Sequence[str] | None) -> Came:
    if not statuses:
        return "missing"
    return "passed" if all(status == "passed" for status in statuses) else "failed"


def _said(came: Came) -> str:
    return "not in the report" if came == "missing" else f"reported {came}"


def of_files(planted: Mapping[str, tuple[Canary, ...]], files: Iterable[str]) -> list[Canary]:
    """The canaries planted in `files` (by name), each file once."""
    return [canary for file in dict.fromkeys(files) for canary in planted.get(file, ())]


def unnamed(text: str, canaries: Iterable[Canary]) -> str:
    """`text` without its lines that name a canary (output or a compiler's words, shown)."""
    names = [re.escape(canary.test.name.rsplit(".", 1)[-1]) for canary in canaries]
    named = re.compile(rf"(?<![\w$])(?:{'|'.join(names)})(?![\w$])")
    if not names or not named.search(text):
        return text
    return "\n".join(line for line in text.split("\n") if not named.search(line))


def _words(name: str) -> list[str]:
    return [token for token in TOKEN.findall(name) if token[0].isalpha()]


def _cased(word: str, like: str) -> str:
    if len(like) > 1 and like.isupper():
        return word.upper()
    return word.capitalize() if like[0].isupper() else word
