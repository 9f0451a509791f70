"""Writing the pages, each as HTML and as Markdown, atomically, under file names that stay inside
the folder: for the teacher (`--report DIR`) the class page (index.html, index.md) and a page per
submission linked to it; for the students (`--report-for-students DIR`) a page per submission
and nothing else: no class page, no link, nothing of anyone else's."""

from __future__ import annotations

from pathlib import Path

from harness import atomic
from harness.records.results import Report
from harness.writers.pages import to_html, to_markdown
from harness.writers.pages.class_page import class_page
from harness.writers.pages.document import Link, Page
from harness.writers.pages.names import INDEX, page_stems
from harness.writers.pages.submission_page import submission_page

BACK = Link("class page", f"{INDEX}.html")


def write_pages(report: Report, folder: Path) -> list[Path]:
    """Write every page into `folder` (made if missing); the paths written, class page first."""
    stems = page_stems([result.name for result in report.submissions])
    pages = [(INDEX, class_page(report, stems))]
    pages += [
        (stem, submission_page(s, BACK)) for stem, s in zip(stems, report.submissions, strict=True)
    ]
    return [path for stem, page in pages for path in _write(folder, stem, page)]


def write_student_pages(report: Report, folder: Path) -> list[Path]:
    """Write each submission's own page into `folder` (made if missing), to hand to its student:
    the same page as the teacher's, without the link to the class page; the paths written."""
    stems = page_stems([result.name for result in report.submissions])
    pages = [(stem, submission_page(s)) for stem, s in zip(stems, report.submissions, strict=True)]
    return [path for stem, page in pages for path in _write(folder, stem, page)]


def _write(folder: Path, stem: str, page: Page) -> list[Path]:
    html_path, markdown_path = folder / f"{stem}.html", folder / f"{stem}.md"
    if html_path.parent != folder or Path(stem).name != stem:  # names.py makes this impossible
        raise ValueError(f"unsafe page name {stem!r}")
    atomic.write_text(html_path, to_html.render(page))
    atomic.write_text(markdown_path, to_markdown.render(page))
    return [html_path, markdown_path]
