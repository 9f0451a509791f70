"""The autograder zip a teacher uploads to Gradescope for one assignment.

    autograder.zip     unpacked by Gradescope into /autograder/source ($ROOT/source)
      setup.sh         installs the harness (Gradescope runs it once, as root, building the image)
      run_autograder   grades $ROOT/submission into $ROOT/results/results.json, for every submission
                       (Gradescope copies it to $ROOT/run_autograder)
      pyproject.toml, README.md, harness/ (no caches): the harness, installed from $ROOT/source
      config.yaml, testcases/...: the assignment's config and suites, and its reference when a
                       time limit is calibrated from it

Decisions:
- The zip's root is what Gradescope unpacks into /autograder/source, so the harness's sources sit
  at the root beside the two scripts (a `source/` folder in the zip would land in
  /autograder/source/source).
- The zip's config.yaml holds the teacher's `languages:` and this assignment only; `examples:` and
  the similarity `starter:` are dropped (not shipped; under the course's own tests the starter is
  kept and shipped, since a student's header may define the macros its header does),
  `reference:` too unless an item's `time_from_reference` needs it (a reference solution is
  shipped only when grading needs it), `runtime:` is left out (its interpreter and working folder
  are this machine's). The league's `baselines:` are kept but not used: on Gradescope the
  submission is timed alone. YAML comments are not kept. Every path the assignment names must be
  relative and inside config.yaml's folder: it keeps its place under $ROOT/source. The package is
  not a check of the assignment: run `sudoku-harness check -a NAME`.
- setup.sh installs python3 and pip when missing (Gradescope's Ubuntu base images; the harness
  needs Python 3.10+, so Ubuntu 22.04 or later), the build tools of the assignment's languages
  (`g++`, `gcc`: the first word of each `build:` command, taken as the apt package's name), then
  `pip install $ROOT/source`, with the `notebook` extra when the assignment runs notebooks.
- run_autograder runs `python3 -I -m harness.integrations.gradescope`
  (harness/integrations/gradescope.py: it grades one submission, times the league if the assignment
  has one, writes results.json) with one job, its stdout to /dev/null and its stderr to
  results/harness.log: nothing is ever printed on stdout. If that writes no results.json (the
  harness failed, or ran past AUTOGRADER_TIMEOUT seconds, 540 by default, inside Gradescope's
  default 10 minutes), run_autograder writes one itself: score 0 and an output saying the
  autograder failed on our side, not the student's; the log's tail goes to stderr (never stdout),
  for the staff's view of the run.
- Both scripts take the root from $AUTOGRADER_ROOT (default
  /autograder) and run_autograder the interpreter from $AUTOGRADER_PYTHON (default python3), so a
  test can run them in a temporary tree.
- The zip is built from a source checkout (pyproject.toml beside the harness package) and is
  reproducible: entries sorted, fixed timestamps, scripts 0755 and files 0644 in external_attr;
  it is written atomically.
"""

from __future__ import annotations

import os
import shlex
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

import harness
from harness.config import AssignmentConfig, Config, load_config
from harness.errors import BadInput
from harness.yamlfile import read_yaml

SCRIPT_MODE = 0o100755  # regular file, rwxr-xr-x
FILE_MODE = 0o100644
STAMP = (1980, 1, 1, 0, 0, 0)  # the zip format's earliest date: the same bytes on every build
SKIPPED = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}

