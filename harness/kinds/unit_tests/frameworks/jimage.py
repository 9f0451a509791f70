"""A JDK's runtime image (`lib/modules`, the jimage format of JDK 9 and later) read for its
classes: which class files each package holds, and their bytes.

The image starts with its index: a header, a table of offsets to each resource's location, the
locations (attributes, each a byte of kind and length, then its value, big-endian) and the
strings they name. A resource's bytes follow the index, at its location's offset. Only what
listing classes needs is read; the format is the JDK's own (jdk.internal.jimage), unchanged
since JDK 9 (version 1.0).
"""

from __future__ import annotations

import struct
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

MAGIC = 0xCAFEDADA
HEADER = "7I"  # magic, version, flags, resources, table length, sizes (in the JDK's byte order)
HEADER_SIZE = 28
END, MODULE, PARENT, BASE, EXTENSION, OFFSET, COMPRESSED, UNCOMPRESSED = range(8)


class ImageError(Exception):
    """The file is not a runtime image this reader knows."""


@dataclass(frozen=True)
class Resource:
    offset: int  # from the end of the index
    size: int
    compressed: bool  # stored compressed (a jlink --compress image): its bytes are not read


@dataclass(frozen=True)
class Image:
    path: Path
    index_size: int
    classes: Mapping[str, Mapping[str, Resource]]  # package (dotted) -> class name -> resource

    def read(self, resource: Resource) -> bytes:
        with self.path.open("rb") as image:
            image.seek(self.index_size + resource.offset)
            return image.read(resource.size)


def read_image(path: Path) -> Image:
    """The image's top-level classes by package (`A$B`, a nested class, left out)."""
    with path.open("rb") as image:
        header = image.read(HEADER_SIZE)
        if len(header) < HEADER_SIZE:
            raise ImageError(f"{path} is too short to be a runtime image")
        order = "<" if struct.unpack_from("<I", header)[0] == MAGIC else ">"
        magic, version, _, _, table, locations, strings = struct.unpack(order + HEADER, header)
        if magic != MAGIC or version >> 16 != 1:
            raise ImageError(f"{path} is not a runtime image of version 1 (magic {magic:#x})")
        index_size = HEADER_SIZE + 8 * table + locations + strings
        index = image.read(index_size - HEADER_SIZE)
    offsets = struct.unpack_from(f"{order}{table}I", index, 4 * table)
    start = 8 * table
    text = _Strings(index, start + locations)
    classes: dict[str, dict[str, Resource]] = defaultdict(dict)
    for offset in offsets:
        found = _attributes(index, start + offset)
        name = text.at(found[BASE])
        if text.at(found[EXTENSION]) == "class" and found[PARENT] and "$" not in name:
            package = text.at(found[PARENT]).replace("/", ".")
            resource = Resource(found[OFFSET], found[UNCOMPRESSED], bool(found[COMPRESSED]))
            classes[package][name] = resource
    return Image(path, index_size, classes)


def _attributes(index: bytes, at: int) -> list[int]:
    found = [0] * 8
    while (byte := index[at]) >> 3 != END:
        length = (byte & 7) + 1
        found[byte >> 3] = int.from_bytes(index[at + 1 : at + 1 + length], "big")
        at += 1 + length
    return found


class _Strings:
    """The index's strings, each read once (the same few parents and extensions recur)."""

    def __init__(self, index: bytes, start: int) -> None:
        self.index, self.start, self.seen = index, start, dict[int, str]()

    def at(self, offset: int) -> str:
        if offset not in self.seen:
            begin = self.start + offset
            end = self.index.index(b"\0", begin)
            self.seen[offset] = self.index[begin:end].decode("utf-8", "replace")
        return self.seen[offset]
