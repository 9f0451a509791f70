"""`new`'s guesses tried where they can be: the reference run in the sandbox (the harness's own
worker processes, as `check` runs it) under each candidate, keeping the first under which it
scores full marks.

Tried: the index base and the blank (the conventions: the guessed pair first, then the other
base, then blank 0), and for each item that loads a puzzle file (role `load`) the file's format:
the separator, how a blank is written, and whether the last line ends. Every format is an item
of its own in one run (`function:` the loader), so a run per pair of conventions, at most four,
and one when the guess is right. What no candidate gives full marks keeps its guess, and says
what the reference scored on it.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from harness.config import load_config
from harness.errors import BadInput, InternalError
from harness.grading.answers import answered
from harness.grading.plan import make_plan
from harness.grading.run import grade_all
from harness.kinds.registry import suffixes_for
from harness.records.results import SubmissionResult
from harness.submissions import discover
from harness.vocabulary import FileFormat

SEPARATORS = (" ", "", ",")  # the guess's (" ") first
FILE_BLANKS: tuple[str | None, ...] = (None, ".", "0", "_", "x")  # None: as the conventions'
TRIED = "__format"  # a tried format's item: `load_puzzle__format3`


@dataclass(frozen=True)
class Tried:
    """What running the reference chose, and what it scored under the choice."""

    conventions: dict[str, Any]  # index_base and blank, as chosen
    files: dict[str, FileFormat]  # a load item's format that it reads in full
    marks: dict[str, tuple[float, float]]  # each item's (the reference's marks, the most)
    runs: int  # gradings of the reference
    formats: int  # file formats tried per load item
    inherited: tuple[str, ...] = ()  # items given a file in their loader's format


def tried(trial: Path, name: str, markers: Sequence[str] = (), jobs: int = 1) -> Tried:
    """Run the reference of assignment `name` in `trial` (a config.yaml that loads and plans)
    under each candidate; `trial` is rewritten for each and left with the last. `markers`: the
    blank markers the source compares cells with, tried first (a loader that reads both `.` and
    `0` is given `.` when its source names it: the course's files most likely hold it)."""
    data = yaml.safe_load(trial.read_text(encoding="utf-8"))
    entry: dict[str, Any] = data["assignments"][name]
    loads, readers = _file_items(entry)
    varied = loads or readers  # a solver given a file takes its loader's format, if any
    formats = _formats(entry.get("conventions", {}).get("blank", 0), markers)
    best: tuple[int, Tried] | None = None
    runs = 0
    for conventions in _conventions(entry.get("conventions", {})):
        runs += 1
        result = _run(trial, data, name, conventions, {item: formats for item in varied}, jobs)
        if result is None:
            continue
        found = _chosen(entry, conventions, _marks(result), varied, formats)
        judged = [m for item, m in found.marks.items() if item not in readers or not loads]
        full = sum(_full(m) for m in judged)
        if best is None or full > best[0]:
            best = (full, found)
        if full == len(judged):
            break
    if best is None:  # the guess plans (scaffold.py): only another candidate can fail
        raise InternalError(f"{trial}: the reference fails under every convention tried")
    chosen = best[1]
    if loads and readers and loads[0] in chosen.files:  # its solver read the loader's format
        files = {**chosen.files, **{item: chosen.files[loads[0]] for item in readers}}
        runs += 1
        single = {item: [fmt] for item, fmt in files.items()}
        result = _run(trial, data, name, chosen.conventions, single, jobs)
        if result is not None:
            chosen = replace(chosen, files=files, marks=_marks(result), inherited=tuple(readers))
    return replace(chosen, runs=runs, formats=len(formats))


def _file_items(entry: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The items that load a puzzle file (role load), and the others given one (args: file)."""
    items: dict[str, dict[str, Any]] = entry["items"]
    loads = [item for item, cfg in items.items() if cfg.get("role") == "load"]
    readers = [
        item for item, cfg in items.items() if item not in loads and "file" in cfg.get("args", ())
    ]
    return loads, readers


def _marks(result: SubmissionResult) -> dict[str, tuple[float, float]]:
    return {i.name: (i.marks, i.max_marks) for i in result.items}


def _conventions(guessed: dict[str, Any]) -> list[dict[str, Any]]:
    """The guessed index base and blank first, then the other base, then blank 0."""
    base, blank = guessed.get("index_base", 0), guessed.get("blank", 0)
    pairs = [(base, blank), (1 - base, blank), (base, 0), (1 - base, 0)]
    unique = list(dict.fromkeys(pairs))
    return [{**guessed, "index_base": b, "blank": k} for b, k in unique]


def _formats(blank: Any, markers: Sequence[str] = ()) -> list[FileFormat]:
    """The file formats to try: space-separated first, the markers the source names first,
    then the conventions' own blank; a blank written as the conventions already write it is
    not tried twice."""
    same = None if blank is None else str(blank)
    blanks = [m if m != same else None for m in markers]
    blanks = list(dict.fromkeys([*blanks, *FILE_BLANKS]))
    found = []
    for separator, written, final in itertools.product(SEPARATORS, blanks, (False, True)):
        if written is not None and written == same:
            continue
        found.append(FileFormat(separator=separator, blank=written, final_newline=final))
    return found


def _run(
    trial: Path,
    data: dict[str, Any],
    name: str,
    conventions: dict[str, Any],
    formats: Mapping[str, Sequence[FileFormat]],
    jobs: int,
) -> SubmissionResult | None:
    """The reference graded once under `conventions`: an item given one format is graded in
    it; one given several, in each as an item of its own (`ITEM__formatK`). None when the
    reference fails a call whose answer is its own (role reference) under them."""
    tried_data = copy.deepcopy(data)
    entry = tried_data["assignments"][name]
    entry["conventions"] = conventions
    for item, listed in formats.items():
        if len(listed) == 1:
            entry["items"][item]["file"] = listed[0].model_dump(exclude_defaults=True)
            continue
        for index, fmt in enumerate(listed):
            variant = {k: v for k, v in entry["items"][item].items() if k not in ("uses", "file")}
            variant["file"] = fmt.model_dump(exclude_defaults=True)
            entry["items"][f"{item}{TRIED}{index}"] = {**variant, "function": item}
    trial.write_text(yaml.safe_dump(tried_data, sort_keys=False), encoding="utf-8")
    config = load_config(trial)
    try:
        plan = answered(config, make_plan(config, name))  # role reference: its own answers
    except BadInput:
        return None
    assignment = config.assignment(name)
    assert assignment.reference is not None  # `new` writes one
    found = discover(config.path(assignment.reference), suffixes_for(config, name))
    return grade_all(plan, found[:1], jobs).submissions[0]


def _chosen(
    entry: dict[str, Any],
    conventions: dict[str, Any],
    marks: dict[str, tuple[float, float]],
    varied: list[str],
    formats: list[FileFormat],
) -> Tried:
    """Under one pair of conventions: each varied item's first format read in full, and each
    item's marks (a varied item's under that format, or under the guess when none is)."""
    files: dict[str, FileFormat] = {}
    chosen: dict[str, tuple[float, float]] = {}
    for item in entry["items"]:
        chosen[item] = marks.get(item, (0.0, 0.0))
        if item not in varied:
            continue
        for index, fmt in enumerate(formats):
            got = marks.get(f"{item}{TRIED}{index}", (0.0, 0.0))
            if _full(got):
                files[item], chosen[item] = fmt, got
                break
    kept: dict[str, Any] = {k: conventions[k] for k in ("index_base", "blank") if k in conventions}
    return Tried(kept, files, chosen, 0, len(formats))


def _full(marks: tuple[float, float]) -> bool:
    return marks[1] > 0 and abs(marks[0] - marks[1]) < 0.005