SETUP = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image: it installs the
# sudoku-harness from $ROOT/source (this zip, unpacked) with what grading {assignment} needs.
# Choose a base image with Python 3.10 or later (Ubuntu 22.04 or later).
set -euo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
missing=()
command -v python3 >/dev/null 2>&1 || missing+=(python3)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
for package in {packages}; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${{#missing[@]}}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${{missing[@]}}"
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  echo "setup.sh: sudoku-harness needs Python 3.10 or later: use Ubuntu 22.04 or later" >&2
  exit 1
fi
# Gradescope's image is the autograder's alone: installing into the system Python is fine.
PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --no-cache-dir "$ROOT/source{extra}"
"""

RUN = """\
#!/usr/bin/env bash
# Gradescope runs this for every submission: it grades $ROOT/submission as {assignment} and
# writes $ROOT/results/results.json. Nothing goes to stdout (students' prints must never mix
# with results); the harness's log is results/harness.log. When the harness writes no
# results.json, this writes one: score 0, and the autograder failed on our side, not theirs.
set -u
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
PYTHON="${{AUTOGRADER_PYTHON:-python3}}"
LIMIT="${{AUTOGRADER_TIMEOUT:-540}}"
RESULTS="$ROOT/results/results.json"
LOG="$ROOT/results/harness.log"
mkdir -p "$ROOT/results"
rm -f "$RESULTS"
cd "$ROOT" || exit 1
timeout --kill-after=10 "$LIMIT" "$PYTHON" -I -m harness.integrations.gradescope \\
  "$ROOT/submission" --assignment {assignment} --config "$ROOT/source/config.yaml" \\
  --results "$RESULTS" \\
  --jobs 1 >/dev/null 2>>"$LOG"
status=$?
if [ ! -s "$RESULTS" ]; then
  cat >"$RESULTS.tmp" <<EOF
{{"score": 0,
 "output": "The autograder failed on our side, not yours (harness exit status $status): this \\
is not your score. Please tell the course staff; they can see what went wrong.",
 "output_format": "text", "stdout_visibility": "hidden", "tests": [],
 "extra_data": {{"harness_exit_status": $status}}}}
EOF
  mv "$RESULTS.tmp" "$RESULTS"
  tail -n 40 "$LOG" >&2
fi
exit 0
"""


def build(config_path: Path, assignment: str, output: Path) -> Path:
    """Write the autograder zip for `assignment` to `output`; BadInput for an unknown
    assignment, a path outside config.yaml's folder, or an installed (not checked-out) harness."""
    config = load_config(config_path)
    settings = config.assignment(assignment)
    files = {**_harness_files(), **_assignment_files(config, settings)}
    texts = {
        "setup.sh": setup_script(config, assignment),
        "run_autograder": RUN.format(assignment=shlex.quote(assignment)),
        "config.yaml": packaged_config(config, assignment),
    }
    _write_zip(output, files, texts)
    return output


def setup_script(config: Config, assignment: str) -> str:
    extra = "[notebook]" if runs_notebooks(config, assignment) else ""
    packages = " ".join(shlex.quote(p) for p in toolchain_packages(config, assignment))
    return SETUP.format(assignment=assignment, packages=packages, extra=extra)


def toolchain_packages(config: Config, assignment: str) -> list[str]:
    """The Debian or Ubuntu packages of the assignment's languages' toolchains: each language's
    `packages:` (`openjdk-17-jdk-headless junit5`), else the first word of its build command
    (`g++`, `gcc`), none for Python."""
    settings = config.assignment(assignment)
    names = [*(settings.program.languages if settings.program else ())]
    names += [settings.tests.language] if settings.tests else []
    found: list[str] = []
    for language in (config.languages[name] for name in names):
        found += language.packages or language.build[:1]
    return sorted(set(found))


def runs_notebooks(config: Config, assignment: str) -> bool:
    """Whether some item runs the submission's notebook (the `notebook` extra)."""
    settings = config.assignment(assignment)
    return any((cfg.shape or settings.shape) == "notebook" for cfg in settings.items.values())


def packaged_config(config: Config, assignment: str) -> str:
    """config.yaml for the zip: `languages:` and this assignment (see the module docstring)."""
    raw = read_yaml(config.source)
    kept: dict[str, Any] = dict(raw["assignments"][assignment])
    kept.pop("examples", None)
    if config.assignment(assignment).tests is None:  # for similarity across a class; under a
        kept.pop("starter", None)  # course's tests, a student's header may define its macros
    if not _calibrated(config.assignment(assignment)):
        kept.pop("reference", None)
    data = {"languages": raw.get("languages", {}), "assignments": {assignment: kept}}
    header = f"# sudoku-harness configuration for {assignment}, packaged for Gradescope.\n"
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def _calibrated(settings: AssignmentConfig) -> bool:
    return any(item.time_from_reference for item in settings.items.values())


def _harness_files() -> dict[str, Path]:
    package = Path(harness.__file__).resolve().parent
    root = package.parent
    if not (root / "pyproject.toml").is_file():
        raise BadInput(
            f"{package}: not a source checkout of sudoku-harness (no pyproject.toml beside it): "
            "build the Gradescope package from one"
        )
    files = {name: root / name for name in ("pyproject.toml", "README.md")}
    files.update({p.relative_to(root).as_posix(): p for p in _tree(package)})
    return files


def _assignment_files(config: Config, settings: AssignmentConfig) -> dict[str, Path]:
    """The suites, the league's suites, and the reference when a limit is calibrated from it."""
    paths = [*settings.suites, *(settings.league.suites.values() if settings.league else ())]
    paths += [*_test_files(config, settings)]
    paths += [_as_written(config, file) for file in settings.starter.files if settings.tests]
    if settings.reference is not None and _calibrated(settings):
        paths.append(settings.reference)
    files: dict[str, Path] = {}
    for path in paths:
        where = _inside(config, path)
        found = config.path(path)
        for file in [found] if found.is_file() else _tree(found):
            files[(where / file.relative_to(found)).as_posix()] = file
    return files


def _test_files(config: Config, settings: AssignmentConfig) -> list[Path]:
    """The teacher's test files (visible, hidden, given), as config.yaml names them."""
    tests = settings.tests
    files = [*tests.files, *tests.hidden, *tests.given] if tests else []
    return [_as_written(config, file) for file in files]


def _as_written(config: Config, file: Path) -> Path:
    """A path config.yaml names, as it names it (relative to its folder)."""
    return file.relative_to(config.root) if file.is_absolute() else file


def _inside(config: Config, path: Path) -> PurePosixPath:
    """`path`'s place in the zip: it must be relative and stay inside config.yaml's folder."""
    relative = PurePosixPath(path.as_posix())
    if path.is_absolute() or ".." in relative.parts:
        raise BadInput(
            f"{config.source}: {path}: the Gradescope package needs paths inside config.yaml's "
            "folder, written relative to it"
        )
    return relative


def _tree(folder: Path) -> Iterator[Path]:
    """The files under `folder`, sorted, caches and hidden files left out."""
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and not any(p in SKIPPED or p.startswith(".") for p in parts):
            yield path


def _write_zip(output: Path, files: dict[str, Path], texts: dict[str, str]) -> None:
    """Write the zip beside `output`, then rename it over `output`."""
    output.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle, zipfile.ZipFile(handle, "w") as archive:
            for name in sorted({*files, *texts}):
                data = texts[name].encode() if name in texts else files[name].read_bytes()
                archive.writestr(_entry(name), data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, output)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (
        SCRIPT_MODE if name in ("setup.sh", "run_autograder") else FILE_MODE
    ) << 16
    return info
