"""The JSON schema a server is sent, and the words that ask for JSON when it takes none.

pydantic writes nested models as ``{"$ref": "#/$defs/Name"}`` with the definitions in
``$defs``; llama.cpp's server refuses such a schema (400) or, older, answers 200 ignoring it,
and other servers' grammar compilers handle references unevenly. Every schema is therefore
sent inlined: each reference replaced by its definition, no ``$defs`` left.

Pure functions, shared by the sync client and the async streaming client.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from pydantic import BaseModel

# A self-referencing model would inline forever; past this depth a reference becomes "any".
_MAX_DEPTH = 12


class SchemaError(ValueError):
    """A reference that points nowhere this schema defines."""


def inline_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every local ``$ref`` replaced by its definition and ``$defs`` removed.

    Keys written beside a reference (a field's ``description``, ``default``) are kept over the
    definition's own."""
    definitions = {
        **schema.get("definitions", {}),
        **schema.get("$defs", {}),
    }

    def resolve(node: Any, depth: int) -> Any:
        if isinstance(node, list):
            return [resolve(item, depth) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            ref = node["$ref"]
            name = ref.rsplit("/", 1)[-1]
            if not ref.startswith(("#/$defs/", "#/definitions/")) or name not in definitions:
                raise SchemaError(f"unresolvable reference {ref!r}")
            if depth >= _MAX_DEPTH:
                target: dict[str, Any] = {}
            else:
                target = resolve(definitions[name], depth + 1)
            extra = {k: resolve(v, depth) for k, v in node.items() if k != "$ref"}
            return {**target, **extra}
        return {
            key: resolve(value, depth)
            for key, value in node.items()
            if key not in ("$defs", "definitions")
        }

    return resolve(schema, 0)


def json_schema_for(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema, inlined (what every request sends): a copy the caller may
    change."""
    return copy.deepcopy(_inlined(model))


@functools.lru_cache(maxsize=64)
def _inlined(model: type[BaseModel]) -> dict[str, Any]:
    # Written once per model and process: pydantic builds the schema anew on each call
    # (1-2 ms of CPU, which every coach turn's request paid, 120 of them at once).
    return inline_schema(model.model_json_schema())


def response_format(model: type[BaseModel]) -> dict[str, Any]:
    """The ``response_format`` asking for ``model``'s schema. Not strict: OpenAI's strict mode
    wants every field required and no extra keywords, which our schemas do not promise; the
    answer is validated here whatever the server did."""
    return {
        "type": "json_schema",
        "json_schema": {
            "name": model.__name__[:64],
            "schema": json_schema_for(model),
            "strict": False,
        },
    }


SCHEMA_BEGIN = "BEGIN JSON SCHEMA"
SCHEMA_END = "END JSON SCHEMA"


def schema_instructions(model: type[BaseModel]) -> str:
    """A system message asking for ``model``'s JSON in words, for a server that takes no
    ``response_format`` (or ignored it)."""
    return (
        "Answer with exactly one JSON object and nothing else: no prose, no Markdown fence, "
        f"no reasoning. It must match this JSON schema (named {model.__name__}):\n"
        f"{SCHEMA_BEGIN}\n{json.dumps(json_schema_for(model), ensure_ascii=False)}\n{SCHEMA_END}"
    )
