"""A call on one of the student's objects, as the object driver (harness/sandbox/child/
object_driver.py) is asked to make it: which class, how the object is made from the call's grid
(its constructor, a class method or a loader), the paths to its cells, each cell's domain the
driver writes before the call (a state of a search), the method or function called with which
arguments, and what is read back. Everything is plain data; the driver walks the paths with
getattr, [] and (), never eval.
"""

from __future__ import annotations

import re
from typing import Any

from harness import paths
from harness.kinds.function_library.declared.calls import At, Spec, arguments
from harness.puzzles import domains as model
from harness.vocabulary import Given

DRIVER = "object.call"
READS_BY_ROLE = {  # what each role reads back (the reference role: `reads:`, else the return)
    "forward-check": ("return", "domains", "changed"),
    "ac3": ("return", "domains"),
    "naked-singles": ("return", "domains"),
    "hidden-singles": ("return", "domains"),
    "search": ("return", "changed"),
}


def object_call(spec: Spec, at: At) -> tuple[tuple[Any, ...], str, tuple[tuple[str, str], ...]]:
    """The driver's one argument (the request), the call as the feedback shows it, and the
    files the call reads (a loader's puzzle file)."""
    assert at.grid is not None
    config, course, shape = spec.config, spec.course, spec.object
    state = at.state if at.state is not None else model.constructed(at.grid.grid)
    values, shown = arguments(_without_object(spec), at)
    object_at = list(spec.arguments).index("object") if "object" in spec.arguments else -1
    make, files = _make(spec, at, state)
    steps = shape.steps()
    request = {
        "classes": list(shape.names(config.object or "")),
        "make": make,
        "paths": {k: [list(s) for s in v] if v else None for k, v in steps.items()},
        "domains": [[sorted(course.value(v) for v in d) for d in row] for row in state.domains],
        "args": list(values),
        "object_at": object_at,
        "reads": list(config.reads or READS_BY_ROLE.get(config.role or "", ("return",))),
        "attribute": [list(s) for s in _attribute(spec)],
    }
    made = f"{config.object}(<{at.grid.label}>)"
    if config.method:
        call = f"{made}.{spec.function}({', '.join(shown)})"
    else:
        listed = shown[:]
        listed.insert(object_at if object_at >= 0 else len(listed), made)
        call = f"{spec.function}({', '.join(listed)})"
    return (request,), call, files


def _without_object(spec: Spec) -> Spec:
    """The spec whose `args:` leave the object out (the driver puts it in its place)."""
    kept = tuple(a for a in spec.arguments if a != "object")
    config = spec.config.model_copy(update={"args": kept})
    return Spec(spec.item, config, spec.course, spec.objects)


def _attribute(spec: Spec) -> tuple[paths.Step, ...]:
    text = spec.config.attribute
    return paths.parse(text) if text else ()


def _make(
    spec: Spec, at: At, state: model.State
) -> tuple[dict[str, Any], tuple[tuple[str, str], ...]]:
    maker, course = spec.object.make, spec.course
    args: list[Any] = []
    files: list[tuple[str, str]] = []
    for kind in maker.args:
        if isinstance(kind, Given):
            args.append(kind.given)
        elif kind == "grid":
            args.append(course.grid(state.values))
        else:
            path = f"puzzles/{_slug(at)}.txt"
            fmt = maker.file
            newline = "\r\n" if fmt.newline == "crlf" else "\n"
            rows = [fmt.separator.join(str(course.value(v)) for v in row) for row in state.values]
            files.append((path, newline.join(rows) + (newline if fmt.final_newline else "")))
            args.append(path)
    make = {"function": maker.function or "", "method": maker.method or "", "args": args}
    return make, tuple(files)


def _slug(at: At) -> str:
    label = at.grid.label if at.grid is not None else "puzzle"
    return re.sub(r"[^A-Za-z0-9_-]+", "-", label).strip("-") or "puzzle"
