"""Feedback pages (harness/pages): the bundled examples graded for real and written as pages, pages
of hand-built reports (escaping, file names, grids, histogram), the evidence judge() keeps, and
the pages rendered in headless Chromium (skipped where no Chromium is installed, as in CI)."""

from __future__ import annotations

import json
import re
import shutil
import statistics
import struct
import subprocess
import zlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from harness.config import Comparison
from harness.grading.judge import judge
from harness.kinds.expectations import Equal, GridAfter, Solves
from harness.kinds.stdin_program.expect import PrintedGrid
from harness.kinds.stdin_program.values import token
from harness.records.evidence import OUTPUT_KEPT, Evidence, Grid, Grids
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe
from harness.records.results import (
    CaseResult,
    ItemResult,
    Report,
    SubmissionResult,
    from_json,
    to_json,
)
from harness.records.verdicts import Verdict
from harness.writers.pages import write_pages
from harness.writers.pages.failures import SHOWN
from harness.writers.pages.figures import histogram, item_rates, slowest
from harness.writers.pages.names import page_stems
from harness.writers.pages.printed import sides
from harness.writers.pages.to_markdown import marked_lines
from tests.conftest import REPO, examples_report

CONFIG = REPO / "config.yaml"
HOSTILE = "<script>alert(1)</script>"


# hand-built reports ----------------------------------------------------------------------------


