"""Tiers: which of the course's official samples a suite case stands beside, by the sample's name.

The course names its samples: the 16x16 files b01, e01 and m01 (basic, easy, medium) and the
handout's 9x9 samples "Easy", "Medium" and "Hard". A case of tier `easy` at 16x16 is one the
panel of student programs meets as it meets e01: a program that solves e01 in time solves it, and
one that misses e01 misses it (`sudoku-harness suites calibrate`, harness/calibration/panel.py). A
tier is not a difficulty: that is measured by the reference solver (harness/puzzles/rating.py), and
e01 itself needs guesses where m01 does not. Standard library only: records are a leaf.
"""

from __future__ import annotations

from typing import Literal, get_args

Tier = Literal["basic", "easy", "medium", "hard"]
TIERS: tuple[Tier, ...] = get_args(Tier)
