"""Submission shapes: how a kind of submission is run. A Protocol plus a registry.

Each shape is a small module implementing `harness.shapes.base.Shape`; config.yaml names one per
assignment (`shape:`). Register new shapes here.
"""

from __future__ import annotations

from collections.abc import Mapping

from harness.config import Config
from harness.errors import BadInput
from harness.shapes.base import Shape
from harness.shapes.board_classes import BoardClasses
from harness.shapes.driven import Driven
from harness.shapes.function_library import FunctionLibrary
from harness.shapes.notebook import Notebook
from harness.shapes.stdin_program import StdinProgram
from harness.shapes.unit_tests import UnitTests

SHAPES: Mapping[str, Shape] = {
    "function-library": FunctionLibrary(),
    "board-classes": BoardClasses(),
    "stdin-program": StdinProgram(),
    "notebook": Notebook(),
    "driven": Driven(),
    "unit-tests": UnitTests(),
}


def suffixes_for(config: Config, name: str) -> tuple[str, ...]:
    """The source file suffixes that make a folder a submission of assignment `name`."""
    assignment = config.assignment(name)
    try:
        return SHAPES[assignment.shape].suffixes(assignment, config.languages)
    except BadInput as err:
        raise BadInput(f"{config.source}: assignments.{name}: {err}") from None