def pattern(n: int) -> Grid:
    """A solved n x n grid (the usual shifted pattern)."""
    k = int(n**0.5)
    return tuple(tuple((k * (r % k) + r // k + c) % n + 1 for c in range(n)) for r in range(n))


def with_cells(grid: Grid, changes: dict[tuple[int, int], int]) -> Grid:
    return tuple(
        tuple(changes.get((r, c), v) for c, v in enumerate(row)) for r, row in enumerate(grid)
    )


def grids_of_size(n: int, wrong: Sequence[tuple[int, int]]) -> Grids:
    solution = pattern(n)
    puzzle = with_cells(solution, {(r, c): 0 for r in range(n) for c in range(n) if (r + c) % 3})
    received = with_cells(solution, {cell: 0 for cell in wrong})
    return Grids(puzzle, solution, received)


def case(
    id: str,
    verdict: Verdict = Verdict.AC,
    detail: str = "",
    seconds: float = 0.01,
    evidence: Evidence | None = None,
) -> CaseResult:
    return CaseResult(id, verdict, detail, seconds, evidence=evidence)


def submission(
    name: str, marks: float, items: Sequence[ItemResult] = (), max_marks: float = 100
) -> SubmissionResult:
    return SubmissionResult(name, marks, max_marks, "graded", "", tuple(items))


def one_item(name: str, *cases: CaseResult, marks: float = 0, max_marks: float = 100) -> ItemResult:
    return ItemResult(name, marks, max_marks, cases)


def report_of(*submissions: SubmissionResult) -> Report:
    return Report("demo", 100, submissions)


def hostile_report() -> Report:
    evidence = Evidence(grids_of_size(9, [(0, 0)]), f"printed {HOSTILE}\n```\n</pre>")
    failed = case("c1", Verdict.WA, f"returned {HOSTILE}", evidence=evidence)
    return report_of(submission(f"<b>{HOSTILE}</b>", 10, [one_item("solve", failed)]))


def test_student_text_is_escaped_in_html(tmp_path: Path) -> None:
    paths = write_pages(hostile_report(), tmp_path)
    pages = [p.read_text() for p in paths if p.suffix == ".html"]
    assert all("<script" not in page for page in pages)
    assert all("&lt;script&gt;alert(1)&lt;/script&gt;" in page for page in pages)
    assert "&lt;/pre&gt;" in pages[1] and pages[1].count("</pre>") == 1
    assert "Content-Security-Policy" in pages[0] and "default-src 'none'" in pages[0]


def test_student_text_is_escaped_in_markdown(tmp_path: Path) -> None:
    paths = write_pages(hostile_report(), tmp_path)
    page = next(p for p in paths if p.suffix == ".md" and p.stem != "index").read_text()
    fence = "````\nprinted <script>alert(1)</script>\n```\n</pre>\n````"  # longer than its ```
    assert fence in page
    outside = re.sub(r"^(`{3,})\n.*?\n\1$", "", page, flags=re.M | re.S)
    assert "<script" not in outside.replace("\\<script", "")
    assert "returned \\<script\\>alert(1)\\</script\\>" in outside


@pytest.mark.parametrize(
    "names",
    [
        ["../x", "a/b", "../../etc/passwd", "/abs", "x\\y"],
        ["Zoë", "zoe", "ZOE", "Zoe"],
        ["index", "INDEX", "index.html", ".hidden", "", " ", "-rf"],
        ["x" * 300, "x" * 301, "\udcff\udcfe", "名前", "a\u202eb", "<script>", "same", "same"],
    ],
)
def test_every_submission_gets_a_safe_unique_page_inside_the_folder(
    tmp_path: Path, names: list[str]
) -> None:
    folder = tmp_path / "pages"
    report = report_of(*(submission(name, 50) for name in names))
    paths = write_pages(report, folder)
    assert len(paths) == 2 + 2 * len(names) == len(set(paths))
    assert [p.name for p in paths[:2]] == ["index.html", "index.md"]
    assert all(p.parent == folder and p.is_file() for p in paths)
    assert sorted(tmp_path.iterdir()) == [folder]  # nothing written beside the folder
    assert len({p.name.lower() for p in paths}) == len(paths)  # unique even ignoring case
    assert all(re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9._-]*\.(html|md)", p.name) for p in paths)


def test_plain_names_are_kept_and_others_get_a_hash() -> None:
    stems = page_stems(["alice", "bob_2.v1", "Zoë", "../x", "index"])
    assert stems[:2] == ("alice", "bob_2.v1")
    assert re.fullmatch(r"Zoe-[0-9a-f]{8}", stems[2])
    assert re.fullmatch(r"x-[0-9a-f]{8}", stems[3])
    assert re.fullmatch(r"index-[0-9a-f]{8}", stems[4])


@pytest.mark.parametrize("n", [4, 9, 16, 25, 36])
def test_grids_are_drawn_with_boxes_and_marked_differences(tmp_path: Path, n: int) -> None:
    wrong = [(0, 0), (n - 1, n - 1), (1, n // 2)]
    grids = grids_of_size(n, wrong)
    failed = case("big", Verdict.WA, "wrong", evidence=Evidence(grids))
    write_pages(report_of(submission("s", 0, [one_item("solve", failed)])), tmp_path)
    html = (tmp_path / "s.html").read_text()
    assert html.count('<table class="sudoku') == 3
    figure = html[html.index('<div class="grids">') :]
    assert figure.count("<td") == 3 * n * n
    assert html.count('title="differs from the expected grid"') == 2 * len(wrong)
    k = int(n**0.5)
    assert html.count('class="bt') == 3 * n * (k - 1)  # a box edge above, every box row but one
    assert f"{len(wrong)} cells differ from the expected grid" in html
    markdown = (tmp_path / "s.md").read_text()
    assert len(re.findall(r"\[ *\.\]", markdown)) == len(wrong)  # the received blanks, marked
    assert len(re.findall(r"\[ *\d+\]", markdown)) == len(wrong)  # the expected values, marked


def test_histogram_has_ten_bins_with_100_percent_in_the_last() -> None:
    marks = [0, 9.99, 10, 50, 70, 99.9, 100]
    report = report_of(*(submission(f"s{i}", m) for i, m in enumerate(marks)))
    assert histogram(report) == (2, 1, 0, 0, 0, 1, 0, 1, 0, 2)
    thirds = report_of(submission("a", 84, max_marks=120), submission("b", 0, max_marks=0))
    assert histogram(thirds) == (0, 0, 0, 0, 0, 0, 0, 1, 0, 0)  # 70 %; no maximum: left out


def test_pass_rates_and_slowest_cases() -> None:
    fast, slow = case("fast", seconds=0.1), case("slow", seconds=2.0)
    wrong = case("wrong", Verdict.WA, seconds=0.5)
    report = report_of(
        submission("a", 100, [one_item("x", fast, slow, marks=100)]),
        submission("b", 0, [one_item("x", fast, wrong, marks=0)]),
    )
    [rate] = item_rates(report)
    assert (rate.full_marks, rate.graded, rate.accepted, rate.cases) == (1, 2, 3, 4)
    assert [(t.submission, t.case) for t in slowest(report)][:2] == [("a", "slow"), ("b", "wrong")]
    many = report_of(submission("m", 0, [one_item("x", *(case(str(i)) for i in range(30)))]))
    assert len(slowest(many)) == 10


def test_the_class_page_links_every_submission_page(tmp_path: Path) -> None:
    report = report_of(submission("a", 100), submission("../b", 40))
    paths = write_pages(report, tmp_path)
    index = (tmp_path / "index.html").read_text()
    for path in paths[2::2]:
        assert f'href="{path.name}"' in index
    assert "70 / 100" in index  # the mean
    assert f"]({paths[4].name})" in (tmp_path / "index.md").read_text()


# the evidence judge() keeps --------------------------------------------------------------------

PUZZLE = with_cells(pattern(9), {(0, 0): 0, (4, 4): 0, (8, 8): 0})


def rows(grid: Grid) -> list[list[int]]:
    return [list(row) for row in grid]


def solver_probe(hidden: bool = False) -> Probe:
    expect = Solves(PUZZLE, pattern(9))
    return Probe("sudoku_solver", "p", "sudoku_solver(<p>)", (rows(PUZZLE),), expect, hidden)


def test_a_wrong_grid_is_kept_with_the_puzzle_and_the_solution() -> None:
    received = with_cells(pattern(9), {(4, 4): 1})
    outcome = CallOutcome("returned", value=(True, rows(received)), output="tried 1\n")
    result = judge(solver_probe(), outcome, 1.0)
    assert result.verdict is Verdict.WA and result.evidence is not None
    assert result.evidence.grids == Grids(PUZZLE, pattern(9), received)
    assert result.evidence.grids.differing == ((4, 4),)
    assert result.evidence.output == "tried 1\n"


@pytest.mark.parametrize(
    "value",
    [
        (True, [[1] * 9] * 8),  # 8 rows
        (True, [[1] * 8] * 9),  # 8 columns
        (True, [["1"] * 9] * 9),  # not ints
        (True, [[10**9] * 9] * 9),  # too large to keep
        "nonsense",
    ],
)
def test_no_grids_unless_the_answer_is_a_grid_of_the_right_shape(value: object) -> None:
    result = judge(solver_probe(), CallOutcome("returned", value=value), 1.0)
    assert result.verdict is Verdict.WA and result.evidence is None


def test_no_evidence_for_hidden_or_accepted_cases() -> None:
    received = with_cells(pattern(9), {(4, 4): 1})
    wrong = CallOutcome("returned", value=(True, rows(received)), output="x")
    assert judge(solver_probe(hidden=True), wrong, 1.0).evidence is None
    right = CallOutcome("returned", value=(True, rows(pattern(9))), output="x")
    assert judge(solver_probe(), right, 1.0).evidence is None


def test_output_is_kept_cut_to_size_when_there_are_no_grids() -> None:
    probe = Probe("get_row", "1", "get_row(<p>, 1)", (), Equal([1, 2]))
    outcome = CallOutcome("returned", value=[2, 1], output="y" * (OUTPUT_KEPT + 500))
    evidence = judge(probe, outcome, 1.0).evidence
    assert evidence == Evidence(None, "y" * OUTPUT_KEPT)


def test_a_grid_changed_by_a_move_is_kept_with_the_grid_it_was_given() -> None:
    expected = with_cells(PUZZLE, {(0, 0): 1})
    probe = Probe("make_move", "m", "make_move(...)", (rows(PUZZLE),), GridAfter(expected))
    outcome = CallOutcome("returned", value=rows(with_cells(PUZZLE, {(0, 1): 1})))
    evidence = judge(probe, outcome, 1.0).evidence
    assert evidence is not None and evidence.grids is not None
    assert evidence.grids.puzzle == PUZZLE and evidence.grids.differing == ((0, 0), (0, 1))


def test_a_printed_16x16_grid_written_in_letters_is_read_back() -> None:
    solution = pattern(16)
    puzzle = with_cells(solution, {(0, c): 0 for c in range(16)})
    printed = with_cells(solution, {(0, 0): solution[0][1], (0, 1): solution[0][0]})
    text = "\n".join(" ".join(token(v, "letters") for v in row) for row in printed) + "\n"
    probe = Probe("16x16", "p", "16x16 puzzle p", (), PrintedGrid(puzzle, solution, "letters"))
    evidence = judge(probe, CallOutcome("returned", value=text), 1.0).evidence
    assert evidence is not None and evidence.grids == Grids(puzzle, solution, printed)
    several = PrintedGrid(puzzle, solution, "letters", multiple_solutions=True)
    probe = Probe("16x16", "p", "16x16 puzzle p", (), several)
    assert judge(probe, CallOutcome("returned", value=text), 1.0).evidence is None


def test_evidence_goes_through_the_json_report_and_back() -> None:
    report = hostile_report()
    data = json.loads(json.dumps(to_json(report)))
    [case_data] = data["submissions"][0]["items"][0]["cases"]
    assert list(case_data) == ["id", "verdict", "detail", "seconds", "grids", "output"]
    assert case_data["grids"]["received"][0] == "0 2 3 4 5 6 7 8 9"
    back = from_json(data)
    assert back.submissions[0].items[0].cases[0].evidence == (
        report.submissions[0].items[0].cases[0].evidence
    )
    plain = to_json(report_of(submission("a", 1, [one_item("x", case("c"))])))
    assert list(plain["submissions"][0]["items"][0]["cases"][0]) == [
        "id",
        "verdict",
        "detail",
        "seconds",
    ]


def printed_case(text: str, compare: Comparison = "tokens") -> CaseResult:
    """A 4x4 stdin case judged on `text`."""
    solution = pattern(4)
    puzzle = with_cells(solution, {(r, c): 0 for r in range(4) for c in range(4) if (r + c) % 2})
    probe = Probe("4x4", "p", "4x4 puzzle p", (), PrintedGrid(puzzle, solution, compare=compare))
    return judge(probe, CallOutcome("returned", value=text), 1.0)


GRID_4 = "1 2 3 4\n3 4 1 2\n2 3 4 1\n4 1 2 3\n"


def test_a_wrong_programs_page_shows_its_output_beside_the_expected_one(tmp_path: Path) -> None:
    failed = printed_case(GRID_4 + f"Time: {HOSTILE}\n")
    assert failed.verdict is Verdict.WA and failed.evidence is not None
    assert failed.evidence.grids is None  # the tokens do not make a grid: only the output shows
    report = report_of(submission("s", 0, [one_item("4x4", failed)]))
    write_pages(report, tmp_path)
    html, markdown = ((tmp_path / f"s.{ext}").read_text() for ext in ("html", "md"))
    assert "expected output" in html and '<mark title="the first difference">Time:</mark>' in html
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "> Time: <script>alert(1)</script>\n  ^^^^^\n" in markdown


def test_a_blank_first_line_is_marked_in_lines_mode() -> None:
    failed = printed_case("\n" + GRID_4, "lines")
    assert failed.evidence is not None and failed.evidence.printed is not None
    printed = failed.evidence.printed
    assert (printed.expected_at, printed.received_at) == ((0, 0, 7), (0, 0, 0))
    lines = marked_lines(sides(printed)[1])
    assert lines[:3] == [">", "  ^", "  1 2 3 4"]


def test_printed_evidence_goes_through_the_json_report_and_back() -> None:
    failed = printed_case(GRID_4.replace("3 4 1 2", "3 4 2 1"))
    report = report_of(submission("s", 0, [one_item("4x4", failed)]))
    data = json.loads(json.dumps(to_json(report)))
    [case_data] = data["submissions"][0]["items"][0]["cases"]
    assert case_data["printed"]["received_at"] == [1, 4, 5]
    assert from_json(data).submissions[0].items[0].cases[0].evidence == failed.evidence


def test_malformed_grids_in_json_are_refused() -> None:
    data = to_json(hostile_report())
    data["submissions"][0]["items"][0]["cases"][0]["grids"]["received"] = ["1 2", "3"]
    with pytest.raises(ValueError):
        from_json(data)


# the bundled examples, graded for real -----------------------------------------------------------


def graded_examples(name: str, only: Sequence[str] = ()) -> Report:
    """The bundled examples graded for real (once per test process: tests/conftest.py)."""
    report = examples_report(name)
    chosen = tuple(s for s in report.submissions if not only or s.name in only)
    return replace(report, submissions=chosen)


@pytest.fixture(scope="module")
def functions_report() -> Report:
    return graded_examples("sudoku-functions")


@pytest.fixture(scope="module")
def functions_pages(functions_report: Report, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pages") / "report"
    write_pages(functions_report, folder)
    return folder


def test_a_page_per_submission_and_the_class_page(
    functions_report: Report, functions_pages: Path
) -> None:
    names = {s.name for s in functions_report.submissions}
    expected = {f"{stem}.{ext}" for stem in {*names, "index"} for ext in ("html", "md")}
    assert {p.name for p in functions_pages.iterdir()} == expected


def test_the_class_page_has_the_class_figures(
    functions_report: Report, functions_pages: Path
) -> None:
    mean = statistics.fmean(s.marks for s in functions_report.submissions)
    html, markdown = ((functions_pages / f"index.{ext}").read_text() for ext in ("html", "md"))
    for text in (html, markdown):
        assert f"{round(mean, 2):g} / 120" in text and "Slowest cases (10)" in text
        assert "Pass rate per item" in text and "graded submissions with full marks" in text
    for result in functions_report.submissions:
        escaped = result.name.replace("_", "\\_")  # as Markdown escapes it
        assert f">{result.name}</a>" in html and f"[{escaped}](" in markdown
    assert html.count("<rect ") == 10  # the histogram's bars


def test_a_wrong_solver_page_shows_its_grids(
    functions_report: Report, functions_pages: Path
) -> None:
    result = next(s for s in functions_report.submissions if s.name == "never_backtracks")
    solver = next(i for i in result.items if i.name == "sudoku_solver")
    with_grids = [c for c in solver.cases if c.evidence and c.evidence.grids]
    assert with_grids and all(not c.detail.startswith("hidden case") for c in with_grids)
    assert all(c.evidence is None for c in solver.cases if c.detail.startswith("hidden case"))
    failed = [c for c in solver.cases if not c.hidden and c.verdict is Verdict.WA]
    assert len(failed) > SHOWN and failed == with_grids  # the first 3 in full, then their ids
    shown = failed[:SHOWN]
    html = (functions_pages / "never_backtracks.html").read_text()
    said = f"{len(failed) - SHOWN} more wrong (WA) cases not shown: {failed[SHOWN].id}"
    assert said in html
    assert html.count('<table class="sudoku') == 3 * len(shown)
    marked = sum(
        2 * len(c.evidence.grids.differing) for c in shown if c.evidence and c.evidence.grids
    )
    assert html.count('title="differs from the expected grid"') == marked
    markdown = (functions_pages / "never_backtracks.md").read_text()
    assert markdown.count("received, differences in [ ]") == len(shown)
    assert html.count("<h3>") == len(re.findall(r"^### ", markdown, re.M))  # the same cases


def test_pages_from_the_json_report_are_the_same(
    functions_report: Report, functions_pages: Path, tmp_path: Path
) -> None:
    """A run resumed from its journal (JSON) writes the same pages as the run itself."""
    again = from_json(json.loads(json.dumps(to_json(functions_report))))
    for path in write_pages(again, tmp_path):
        assert path.read_text() == (functions_pages / path.name).read_text(), path.name


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_a_crashing_program_page_shows_its_stderr(tmp_path: Path) -> None:
    report = graded_examples("stdin-program", ["crashes-on-25x25", "correct-cpp"])
    write_pages(report, tmp_path)
    html = (tmp_path / "crashes-on-25x25.html").read_text()
    assert "RE" in html and "terminate called after throwing an instance of" in html
    assert "<pre>" in html and "correct-cpp.html" in (tmp_path / "index.html").read_text()


# headless Chromium -----------------------------------------------------------------------------

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
BROWSER = next((found for name in BROWSERS if (found := shutil.which(name))), None)
needs_browser = pytest.mark.skipif(
    BROWSER is None, reason="no chromium, chromium-browser or google-chrome on PATH"
)


def browse(page: Path, profile: Path, *options: str) -> subprocess.CompletedProcess[bytes]:
    assert BROWSER is not None
    command = [
        BROWSER,
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        f"--user-data-dir={profile}",
        "--window-size=1200,1600",
        *options,
        page.as_uri(),
    ]
    return subprocess.run(command, capture_output=True, timeout=60, check=True)


def png_pixels(data: bytes) -> tuple[int, int, int, bytes]:
    """(width, height, bytes per pixel, unfiltered pixel rows) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        idat += body if kind == b"IDAT" else b""
        chunks.setdefault(kind, body)
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    channels = 3 if colour == 2 else 4
    return width, height, channels, unfilter(zlib.decompress(idat), width * channels, channels)


def unfilter(raw: bytes, stride: int, bpp: int) -> bytes:
    out, previous = bytearray(), bytearray(stride)
    for row in range(len(raw) // (stride + 1)):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + predict(kind, left, up, corner)) & 0xFF
        out += line
        previous = line
    return bytes(out)


def predict(kind: int, left: int, up: int, corner: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    p = left + up - corner
    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
    return left if pa <= pb and pa <= pc else up if pb <= pc else corner


@needs_browser
@pytest.mark.parametrize("page", ["index.html", "never_backtracks.html"])
def test_pages_render_in_headless_chromium(
    functions_report: Report, functions_pages: Path, tmp_path: Path, page: str
) -> None:
    shot = tmp_path / "page.png"
    browse(functions_pages / page, tmp_path / "profile", f"--screenshot={shot}")
    width, height, channels, pixels = png_pixels(shot.read_bytes())
    assert (width, height) == (1200, 1600)
    colours = {pixels[i : i + 3] for i in range(0, len(pixels), channels * 7)}  # every 7th pixel
    assert len(colours) > 2
    white = b"\xff\xff\xff"
    inked = sum(pixels[i : i + 3] != white for i in range(0, len(pixels), channels * 7))
    assert inked > 0.01 * len(pixels) / (channels * 7)


@needs_browser
def test_the_rendered_dom_holds_the_key_figures(
    functions_report: Report, functions_pages: Path, tmp_path: Path
) -> None:
    index = browse(functions_pages / "index.html", tmp_path / "p1", "--dump-dom").stdout.decode()
    mean = statistics.fmean(s.marks for s in functions_report.submissions)
    assert f"{round(mean, 2):g} / 120" in index
    assert ">never_backtracks</a>" in index and "<svg" in index
    page = browse(functions_pages / "never_backtracks.html", tmp_path / "p2", "--dump-dom")
    dom = page.stdout.decode()
    assert "sudoku_solver / handout/fig5: WA" in dom and 'class="sudoku"' in dom
    assert "<script" not in dom


def test_cases_of_one_item_failed_alike_are_shown_once(tmp_path: Path) -> None:
    """Was: the same interface-mismatch sentence 48 times on one page."""
    mismatch = "interface mismatch: Board has no makeMove (it defines: placeValue)"
    cases = tuple(CaseResult(f"board-{i}", Verdict.CE, mismatch, 0.0) for i in range(48))
    wrong = CaseResult("other", Verdict.WA, "returned 3, expected 4", 0.0)
    informative = CaseResult("final-newline", Verdict.RE, "raised ValueError", 0.0)
    items = (
        ItemResult("makeMove", 0.0, 10.0, (*cases, wrong)),
        ItemResult("load_puzzle_variants", 0.0, 0.0, (informative,)),
    )
    result = SubmissionResult("s", 0.0, 10.0, "graded", "", items)
    paths = write_pages(Report("a", 10.0, (result,)), tmp_path)
    page = next(p for p in paths if p.suffix == ".md" and p.stem != "index").read_text()
    assert page.count(mismatch) == 1
    assert "makeMove: 48 of 49 cases could not run (CE)" in page and "and 28 more" in page
    assert "returned 3, expected 4" in page
    assert "variants (informative: costs nothing) / final-newline: RE" in page
