"""`sudoku-harness similarity PATH`: the ranked table, the JSON, the side-by-side pages, on the
fixture class (tests/fixtures/similarity/) laid out as a teacher's folder and as a zip."""

from __future__ import annotations

import json
import shutil
import zipfile
from dataclasses import fields
from pathlib import Path

from typer.testing import CliRunner

from harness.cli.app import app
from harness.cli.similarity import starter
from harness.config import SimilarityConfig, load_config
from harness.records.similarity import Settings
from tests.conftest import FIXTURES, REPO

CLASS = FIXTURES / "similarity"
HOSTILE = '<script>alert("x")</script>'


def a_class(into: Path) -> Path:
    """The original, two disguised copies (one under a hostile name) and the independent ones,
    each a student's folder."""
    into.mkdir()
    shutil.copytree(CLASS / "original", into / "original")
    shutil.copytree(CLASS / "disguised" / "reordered", into / "reordered")
    shutil.copytree(CLASS / "disguised" / "everything", into / "everything")
    for path in (CLASS / "independent").iterdir():
        shutil.copytree(path, into / path.name)
    hostile = into / "everything" / "q.py"
    hostile.write_text(hostile.read_text() + f"\n# {HOSTILE}\n")
    return into


def similarity(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["similarity", *args, "-a", "sudoku-functions"])
    return result.exit_code, result.output


def test_the_table_ranks_the_copies_first_and_flags_them(tmp_path: Path) -> None:
    code, output = similarity(str(a_class(tmp_path / "class")))
    assert code == 0, output
    lines = output.splitlines()
    flagged = [line for line in lines if line.rstrip().endswith("threshold")]
    assert len(flagged) == 3, output
    assert all("original" in line or "everything" in line for line in flagged)
    assert lines[2:5] == flagged
    assert "7 submissions" in lines[-1] and "3 flagged" in lines[-1]


def test_the_json_holds_every_pair_with_both_shares(tmp_path: Path) -> None:
    out = tmp_path / "similarity.json"
    code, output = similarity(str(a_class(tmp_path / "class")), "--json", str(out))
    assert code == 0, output
    document = json.loads(out.read_text())
    pairs = document["pairs"]
    assert [p["flagged"] for p in pairs[:4]] == [True, True, True, False]
    top = pairs[0]
    assert {top["a"], top["b"]} == {"original", "reordered"}
    assert top["share_a"] > 0.9 and top["share_b"] > 0.9
    assert top["bridged_a"] >= 0 and top["bridged_b"] >= 0  # merged matches' gaps, said
    assert top["regions_a"][0]["file"] == "q.py"
    assert document["starter_fingerprints"] > 50


def test_a_page_per_flagged_pair_escapes_what_students_wrote(tmp_path: Path) -> None:
    folder = a_class(tmp_path / "class")
    (folder / "everything").rename(folder / HOSTILE.replace("/", "_"))
    pages = tmp_path / "pages"
    code, output = similarity(str(folder), "--report", str(pages))
    assert code == 0, output
    assert sorted(p.name for p in pages.iterdir()) == [
        "index.html", "pair-0001.html", "pair-0002.html", "pair-0003.html"
    ]  # fmt: skip
    for page in pages.iterdir():
        assert "<script" not in page.read_text(), page
    text = "".join(p.read_text() for p in pages.glob("pair-*.html"))
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;" in text
    assert text.count('class="line match"') > 100


def test_a_zipped_class_is_read_as_the_folder_is(tmp_path: Path) -> None:
    folder = a_class(tmp_path / "class")
    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted(folder.rglob("*")):
            zipped.write(path, path.relative_to(folder.parent).as_posix())
    code, output = similarity(str(archive))
    assert code == 0, output
    assert "3 flagged" in output.splitlines()[-1]


