"""The command line, read from the typer app's declarations (harness/cli/app.py).

Each command's help, arguments and options (names, type, default, help text and panel) are the
ones `--help` prints: the page is rendered from the same `typer.Option` declarations. Nothing is
run: the commands' functions are read with typer's own `get_params_from_function`, never called.
Importing the app imports the modules the commands use, as `sudoku-harness --help` does; none of
them does anything when imported.
"""

from __future__ import annotations

import enum
import inspect
import re
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from rich.text import Text
from typer.models import ArgumentInfo, DefaultPlaceholder, OptionInfo, ParameterInfo
from typer.utils import get_params_from_function

from docsite.markdown import cell, code, table

PROGRAM = "sudoku-harness"
NO_PANEL = "options"  # where an option without a panel is listed (typer's "Options")
BOLD = re.compile(r"\[bold\](.*?)\[/bold\]")  # the examples in the commands' help


@dataclass(frozen=True)
class Param:
    names: tuple[str, ...]  # ("--assignment", "-a"), ("--color", "--no-color"), ("PATH",)
    argument: bool
    kind: str  # in words: "path", "integer (≥ 1)", "flag", "`local` or `dask`"
    default: str  # as a reader needs it; "" for none, "required"
    help: str  # plain text, rich markup read
    panel: str


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]  # ("suites", "generate")
    help: str
    params: tuple[Param, ...]

    @property
    def name(self) -> str:
        return " ".join((PROGRAM, *self.path))

    @property
    def anchor(self) -> str:
        return "-".join(self.path) or PROGRAM

    @property
    def usage(self) -> str:
        arguments = [p.names[0] for p in self.params if p.argument]
        options = " [OPTIONS]" if any(not p.argument for p in self.params) else ""
        return " ".join([self.name + options, *arguments])


def commands(app: typer.Typer, path: tuple[str, ...] = ()) -> Iterator[Command]:
    """The app (its own options) and every command under it, groups included, as declared."""
    callback = app.registered_callback.callback if app.registered_callback else None
    params = _params(callback) if callback else ()
    yield Command(path, _help(_given(app.info.help), callback), params)
    for info in app.registered_commands:
        if info.callback is None or info.hidden:
            continue
        name = info.name or info.callback.__name__.lower().replace("_", "-")
        yield Command((*path, name), _help(info.help, info.callback), _params(info.callback))
    for group in app.registered_groups:
        if group.typer_instance is not None and group.name:
            yield from commands(group.typer_instance, (*path, group.name))


def _given(value: Any) -> Any:
    return value.value if isinstance(value, DefaultPlaceholder) else value


def _help(declared: str | None, callback: Callable[..., Any] | None) -> str:
    text = declared or (inspect.getdoc(callback) if callback else "") or ""
    return _plain(BOLD.sub(r"`\1`", text))


def _plain(text: str) -> str:
    """Rich markup read as `--help` reads it: `\\[dask]` is `[dask]`."""
    return Text.from_markup(text).plain


def _params(callback: Callable[..., Any]) -> tuple[Param, ...]:
    return tuple(_param(name, meta.default, meta.annotation) for name, meta in _declared(callback))


def _declared(callback: Callable[..., Any]) -> Iterator[tuple[str, Any]]:
    yield from get_params_from_function(callback).items()


def _param(name: str, declared: Any, annotation: Any) -> Param:
    info: ParameterInfo = declared if isinstance(declared, ParameterInfo) else OptionInfo()
    default = declared.default if isinstance(declared, ParameterInfo) else declared
    argument = isinstance(info, ArgumentInfo)
    names = _names(name, info, annotation, argument)
    return Param(
        names,
        argument,
        _kind(annotation, info),
        _default(default, info, annotation),
        _plain(info.help or ""),
        info.rich_help_panel or ("" if argument else NO_PANEL),
    )


def _names(name: str, info: ParameterInfo, annotation: Any, argument: bool) -> tuple[str, ...]:
    if argument:
        return (name.upper() + ("..." if _many(annotation) else ""),)
    declared = getattr(info, "param_decls", None) or ()
    if not declared:
        flag = _bare(annotation) is bool
        long = "--" + name.replace("_", "-")
        declared = (f"{long}/--no-{long[2:]}",) if flag else (long,)
    return tuple(part for decl in declared for part in decl.split("/"))


def _bare(annotation: Any) -> Any:
    """The type without `Optional` (and a list's item type)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(annotation) if a is not type(None)]
        annotation = inner[0] if len(inner) == 1 else annotation
    if typing.get_origin(annotation) is list:
        return typing.get_args(annotation)[0]
    return annotation


def _many(annotation: Any) -> bool:
    inner = [a for a in typing.get_args(annotation) if a is not type(None)] or [annotation]
    return any(typing.get_origin(a) is list for a in (annotation, *inner))


def _kind(annotation: Any, info: ParameterInfo) -> str:
    bare = _bare(annotation)
    if typing.get_origin(bare) is typing.Literal:
        return " or ".join(code(str(a)) for a in typing.get_args(bare))
    if isinstance(bare, type) and issubclass(bare, enum.Enum):
        return " or ".join(code(str(m.value)) for m in bare)
    words = {Path: "path", str: "text", int: "integer", float: "number", bool: "flag"}
    said = words.get(bare, getattr(bare, "__name__", str(bare)))
    limits = (("≥", info.min), ("≤", info.max))
    bounds = [f"{sign} {value}" for sign, value in limits if value is not None]
    return said + (f" ({', '.join(bounds)})" if bounds else "")


def _default(default: Any, info: ParameterInfo, annotation: Any) -> str:
    if isinstance(info.show_default, str):
        return info.show_default
    if default is ... or default is inspect.Parameter.empty:
        return "required"
    if default is None or info.show_default is False:
        return ""
    if _bare(annotation) is bool:
        return "on" if default else "off"
    if isinstance(default, enum.Enum):
        return code(str(default.value))
    return code(str(default))


def render(app: typer.Typer) -> str:
    """A section per command: what it does, its usage, then its arguments and options by panel."""
    parts: list[str] = []
    for command in commands(app):
        parts += [f"### `{command.name}` {{#{command.anchor}}}", ""]
        parts += [_paragraphs(command.help), "", "```text", command.usage, "```", ""]
        parts += _params_tables(command.params)
    return "\n".join(parts)


def _paragraphs(text: str) -> str:
    """The help's paragraphs, each one line of Markdown."""
    return "\n\n".join(cell(" ".join(p.split())) for p in text.split("\n\n") if p.strip())


def _params_tables(params: tuple[Param, ...]) -> list[str]:
    parts: list[str] = []
    arguments = [p for p in params if p.argument]
    if arguments:
        rows = [[code(p.names[0]), p.kind, p.default, cell(p.help)] for p in arguments]
        parts += ["**arguments**", "", table(["argument", "type", "", "description"], rows), ""]
    panels = dict.fromkeys(p.panel for p in params if not p.argument)
    for panel in panels:
        rows = [
            [" ".join(code(n) for n in p.names), p.kind, p.default, cell(p.help)]
            for p in params
            if not p.argument and p.panel == panel
        ]
        headers = ["option", "type", "default", "description"]
        parts += [f"**{panel}**", "", table(headers, rows), ""]
    return parts
