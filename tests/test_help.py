"""`--help` as a teacher reads it: `grade`'s options grouped in four panels, none left out."""

from __future__ import annotations

import os
import re

import typer
from typer.testing import CliRunner

from harness.cli.app import PANELS, app

PANEL = re.compile(r"^╭─ (.+?) ─")  # a panel's top border names it
# An option's first line starts with its long name (a * before it: required); the lines of help
# text that follow are indented further, so an option named in them is not taken for one.
OPTION = re.compile(r"^│ (?:\* +)?(--[\w-]+)")


def panels(help_text: str) -> dict[str, list[str]]:
    """Each panel of a rich `--help`, in order, with the long options shown in it."""
    shown: dict[str, list[str]] = {}
    current: list[str] = []
    for line in help_text.splitlines():
        if found := PANEL.match(line):
            current = shown.setdefault(found.group(1), [])
        elif found := OPTION.match(line):
            current.append(found.group(1))
    return shown


def long_names(command: str) -> list[str]:
    """The long name of every option the command declares (click adds --help itself)."""
    declared = typer.main.get_command(app).commands[command].params  # type: ignore[attr-defined]
    return [
        next(o for o in p.opts if o.startswith("--"))
        for p in declared
        if p.param_type_name == "option"
    ]


def test_grade_help_groups_every_option_in_the_four_panels() -> None:
    result = CliRunner().invoke(app, ["grade", "--help"])
    assert result.exit_code == 0, result.output
    shown = panels(result.stdout)
    assert list(shown) == ["Arguments", "Options", *PANELS], shown
    assert shown["Options"] == ["--help"]  # click's own option, in typer's default panel
    grouped = [option for panel in PANELS for option in shown[panel]]
    assert sorted(grouped) == sorted(long_names("grade"))
    assert len(grouped) == len(set(grouped))  # each option in one panel


def test_the_panels_hold_what_their_names_say() -> None:
    shown = panels(CliRunner().invoke(app, ["grade", "--help"]).stdout)
    assert {"--assignment", "--config"} <= set(shown["input"])
    assert {"--roster", "--due", "--extensions", "--adjustments"} <= set(
        shown["class and deadlines"]
    )
    assert {"--json", "--csv", "--canvas-csv", "--report"} <= set(shown["outputs"])
    assert {"--jobs", "--out", "--resume", "--isolation"} <= set(shown["running"])


def test_the_default_number_of_jobs_is_said_not_this_machines() -> None:
    """The help (and the reference built from it) reads the same on every machine."""
    result = CliRunner().invoke(app, ["grade", "--help"])
    assert "CPU count" in result.stdout
    assert f"[default: {os.cpu_count()}]" not in result.stdout