def test_an_archive_is_compared_with_the_class(tmp_path: Path) -> None:
    """Last year's original and an independent solution, zipped; this year's class holds copies
    of the original and neither of the two."""
    folder = a_class(tmp_path / "class")
    shutil.rmtree(folder / "original")
    shutil.rmtree(folder / "scanning")
    archive = tmp_path / "last-year.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(CLASS / "original" / "q.py", "original/q.py")
        zipped.write(CLASS / "independent" / "scanning" / "q.py", "scanning/q.py")
    out = tmp_path / "similarity.json"
    code, output = similarity(str(folder), "--archive", str(archive), "--json", str(out))
    assert code == 0, output
    flagged = {
        frozenset((p["a"], p["b"])) for p in json.loads(out.read_text())["pairs"] if p["flagged"]
    }
    assert flagged == {
        frozenset(("everything", "reordered")),
        frozenset(("everything", "archive/original")),
        frozenset(("reordered", "archive/original")),
    }
    assert "5 submissions (and 2 archived)" in output.splitlines()[-1]


def test_an_outlier_is_flagged_and_each_output_says_by_which_rule(tmp_path: Path) -> None:
    """The original, a half copy of it (34% and 38%: under the threshold) and the independent
    solutions: the half copy is flagged as an outlier of the class in the table, the JSON and
    the pages."""
    folder = tmp_path / "class"
    shutil.copytree(CLASS / "original", folder / "original")
    shutil.copytree(CLASS / "outlier" / "half_copied", folder / "half_copied")
    for path in (CLASS / "independent").iterdir():
        shutil.copytree(path, folder / path.name)
    out, pages = tmp_path / "similarity.json", tmp_path / "pages"
    code, output = similarity(str(folder), "--json", str(out), "--report", str(pages))
    assert code == 0, output
    lines = output.splitlines()
    assert set(lines[2].split()[1:4:2]) == {"original", "half_copied"}, output
    assert lines[2].rstrip().endswith("outlier") and "0 with either side >= 50%" in lines[-1]
    assert "1 outliers >= 30% where the class's median is" in lines[-1], lines[-1]
    document = json.loads(out.read_text())
    assert document["format"] == 2 and document["outliers"]["cutoff"] == 0.3
    assert [(p["rule"], p["flagged"]) for p in document["pairs"][:2]] == [
        ("outlier", True), (None, False)
    ]  # fmt: skip
    assert "Flagged as an outlier of the class" in (pages / "pair-0001.html").read_text()
    assert "<td>outlier</td>" in (pages / "index.html").read_text()


def test_every_similarity_key_of_config_is_a_setting_of_the_engine() -> None:
    engine = {f.name for f in fields(Settings)}
    assert set(SimilarityConfig.model_fields) - {"archive"} == engine
    given = SimilarityConfig(outlier_z=None, merge_gap=0, threshold=0.6)
    assert given.settings() == Settings(outlier_z=None, merge_gap=0, threshold=0.6)
    assert SimilarityConfig().settings() == Settings()


def test_the_starter_is_the_same_files_written_as_a_list_or_with_its_marks(tmp_path: Path) -> None:
    """`starter: [q.py]` and `starter: {files: [q.py], marks: 0}` leave out the same prints."""
    q = REPO / "solvers" / "starters" / "sudoku-functions" / "q.py"
    entry = (
        "  {name}:\n    shape: function-library\n    suites: [{suite}]\n    starter: {starter}\n"
        "    items: {{get_row: {{marks: 5, role: unit-values, unit: row}}}}\n"
    )
    suite = REPO / "testcases" / "handout-examples.yaml"
    text = "assignments:\n" + "".join(
        entry.format(name=name, suite=suite, starter=starter)
        for name, starter in (("listed", f"[{q}]"), ("mapped", f"{{files: [{q}], marks: 0}}"))
    )
    (tmp_path / "config.yaml").write_text(text)
    config = load_config(tmp_path / "config.yaml")
    listed = starter(config, config.assignment("listed"))
    assert listed and listed == starter(config, config.assignment("mapped"))
