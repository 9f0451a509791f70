"""The Java platform a course's tests are built against, read from the archives javac reads: the
JDK's runtime image (jimage.py; a JDK 8's rt.jar) and the toolchain's jars (JUnit's console
launcher). For each package asked for, the public top-level types its class files declare
(access flags read past the constant pool): the names a test can take from it without its
package, which a student's class of the same name would stand in for.

Nothing is listed by hand: a newer JDK or JUnit brings its own names. An archive is read once
per process and kept by its path, size and time of change (about 0.15 s for the JDK's index,
a few milliseconds for a package's class files, a jar's list of entries in less).
"""

from __future__ import annotations

import functools
import struct
import zipfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from harness.errors import InternalError
from harness.kinds.unit_tests.frameworks.jimage import Image, ImageError, read_image

RUNTIMES = ("lib/modules", "jre/lib/rt.jar", "lib/rt.jar")  # JDK 9 and later; JDK 8's
ACC_PUBLIC = 0x0001
SLOTS = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4}
SLOTS |= {18: 4, 19: 2, 20: 2}  # a constant's size after its tag (1, UTF-8, gives its own)
INFO = ("module-info", "package-info")


@dataclass(frozen=True, eq=False)  # one object per archive read (_read): kept by identity
class Archive:
    """One archive's classes: top-level class names by package, and how to read one."""

    name: str  # what a refusal calls it: "the JDK" or the jar's file name
    classes: Mapping[str, tuple[str, ...]]
    read: Callable[[str, str], bytes | None]  # (package, class) -> its bytes (None: unreadable)


@dataclass(frozen=True)
class Platform:
    """What the archives hold: every package (by the archive holding it) and, for the packages
    asked for, each public type's qualified name by its simple name."""

    packages: Mapping[str, str]
    types: Mapping[str, str]
    roots: frozenset[str]  # the first word of every package (`java`, `org`): a class so named
    # would obscure the package in a qualified name (`java.util.List.of()`)


def jdk_runtime(tools: Iterable[Path]) -> Path | None:
    """The runtime image of the JDK the first of `tools` (javac, java) belongs to."""
    for tool in tools:
        home = tool.resolve().parent.parent
        for name in RUNTIMES:
            if (home / name).is_file():
                return home / name
    return None


def platform(archives: tuple[Path, ...], packages: frozenset[str]) -> Platform:
    """The platform `archives` make, with the public types of `packages`. InternalError when
    one cannot be read: the toolchain is the harness's side."""
    return _platform(tuple(_archive(path) for path in archives), packages)


@functools.lru_cache(maxsize=16)
def _platform(read: tuple[Archive, ...], packages: frozenset[str]) -> Platform:
    held = {package: a.name for a in reversed(read) for package in a.classes}
    types: dict[str, str] = {}
    for archive in read:
        for package in sorted(packages & archive.classes.keys()):
            for name in _public(archive, package):
                types.setdefault(name, f"{package}.{name}")
    return Platform(held, types, frozenset(package.split(".", 1)[0] for package in held))


def _archive(path: Path) -> Archive:
    try:
        found = path.stat()
        return _read(path, found.st_size, found.st_mtime_ns)
    except (OSError, ImageError, zipfile.BadZipFile) as err:
        raise InternalError(f"cannot list the classes of {path}: {err}") from None


@functools.lru_cache(maxsize=16)
def _read(path: Path, size: int, changed: int) -> Archive:
    """One archive (kept by its path, size and time of change)."""
    if path.suffix != ".jar":
        return _from_image(read_image(path))
    jar = zipfile.ZipFile(path)
    classes: dict[str, list[str]] = {}
    for entry in jar.namelist():
        folder, _, file = entry.rpartition("/")
        if file.endswith(".class") and "$" not in file and not entry.startswith("META-INF/"):
            classes.setdefault(folder.replace("/", "."), []).append(file[: -len(".class")])

    def read(package: str, name: str) -> bytes:
        return jar.read(f"{package.replace('.', '/')}/{name}.class".lstrip("/"))

    listed = {package: tuple(names) for package, names in classes.items()}
    return Archive(path.name, listed, read)


def _from_image(image: Image) -> Archive:
    def read(package: str, name: str) -> bytes | None:
        resource = image.classes[package][name]
        return None if resource.compressed else image.read(resource)

    listed = {package: tuple(names) for package, names in image.classes.items()}
    return Archive("the JDK", listed, read)


@functools.lru_cache(maxsize=256)
def _public(archive: Archive, package: str) -> tuple[str, ...]:
    """The public top-level types of one package of an archive (a class file that cannot be
    read counts as public: refusing a name too many is the safe side)."""
    found = []
    for name in archive.classes[package]:
        data = None if name in INFO else archive.read(package, name)
        if name not in INFO and (data is None or _flags(data) & ACC_PUBLIC):
            found.append(name)
    return tuple(found)


def _flags(data: bytes) -> int:
    """A class file's access flags, after its constant pool (any it cannot read: public)."""
    try:
        count = struct.unpack_from(">H", data, 8)[0]
        at, index = 10, 1
        while index < count:
            tag = data[at]
            size = 2 + struct.unpack_from(">H", data, at + 1)[0] if tag == 1 else SLOTS[tag]
            at += 1 + size
            index += 2 if tag in (5, 6) else 1
        return int(struct.unpack_from(">H", data, at)[0])
    except (struct.error, IndexError, KeyError):
        return ACC_PUBLIC
