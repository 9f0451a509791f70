"""The value codec: round trips, and untrusted input that must be refused, not crash us."""

from __future__ import annotations

from typing import Any

import pytest

from harness.sandbox.child import codec


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        0,
        -7,
        2.5,
        "text",
        [1, [2, 3]],
        (1, 2),
        [(1, 2), (3, 4)],
        {"a": 1},
        {1, 2},
        (True, [[0] * 9] * 9),
    ],
)
def test_round_trip_keeps_types(value: Any) -> None:
    back = codec.decode(codec.loads(codec.dumps({"v": codec.encode(value)}))["v"])
    assert back == (frozenset(value) if isinstance(value, set) else value)
    assert type(back) is (frozenset if isinstance(value, set) else type(value))


def test_unknown_objects_travel_as_type_and_repr() -> None:
    class Board:
        def __repr__(self) -> str:
            return "<board>"

    back = codec.decode(codec.encode(Board()))
    assert back == codec.Opaque("Board", "<board>")


def test_a_hostile_repr_does_not_escape() -> None:
    class Nasty:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert codec.decode(codec.encode(Nasty())) == codec.Opaque("Nasty", "(repr failed)")


def test_huge_ints_are_not_sent_as_numbers() -> None:
    assert codec.decode(codec.encode(10**400)) == codec.Opaque("int", "an integer of 1329 bits")


def test_cycles_and_depth_are_refused() -> None:
    cycle: list[Any] = []
    cycle.append(cycle)
    with pytest.raises(codec.CodecError, match="nested"):
        codec.encode(cycle)


@pytest.mark.parametrize(
    "line",
    [b"not json", b"[1, 2]", b"[" * 100_000 + b"]" * 100_000, b'{"v": 1', b"\xff\xfe"],
)
def test_malformed_messages_are_refused(line: bytes) -> None:
    with pytest.raises(codec.CodecError):
        codec.loads(line)


@pytest.mark.parametrize(
    "data",
    [{"x": [1]}, {"t": 5}, {"d": [[1, 2, 3]]}, {"a": 1, "b": 2}, {"t": [{"q": []}]}],
)
def test_malformed_values_are_refused(data: Any) -> None:
    with pytest.raises(codec.CodecError):
        codec.decode(data)


def test_deep_values_are_refused() -> None:
    data: Any = 1
    for _ in range(codec.MAX_DEPTH + 5):
        data = [data]
    with pytest.raises(codec.CodecError, match="nested"):
        codec.decode(data)
