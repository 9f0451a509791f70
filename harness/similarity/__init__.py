"""Similarity across a class: submissions' files read (never run) into normalised tokens,
winnowed into fingerprints, and every pair compared (README: "Similarity across a class").

    lexers/ (a file into tokens, by language) -> winnow (tokens into fingerprints)
      -> fingerprint (a submission's files, cached by content) -> compare (ranked Pairs)

Standard library only: the writers read its records.
"""

from harness.similarity.compare import Settings, compare
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
