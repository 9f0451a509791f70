"""Plug-ins: what YAML cannot say, in a package or file the teacher writes outside the harness.

A plug-in gives a ProbeSet (harness/kinds/probe_set.py), the protocol the harness's own probe
sets use. It is found two ways:
- an entry point in the group `sudoku_harness.assignments` of an installed package (its name is
  the plug-in's; its object is the ProbeSet), for a plug-in shared as a package;
- a `plugins:` path in config.yaml: a package (a folder with `__init__.py`, importable by its
  folder's name, as `toy_assignment.probes`), a Python file, or a folder of them, each defining
  `PROBE_SET` and named after its folder or file (`cosc130_notebook.py` is `cosc130_notebook`).

config.yaml then names it: an assignment's `probes:` (every item), or an item's `plugin:`
(that item, beside declared ones). A plug-in is the teacher's code, run by the supervisor when
probes are built, never inside a student's process: like config.yaml, it is trusted input.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType

from harness.errors import BadInput
from harness.kinds.probe_set import ProbeSet

GROUP = "sudoku_harness.assignments"
ATTRIBUTE = "PROBE_SET"


def installed() -> dict[str, ProbeSet]:
    """The plug-ins installed packages register under the entry point group."""
    found: dict[str, ProbeSet] = {}
    for entry in importlib.metadata.entry_points(group=GROUP):
        where = f"entry point {entry.name} ({entry.value})"
        try:
            loaded = entry.load()
        except Exception as err:  # the teacher's package: any failure is theirs, said in a line
            raise BadInput(f"{where}: cannot be loaded: {type(err).__name__}: {err}") from None
        found[entry.name] = _checked(loaded, where)
    return found


def from_paths(paths: tuple[Path, ...], config_file: Path) -> dict[str, ProbeSet]:
    """The plug-ins config.yaml's `plugins:` names (paths relative to the file)."""
    found: dict[str, ProbeSet] = {}
    for index, path in enumerate(paths):
        where = f"{config_file}: plugins[{index}]"
        for name, file in _modules(
            path if path.is_absolute() else config_file.parent / path, where
        ):
            module = _load(name, file, f"{where}: {file}")
            found[name] = _checked(getattr(module, ATTRIBUTE, None), f"{where}: {file}")
    return found


def _modules(path: Path, where: str) -> Iterator[tuple[str, Path]]:
    """(name, file) of each plug-in module a path holds."""
    if path.is_file() and path.suffix == ".py":
        yield path.stem, path
    elif (path / "__init__.py").is_file():
        yield path.name, path / "__init__.py"
    elif path.is_dir():
        yield from ((p.stem, p) for p in sorted(path.glob("*.py")) if not p.name.startswith("_"))
    else:
        raise BadInput(f"{where}: {path} is neither a .py file nor a folder")


def _load(name: str, file: Path, where: str) -> ModuleType:
    """Import the module (a package's `__init__.py` under its own name, so that its modules
    import each other as `package.module`)."""
    package = file.name == "__init__.py"
    locations = [str(file.parent)] if package else None
    name = name if package else f"sudoku_harness_plugin_{name}"
    spec = importlib.util.spec_from_file_location(name, file, submodule_search_locations=locations)
    if spec is None or spec.loader is None:
        raise BadInput(f"{where}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as err:  # the teacher's file: any failure is theirs, said in a line
        del sys.modules[name]
        raise BadInput(f"{where}: importing it failed: {type(err).__name__}: {err}") from None
    return module


def _checked(value: object, where: str) -> ProbeSet:
    if not isinstance(value, ProbeSet):
        got = type(value).__name__
        raise BadInput(f"{where}: {ATTRIBUTE} must be a ProbeSet (harness.kinds.probe_set), "
                       f"not {got}")  # fmt: skip
    return value


def merged(built_in: Mapping[str, ProbeSet], *found: Mapping[str, ProbeSet]) -> dict[str, ProbeSet]:
    """Every probe set by name; a plug-in may not take a built-in's name or another's."""
    every = dict(built_in)
    for more in found:
        for name, probe_set in more.items():
            if name in every and every[name] is not probe_set:
                raise BadInput(f"plug-in {name!r}: the name is taken (known: {', '.join(every)})")
            every[name] = probe_set
    return every
