"""The closed set of verdicts (Kattis / DOMjudge vocabulary)."""

from __future__ import annotations

import enum


class Verdict(str, enum.Enum):
    AC = "AC"  # accepted
    WA = "WA"  # wrong answer
    TLE = "TLE"  # time limit exceeded
    MLE = "MLE"  # memory limit exceeded
    OLE = "OLE"  # output limit exceeded (printed too much, or returned too much)
    RE = "RE"  # run-time error: raised, crashed, exited
    CE = "CE"  # could not load: syntax error, import-time failure, missing function
    IE = "IE"  # internal error: the harness's fault, never counted against the student

    @property
    def passed(self) -> bool:
        return self is Verdict.AC
