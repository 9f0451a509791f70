"""Similarity across a class: submissions' files read (never run) into normalised tokens,
winnowed into fingerprints, and every pair compared (docs/how-to/similarity.md).

    lexers/ (a file into tokens, by language, dead code left out: deadcode/)
      -> winnow (tokens into fingerprints)
      -> fingerprint (a submission's files, cached by content) -> compare (ranked Pairs,
      matches split by a few tokens merged: merge.py; flagged by the threshold or as outliers of
      the class: outliers.py)

Standard library only: the writers read its records.
"""

from harness.records.similarity import Settings
from harness.similarity.compare import compare
from harness.similarity.fingerprint import Cache, fingerprinted, source_files
from harness.similarity.records import Comparison, Fingerprinted, Pair, Region

__all__ = [
    "Cache",
    "Comparison",
    "Fingerprinted",
    "Pair",
    "Region",
    "Settings",
    "compare",
    "fingerprinted",
    "source_files",
]
