"""Kinds of submission: how each is run. A Protocol (harness.kinds.base.Kind) plus one registry
keyed by config.yaml's `shape:` (config.py's `Shape`): a kind the literal names and the registry
lacks is a type error (`kind` then misses a return), not a KeyError at grading time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import get_args

from harness.config import Config
from harness.config import Shape as ShapeName
from harness.errors import BadInput
from harness.kinds.base import Kind
from harness.kinds.board_classes.kind import BoardClasses
from harness.kinds.driven.kind import Driven
from harness.kinds.function_library.kind import FunctionLibrary
from harness.kinds.notebook.kind import Notebook
from harness.kinds.stdin_program.kind import StdinProgram
from harness.kinds.unit_tests.kind import UnitTests


def kind(name: ShapeName) -> Kind:
    """The kind config.yaml's `shape: name` runs; register a new kind here and in the literal."""
    match name:
        case "function-library":
            return FunctionLibrary()
        case "board-classes":
            return BoardClasses()
        case "stdin-program":
            return StdinProgram()
        case "notebook":
            return Notebook()
        case "driven":
            return Driven()
        case "unit-tests":
            return UnitTests()


KINDS: Mapping[ShapeName, Kind] = {name: kind(name) for name in get_args(ShapeName)}


def suffixes_for(config: Config, name: str) -> tuple[str, ...]:
    """The source file suffixes that make a folder a submission of assignment `name`."""
    assignment = config.assignment(name)
    try:
        return KINDS[assignment.shape].suffixes(assignment, config.languages)
    except BadInput as err:
        raise BadInput(f"{config.source}: assignments.{name}: {err}") from None
