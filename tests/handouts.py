"""The handouts' own examples, as config.yaml declares them (the YAML is their one home now that
the seed assignments are data): the COSC 130 first-page puzzle, IIT Delhi's valid_list lists."""

from __future__ import annotations

from pathlib import Path

from harness.config import load_config
from harness.puzzles import sudoku
from harness.records.evidence import Grid

_CONFIG = load_config(Path(__file__).resolve().parents[1] / "config.yaml")
_OPTIONS = _CONFIG.assignment("sudoku-script").items["get_options"].examples
_LISTS = _CONFIG.assignment("sudoku-functions").items["valid_list"].examples

HANDOUT_PUZZLE: Grid = sudoku.freeze(_OPTIONS[0].args[0])
HANDOUT_LISTS: tuple[tuple[tuple[int, ...], bool], ...] = tuple(
    (tuple(example.args[0]), not sudoku.has_repeat(example.args[0])) for example in _LISTS
)
