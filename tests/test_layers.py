"""Rendering a report loads records and shared ground only: each writer, imported in a fresh
interpreter, brings no part of the grading engine with it (the import-linter contracts in
pyproject.toml say the same statically; this counts what really loads)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

WRITERS = (
    "harness.writers.table",
    "harness.writers.gradebook",
    "harness.writers.canvas",
    "harness.writers.moodle",
    "harness.writers.diff",
    "harness.writers.junit",
    "harness.writers.gradescope",
    "harness.writers.outputs",
    "harness.writers.pages.write",
    "harness.records.results",
)
SHARED_GROUND = {
    "harness",
    "harness.atomic",
    "harness.errors",
    "harness.logs",
    "harness.limits",
    "harness.text",
}
ALLOWED_PACKAGES = ("harness.records", "harness.writers")
ENGINE_THIRD_PARTY = ("pydantic", "yaml", "typer", "multiprocessing_logging", "distributed")

LOADED = """
import json, sys
import {module}
print(json.dumps(sorted(sys.modules)))
"""


def loaded_by(module: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", LOADED.format(module=module)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    names: list[str] = json.loads(done.stdout)
    return names


def _outside_the_layer(names: list[str]) -> list[str]:
    harness = [n for n in names if n == "harness" or n.startswith("harness.")]
    return [n for n in harness if n not in SHARED_GROUND and not n.startswith(ALLOWED_PACKAGES)]


@pytest.mark.parametrize("module", WRITERS)
def test_a_writer_loads_records_and_shared_ground_only(module: str) -> None:
    names = loaded_by(module)
    assert module in names
    assert not _outside_the_layer(names), _outside_the_layer(names)
    assert not [n for n in names if n.split(".")[0] in ENGINE_THIRD_PARTY]


def test_the_count_would_catch_an_engine_import() -> None:
    """The check can fail: importing the judge beside a writer loads the engine's modules."""
    names = loaded_by("harness.writers.table, harness.grading.judge")
    assert "harness.grading.judge" in _outside_the_layer(names)


def test_an_upward_import_breaks_the_layering_contract(tmp_path: Path) -> None:
    """CI's `lint-imports` fails on an import that climbs: records importing the judge."""
    shutil.copytree(REPO / "harness", tmp_path / "harness")
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    kept = run_lint_imports(tmp_path)
    assert kept.returncode == 0, kept.stdout
    verdicts = tmp_path / "harness" / "records" / "verdicts.py"
    verdicts.write_text(verdicts.read_text() + "\nfrom harness.grading import judge  # noqa\n")
    broken = run_lint_imports(tmp_path)
    assert broken.returncode != 0
    assert "harness.records.verdicts -> harness.grading.judge" in broken.stdout


def run_lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    lint = Path(sys.executable).with_name("lint-imports")
    command = [str(lint)] if lint.exists() else [sys.executable, "-m", "importlinter.cli"]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [*command, "--no-cache"], cwd=root, env=env, capture_output=True, text=True, check=False
    )
