"""The course's official samples, read where they are (never copied into the project), each with
the tier config.yaml's `samples.tiers` says it names (harness/records/tiers.py).

They are imported as `sudoku-harness suites import` would (the format detected, missing answers
computed) and fed to a program as the suites of their size are fed (`values: letters` or
`decimal`), so a sample and a case of ours reach the program's parser alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.config import SamplesConfig
from harness.errors import BadInput
from harness.puzzles import importers
from harness.puzzles.suites import Case, ValueStyle

SUITE = "official"  # the samples' suite name: rows read "official/sampleio-16x16/b01"


@dataclass(frozen=True)
class Samples:
    """The samples found, or why there are none (`absent`: the folder is not there)."""

    path: Path
    cases: tuple[Case, ...] = ()
    absent: bool = False

    @property
    def checked(self) -> bool:
        return not self.absent


def load(config: SamplesConfig, folder: Path, values: Mapping[int, ValueStyle]) -> Samples:
    """The samples in `folder` with their tiers; `values` is how each size is fed (default
    decimal). Absent when the folder is not there; BadInput when a sample with a solution has
    no tier in `config.tiers`, or a tier names a sample the folder does not hold."""
    if not folder.is_dir():
        return Samples(folder, absent=True)
    cases = importers.import_cases(folder, suite=SUITE)
    found = {case.id for case in cases}
    for name in config.tiers:
        if name not in found:
            raise BadInput.at(f"samples.tiers.{name}", f"no such sample in {folder}")
    return Samples(folder, tuple(_tiered(case, config, values) for case in cases))


def _tiered(case: Case, config: SamplesConfig, values: Mapping[int, ValueStyle]) -> Case:
    tier = config.tiers.get(case.id)
    if tier is None and case.solution is not None:
        raise BadInput.at(
            "samples.tiers", f"{case.id} has no tier (add `{case.id}: basic`, or another tier)"
        )
    return dataclasses.replace(case, tier=tier, values=values.get(case.size, "decimal"))


def value_styles(cases: Sequence[Case]) -> dict[int, ValueStyle]:
    """How the suites feed each size (the first case of the size says it)."""
    styles: dict[int, ValueStyle] = {}
    for case in cases:
        styles.setdefault(case.size, case.values)
    return styles
