"""Winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003, the method behind MOSS): hash every
run of K normalised tokens, and keep the smallest hash of each window of W hashes in a row.

Any match of at least K + W - 1 = 30 tokens is certain to share a kept hash, and no match shorter
than K = 20 tokens can: 20 tokens is about two lines of Python, so an idiom every student writes
(`for i in range(9):`, a box's two loops) is too short to count, while a copied function of five
lines is always found. K is smaller than copydetect's 25 because names are one token kind here,
which makes short runs more alike, but also makes renaming free: a smaller K would match idioms,
a larger one would lose short copied helpers (the handout's functions are 3 to 10 lines).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from harness.similarity.records import Print, Token

K = 20
W = 11


def prints(tokens: Sequence[Token], file: int) -> list[Print]:
    """The winnowed fingerprints of one file's tokens."""
    hashes = _kgram_hashes([_code(t.kind) for t in tokens])
    chosen = _winnow(hashes)
    return [Print(hashes[i], file, tokens[i].line, tokens[i + K - 1].line) for i in chosen]


def _code(kind: str) -> int:
    return zlib.crc32(kind.encode())  # the same in every process (str hashes are salted)


def _kgram_hashes(codes: list[int]) -> list[int]:
    return [hash(tuple(codes[i : i + K])) for i in range(len(codes) - K + 1)]


def _winnow(hashes: list[int]) -> list[int]:
    """Indices of the kept hashes: each window's minimum (its rightmost, on a tie), once."""
    if 0 < len(hashes) < W:
        return [min(range(len(hashes)), key=lambda i: (hashes[i], -i))]
    chosen: list[int] = []
    for start in range(len(hashes) - W + 1):
        window = hashes[start : start + W]
        low = min(window)
        at = start + W - 1 - window[::-1].index(low)
        if not chosen or chosen[-1] != at:
            chosen.append(at)
    return chosen
