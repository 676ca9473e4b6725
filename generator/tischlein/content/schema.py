"""JSON Schema validation of content files, with errors mapped back to file lines."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from .errors import Problems
from .yamlfile import field_name, line_of

_TYPE_WORDS = {
    "integer": "an integer", "string": "a string", "array": "a list", "object": "a mapping",
    "boolean": "true or false", "number": "a number", "null": "nothing",
}


# The schemas of tischlein's content format ship with the code, never with the content: a content folder cannot
# loosen them. A game's own game.yaml schema ships with its game package (tischlein.games).
SCHEMAS = Path(__file__).resolve().parent / "schema"


@lru_cache(maxsize=None)
def _registry() -> Registry:
    resources = []
    for file in sorted(SCHEMAS.glob("*.schema.json")):
        schema = json.loads(file.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
        resources.append((file.name, Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def _validator(schema: str | Path) -> Draft202012Validator:
    file = SCHEMAS / schema if isinstance(schema, str) else schema
    return Draft202012Validator(json.loads(file.read_text(encoding="utf-8")), registry=_registry())


def short(value: Any, limit: int = 80) -> str:
    """A value as it is written, cut short: an error message never spells out a whole (or expanded) document."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _describe(error) -> str:
    """Say what was expected and what was found, in words a translator understands."""
    kind = error.validator
    found = error.instance
    if kind == "oneOf" and error.context:
        # a text or plural forms: say what is wrong with the kind of value that was given
        same = [e for e in error.context if e.validator != "type"] if isinstance(found, dict) else []
        if same:
            return _describe(min(same, key=lambda e: len(e.absolute_path)))
        return "expected a text, or plural forms (count, one, other …)"
    if kind == "type":
        wanted = error.validator_value
        wanted = " or ".join(_TYPE_WORDS.get(w, w) for w in (wanted if isinstance(wanted, list) else [wanted]))
        return f"expected {wanted}, got {short(found)}"
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"missing required field '{missing}'"
    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(found) - set(allowed)) if isinstance(found, dict) else []
        return f"unknown field {', '.join(map(repr, extra))}; allowed: {', '.join(allowed)}"
    if kind == "pattern":
        return f"{short(found)} does not match the expected form ({error.schema.get('description') or error.validator_value})"
    if kind in ("enum", "const"):
        options = error.validator_value if kind == "enum" else [error.validator_value]
        return f"expected one of {', '.join(map(repr, options))}, got {short(found)}"
    if kind in ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems"):
        rest = error.message.rsplit(" is ", 1)[-1] if " is " in error.message else error.message
        return f"{short(found)}: {short(rest)}"
    return short(error.message, 160)


def validate(data: Any, schema: str | Path, path: str, problems: Problems) -> bool:
    """Validate `data` against a schema of the content format (by file name) or a game's schema (a path);
    record one problem per schema violation. True when valid."""
    validator = _validator(schema)
    ok = True
    for error in sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.validator)):
        ok = False
        where = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = set(error.schema.get("properties", {}))
            extras = [k for k in error.instance if k not in allowed]
            where = where + (extras[0],) if extras else where
        problems.error(path, line_of(data, where), field_name(tuple(error.absolute_path), data) or "(top)",
                       _describe(error))
    return ok
