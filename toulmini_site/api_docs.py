"""The API's reference as a page of ours: every operation of the OpenAPI schema, grouped by
tag, in the site's frame (its language switch, focus styles and contrast), readable with a
keyboard and a screen reader. Swagger UI stays one link away for trying calls; the schema
itself is at /api/schema/."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

METHODS = ("get", "post", "put", "patch", "delete")


def _ref_name(schema: dict[str, Any] | None) -> str:
    """A body's schema as a name: ``Chain``, ``array of Chain``, or its type."""
    if not schema:
        return ""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if schema.get("type") == "array":
        return f"array of {_ref_name(schema.get('items'))}"
    return str(schema.get("type", "object"))


def _body(content: dict[str, Any] | None) -> list[dict[str, str]]:
    return [
        {"media_type": media, "schema": _ref_name(spec.get("schema"))}
        for media, spec in (content or {}).items()
    ]


@lru_cache(maxsize=1)
def reference() -> list[dict[str, Any]]:
    """The operations by tag, read once per process from drf-spectacular's schema."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    groups: dict[str, list[dict[str, Any]]] = {}
    for path, operations in schema.get("paths", {}).items():
        for method in METHODS:
            op = operations.get(method)
            if op is None:
                continue
            # Grouped by the path's first part after /api/v1/ (chains, coach, classes...).
            parts = [part for part in path.split("/") if part]
            tag = parts[2] if len(parts) > 2 and not parts[2].startswith("{") else "auth"
            groups.setdefault(tag, []).append(
                {
                    "id": op.get("operationId", f"{method}-{path}"),
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "parameters": [
                        {
                            "name": p.get("name", ""),
                            "where": p.get("in", ""),
                            "required": p.get("required", False),
                            "description": p.get("description", ""),
                        }
                        for p in op.get("parameters", [])
                    ],
                    "request": _body((op.get("requestBody") or {}).get("content")),
                    "responses": [
                        {
                            "status": status,
                            "description": spec.get("description", ""),
                            "body": _body(spec.get("content")),
                        }
                        for status, spec in sorted(op.get("responses", {}).items())
                    ],
                }
            )
    return [{"tag": tag, "operations": ops} for tag, ops in sorted(groups.items())]


@require_safe
@login_required
def api_reference(request: HttpRequest) -> HttpResponse:
    return render(request, "api_reference.html", {"groups": reference()})
