"""An HTML page per flagged pair: the two submissions side by side, every line numbered, the
lines the other one shares highlighted; and an index of the pairs. Everything a student wrote
(file names, code, the submission's name) is escaped: student text is hostile. Pages are named
by rank, never by a student's name."""

from __future__ import annotations

from html import escape
from pathlib import Path

from harness.atomic import write_text
from harness.similarity.records import Comparison, Fingerprinted, Pair, Region, SourceFile

STYLE = """
body { font-family: sans-serif; margin: 1em; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; }
pre { font-size: 12px; margin: 0; white-space: pre-wrap; word-break: break-all; }
.line { display: block; } .match { background: #ffe08a; }
.no { color: #888; display: inline-block; width: 3.5em; user-select: none; }
table { border-collapse: collapse; } td, th { padding: 2px 8px; border-bottom: 1px solid #ddd; }
"""


def write_pages(folder: Path, comparison: Comparison, read: dict[str, Fingerprinted]) -> int:
    """The index and a page per flagged pair written into `folder`; how many pages."""
    flagged = comparison.flagged
    for rank, pair in enumerate(flagged, start=1):
        page = pair_page(pair, read[pair.a], read[pair.b], why(pair, comparison))
        write_text(folder / page_name(rank), page)
    write_text(folder / "index.html", index_page(flagged))
    return len(flagged)


def page_name(rank: int) -> str:
    return f"pair-{rank:04d}.html"


def index_page(flagged: tuple[Pair, ...]) -> str:
    rows = "".join(
        f'<tr><td><a href="{page_name(rank)}">{rank}</a></td><td>{escape(p.a)}</td>'
        f"<td>{p.share_a:.0%}</td><td>{escape(p.b)}</td><td>{p.share_b:.0%}</td>"
        f"<td>{p.matched}</td><td>{p.rule}</td></tr>"
        for rank, p in enumerate(flagged, start=1)
    )
    head = (
        "<tr><th>#</th><th>a</th><th>of a</th><th>b</th><th>of b</th><th>shared</th>"
        "<th>flagged by</th></tr>"
    )
    body = f"<h1>Flagged pairs</h1><table>{head}{rows}</table>" if flagged else "<p>None.</p>"
    return _document("Similarity", body)


def pair_page(pair: Pair, a: Fingerprinted, b: Fingerprinted, reason: str = "") -> str:
    title = f"{escape(pair.a)} and {escape(pair.b)}"
    summary = (
        f"<p>{pair.share_a:.0%} of {escape(pair.a)} is found in {escape(pair.b)}; "
        f"{pair.share_b:.0%} of {escape(pair.b)} in {escape(pair.a)} "
        f"({pair.matched} fingerprints shared{_bridged(pair)}). "
        "Highlighted: the lines they share.</p>"
    ) + (f"<p>{escape(reason)}</p>" if reason else "")
    sides = _side(a, pair.regions_a) + _side(b, pair.regions_b)
    body = f'<h1>{title}</h1>{summary}<div class="sides">{sides}</div>'
    return _document(f"{pair.a} and {pair.b}", body)


def why(pair: Pair, comparison: Comparison) -> str:
    """The rule that flagged the pair, in a sentence."""
    if pair.rule == "threshold":
        return f"Flagged by the threshold: a side's share is {comparison.threshold:.0%} or more."
    found = comparison.outliers
    if pair.rule == "outlier" and found is not None and found.cutoff is not None:
        return (
            f"Flagged as an outlier of the class: under the threshold "
            f"({comparison.threshold:.0%}), but at or above {found.cutoff:.0%}, where the "
            f"class's pairs share {found.median:.0%} (the median; spread {found.spread:.0%})."
        )
    return ""


def _bridged(pair: Pair) -> str:
    """What merging counted besides: the fingerprints between two matches split by a few
    inserted tokens (harness/similarity/merge.py)."""
    if not (pair.bridged_a or pair.bridged_b):
        return ""
    return (
        f"; {pair.bridged_a} of {escape(pair.a)}'s and {pair.bridged_b} of {escape(pair.b)}'s "
        "more lie between two matches split by a few lines and count as matched"
    )


def _side(read: Fingerprinted, regions: tuple[Region, ...]) -> str:
    files = "".join(_file(file, _lines(regions, index)) for index, file in enumerate(read.files))
    return f"<div><h2>{escape(read.name)}</h2>{files}</div>"


def _lines(regions: tuple[Region, ...], file: int) -> frozenset[int]:
    return frozenset(
        n for r in regions if r.file == file for n in range(r.first_line, r.last_line + 1)
    )


def _file(source: SourceFile, matched: frozenset[int]) -> str:
    lines = "".join(
        f'<span class="line{" match" if number in matched else ""}">'
        f'<span class="no">{number}</span>{escape(text)}</span>'
        for number, text in enumerate(source.text.split("\n"), start=1)
    )
    return f"<h3>{escape(source.name)}</h3><pre>{lines}</pre>"


def _document(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )
