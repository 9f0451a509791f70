"""Shared helpers: grading through the real pipeline (real worker processes), golden files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harness.config import load_config
from harness.grading import grade_all
from harness.plan import Plan, make_plan
from harness.report import Report
from harness.submissions import discover

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
DATASETS = REPO.parent / "shared" / "datasets"
JOBS = os.cpu_count() or 1


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden files")


def plan_for(config: Path, assignment: str) -> Plan:
    return make_plan(load_config(config), assignment)


def grade_path(plan: Plan, path: Path, jobs: int = JOBS) -> Report:
    return grade_all(plan, discover(path, (".py",)), jobs)
