"""config.yaml's keys, read from the JSON schema of its pydantic models (harness/config.py).

Every key's type, default and description come from the models, so the page and the validation
cannot disagree: a key added to a model appears here, and one without a description stops the
build. Only harness.config is read (and what it imports: limits, records, yamlfile, errors).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from docsite.markdown import cell, code, sentence, table
from harness.config import Config

Schema = dict[str, Any]
REF = "#/$defs/"


@dataclass(frozen=True)
class Section:
    """One model: where its keys sit in config.yaml, and its schema."""

    where: str  # "assignments.<name>.limits"; "" for the file itself
    name: str  # the model's name: the section's anchor
    schema: Schema

    @property
    def anchor(self) -> str:
        return self.name.lower()

    @property
    def title(self) -> str:
        return f"`{self.where}`" if self.where else "The file"


def sections(schema: Schema | None = None) -> tuple[Section, ...]:
    """Every model once, the file first, each before the models its keys hold."""
    top = schema or Config.model_json_schema()
    found: dict[str, Section] = {}

    def visit(where: str, name: str, model: Schema) -> None:
        if name in found:
            return
        found[name] = Section(where, name, model)
        for key, prop in model.get("properties", {}).items():
            for inner, suffix in _models(prop):
                place = f"{where}.{key}{suffix}" if where else f"{key}{suffix}"
                visit(place, inner, top["$defs"][inner])

    visit("", "Config", top)
    return tuple(found.values())


def _models(prop: Schema) -> Iterator[tuple[str, str]]:
    """The models a key holds, with what follows the key in their path (`.<name>` in a map)."""
    if "$ref" in prop:
        yield prop["$ref"].removeprefix(REF), ""
    for choice in prop.get("anyOf", []):
        yield from _models(choice)
    if isinstance(prop.get("additionalProperties"), dict):
        for name, suffix in _models(prop["additionalProperties"]):
            yield name, f".{_key_name(prop)}{suffix}"
    if isinstance(prop.get("items"), dict):
        for name, suffix in _models(prop["items"]):
            yield name, f"[]{suffix}"


def _key_name(prop: Schema) -> str:
    return "<rule>" if "enum" in prop.get("propertyNames", {}) else "<name>"


def render() -> str:
    """A section per model: what it is, then a row per key."""
    found = sections()
    anchors = {s.name: s for s in found}
    parts: list[str] = []
    for section in found:
        parts += [f"### {section.title} {{#{section.anchor}}}", ""]
        if section.schema.get("description"):
            parts += [" ".join(section.schema["description"].split()), ""]
        parts += [_table(section, anchors), ""]
    return "\n".join(parts)


def _table(section: Section, anchors: dict[str, Section]) -> str:
    required = set(section.schema.get("required", ()))
    rows = []
    for key, prop in section.schema["properties"].items():
        if not prop.get("description"):
            raise ValueError(f"config.yaml {section.where or 'top level'}.{key}: no description")
        rows.append(
            [
                code(key),
                _type(prop, anchors),
                "required" if key in required else _default(prop),
                cell(sentence(prop["description"])),
            ]
        )
    return table(["key", "type", "default", "description"], rows)


def _type(prop: Schema, anchors: dict[str, Section]) -> str:
    """The key's type in words, with its bounds; a model is a link to its section."""
    if "$ref" in prop:
        section = anchors[prop["$ref"].removeprefix(REF)]
        return f"[object](#{section.anchor})"  # its keys: the section of that name
    if "anyOf" in prop:
        choices = [c for c in prop["anyOf"] if c.get("type") != "null"]
        said = " or ".join(_type(c, anchors) for c in choices)
        return f"{said} or null" if len(choices) < len(prop["anyOf"]) else said
    if "enum" in prop:
        return " or ".join(code(json.dumps(v)) for v in prop["enum"])
    kind = prop.get("type")
    if kind == "array":
        return f"list of {_type(prop['items'], anchors)}" + _bounds(prop)
    if kind == "object":
        return _mapping(prop, anchors)
    words = {"string": "text", "number": "number", "integer": "integer", "boolean": "boolean"}
    formats = {"path": "path", "date-time": "date and time"}
    return formats.get(prop.get("format", ""), words.get(kind or "", "any")) + _bounds(prop)


def _mapping(prop: Schema, anchors: dict[str, Section]) -> str:
    values = prop.get("additionalProperties")
    of = _type(values, anchors) if isinstance(values, dict) else "any"
    keys = prop.get("propertyNames", {}).get("enum")
    named = " of " + ", ".join(code(k) for k in keys) if keys else ""
    return f"mapping{named} to {of}" + _bounds(prop)


def _bounds(prop: Schema) -> str:
    said = [
        f"{sign} {_number(prop[key])}"
        for key, sign in (
            ("minimum", "≥"),
            ("exclusiveMinimum", ">"),
            ("maximum", "≤"),
            ("exclusiveMaximum", "<"),
        )
        if key in prop
    ]
    for key in ("minItems", "minProperties", "minLength"):
        if prop.get(key):
            said.append(f"at least {prop[key]}")
    return f" ({', '.join(said)})" if said else ""


def _number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


def _default(prop: Schema) -> str:
    if "default" not in prop:  # a default_factory: an empty mapping or list
        return code("{}" if prop.get("type") == "object" else "[]")
    value = prop["default"]
    if isinstance(value, dict) and value and "$ref" in prop:
        return "each key's"  # a model: its keys' own defaults, in its section
    return code(json.dumps(value))
