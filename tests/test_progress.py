"""The progress bar of a long run: where a resumed run starts, and how long it says is left.

No terminal is involved: the bar is drawn on a recording console, on a clock the test moves.
"""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from harness.cli import progress
from harness.grading.journal import Header, Journal
from harness.grading.resume import JOURNAL, journaled
from harness.records.results import SubmissionResult


def _result(name: str) -> SubmissionResult:
    return SubmissionResult(name, 10, 10, "graded", "", ())


def _journal(folder: Path, graded: int, total: int = 8) -> None:
    with Journal.start(folder / JOURNAL, Header("sudoku-functions", "f" * 64, total)) as journal:
        for k in range(graded):
            journal.append(_result(f"s{k}"))


def _shown(bar: Progress) -> str:
    console = Console(file=io.StringIO(), force_terminal=False, width=120, color_system=None)
    console.print(bar.get_renderable())
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def test_a_resumed_run_counts_what_its_journal_holds(tmp_path: Path) -> None:
    _journal(tmp_path, graded=3)
    assert journaled(tmp_path, resume=True) == 3
    assert journaled(tmp_path, resume=False) == 0  # a fresh run (refused later: a journal is there)
    assert journaled(None, resume=False) == 0
    assert journaled(tmp_path / "new", resume=True) == 0  # nothing kept yet


def test_a_resumed_bar_starts_at_the_journaled_count() -> None:
    now = [0.0]
    bar = progress.new_bar(Console(file=io.StringIO()), get_time=lambda: now[0])
    progress.add_task(bar, total=8, done=3)
    assert bar.tasks[0].completed == 3
    assert "3/8" in _shown(bar)


def test_the_estimate_is_the_mean_time_per_submission_times_those_left() -> None:
    assert progress.remaining(elapsed=3.0, finished=3, left=5) == 5.0
    assert progress.remaining(elapsed=63.0, finished=4, left=4) == 63.0  # one took a minute
    assert progress.remaining(elapsed=5.0, finished=0, left=5) is None  # nothing to go by yet
    assert progress.remaining(elapsed=5.0, finished=5, left=0) == 0.0


def test_one_slow_submission_moves_the_time_left() -> None:
    """Three take a second each, one a minute, two more a second each: 65 s for 6 of 10, so
    about 43 s are left. (Rich's own column averages the last 30 s only: it would say 4 s.)"""
    now = [0.0]
    bar = progress.new_bar(Console(file=io.StringIO()), get_time=lambda: now[0])
    task = progress.add_task(bar, total=10, done=0)
    for moment in (1, 2, 3, 63, 64, 65):
        now[0] = float(moment)
        bar.update(task, advance=1)
    assert "0:00:43" in _shown(bar)


def test_the_estimate_of_a_resumed_run_counts_only_what_it_graded() -> None:
    """Five were in the journal; this run graded one in 30 s: 4 left take about 2 minutes."""
    now = [0.0]
    bar = progress.new_bar(Console(file=io.StringIO()), get_time=lambda: now[0])
    task = progress.add_task(bar, total=10, done=5)
    now[0] = 30.0
    bar.update(task, advance=1)
    assert "6/10" in _shown(bar) and "0:02:00" in _shown(bar)
