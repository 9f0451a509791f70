"""The documentation site: it builds strictly (no broken link or anchor), and its reference pages,
generated from the code, cover every config key, every option and every key of the JSON report."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from docsite import cli_reference, config_reference, report_reference
from docsite.comments import field_comments
from docsite.generated import filled
from harness.cli.app import PANELS, app
from harness.config import AssignmentConfig, Config
from harness.kinds.registry import KINDS
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden"
REFERENCE = ("cli", "config", "report")  # the generated pages


def test_the_site_builds_strictly_with_its_generated_pages(tmp_path: Path) -> None:
    built = _build(REPO, tmp_path / "site")
    assert built.returncode == 0, built.stderr
    pages = {n: (tmp_path / "site" / "reference" / n / "index.html").read_text() for n in REFERENCE}
    assert "--report-for-students" in pages["cli"]
    assert "wall_budget" in pages["config"] and "outlier_min_class" in pages["config"]
    assert "not_run" in pages["report"] and "expected_at" in pages["report"]
    assert "<!-- generated" not in "".join(pages.values())


def test_a_broken_link_or_anchor_fails_the_build(tmp_path: Path) -> None:
    copy = tmp_path / "checkout"
    for part in ("docs", "docsite"):
        shutil.copytree(REPO / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "mkdocs.yml", copy / "mkdocs.yml")
    page = copy / "docs" / "how-to" / "grade.md"
    page.write_text(page.read_text() + "\n[gone](nowhere.md), [no such place](dask.md#nope)\n")
    built = _build(copy, tmp_path / "site")
    assert built.returncode != 0
    assert "nowhere.md" in built.stderr and "#nope" in built.stderr


def _build(checkout: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of a checkout's site, as CI runs it."""
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=checkout,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_config_key_has_a_type_default_and_description() -> None:
    schema = Config.model_json_schema()
    rendered = config_reference.render()
    for section in config_reference.sections(schema):
        for key in section.schema["properties"]:
            assert f"| `{key}` |" in rendered, (section.where, key)
    assert "source" not in schema["properties"]  # set by load_config, never a key of the file
    named = {s.name for s in config_reference.sections(schema)}
    assert named == {"Config", *schema["$defs"]}  # every model has its section


def test_the_shapes_the_config_reference_names_are_the_registrys() -> None:
    said = AssignmentConfig.model_fields["shape"].description or ""
    assert all(f"`{name}`" in said for name in KINDS)


def test_the_cli_reference_lists_every_option_of_grade_in_its_panel() -> None:
    commands = {c.path: c for c in cli_reference.commands(app)}
    grade = commands[("grade",)]
    assert [p.panel for p in grade.params if p.argument] == [""]
    assert list(dict.fromkeys(p.panel for p in grade.params if not p.argument)) == list(PANELS)
    assert ("suites", "generate") in commands  # the groups' commands too
    rendered = cli_reference.render(app)
    for param in grade.params:
        assert f"`{param.names[0]}`" in rendered
    assert "CPU count" in rendered and "[bold]" not in rendered


def test_the_report_reference_has_every_key_a_real_report_writes() -> None:
    documented = {obj.where: {key.name for key in obj.keys} for obj in report_reference.objects()}
    for golden in sorted(GOLDEN.glob("*.json")):
        for where, keys in _objects(json.loads(golden.read_text()), ""):
            assert keys <= documented[where], (golden.name, where, keys - documented[where])


def _objects(data: dict[str, Any], where: str) -> list[tuple[str, set[str]]]:
    """Each JSON object of a report, with its place (`submissions[].items[]`) and its keys."""
    found = [(where, set(data))]
    for key, value in data.items():
        place = f"{where}.{key}" if where else key
        if isinstance(value, dict):
            found += _objects(value, place)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    found += _objects(item, place + "[]")
    return found


def test_optional_and_nullable_keys_are_read_from_the_code() -> None:
    keys = {(o.where, k.name): k for o in report_reference.objects() for k in o.keys}
    assert keys[("submissions[].items[].cases[]", "not_run")].optional
    assert not keys[("submissions[].items[].cases[]", "seconds")].optional
    assert keys[("submissions[].flags[]", "line")].json_type == "int | null"
    verdict = keys[("submissions[].items[].cases[]", "verdict")].json_type
    assert verdict.startswith('"AC" | "WA"')
    printed = keys[("submissions[].items[].cases[].printed", "expected_at")].json_type
    assert printed == "[int, int, int] | null"


def test_a_field_the_report_writes_without_a_comment_stops_the_build() -> None:
    from harness.records.results import Flag

    assert set(field_comments(Flag)) == {"rule", "item", "line", "message"}
    with pytest.raises(ValueError, match="no comment"):
        report_reference._key(_Bare, "value", 1, (), "")


@dataclass(frozen=True)
class _Bare:
    value: int


def test_an_unknown_generated_part_stops_the_build() -> None:
    with pytest.raises(KeyError, match="no generated part 'nope'"):
        filled("text\n<!-- generated: nope -->\n", "page.md")
    assert filled("no marker here\n", "page.md") == "no marker here\n"


def test_the_config_and_report_pages_load_nothing_that_runs_code() -> None:
    """Rendering them imports the models and records only: no sandbox, no grading."""
    script = (
        "import sys\n"
        "from docsite import config_reference, report_reference\n"
        "config_reference.render(); report_reference.render()\n"
        "engine = ('sandbox', 'grading', 'executors', 'kinds', 'league', 'calibration', 'cli')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[1:2] and "
        "m.startswith('harness.') and m.split('.')[1] in engine))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]", loaded.stdout
