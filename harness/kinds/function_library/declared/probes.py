"""A declared item's probes: the handout's own examples (`examples:`), then the calls its role
makes from the suites' cases, each with the answer its role (or the YAML) says is right."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace

from harness.kinds.function_library.declared.calls import UNSET, At, Spec, arguments, call_text
from harness.kinds.function_library.declared.objects import DRIVER, object_call
from harness.kinds.function_library.declared.role_base import Role
from harness.kinds.function_library.declared.roles import ROLES, file_text
from harness.kinds.function_library.declared.samples import Named
from harness.puzzles.suites import Case
from harness.records.probes import Probe
from harness.vocabulary import Example


def item_probes(spec: Spec, cases: Sequence[Case]) -> list[Probe]:
    """Every probe of the item; ValueError says what the suites or the YAML lack."""
    role = ROLES[spec.config.role or "reference"]
    found = [_example(spec, example, k) for k, example in enumerate(spec.config.examples, 1)]
    found += role.situations(spec, cases)
    return [_probe(spec, role, at) for at in found]


def _probe(spec: Spec, role: Role, at: At) -> Probe:
    at = _with_file(spec, at)
    if spec.config.object is not None:
        args, call, files = object_call(spec, at)
        driver = DRIVER
    else:
        args, shown = arguments(spec, at)
        call, driver = call_text(spec, shown, role.suffix(at)), role.driver
        files = (at.file,) if at.file is not None else ()
    return Probe(
        spec.item,
        role.ident(spec, at),
        call,
        args,
        role.expect(spec, at),
        at.hidden,
        driver=driver,
        files=files,
        defaults=spec.config.defaults,
        group=at.group,
    )


def _example(spec: Spec, example: Example, number: int) -> At:
    """A call the handout shows, read from the course's form into the model's."""
    label = example.label or f"handout example {number}"
    if len(example.args) != len(spec.arguments):
        raise ValueError(
            f"examples[{number - 1}].args: {len(example.args)} arguments, but args: names "
            f"{len(spec.arguments)} ({', '.join(spec.kinds)})"
        )
    fields: dict[str, object] = {"label": label}
    for kind, value in zip(spec.kinds, example.args, strict=True):
        fields.update(_read(spec, kind, value, label, number))
    if "row" in fields or "column" in fields:
        fields["cell"] = (fields.pop("row", 0), fields.pop("column", 0))
    answer = example.answer if example.answered else UNSET
    return At(answer=answer, **fields)  # type: ignore[arg-type]


def _read(spec: Spec, kind: str, value: object, label: str, number: int) -> dict[str, object]:
    course, base = spec.course, spec.course.base
    where = f"examples[{number - 1}]: the {kind}"
    if kind == "grid":
        cells = len(value) if isinstance(value, (list, str, dict)) else 0
        rows = course.conventions.representation == "rows"
        grid = course.read_grid(value, cells if rows else math.isqrt(cells))
        if isinstance(grid, str):
            raise ValueError(f"{where} {value!r} is not a grid here: {grid}")
        return {"grid": Named(label, grid)}
    if kind == "position" and isinstance(value, list) and len(value) == 2:
        return {"cell": (int(value[0]) - base, int(value[1]) - base)}
    if kind in ("row", "column", "index") and type(value) is int:
        return {kind: value - base}
    if kind == "value":
        read = course.read_value(value)
        if read is None:
            raise ValueError(f"{where} {value!r} is no value here")
        return {"value": read}
    if kind == "values" and isinstance(value, list):
        read_all = [course.read_value(v) for v in value]
        if any(v is None for v in read_all):
            raise ValueError(f"{where} {value!r} holds something that is no value here")
        return {"values": tuple(v or 0 for v in read_all)}
    raise ValueError(f"{where} {value!r} cannot be read as a {kind}")


def _with_file(spec: Spec, at: At) -> At:
    """Where a call is given a file (`args: [file]`), its grid written in the course's format,
    in the working copy's `puzzles/` folder."""
    if "file" not in spec.arguments or at.file is not None or at.grid is None:
        return at
    fmt = spec.config.file
    newline = "\r\n" if fmt.newline == "crlf" else "\n"
    text = file_text(spec, at.grid.grid, newline, newline if fmt.final_newline else "")
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", at.grid.label.split("/")[-1]).strip("-")
    return replace(at, file=(f"puzzles/{name or 'puzzle'}.txt", text))
