"""`sudoku-harness similarity PATH`: every pair of submissions compared, ranked, and the pairs
past the threshold flagged (harness/similarity/). It reads the files and never runs them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Optional

import typer
from tabulate import tabulate

from harness.atomic import write_text
from harness.cli.inference import infer
from harness.cli.run import run
from harness.config import AssignmentConfig, Config, find_config, load_config
from harness.errors import ExitCode
from harness.intake import opened, take
from harness.kinds.registry import suffixes_for
from harness.records.results import Report
from harness.similarity import (
    Cache,
    Comparison,
    Fingerprinted,
    compare,
    fingerprinted,
    source_files,
)
from harness.similarity.join import with_similar
from harness.similarity.lexers import LEXERS
from harness.submissions import Submission
from harness.writers.similarity.pages import write_pages
from harness.writers.similarity.to_json import as_json

ARCHIVED = "archive/"  # before the names of earlier years' submissions
SHOWN = 30  # rows of the table printed: the flagged ones and the closest others


def similarity(
    path: Annotated[
        Path,
        typer.Argument(help="Submissions as `grade` reads them: a folder, a zip, a download."),
    ],
    assignment: Annotated[
        Optional[str],  # noqa: UP045 - typer reads this annotation at run time on 3.10 too
        typer.Option("--assignment", "-a", help="Assignment name (default: inferred)."),
    ] = None,
    json_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--json", help="Every pair sharing code, ranked, as JSON to this file."),
    ] = None,
    report_dir: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--report", help="An HTML page per flagged pair, side by side, here."),
    ] = None,
    archive: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--archive",
            help="Earlier years' submissions (folder or zip) to compare each one with too "
            "(default: config.yaml's similarity.archive).",
        ),
    ] = None,
    config: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--config", help="config.yaml to use (default: ./config.yaml or a parent's)."),
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log what it does.")] = False,
) -> None:
    """Find shared code across a class: pairs ranked by the share of each file found in the
    other, the starter's code and the class's boilerplate left out. It flags; it never marks.

    Example: [bold]sudoku-harness similarity submissions/ --report similarity/[/bold]
    """

    def work() -> ExitCode:
        settings = load_config(find_config(config))
        with opened(path, settings.intake, _base(settings)) as download:
            with download.as_given():
                name = infer(settings, download.root, assignment).name
            submissions = take(download, suffixes_for(settings, name)).submissions
            read = read_class(submissions)
        earlier = read_archive(settings, name, archive)
        found = compared(settings, name, read, earlier)
        by_name = {s.name: s for s in [*read, *earlier]}
        if json_file:
            write_text(json_file, as_json(found, by_name, name))
        if report_dir:
            write_pages(report_dir, found, by_name)
        typer.echo(table(found))
        return ExitCode.OK

    run(work, verbose)


def flag_similar(
    report: Report, settings: Config, name: str, submissions: Sequence[Submission]
) -> Report:
    """`grade --similarity`: the flagged pairs on both rows of the report, and one line said."""
    earlier = read_archive(settings, name, None)
    found = compared(settings, name, read_class(submissions), earlier)
    typer.echo(f"similarity: {summary(found)}", err=True)
    return with_similar(report, found)


def read_class(submissions: Sequence[Submission]) -> list[Fingerprinted]:
    cache = Cache()
    return [fingerprinted(s.name, source_files(s.path), cache) for s in submissions]


def read_archive(settings: Config, name: str, given: Path | None) -> list[Fingerprinted]:
    """Earlier years' submissions, named `archive/NAME` (no submission's own name has a `/`):
    `given`, else the assignment's similarity.archive, else none."""
    configured = settings.assignment(name).similarity.archive
    chosen = given or (settings.path(configured) if configured else None)
    if chosen is None:
        return []
    with opened(chosen, settings.intake, _base(settings)) as download:
        submissions = take(download, suffixes_for(settings, name)).submissions
        return [replace(s, name=ARCHIVED + s.name) for s in read_class(submissions)]


def _base(settings: Config) -> Path | None:
    """Where a download's private copy is made: the configured workdir, else system temp."""
    return settings.path(settings.runtime.workdir) if settings.runtime.workdir else None


def compared(
    settings: Config, name: str, read: Sequence[Fingerprinted], archive: Sequence[Fingerprinted]
) -> Comparison:
    chosen = settings.assignment(name)
    return compare(read, starter(settings, chosen), chosen.similarity.settings(), archive)


def starter(settings: Config, assignment: AssignmentConfig) -> frozenset[int]:
    cache = Cache()
    files = [settings.path(p) for p in assignment.starter.files if p.suffix.lower() in LEXERS]
    prints = [fingerprinted(p.name, source_files(p), cache).hashes for p in files]
    return frozenset().union(*prints)


def table(found: Comparison) -> str:
    rows = [
        (rank, p.a, f"{p.share_a:.0%}", p.b, f"{p.share_b:.0%}", p.matched, p.rule or "")
        for rank, p in enumerate(found.pairs[: max(SHOWN, len(found.flagged))], start=1)
    ]
    head = ("#", "a", "of a in b", "b", "of b in a", "shared", "flagged by")
    shown = tabulate(rows, head, disable_numparse=True) if rows else "no two share any code"
    return f"{shown}\n{summary(found)}"


def summary(found: Comparison) -> str:
    archived = f" (and {found.archived} archived)" if found.archived else ""
    return (
        f"{found.submissions} submissions{archived}, {len(found.pairs)} pairs share code, "
        f"{len(found.flagged)} flagged ({_rules(found)}); left out: "
        f"{found.starter_prints} starter and {found.common_prints} common fingerprints"
    )


def _rules(found: Comparison) -> str:
    """How many each rule flagged, and from what share."""
    threshold = f"{len(found.flagged_by('threshold'))} with either side >= {found.threshold:.0%}"
    spread = found.outliers
    if spread is None or spread.cutoff is None:
        return f"{threshold}; no outliers: the rule is off or the class too small"
    return (
        f"{threshold}, {len(found.flagged_by('outlier'))} outliers >= {spread.cutoff:.0%} "
        f"where the class's median is {spread.median:.0%}"
    )
