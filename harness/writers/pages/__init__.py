"""Feedback pages (`--report DIR`): a page per submission and a class page, in HTML and Markdown;
and the students' own pages alone (`--report-for-students DIR`).

One concept per module: document.py (a page's blocks, format-free), submission_page.py and
class_page.py (what the pages say), figures.py (the class's numbers), to_html.py with
html_figures.py and to_markdown.py (how they look), names.py (safe file names), text.py (student
text made safe to show), write.py (writing them, atomically).
"""

from __future__ import annotations

from harness.writers.pages.write import write_pages, write_student_pages

__all__ = ["write_pages", "write_student_pages"]
